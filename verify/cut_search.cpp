#include "verify/cut_search.hpp"

#include <algorithm>
#include <queue>
#include <random>

namespace netsched {
namespace {

std::uint64_t count_cut(const Csr& g, const std::vector<char>& side) {
  std::uint64_t cut = 0;
  for (std::uint32_t u = 0; u < g.num_nodes(); ++u)
    for (const auto* v = g.begin(u); v != g.end(u); ++v) cut += (*v > u && side[u] != side[*v]);
  return cut;
}

/// The first floor(N/2) nodes in BFS order from `root` on side 0 (a ball), the rest on side 1.
std::vector<char> ball(const Csr& g, std::uint32_t root) {
  const std::uint32_t n = g.num_nodes();
  std::vector<char> side(n, 1), seen(n, 0);
  std::vector<std::uint32_t> order{root};
  seen[root] = 1;
  for (std::size_t i = 0; order.size() < n; ++i) {
    if (i == order.size()) {  // disconnected: continue from the next unseen node
      const auto next =
          static_cast<std::uint32_t>(std::find(seen.begin(), seen.end(), 0) - seen.begin());
      seen[next] = 1;
      order.push_back(next);
    }
    for (const auto* v = g.begin(order[i]); v != g.end(order[i]); ++v)
      if (!seen[*v]) seen[*v] = 1, order.push_back(*v);
  }
  for (std::uint32_t i = 0; i < n / 2; ++i) side[order[i]] = 0;
  return side;
}

std::vector<char> random_halves(std::uint32_t n, std::mt19937_64& rng) {
  std::vector<char> side(n, 1);
  std::fill(side.begin(), side.begin() + n / 2, 0);
  std::shuffle(side.begin(), side.end(), rng);
  return side;
}

/// One FM pass: moves every node at most once, alternating from the side that is larger (or
/// side 0 when equal), always the unlocked node of best gain; then rolls back to the best
/// balanced prefix. Returns the cut's new width.
std::uint64_t fm_pass(const Csr& g, std::vector<char>& side, std::uint64_t width) {
  const std::uint32_t n = g.num_nodes();
  std::vector<std::int64_t> gain(n, 0);
  for (std::uint32_t u = 0; u < n; ++u)
    for (const auto* v = g.begin(u); v != g.end(u); ++v) gain[u] += side[*v] != side[u] ? 1 : -1;
  using Entry = std::pair<std::int64_t, std::uint32_t>;
  std::priority_queue<Entry> heap[2];
  for (std::uint32_t u = 0; u < n; ++u) heap[static_cast<int>(side[u])].push({gain[u], u});
  std::vector<char> locked(n, 0);
  std::vector<std::uint32_t> moved;
  std::int64_t count0 = std::count(side.begin(), side.end(), 0),
               cut = static_cast<std::int64_t>(width);
  std::int64_t best = cut;
  std::size_t best_prefix = 0;
  const std::int64_t half = n / 2;
  while (true) {
    const int from = count0 > half ? 0 : (count0 < half ? 1 : (moved.size() % 2 == 0 ? 0 : 1));
    auto& h = heap[from];
    while (!h.empty() && (locked[h.top().second] || side[h.top().second] != from ||
                          h.top().first != gain[h.top().second]))
      h.pop();
    if (h.empty()) break;
    const std::uint32_t u = h.top().second;
    h.pop();
    cut -= gain[u];
    side[u] = static_cast<char>(1 - from);
    locked[u] = 1;
    count0 += from == 0 ? -1 : 1;
    moved.push_back(u);
    gain[u] = -gain[u];
    for (const auto* v = g.begin(u); v != g.end(u); ++v) {
      gain[*v] += side[*v] == side[u] ? -2 : 2;
      if (!locked[*v]) heap[static_cast<int>(side[*v])].push({gain[*v], *v});
    }
    if (count0 == half && cut < best) best = cut, best_prefix = moved.size();
  }
  for (std::size_t i = moved.size(); i > best_prefix; --i)
    side[moved[i - 1]] = static_cast<char>(1 - side[moved[i - 1]]);
  return static_cast<std::uint64_t>(best);
}

}  // namespace

BalancedCut search_balanced_cut(const Csr& g, const CutSearchOptions& options) {
  const std::uint32_t n = g.num_nodes();
  BalancedCut best;
  best.side.assign(n, 1);
  std::fill(best.side.begin(), best.side.begin() + n / 2, 0);
  best.width = count_cut(g, best.side);
  std::mt19937_64 rng(options.seed);
  for (unsigned s = 0; s < options.starts; ++s) {
    std::vector<char> side =
        s < options.starts / 2
            ? ball(g, static_cast<std::uint32_t>(std::uint64_t{s} * n / (options.starts / 2)))
            : random_halves(n, rng);
    std::uint64_t width = count_cut(g, side);
    for (unsigned p = 0; p < options.max_passes; ++p) {
      const std::uint64_t next = fm_pass(g, side, width);
      if (next >= width) break;
      width = next;
    }
    if (width < best.width) best = {width, side};
  }
  best.width = count_cut(g, best.side);  // re-counted: the witness is checked, not trusted
  return best;
}

}  // namespace netsched
