#pragma once
/// The exact properties `netsched info` reports, and how they compare with the papers.
///
/// Why above verify/ and papers/: `info` is neither a check nor a formula; it computes what a
/// network is (core/ metrics and orbits) and puts each paper's prediction beside it.
#include <nlohmann/json.hpp>

#include "core/metrics.hpp"
#include "core/network.hpp"

namespace netsched {

struct InfoOptions {
  bool distances = true;  ///< compute the distance facts (diameter, radius, averages, orbits)
  /// compute node and link connectivity (with the distance facts; max-flow, quadratic in N)
  bool connectivity = true;
  unsigned threads = 0;  ///< 0 = all cores
  /// How the caller asks for no distance facts, named where they are refused (the CLI's flag;
  /// the API and Python name their own argument).
  std::string skip_distances = "--basic";
  /// Reports (stage, done, total) on long work; may be empty.
  std::function<void(const std::string&, std::uint64_t, std::uint64_t)> progress;
};

/// All facts of `info` as JSON; keys as documented in docs/cli.md.
nlohmann::json topology_info(const Network& t, const InfoOptions& opt = {});

/// Compares each paper fact with the computed value; fills "computed", "matches" or "holds".
nlohmann::json compare_paper_facts(const Network& t, const nlohmann::json& info);

}  // namespace netsched
