#pragma once
/// `prove route` on a built network: picks the routing machine the network's family admits, the
/// router it must agree with (gen/) and the paper's bound (papers/), and hands all three to the
/// Z3 proof (verify/smt_route.hpp), which sees none of the families.
#include <optional>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "core/network.hpp"
#include "core/verdict.hpp"
#include "verify/smt_route.hpp"

namespace netsched {

/// The machine `prove route` encodes for `t`: dualcube routing, or HDN Algorithm 1 on an RDN
/// over a hypercube; nullopt for every other network.
std::optional<RouteMachine> route_machine_of(const Network& t);

/// The algorithms `prove route` can encode for `t` (empty: none).
std::vector<std::string> provable_routers(const Network& t);

/// Proves (or refutes) the named routing algorithm on `t` for all pairs. Throws
/// InputError when no machine applies.
RouteProof prove_routes(const Network& t, const std::string& algorithm = "auto",
                        unsigned timeout_ms = kDefaultSolverTimeoutMs,
                        RouteFault fault = RouteFault::None,
                        std::uint64_t samples = kDefaultRouteSamples);

/// The route the encoded machine of `t` takes from u to v.
NodePath machine_route(const Network& t, NodeId u, NodeId v, RouteFault fault = RouteFault::None);

}  // namespace netsched
