#include "gen/topo/dualcube.hpp"

#include <bit>
#include <cmath>

#include "core/errors.hpp"
#include "gen/topo/args.hpp"

namespace netsched {

Dualcube::Dualcube(std::uint32_t r) : r_(r), bits_(2 * r - 1) {
  check_node_cap(1ull << bits_, "dualcube");
}

std::uint32_t Dualcube::dimension_bit(std::uint32_t u, std::uint32_t i) const {
  if (i == r_ - 1) return bits_ - 1;
  return class_of(u) == 0 ? i : i + (r_ - 1);
}

void Dualcube::neighbors(NodeId u, std::vector<NodeId>& out) const {
  out.clear();
  for (std::uint32_t i = 0; i < r_; ++i) out.emplace_back(u.v ^ (1u << dimension_bit(u.v, i)));
}

std::optional<std::uint32_t> Dualcube::edge_dimension(NodeId u, NodeId v) const {
  if (!adjacent(u, v)) return std::nullopt;
  return static_cast<std::uint32_t>(std::countr_zero(u.v ^ v.v));
}

std::string Dualcube::label(NodeId u) const {
  std::string s(bits_, '0');
  for (std::uint32_t b = 0; b < bits_; ++b)
    if (u.v >> b & 1u) s[bits_ - 1 - b] = '1';
  return "0b" + s;
}

NodeId Dualcube::parse_label(std::string_view text) const {
  if (text.substr(0, 2) == "0b") text.remove_prefix(2);
  if (text.size() != bits_)
    throw InputError("dualcube label '" + std::string(text) + "': expected " +
                     std::to_string(bits_) + " bits");
  std::uint32_t v = 0;
  for (char c : text) {
    if (c != '0' && c != '1')
      throw InputError("dualcube label '" + std::string(text) + "': not a bit string");
    v = v << 1 | static_cast<std::uint32_t>(c - '0');
  }
  return NodeId(v);
}

std::unique_ptr<Dualcube> build_dualcube(const SpecValue& spec) {
  Args a(spec);
  a.expect_count(1, 1, "dualcube(r)");
  return std::make_unique<Dualcube>(static_cast<std::uint32_t>(a.integer(0, 1, 16, "r")));
}

}  // namespace netsched
