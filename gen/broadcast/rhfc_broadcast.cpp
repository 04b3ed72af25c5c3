// Broadcast on MFC, HFC, HSN and RHS by the recursion of their routing (RHFC paper §2-3):
//   MFC level i: broadcast the root's level-i cluster (level i-1), send over the level-i links
//     out of it (one round: they leave from distinct nodes and enter distinct clusters), then
//     every other level-i cluster broadcasts from its entry node: T_i = 2 T_{i-1} + 1.
//   HFC/HSN level i: broadcast the root's nucleus, send over the level-i links out of that
//     nucleus (one per other cluster), then all level-i clusters broadcast at level i-1 at once
//     (the root's from the root): T_i = T_G + 1 + T_{i-1}, i.e. l T_G + l - 1 as Lemma 3.1.
// Nucleus broadcasts use the nucleus's own algorithm (recursively for RHS), which the row passes
// in (gen/broadcast/rows.cpp).
#include <map>

#include "gen/broadcast/broadcast.hpp"
#include "gen/topo/rhfc_view.hpp"

namespace netsched {
namespace {

class RhfcBroadcast {
 public:
  RhfcBroadcast(const Network& t, RoundsFn nucleus_broadcast)
      : view_(t), nucleus_broadcast_(nucleus_broadcast) {}

  // Rounds that inform the whole level-(i+1) cluster (ids 0..weight(i+1)-1) from `root`.
  const Rounds& run(std::uint32_t i, std::uint64_t root) {
    auto key = std::make_pair(i, root);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    Rounds out;
    if (i == 1) {
      out = nucleus_broadcast_(view_.nucleus(), static_cast<std::uint32_t>(root));
    } else {
      const std::uint64_t a = view_.digit(root, i), below = view_.weight(i), m1 = view_.radix(1);
      // Phase 1: the root's nucleus (HFC/HSN) or the root's whole level-i cluster (MFC).
      out = view_.per_nucleus() ? shifted(run(1, root % m1), root - root % m1)
                                : shifted(run(i - 1, root % below), a * below);
      // Phase 2: the level-i links out of it, one per other cluster b.
      out.emplace_back();
      std::vector<std::pair<std::uint64_t, std::uint64_t>> entries;  // (cluster b, entry node)
      for (std::uint64_t b = 0; b < view_.radix(i); ++b) {
        if (b == a) continue;
        const auto [x, y] = view_.link(root, i, b);
        out.back().push_back({static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y)});
        entries.push_back({b, y});
      }
      // Phase 3: every other cluster from its entry node, and (HFC/HSN) the root's cluster
      // from the root, all at once.
      const std::size_t offset = out.size();
      for (const auto& [b, y] : entries)
        merge_rounds(out, shifted(run(i - 1, y % below), b * below), offset);
      if (view_.per_nucleus())
        merge_rounds(out, shifted(run(i - 1, root % below), a * below), offset);
    }
    return memo_[key] = std::move(out);
  }

 private:
  RhfcView view_;
  RoundsFn nucleus_broadcast_;
  std::map<std::pair<std::uint32_t, std::uint64_t>, Rounds> memo_;

  static Rounds shifted(const Rounds& r, std::uint64_t by) {
    Rounds out = r;
    for (auto& round : out)
      for (auto& [f, t] : round) {
        f = static_cast<std::uint32_t>(f + by);
        t = static_cast<std::uint32_t>(t + by);
      }
    return out;
  }
};

}  // namespace

Rounds rhfc_broadcast(const Network& t, std::uint32_t root, RoundsFn nucleus_broadcast) {
  RhfcBroadcast b(t, nucleus_broadcast);
  return b.run(RhfcView(t).levels(), root);
}

}  // namespace netsched
