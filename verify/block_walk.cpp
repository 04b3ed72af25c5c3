// The block walk's plan: transfers flattened, destination boxes made disjoint, candidates per
// node and acquisition time (verify/block_walk.hpp).
#include "verify/block_walk.hpp"

#include <climits>
#include <stdexcept>
#include <string>

#include "core/errors.hpp"

namespace netsched {
namespace {

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

/// Per node: its acquisition times (slots), each slot's candidates, and the slot each transfer
/// into it arrives in.
void index_slots(Plan& p) {
  const std::size_t n = p.n, g_count = p.step.size();
  std::vector<std::vector<std::uint32_t>> in(n), out(n);  // transfers into / out of each node
  for (std::size_t g = 0; g < g_count; ++g) {
    out[p.from[g]].push_back(static_cast<std::uint32_t>(g));
    in[p.arrival[g].to].push_back(static_cast<std::uint32_t>(g));
  }
  p.time_off.assign(n + 1, 0);
  p.cand_off.push_back(0);
  std::vector<std::uint32_t> ts;
  for (std::size_t v = 0; v < n; ++v) {
    ts.assign(1, 0);
    for (std::uint32_t g : in[v]) ts.push_back(p.step[g] + 1);
    std::sort(ts.begin(), ts.end());
    ts.erase(std::unique(ts.begin(), ts.end()), ts.end());
    for (std::uint32_t t : ts) {
      for (std::uint32_t g : out[v]) {
        if (p.step[g] < t) continue;
        if (in_ranges(p.sel[p.arrival[g].payload]->acquired_in, t))
          p.cand.push_back({p.step[g], g});
      }
      p.cand_off.push_back(p.cand.size());
    }
    for (std::uint32_t g : in[v]) {
      const auto at = std::lower_bound(ts.begin(), ts.end(), p.step[g] + 1) - ts.begin();
      p.arrival[g].slot = p.slot(p.time_off[v] + static_cast<std::size_t>(at));
    }
    p.time_off[v + 1] = p.cand_off.size() - 1;
    std::vector<std::uint32_t>().swap(in[v]);
    std::vector<std::uint32_t>().swap(out[v]);
  }
  const std::size_t slots = p.cand_off.size() - 1;
  if (slots > UINT32_MAX || p.cand.size() > UINT32_MAX ||
      p.box_pool.size() / std::max<std::size_t>(p.words, 1) > UINT32_MAX)
    throw InputError(
        "the block walk numbers acquisition slots, their candidates and destination boxes in "
        "32 bits (at most 4,294,967,295 each); this schedule has " +
        std::to_string(slots) + ", " + std::to_string(p.cand.size()) + " and " +
        std::to_string(p.box_pool.size() / std::max<std::size_t>(p.words, 1)));
}

}  // namespace

Plan make_plan(const Schedule& s, std::size_t last_step, std::size_t last_transfer) {
  Plan p;
  p.n = s.collective.nodes();
  p.digits = box_digits(s);
  p.words = p.digits.words();
  p.steps = std::min(s.steps.size(), last_step + 1);
  std::size_t total = 0;
  for (std::size_t si = 0; si < p.steps; ++si) total += s.steps[si].transfers.size();
  p.step.reserve(total);
  p.from.reserve(total);
  p.arrival.reserve(total);
  for (std::size_t si = 0; si < p.steps; ++si) {
    const auto& tr = s.steps[si].transfers;
    const std::size_t count = si == last_step ? std::min(tr.size(), last_transfer + 1) : tr.size();
    for (std::size_t ti = 0; ti < count; ++ti) {
      p.step.push_back(static_cast<std::uint32_t>(si));
      p.from.push_back(tr[ti].from.v);
      p.arrival.push_back({tr[ti].to.v, tr[ti].payload, {}});
    }
  }
  for (const Payload& pl : s.payloads) {
    p.sel.push_back(&*pl.select);
    const std::vector<std::uint64_t> boxes = disjoint_boxes(p.digits, *pl.select);
    p.payload_boxes.push_back({static_cast<std::uint32_t>(p.box_pool.size() / p.words),
                               static_cast<std::uint32_t>(boxes.size() / p.words),
                               !pl.select->origin_in.empty()});
    p.box_pool.insert(p.box_pool.end(), boxes.begin(), boxes.end());
  }
  for (std::uint64_t v = 0; v < p.n; ++v)
    for (std::size_t i = 0; i < p.digits.size(); ++i)
      p.node_bits.push_back(static_cast<std::uint32_t>(p.digits.first(i) + p.digits.digit(v, i)));
  index_slots(p);
  return p;
}

}  // namespace netsched
