// Verification by symmetry (verify/symmetric.hpp): generators checked for invariance, origins
// walked one per orbit, per-transfer counts recovered from the transfer orbits.
#include "verify/symmetric.hpp"

#include <atomic>
#include <map>
#include <unordered_map>

#include "core/automorphism.hpp"
#include "core/errors.hpp"
#include "core/parallel.hpp"
#include "core/structure.hpp"
#include "verify/block_walk.hpp"
#include "verify/blocks.hpp"

namespace netsched {
namespace {

constexpr std::uint32_t kNone = ~std::uint32_t{0};
constexpr std::uint32_t kUnknown = kNone - 1;

/// A selector (its window and its destination boxes, merged) as bytes: equal keys, equal
/// selectors.
std::string selector_key(const Digits& d, const std::vector<TimeRange>& window,
                         std::vector<DigitBox> boxes) {
  merge_boxes(d, boxes);
  std::string k;
  auto put = [&k](std::uint64_t x) { k.append(reinterpret_cast<const char*>(&x), sizeof x); };
  put(window.size());
  for (const TimeRange& t : window) put(std::uint64_t{t.lo} << 32 | t.hi);
  put(boxes.size());
  for (const DigitBox& b : boxes)
    for (std::uint64_t w : b.w) put(w);
  return k;
}

/// The schedule indexed for invariance checks: transfers in step order, each step's transfers
/// sorted by (from, to), and payloads named by canonical selector ids.
class SymmetryIndex {
 public:
  SymmetryIndex(const Schedule& s, const Digits& digits) : digits_(digits) {
    for (const Payload& p : s.payloads) {
      const auto [it, fresh] =
          ids_.try_emplace(selector_key(digits, p.select->acquired_in, p.select->dest_boxes),
                           static_cast<std::uint32_t>(ids_.size()));
      if (fresh) distinct_.push_back(&*p.select);
      canon_.push_back(it->second);
    }
    for (std::size_t si = 0; si < s.steps.size(); ++si) {
      step_first_.push_back(from_.size());
      const auto& tr = s.steps[si].transfers;
      std::vector<std::pair<std::uint64_t, std::uint32_t>> keys;
      for (std::size_t ti = 0; ti < tr.size(); ++ti) {
        const auto g = static_cast<std::uint32_t>(from_.size());
        from_.push_back(tr[ti].from.v);
        to_.push_back(tr[ti].to.v);
        payload_.push_back(tr[ti].payload);
        step_.push_back(static_cast<std::uint32_t>(si));
        keys.push_back({std::uint64_t{tr[ti].from.v} << 32 | tr[ti].to.v, g});
      }
      std::sort(keys.begin(), keys.end());
      for (std::size_t i = 1; i < keys.size() && !duplicate_; ++i)
        if (keys[i].first == keys[i - 1].first)
          duplicate_ = "step " + std::to_string(si) + " has two transfers " +
                       std::to_string(keys[i].first >> 32) + " -> " +
                       std::to_string(static_cast<std::uint32_t>(keys[i].first));
      keys_.push_back(std::move(keys));
    }
  }

  Invariance image_of(const SlicedDigitMap& sigma, unsigned threads) const {
    if (duplicate_) return {{}, *duplicate_ + ": transfers are not named by their ends"};
    // canonical id of σ(selector), computed when first needed (a candidate that fails usually
    // fails at its first transfers); racing threads compute the same value
    std::vector<std::atomic<std::uint32_t>> canon_image(distinct_.size());
    for (auto& c : canon_image) c.store(kUnknown, std::memory_order_relaxed);
    auto image_id = [&](std::uint32_t c) {
      std::uint32_t id = canon_image[c].load(std::memory_order_relaxed);
      if (id != kUnknown) return id;
      std::vector<DigitBox> boxes;
      for (const DigitBox& b : distinct_[c]->dest_boxes) sigma.apply(b, boxes);
      const auto it = ids_.find(selector_key(digits_, distinct_[c]->acquired_in, boxes));
      id = it == ids_.end() ? kNone : it->second;
      canon_image[c].store(id, std::memory_order_relaxed);
      return id;
    };
    std::vector<std::uint32_t> point(digits_.total());  // σ on node ids
    parallel_for(point.size(), threads, [&](std::uint64_t lo, std::uint64_t hi) {
      for (std::uint64_t v = lo; v < hi; ++v)
        point[v] = static_cast<std::uint32_t>(sigma.map_point(v));
    });
    Invariance out;
    out.image.assign(from_.size(), kNone);
    std::atomic<std::uint64_t> bad{from_.size()};  // the first transfer without its image
    parallel_for(from_.size(), threads, [&](std::uint64_t lo, std::uint64_t hi) {
      for (std::uint64_t g = lo; g < hi && g < bad.load(); ++g) {
        const std::uint64_t key = std::uint64_t{point[from_[g]]} << 32 | point[to_[g]];
        const auto& keys = keys_[step_[g]];
        const auto it = std::lower_bound(keys.begin(), keys.end(),
                                         std::pair<std::uint64_t, std::uint32_t>{key, 0});
        if (it != keys.end() && it->first == key &&
            canon_[payload_[it->second]] == image_id(canon_[payload_[g]])) {
          out.image[g] = it->second;
          continue;
        }
        std::uint64_t seen = bad.load();
        while (g < seen && !bad.compare_exchange_weak(seen, g)) {
        }
      }
    });
    if (bad.load() < from_.size()) {
      out.image.clear();
      out.witness = witness(sigma, bad.load());
    }
    return out;
  }

 private:
  std::string witness(const SlicedDigitMap& sigma, std::uint64_t g) const {
    const std::uint32_t si = step_[g];
    const std::uint64_t u = sigma.map_point(from_[g]), v = sigma.map_point(to_[g]);
    const std::string here = step_transfer(si, g - step_first_[si]) + std::to_string(from_[g]) +
                             " -> " + std::to_string(to_[g]) + " maps to " + std::to_string(u) +
                             " -> " + std::to_string(v) + ", ";
    const auto& keys = keys_[si];
    const auto it = std::lower_bound(keys.begin(), keys.end(),
                                     std::pair<std::uint64_t, std::uint32_t>{u << 32 | v, 0});
    if (it == keys.end() || it->first != (u << 32 | v))
      return here + "which is not a transfer of the step";
    return here + "which carries another selector than the image of this one";
  }

  const Digits& digits_;
  std::unordered_map<std::string, std::uint32_t> ids_;
  std::vector<const Selector*> distinct_;  // per canonical id, one selector
  std::vector<std::uint32_t> canon_, from_, to_, payload_, step_;
  std::vector<std::size_t> step_first_;
  std::vector<std::vector<std::pair<std::uint64_t, std::uint32_t>>> keys_;
  std::optional<std::string> duplicate_;
};

/// Whether f would merge two node orbits (ids out of range are left to the bijection check).
template <class F>
bool merges_orbits(const F& f, std::uint64_t n, UnionFind& nodes) {
  for (std::uint64_t v = 0; v < n; ++v)
    if (const std::uint64_t w = f(v); w >= n || nodes.find(static_cast<std::uint32_t>(v)) !=
                                                    nodes.find(static_cast<std::uint32_t>(w)))
      return true;
  return false;
}

/// Merges the orbits of nodes and transfers (in step order) along every candidate that is a
/// (sliced) digit-wise bijection, merges some node orbits, and maps the schedule onto itself;
/// the others are reported and left out. Stops once every node is in one orbit.
void merge_orbits(const Schedule& s, const Digits& digits,
                  const std::vector<Permutation>& candidates, unsigned threads, UnionFind& nodes,
                  UnionFind& transfers, SymmetryUse& use) {
  const SymmetryIndex index(s, digits);
  use.candidates = candidates.size();
  for (std::size_t i = 0; i < candidates.size() && nodes.sets > 1; ++i) {
    const std::string name = "candidate " + std::to_string(i) + ": ";
    const auto f = [&](std::uint64_t v) {
      return std::uint64_t{candidates[i](static_cast<std::uint32_t>(v))};
    };
    if (!merges_orbits(f, digits.total(), nodes)) continue;
    const auto m = SlicedDigitMap::probe(digits, f);
    if (!m) {
      use.rejected.push_back(name + "not a digit-wise bijection of the schedule's digits");
      continue;
    }
    ++use.digitwise;
    const Invariance inv = index.image_of(*m, threads);
    if (inv.witness) {
      use.rejected.push_back(name + *inv.witness);
      continue;
    }
    ++use.used;
    for (std::uint64_t v = 0; v < digits.total(); ++v)
      nodes.unite(static_cast<std::uint32_t>(v), static_cast<std::uint32_t>(m->map_point(v)));
    for (std::uint32_t g = 0; g < inv.image.size(); ++g) transfers.unite(g, inv.image[g]);
  }
  use.orbits = nodes.sets;
  use.transfer_orbits = transfers.sets;
}

/// Chunks carried per transfer, summed over every origin, from walks of the orbit
/// representatives (weighted by orbit size, spread evenly over each transfer orbit).
struct OrbitWalk {
  std::vector<std::uint64_t> counts;
  std::optional<std::pair<std::uint32_t, std::uint32_t>> missing;
};

OrbitWalk walk_orbits(const Plan& plan, UnionFind& nodes, UnionFind& transfers, unsigned threads,
                      const Progress& progress) {
  const auto n = static_cast<std::uint32_t>(plan.n);
  std::map<std::uint64_t, std::vector<std::uint32_t>> by_size;  // orbit size -> representatives
  std::vector<std::uint64_t> size(n, 0);
  for (std::uint32_t v = 0; v < n; ++v) size[nodes.find(v)]++;
  for (std::uint32_t v = 0; v < n; ++v)
    if (size[v]) by_size[size[v]].push_back(v);
  std::vector<unsigned __int128> weighted(plan.step.size(), 0);
  OrbitWalk out;
  for (const auto& entry : by_size) {  // one walk per orbit size: its representatives' weight
    const BlockShare share = walk_origins(plan, entry.second, 0, 1, threads, progress);
    for (std::size_t g = 0; g < share.counts.size(); ++g)
      weighted[g] += static_cast<unsigned __int128>(share.counts[g]) * entry.first;
    if (share.missing && (!out.missing || *share.missing < *out.missing))
      out.missing = share.missing;
  }
  std::vector<unsigned __int128> orbit_sum(plan.step.size(), 0);
  std::vector<std::uint64_t> orbit_size(plan.step.size(), 0);
  for (std::uint32_t g = 0; g < plan.step.size(); ++g) {
    const std::uint32_t r = transfers.find(g);
    orbit_sum[r] += weighted[g];
    orbit_size[r]++;
  }
  out.counts.resize(plan.step.size());
  for (std::uint32_t g = 0; g < plan.step.size(); ++g) {
    const std::uint32_t r = transfers.find(g);
    if (orbit_sum[r] % orbit_size[r] != 0)
      throw std::logic_error("symmetric check: a transfer orbit's chunk count does not divide");
    out.counts[g] = static_cast<std::uint64_t>(orbit_sum[r] / orbit_size[r]);
  }
  return out;
}

}  // namespace

bool symmetric_applies(const Schedule& s) {
  return blocks_apply(s) && std::all_of(s.payloads.begin(), s.payloads.end(), [](const Payload& p) {
           return p.select->dest_in.empty() && p.select->origin_in.empty();
         });
}

Invariance check_invariance(const Schedule& s, const Digits& digits, const SlicedDigitMap& sigma,
                            unsigned threads) {
  return SymmetryIndex(s, digits).image_of(sigma, threads);
}

std::string SymmetryUse::text() const {
  std::string t = std::to_string(used) + " of " + std::to_string(candidates) +
                  " candidate symmetries map the schedule onto itself; " + std::to_string(orbits) +
                  " origin orbits walked, " + std::to_string(transfer_orbits) + " transfer orbits";
  constexpr std::size_t kShown = 3;  // rejected candidates listed; the rest are counted
  for (std::size_t i = 0; i < rejected.size() && i < kShown; ++i)
    t += "\n  left out: " + rejected[i];
  if (rejected.size() > kShown)
    t += "\n  left out: " + std::to_string(rejected.size() - kShown) + " more candidates";
  return t;
}

CheckResult simulate_symmetric(const Network& t, const Schedule& s, unsigned threads,
                               const Progress& progress, SymmetryUse* use) {
  return simulate_symmetric_with(t, s, t.automorphism_candidates(), threads, progress, use);
}

CheckResult simulate_symmetric_with(const Network& t, const Schedule& s,
                                    const std::vector<Permutation>& generators, unsigned threads,
                                    const Progress& progress, SymmetryUse* use) {
  if (!symmetric_applies(s))
    throw InputError(
        "the symmetric checker handles total exchanges whose selectors name destinations by "
        "digit boxes only");
  const LinkScan scan = scan_links_and_ports(t, s);
  if (scan.first) {
    CheckResult r = simulate_blocks(t, s, threads, progress);
    r.engine_note = "a link or port is violated: the full block walk decided";
    return r;
  }
  if (s.num_transfers() >= kNone)
    throw InputError("the symmetric checker numbers transfers in 32 bits");
  SymmetryUse local;
  SymmetryUse& u = use ? *use : local;
  const Digits digits = box_digits(s);
  const auto n = static_cast<std::uint32_t>(s.collective.nodes());
  UnionFind nodes(n), transfers(static_cast<std::uint32_t>(s.num_transfers()));
  merge_orbits(s, digits, generators, threads, nodes, transfers, u);
  const Plan plan = make_plan(s, scan.last_step, scan.last_transfer);  // every transfer
  const unsigned __int128 work =
      static_cast<unsigned __int128>((u.orbits + 63) / 64) * n * (s.steps.size() + 1);
  if (work > kBlocksMaxWork)
    throw InputError("the symmetric check of this total exchange walks " +
                     std::to_string(u.orbits) + " origin orbits on " + std::to_string(n) +
                     " nodes in " + std::to_string(s.steps.size()) + " steps: over the limit " +
                     limit_text("kBlocksMaxWork", kBlocksMaxWork) + " (orbits/64 x N x (steps+1))");
  const OrbitWalk walk = walk_orbits(plan, nodes, transfers, threads, progress);
  CheckResult r = blocks_verdict(s, plan, scan, walk.counts, walk.missing, Engine::Symmetric);
  r.engine_note = u.text();
  return r;
}

}  // namespace netsched
