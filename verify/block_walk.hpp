#pragma once
/// The block walk shared by the block checker (verify/blocks.cpp) and the symmetric checker
/// (verify/symmetric.cpp): the schedule flattened per node and acquisition time, and the
/// walker that follows the chunks of up to 64 origins as digit-box blocks (verify/blocks.hpp
/// says why this is exact).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "core/network.hpp"
#include "core/schedule.hpp"
#include "verify/simulator.hpp"

namespace netsched {

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

/// The first link or port violation of a schedule (these rules do not depend on what is
/// carried), and the last transfer a walk must cover: the violating one, or the very last.
struct LinkScan {
  std::optional<Violation> first;
  std::size_t last_step = 0, last_transfer = 0;
};
LinkScan scan_links_and_ports(const Network& t, const Schedule& s);

/// The plan of `s` up to transfer `last_transfer` of step `last_step` (inclusive).
Plan make_plan(const Schedule& s, std::size_t last_step, std::size_t last_transfer);

/// The chunks of up to 64 origins at a time. A block holds, for the origins of its mask, the
/// chunks of its destinations; a receipt that matches a block of the same node, time and box
/// joins it (the origins of a cluster travel together once packed, so a group costs little
/// more than one origin).
class Walker {
 public:
  explicit Walker(const Plan& p)
      : counts(p.step.size(), 0), p_(p), at_(p.n), got_(p.n, 0), bucket_(p.steps), tmp_(p.words) {}

  /// Walks the given origins (at most 64, increasing); returns the first (origin, destination)
  /// whose chunk is never delivered, if any.
  std::optional<std::pair<std::uint32_t, std::uint32_t>> run(
      const std::vector<std::uint32_t>& origins) {
    const auto count = static_cast<std::uint32_t>(origins.size());
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
      subtract(p_.digits, all, point_box(p_.digits, origins[k]), others);
      for (const DigitBox& b : others) add(origins[k], 0, std::uint64_t{1} << k, b.w.data(), 0);
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
            if (!in_ranges(sel.origin_in, origins[k])) mask &= ~(std::uint64_t{1} << k);
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
      const auto self = std::lower_bound(origins.begin(), origins.end(), d);
      if (self != origins.end() && *self == d)
        need &= ~(std::uint64_t{1} << (self - origins.begin()));
      const std::uint64_t missing = need & ~got_[d];
      if (!missing) continue;
      seen |= missing;
      const std::pair<std::uint32_t, std::uint32_t> here{
          origins[static_cast<std::size_t>(std::countr_zero(missing))], d};
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

/// What a share of the origin groups contributes: chunks carried per planned transfer (summed
/// over its origins) and its first undelivered (origin, destination).
struct BlockShare {
  std::vector<std::uint64_t> counts;
  std::optional<std::pair<std::uint32_t, std::uint32_t>> missing;
};
/// Walks `origins` (increasing) in groups of 64 consecutive entries, the groups g with
/// g % parts == part; progress counts origins walked.
BlockShare walk_origins(const Plan& plan, const std::vector<std::uint32_t>& origins,
                        std::uint32_t part, std::uint32_t parts, unsigned threads = 0,
                        const Progress& progress = {});
/// walk_origins over every origin: the origin groups g (64 origins each) with g % parts == part.
/// The shares of part = 0..parts-1, counts summed and the smallest missing pair taken, are the
/// whole walk (the distributed check reduces them over MPI ranks).
BlockShare walk_block_share(const Plan& plan, std::uint32_t part, std::uint32_t parts,
                            unsigned threads = 0, const Progress& progress = {});

/// The block engines' verdict from the chunks each planned transfer carries (summed over every
/// origin) and the first undelivered (origin, destination): an empty payload before the first
/// link or port violation, that violation, then delivery; figures as the dense simulator's.
CheckResult blocks_verdict(const Schedule& s, const Plan& plan, const LinkScan& scan,
                           const std::vector<std::uint64_t>& counts,
                           const std::optional<std::pair<std::uint32_t, std::uint32_t>>& missing,
                           Engine engine);

}  // namespace netsched
