#pragma once
// Shared, cached computations for the claim checks (a claim run evaluates many claims on the
// same networks).
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "analysis/verification.hpp"
#include "claims/claims.hpp"
#include "verify/route_sweep.hpp"

namespace netsched::claims {

/// The papers' ids (papers/, `claims --md`'s sources).
inline const std::string kDimakopoulos = "dimakopoulos";
inline const std::string kLiPengDualcube = "li-peng-dualcube";
inline const std::string kLiPengChu2012 = "li-peng-chu-2012";
inline const std::string kLiChu2013 = "li-chu-2013";
inline const std::string kYehParhami = "yeh-parhami";

/// Appends `more` to `to`.
inline void append(std::vector<Observation>& to, std::vector<Observation> more) {
  to.insert(to.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
}

/// `netsched info --json` facts of a spec (distance facts included), computed once per run.
const nlohmann::json& info_of(const std::string& spec);
/// What the papers' formula gives for `property` of `spec` (the papers/ layer's fact, as `info`
/// reports it), from the fact whose source starts with `source`; throws std::logic_error if none.
double paper_value(const std::string& spec, const std::string& property, const std::string& source);
/// An observation of an `info --json` field of `spec` against the printed value (the command
/// that recomputes it is `netsched info SPEC --json`).
Observation info_observation(const std::string& instance, const std::string& spec,
                             const std::string& field, Printed printed);
/// Observations of the balanced cuts of `specs` against `printed_width(spec, N)`: exact widths (Z3)
/// where the network is small enough, else the smallest cut local search finds, which can refute
/// the printed width (fewer links) but not prove it. The basis is OneSided if any width is a search
/// result. `tally` receives how each was obtained.
Comparison bisection_comparison(
    const std::vector<std::pair<std::string, std::string>>& instances,
    const std::function<Printed(const std::string& spec, double n)>& printed_width,
    std::string& tally);
/// A register schedule's symbolic check on `instance` as observations, both printed 0 (the
/// claim: every result is right): the step rules it breaks (0 or 1, the checker stops at the
/// first) and, when it keeps them, how many result registers are wrong. `command` re-runs it.
std::vector<Observation> correctness_observations(const std::string& instance,
                                                  const CheckResult& check,
                                                  const std::string& command);
/// Node count only (no distances).
std::uint64_t nodes_of(const std::string& spec);
/// The all-pairs route sweep of the family's default router (or `algorithm`), once per run.
const RouteSweep& sweep_of(const std::string& spec, const std::string& algorithm = "auto");
/// Generated and verified broadcast from node 0 by the default algorithm.
const Verification& broadcast_of(const std::string& spec, const std::string& algorithm = "auto");
/// Generated and verified total exchange by `algorithm`.
const Verification& exchange_of(const std::string& spec, const std::string& algorithm);

}  // namespace netsched::claims
