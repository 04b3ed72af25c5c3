#pragma once
/// Exact all-pairs distance facts of a network, by the cheaper of two methods: one BFS per
/// class of verified structural automorphisms, or bit-parallel BFS from every node. Used by
/// `info` and by the lower bounds (AS(G), diameter); both must get the same numbers.
#include <cstdint>

#include "core/metrics.hpp"
#include "core/network.hpp"

namespace netsched {

/// BFS runs that cost about as much as a bit-parallel sweep from every node: one sweep of 64
/// sources costs about `ecc0` (an eccentricity) plain BFS runs.
double sweep_cost_in_bfs_runs(std::uint64_t n, std::uint32_t ecc0);

/// Exact distance facts (sum, diameter, radius). Orbits are not certified here (distances
/// need only a refinement of them).
DistanceStats exact_distances(const Network& t, const Csr& csr, unsigned threads = 0);

}  // namespace netsched
