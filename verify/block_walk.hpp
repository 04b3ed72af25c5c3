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
#include "verify/check_result.hpp"

namespace netsched {

/// The schedule flattened for the walk: transfers in (step, index) order and, per node and
/// acquisition time (a "slot"), the transfers of that node whose window admits the time. What
/// the walk reads per transfer and per candidate sits together, so a block costs one cache
/// miss per transfer it may take rather than one per array.
struct Plan {
  /// A slot and its candidates, cand[first, last).
  struct Slot {
    std::uint32_t id, first, last;
  };
  /// What a receipt by transfer g needs: its receiver, its payload and the receiver's slot
  /// for the time it arrives (step + 1).
  struct Arrival {
    std::uint32_t to, payload;
    Slot slot;
  };
  /// A transfer that may pick a block held in some slot, with its step.
  struct Candidate {
    std::uint32_t step, transfer;
  };
  Digits digits;
  std::size_t words = 0;
  std::uint64_t n = 0;
  std::size_t steps = 0;
  std::vector<std::uint32_t> step, from;
  std::vector<Arrival> arrival;
  /// A payload's disjoint destination boxes, box_pool[first * words, (first + count) *
  /// words), and whether its selector also filters origins (then `sel` says how).
  struct PayloadBoxes {
    std::uint32_t first, count;
    bool filters_origins;
  };
  std::vector<PayloadBoxes> payload_boxes;
  std::vector<std::uint64_t> box_pool;
  std::vector<const Selector*> sel;
  /// node -> its first slot; a node's slots are its acquisition times in increasing order:
  /// 0 and s+1 for every step s it receives in.
  std::vector<std::size_t> time_off;
  std::vector<std::size_t> cand_off;     // slot -> its candidates in `cand`
  std::vector<Candidate> cand;           // increasing step
  std::vector<std::uint32_t> node_bits;  // per node, per digit: the bit of its digit value in a box

  bool contains_node(const std::uint64_t* box, std::uint32_t v) const {
    for (std::size_t i = 0, k = digits.size(); i < k; ++i) {
      const std::uint32_t bit = node_bits[v * k + i];
      if (!(box[bit / 64] >> (bit % 64) & 1)) return false;
    }
    return true;
  }

  /// Slot `id` with its candidate range.
  Slot slot(std::size_t id) const {
    return {static_cast<std::uint32_t>(id), static_cast<std::uint32_t>(cand_off[id]),
            static_cast<std::uint32_t>(cand_off[id + 1])};
  }
  /// The slot of time 0 at node v (every node holds its own chunks from time 0).
  Slot first_slot(std::uint32_t v) const { return slot(time_off[v]); }
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
    for (auto v : touched_) at_[v].clear();
    touched_.clear();
    for (auto v : reached_) got_[v] = 0;
    reached_.clear();
    blocks_.clear();
    pool_.clear();
    const DigitBox all = full_box(p_.digits);
    for (std::uint32_t k = 0; k < origins.size(); ++k) {  // origin o holds chunks o*N+d, d != o
      std::vector<DigitBox> others;
      subtract(p_.digits, all, point_box(p_.digits, origins[k]), others);
      for (const DigitBox& b : others)
        add(origins[k], p_.first_slot(origins[k]), std::uint64_t{1} << k, b.w.data(), 0);
    }
    for (std::size_t s = 0; s < p_.steps; ++s) {
      carry(static_cast<std::uint32_t>(s), origins);
      deliver(static_cast<std::uint32_t>(s));
    }
    return first_missing(origins);
  }

  std::vector<std::uint64_t>
      counts;  ///< chunks carried per transfer, summed over the origins walked

 private:
  /// How many entries ahead the loops over a step's blocks and receipts ask for the memory
  /// they will read (the walk waits on memory, not on arithmetic).
  static constexpr std::size_t kAhead = 8;

  /// A chunk set a transfer carries, received at the end of its step.
  struct Receipt {
    Plan::Arrival arrival;
    std::uint64_t mask;
  };

  // The blocks that the transfers of step s take, as receipts (boxes in pending_boxes_).
  void carry(std::uint32_t s, const std::vector<std::uint32_t>& origins) {
    pending_.clear();
    pending_boxes_.clear();
    const std::size_t w = p_.words;
    const auto& bucket = bucket_[s];
    for (std::size_t j = 0; j < bucket.size(); ++j) {
      if (j + kAhead < bucket.size()) {
        const auto [b, g] = bucket[j + kAhead];
        __builtin_prefetch(&blocks_[b]);
        __builtin_prefetch(&pool_[b * w]);
        __builtin_prefetch(&p_.arrival[g]);
        __builtin_prefetch(&counts[g], 1);
      }
      if (j + kAhead / 2 < bucket.size())
        __builtin_prefetch(&p_.payload_boxes[p_.arrival[bucket[j + kAhead / 2].second].payload]);
      const auto [b, g] = bucket[j];
      std::uint64_t mask = blocks_[b].mask;
      if (!mask) continue;
      const Plan::Arrival& a = p_.arrival[g];
      const Plan::PayloadBoxes& pb = p_.payload_boxes[a.payload];
      if (pb.filters_origins)
        for (std::uint32_t k = 0; k < origins.size(); ++k)
          if (!in_ranges(p_.sel[a.payload]->origin_in, origins[k]))
            mask &= ~(std::uint64_t{1} << k);
      if (!mask) continue;
      const std::uint64_t* boxes = p_.box_pool.data() + std::size_t{pb.first} * w;
      for (std::size_t k = 0; k < pb.count; ++k) {
        if (!intersect(p_.digits, &pool_[b * w], &boxes[k * w], tmp_.data())) continue;
        counts[g] +=
            static_cast<std::uint64_t>(std::popcount(mask)) * volume(p_.digits, tmp_.data());
        pending_boxes_.insert(pending_boxes_.end(), tmp_.begin(), tmp_.end());
        pending_.push_back({a, mask});
      }
    }
    bucket_[s].clear();
  }

  // The receipts of step s, in order. (The prefetches stay in the loop: a function holding
  // only prefetches is found side-effect free and its calls dropped.)
  void deliver(std::uint32_t s) {
    for (std::size_t i = 0; i < pending_.size(); ++i) {
      // Ask for what later receipts will read, each level from what the one before brought:
      // receipt i + kAhead its node's entry list, digits and delivery mask and its slot's
      // candidates; i + kAhead / 2 the newest entry; i + kAhead / 4 that entry's block.
      if (i + kAhead < pending_.size()) {
        const Plan::Arrival& a = pending_[i + kAhead].arrival;
        __builtin_prefetch(&at_[a.to]);
        __builtin_prefetch(&got_[a.to]);
        __builtin_prefetch(&p_.node_bits[std::size_t{a.to} * p_.digits.size()]);
        __builtin_prefetch(p_.cand.data() + a.slot.first);
      }
      if (i + kAhead / 2 < pending_.size()) {
        const auto& held = at_[pending_[i + kAhead / 2].arrival.to];
        if (!held.empty()) __builtin_prefetch(&held.back());
      }
      if (i + kAhead / 4 < pending_.size()) {
        const auto& held = at_[pending_[i + kAhead / 4].arrival.to];
        if (!held.empty()) __builtin_prefetch(&blocks_[held.back()]);
      }
      receive(pending_[i], &pending_boxes_[i * p_.words], s);
    }
  }

  // The first (origin, destination) of the group whose chunk never arrived.
  std::optional<std::pair<std::uint32_t, std::uint32_t>> first_missing(
      const std::vector<std::uint32_t>& origins) const {
    const auto count = static_cast<std::uint32_t>(origins.size());
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

  // A block at node v acquired at the time of `slot`; its transfers from step `from` on. A
  // block no transfer can pick any more matters only for delivery, and is not kept.
  void add(std::uint32_t v, Plan::Slot slot, std::uint64_t mask, const std::uint64_t* box,
           std::uint32_t from) {
    if ((got_[v] | mask) != got_[v] && p_.contains_node(box, v)) {
      if (!got_[v]) reached_.push_back(v);
      got_[v] |= mask;
    }
    auto b = p_.cand.begin() + slot.first;
    const auto e = p_.cand.begin() + slot.last;
    if (b != e && b->step < from)
      b = std::lower_bound(b, e, from,
                           [](const Plan::Candidate& c, std::uint32_t s) { return c.step < s; });
    if (b == e) return;
    const std::size_t w = p_.words;
    for (auto it = at_[v].rbegin(); it != at_[v].rend(); ++it) {
      const std::uint32_t f = *it;
      Block& k = blocks_[f];
      if (k.mask && k.slot == slot.id && k.from == from && !(k.mask & mask) &&
          std::equal(box, box + w, &pool_[f * w])) {
        k.mask |= mask;
        return;
      }
    }
    const auto id = static_cast<std::uint32_t>(blocks_.size());
    blocks_.push_back({mask, slot.id, from});
    pool_.insert(pool_.end(), box, box + w);
    if (at_[v].empty()) touched_.push_back(v);
    at_[v].push_back(id);
    for (; b != e; ++b) bucket_[b->step].push_back({id, b->transfer});
  }

  // Receipt at the end of step s: older copies of these chunks at the receiver take the new
  // time.
  void receive(const Receipt& receipt, const std::uint64_t* box, std::uint32_t s) {
    const Plan::Arrival& a = receipt.arrival;
    const std::uint64_t mask = receipt.mask;
    const std::uint32_t v = a.to;
    std::erase_if(at_[v], [&](std::uint32_t e) { return !blocks_[e].mask; });  // replaced ones
    const std::size_t w = p_.words, held = at_[v].size();
    std::optional<DigitBox> arriving;  // built only when an older copy overlaps (rare)
    for (std::size_t i = 0; i < held; ++i) {
      const std::uint32_t e = at_[v][i];
      const std::uint64_t both = blocks_[e].mask & mask;
      if (!both || !intersect(p_.digits, &pool_[e * w], box, tmp_.data())) continue;
      const std::uint64_t rest = blocks_[e].mask & ~mask;
      const Plan::Slot slot = p_.slot(blocks_[e].slot);
      blocks_[e].mask = 0;
      DigitBox old{
          std::vector<std::uint64_t>(pool_.begin() + static_cast<std::ptrdiff_t>(e * w),
                                     pool_.begin() + static_cast<std::ptrdiff_t>((e + 1) * w))};
      if (rest) add(v, slot, rest, old.w.data(), s + 1);
      std::vector<DigitBox> pieces;
      if (!arriving) arriving = DigitBox{std::vector<std::uint64_t>(box, box + w)};
      subtract(p_.digits, old, *arriving, pieces);
      for (const DigitBox& r : pieces) add(v, slot, both, r.w.data(), s + 1);
    }
    add(v, a.slot, mask, box, s + 1);
  }

  const Plan& p_;
  std::vector<std::vector<std::uint32_t>> at_;  // blocks per node
  std::vector<std::uint32_t> touched_;
  std::vector<std::uint64_t> got_;  // per destination: origins whose chunk reached it
  std::vector<std::uint32_t> reached_;
  std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>>
      bucket_;  // (block, transfer) per step
  /// A block's origins (0 = replaced), its acquisition slot and the first step that may take
  /// it; its box is at pool_[id * words].
  struct Block {
    std::uint64_t mask;
    std::uint32_t slot, from;
  };
  std::vector<Block> blocks_;
  std::vector<std::uint64_t> pool_, tmp_, pending_boxes_;
  std::vector<Receipt> pending_;
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
