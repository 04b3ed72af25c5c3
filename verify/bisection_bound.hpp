#pragma once
/// A lower bound on the bisection width that needs no search: the congestion bound. Route one
/// unit between every pair of nodes, spread evenly over all its shortest paths; a link then
/// carries its edge betweenness. Every pair split by a bisection sends its unit across the cut,
/// so floor(N/2) ceil(N/2) <= width x (the largest betweenness), and
///   width >= ceil(floor(N/2) ceil(N/2) / max betweenness).
/// On a link-transitive network (hypercubes, tori of equal sides) every link carries the same
/// load and the bound is often the width itself: a cut that meets it proves it exact, where Z3
/// Optimize took 47 s on hypercube(5) and does not finish on hypercube(7).
#include <cstdint>

#include "core/network.hpp"

namespace netsched {

/// Nodes up to which the bound is computed (igraph's edge betweenness: N breadth-first searches,
/// O(N x links) time, O(N + links) memory).
inline constexpr std::uint64_t kMaxCongestionBoundNodes = 8192;

struct CongestionBound {
  std::uint64_t width = 0;  ///< the bound (0 on a disconnected or one-node network)
  double max_load = 0;      ///< the largest edge betweenness (unordered pairs)
};

/// The congestion bound of a network of at most kMaxCongestionBoundNodes nodes (InputError
/// beyond). The betweenness is a floating-point sum: the bound divides by it enlarged by a
/// relative 1e-9, so rounding can only weaken it.
CongestionBound congestion_bisection_bound(const Network& t);

}  // namespace netsched
