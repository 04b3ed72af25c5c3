#pragma once
/// li-peng, "Dualcube routing and matrix operations": Table 1 (dualcube and hypercube rows),
/// the routing bound, and the costs of One2allP, All2allB and Many2manyM (§3).
#include <optional>

#include "core/schedule.hpp"
#include "papers/fact.hpp"

namespace netsched::papers::dualcube {

inline const std::string kPaper = "li-peng dualcube";

/// Table 1's rows for a dualcube or a hypercube; empty otherwise.
std::vector<PaperFact> facts(const Network& t);
/// Routing: n + 1 = 2r hops, the diameter.
PaperBound routing_bound(std::uint32_t r);
/// §3's costs on F_r: "one2allp" (scatter), "all2allb" (all-gather), "many2manym" (multicast).
std::optional<PaperBound> collective_bound(std::uint32_t r, const Collective& c,
                                           const std::string& algorithm);

}  // namespace netsched::papers::dualcube
