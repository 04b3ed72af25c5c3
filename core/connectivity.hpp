#pragma once
/// Node and link connectivity, exact, by max-flow.
///
/// Why: "k failures never disconnect this network" is the fault-tolerance fact every one of the
/// papers sells; with the exact connectivities it is a checkable statement (k < kappa for
/// nodes, k < lambda for links) instead of a sentence. Both come from unit-capacity max-flows
/// (core/connectivity.cpp says which), whose work grows like N * arcs * degree, so the
/// size and that work are limited, and both limits are stated.
#include <cstdint>
#include <optional>

#include "core/graph.hpp"

namespace netsched {

/// Networks of more nodes than this get no connectivity (null in info, with the reason).
inline constexpr std::uint64_t kConnectivityMaxNodes = 16384;
/// Nor do networks whose N * arcs * average degree exceeds this (hypercube(12): 2.4e9, 3.2 s on 2
/// cores).
inline constexpr std::uint64_t kConnectivityMaxWork = std::uint64_t{1} << 32;

struct Connectivity {
  std::uint32_t nodes = 0;  ///< kappa: fewest nodes whose removal disconnects (N-1 for K_N)
  std::uint32_t links = 0;  ///< lambda: fewest links whose removal disconnects
};

/// Both connectivities of g (0 when g is disconnected); nullopt when g has more than
/// kConnectivityMaxNodes nodes or kConnectivityMaxWork work. The flows run on `threads`
/// workers (0 = all cores).
std::optional<Connectivity> connectivity(const Graph& g, unsigned threads = 0);

}  // namespace netsched
