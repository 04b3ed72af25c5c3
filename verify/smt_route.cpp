#include "verify/smt_route.hpp"

#include <z3++.h>

#include <chrono>
#include <functional>
#include <random>
#include <stdexcept>

#include "core/errors.hpp"
#include "verify/route_machine.hpp"

namespace netsched {
namespace {

struct IntOps {
  using V = std::uint64_t;
  using B = bool;
  V lit(std::uint64_t x) const { return x; }
  V ite(B c, V a, V b) const { return c ? a : b; }
  V shr(V x, std::uint32_t s) const { return s >= 64 ? 0 : x >> s; }
  V shl(V x, std::uint32_t s) const { return s >= 64 ? 0 : x << s; }
};

struct Z3Ops {
  using V = z3::expr;
  using B = z3::expr;
  z3::context& ctx;
  unsigned width;
  V lit(std::uint64_t x) const { return ctx.bv_val(static_cast<std::uint64_t>(x), width); }
  V ite(const B& c, const V& a, const V& b) const { return z3::ite(c, a, b); }
  V shr(const V& x, std::uint32_t s) const { return z3::lshr(x, lit(s)); }
  V shl(const V& x, std::uint32_t s) const { return z3::shl(x, lit(s)); }
};

/// The encoded algorithm on one network: its route on integers, and for Z3 the formula "the
/// first K steps take only links and end at v" with its bit width.
struct RouteEncoding {
  std::function<NodePath(std::uint32_t, std::uint32_t)> route;
  std::function<bool(std::uint64_t, std::uint64_t)> link;
  unsigned width = 0;
  std::function<z3::expr(Z3Ops&, const z3::expr&, const z3::expr&, std::uint64_t)> holds;
};

RouteEncoding encode(const RouteMachine& machine, RouteFault fault) {
  RouteEncoding e;
  if (machine.kind == RouteMachine::Kind::Dualcube) {
    const std::uint32_t r = machine.r, bits = 2 * r - 1, steps_cap = 4 * bits + 4;
    e.width = std::max(4u, bits + 1);
    e.route = [r, fault, steps_cap](std::uint32_t u, std::uint32_t v) {
      IntOps ops;
      const route_machine::Dualcube<IntOps> m{ops, r, fault};
      NodePath path{NodeId(u)};
      std::uint64_t cur = u, pc = 0;
      for (std::uint32_t i = 0; i < steps_cap; ++i) {
        const auto s = m.step(u, v, cur, pc);
        if (!s.moved) break;
        cur = s.cur;
        pc = s.pc;
        path.push_back(NodeId(static_cast<std::uint32_t>(cur)));
      }
      return path;
    };
    e.link = [r, fault](std::uint64_t x, std::uint64_t y) {
      IntOps ops;
      return route_machine::Dualcube<IntOps>{ops, r, fault}.link(x, y);
    };
    e.holds = [r, fault](Z3Ops& ops, const z3::expr& u, const z3::expr& v, std::uint64_t steps) {
      const route_machine::Dualcube<Z3Ops> m{ops, r, fault};
      z3::expr cur = u, pc = ops.lit(0), ok = ops.ctx.bool_val(true);
      for (std::uint64_t i = 0; i < steps; ++i) {
        const auto s = m.step(u, v, cur, pc);
        ok = ok && (!s.moved || m.link(cur, s.cur));
        cur = s.cur;
        pc = s.pc;
      }
      return ok && cur == v;
    };
    return e;
  }
  if (fault != RouteFault::None)
    throw InputError("the deliberate faults apply to the dualcube encoding");
  const std::uint32_t m = machine.m, k = machine.k;
  {
    IntOps ops;
    e.width = route_machine::Rdn<IntOps>(ops, m, k).width.back() + 1;
  }
  if (e.width > 63) throw InputError("prove route: addresses wider than 62 bits");
  e.route = [m, k](std::uint32_t u, std::uint32_t v) {
    IntOps ops;
    const route_machine::Rdn<IntOps> mach(ops, m, k);
    NodePath path{NodeId(u)};
    auto st = mach.initial(u);
    for (std::uint32_t i = 0; i < 64 * mach.width.back(); ++i) {
      auto s2 = mach.step(v, st);
      if (!s2.moved) break;
      path.push_back(NodeId(static_cast<std::uint32_t>(s2.cur)));
      st = std::move(s2);
    }
    return path;
  };
  e.link = [m, k](std::uint64_t x, std::uint64_t y) {
    IntOps ops;
    return route_machine::Rdn<IntOps>(ops, m, k).link(x, y);
  };
  e.holds = [m, k](Z3Ops& ops, const z3::expr& u, const z3::expr& v, std::uint64_t steps) {
    const route_machine::Rdn<Z3Ops> mach(ops, m, k);
    auto st = mach.initial(u);
    z3::expr ok = ops.ctx.bool_val(true);
    for (std::uint64_t i = 0; i < steps; ++i) {
      auto s2 = mach.step(v, st);
      ok = ok && (!s2.moved || mach.link(st.cur, s2.cur));
      st = std::move(s2);
    }
    return ok && st.cur == v;
  };
  return e;
}

/// What the counterexample's route does wrong: a hop that is not a link, or its length.
Violation refutation(const Network& t, const NodePath& path, std::uint32_t u, std::uint32_t v,
                     std::uint64_t bound) {
  Violation w{Rule::RouteLength, std::nullopt, std::nullopt, NodeId(u), std::nullopt, {}};
  w.message = "the route " + t.label(NodeId(u)) + " -> " + t.label(NodeId(v)) + " is";
  for (NodeId x : path) w.message += " " + t.label(x);
  for (std::size_t i = 1; i < path.size(); ++i)
    if (!t.adjacent(path[i - 1], path[i])) {
      w.rule = Rule::RouteLink;
      w.message += ": hop " + t.label(path[i - 1]) + " -> " + t.label(path[i]) + " is not a link";
      return w;
    }
  if (path.back() != NodeId(v))
    w.message += ": it stops before the target";
  else if (path.size() - 1 > bound)
    w.message += ": " + std::to_string(path.size() - 1) + " hops, over the bound";
  return w;
}

}  // namespace

std::string RouteMachine::algorithm() const {
  return kind == Kind::Dualcube ? "dualcube-routing" : "hdn-routing";
}

NodePath machine_route(const RouteMachine& machine, NodeId u, NodeId v, RouteFault fault) {
  return encode(machine, fault).route(u.v, v.v);
}

RouteProof prove_routes(const Network& t, const RouteMachine& machine, const PaperBound& bound,
                        const RouteFn& router, unsigned timeout_ms, RouteFault fault,
                        std::uint64_t samples) {
  const auto t0 = std::chrono::steady_clock::now();
  const RouteEncoding enc = encode(machine, fault);
  RouteProof out;
  out.bound = bound.steps;
  out.bound_source = bound.source;
  const std::uint64_t n = t.num_nodes();
  out.pairs = n * n;
  // 1. The machine is the router, and its link predicate is the network's adjacency: every
  //    pair of small instances, sampled pairs (and every neighbour of sampled nodes) otherwise.
  if (fault == RouteFault::None && router) {
    NodePath path;
    std::vector<NodeId> nb;
    auto compare = [&](std::uint32_t u, std::uint32_t v) {
      router(NodeId(u), NodeId(v), path);
      if (enc.route(u, v) != path)
        throw std::logic_error("the encoded routing machine differs from the router on " +
                               std::to_string(u) + " -> " + std::to_string(v));
      if (enc.link(u, v) != t.adjacent(NodeId(u), NodeId(v)))
        throw std::logic_error("the encoded link predicate differs from the network on " +
                               std::to_string(u) + ", " + std::to_string(v));
      ++out.sampled;
    };
    auto neighbours_agree = [&](std::uint32_t u) {
      t.neighbors(NodeId(u), nb);
      for (NodeId w : nb)
        if (!enc.link(u, w.v))
          throw std::logic_error("the encoded link predicate misses the link " + std::to_string(u) +
                                 " -- " + std::to_string(w.v));
    };
    if (n * n <= samples) {
      for (std::uint32_t u = 0; u < n; ++u) {
        neighbours_agree(u);
        for (std::uint32_t v = 0; v < n; ++v) compare(u, v);
      }
    } else {
      std::mt19937_64 rng(kRouteSampleSeed);
      std::uniform_int_distribution<std::uint32_t> pick(0, static_cast<std::uint32_t>(n - 1));
      for (std::uint64_t i = 0; i < samples; ++i) {
        const std::uint32_t u = pick(rng);
        neighbours_agree(u);
        compare(u, pick(rng));
      }
    }
  }
  // 2. For all u, v < N: the first `bound` steps take only links and end at v.
  z3::context ctx;
  Z3Ops ops{ctx, enc.width};
  const z3::expr u = ctx.bv_const("u", enc.width), v = ctx.bv_const("v", enc.width);
  z3::solver solver(ctx);
  z3::params p(ctx);
  p.set("timeout", timeout_ms);
  solver.set(p);
  solver.add(z3::ult(u, ops.lit(n)) && z3::ult(v, ops.lit(n)));
  solver.add(!enc.holds(ops, u, v, out.bound));
  const z3::check_result r = solver.check();
  if (r == z3::unsat) {
    out.verdict = Verdict::holds();
  } else if (r == z3::sat) {
    const z3::model model = solver.get_model();
    const auto cu = static_cast<std::uint32_t>(model.eval(u, true).get_numeral_uint64());
    const auto cv = static_cast<std::uint32_t>(model.eval(v, true).get_numeral_uint64());
    out.counterexample = {NodeId(cu), NodeId(cv)};
    out.verdict = Verdict::violated(refutation(t, enc.route(cu, cv), cu, cv, out.bound));
  } else {
    out.verdict = Verdict::unknown(solver.reason_unknown());
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace netsched
