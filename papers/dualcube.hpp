#pragma once
/// li-peng, "Dualcube routing and matrix operations": Table 1 (dualcube and hypercube rows),
/// the routing bound, and the costs of One2allP, All2allB and Many2manyM (§3).
#include <optional>

#include "core/network.hpp"
#include "core/schedule.hpp"
#include "papers/fact.hpp"

namespace netsched::papers::dualcube {

inline const std::string kPaper = "li-peng dualcube";

/// Table 1's rows for a dualcube or a hypercube; empty otherwise.
std::vector<PaperFact> facts(const Network& t);
/// Routing: n + 1 = 2r hops, the diameter.
PaperBound routing_bound(std::uint32_t r);
/// §3's costs on F_r: One2allP (scatter), All2allB (all-gather), Many2manyM (multicast; none
/// for r = 0).
std::optional<PaperBound> one2allp_bound(std::uint32_t r);
std::optional<PaperBound> all2allb_bound(std::uint32_t r);
std::optional<PaperBound> many2manym_bound(std::uint32_t r);

}  // namespace netsched::papers::dualcube
