// Broadcast on any graph: a BFS tree from the root; every node, once informed, sends to its
// children one per round, deepest subtree first. Valid one-port; used where a family has no
// paper algorithm (ccc) and for nuclei of the RHFC family. From several holders at once, a BFS
// forest: how a repair restarts a broadcast some nodes have received (analysis/restart_repair).
#include <algorithm>

#include "core/metrics.hpp"
#include "gen/broadcast/broadcast.hpp"

namespace netsched {

Rounds greedy_broadcast(const Network& t, std::uint32_t root) {
  return greedy_broadcast_from(t, {&root, 1});
}

Rounds greedy_broadcast_from(const Network& t, std::span<const std::uint32_t> holders) {
  const Csr g(t, 1);
  const std::uint32_t n = g.num_nodes();
  const auto [parent, order] = bfs_forest(g, holders);
  if (order.size() != n) throw disconnected_error(t, NodeId(holders.front()), order.size());
  // Rounds a subtree needs once its root holds the message, computed bottom-up.
  std::vector<std::vector<std::uint32_t>> children(n);
  for (std::uint32_t v : order)
    if (parent[v] != v) children[parent[v]].push_back(v);
  std::vector<std::uint32_t> need(n, 0);
  std::uint32_t rounds = 0;
  for (std::size_t i = order.size(); i-- > 0;) {
    auto& ch = children[order[i]];
    std::sort(ch.begin(), ch.end(),
              [&](std::uint32_t a, std::uint32_t b) { return need[a] > need[b]; });
    std::uint32_t m = 0;
    for (std::size_t k = 0; k < ch.size(); ++k)
      m = std::max<std::uint32_t>(m, static_cast<std::uint32_t>(k + 1) + need[ch[k]]);
    need[order[i]] = m;
    if (parent[order[i]] == order[i]) rounds = std::max(rounds, m);
  }
  Rounds out(rounds);
  std::vector<std::uint32_t> informed_at(n, 0);
  for (std::uint32_t v : order)
    for (std::size_t k = 0; k < children[v].size(); ++k) {
      const std::uint32_t r = informed_at[v] + static_cast<std::uint32_t>(k);
      out[r].push_back({v, children[v][k]});
      informed_at[children[v][k]] = r + 1;
    }
  return out;
}

}  // namespace netsched
