// Encoding for T steps (unit messages, one-port):
//   x_{t,a,c}  arc a = (u -> v) carries chunk c in step t   (Bool)
//   h_{t,v,c}  v holds c at the start of step t             (Bool, t = 0..T)
// Rules: x_{t,a,c} -> h_{t,u,c}; h_{t+1,v,c} <-> h_{t,v,c} or some x_{t,(w->v),c};
// one-port: at most one x out of and one x into every node per step (pseudo-Boolean); every
// destination holds its chunk at T. Initial holdings are the origins.
// Redundant constraints (SynthesisOptions): R1 h_{t,v,c} is false when d(origin(c), v) > t
// (one hop per step); R2 sum_v h_{t,v,c} <= 2^t for a chunk with many destinations (every holder
// sends at most once per step); R3 sum of all x >= sum over personalized chunks of
// d(origin, destination) (each needs that many hops), in integer arithmetic over per-step counts
// bounded by N (implied by one-port) so that T < AS(G) is refuted at once; R4 the root of a
// broadcast sends to a representative of its neighbours' orbits under the root's stabilizer in step
// 0 (an automorphism fixing the root maps any schedule to one that does, and a schedule that leaves
// step 0 idle can start with any send).
#include "verify/smt_synthesis.hpp"

#include <z3++.h>

#include <algorithm>
#include <chrono>
#include <map>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/metrics.hpp"
#include "core/orbits.hpp"
#include "verify/lower_bounds.hpp"
#include "verify/simulator.hpp"

namespace netsched {

std::string to_string(Feasibility f) {
  switch (f) {
    case Feasibility::Sat:
      return "sat";
    case Feasibility::Unsat:
      return "unsat";
    case Feasibility::Unknown:
      return "unknown";
  }
  return "?";
}

namespace {

constexpr std::uint64_t kMaxVariables = 2'000'000;

/// The chunks that move: personalized ones with origin != destination, or multi-destination
/// ones; never a void chunk (a total exchange's i*N+i), which nobody holds.
std::vector<std::uint64_t> moving_chunks(const Collective& col) {
  std::vector<std::uint64_t> out;
  for (std::uint64_t c = 0; c < col.num_chunks(); ++c) {
    if (col.is_void(c)) continue;
    const auto d = col.single_destination(c);
    if (!d || *d != col.origin(c)) out.push_back(c);
  }
  return out;
}

double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

namespace {

/// The T-step encoding of one collective on one network.
class Synthesis {
 public:
  Synthesis(const Network& t, const Collective& col, std::uint64_t steps,
            const SynthesisOptions& opt)
      : t_(t),
        col_(col),
        steps_(steps),
        opt_(opt),
        g_(t),
        n_(g_.num_nodes()),
        solver_(ctx_),
        all_x_(ctx_) {
    for (std::uint32_t u = 0; u < n_; ++u)
      for (const std::uint32_t* p = g_.begin(u); p != g_.end(u); ++p) arcs_.push_back({u, *p});
    moving_ = moving_chunks(col);
    m_ = moving_.size();
    if (mul_sat(mul_sat(steps, arcs_.size()), m_) > kMaxVariables)
      throw InputError("min-steps: " + std::to_string(steps) + " steps x " +
                       std::to_string(arcs_.size()) + " arcs x " + std::to_string(m_) +
                       " chunks exceeds " + std::to_string(kMaxVariables) + " variables");
    dist_.resize(n_);
    solver_.set("timeout", opt.timeout_ms);
  }

  /// decide(), then schedules that keep more of `preferred`, one more each time.
  KeepingResult keep_most(const std::vector<Preferred>& preferred) {
    KeepingResult out;
    out.found = decide();
    if (out.found.answer != Feasibility::Sat) return out;
    z3::expr_vector keep = preferred_vars(preferred);
    const auto count = [&keep](const z3::model& model) {
      std::uint64_t n = 0;
      for (unsigned i = 0; i < keep.size(); ++i) n += model.eval(keep[i], true).is_true() ? 1 : 0;
      return n;
    };
    out.kept = count(solver_.get_model());
    while (out.kept < keep.size()) {
      solver_.add(z3::atleast(keep, static_cast<unsigned>(out.kept + 1)));
      const auto answer = check_in_time();
      if (answer == z3::unsat) out.most_proven = true;
      if (answer != z3::sat) return out;
      const z3::model model = solver_.get_model();
      out.found.schedule = decode(model);
      out.kept = count(model);
    }
    out.most_proven = true;  // every preferred transfer kept
    return out;
  }

  FeasibilityResult decide() {
    std::vector<z3::expr> h;  // h for the current step, per (v, moving chunk index)
    h.reserve(n_ * m_);
    for (std::uint32_t v = 0; v < n_; ++v)
      for (std::size_t k = 0; k < m_; ++k)
        h.push_back(ctx_.bool_val(col_.origin(moving_[k]).v == v));
    x_.resize(steps_);
    for (std::uint64_t st = 0; st < steps_; ++st) {
      h = step(st, h);
      if (opt_.doubling && st + 1 < 63) doubling(st, h);  // R2
    }
    for (std::size_t k = 0; k < m_; ++k)  // delivery
      for (std::uint32_t v = 0; v < n_; ++v)
        if (col_.is_destination(moving_[k], NodeId(v))) solver_.add(h[v * m_ + k]);
    if (opt_.counting && !all_x_.empty()) counting();  // R3
    if (opt_.symmetry && col_.kind() == Collective::Kind::Broadcast && steps_ > 0 && n_ > 1)
      root_symmetry();  // R4
    FeasibilityResult r;
    const auto answer = check_in_time();
    r.seconds = since(t0_);
    if (answer == z3::unsat) {
      r.answer = Feasibility::Unsat;
    } else if (answer == z3::unknown) {
      r.answer = Feasibility::Unknown;
      r.reason = deadline_passed_ ? "deadline reached" : solver_.reason_unknown();
    } else {
      r.answer = Feasibility::Sat;
      r.schedule = decode(solver_.get_model());
    }
    return r;
  }

 private:
  /// The solver's answer within the query's timeout and the deadline (unknown, without asking,
  /// once the deadline has passed).
  z3::check_result check_in_time() {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        opt_.deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      deadline_passed_ = true;
      return z3::unknown;
    }
    solver_.set("timeout",
                static_cast<unsigned>(std::min<std::int64_t>(opt_.timeout_ms, left.count())));
    return solver_.check();
  }

  /// The x variables of the preferred transfers that can happen at all.
  z3::expr_vector preferred_vars(const std::vector<Preferred>& preferred) {
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::size_t> arc;
    for (std::size_t a = 0; a < arcs_.size(); ++a) arc[arcs_[a]] = a;
    std::map<std::uint64_t, std::size_t> moving;
    for (std::size_t k = 0; k < m_; ++k) moving[moving_[k]] = k;
    z3::expr_vector out(ctx_);
    for (const Preferred& p : preferred) {
      const auto a = arc.find({p.from, p.to});
      const auto k = moving.find(p.chunk);
      if (p.step < steps_ && a != arc.end() && k != moving.end())
        out.push_back(x_[p.step][a->second * m_ + k->second]);
    }
    return out;
  }

  std::uint32_t distance(std::uint32_t a, std::uint32_t b) {
    if (dist_[a].empty()) dist_[a] = bfs_distances(g_, a);
    return dist_[a][b];
  }
  static std::string name(const char* k, std::uint64_t a, std::uint64_t b, std::uint64_t c) {
    return std::string(k) + "_" + std::to_string(a) + "_" + std::to_string(b) + "_" +
           std::to_string(c);
  }

  /// Step st: x_{t,a,c} -> h_{t,u,c}; one-port; h_{t+1,v,c} <-> h_{t,v,c} or an arrival.
  std::vector<z3::expr> step(std::uint64_t st, const std::vector<z3::expr>& h) {
    auto& xt = x_[st];
    xt.reserve(arcs_.size() * m_);
    std::vector<z3::expr_vector> out_of, into, arrivals;
    for (std::uint32_t v = 0; v < n_; ++v) {
      out_of.emplace_back(ctx_);
      into.emplace_back(ctx_);
    }
    for (std::size_t i = 0; i < n_ * m_; ++i) arrivals.emplace_back(ctx_);
    for (std::size_t a = 0; a < arcs_.size(); ++a) {
      const auto [u, v] = arcs_[a];
      for (std::size_t k = 0; k < m_; ++k) {
        const std::uint64_t c = moving_[k];
        // R1: a chunk cannot be sent from a node it cannot have reached
        if (opt_.distance && distance(col_.origin(c).v, u) > st) {
          xt.push_back(ctx_.bool_val(false));
          continue;
        }
        z3::expr e = ctx_.bool_const(name("x", st, a, c).c_str());
        solver_.add(z3::implies(e, h[u * m_ + k]));
        if (opt_.no_repeats) solver_.add(z3::implies(e, !h[v * m_ + k]));
        xt.push_back(e);
        out_of[u].push_back(e);
        into[v].push_back(e);
        arrivals[v * m_ + k].push_back(e);
        all_x_.push_back(e);
      }
    }
    for (std::uint32_t v = 0; v < n_; ++v) {  // one-port
      if (out_of[v].size() > 1) solver_.add(z3::atmost(out_of[v], 1));
      if (into[v].size() > 1) solver_.add(z3::atmost(into[v], 1));
    }
    std::vector<z3::expr> next;
    next.reserve(n_ * m_);
    for (std::uint32_t v = 0; v < n_; ++v)
      for (std::size_t k = 0; k < m_; ++k) {
        const std::size_t i = v * m_ + k;
        if (opt_.no_repeats && arrivals[i].size() > 1) solver_.add(z3::atmost(arrivals[i], 1));
        if (arrivals[i].empty()) {
          next.push_back(h[i]);
          continue;
        }
        z3::expr hv = ctx_.bool_const(name("h", st + 1, v, moving_[k]).c_str());
        solver_.add(hv == (h[i] || z3::mk_or(arrivals[i])));
        next.push_back(hv);
      }
    return next;
  }

  /// R2: holders of a multi-destination chunk at most double per step.
  void doubling(std::uint64_t st, const std::vector<z3::expr>& h) {
    for (std::size_t k = 0; k < m_; ++k) {
      if (col_.single_destination(moving_[k])) continue;
      z3::expr_vector holders(ctx_);
      for (std::uint32_t v = 0; v < n_; ++v) holders.push_back(h[v * m_ + k]);
      const std::uint64_t cap = std::uint64_t{1} << (st + 1);
      if (cap < n_) solver_.add(z3::atmost(holders, static_cast<unsigned>(cap)));
    }
  }

  /// R3: personalized chunks need d(origin, destination) hops each. Stated in integer
  /// arithmetic over per-step counts c_t = sum of that step's x (each <= N: one send per node),
  /// so that sum_t c_t >= hops is refuted by the arithmetic solver at once when T * N < hops.
  void counting() {
    std::uint64_t hops = 0;
    for (auto c : moving_)
      if (auto d = col_.single_destination(c)) hops += distance(col_.origin(c).v, d->v);
    if (hops == 0) return;
    z3::expr total = ctx_.int_val(0);
    for (std::uint64_t st = 0; st < steps_; ++st) {
      z3::expr_vector terms(ctx_);
      for (const auto& e : x_[st])
        if (!e.is_false()) terms.push_back(z3::ite(e, ctx_.int_val(1), ctx_.int_val(0)));
      const z3::expr count = ctx_.int_const(("count_" + std::to_string(st)).c_str());
      solver_.add(count == (terms.empty() ? ctx_.int_val(0) : z3::sum(terms)));
      solver_.add(count <= ctx_.int_val(static_cast<int>(n_)));
      total = total + count;
    }
    solver_.add(total >= ctx_.int_val(static_cast<std::int64_t>(hops)));
  }

  /// R4: the broadcast root's first send goes to a representative of its stabilizer's orbits.
  void root_symmetry() {
    const Orbits orb = stabilizer_orbits(g_, col_.root().v);
    z3::expr_vector allowed(ctx_);
    for (std::size_t a = 0; a < arcs_.size(); ++a) {
      const auto [u, v] = arcs_[a];
      if (u != col_.root().v) continue;
      if (orb.reps[orb.member[v]] == v) allowed.push_back(x_[0][a * m_ + 0]);
    }
    if (!allowed.empty()) solver_.add(z3::mk_or(allowed));
  }

  /// The model's schedule, run through the simulator before it is returned.
  Schedule decode(const z3::model& model) {
    Schedule s;
    s.topology = t_.spec();
    s.collective = col_;
    s.algorithm = "z3-optimal";
    for (std::uint64_t c = 0; c < col_.num_chunks(); ++c)
      s.payloads.push_back(Payload::of_chunks({c}));
    for (std::uint64_t st = 0; st < steps_; ++st) {
      Step step;
      for (std::size_t a = 0; a < arcs_.size(); ++a)
        for (std::size_t k = 0; k < m_; ++k)
          if (model.eval(x_[st][a * m_ + k], true).is_true())
            step.transfers.push_back({NodeId(arcs_[a].first), NodeId(arcs_[a].second),
                                      static_cast<std::uint32_t>(moving_[k])});
      s.steps.push_back(std::move(step));
    }
    const CheckResult check = simulate(t_, s);
    if (!check.ok())
      throw std::logic_error("z3 model decodes to an invalid schedule: " +
                             check.violation()->message);
    return s;
  }

  std::chrono::steady_clock::time_point t0_ =
      std::chrono::steady_clock::now();  // encoding included
  const Network& t_;
  const Collective& col_;
  std::uint64_t steps_;
  SynthesisOptions opt_;
  Csr g_;
  std::uint32_t n_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> arcs_;  // (u, v)
  std::vector<std::uint64_t> moving_;
  std::size_t m_ = 0;
  std::vector<std::vector<std::uint32_t>> dist_;
  z3::context ctx_;
  z3::solver solver_;
  std::vector<std::vector<z3::expr>> x_;  // x_[t][a * m + k]
  z3::expr_vector all_x_;
  bool deadline_passed_ = false;
};

}  // namespace

FeasibilityResult feasible(const Network& t, const Collective& col, std::uint64_t steps,
                           const SynthesisOptions& opt) {
  if (std::chrono::steady_clock::now() >= opt.deadline) {
    FeasibilityResult r;
    r.reason = "deadline reached";
    return r;
  }
  return Synthesis(t, col, steps, opt).decide();
}

std::uint64_t synthesis_variables(const Network& t, const Collective& c, std::uint64_t steps) {
  return mul_sat(mul_sat(steps, Csr(t, 1).num_arcs()), moving_chunks(c).size());
}

KeepingResult feasible_keeping(const Network& t, const Collective& col, std::uint64_t steps,
                               const std::vector<Preferred>& preferred,
                               const SynthesisOptions& opt) {
  if (opt.symmetry || !opt.no_repeats)
    throw std::logic_error("feasible_keeping: needs R4 off and no repeat deliveries");
  KeepingResult r;
  if (std::chrono::steady_clock::now() >= opt.deadline) {
    r.found.reason = "deadline reached";
    return r;
  }
  return Synthesis(t, col, steps, opt).keep_most(preferred);
}

std::string to_string(Optimum o) {
  switch (o) {
    case Optimum::Optimal:
      return "optimal";
    case Optimum::Bounds:
      return "bounds";
    case Optimum::Unknown:
      return "unknown";
  }
  return "?";
}

Verdict::Kind verdict_kind(Optimum o) {
  return o == Optimum::Optimal ? Verdict::Kind::Holds : Verdict::Kind::Unknown;
}

namespace {

/// The largest origin-to-destination distance of a chunk: no schedule is shorter.
std::uint64_t farthest_destination(const Csr& g, const Collective& c) {
  std::uint64_t lo = 0;
  std::vector<std::vector<std::uint32_t>> from(g.num_nodes());
  for (std::uint64_t ch = 0; ch < c.num_chunks(); ++ch) {
    if (c.is_void(ch)) continue;
    const std::uint32_t o = c.origin(ch).v;
    if (from[o].empty()) from[o] = bfs_distances(g, o);
    for (std::uint32_t v = 0; v < g.num_nodes(); ++v)
      if (c.is_destination(ch, NodeId(v))) lo = std::max<std::uint64_t>(lo, from[o][v]);
  }
  return lo;
}

/// One query, reported before and after through opt.on_query.
FeasibilityResult query(const Network& t, const Collective& c, std::uint64_t steps,
                        const SynthesisOptions& opt, MinSteps& out) {
  if (opt.on_query) opt.on_query(steps, "asking z3");
  auto r = feasible(t, c, steps, opt);
  out.queries.push_back({steps, r.answer});
  if (opt.on_query) opt.on_query(steps, to_string(r.answer));
  return r;
}

/// Downwards from a known schedule: each sat answer gives a shorter schedule; the first unsat,
/// or the theorem's lower bound, proves the optimum.
void search_down(const Network& t, const Collective& c, const SynthesisOptions& opt,
                 MinSteps& out) {
  while (out.upper_bound > out.lower_bound) {
    const std::uint64_t steps = out.upper_bound - 1;
    const auto r = query(t, c, steps, opt, out);
    if (r.answer == Feasibility::Unsat) {
      out.lower_bound = steps + 1;
      out.lower_source = "z3: unsat at " + std::to_string(steps) + " steps";
      break;
    }
    if (r.answer == Feasibility::Unknown) break;
    out.upper_bound = steps;
    out.schedule = r.schedule;
    out.upper_source = "z3";
  }
  out.result = out.lower_bound == out.upper_bound ? Optimum::Optimal : Optimum::Bounds;
}

/// Upwards from the lower bound until z3 finds a schedule (or answers unknown, or max_steps).
void search_up(const Network& t, const Collective& c, std::uint64_t max_steps,
               const SynthesisOptions& opt, MinSteps& out) {
  for (std::uint64_t steps = out.lower_bound; max_steps == 0 || steps <= max_steps; ++steps) {
    const auto r = query(t, c, steps, opt, out);
    if (r.answer == Feasibility::Unsat) {
      out.lower_bound = steps + 1;
      out.lower_source = "z3: unsat at " + std::to_string(steps) + " steps";
      continue;
    }
    if (r.answer == Feasibility::Sat) {
      out.upper_bound = steps;
      out.schedule = r.schedule;
      out.upper_source = "z3";
      out.result = out.lower_bound == steps ? Optimum::Optimal : Optimum::Bounds;
    } else {
      out.result = out.lower_bound > 0 ? Optimum::Bounds : Optimum::Unknown;
    }
    return;
  }
  out.result = Optimum::Bounds;  // max_steps reached without a schedule
}

/// The known schedule as the first upper bound (checked by the simulator).
void start_from(const Network& t, const Collective& c, const Schedule& known, MinSteps& out) {
  const bool unit = std::all_of(known.payloads.begin(), known.payloads.end(),
                                [](const Payload& p) { return !p.select && p.chunks.size() == 1; });
  if (!(known.collective == c) || known.model != PortModel::OnePort || !unit)
    throw InputError(
        "min-steps: the known schedule is not a unit-message one-port schedule of this "
        "collective");
  const CheckResult check = simulate(t, known);
  if (!check.ok())
    throw std::logic_error("min-steps: the known schedule is invalid: " +
                           check.violation()->message);
  out.upper_bound = known.steps.size();
  out.schedule = known;
  out.upper_source = known.algorithm + ", checked by the simulator";
}

}  // namespace

LowerBound min_steps_lower_bound(const Network& t, const Collective& c) {
  // The theorems the rest of the tool knows (AS(G), ceil(log2 N), eccentricity, distance), and
  // the farthest destination: z3 is never asked below them.
  const Csr g(t);
  LowerBound out{0, "none known"};
  if (const auto lb = lower_bound(t, c, g, /*unit_messages=*/true)) out = *lb;
  if (const std::uint64_t d = farthest_destination(g, c); d > out.steps)
    out = {d, "a destination " + std::to_string(d) + " hops from its chunk's origin"};
  return out;
}

MinSteps min_steps(const Network& t, const Collective& c, std::uint64_t max_steps,
                   const SynthesisOptions& opt, const Schedule* known) {
  const auto t0 = std::chrono::steady_clock::now();
  MinSteps out;
  const LowerBound lb = min_steps_lower_bound(t, c);
  out.lower_bound = opt.confirm_lower_bound && lb.steps > 0 ? lb.steps - 1 : lb.steps;
  out.lower_source = lb.reason;
  if (known) {
    start_from(t, c, *known, out);
    out.lower_bound = std::min(out.lower_bound, out.upper_bound);
    search_down(t, c, opt, out);
  } else {
    search_up(t, c, max_steps, opt, out);
  }
  out.seconds = since(t0);
  return out;
}

}  // namespace netsched
