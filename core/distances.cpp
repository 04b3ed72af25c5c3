#include "core/distances.hpp"

#include <algorithm>
#include <cmath>

namespace netsched {

double sweep_cost_in_bfs_runs(std::uint64_t n, std::uint32_t ecc0) {
  return std::ceil(static_cast<double>(n) / static_cast<double>(kSourcesPerSweep)) *
         std::max(1u, ecc0 == kUnreached ? 1u : ecc0);
}

DistanceStats exact_distances(const Network& t, const Csr& csr, unsigned threads) {
  const Orbits classes = classes_from_candidates(csr, t.automorphism_candidates(), threads).classes;
  const double sweeps = sweep_cost_in_bfs_runs(csr.num_nodes(), eccentricity(csr, 0));
  if (static_cast<double>(classes.reps.size()) <= sweeps)
    return distances_by_orbits(csr, classes, threads);
  return distances_all_sources(csr, threads);
}

}  // namespace netsched
