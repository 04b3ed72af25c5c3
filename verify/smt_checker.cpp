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
#include <map>
#include <set>
#include <tuple>

#include "core/errors.hpp"
#include "core/structure.hpp"
#include "verify/smt_rules.hpp"

namespace netsched {
namespace {

/// The terms the encoding builds, estimated before it starts: the state (nodes x chunks), every
/// chunk each transfer may carry (a listed payload's chunks; for a selector, every chunk) and
/// the port rules (a few per transfer; k-port: two cardinality constraints over the step's
/// transfers per transfer). Saturating: a huge file is over any limit.
std::uint64_t encoding_terms(const Network& t, const Schedule& s) {
  const std::uint64_t chunks = s.collective.num_chunks();
  auto add = [](std::uint64_t a, std::uint64_t b) {
    return a > std::numeric_limits<std::uint64_t>::max() - b
               ? std::numeric_limits<std::uint64_t>::max()
               : a + b;
  };
  constexpr std::uint64_t kPortTerms = 4;
  std::uint64_t terms =
      t.num_nodes() > std::numeric_limits<std::uint64_t>::max() / std::max<std::uint64_t>(chunks, 1)
          ? std::numeric_limits<std::uint64_t>::max()
          : t.num_nodes() * chunks;
  for (const Step& st : s.steps) {
    const std::uint64_t port_terms =
        s.model == PortModel::KPort ? 2 * st.transfers.size() + kPortTerms : kPortTerms;
    for (const Transfer& x : st.transfers) {
      const Payload& p = s.payloads.at(x.payload);
      terms = add(terms, (p.select ? chunks : p.chunks.size()) + port_terms);
    }
  }
  return terms;
}

/// Refuses what the encoding cannot take beyond check_structure: an encoding over kMaxSmtTerms.
/// Returns the encoding's terms.
std::uint64_t validate(const Network& t, const Schedule& s) {
  check_structure(t, s);
  const std::uint64_t terms = encoding_terms(t, s);
  if (terms > kMaxSmtTerms)
    throw InputError(
        "the SMT encoding would need " + std::to_string(terms) +
        " terms (nodes x chunks + the chunks every transfer may carry), over the limit "
        "kMaxSmtTerms = " +
        std::to_string(kMaxSmtTerms));
  return terms;
}

bool in_ranges_of(const auto& ranges, std::uint64_t x) {
  if (ranges.empty()) return true;
  for (const auto& r : ranges)
    if (r.lo <= x && x <= r.hi) return true;
  return false;
}

/// The encoding of one schedule, step by step, with one Bool indicator per rule and place.
class Encoding : smt::Rules {
 public:
  Encoding(const Network& t, const Schedule& s, unsigned timeout_ms)
      : smt::Rules(t, s, timeout_ms),
        col_(s.collective),
        digits_(schedule_digits(s)),
        chunks_(col_.num_chunks()),
        timed_(is_timed(s)) {
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
    SmtVerdict out;
    out.verdict = answer([this](const z3::model& m) { return first_violation(m); });
    out.variables = variables_;
    return out;
  }

 private:
  static bool is_timed(const Schedule& s) {
    bool timed = false;
    for (const auto& p : s.payloads) timed = timed || (p.select && !p.select->acquired_in.empty());
    return timed;
  }

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

  /// Step st: each transfer's rules in the simulator's order, then the next state.
  void step(std::uint64_t st) {
    const auto& tr = s_.steps[st].transfers;
    std::vector<std::vector<z3::expr>> into(n_ * chunks_);  // carried(i,c) for transfers into v
    for (std::uint64_t i = 0; i < tr.size(); ++i) {
      const Transfer& x = tr[i];
      if (x.from.v >= n_ || x.to.v >= n_)
        throw InputError("step " + std::to_string(st) + " transfer " + std::to_string(i) +
                         ": node out of range");
      z3::expr_vector carried(ctx_), causal_bad(ctx_);
      std::vector<std::pair<std::uint64_t, z3::expr>> carried_chunks;
      for (std::uint64_t c = 0; c < chunks_; ++c) {
        const auto e = carries(x, c);
        if (!e) continue;
        carried.push_back(*e);
        causal_bad.push_back(*e && !held_[x.from.v * chunks_ + c]);
        carried_chunks.push_back({c, *e});
      }
      edge_rule(st, i, x);
      indicate(carried.empty() ? ctx_.bool_val(true) : !z3::mk_or(carried), Rule::EmptyPayload, st,
               i, x.from, std::nullopt);
      indicate(any(causal_bad), Rule::Causality, st, i, x.from, std::nullopt);
      for (auto& [c, e] : carried_chunks) into[x.to.v * chunks_ + c].push_back(e);
    }
    port_rules(st);
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

  /// The first violation in the (unique) model, as the simulator would report it: the earliest
  /// step, then the earliest transfer, then the rules in the order a transfer is checked.
  Violation first_violation(const z3::model& m) {
    std::optional<smt::Indicator> best;
    auto rank = [](const smt::Indicator& x) {
      return std::tuple(*x.step, *x.transfer, transfer_rule_order(x.rule));
    };
    for (auto ind : indicators_) {
      if (!m.eval(ind.fires, true).is_true()) continue;
      if (!ind.step) {
        if (best) break;
        return delivery_violation(*ind.chunk, *ind.node);
      }
      resolve_port_rule(ind);
      if (best && *ind.step > *best->step) break;
      if (!best || rank(ind) < rank(*best)) best = ind;
    }
    if (!best) throw std::logic_error("z3: sat, but no indicator fires in the model");
    return Violation{best->rule,
                     best->step,
                     best->transfer,
                     best->node,
                     best->chunk,
                     "step " + std::to_string(*best->step) + " transfer " +
                         std::to_string(*best->transfer) + ": " +
                         std::string(to_string(best->rule))};
  }

  const Collective& col_;
  Digits digits_;
  std::uint64_t chunks_;
  bool timed_;
  std::vector<z3::expr> held_, acq_;  // state at the start of the current step
};

}  // namespace

SmtVerdict smt_check(const Network& t, const Schedule& s, unsigned timeout_ms) {
  const auto t0 = std::chrono::steady_clock::now();
  SmtVerdict out;
  if (t.needs_switched_model())
    throw InputError(
        "the Z3 checker on a network of switches or directed links is not implemented yet "
        "(the dense simulator checks such a schedule)");
  if (s.collective.combining()) {
    out = smt::check_registers(t, s, timeout_ms);
  } else {
    const std::uint64_t terms = validate(t, s);
    out = Encoding(t, s, timeout_ms).decide();
    out.terms = terms;
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace netsched
