#pragma once
/// Symbolic proofs of routing algorithms (DESIGN.md verification layer 4): the algorithm is a
/// state machine over bit-vector addresses, written once (verify/route_machine.hpp) and
/// instantiated on Z3 bit-vectors and on plain integers. Z3 proves for all pairs (u, v) at once
/// that every hop is a link and the route reaches v within the bound, or returns a
/// counterexample pair. The integer instance is compared with the generator's router (every
/// pair of small instances, sampled pairs of the proved one), so the proof is about the code
/// that generates schedules, not only about a model of it.
#include <optional>
#include <string>
#include <utility>

#include "gen/topology.hpp"

namespace netsched {

/// Deliberate bugs, to show that a broken routing function is refuted.
enum class RouteFault {
  None,
  SkipLastCross,  ///< between two clusters of one class, never cross back
  WrongMask       ///< fix every differing bit, whether or not the node has that link
};

struct RouteProof {
  std::string result;  ///< "proved", "refuted" or "unknown"
  std::optional<std::pair<NodeId, NodeId>> counterexample;
  std::string why;     ///< refuted: what the counterexample does; unknown: Z3's reason
  std::uint64_t bound = 0;
  std::string bound_source;
  std::uint64_t pairs = 0;          ///< ordered pairs covered (N^2)
  std::uint64_t sampled = 0;        ///< pairs on which machine and router were compared
  double seconds = 0;
};

/// The algorithms `prove route` can encode for `t` (empty: none).
std::vector<std::string> provable_routers(const Topology& t);

/// Proves (or refutes) the named routing algorithm on `t` for all pairs.
RouteProof prove_routes(const Topology& t, const std::string& algorithm = "auto", unsigned timeout_ms = 60000,
                        RouteFault fault = RouteFault::None, std::uint64_t samples = 100000);

/// The route the encoded machine takes from u to v (plain integers), for comparing with the
/// router and replaying counterexamples.
std::vector<std::uint32_t> machine_route(const Topology& t, std::uint32_t u, std::uint32_t v,
                                         RouteFault fault = RouteFault::None);

}  // namespace netsched
