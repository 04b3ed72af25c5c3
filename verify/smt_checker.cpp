// Encoding (one Z3 context per check):
//   h[t][v][c]  node v holds chunk c at the start of step t (t = 0..T), a Bool;
//   a[t][v][c]  the latest time v obtained c (0 = from the start, s+1 = step s, -1 = never), an
//   Int,
//               only when some selector filters by acquisition time;
//   carried(i,c) transfer i of step t carries c: explicit payloads name c; selectors require
//               h[t][from][c] and the destination/origin/acquisition filters.
// Rules, as Bool indicators per transfer, in the simulator's order: edge, empty-payload,
// causality, port-send, port-receive (or port-link), dimension; then delivery per (chunk, node).
// h[t+1][v][c] = h[t][v][c] or some transfer into v carries c; so the state is a function of the
// schedule, the model is unique, and the first true indicator is the first violation.
#include "verify/smt_checker.hpp"

#include <z3++.h>

#include <chrono>

namespace netsched {

SmtVerdict smt_check(const Network& t, const Schedule& s, unsigned timeout_ms) {
  const auto t0 = std::chrono::steady_clock::now();
  const Collective& col = s.collective;
  const Digits digits = schedule_digits(s);
  const std::uint64_t n = t.num_nodes(), chunks = col.num_chunks(), steps = s.steps.size();
  if (col.nodes() != n)
    throw std::invalid_argument("schedule is for " + std::to_string(col.nodes()) +
                                " nodes, network has " + std::to_string(n));
  if (col.combining())
    throw std::invalid_argument("the SMT encoding covers chunk collectives only; a " + col.name() +
                                " (registers) is checked by the simulator, not by --smt");
  const std::uint64_t state = n * chunks * (steps + 1);
  if (state > kMaxSmtStateVariables)
    throw std::invalid_argument("the SMT encoding would need " + std::to_string(state) +
                                " state variables (N x chunks x (steps+1)), over " +
                                std::to_string(kMaxSmtStateVariables));
  for (std::size_t i = 0; i < s.payloads.size(); ++i)
    for (auto ch : s.payloads[i].chunks)
      if (ch >= chunks)
        throw std::invalid_argument("payload " + std::to_string(i) + " names chunk " +
                                    std::to_string(ch) + ", out of range");
  if (s.model == PortModel::SingleDimension && t.dimension_count() == 0)
    throw std::invalid_argument("the single-dimension model needs link dimensions, which " +
                                t.family() + " does not define");
  bool timed = false;
  for (const auto& p : s.payloads) timed = timed || (p.select && !p.select->acquired_in.empty());

  z3::context ctx;
  auto var = [&](const char* kind, std::uint64_t a, std::uint64_t b, std::uint64_t c) {
    return std::string(kind) + "_" + std::to_string(a) + "_" + std::to_string(b) + "_" +
           std::to_string(c);
  };
  // state at the start of the current step
  std::vector<z3::expr> held, acq;
  held.reserve(n * chunks);
  for (std::uint64_t v = 0; v < n; ++v)
    for (std::uint64_t c = 0; c < chunks; ++c) {
      const bool origin = col.origin(c).v == v && !col.is_void(c);
      held.push_back(ctx.bool_val(origin));
      if (timed) acq.push_back(ctx.int_val(origin ? 0 : -1));
    }
  z3::solver solver(ctx);
  solver.set("timeout", timeout_ms);
  struct Indicator {
    z3::expr fires;
    Rule rule;
    std::optional<std::uint64_t> step, transfer, chunk;
    std::optional<NodeId> node;
  };
  std::vector<Indicator> indicators;
  auto indicate = [&](z3::expr fires, Rule rule, std::optional<std::uint64_t> step,
                      std::optional<std::uint64_t> transfer, std::optional<NodeId> node,
                      std::optional<std::uint64_t> chunk) {
    indicators.push_back(Indicator{fires, rule, step, transfer, chunk, node});
  };
  std::uint64_t variables = 0;
  auto in = [](const auto& ranges, std::uint64_t x) {
    if (ranges.empty()) return true;
    for (const auto& r : ranges)
      if (r.lo <= x && x <= r.hi) return true;
    return false;
  };
  for (std::uint64_t st = 0; st < steps; ++st) {
    const auto& tr = s.steps[st].transfers;
    std::vector<std::vector<z3::expr>> into(n * chunks);  // carried(i,c) for transfers into v
    for (std::uint64_t i = 0; i < tr.size(); ++i) {
      const Transfer& x = tr[i];
      if (x.from.v >= n || x.to.v >= n)
        throw std::invalid_argument("step " + std::to_string(st) + " transfer " +
                                    std::to_string(i) + ": node out of range");
      const std::uint64_t f = x.from.v, g = x.to.v;
      const Payload& p = s.payloads.at(x.payload);
      z3::expr_vector carried(ctx), causal_bad(ctx);
      std::vector<std::pair<std::uint64_t, z3::expr>> carries;
      for (std::uint64_t c = 0; c < chunks; ++c) {
        std::optional<z3::expr> e;
        if (!p.select) {
          if (std::find(p.chunks.begin(), p.chunks.end(), c) != p.chunks.end())
            e = ctx.bool_val(true);
        } else {
          const auto d = col.single_destination(c);
          if (!in(p.select->origin_in, col.origin(c).v)) continue;
          if ((!p.select->dest_in.empty() || !p.select->dest_boxes.empty()) &&
              (!d || !p.select->admits_destination(digits, d->v)))
            continue;
          z3::expr cond = held[f * chunks + c];
          if (!p.select->acquired_in.empty()) {
            z3::expr_vector window(ctx);
            for (const auto& r : p.select->acquired_in)
              window.push_back(acq[f * chunks + c] >= ctx.int_val(static_cast<int>(r.lo)) &&
                               acq[f * chunks + c] <= ctx.int_val(static_cast<int>(r.hi)));
            cond = cond && z3::mk_or(window);
          }
          e = cond;
        }
        if (!e) continue;
        carried.push_back(*e);
        causal_bad.push_back(*e && !held[f * chunks + c]);
        carries.push_back({c, *e});
      }
      // edge
      indicate(ctx.bool_val(f == g || !t.adjacent(x.from, x.to)), Rule::Edge, st, i, x.from,
               std::nullopt);
      indicate(carried.empty() ? ctx.bool_val(true) : !z3::mk_or(carried), Rule::EmptyPayload, st,
               i, x.from, std::nullopt);
      indicate(causal_bad.empty() ? ctx.bool_val(false) : z3::mk_or(causal_bad), Rule::Causality,
               st, i, x.from, std::nullopt);
      // ports: the same sender, receiver or link earlier in the step
      z3::expr_vector same_from(ctx), same_to(ctx), same_link(ctx), other_dim(ctx);
      const z3::expr fi = ctx.int_val(static_cast<std::int64_t>(f)),
                     gi = ctx.int_val(static_cast<std::int64_t>(g));
      const auto dim_i = t.edge_dimension(x.from, x.to);
      for (std::uint64_t j = 0; j < i; ++j) {
        const z3::expr fj = ctx.int_val(static_cast<std::int64_t>(tr[j].from.v)),
                       gj = ctx.int_val(static_cast<std::int64_t>(tr[j].to.v));
        same_from.push_back(fj == fi);
        same_to.push_back(gj == gi);
        same_link.push_back(fj == fi && gj == gi);
        if (s.model == PortModel::SingleDimension) {
          const auto dim_j = t.edge_dimension(tr[j].from, tr[j].to);
          other_dim.push_back(ctx.int_val(dim_j ? static_cast<int>(*dim_j) : -1) !=
                              ctx.int_val(dim_i ? static_cast<int>(*dim_i) : -1));
        }
      }
      auto any = [&](z3::expr_vector& v) { return v.empty() ? ctx.bool_val(false) : z3::mk_or(v); };
      if (s.model == PortModel::AllPort) {
        indicate(any(same_link), Rule::PortLink, st, i, x.from, std::nullopt);
      } else {
        indicate(any(same_from), Rule::PortSend, st, i, x.from, std::nullopt);
        indicate(any(same_to), Rule::PortReceive, st, i, x.to, std::nullopt);
        if (s.model == PortModel::SingleDimension)
          indicate(any(other_dim), Rule::Dimension, st, i, x.from, std::nullopt);
      }
      for (auto& [c, e] : carries) into[g * chunks + c].push_back(e);
    }
    // next state, as fresh variables defined by equations
    for (std::uint64_t v = 0; v < n; ++v)
      for (std::uint64_t c = 0; c < chunks; ++c) {
        const std::uint64_t k = v * chunks + c;
        if (into[k].empty()) continue;
        z3::expr_vector arrivals(ctx);
        for (auto& e : into[k]) arrivals.push_back(e);
        const z3::expr arrives = z3::mk_or(arrivals);
        const z3::expr h = ctx.bool_const(var("h", st + 1, v, c).c_str());
        solver.add(h == (held[k] || arrives));
        held[k] = h;
        ++variables;
        if (timed) {
          const z3::expr a = ctx.int_const(var("a", st + 1, v, c).c_str());
          solver.add(a == z3::ite(arrives, ctx.int_val(static_cast<int>(st + 1)), acq[k]));
          acq[k] = a;
          ++variables;
        }
      }
  }
  for (std::uint64_t c = 0; c < chunks; ++c)
    for (std::uint64_t v = 0; v < n; ++v)
      if (col.is_destination(c, NodeId(static_cast<std::uint32_t>(v))))
        indicate(!held[v * chunks + c], Rule::Delivery, std::nullopt, std::nullopt,
                 NodeId(static_cast<std::uint32_t>(v)), c);
  z3::expr_vector some(ctx);
  for (auto& ind : indicators) some.push_back(ind.fires);
  solver.add(some.empty() ? ctx.bool_val(false) : z3::mk_or(some));
  SmtVerdict out;
  out.variables = variables;
  const auto r = solver.check();
  if (r == z3::unsat) {
    out.verdict = Verdict::holds();
  } else if (r == z3::sat) {
    const z3::model m = solver.get_model();
    for (auto& ind : indicators) {
      if (!m.eval(ind.fires, true).is_true()) continue;
      out.verdict = Verdict::violated(
          ind.step ? Violation{ind.rule, ind.step, ind.transfer, ind.node, ind.chunk,
                               "step " + std::to_string(*ind.step) + " transfer " +
                                   std::to_string(*ind.transfer) + ": " +
                                   std::string(to_string(ind.rule))}
                   : delivery_violation(*ind.chunk, *ind.node));
      break;
    }
  } else {
    out.verdict = Verdict::unknown(solver.reason_unknown());
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace netsched
