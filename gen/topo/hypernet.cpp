#include "gen/topo/hypernet.hpp"

#include <bit>
#include <stdexcept>

#include "core/errors.hpp"
#include "gen/topo/args.hpp"

namespace netsched {
namespace {
/// Largest depth and level count a spec may ask for (the node cap binds long before).
constexpr std::uint64_t kMaxDepth = 8, kMaxLevels = 16, kMaxK = 27;
}  // namespace

Hypernet::Hypernet(std::uint32_t r, std::uint32_t l, std::uint32_t k) : r_(r), l_(l), k_(k) {
  bits_.push_back(k);
  for (std::uint32_t i = 1; i <= r; ++i) {
    if (bits_.back() <= i)
      throw InputError(
          "hypernet(" + std::to_string(r) + "," + std::to_string(l) + "," + std::to_string(k) +
          "): a depth-" + std::to_string(i) + " cluster address would have k_" +
          std::to_string(i - 1) + " - " + std::to_string(i) +
          " <= 0 bits (k must exceed the depth more as r grows; see docs/families.md)");
    const std::uint64_t next = bits_.back() + std::uint64_t{l - 1} * (bits_.back() - i);
    if (next >= std::bit_width(kMaxNodes))  // 2^next nodes, and 2^next would overflow soon
      throw InputError("hypernet has 2^" + std::to_string(next) + " nodes, over the limit " +
                       limit_text("kMaxNodes", kMaxNodes));
    bits_.push_back(static_cast<std::uint32_t>(next));
  }
}

std::uint32_t Hypernet::field(std::uint32_t u, std::uint32_t i, std::uint32_t j) const {
  return (u >> shift(i, j)) & ((1u << field_bits(i)) - 1);
}

std::uint32_t Hypernet::link_depth(std::uint32_t u) const {
  for (std::uint32_t i = 1; i <= r_; ++i)
    if ((u & ((1u << i) - 1)) == pattern(i)) return i;
  return 0;
}

std::uint32_t Hypernet::swap(std::uint32_t u, std::uint32_t i, std::uint32_t j) const {
  const std::uint32_t c = field_bits(i), mask = (1u << c) - 1;
  const std::uint32_t upper = (u >> i) & mask, x = field(u, i, j);
  if (upper == x) return u;
  u &= ~(mask << i) & ~(mask << shift(i, j));
  return u | x << i | upper << shift(i, j);
}

void Hypernet::neighbors(NodeId u, std::vector<NodeId>& out) const {
  out.clear();
  for (std::uint32_t b = 0; b < k_; ++b) out.emplace_back(u.v ^ (1u << b));
  if (const std::uint32_t i = link_depth(u.v))
    for (std::uint32_t j = 2; j <= l_; ++j)
      if (const std::uint32_t v = swap(u.v, i, j); v != u.v) out.emplace_back(v);
}

std::optional<std::uint32_t> Hypernet::edge_dimension(NodeId u, NodeId v) const {
  const std::uint32_t d = u.v ^ v.v;
  if (d != 0 && (d & (d - 1)) == 0 && d < (1u << k_))
    return static_cast<std::uint32_t>(std::countr_zero(d));
  if (const std::uint32_t i = link_depth(u.v))
    for (std::uint32_t j = 2; j <= l_; ++j)
      if (swap(u.v, i, j) == v.v && v.v != u.v) return k_ + j - 2;
  return std::nullopt;
}

std::vector<Permutation> Hypernet::automorphism_candidates() const {
  std::vector<Permutation> out;
  for (std::uint32_t p = r_; p < k_; ++p) {
    // C_0 = bit p; C_i = C_{i-1} with every field of depth i XORed by C_{i-1} >> i.
    std::uint32_t c = 1u << p;
    for (std::uint32_t i = 1; i <= r_; ++i) {
      const std::uint32_t part = (c >> i) & ((1u << field_bits(i)) - 1);
      for (std::uint32_t j = 2; j <= l_; ++j) c |= part << shift(i, j);
    }
    out.push_back([c](std::uint32_t u) { return u ^ c; });
  }
  return out;
}

std::string Hypernet::label(NodeId u) const {
  std::string s;
  auto bits = [&](std::uint32_t value, std::uint32_t width) {
    for (std::uint32_t b = width; b-- > 0;) s += (value >> b & 1u) ? '1' : '0';
  };
  for (std::uint32_t i = r_; i >= 1; --i)
    for (std::uint32_t j = l_; j >= 2; --j) {
      bits(field(u.v, i, j), field_bits(i));
      s += '.';
    }
  bits(u.v & ((1u << k_) - 1), k_);
  return s;
}

NodeId Hypernet::parse_label(std::string_view text) const {
  std::uint32_t v = 0, count = 0;
  for (char c : text) {
    if (c == '.') continue;
    if (c != '0' && c != '1')
      throw InputError("hypernet label '" + std::string(text) +
                       "': expected bits (fields may be separated by dots)");
    v = v << 1 | static_cast<std::uint32_t>(c - '0');
    ++count;
  }
  if (count != bits_.back())
    throw InputError("hypernet label '" + std::string(text) + "': expected " +
                     std::to_string(bits_.back()) + " bits");
  return NodeId(v);
}

std::unique_ptr<Hypernet> build_hypernet(const SpecValue& spec) {
  Args a(spec);
  a.expect_count(3, 3, "hypernet(r,l,k)");
  return std::make_unique<Hypernet>(static_cast<std::uint32_t>(a.integer(0, 1, kMaxDepth, "r")),
                                    static_cast<std::uint32_t>(a.integer(1, 2, kMaxLevels, "l")),
                                    static_cast<std::uint32_t>(a.integer(2, 2, kMaxK, "k")));
}

}  // namespace netsched
