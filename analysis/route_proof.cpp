#include "analysis/route_proof.hpp"

#include <stdexcept>

#include "core/errors.hpp"
#include "gen/algorithms.hpp"
#include "gen/route/router.hpp"
#include "gen/topo/dualcube.hpp"
#include "gen/topo/hdn.hpp"
#include "papers/papers.hpp"

namespace netsched {
namespace {

/// RDN(Q_m, k): an HDN over a hypercube whose super-nodes are single nodes.
const Hdn* as_rdn(const Network& t) {
  const auto* h = network_as<Hdn>(t);
  if (!h || h->k() == 0 || !h->base().is_hypercube()) return nullptr;
  for (std::size_t i = 1; i <= h->k(); ++i)
    if (h->level(i).s != 1) return nullptr;
  return h;
}

RouteMachine machine_or_throw(const Network& t) {
  auto m = route_machine_of(t);
  if (!m)
    throw InputError(
        "prove route encodes dualcube routing and HDN Algorithm 1 on RDN(hypercube(m), k) "
        "(single-node super-nodes); " +
        t.spec() + " is neither");
  return *m;
}

}  // namespace

std::optional<RouteMachine> route_machine_of(const Network& t) {
  if (const auto* d = network_as<Dualcube>(t))
    return RouteMachine{RouteMachine::Kind::Dualcube, d->r(), 0, 0};
  if (const Hdn* h = as_rdn(t))
    return RouteMachine{RouteMachine::Kind::Rdn, 0, ceil_log2(h->base().num_nodes()),
                        static_cast<std::uint32_t>(h->k())};
  return std::nullopt;
}

std::vector<std::string> provable_routers(const Network& t) {
  if (auto m = route_machine_of(t)) return {m->algorithm()};
  return {};
}

RouteProof prove_routes(const Network& t, const std::string& algorithm, unsigned timeout_ms,
                        RouteFault fault, std::uint64_t samples) {
  const RouteMachine machine = machine_or_throw(t);
  if (fault != RouteFault::None && machine.kind != RouteMachine::Kind::Dualcube)
    throw InputError("the deliberate faults apply to the dualcube encoding");
  const std::string alg = choose_from(provable_routers(t), algorithm, "prove route", t);
  const auto bound = routing_bound(t, alg);
  if (!bound) throw std::logic_error("no routing bound for " + alg);
  if (fault != RouteFault::None)  // a broken machine is refuted, not compared with the router
    return prove_routes(t, machine, *bound, RouteFn{}, timeout_ms, fault, samples);
  const auto router = make_router(t, alg);
  router->prepare_bulk();
  const RouteFn route = [&](NodeId u, NodeId v, NodePath& path) { router->route(u, v, path); };
  return prove_routes(t, machine, *bound, route, timeout_ms, fault, samples);
}

NodePath machine_route(const Network& t, NodeId u, NodeId v, RouteFault fault) {
  return machine_route(machine_or_throw(t), u, v, fault);
}

}  // namespace netsched
