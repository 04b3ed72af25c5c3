// The dense engine (verify/dense.hpp): a node x chunk table of bits, the rules of
// ARCHITECTURE.md checked step by step in their order, the first violation with its witness.
#include "verify/dense.hpp"

#include <algorithm>
#include <unordered_map>

#include "core/enum_names.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/structure.hpp"
#include "core/text.hpp"
#include "verify/port_rules.hpp"

namespace netsched {
namespace {

/// Which node holds which chunk: a dense bitset of N x C bits, and, when the schedule selects
/// by acquisition time, the latest time each node obtained each chunk (0 = held from the start
/// and never received since, s+1 = last received in step s).
class Holdings {
 public:
  Holdings(std::uint64_t nodes, std::uint64_t chunks, bool timed, std::uint64_t steps)
      : chunks_(chunks) {
    const unsigned __int128 pairs = static_cast<unsigned __int128>(nodes) * chunks;
    if (pairs > kDenseMaxPairs)
      throw InputError("schedule has " + std::to_string(chunks) + " chunks on " +
                       std::to_string(nodes) +
                       " nodes: too large for the dense simulator (over the limit " +
                       limit_text("kDenseMaxPairs", kDenseMaxPairs) + " node-chunk pairs)");
    if (timed && (pairs > kDenseMaxTimedPairs || steps > kDenseMaxTimedSteps))
      throw InputError("acquisition-time selectors on " + std::to_string(nodes) + " nodes, " +
                       std::to_string(chunks) + " chunks and " + std::to_string(steps) +
                       " steps: too large for the dense simulator (limits " +
                       limit_text("kDenseMaxTimedPairs", kDenseMaxTimedPairs) +
                       " node-chunk pairs, " +
                       limit_text("kDenseMaxTimedSteps", kDenseMaxTimedSteps) + " steps)");
    bits_.assign(static_cast<std::size_t>((pairs + 63) / 64), 0);
    if (timed) time_.assign(static_cast<std::size_t>(pairs), 0);
  }
  bool has(std::uint32_t node, std::uint64_t chunk) const {
    const std::uint64_t i = node * chunks_ + chunk;
    return bits_[i >> 6] >> (i & 63) & 1;
  }
  /// Records that `node` obtains `chunk` at `time` (again, possibly); whether it is new there.
  bool add(std::uint32_t node, std::uint64_t chunk, std::uint32_t time) {
    const std::uint64_t i = node * chunks_ + chunk;
    const std::uint64_t bit = 1ull << (i & 63);
    const bool fresh = (bits_[i >> 6] & bit) == 0;
    bits_[i >> 6] |= bit;
    if (!time_.empty()) time_[i] = static_cast<std::uint16_t>(time);
    return fresh;
  }
  std::uint32_t acquired(std::uint32_t node, std::uint64_t chunk) const {
    return time_[node * chunks_ + chunk];
  }
  /// A switch that forwarded its last copy of `chunk` no longer holds it.
  void remove(std::uint32_t node, std::uint64_t chunk) {
    const std::uint64_t i = node * chunks_ + chunk;
    bits_[i >> 6] &= ~(1ull << (i & 63));
  }

 private:
  std::uint64_t chunks_;
  std::vector<std::uint64_t> bits_;
  std::vector<std::uint16_t> time_;
};

/// What the switches of a switched network hold: how many copies of each chunk each received
/// and has not yet sent on (a switch does not copy: each receipt leaves once).
class SwitchCopies {
 public:
  explicit SwitchCopies(std::uint64_t chunks) : chunks_(chunks) {}
  /// Whether switch w may send one more copy of `chunk` in this step (it received more than it
  /// has sent, counting this step's sends so far); records the send.
  bool send(std::uint32_t w, std::uint64_t chunk) {
    const std::uint64_t key = w * chunks_ + chunk;
    const auto held = copies_.find(key);
    return held != copies_.end() && ++sent_[key] <= held->second;
  }
  /// The step's sends leave, its receipts at switches arrive; the chunks a switch no longer
  /// holds, for the caller to clear.
  template <class Cleared>
  void end_step(const std::vector<std::pair<std::uint32_t, std::uint64_t>>& received,
                const Cleared& cleared) {
    for (const auto& [w, chunk] : received) ++copies_[w * chunks_ + chunk];
    for (const auto& [key, n] : sent_)
      if ((copies_[key] -= n) == 0) {
        copies_.erase(key);
        cleared(static_cast<std::uint32_t>(key / chunks_), key % chunks_);
      }
    sent_.clear();
  }

 private:
  std::uint64_t chunks_;
  std::unordered_map<std::uint64_t, std::uint32_t> copies_, sent_;
};

}  // namespace

namespace {

/// The dense simulation: holdings as a node x chunk table, step by step.
class DenseRun {
 public:
  DenseRun(const Network& t, const Schedule& s, StepTrace* trace = nullptr)
      : s_(s),
        trace_(trace),
        c_(s.collective),
        n_(t.num_nodes()),
        ranks_(c_.nodes()),
        chunks_(c_.num_chunks()),
        digits_(schedule_digits(s)),
        held_(n_, chunks_, is_timed(s), s.steps.size()),
        ports_(t, s),
        switches_(chunks_) {
    if (trace_) {
      const bool keep = trace_->keep_chunks;
      *trace_ = StepTrace{std::vector<std::uint64_t>(n_, 0), {}, keep, {}, {}};
    }
    for (std::uint64_t ch = 0; ch < chunks_; ++ch)
      if (!c_.is_void(ch) && held_.add(c_.origin(ch).v, ch, 0) && trace_)
        ++trace_->initial[c_.origin(ch).v];
    if (trace_) count_ = trace_->initial;
  }

  CheckResult run() {
    CheckResult r;
    r.engine = Engine::Dense;
    r.steps = s_.steps.size();
    r.transfers = s_.num_transfers();
    for (std::uint64_t si = 0; si < s_.steps.size(); ++si) {
      if (auto v = step(si, r.payload_sum)) {
        r.verdict = Verdict::violated(std::move(*v));
        return r;
      }
    }
    if (auto v = deliver()) {
      r.verdict = Verdict::violated(std::move(*v));
      return r;
    }
    r.verdict = Verdict::holds();
    return r;
  }

 private:
  static bool is_timed(const Schedule& s) {
    return std::any_of(s.payloads.begin(), s.payloads.end(),
                       [](const Payload& p) { return p.select && !p.select->acquired_in.empty(); });
  }

  /// The chunks transfer x carries: its explicit list, or what its selector picks from the
  /// sender's holdings at the start of the step.
  void resolve(const Transfer& x, std::vector<std::uint64_t>& out) const {
    const Payload& p = s_.payloads[x.payload];
    if (!p.select) {
      out = p.chunks;
      return;
    }
    out.clear();
    const Selector& sel = *p.select;
    auto fresh = [&](std::uint64_t ch) {  // times are kept only for timed schedules
      return sel.acquired_in.empty() || in_ranges(sel.acquired_in, held_.acquired(x.from.v, ch));
    };
    const bool by_dest = !sel.dest_in.empty() || !sel.dest_boxes.empty();
    if (c_.kind() == Collective::Kind::TotalExchange && by_dest) {
      resolve_by_destination(x, sel, fresh, out);
      return;
    }
    for (std::uint64_t ch = 0; ch < chunks_; ++ch) {
      if (!held_.has(x.from.v, ch) || !in_ranges(sel.origin_in, c_.origin(ch).v) || !fresh(ch))
        continue;
      if (by_dest) {
        const auto d = c_.single_destination(ch);
        if (!d || !sel.admits_destination(digits_, d->v)) continue;
      }
      out.push_back(ch);
    }
  }

  /// A total exchange's chunk o*N + d: walk the selected destinations only.
  template <class Fresh>
  void resolve_by_destination(const Transfer& x, const Selector& sel, const Fresh& fresh,
                              std::vector<std::uint64_t>& out) const {
    auto take = [&](std::uint64_t d) {
      if (d >= ranks_ || !sel.admits_destination(digits_, static_cast<std::uint32_t>(d))) return;
      for (std::uint64_t o = 0; o < ranks_; ++o) {
        const std::uint64_t ch = o * ranks_ + d;
        if (held_.has(x.from.v, ch) && in_ranges(sel.origin_in, static_cast<std::uint32_t>(o)) &&
            fresh(ch))
          out.push_back(ch);
      }
    };
    if (!sel.dest_in.empty()) {
      for (const IdRange& range : sel.dest_in)
        for (std::uint64_t d = range.lo; d <= range.hi && d < ranks_; ++d) take(d);
    } else {
      for (const DigitBox& b : sel.dest_boxes) for_each_id(digits_, b, take);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
  }

  /// Step si: every transfer's rules in order, then the receipts (at the end of the step:
  /// causality reads the start). Adds the step's largest payload to payload_sum.
  std::optional<Violation> step(std::uint64_t si, std::uint64_t& payload_sum) {
    const auto& tr = s_.steps[si].transfers;
    carried_.resize(std::max(carried_.size(), tr.size()));
    std::uint64_t largest = 0;
    ports_.start_step();
    for (std::uint64_t ti = 0; ti < tr.size(); ++ti) {
      const Transfer& x = tr[ti];
      if (auto v = ports_.edge(si, ti, x)) return v;
      auto& here = carried_[ti];
      resolve(x, here);
      largest = std::max<std::uint64_t>(largest, here.size());
      if (here.empty())
        return Violation{
            Rule::EmptyPayload,
            si,
            ti,
            x.from,
            std::nullopt,
            step_transfer(si, ti) + (s_.payloads[x.payload].select
                                         ? "the selector picks no chunk the sender holds"
                                         : "the transfer carries no chunk")};
      for (auto ch : here)
        if (!held_.has(x.from.v, ch))
          return Violation{
              Rule::Causality,
              si,
              ti,
              x.from,
              ch,
              step_transfer(si, ti) + "node " + std::to_string(x.from.v) + " sends chunk " +
                  std::to_string(ch) + " it does not hold" +
                  (x.from.v < ranks_ ? "" : " (a switch holds a copy until it forwards it)")};
      if (auto v = switch_copy(si, ti, x, here)) return v;
      if (auto v = ports_.ports(si, ti, x)) return v;
    }
    receive(si, tr);
    if (trace_) record_step(tr);
    payload_sum += largest;
    return std::nullopt;
  }

  /// A switch sends each chunk at most as often as it received it (switched networks).
  std::optional<Violation> switch_copy(std::uint64_t si, std::uint64_t ti, const Transfer& x,
                                       const std::vector<std::uint64_t>& carried) {
    if (x.from.v < ranks_) return std::nullopt;
    for (const std::uint64_t ch : carried)
      if (!switches_.send(x.from.v, ch))
        return Violation{Rule::SwitchCopy,
                         si,
                         ti,
                         x.from,
                         ch,
                         step_transfer(si, ti) + "switch " + std::to_string(x.from.v) +
                             " sends chunk " + std::to_string(ch) +
                             " more often than it received it (a switch does not copy)"};
    return std::nullopt;
  }

  /// The receipts of step si, at the end of the step; a switch's sends leave it.
  void receive(std::uint64_t si, const std::vector<Transfer>& tr) {
    std::vector<std::pair<std::uint32_t, std::uint64_t>> at_switches;
    for (std::uint64_t ti = 0; ti < tr.size(); ++ti)
      for (auto ch : carried_[ti]) {
        if (tr[ti].to.v >= ranks_) at_switches.emplace_back(tr[ti].to.v, ch);
        if (held_.add(tr[ti].to.v, ch, static_cast<std::uint32_t>(si + 1)) && trace_)
          ++count_[tr[ti].to.v];
      }
    if (ranks_ < n_)
      switches_.end_step(at_switches,
                         [&](std::uint32_t w, std::uint64_t ch) { held_.remove(w, ch); });
  }

  /// The trace of a step that obeyed the step rules: what each transfer carried, and the
  /// holdings of its receivers after it.
  void record_step(const std::vector<Transfer>& tr) {
    auto& carried = trace_->carried.emplace_back();
    auto& held = trace_->held_after.emplace_back();
    if (trace_->keep_chunks) trace_->chunks.emplace_back();
    for (std::uint64_t ti = 0; ti < tr.size(); ++ti) {
      carried.push_back(carried_[ti].size());
      held.emplace_back(tr[ti].to.v, count_[tr[ti].to.v]);
      if (!trace_->keep_chunks) continue;
      std::vector<std::uint64_t> list(carried_[ti].begin(), carried_[ti].end());
      std::sort(list.begin(), list.end());
      trace_->chunks.back().push_back(std::move(list));
    }
  }

  /// Rule 4: every chunk at every one of its destinations.
  std::optional<Violation> deliver() const {
    for (std::uint64_t ch = 0; ch < chunks_; ++ch) {
      if (auto d = c_.single_destination(ch)) {
        if (!held_.has(d->v, ch)) return delivery_violation(ch, *d);
        continue;
      }
      if (c_.kind() == Collective::Kind::Multicast) {
        for (NodeId v : c_.groups()[ch])
          if (!held_.has(v.v, ch)) return delivery_violation(ch, v);
        continue;
      }
      for (std::uint32_t v = 0; v < ranks_; ++v)
        if (c_.is_destination(ch, NodeId(v)) && !held_.has(v, ch))
          return delivery_violation(ch, NodeId(v));
    }
    return std::nullopt;
  }

  const Schedule& s_;
  StepTrace* trace_;
  std::vector<std::uint64_t> count_;  ///< chunks held per node (kept when tracing)
  const Collective& c_;
  std::uint64_t n_, ranks_, chunks_;  ///< nodes, endpoints (the collective's), chunks
  Digits digits_;
  Holdings held_;
  PortRules ports_;
  SwitchCopies switches_;
  std::vector<std::vector<std::uint64_t>> carried_;
};

}  // namespace

CheckResult simulate_dense(const Network& t, const Schedule& s) { return DenseRun(t, s).run(); }

CheckResult simulate_traced(const Network& t, const Schedule& s, StepTrace& trace) {
  check_structure(t, s);
  if (s.collective.combining())
    throw InputError("a step trace follows chunks; this is " + with_article(s.collective.name()) +
                     " schedule of registers");
  check_schedule_memory(t, s);
  return figures_by_rule(DenseRun(t, s, &trace).run());
}

}  // namespace netsched
