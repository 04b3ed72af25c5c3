#pragma once
/// Symbolic proofs of routing algorithms (ARCHITECTURE.md verification layer 4): the algorithm is a
/// state machine over bit-vector addresses, written once (verify/route_machine.hpp) and
/// instantiated on Z3 bit-vectors and on plain integers. Z3 proves for all pairs (u, v) at once
/// that every hop is a link and the route reaches v within the bound, or returns a
/// counterexample pair. The integer instance is compared with the generator's router (every
/// pair of small instances, sampled pairs of the proved one), so the proof is about the code
/// that generates schedules, not only about a model of it. The router and the bound are passed
/// in (analysis/route_proof.hpp picks them): a checker never calls a generator.
#include <optional>
#include <string>
#include <utility>

#include "core/network.hpp"
#include "core/schedule.hpp"
#include "core/verdict.hpp"
#include "verify/route_fault.hpp"
#include "verify/route_sweep.hpp"

namespace netsched {

/// Pairs on which the machine is compared with the router when not every pair is.
inline constexpr std::uint64_t kDefaultRouteSamples = 100000;
/// The seed of that sample (fixed: a proof run is reproducible).
inline constexpr std::uint64_t kRouteSampleSeed = 20261121;

struct RouteProof {
  /// holds = proved for all pairs; violated = refuted (rule route-link or route-length, node u,
  /// the message says what the route does); unknown = Z3's reason.
  Verdict verdict;
  std::optional<std::pair<NodeId, NodeId>> counterexample;  ///< (u, v) when refuted
  std::uint64_t bound = 0;
  std::string bound_source;
  std::uint64_t pairs = 0;    ///< ordered pairs covered (N^2)
  std::uint64_t sampled = 0;  ///< pairs on which machine and router were compared
  double seconds = 0;
};

/// A routing algorithm `prove route` can encode: dualcube routing on F_r, or HDN Algorithm 1
/// on RDN(Q_m, k) (an HDN over an m-cube whose super-nodes are single nodes).
struct RouteMachine {
  enum class Kind { Dualcube, Rdn };
  Kind kind = Kind::Dualcube;
  std::uint32_t r = 0;         ///< Dualcube: F_r
  std::uint32_t m = 0, k = 0;  ///< Rdn: RDN(Q_m, k)
  /// The router's name: "dualcube-routing" or "hdn-routing".
  std::string algorithm() const;
};

/// Proves (or refutes) `machine` on `t` for all pairs: every route within `bound` hops. With
/// `router`, the machine is first compared with it (and its link predicate with t's adjacency)
/// on every pair of small instances, on `samples` random pairs otherwise.
RouteProof prove_routes(const Network& t, const RouteMachine& machine, const PaperBound& bound,
                        const RouteFn& router, unsigned timeout_ms = kDefaultSolverTimeoutMs,
                        RouteFault fault = RouteFault::None,
                        std::uint64_t samples = kDefaultRouteSamples);

/// The route the encoded machine takes from u to v (plain integers), for comparing with the
/// router and replaying counterexamples.
NodePath machine_route(const RouteMachine& machine, NodeId u, NodeId v,
                       RouteFault fault = RouteFault::None);

}  // namespace netsched
