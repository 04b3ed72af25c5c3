#pragma once
// Shared, cached computations for the claim checks (a claim run evaluates many claims on the
// same networks).
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "analysis/verification.hpp"
#include "verify/route_sweep.hpp"

namespace netsched::claims {

/// `netsched info --json` facts of a spec (distance facts included), computed once per run.
const nlohmann::json& info_of(const std::string& spec);
/// What the papers' formula gives for `property` of `spec` (the papers/ layer's fact, as `info`
/// reports it), from the fact whose source starts with `source`; throws std::logic_error if none.
double paper_value(const std::string& spec, const std::string& property, const std::string& source);
/// Node count only (no distances).
std::uint64_t nodes_of(const std::string& spec);
/// The all-pairs route sweep of the family's default router (or `algorithm`), once per run.
const RouteSweep& sweep_of(const std::string& spec, const std::string& algorithm = "auto");
/// Generated and verified broadcast from node 0 by the default algorithm.
const Verification& broadcast_of(const std::string& spec, const std::string& algorithm = "auto");
/// Generated and verified total exchange by `algorithm`.
const Verification& exchange_of(const std::string& spec, const std::string& algorithm);

}  // namespace netsched::claims
