// Encoding (one Z3 context per check):
//   h[t][v][c]  node v holds chunk c at the start of step t (t = 0..T), a Bool;
//   a[t][v][c]  the latest time v obtained c (0 = from the start, s+1 = step s, -1 = never),
//               an Int, only when some selector filters by acquisition time;
//   carried(i,c) transfer i of step t carries c: explicit payloads name c; selectors require
//               h[t][from][c] and the destination/origin/acquisition filters.
// Rules, as Bool indicators per transfer, in the simulator's order: edge, empty-payload,
// causality, port-send, port-receive (or port-link), dimension; then delivery per (chunk, node).
// h[t+1][v][c] = h[t][v][c] or some transfer into v carries c; so the state is a function of the
// schedule, the model is unique, and the first true indicator is the first violation.
#include "verify/smt_checker.hpp"

#include <z3++.h>

#include <chrono>
#include <limits>

#include "core/structure.hpp"

namespace netsched {
namespace {

/// Refuses what the encoding cannot take beyond check_structure: registers, and an encoding
/// over kMaxSmtStateVariables.
void validate(const Network& t, const Schedule& s) {
  check_structure(t, s);
  const Collective& col = s.collective;
  const std::uint64_t n = t.num_nodes(), chunks = col.num_chunks(), steps = s.steps.size();
  if (col.combining())
    throw std::invalid_argument("the SMT encoding covers chunk collectives only; a " + col.name() +
                                " (registers) is checked by the simulator, not by --smt");
  const unsigned __int128 state = static_cast<unsigned __int128>(n) * chunks * (steps + 1);
  if (state > kMaxSmtStateVariables)
    throw std::invalid_argument(
        "the SMT encoding would need " +
        (state > std::numeric_limits<std::uint64_t>::max()
             ? std::string("more than 2^64")
             : std::to_string(static_cast<std::uint64_t>(state))) +
        " state variables (N x chunks x (steps+1)), over the limit kMaxSmtStateVariables = " +
        std::to_string(kMaxSmtStateVariables));
}

bool in_ranges_of(const auto& ranges, std::uint64_t x) {
  if (ranges.empty()) return true;
  for (const auto& r : ranges)
    if (r.lo <= x && x <= r.hi) return true;
  return false;
}

/// The encoding of one schedule, step by step, with one Bool indicator per rule and place.
class Encoding {
 public:
  Encoding(const Network& t, const Schedule& s, unsigned timeout_ms)
      : t_(t),
        s_(s),
        col_(s.collective),
        digits_(schedule_digits(s)),
        n_(t.num_nodes()),
        chunks_(col_.num_chunks()),
        timed_(is_timed(s)),
        solver_(ctx_) {
    solver_.set("timeout", timeout_ms);
    held_.reserve(n_ * chunks_);
    for (std::uint64_t v = 0; v < n_; ++v)
      for (std::uint64_t c = 0; c < chunks_; ++c) {
        const bool origin = col_.origin(c).v == v && !col_.is_void(c);
        held_.push_back(ctx_.bool_val(origin));
        if (timed_) acq_.push_back(ctx_.int_val(origin ? 0 : -1));
      }
  }

  /// Encodes every step and delivery, and asks whether some indicator can fire.
  SmtVerdict decide() {
    for (std::uint64_t st = 0; st < s_.steps.size(); ++st) step(st);
    for (std::uint64_t c = 0; c < chunks_; ++c)
      for (std::uint64_t v = 0; v < n_; ++v)
        if (col_.is_destination(c, NodeId(static_cast<std::uint32_t>(v))))
          indicate(!held_[v * chunks_ + c], Rule::Delivery, std::nullopt, std::nullopt,
                   NodeId(static_cast<std::uint32_t>(v)), c);
    z3::expr_vector some(ctx_);
    for (auto& ind : indicators_) some.push_back(ind.fires);
    solver_.add(some.empty() ? ctx_.bool_val(false) : z3::mk_or(some));
    SmtVerdict out;
    out.variables = variables_;
    const auto r = solver_.check();
    if (r == z3::unsat)
      out.verdict = Verdict::holds();
    else if (r == z3::sat)
      out.verdict = Verdict::violated(first_violation(solver_.get_model()));
    else
      out.verdict = Verdict::unknown(solver_.reason_unknown());
    return out;
  }

 private:
  struct Indicator {
    z3::expr fires;
    Rule rule;
    std::optional<std::uint64_t> step, transfer, chunk;
    std::optional<NodeId> node;
  };

  static bool is_timed(const Schedule& s) {
    bool timed = false;
    for (const auto& p : s.payloads) timed = timed || (p.select && !p.select->acquired_in.empty());
    return timed;
  }

  void indicate(z3::expr fires, Rule rule, std::optional<std::uint64_t> step,
                std::optional<std::uint64_t> transfer, std::optional<NodeId> node,
                std::optional<std::uint64_t> chunk) {
    indicators_.push_back(Indicator{fires, rule, step, transfer, chunk, node});
  }

  z3::expr any(z3::expr_vector& v) { return v.empty() ? ctx_.bool_val(false) : z3::mk_or(v); }

  /// carried(i,c): whether transfer x carries chunk c (explicit payloads name c; selectors
  /// need h[t][from][c] and pass the destination, origin and acquisition filters).
  std::optional<z3::expr> carries(const Transfer& x, std::uint64_t c) {
    const Payload& p = s_.payloads.at(x.payload);
    const std::uint64_t f = x.from.v;
    if (!p.select) {
      if (std::find(p.chunks.begin(), p.chunks.end(), c) != p.chunks.end())
        return ctx_.bool_val(true);
      return std::nullopt;
    }
    const auto d = col_.single_destination(c);
    if (!in_ranges_of(p.select->origin_in, col_.origin(c).v)) return std::nullopt;
    if ((!p.select->dest_in.empty() || !p.select->dest_boxes.empty()) &&
        (!d || !p.select->admits_destination(digits_, d->v)))
      return std::nullopt;
    z3::expr cond = held_[f * chunks_ + c];
    if (!p.select->acquired_in.empty()) {
      z3::expr_vector window(ctx_);
      for (const auto& r : p.select->acquired_in)
        window.push_back(acq_[f * chunks_ + c] >= ctx_.int_val(static_cast<int>(r.lo)) &&
                         acq_[f * chunks_ + c] <= ctx_.int_val(static_cast<int>(r.hi)));
      cond = cond && z3::mk_or(window);
    }
    return cond;
  }

  /// The port rules of transfer i: the same sender, receiver, link or another dimension
  /// earlier in the step.
  void port_rules(std::uint64_t st, std::uint64_t i) {
    const auto& tr = s_.steps[st].transfers;
    const Transfer& x = tr[i];
    z3::expr_vector same_from(ctx_), same_to(ctx_), same_link(ctx_), other_dim(ctx_);
    const z3::expr fi = ctx_.int_val(static_cast<std::int64_t>(x.from.v)),
                   gi = ctx_.int_val(static_cast<std::int64_t>(x.to.v));
    const auto dim_i = t_.edge_dimension(x.from, x.to);
    for (std::uint64_t j = 0; j < i; ++j) {
      const z3::expr fj = ctx_.int_val(static_cast<std::int64_t>(tr[j].from.v)),
                     gj = ctx_.int_val(static_cast<std::int64_t>(tr[j].to.v));
      same_from.push_back(fj == fi);
      same_to.push_back(gj == gi);
      same_link.push_back(fj == fi && gj == gi);
      if (s_.model == PortModel::SingleDimension) {
        const auto dim_j = t_.edge_dimension(tr[j].from, tr[j].to);
        other_dim.push_back(ctx_.int_val(dim_j ? static_cast<int>(*dim_j) : -1) !=
                            ctx_.int_val(dim_i ? static_cast<int>(*dim_i) : -1));
      }
    }
    if (s_.model == PortModel::AllPort) {
      indicate(any(same_link), Rule::PortLink, st, i, x.from, std::nullopt);
      return;
    }
    indicate(any(same_from), Rule::PortSend, st, i, x.from, std::nullopt);
    indicate(any(same_to), Rule::PortReceive, st, i, x.to, std::nullopt);
    if (s_.model == PortModel::SingleDimension)
      indicate(any(other_dim), Rule::Dimension, st, i, x.from, std::nullopt);
  }

  /// Step st: each transfer's rules in the simulator's order, then the next state.
  void step(std::uint64_t st) {
    const auto& tr = s_.steps[st].transfers;
    std::vector<std::vector<z3::expr>> into(n_ * chunks_);  // carried(i,c) for transfers into v
    for (std::uint64_t i = 0; i < tr.size(); ++i) {
      const Transfer& x = tr[i];
      if (x.from.v >= n_ || x.to.v >= n_)
        throw std::invalid_argument("step " + std::to_string(st) + " transfer " +
                                    std::to_string(i) + ": node out of range");
      z3::expr_vector carried(ctx_), causal_bad(ctx_);
      std::vector<std::pair<std::uint64_t, z3::expr>> carried_chunks;
      for (std::uint64_t c = 0; c < chunks_; ++c) {
        const auto e = carries(x, c);
        if (!e) continue;
        carried.push_back(*e);
        causal_bad.push_back(*e && !held_[x.from.v * chunks_ + c]);
        carried_chunks.push_back({c, *e});
      }
      indicate(ctx_.bool_val(x.from == x.to || !t_.adjacent(x.from, x.to)), Rule::Edge, st, i,
               x.from, std::nullopt);
      indicate(carried.empty() ? ctx_.bool_val(true) : !z3::mk_or(carried), Rule::EmptyPayload, st,
               i, x.from, std::nullopt);
      indicate(any(causal_bad), Rule::Causality, st, i, x.from, std::nullopt);
      port_rules(st, i);
      for (auto& [c, e] : carried_chunks) into[x.to.v * chunks_ + c].push_back(e);
    }
    advance(st, into);
  }

  /// h[t+1][v][c] = h[t][v][c] or some transfer into v carries c (and a[t+1] likewise), as
  /// fresh variables defined by equations.
  void advance(std::uint64_t st, const std::vector<std::vector<z3::expr>>& into) {
    for (std::uint64_t v = 0; v < n_; ++v)
      for (std::uint64_t c = 0; c < chunks_; ++c) {
        const std::uint64_t k = v * chunks_ + c;
        if (into[k].empty()) continue;
        z3::expr_vector arrivals(ctx_);
        for (auto& e : into[k]) arrivals.push_back(e);
        const z3::expr arrives = z3::mk_or(arrivals);
        const z3::expr h = ctx_.bool_const(var("h", st + 1, v, c).c_str());
        solver_.add(h == (held_[k] || arrives));
        held_[k] = h;
        ++variables_;
        if (!timed_) continue;
        const z3::expr a = ctx_.int_const(var("a", st + 1, v, c).c_str());
        solver_.add(a == z3::ite(arrives, ctx_.int_val(static_cast<int>(st + 1)), acq_[k]));
        acq_[k] = a;
        ++variables_;
      }
  }

  static std::string var(const char* kind, std::uint64_t a, std::uint64_t b, std::uint64_t c) {
    return std::string(kind) + "_" + std::to_string(a) + "_" + std::to_string(b) + "_" +
           std::to_string(c);
  }

  /// The first indicator true in the (unique) model, as the simulator would report it.
  Violation first_violation(const z3::model& m) {
    for (auto& ind : indicators_) {
      if (!m.eval(ind.fires, true).is_true()) continue;
      if (!ind.step) return delivery_violation(*ind.chunk, *ind.node);
      return Violation{ind.rule,
                       ind.step,
                       ind.transfer,
                       ind.node,
                       ind.chunk,
                       "step " + std::to_string(*ind.step) + " transfer " +
                           std::to_string(*ind.transfer) + ": " + std::string(to_string(ind.rule))};
    }
    throw std::logic_error("z3: sat, but no indicator fires in the model");
  }

  const Network& t_;
  const Schedule& s_;
  const Collective& col_;
  Digits digits_;
  std::uint64_t n_, chunks_;
  bool timed_;
  z3::context ctx_;
  z3::solver solver_;
  std::vector<z3::expr> held_, acq_;  // state at the start of the current step
  std::vector<Indicator> indicators_;
  std::uint64_t variables_ = 0;
};

}  // namespace

SmtVerdict smt_check(const Network& t, const Schedule& s, unsigned timeout_ms) {
  const auto t0 = std::chrono::steady_clock::now();
  validate(t, s);
  SmtVerdict out = Encoding(t, s, timeout_ms).decide();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace netsched
