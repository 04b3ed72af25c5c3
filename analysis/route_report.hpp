#pragma once
/// One route as `netsched route --json` reports it, checked: the router's walk, its length next
/// to the distance and the paper's bound. Here so that the CLI and the library (api/) give the
/// same answer from one piece of code.
#include <nlohmann/json.hpp>

#include "core/network.hpp"
#include "gen/route/router.hpp"

namespace netsched {

/// topology, algorithm, bound (with bound_formula and bound_source when there is one).
nlohmann::json route_head_json(const Network& t, const Router& router);

/// The head plus path (serial ids), labels, length, distance and within_bound. Throws
/// std::logic_error when the router's walk is not a walk of links from u to v.
nlohmann::json route_json(const Network& t, const Router& router, NodeId u, NodeId v);

}  // namespace netsched
