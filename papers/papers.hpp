#pragma once
/// The papers' knowledge in one home: what each paper's formulas predict for a concrete network
/// (node counts, degrees, diameters — "facts") and for a concrete schedule (step and cost
/// bounds of its algorithms), one file per paper.
///
/// Why a layer of its own: a family class should not know a paper (gen/ builds networks), and a
/// checker should not trust one (verify/ checks schedules). The formulas sit above both, so that
/// `info`, `gen`, `verify` and `claims` read the same formula from the same function — a formula
/// written once can be wrong once, and the claims registry then says so.
#include <optional>
#include <string>
#include <vector>

#include "core/network.hpp"
#include "core/schedule.hpp"
#include "papers/fact.hpp"

namespace netsched {

/// What the papers' formulas predict for `t` (every paper that speaks of its family).
std::vector<PaperFact> paper_facts(const Network& t);

/// The paper's bound on the steps (and cost, where given) of `algorithm` for `collective` on
/// `t`, if a paper gives one.
std::optional<PaperBound> paper_bound(const Network& t, const Collective& collective,
                                      const std::string& algorithm);

/// "paper bound", or "stated bound" for netsched's own generic algorithms (papers/generic.hpp).
std::string bound_kind(const PaperBound& b);
/// The paper's bound on the length of routes of `algorithm` on `t` (worst case over pairs).
std::optional<PaperBound> routing_bound(const Network& t, const std::string& algorithm);

}  // namespace netsched
