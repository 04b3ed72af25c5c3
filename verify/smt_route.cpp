#include "verify/smt_route.hpp"

#include <z3++.h>

#include <chrono>
#include <random>
#include <stdexcept>

#include "gen/route/router.hpp"
#include "gen/topo/dualcube.hpp"
#include "verify/bounds.hpp"
#include "verify/route_machine.hpp"

namespace netsched {
namespace {

struct IntOps {
  using V = std::uint64_t;
  using B = bool;
  V lit(std::uint64_t x) const { return x; }
  V ite(B c, V a, V b) const { return c ? a : b; }
};

struct Z3Ops {
  using V = z3::expr;
  using B = z3::expr;
  z3::context& ctx;
  unsigned width;
  V lit(std::uint64_t x) const { return ctx.bv_val(static_cast<std::uint64_t>(x), width); }
  V ite(const B& c, const V& a, const V& b) const { return z3::ite(c, a, b); }
};

const Dualcube& as_dualcube(const Topology& t) {
  const auto* d = dynamic_cast<const Dualcube*>(&t);
  if (!d) throw std::invalid_argument("prove route encodes dualcube routing only so far; " + t.spec() + " is a " + t.family());
  return *d;
}

}  // namespace

std::vector<std::string> provable_routers(const Topology& t) {
  if (dynamic_cast<const Dualcube*>(&t)) return {"dualcube-routing"};
  return {};
}

std::vector<std::uint32_t> machine_route(const Topology& t, std::uint32_t u, std::uint32_t v, RouteFault fault) {
  const Dualcube& d = as_dualcube(t);
  IntOps ops;
  const route_machine::Dualcube<IntOps> m{ops, d.r(), fault};
  std::vector<std::uint32_t> path{u};
  std::uint64_t cur = u, pc = 0;
  for (std::uint32_t i = 0; i < 4 * d.bits() + 4; ++i) {
    const auto s = m.step(u, v, cur, pc);
    if (!s.moved) break;
    cur = s.cur;
    pc = s.pc;
    path.push_back(static_cast<std::uint32_t>(cur));
  }
  return path;
}

RouteProof prove_routes(const Topology& t, const std::string& algorithm, unsigned timeout_ms, RouteFault fault,
                        std::uint64_t samples) {
  const auto t0 = std::chrono::steady_clock::now();
  const Dualcube& d = as_dualcube(t);
  const std::string alg = choose_algorithm(provable_routers(t), algorithm, "prove route", t);
  RouteProof out;
  const auto bound = routing_bound(t, alg);
  if (!bound) throw std::logic_error("no routing bound for " + alg);
  out.bound = bound->steps;
  out.bound_source = bound->source;
  const std::uint64_t n = t.num_nodes();
  out.pairs = n * n;
  // 1. The machine is the router: every pair of small instances, sampled pairs otherwise.
  if (fault == RouteFault::None) {
    const auto router = make_router(t, alg);
    std::vector<std::uint32_t> path;
    auto compare = [&](std::uint32_t u, std::uint32_t v) {
      router->route(u, v, path);
      if (machine_route(t, u, v) != path)
        throw std::logic_error("the encoded routing machine differs from the router on " + std::to_string(u) + " -> " +
                               std::to_string(v));
      ++out.sampled;
    };
    if (n * n <= samples) {
      for (std::uint32_t u = 0; u < n; ++u)
        for (std::uint32_t v = 0; v < n; ++v) compare(u, v);
    } else {
      std::mt19937_64 rng(20261121);
      std::uniform_int_distribution<std::uint32_t> pick(0, static_cast<std::uint32_t>(n - 1));
      for (std::uint64_t i = 0; i < samples; ++i) compare(pick(rng), pick(rng));
    }
  }
  // 2. For all u, v < N: the K = bound steps of the machine take only links and end at v.
  z3::context ctx;
  const unsigned width = std::max(4u, d.bits() + 1);
  Z3Ops ops{ctx, width};
  const route_machine::Dualcube<Z3Ops> m{ops, d.r(), fault};
  const z3::expr u = ctx.bv_const("u", width), v = ctx.bv_const("v", width);
  const z3::expr limit = ops.lit(n);
  z3::expr cur = u, pc = ops.lit(0), ok = ctx.bool_val(true);
  for (std::uint64_t i = 0; i < out.bound; ++i) {
    const auto s = m.step(u, v, cur, pc);
    ok = ok && (!s.moved || m.link(cur, s.cur));
    cur = s.cur;
    pc = s.pc;
  }
  z3::solver solver(ctx);
  z3::params p(ctx);
  p.set("timeout", timeout_ms);
  solver.set(p);
  solver.add(z3::ult(u, limit) && z3::ult(v, limit));
  solver.add(!(ok && cur == v));
  const z3::check_result r = solver.check();
  if (r == z3::unsat) {
    out.result = "proved";
  } else if (r == z3::sat) {
    out.result = "refuted";
    const z3::model model = solver.get_model();
    const auto cu = static_cast<std::uint32_t>(model.eval(u, true).get_numeral_uint64());
    const auto cv = static_cast<std::uint32_t>(model.eval(v, true).get_numeral_uint64());
    out.counterexample = {NodeId(cu), NodeId(cv)};
    const auto path = machine_route(t, cu, cv, fault);
    out.why = "the route " + t.label(NodeId(cu)) + " -> " + t.label(NodeId(cv)) + " is";
    for (auto x : path) out.why += " " + t.label(NodeId(x));
    for (std::size_t i = 1; i < path.size(); ++i)
      if (!t.adjacent(NodeId(path[i - 1]), NodeId(path[i]))) {
        out.why += ": hop " + t.label(NodeId(path[i - 1])) + " -> " + t.label(NodeId(path[i])) + " is not a link";
        break;
      }
    if (path.back() != cv) out.why += ": it stops before the target";
    else if (path.size() - 1 > out.bound) out.why += ": " + std::to_string(path.size() - 1) + " hops, over the bound";
  } else {
    out.result = "unknown";
    out.why = solver.reason_unknown();
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace netsched
