#include <catch2/catch.hpp>
#include <random>
#include <set>

#include "core/digit_map.hpp"
#include "core/digits.hpp"
#include "core/errors.hpp"

using namespace netsched;

namespace {

std::set<std::uint64_t> ids(const Digits& d, const DigitBox& b) {
  std::set<std::uint64_t> out;
  for_each_id(d, b, [&](std::uint64_t v) { out.insert(v); });
  return out;
}

}  // namespace

TEST_CASE("digits: strides, packing and points") {
  const Digits d({2, 3, 5});  // id = a*15 + b*5 + c
  CHECK(d.total() == 30);
  CHECK(d.stride(0) == 15);
  CHECK(d.digit(29, 0) == 1);
  CHECK(d.digit(29, 1) == 2);
  CHECK(d.digit(29, 2) == 4);
  CHECK(d.words() == 1);  // 2 + 3 + 5 bits
  // a digit never straddles two words; one above 64 values starts a word of its own
  const Digits wide({60, 10, 100});
  CHECK(wide.first(1) == 64);
  CHECK(wide.first(2) == 128);
  CHECK(wide.words() == 4);
  for (std::uint64_t v : {0u, 7u, 599u, 59999u}) {
    CHECK(contains(wide, point_box(wide, v), v));
    CHECK(ids(wide, point_box(wide, v)) == std::set<std::uint64_t>{v});
  }
  CHECK(volume(wide, full_box(wide).w.data()) == 60000);
  CHECK_THROWS_AS(Digits({0, 2}), InputError);
}

TEST_CASE("digits: a range splits into disjoint boxes covering exactly it") {
  std::mt19937_64 rng(7);
  for (const Digits& d : {Digits({2, 3, 5}), Digits({4, 1, 7, 3}), Digits({70, 3}), Digits({30})}) {
    for (int trial = 0; trial < 60; ++trial) {
      std::uint64_t lo = rng() % d.total(), hi = rng() % d.total();
      if (lo > hi) std::swap(lo, hi);
      std::vector<DigitBox> boxes;
      range_boxes(d, lo, hi, boxes);
      std::uint64_t total = 0;
      std::set<std::uint64_t> got;
      for (const auto& b : boxes) {
        total += volume(d, b.w.data());
        const auto s = ids(d, b);
        got.insert(s.begin(), s.end());
      }
      INFO(lo << ".." << hi);
      CHECK(total == hi - lo + 1);  // disjoint
      CHECK(got.size() == hi - lo + 1);
      CHECK(*got.begin() == lo);
      CHECK(*got.rbegin() == hi);
    }
  }
}

TEST_CASE("digits: subtraction leaves disjoint pieces of exactly the difference") {
  const Digits d({3, 4, 5});
  std::mt19937_64 rng(3);
  auto random_box = [&] {
    DigitBox b = full_box(d);
    for (std::size_t i = 0; i < d.size(); ++i) {
      std::vector<std::uint32_t> v;
      for (std::uint32_t x = 0; x < d.radix()[i]; ++x)
        if (rng() % 2) v.push_back(x);
      if (v.empty()) v.push_back(0);
      set_digit(d, b, i, v);
    }
    return b;
  };
  for (int trial = 0; trial < 100; ++trial) {
    const DigitBox a = random_box(), b = random_box();
    std::vector<DigitBox> pieces;
    subtract(d, a, b, pieces);
    std::set<std::uint64_t> want, got;
    std::uint64_t total = 0;
    for (auto v : ids(d, a))
      if (!contains(d, b, v)) want.insert(v);
    for (const auto& p : pieces) {
      total += volume(d, p.w.data());
      const auto s = ids(d, p);
      got.insert(s.begin(), s.end());
    }
    CHECK(got == want);
    CHECK(total == want.size());
    DigitBox both{std::vector<std::uint64_t>(d.words())};
    CHECK(intersect(d, a.w.data(), b.w.data(), both.w.data()) == (ids(d, a).size() != want.size()));
  }
  CHECK(to_string(d, point_box(d, 59)) == "[2,3,4]");
}

TEST_CASE(
    "digit maps: probing a digit permutation, composing, and refusing what is not digit-wise") {
  const Digits from({2, 3}), to({3, 2, 2});
  // (a, b) -> (b, 1 - a, 1): digits copied, one flipped, one constant
  auto f = [](std::uint64_t v) { return (v % 3) * 4 + (1 - v / 3) * 2 + 1; };
  const DigitMap m = DigitMap::probe(from, to, f);
  for (std::uint64_t v = 0; v < 6; ++v) CHECK(m.apply_point(v) == point_box(to, f(v)));
  DigitBox some = full_box(from);
  set_digit(from, some, 1, {0, 2});
  CHECK(ids(to, m.apply(some)) == std::set<std::uint64_t>{f(0), f(2), f(3), f(5)});
  // composing with a map that frees the last digit and copies the others
  std::vector<DigitMap::Rule> rules(3);
  rules[0] = {DigitMap::Rule::Kind::Copy, 0, 0, {}};
  rules[1] = {DigitMap::Rule::Kind::Copy, 0, 1, {1, 0}};
  const DigitMap g(to, to, rules);
  const DigitMap mg = m.then(g);
  for (std::uint64_t v = 0; v < 6; ++v) CHECK(mg.apply_point(v) == g.apply(m.apply_point(v)));
  // v -> v*v mod 6 is not digit-wise
  CHECK_THROWS_AS(DigitMap::probe(from, Digits({6}), [](std::uint64_t v) { return v * v % 6; }),
                  std::logic_error);
  // a source digit feeding two target digits makes images supersets: refused
  std::vector<DigitMap::Rule> twice(2, {DigitMap::Rule::Kind::Copy, 0, 0, {}});
  CHECK_THROWS_AS(DigitMap(Digits({2}), Digits({2, 2}), twice), std::logic_error);
}

TEST_CASE("sliced digit maps: a map that acts per class is sliced by digit 0, boxes split") {
  const Digits d({2, 3, 3});
  auto f = [&](std::uint64_t v) {  // class 0 shifts digit 1, class 1 shifts digit 2
    const std::uint64_t c = d.digit(v, 0), a = d.digit(v, 1), b = d.digit(v, 2);
    return c == 0 ? c * 9 + (a + 1) % 3 * 3 + b : c * 9 + a * 3 + (b + 1) % 3;
  };
  const auto m = SlicedDigitMap::probe(d, f);
  REQUIRE(m);
  CHECK(m->sliced());
  for (std::uint64_t v = 0; v < d.total(); ++v) CHECK(m->map_point(v) == f(v));
  DigitBox b = full_box(d);
  set_digit(d, b, 1, {0});
  set_digit(d, b, 2, {0});
  std::vector<DigitBox> img;
  m->apply(b, img);
  REQUIRE(img.size() == 2);  // (0,1,0) and (1,0,1)
  CHECK(to_string(d, img[0]) == "[0,1,0]");
  CHECK(to_string(d, img[1]) == "[1,0,1]");
  // the digit-wise case is one piece; constant and non-bijective maps are refused
  const auto plain = SlicedDigitMap::probe(d, [](std::uint64_t v) { return v; });
  REQUIRE(plain);
  CHECK_FALSE(plain->sliced());
  CHECK_FALSE(SlicedDigitMap::probe(d, [](std::uint64_t) { return std::uint64_t{0}; }));
  CHECK_FALSE(SlicedDigitMap::probe(d, [&](std::uint64_t v) { return (v + 1) % d.total(); }));
}

TEST_CASE("merge_boxes: boxes that differ in one digit become one, equal unions compare equal") {
  const Digits d({2, 3});
  auto box = [&](std::vector<std::uint32_t> a, std::vector<std::uint32_t> b) {
    DigitBox x = full_box(d);
    set_digit(d, x, 0, a);
    set_digit(d, x, 1, b);
    return x;
  };
  std::vector<DigitBox> one = {box({1}, {0, 2}), box({0}, {0, 2})}, two = {box({0, 1}, {0, 2})};
  merge_boxes(d, one);
  merge_boxes(d, two);
  CHECK(one == two);
  std::vector<DigitBox> apart = {box({1}, {0}), box({0}, {1})};  // differ in both digits
  merge_boxes(d, apart);
  CHECK(apart.size() == 2);
}
