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
/// `unit_messages`: every transfer carries exactly one chunk (total exchange then needs AS(G)
/// steps: each step moves at most N chunks one hop, and they must travel sum d(u,v) hops).
std::optional<LowerBound> lower_bound(const Topology& t, const Collective& collective, const Csr& csr,
                                      bool unit_messages = false);

/// Optimal unit-message one-port total-exchange time in one factor as the factor algorithms
/// achieve it: ring floor(n^2/4) = AS, complete n-1 = AS, path n(n-1).
std::uint64_t factor_exchange_time(const std::string& kind, std::uint32_t size);

/// Optimal one-port broadcast time in a single factor from coordinate `root` (the T(B_i) of
/// the HDN paper): ring ceil(n/2), complete ceil(log2 n), path by the greedy two-sided growth.
std::uint64_t factor_broadcast_time(const std::string& kind, std::uint32_t size, std::uint32_t root);

}  // namespace netsched
