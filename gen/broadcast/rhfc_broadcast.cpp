// Broadcast on MFC, HFC, HSN and RHS by the recursion of their routing (RHFC paper §2-3):
//   MFC level i: broadcast the root's level-i cluster (level i-1), send over the level-i links
//     out of it (one round: they leave from distinct nodes and enter distinct clusters), then
//     every other level-i cluster broadcasts from its entry node: T_i = 2 T_{i-1} + 1.
//   HFC/HSN level i: broadcast the root's nucleus, send over the level-i links out of that
//     nucleus (one per other cluster), then all level-i clusters broadcast at level i-1 at once
//     (the root's from the root): T_i = T_G + 1 + T_{i-1}, i.e. l T_G + l - 1 as Lemma 3.1.
// Nucleus broadcasts use the nucleus's own algorithm (recursively for RHS).
#include <map>

#include "gen/broadcast/broadcast.hpp"
#include "gen/topo/hsn.hpp"
#include "gen/topo/mfc.hpp"

namespace netsched {
namespace {

class RhfcBroadcast {
 public:
  RhfcBroadcast(const Mfc* m, const Hsn* h) : mfc_(m), hsn_(h) {
    levels_ = m ? m->levels() : h->levels();
    std::uint64_t p = 1;
    for (std::uint32_t i = 1; i <= levels_; ++i) {
      pow_.push_back(p);
      p *= radix(i);
    }
    pow_.push_back(p);
  }

  // Rounds that inform the whole level-(i+1) cluster (ids 0..pow_[i]-1) from `root`.
  const Rounds& run(std::uint32_t i, std::uint64_t root) {
    auto key = std::make_pair(i, root);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    Rounds out;
    if (i == 1) {
      const Topology& g = mfc_ ? mfc_->nucleus() : hsn_->nucleus();
      out = broadcast_rounds(g, static_cast<std::uint32_t>(root), "auto");
    } else {
      const std::uint64_t a = digit(root, i), below = pow_[i - 1];
      const bool per_nucleus = hsn_ || mfc_->hfc();
      // Phase 1: the root's nucleus (HFC/HSN) or the root's whole level-i cluster (MFC).
      const Rounds first = per_nucleus ? shifted(run(1, root % pow_[1]), root - root % pow_[1])
                                       : shifted(run(i - 1, root % below), a * below);
      out = first;
      // Phase 2: the level-i links out of it, one per other cluster b.
      out.emplace_back();
      std::vector<std::pair<std::uint64_t, std::uint64_t>> entries;  // (cluster b, entry node)
      for (std::uint64_t b = 0; b < radix(i); ++b) {
        if (b == a) continue;
        std::uint64_t x, y;
        if (hsn_) {
          x = with_digit(root, 1, b);
          y = with_digit(with_digit(x, i, b), 1, a);
        } else {
          const std::uint64_t t = b - (b > a), t2 = a - (a > b);
          if (mfc_->hfc()) {
            x = with_digit(root, 1, t);
            y = with_digit(with_digit(x, i, b), 1, t2);
          } else {
            x = a * below + t;
            y = b * below + t2;
          }
        }
        out.back().push_back({static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y)});
        entries.push_back({b, y});
      }
      // Phase 3: every other cluster from its entry node, and (HFC/HSN) the root's cluster
      // from the root, all at once.
      const std::size_t offset = out.size();
      for (const auto& [b, y] : entries) merge_rounds(out, shifted(run(i - 1, y % below), b * below), offset);
      if (per_nucleus) merge_rounds(out, shifted(run(i - 1, root % below), a * below), offset);
    }
    return memo_[key] = std::move(out);
  }

 private:
  const Mfc* mfc_;
  const Hsn* hsn_;
  std::uint32_t levels_;
  std::vector<std::uint64_t> pow_;
  std::map<std::pair<std::uint32_t, std::uint64_t>, Rounds> memo_;

  std::uint64_t radix(std::uint32_t i) const { return mfc_ ? mfc_->count(i) : hsn_->radix(); }
  std::uint64_t digit(std::uint64_t x, std::uint32_t i) const { return x / pow_[i - 1] % radix(i); }
  std::uint64_t with_digit(std::uint64_t x, std::uint32_t i, std::uint64_t d) const {
    return x - digit(x, i) * pow_[i - 1] + d * pow_[i - 1];
  }
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

Rounds rhfc_broadcast(const Topology& t, std::uint32_t root) {
  RhfcBroadcast b(dynamic_cast<const Mfc*>(&t), dynamic_cast<const Hsn*>(&t));
  const std::uint32_t levels = dynamic_cast<const Mfc*>(&t) ? dynamic_cast<const Mfc&>(t).levels()
                                                            : dynamic_cast<const Hsn&>(t).levels();
  return b.run(levels, root);
}

}  // namespace netsched
