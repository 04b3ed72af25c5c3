#pragma once
/// The exact properties `netsched info` reports, and how they compare with the papers.
#include <nlohmann/json.hpp>

#include "core/metrics.hpp"
#include "gen/topology.hpp"

namespace netsched {

struct InfoOptions {
  bool distances = true;  ///< compute the distance facts (diameter, radius, averages, orbits)
  unsigned threads = 0;   ///< 0 = all cores
  /// Reports (stage, done, total) on long work; may be empty.
  std::function<void(const std::string&, std::uint64_t, std::uint64_t)> progress;
};

/// All facts of `info` as JSON; keys as documented in docs/cli.md.
nlohmann::json topology_info(const Topology& t, const InfoOptions& opt = {});

/// Exact all-pairs distance facts (sum, diameter, radius): one BFS per class of verified
/// structural automorphisms, or bit-parallel BFS from every node when that is cheaper. Orbits
/// are not certified here (distances need only a refinement of them).
DistanceStats exact_distances(const Topology& t, const Csr& csr, unsigned threads = 0);

/// Compares each paper fact with the computed value; fills "computed", "matches" or "holds".
nlohmann::json compare_paper_facts(const Topology& t, const nlohmann::json& info);

}  // namespace netsched
