#include "gen/plan/embedding.hpp"
#include "gen/scatter_gather/scatter_gather.hpp"
// MPICH's binomial scatter and gather (Thakur, Rabenseifner and Gropp 2005, §4): a binomial
// tree of relative ranks r = rank - root, as logical rounds (gen/plan/embedding.hpp).
#include <algorithm>

namespace netsched {
namespace {

struct Relative {
  std::uint64_t n, root;  ///< ranks, and the root's rank
  std::uint32_t rank(std::uint64_t r) const { return static_cast<std::uint32_t>((r + root) % n); }
};

Relative relative(const EmbeddedPlan& p, NodeId root) {
  const auto at = std::find(p.order.begin(), p.order.end(), root.v) - p.order.begin();
  return {p.order.size(), static_cast<std::uint64_t>(at)};
}

/// The top mask: the largest power of two below n (0 for one rank).
std::uint64_t top_mask(std::uint64_t n) {
  std::uint64_t m = 1;
  while (m * 2 < n) m *= 2;
  return n > 1 ? m : 0;
}

/// The blocks of relative ranks lo .. hi-1 (the node ids, which name scatter and gather chunks).
std::vector<std::uint64_t> blocks(const EmbeddedPlan& p, const Relative& rel, std::uint64_t lo,
                                  std::uint64_t hi) {
  std::vector<std::uint64_t> out;
  for (std::uint64_t r = lo; r < hi; ++r) out.push_back(p.order[rel.rank(r)]);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

EmbeddedPlan binomial_scatter_plan(const Network& t, NodeId root) {
  EmbeddedPlan p{Collective::scatter(t.num_endpoints(), root), rank_order(t, "binomial"), {}};
  const Relative rel = relative(p, root);
  for (std::uint64_t mask = top_mask(rel.n); mask > 0; mask /= 2) {
    auto& round = p.rounds.emplace_back();
    for (std::uint64_t r = 0; r + mask < rel.n; r += 2 * mask)
      round.push_back({rel.rank(r), rel.rank(r + mask),
                       blocks(p, rel, r + mask, std::min(r + 2 * mask, rel.n))});
  }
  return p;
}

EmbeddedPlan binomial_gather_plan(const Network& t, NodeId root) {
  EmbeddedPlan p{Collective::gather(t.num_endpoints(), root), rank_order(t, "binomial"), {}};
  const Relative rel = relative(p, root);
  for (std::uint64_t mask = 1; mask < rel.n; mask *= 2) {
    auto& round = p.rounds.emplace_back();
    for (std::uint64_t r = mask; r < rel.n; r += 2 * mask)
      round.push_back(
          {rel.rank(r), rel.rank(r - mask), blocks(p, rel, r, std::min(r + mask, rel.n))});
  }
  return p;
}

}  // namespace netsched
