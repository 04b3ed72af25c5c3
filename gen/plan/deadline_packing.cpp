// Deadline routing of a total exchange (gen/plan/deadline_packing.hpp).
#include "gen/plan/deadline_packing.hpp"

#include <algorithm>

namespace netsched {
namespace {

/// A chunk on its way: where it is, where it goes, its id o*N+d, the hops it has taken.
struct Moving {
  std::uint32_t at, to;
  std::uint64_t id;
  std::uint32_t hop = 0;
};

/// Where chunks may go next and how far they have left.
class Ways {
 public:
  Ways(const Csr& g, const std::vector<std::vector<std::uint32_t>>& dist, const Paths* paths)
      : g_(g), dist_(dist), paths_(paths) {}

  std::uint32_t left(const Moving& m) const {
    return paths_ ? static_cast<std::uint32_t>((*paths_)[m.id].size()) - 1 - m.hop
                  : dist_[m.at][m.to];
  }

  /// The next arc of m with the fewest chunks in this step (then in all), below `capacity`;
  /// g.num_arcs() when every arc m may take is full.
  std::uint64_t next_arc(const Moving& m, const std::vector<std::uint32_t>& used,
                         const std::vector<std::uint32_t>& total, std::uint32_t capacity) const {
    std::uint64_t best = g_.num_arcs();
    for (std::uint64_t e = g_.offsets()[m.at]; e < g_.offsets()[m.at + 1]; ++e) {
      const std::uint32_t v = g_.targets()[e];
      const bool onward =
          paths_ ? (*paths_)[m.id][m.hop + 1] == v : dist_[v][m.to] + 1 == dist_[m.at][m.to];
      if (onward && used[e] < capacity &&
          (best == g_.num_arcs() ||
           std::pair(used[e], total[e]) < std::pair(used[best], total[best])))
        best = e;
    }
    return best;
  }

 private:
  const Csr& g_;
  const std::vector<std::vector<std::uint32_t>>& dist_;
  const Paths* paths_;
};

/// The least slack (steps left less hops left) first, by a stable counting sort, so that the
/// order is the same on every run. A chunk of slack below 0 cannot arrive; none is left here.
void order_by_urgency(std::vector<Moving>& live, const Ways& ways, std::uint32_t steps_left) {
  std::vector<std::size_t> start(static_cast<std::size_t>(steps_left) + 2, 0);
  const auto slack = [&](const Moving& m) { return steps_left - ways.left(m); };
  for (const Moving& m : live) ++start[slack(m) + 1];
  for (std::size_t b = 1; b < start.size(); ++b) start[b] += start[b - 1];
  std::vector<Moving> sorted(live.size());
  for (const Moving& m : live) sorted[start[slack(m)]++] = m;
  live = std::move(sorted);
}

}  // namespace

std::uint64_t deadline_payload_sum(const LinkChunks& links) {
  std::uint64_t sum = 0;
  for (const auto& step : links) {
    std::size_t most = 0;
    for (const auto& [key, chunks] : step) most = std::max(most, chunks.size());
    sum += most;
  }
  return sum;
}

std::optional<LinkChunks> deadline_routing(const Csr& g,
                                           const std::vector<std::vector<std::uint32_t>>& dist,
                                           std::uint32_t steps, std::uint32_t capacity,
                                           const Paths* paths) {
  const std::uint32_t n = g.num_nodes();
  const Ways ways(g, dist, paths);
  std::vector<Moving> live;
  for (std::uint32_t o = 0; o < n; ++o)
    for (std::uint32_t d = 0; d < n; ++d)
      if (o != d) {
        live.push_back({o, d, static_cast<std::uint64_t>(o) * n + d});
        if (ways.left(live.back()) > steps) return std::nullopt;
      }
  LinkChunks links(steps);
  std::vector<std::uint32_t> used(g.num_arcs()), total(g.num_arcs(), 0);
  for (std::uint32_t t = 0; t < steps && !live.empty(); ++t) {
    order_by_urgency(live, ways, steps - t);
    std::fill(used.begin(), used.end(), 0);
    std::vector<Moving> waiting;
    for (Moving m : live) {
      const std::uint64_t e = ways.next_arc(m, used, total, capacity);
      if (e == g.num_arcs()) {
        if (steps - t == ways.left(m)) return std::nullopt;  // it had to move now
        waiting.push_back(m);
        continue;
      }
      ++used[e], ++total[e];
      const std::uint32_t v = g.targets()[e];
      links[t][static_cast<std::uint64_t>(m.at) << 32 | v].push_back(m.id);
      m.at = v, ++m.hop;
      if (v != m.to) waiting.push_back(m);
    }
    live = std::move(waiting);
  }
  if (!live.empty()) return std::nullopt;
  for (auto& step : links)
    for (auto& [k, chunks] : step) std::sort(chunks.begin(), chunks.end());
  return links;
}

std::optional<LinkChunks> least_deadline_routing(
    const Csr& g, const std::vector<std::vector<std::uint32_t>>& dist, std::uint32_t lo,
    std::uint32_t hi, std::uint64_t least_load, const Paths* paths) {
  const std::uint64_t pairs = static_cast<std::uint64_t>(g.num_nodes()) * (g.num_nodes() - 1);
  const auto route = [&](std::uint32_t t, std::uint64_t capacity) {
    return deadline_routing(g, dist, t, static_cast<std::uint32_t>(capacity), paths);
  };
  std::optional<LinkChunks> best;
  std::uint64_t best_sum = 0;
  for (std::uint32_t t = std::max(lo, 1u); t <= hi; ++t) {
    // the least capacity that routes in t steps: doubled from the least load's share until
    // one routes, then bisected between the last that failed and the first that routed; the
    // routing of the least capacity that routed is kept
    std::uint64_t low = std::max<std::uint64_t>(1, (least_load + t - 1) / t), high = low;
    std::optional<LinkChunks> routed;
    while (!(routed = route(t, high)) && high < pairs)
      low = high + 1, high = std::min(pairs, 2 * high);
    if (!routed) continue;
    while (low < high) {
      const std::uint64_t mid = (low + high) / 2;
      if (auto at_mid = route(t, mid))
        high = mid, routed = std::move(at_mid);
      else
        low = mid + 1;
    }
    const std::uint64_t sum = deadline_payload_sum(*routed);
    if (!best || sum < best_sum) best = std::move(routed), best_sum = sum;
  }
  return best;
}

}  // namespace netsched
