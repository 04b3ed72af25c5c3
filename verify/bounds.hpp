#pragma once
/// The papers' bounds for the generators' algorithms, and the lower bounds that apply, computed
/// here from the formulas, independently of the generators.
#include <optional>
#include <string>

#include "core/graph.hpp"
#include "core/schedule.hpp"
#include "gen/topology.hpp"

namespace netsched {

/// The paper's bound on the steps of `algorithm` for `collective` on `t`, if a paper gives one.
std::optional<PaperBound> paper_bound(const Topology& t, const Collective& collective,
                                      const std::string& algorithm);

/// The paper's bound on the length of routes of `algorithm` on `t` (worst case over pairs).
std::optional<PaperBound> routing_bound(const Topology& t, const std::string& algorithm);

/// A lower bound on the steps of any schedule of `collective` on `t` (one-port): broadcast
/// max(ceil(log2 N), ecc(root)); route: the distance. nullopt where none is implemented.
struct LowerBound {
  std::uint64_t steps = 0;
  std::string reason;
};
std::optional<LowerBound> lower_bound(const Topology& t, const Collective& collective, const Csr& csr);

/// Optimal one-port broadcast time in a single factor from coordinate `root` (the T(B_i) of
/// the HDN paper): ring ceil(n/2), complete ceil(log2 n), path by the greedy two-sided growth.
std::uint64_t factor_broadcast_time(const std::string& kind, std::uint32_t size, std::uint32_t root);

}  // namespace netsched
