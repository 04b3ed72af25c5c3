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
// A switch w of a switched network holds copies instead: k[t][w][c], an Int, the copies received
// and not yet sent on (h = k > 0); switch-copy fires where the step's sends of c from w so far
// exceed k[t][w][c], and k[t+1] = k[t] - sends + receipts.
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
        if (v >= ranks_) copies_.push_back(ctx_.int_val(0));
      }
  }

  /// Encodes every step and delivery, and asks whether some indicator can fire.
  SmtVerdict decide() {
    for (std::uint64_t st = 0; st < s_.steps.size(); ++st) step(st);
    for (std::uint64_t c = 0; c < chunks_; ++c)
      for (std::uint64_t v = 0; v < ranks_; ++v)
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
    std::map<std::uint64_t, std::vector<z3::expr>> out;     // ... out of a switch, by (w, c)
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
      for (auto& [c, e] : carried_chunks) {
        into[x.to.v * chunks_ + c].push_back(e);
        if (x.from.v >= ranks_) switch_copy(st, i, x.from, c, e, out[x.from.v * chunks_ + c]);
      }
    }
    port_rules(st);
    advance(st, into, out);
  }

  /// Switch-copy for switch w sending chunk c in transfer i (e: whether it carries c): its sends
  /// of c in this step so far, this one included, exceed the copies it holds.
  void switch_copy(std::uint64_t st, std::uint64_t i, NodeId w, std::uint64_t c, const z3::expr& e,
                   std::vector<z3::expr>& sends) {
    sends.push_back(e);
    indicate(e && count(sends) > copies_[(w.v - ranks_) * chunks_ + c], Rule::SwitchCopy, st, i, w,
             c);
  }

  z3::expr count(const std::vector<z3::expr>& carried) {
    z3::expr_vector ones(ctx_);
    for (const z3::expr& e : carried) ones.push_back(z3::ite(e, ctx_.int_val(1), ctx_.int_val(0)));
    return z3::sum(ones);
  }

  /// A switch's copies after the step: k[t+1] = k[t] - its sends + its receipts, h = k > 0.
  void advance_switches(std::uint64_t st, const std::vector<std::vector<z3::expr>>& into,
                        const std::map<std::uint64_t, std::vector<z3::expr>>& out) {
    std::set<std::uint64_t> moved;
    for (const auto& [k, sends] : out) moved.insert(k);
    for (std::uint64_t k = ranks_ * chunks_; k < n_ * chunks_; ++k)
      if (!into[k].empty()) moved.insert(k);
    for (const std::uint64_t k : moved) {
      const std::uint64_t v = k / chunks_, c = k % chunks_;
      z3::expr& copies = copies_[k - ranks_ * chunks_];
      z3::expr next = copies + (into[k].empty() ? ctx_.int_val(0) : count(into[k]));
      if (const auto it = out.find(k); it != out.end()) next = next - count(it->second);
      const z3::expr after = ctx_.int_const(var("k", st + 1, v, c).c_str());
      solver_.add(after == next);
      copies = after;
      held_[k] = after > 0;
      ++variables_;
      if (timed_ && !into[k].empty()) acquire(st, k, v, c, into[k]);
    }
  }

  /// h[t+1][v][c] = h[t][v][c] or some transfer into v carries c (and a[t+1] likewise), as
  /// fresh variables defined by equations; a switch's copies by advance_switches.
  void advance(std::uint64_t st, const std::vector<std::vector<z3::expr>>& into,
               const std::map<std::uint64_t, std::vector<z3::expr>>& out) {
    if (ranks_ < n_) advance_switches(st, into, out);
    for (std::uint64_t v = 0; v < ranks_; ++v)
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
        if (timed_) acquire(st, k, v, c, into[k]);
      }
  }

  /// a[t+1][v][c]: step st + 1 where some transfer into v carries c, else a[t][v][c].
  void acquire(std::uint64_t st, std::uint64_t k, std::uint64_t v, std::uint64_t c,
               const std::vector<z3::expr>& arriving) {
    z3::expr_vector arrivals(ctx_);
    for (const auto& e : arriving) arrivals.push_back(e);
    const z3::expr a = ctx_.int_const(var("a", st + 1, v, c).c_str());
    solver_.add(a == z3::ite(z3::mk_or(arrivals), ctx_.int_val(static_cast<int>(st + 1)), acq_[k]));
    acq_[k] = a;
    ++variables_;
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
  std::vector<z3::expr> copies_;      // a switch's copies, (w - ranks_) x chunks
};

}  // namespace

SmtVerdict smt_check(const Network& t, const Schedule& s, unsigned timeout_ms) {
  const auto t0 = std::chrono::steady_clock::now();
  SmtVerdict out;
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
