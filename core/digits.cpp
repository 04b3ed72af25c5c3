#include "core/digits.hpp"

#include <bit>
#include <stdexcept>

#include "core/errors.hpp"

namespace netsched {

Digits::Digits(std::vector<std::uint32_t> radix) : MixedRadix(std::move(radix)) {
  if (total() > (std::uint64_t{1} << 32))
    throw InputError("digit radices multiply to more than 2^32");
  std::size_t bit = 0;
  for (auto r : this->radix()) {
    if (bit % 64 != 0 && (r > 64 || bit % 64 + r > 64)) bit = (bit / 64 + 1) * 64;  // no straddling
    first_.push_back(bit);
    bit += r;
  }
  words_ = (bit + 63) / 64;
  span_off_.push_back(0);
  for (std::size_t i = 0; i < size(); ++i) {
    std::size_t lo = first_[i];
    const std::size_t hi = lo + this->radix()[i];
    while (lo < hi) {
      const std::size_t k = lo / 64, end = std::min(hi, (k + 1) * 64), bits = end - lo;
      spans_.push_back(
          {k, (bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1) << (lo % 64)});
      lo = end;
    }
    span_off_.push_back(spans_.size());
  }
}

namespace {

void fill_digit(const Digits& d, std::uint64_t* b, std::size_t i) {
  d.for_each_word(i, [&](std::size_t k, std::uint64_t m) { b[k] |= m; });
}

void clear_digit(const Digits& d, std::uint64_t* b, std::size_t i) {
  d.for_each_word(i, [&](std::size_t k, std::uint64_t m) { b[k] &= ~m; });
}

void allow(const Digits& d, std::uint64_t* b, std::size_t i, std::uint32_t v) {
  const std::size_t bit = d.first(i) + v;
  b[bit / 64] |= std::uint64_t{1} << (bit % 64);
}

void only(const Digits& d, std::uint64_t* b, std::size_t i, std::uint32_t lo, std::uint32_t hi) {
  clear_digit(d, b, i);
  for (std::uint32_t v = lo; v <= hi; ++v) allow(d, b, i, v);
}

// Boxes of the ids lo..hi inside the block of digits i.. (ids relative to the block), with
// digits < i already fixed in `box`.
void ranges_from(const Digits& d, std::size_t i, std::uint64_t lo, std::uint64_t hi, DigitBox box,
                 std::vector<DigitBox>& out) {
  if (i == d.size()) {
    out.push_back(std::move(box));
    return;
  }
  const std::uint64_t st = d.stride(i), r = d.radix()[i];
  if (lo == 0 && hi == r * st - 1) {
    out.push_back(std::move(box));
    return;
  }
  auto a = lo / st, b = hi / st;
  if (a == b) {
    only(d, box.w.data(), i, static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(a));
    ranges_from(d, i + 1, lo % st, hi % st, std::move(box), out);
    return;
  }
  if (lo % st != 0) {
    DigitBox left = box;
    only(d, left.w.data(), i, static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(a));
    ranges_from(d, i + 1, lo % st, st - 1, std::move(left), out);
    ++a;
  }
  DigitBox right;
  const bool tail = hi % st != st - 1;
  if (tail) {
    right = box;
    only(d, right.w.data(), i, static_cast<std::uint32_t>(b), static_cast<std::uint32_t>(b));
    --b;
  }
  if (a <= b) {
    DigitBox mid = box;
    only(d, mid.w.data(), i, static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b));
    out.push_back(std::move(mid));
  }
  if (tail) ranges_from(d, i + 1, 0, hi % st, std::move(right), out);
}

}  // namespace

DigitBox full_box(const Digits& d) {
  DigitBox b{std::vector<std::uint64_t>(d.words(), 0)};  // unused bits stay 0
  for (std::size_t i = 0; i < d.size(); ++i) fill_digit(d, b.w.data(), i);
  return b;
}

DigitBox point_box(const Digits& d, std::uint64_t v) {
  DigitBox b{std::vector<std::uint64_t>(d.words(), 0)};
  for (std::size_t i = 0; i < d.size(); ++i) allow(d, b.w.data(), i, d.digit(v, i));
  return b;
}

void set_digit(const Digits& d, DigitBox& b, std::size_t i,
               const std::vector<std::uint32_t>& values) {
  clear_digit(d, b.w.data(), i);
  for (auto v : values) {
    if (v >= d.radix()[i]) throw InputError("digit value out of range");
    allow(d, b.w.data(), i, v);
  }
}

bool allows(const Digits& d, const DigitBox& b, std::size_t i, std::uint32_t value) {
  const std::size_t bit = d.first(i) + value;
  return b.w[bit / 64] >> (bit % 64) & 1;
}

std::vector<std::uint32_t> digit_values(const Digits& d, const DigitBox& b, std::size_t i) {
  std::vector<std::uint32_t> out;
  for (std::uint32_t v = 0; v < d.radix()[i]; ++v)
    if (allows(d, b, i, v)) out.push_back(v);
  return out;
}

bool contains(const Digits& d, const std::uint64_t* b, std::uint64_t v) {
  if (v >= d.total()) return false;
  for (std::size_t i = 0; i < d.size(); ++i) {
    const std::size_t bit = d.first(i) + d.digit(v, i);
    if (!(b[bit / 64] >> (bit % 64) & 1)) return false;
  }
  return true;
}

bool contains(const Digits& d, const DigitBox& b, std::uint64_t v) {
  return contains(d, b.w.data(), v);
}

bool is_empty(const Digits& d, const std::uint64_t* b) {
  for (std::size_t i = 0; i < d.size(); ++i) {
    std::uint64_t any = 0;
    d.for_each_word(i, [&](std::size_t k, std::uint64_t m) { any |= b[k] & m; });
    if (!any) return true;
  }
  return false;
}

bool intersect(const Digits& d, const std::uint64_t* a, const std::uint64_t* b,
               std::uint64_t* out) {
  for (std::size_t k = 0; k < d.words(); ++k) out[k] = a[k] & b[k];
  return !is_empty(d, out);
}

// The box engines count ids in their innermost loop: on x86-64 a clone with the popcnt
// instruction is chosen at load time where the CPU has it (the default build calls libgcc).
#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target_clones("popcnt", "default")))
#endif
std::uint64_t
volume(const Digits& d, const std::uint64_t* b) {
  std::uint64_t v = 1;
  for (std::size_t i = 0; i < d.size(); ++i) {
    std::uint64_t c = 0;
    d.for_each_word(i, [&](std::size_t k, std::uint64_t m) {
      c += static_cast<std::uint64_t>(std::popcount(b[k] & m));
    });
    v *= c;
  }
  return v;
}

void subtract(const Digits& d, const DigitBox& a, const DigitBox& b, std::vector<DigitBox>& out) {
  DigitBox rest = a;  // a with the digits handled so far narrowed to b's
  {
    DigitBox both{std::vector<std::uint64_t>(d.words())};
    if (!intersect(d, a.w.data(), b.w.data(), both.w.data())) {
      out.push_back(a);
      return;
    }
  }
  for (std::size_t i = 0; i < d.size(); ++i) {
    DigitBox piece = rest;
    bool any = false;
    d.for_each_word(i, [&](std::size_t k, std::uint64_t m) {
      piece.w[k] = (rest.w[k] & ~m) | (rest.w[k] & ~b.w[k] & m);
      any = any || (piece.w[k] & m);
      rest.w[k] = (rest.w[k] & ~m) | (rest.w[k] & b.w[k] & m);
    });
    if (any) out.push_back(std::move(piece));
  }
}

void range_boxes(const Digits& d, std::uint64_t lo, std::uint64_t hi, std::vector<DigitBox>& out) {
  if (lo > hi || lo >= d.total()) return;
  hi = std::min(hi, d.total() - 1);
  ranges_from(d, 0, lo, hi, full_box(d), out);
}

void for_each_id(const Digits& d, const DigitBox& b, const std::function<void(std::uint64_t)>& fn) {
  if (is_empty(d, b.w.data())) return;
  std::vector<std::vector<std::uint32_t>> vals(d.size());
  for (std::size_t i = 0; i < d.size(); ++i) vals[i] = digit_values(d, b, i);
  std::vector<std::size_t> at(d.size(), 0);
  while (true) {
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < d.size(); ++i) v += vals[i][at[i]] * d.stride(i);
    fn(v);
    std::size_t i = d.size();
    while (i > 0 && ++at[i - 1] == vals[i - 1].size()) at[--i] = 0;
    if (i == 0) return;
  }
}

std::string to_string(const Digits& d, const DigitBox& b) {
  std::string s = "[";
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (i) s += ",";
    const auto v = digit_values(d, b, i);
    if (v.size() == d.radix()[i] && v.size() > 1)
      s += "*";
    else if (v.size() == 1)
      s += std::to_string(v[0]);
    else {
      s += "[";
      for (std::size_t k = 0; k < v.size(); ++k) s += (k ? "," : "") + std::to_string(v[k]);
      s += "]";
    }
  }
  return s + "]";
}

namespace {

/// The one digit in which a and b differ, or -1 if they are equal or differ in several.
int sole_difference(const Digits& d, const DigitBox& a, const DigitBox& b) {
  int which = -1;
  for (std::size_t i = 0; i < d.size(); ++i) {
    bool differs = false;
    d.for_each_word(i, [&](std::size_t k, std::uint64_t mask) {
      differs = differs || ((a.w[k] ^ b.w[k]) & mask) != 0;
    });
    if (!differs) continue;
    if (which >= 0) return -1;
    which = static_cast<int>(i);
  }
  return which;
}

}  // namespace

void merge_boxes(const Digits& d, std::vector<DigitBox>& boxes) {
  for (bool merged = true; merged;) {
    merged = false;
    for (std::size_t i = 0; i < boxes.size() && !merged; ++i)
      for (std::size_t j = i + 1; j < boxes.size() && !merged; ++j) {
        const int k = sole_difference(d, boxes[i], boxes[j]);
        if (k < 0 && boxes[i] != boxes[j]) continue;
        if (k >= 0)
          d.for_each_word(static_cast<std::size_t>(k), [&](std::size_t w, std::uint64_t mask) {
            boxes[i].w[w] |= boxes[j].w[w] & mask;
          });
        boxes.erase(boxes.begin() + static_cast<std::ptrdiff_t>(j));
        merged = true;
      }
  }
  std::sort(boxes.begin(), boxes.end(),
            [](const DigitBox& a, const DigitBox& b) { return a.w < b.w; });
}

}  // namespace netsched
