#include "core/digit_map.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace netsched {

DigitMap::DigitMap(Digits from, Digits to, std::vector<Rule> rules)
    : from_(std::move(from)), to_(std::move(to)), rules_(std::move(rules)) {
  if (rules_.size() != to_.size()) throw std::logic_error("digit map: one rule per target digit");
  std::vector<char> used(from_.size(), 0);
  for (std::size_t t = 0; t < rules_.size(); ++t) {
    const Rule& r = rules_[t];
    if (r.kind == Rule::Kind::Const && r.value >= to_.radix()[t])
      throw std::logic_error("digit map: constant out of range");
    if (r.kind != Rule::Kind::Copy) continue;
    if (r.src >= from_.size() || from_.radix()[r.src] != to_.radix()[t])
      throw std::logic_error("digit map: digit " + std::to_string(t) +
                             " copies a digit of another radix");
    if (used[r.src]++)
      throw std::logic_error("digit map: source digit " + std::to_string(r.src) +
                             " feeds two digits");
    if (!r.perm.empty()) {
      std::vector<std::uint32_t> sorted = r.perm;
      std::sort(sorted.begin(), sorted.end());
      for (std::uint32_t v = 0; v < sorted.size(); ++v)
        if (sorted[v] != v || sorted.size() != to_.radix()[t])
          throw std::logic_error("digit map: not a permutation");
    }
  }
}

DigitMap DigitMap::identity(const Digits& d) {
  std::vector<Rule> rules(d.size());
  for (std::size_t i = 0; i < d.size(); ++i) rules[i] = {Rule::Kind::Copy, 0, i, {}};
  return DigitMap(d, d, std::move(rules));
}

DigitMap DigitMap::probe(const Digits& from, const Digits& to,
                         const std::function<std::uint64_t(std::uint64_t)>& f) {
  const std::uint64_t base = f(0);
  std::vector<Rule> rules(to.size());
  for (std::size_t t = 0; t < to.size(); ++t) {
    rules[t] = {Rule::Kind::Const, to.digit(base, t), 0, {}};
    for (std::size_t i = 0; i < from.size(); ++i) {
      std::vector<std::uint32_t> perm(from.radix()[i]);
      bool moves = false;
      for (std::uint32_t v = 0; v < from.radix()[i]; ++v) {
        perm[v] = to.digit(f(v * from.stride(i)), t);
        moves = moves || perm[v] != perm[0];
      }
      if (!moves) continue;
      if (rules[t].kind == Rule::Kind::Copy)
        throw std::logic_error("digit map: a target digit depends on two digits");
      rules[t] = {Rule::Kind::Copy, 0, i, std::move(perm)};
    }
  }
  DigitMap m(from, to, std::move(rules));
  for (std::uint64_t v = 0; v < from.total(); ++v)
    if (m.map_point(v) != f(v)) throw std::logic_error("digit map: the function is not digit-wise");
  return m;
}

std::uint64_t DigitMap::map_point(std::uint64_t v) const {
  std::uint64_t out = 0;
  for (std::size_t t = 0; t < to_.size(); ++t) {
    const Rule& r = rules_[t];
    if (r.kind == Rule::Kind::Free) throw std::logic_error("digit map: a free digit has no point");
    std::uint32_t x = r.value;
    if (r.kind == Rule::Kind::Copy) {
      x = from_.digit(v, r.src);
      if (!r.perm.empty()) x = r.perm[x];
    }
    out += x * to_.stride(t);
  }
  return out;
}

DigitBox DigitMap::apply(const DigitBox& b) const {
  DigitBox out = full_box(to_);
  auto allow = [&](std::size_t t, std::uint32_t value) {
    const std::size_t bit = to_.first(t) + value;
    out.w[bit / 64] |= std::uint64_t{1} << (bit % 64);
  };
  for (std::size_t t = 0; t < to_.size(); ++t) {
    const Rule& r = rules_[t];
    if (r.kind == Rule::Kind::Free) continue;
    to_.for_each_word(t, [&](std::size_t k, std::uint64_t mask) { out.w[k] &= ~mask; });
    if (r.kind == Rule::Kind::Const) {
      allow(t, r.value);
      continue;
    }
    for (std::uint32_t v = 0; v < from_.radix()[r.src]; ++v)
      if (allows(from_, b, r.src, v)) allow(t, r.perm.empty() ? v : r.perm[v]);
  }
  return out;
}

DigitMap DigitMap::then(const DigitMap& next) const {
  if (!(next.from_ == to_)) throw std::logic_error("digit map: composing maps of different digits");
  std::vector<Rule> rules(next.to_.size());
  for (std::size_t t = 0; t < rules.size(); ++t) {
    const Rule& r = next.rules_[t];
    if (r.kind != Rule::Kind::Copy) {
      rules[t] = r;
      continue;
    }
    const Rule& mid = rules_[r.src];
    auto through = [&](std::uint32_t v) { return r.perm.empty() ? v : r.perm[v]; };
    if (mid.kind == Rule::Kind::Free) {
      rules[t] = {};  // a permutation of every value is every value
    } else if (mid.kind == Rule::Kind::Const) {
      rules[t] = {Rule::Kind::Const, through(mid.value), 0, {}};
    } else {
      std::vector<std::uint32_t> perm(from_.radix()[mid.src]);
      for (std::uint32_t v = 0; v < perm.size(); ++v)
        perm[v] = through(mid.perm.empty() ? v : mid.perm[v]);
      rules[t] = {Rule::Kind::Copy, 0, mid.src, std::move(perm)};
    }
  }
  return DigitMap(from_, next.to_, std::move(rules));
}

std::optional<SlicedDigitMap> SlicedDigitMap::probe(
    const Digits& d, const std::function<std::uint64_t(std::uint64_t)>& f) {
  std::vector<DigitMap> pieces;
  auto digitwise = [&](const std::function<std::uint64_t(std::uint64_t)>& g) {
    try {
      pieces.push_back(DigitMap::probe(d, d, g));
      return true;
    } catch (const std::logic_error&) {
      return false;
    }
  };
  if (!digitwise(f)) {
    pieces.clear();
    if (d.empty()) return std::nullopt;
    const std::uint64_t s0 = d.stride(0);
    for (std::uint32_t a = 0; a < d.radix()[0]; ++a) {
      const std::uint64_t base = a * s0;  // f on the slice, extended to every id through it
      if (!digitwise([&](std::uint64_t v) { return f(base + v % s0); })) return std::nullopt;
    }
  }
  SlicedDigitMap m(d, std::move(pieces));
  std::vector<bool> hit(d.total(), false);
  for (std::uint64_t v = 0; v < d.total(); ++v) {
    const std::uint64_t w = m.map_point(v);
    if (w >= d.total() || hit[w]) return std::nullopt;
    hit[w] = true;
  }
  return m;
}

void SlicedDigitMap::apply(const DigitBox& b, std::vector<DigitBox>& out) const {
  if (pieces_.size() == 1) {
    out.push_back(pieces_[0].apply(b));
    return;
  }
  for (const std::uint32_t a : digit_values(d_, b, 0)) {
    DigitBox slice = b;
    set_digit(d_, slice, 0, {a});
    out.push_back(pieces_[a].apply(slice));
  }
}

}  // namespace netsched
