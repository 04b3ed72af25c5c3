#pragma once
/// Node identifiers and the size limits every network obeys.
#include <bit>
#include <compare>
#include <cstdint>
#include <functional>
#include <limits>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace netsched {

/// Serial id of a node, 0..N-1. A distinct type so that ids never mix with counts or coordinates.
struct NodeId {
  std::uint32_t v = 0;
  constexpr NodeId() = default;
  constexpr explicit NodeId(std::uint32_t value) : v(value) {}
  constexpr auto operator<=>(const NodeId&) const = default;
};

inline std::ostream& operator<<(std::ostream& os, NodeId n) { return os << n.v; }

/// A walk through the network: consecutive nodes are linked.
using NodePath = std::vector<NodeId>;

/// The largest network netsched builds: ids must fit in 32 bits.
/// ceil(log2 n) (0 for n <= 1): the dimension of a hypercube with n nodes.
inline std::uint32_t ceil_log2(std::uint64_t n) {
  return n <= 1 ? 0u : static_cast<std::uint32_t>(std::bit_width(n - 1));
}

inline constexpr std::uint64_t kMaxNodes = std::numeric_limits<std::uint32_t>::max();

/// Decimal digits of the largest 64-bit number: a longer number is out of range before parsing.
inline constexpr std::size_t kMaxDecimalDigits = 19;

/// a*b, throwing std::invalid_argument naming `what` when the product exceeds 64 bits.
inline std::uint64_t checked_mul(std::uint64_t a, std::uint64_t b, const std::string& what) {
  unsigned __int128 p = static_cast<unsigned __int128>(a) * b;
  if (p > std::numeric_limits<std::uint64_t>::max())
    throw std::invalid_argument(what + " overflows 64 bits");
  return static_cast<std::uint64_t>(p);
}

/// Throws std::invalid_argument when a node count exceeds kMaxNodes.
inline void check_node_cap(std::uint64_t n, const std::string& what) {
  if (n > kMaxNodes)
    throw std::invalid_argument(what + " has " + std::to_string(n) +
                                " nodes, over the cap of 4294967295 (2^32-1)");
}

}  // namespace netsched

template <>
struct std::hash<netsched::NodeId> {
  std::size_t operator()(netsched::NodeId n) const noexcept { return n.v; }
};
