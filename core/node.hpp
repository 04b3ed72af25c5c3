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

#include "core/errors.hpp"

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

/// ceil(log2 n) (0 for n <= 1): the dimension of a hypercube with n nodes.
inline std::uint32_t ceil_log2(std::uint64_t n) {
  return n <= 1 ? 0u : static_cast<std::uint32_t>(std::bit_width(n - 1));
}

/// The largest network netsched builds or reads (2^28 nodes): ids fit in 32 bits, and one
/// pass over every node, or a CSR snapshot of a sparse network, stays within seconds and a few
/// GB. The papers' largest instance has 6,480,000 nodes. Checked before any work starts.
inline constexpr std::uint64_t kMaxNodes = std::uint64_t{1} << 28;
/// The most links a network may have (2^31, counted as N * max degree / 2 before construction):
/// a CSR snapshot then needs at most 16 GB, and any per-link pass finishes in minutes.
inline constexpr std::uint64_t kMaxEdges = std::uint64_t{1} << 31;

/// Decimal digits of the largest 64-bit number: a longer number is out of range before parsing.
inline constexpr std::size_t kMaxDecimalDigits = 19;

/// a*b, throwing InputError naming `what` when the product exceeds 64 bits.
inline std::uint64_t checked_mul(std::uint64_t a, std::uint64_t b, const std::string& what) {
  unsigned __int128 p = static_cast<unsigned __int128>(a) * b;
  if (p > std::numeric_limits<std::uint64_t>::max()) throw InputError(what + " overflows 64 bits");
  return static_cast<std::uint64_t>(p);
}

/// Throws InputError when a node count exceeds kMaxNodes.
inline void check_node_cap(std::uint64_t n, const std::string& what) {
  if (n > kMaxNodes)
    throw InputError(what + " has " + std::to_string(n) + " nodes, over the limit " +
                     limit_text("kMaxNodes", kMaxNodes));
}

/// Throws InputError when a network may have more than kMaxEdges links (`bound`: its
/// Network::link_bound, N * max degree / 2 unless the family counts better).
inline void check_edge_cap(std::uint64_t bound, const std::string& what) {
  if (bound > kMaxEdges)
    throw InputError(what + " may have up to " +
                     (bound == std::numeric_limits<std::uint64_t>::max()
                          ? std::string("more than 2^64")
                          : std::to_string(bound)) +
                     " links (bounded from its parameters), over the limit " +
                     limit_text("kMaxEdges", kMaxEdges));
}

}  // namespace netsched

template <>
struct std::hash<netsched::NodeId> {
  std::size_t operator()(netsched::NodeId n) const noexcept { return n.v; }
};
