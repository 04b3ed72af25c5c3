#include "verify/blocks.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <mutex>

#include "core/parallel.hpp"
#include "verify/port_rules.hpp"

namespace netsched {
namespace {

/// The schedule flattened for the walk: transfers in (step, index) order and, per node and
/// acquisition time, the transfers of that node whose window admits the time.
struct Plan {
  Digits digits;
  std::size_t words = 0;
  std::uint64_t n = 0;
  std::size_t steps = 0;
  std::vector<std::uint32_t> step, from, to, payload;
  std::vector<std::vector<std::uint64_t>>
      boxes;  // per payload: disjoint destination boxes, flattened
  std::vector<const Selector*> sel;
  std::vector<std::size_t> time_off;     // node -> its acquisition times in `times`
  std::vector<std::uint32_t> times;      // 0 and s+1 for every step s the node receives in
  std::vector<std::size_t> cand_off;     // time slot -> its candidates in `cand`
  std::vector<std::uint32_t> cand;       // transfer indices, increasing step
  std::vector<std::uint32_t> node_bits;  // per node, per digit: the bit of its digit value in a box

  bool contains_node(const std::uint64_t* box, std::uint32_t v) const {
    for (std::size_t i = 0, k = digits.size(); i < k; ++i) {
      const std::uint32_t bit = node_bits[v * k + i];
      if (!(box[bit / 64] >> (bit % 64) & 1)) return false;
    }
    return true;
  }

  // The slot of acquisition time t at node v.
  std::size_t slot(std::uint32_t v, std::uint32_t t) const {
    const auto b = times.begin() + static_cast<std::ptrdiff_t>(time_off[v]);
    const auto e = times.begin() + static_cast<std::ptrdiff_t>(time_off[v + 1]);
    return static_cast<std::size_t>(std::lower_bound(b, e, t) - times.begin());
  }
};

/// A selector's destinations as disjoint boxes: its boxes made disjoint (or every id), cut by
/// its dest_in ranges.
std::vector<std::uint64_t> disjoint_boxes(const Digits& d, const Selector& sel) {
  std::vector<DigitBox> boxes;
  if (sel.dest_boxes.empty()) boxes.push_back(full_box(d));
  for (const DigitBox& b : sel.dest_boxes) {
    std::vector<DigitBox> pieces{b};
    for (const DigitBox& earlier : boxes) {
      std::vector<DigitBox> next;
      for (const DigitBox& p : pieces) subtract(d, p, earlier, next);
      pieces = std::move(next);
    }
    boxes.insert(boxes.end(), pieces.begin(), pieces.end());
  }
  if (!sel.dest_in.empty()) {
    std::vector<IdRange> rs = sel.dest_in;
    std::sort(rs.begin(), rs.end(), [](const IdRange& a, const IdRange& b) { return a.lo < b.lo; });
    std::vector<DigitBox> ranges, cut;
    std::uint64_t next = 0;  // ranges are cut to what earlier ones did not cover
    for (const IdRange& r : rs) {
      const std::uint64_t lo = std::max<std::uint64_t>(r.lo, next);
      if (lo <= r.hi) range_boxes(d, lo, r.hi, ranges);
      next = std::max<std::uint64_t>(next, static_cast<std::uint64_t>(r.hi) + 1);
    }
    DigitBox both{std::vector<std::uint64_t>(d.words())};
    for (const DigitBox& a : ranges)
      for (const DigitBox& b : boxes)
        if (intersect(d, a.w.data(), b.w.data(), both.w.data())) cut.push_back(both);
    boxes = std::move(cut);
  }
  std::vector<std::uint64_t> flat;
  for (const DigitBox& b : boxes) flat.insert(flat.end(), b.w.begin(), b.w.end());
  return flat;
}

Plan make_plan(const Schedule& s, std::size_t last_step, std::size_t last_transfer) {
  Plan p;
  p.n = s.collective.nodes();
  p.digits = s.digits.empty() ? Digits({static_cast<std::uint32_t>(p.n)}) : schedule_digits(s);
  p.words = p.digits.words();
  p.steps = std::min(s.steps.size(), last_step + 1);
  for (std::size_t si = 0; si < p.steps; ++si) {
    const auto& tr = s.steps[si].transfers;
    const std::size_t count = si == last_step ? std::min(tr.size(), last_transfer + 1) : tr.size();
    for (std::size_t ti = 0; ti < count; ++ti) {
      p.step.push_back(static_cast<std::uint32_t>(si));
      p.from.push_back(tr[ti].from.v);
      p.to.push_back(tr[ti].to.v);
      p.payload.push_back(tr[ti].payload);
    }
  }
  for (const Payload& pl : s.payloads) {
    p.sel.push_back(&*pl.select);
    p.boxes.push_back(disjoint_boxes(p.digits, *pl.select));
  }
  for (std::uint64_t v = 0; v < p.n; ++v)
    for (std::size_t i = 0; i < p.digits.size(); ++i)
      p.node_bits.push_back(static_cast<std::uint32_t>(p.digits.first(i) + p.digits.digit(v, i)));
  // Acquisition times and outgoing transfers per node.
  const std::size_t n = p.n, g_count = p.step.size();
  std::vector<std::vector<std::uint32_t>> recv(n), out(n);
  for (std::size_t g = 0; g < g_count; ++g) {
    out[p.from[g]].push_back(static_cast<std::uint32_t>(g));
    recv[p.to[g]].push_back(p.step[g] + 1);
  }
  p.time_off.assign(n + 1, 0);
  p.cand_off.push_back(0);
  for (std::size_t v = 0; v < n; ++v) {
    auto& ts = recv[v];
    ts.push_back(0);
    std::sort(ts.begin(), ts.end());
    ts.erase(std::unique(ts.begin(), ts.end()), ts.end());
    for (std::uint32_t t : ts) {
      p.times.push_back(t);
      for (std::uint32_t g : out[v]) {
        if (p.step[g] < t) continue;
        if (in_ranges(p.sel[p.payload[g]]->acquired_in, t)) p.cand.push_back(g);
      }
      p.cand_off.push_back(p.cand.size());
    }
    p.time_off[v + 1] = p.times.size();
    std::vector<std::uint32_t>().swap(ts);
  }
  return p;
}

/// The chunks of up to 64 origins at a time. A block holds, for the origins of its mask, the
/// chunks of its destinations; a receipt that matches a block of the same node, time and box
/// joins it (the origins of a cluster travel together once packed, so a group costs little
/// more than one origin).
class Walker {
 public:
  explicit Walker(const Plan& p)
      : counts(p.step.size(), 0), p_(p), at_(p.n), got_(p.n, 0), bucket_(p.steps), tmp_(p.words) {}

  /// Walks origins first..first+count-1 (count <= 64); returns the first (origin, destination)
  /// whose chunk is never delivered, if any.
  std::optional<std::pair<std::uint32_t, std::uint32_t>> run(std::uint32_t first,
                                                             std::uint32_t count) {
    for (auto v : touched_) at_[v].clear();
    touched_.clear();
    for (auto v : reached_) got_[v] = 0;
    reached_.clear();
    time_.clear();
    from_.clear();
    mask_.clear();
    pool_.clear();
    const DigitBox all = full_box(p_.digits);
    for (std::uint32_t k = 0; k < count; ++k) {  // origin o holds chunks o*N+d, d != o
      std::vector<DigitBox> others;
      subtract(p_.digits, all, point_box(p_.digits, first + k), others);
      for (const DigitBox& b : others) add(first + k, 0, std::uint64_t{1} << k, b.w.data(), 0);
    }
    const std::size_t w = p_.words;
    for (std::size_t s = 0; s < p_.steps; ++s) {
      pending_.clear();
      pending_to_.clear();
      pending_mask_.clear();
      for (const auto& [b, g] : bucket_[s]) {
        std::uint64_t mask = mask_[b];
        if (!mask) continue;
        const Selector& sel = *p_.sel[p_.payload[g]];
        if (!sel.origin_in.empty())
          for (std::uint32_t k = 0; k < count; ++k)
            if (!in_ranges(sel.origin_in, first + k)) mask &= ~(std::uint64_t{1} << k);
        if (!mask) continue;
        const auto& boxes = p_.boxes[p_.payload[g]];
        for (std::size_t k = 0; k < boxes.size(); k += w) {
          if (!intersect(p_.digits, &pool_[b * w], &boxes[k], tmp_.data())) continue;
          counts[g] +=
              static_cast<std::uint64_t>(std::popcount(mask)) * volume(p_.digits, tmp_.data());
          pending_.insert(pending_.end(), tmp_.begin(), tmp_.end());
          pending_to_.push_back(p_.to[g]);
          pending_mask_.push_back(mask);
        }
      }
      bucket_[s].clear();
      for (std::size_t i = 0; i < pending_to_.size(); ++i)
        receive(pending_to_[i], pending_mask_[i], &pending_[i * w], static_cast<std::uint32_t>(s));
    }
    const std::uint64_t group = count == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << count) - 1;
    std::optional<std::pair<std::uint32_t, std::uint32_t>> worst;
    std::uint64_t seen = 0;  // origins with a missing destination found (the first is the smallest)
    for (std::uint32_t d = 0; d < p_.n && seen != group; ++d) {
      std::uint64_t need = group & ~seen;
      if (d >= first && d < first + count) need &= ~(std::uint64_t{1} << (d - first));
      const std::uint64_t missing = need & ~got_[d];
      if (!missing) continue;
      seen |= missing;
      const std::pair<std::uint32_t, std::uint32_t> here{
          first + static_cast<std::uint32_t>(std::countr_zero(missing)), d};
      if (!worst || here < *worst) worst = here;
    }
    return worst;
  }

  std::vector<std::uint64_t>
      counts;  ///< chunks carried per transfer, summed over the origins walked

 private:
  // A block at node v acquired at time t; its transfers from step `from` on. A block no
  // transfer can pick any more matters only for delivery, and is not kept.
  void add(std::uint32_t v, std::uint32_t t, std::uint64_t mask, const std::uint64_t* box,
           std::uint32_t from) {
    if ((got_[v] | mask) != got_[v] && p_.contains_node(box, v)) {
      if (!got_[v]) reached_.push_back(v);
      got_[v] |= mask;
    }
    const std::size_t slot = p_.slot(v, t);
    auto b = p_.cand.begin() + static_cast<std::ptrdiff_t>(p_.cand_off[slot]);
    const auto e = p_.cand.begin() + static_cast<std::ptrdiff_t>(p_.cand_off[slot + 1]);
    if (from > t)
      b = std::lower_bound(b, e, from,
                           [&](std::uint32_t g, std::uint32_t s) { return p_.step[g] < s; });
    if (b == e) return;
    const std::size_t w = p_.words;
    for (auto it = at_[v].rbegin(); it != at_[v].rend(); ++it) {
      const std::uint32_t f = *it;
      if (mask_[f] && time_[f] == t && from_[f] == from && !(mask_[f] & mask) &&
          std::equal(box, box + w, &pool_[f * w])) {
        mask_[f] |= mask;
        return;
      }
    }
    const auto id = static_cast<std::uint32_t>(time_.size());
    time_.push_back(t);
    from_.push_back(from);
    mask_.push_back(mask);
    pool_.insert(pool_.end(), box, box + w);
    if (at_[v].empty()) touched_.push_back(v);
    at_[v].push_back(id);
    for (; b != e; ++b) bucket_[p_.step[*b]].push_back({id, *b});
  }

  // Receipt at the end of step s: older copies of these chunks at v take the new time.
  void receive(std::uint32_t v, std::uint64_t mask, const std::uint64_t* box, std::uint32_t s) {
    const std::size_t w = p_.words, held = at_[v].size();
    std::optional<DigitBox> arriving;  // built only when an older copy overlaps (rare)
    for (std::size_t i = 0; i < held; ++i) {
      const std::uint32_t e = at_[v][i];
      const std::uint64_t both = mask_[e] & mask;
      if (!both || !intersect(p_.digits, &pool_[e * w], box, tmp_.data())) continue;
      const std::uint64_t rest = mask_[e] & ~mask;
      mask_[e] = 0;
      DigitBox old{
          std::vector<std::uint64_t>(pool_.begin() + static_cast<std::ptrdiff_t>(e * w),
                                     pool_.begin() + static_cast<std::ptrdiff_t>((e + 1) * w))};
      if (rest) add(v, time_[e], rest, old.w.data(), s + 1);
      std::vector<DigitBox> pieces;
      if (!arriving) arriving = DigitBox{std::vector<std::uint64_t>(box, box + w)};
      subtract(p_.digits, old, *arriving, pieces);
      for (const DigitBox& r : pieces) add(v, time_[e], both, r.w.data(), s + 1);
    }
    add(v, s + 1, mask, box, s + 1);
  }

  const Plan& p_;
  std::vector<std::vector<std::uint32_t>> at_;  // blocks per node
  std::vector<std::uint32_t> touched_;
  std::vector<std::uint64_t> got_;  // per destination: origins whose chunk reached it
  std::vector<std::uint32_t> reached_;
  std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>>
      bucket_;  // (block, transfer) per step
  std::vector<std::uint32_t> time_, from_;
  std::vector<std::uint64_t> mask_;  // 0 = replaced
  std::vector<std::uint64_t> pool_, tmp_, pending_, pending_mask_;
  std::vector<std::uint32_t> pending_to_;
};

}  // namespace

bool blocks_apply(const Schedule& s) {
  return s.collective.kind() == Collective::Kind::TotalExchange &&
         std::all_of(s.payloads.begin(), s.payloads.end(),
                     [](const Payload& p) { return p.select.has_value(); });
}

CheckResult simulate_blocks(const Network& t, const Schedule& s, unsigned threads,
                            const Progress& progress) {
  if (!blocks_apply(s))
    throw std::invalid_argument(
        "the block checker handles total exchanges of selector payloads only");
  CheckResult r;
  r.engine = Engine::Blocks;
  r.steps = s.steps.size();
  r.transfers = s.num_transfers();
  // Links and ports do not depend on what is carried: find their first violation first; the
  // walk then covers the transfers up to it (an empty payload before it comes first).
  std::optional<Violation> first;
  std::size_t last_step = s.steps.empty() ? 0 : s.steps.size() - 1;
  std::size_t last_transfer = s.steps.empty() ? 0 : s.steps.back().transfers.size();
  PortRules ports(t, s.model);
  for (std::size_t si = 0; si < s.steps.size() && !first; ++si) {
    ports.start_step();
    const auto& tr = s.steps[si].transfers;
    for (std::size_t ti = 0; ti < tr.size() && !first; ++ti) {
      if (auto v = ports.edge(si, ti, tr[ti]))
        first = std::move(v);
      else if (auto w = ports.ports(si, ti, tr[ti]))
        first = std::move(w);
      if (first) last_step = si, last_transfer = ti;
    }
  }
  const Plan plan = make_plan(s, last_step, last_transfer);
  const std::uint32_t n = static_cast<std::uint32_t>(plan.n);
  std::atomic<std::uint32_t> done{0};
  std::mutex mu;
  std::vector<std::uint64_t> counts(plan.step.size(), 0);
  std::optional<std::pair<std::uint32_t, std::uint32_t>> missing;  // (origin, destination)
  const std::uint32_t groups = (n + 63) / 64;
  struct Scratch {
    Walker w;
    std::optional<std::pair<std::uint32_t, std::uint32_t>> mine;  // (origin, destination)
  };
  auto group = [&](Scratch& scratch, std::uint64_t g64) {
    const auto g = static_cast<std::uint32_t>(g64);
    const std::uint32_t count = std::min<std::uint32_t>(64, n - 64 * g);
    if (auto m = scratch.w.run(64 * g, count); m && (!scratch.mine || *m < *scratch.mine))
      scratch.mine = m;
    if (progress) progress(std::min<std::uint64_t>(n, 64 * std::uint64_t{++done}), n);
  };
  auto merge = [&](Scratch& scratch) {
    std::lock_guard<std::mutex> lock(mu);
    for (std::size_t g = 0; g < counts.size(); ++g) counts[g] += scratch.w.counts[g];
    if (scratch.mine && (!missing || *scratch.mine < *missing)) missing = scratch.mine;
  };
  parallel_items(
      groups, threads,
      [&] {
        return Scratch{Walker(plan), std::nullopt};
      },
      group, merge);
  auto fail = [&](Violation v) {
    r.verdict = Verdict::violated(std::move(v));
    return r;
  };
  std::uint64_t largest = 0;
  for (std::size_t g = 0, start = 0; g < counts.size(); ++g) {
    if (g > 0 && plan.step[g] != plan.step[g - 1]) start = g;
    const std::size_t si = plan.step[g], ti = g - start;
    // an edge violation precedes the payload rules of its own transfer; a port violation does not
    const bool before_first =
        !first || si < last_step || ti < last_transfer || first->rule != Rule::Edge;
    if (counts[g] == 0 && before_first)
      return fail({Rule::EmptyPayload, si, ti, NodeId(plan.from[g]), std::nullopt,
                   step_transfer(si, ti) + "the selector picks no chunk the sender holds"});
    largest = std::max(largest, counts[g]);
    if (g + 1 == counts.size() || plan.step[g + 1] != si) {
      r.payload_sum += largest;
      largest = 0;
    }
  }
  if (first) return fail(std::move(*first));
  if (missing) {
    const auto [o, d] = *missing;
    const std::uint64_t ch = static_cast<std::uint64_t>(o) * n + d;
    return fail(delivery_violation(ch, NodeId(d)));
  }
  r.verdict = Verdict::holds();
  return r;
}

}  // namespace netsched
