// Exact connectivities by unit-capacity max-flow with early stopping.
//
// Why not igraph's igraph_vertex_connectivity: it runs a flow between every pair of nodes and
// took 9.7 s on the 256-node hypercube(8) (4096 nodes: over ten minutes). Here every flow stops
// as soon as it reaches the best cut found so far (at most the minimum degree delta), and
// only the flows the classical theorems need are run, on every core (each worker its own copy
// of the flow network; the best cut so far is shared, so the answer is the same in any order):
//  - links (Matula): lambda = min(delta, lambda(v, w) for w in a dominating set D, v in D).
//    If lambda < delta, each side S of a least cut has a node whose neighbours are all in S
//    (else the cut has at least |S| (delta - |S| + 1) >= delta links for |S| <= delta, or
//    |S| > delta links), so its dominator is in S: D meets both sides. A greedy D holds about
//    N / (delta + 1) nodes: that many flows instead of N - 1;
//  - nodes (Esfahanian-Hakimi): with v of minimum degree, kappa = min(delta, kappa(v, w) for w
//    not adjacent to v, kappa(a, b) for non-adjacent neighbours a, b of v); kappa(s, t) is a
//    flow in the split graph (v_in -> v_out of capacity 1).
// tests/gen/test_own_networks.cpp compares both with brute force on random small graphs.
#include "core/connectivity.hpp"

#include <algorithm>
#include <atomic>
#include <limits>
#include <utility>
#include <vector>

#include "core/parallel.hpp"

namespace netsched {
namespace {

/// A directed flow network with paired arcs (arc a's reverse is a ^ 1).
class FlowNet {
 public:
  explicit FlowNet(std::uint32_t n) : head_(n, kNone) {}
  void add_pair(std::uint32_t u, std::uint32_t v, std::uint32_t cap_uv, std::uint32_t cap_vu) {
    add_arc(u, v, cap_uv);
    add_arc(v, u, cap_vu);
  }
  /// The max flow from s to t, stopping once it reaches `limit`.
  std::uint32_t flow_upto(std::uint32_t s, std::uint32_t t, std::uint32_t limit) {
    cap_ = cap0_;
    std::uint32_t f = 0;
    while (f < limit && augment(s, t)) ++f;
    return f;
  }

 private:
  static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
  std::vector<std::uint32_t> head_, next_, to_, cap0_, cap_, via_, queue_;

  void add_arc(std::uint32_t u, std::uint32_t v, std::uint32_t cap) {
    next_.push_back(head_[u]);
    head_[u] = static_cast<std::uint32_t>(to_.size());
    to_.push_back(v);
    cap0_.push_back(cap);
  }
  /// One BFS augmenting path of one unit; false when t is unreachable in the residual graph.
  bool augment(std::uint32_t s, std::uint32_t t) {
    via_.assign(head_.size(), kNone);
    queue_.assign(1, s);
    via_[s] = kNone - 1;
    for (std::size_t i = 0; i < queue_.size() && via_[t] == kNone; ++i)
      for (std::uint32_t a = head_[queue_[i]]; a != kNone; a = next_[a])
        if (cap_[a] > 0 && via_[to_[a]] == kNone) {
          via_[to_[a]] = a;
          queue_.push_back(to_[a]);
        }
    if (via_[t] == kNone) return false;
    for (std::uint32_t v = t; v != s; v = to_[via_[v] ^ 1]) {
      --cap_[via_[v]];
      ++cap_[via_[v] ^ 1];
    }
    return true;
  }
};

bool connected(const Csr& g) {
  std::vector<char> seen(g.num_nodes(), 0);
  std::vector<std::uint32_t> queue{0};
  seen[0] = 1;
  for (std::size_t i = 0; i < queue.size(); ++i)
    for (const std::uint32_t* p = g.begin(queue[i]); p != g.end(queue[i]); ++p)
      if (!seen[*p]) seen[*p] = 1, queue.push_back(*p);
  return queue.size() == g.num_nodes();
}

bool adjacent(const Csr& g, std::uint32_t a, std::uint32_t b) {
  return std::find(g.begin(a), g.end(a), b) != g.end(a);
}

/// The least max-flow between the pairs, capped at `limit`: flows run on every core, each
/// worker on its own copy of `net`, and each flow stops at the best cut found so far.
std::uint32_t least_flow(const FlowNet& net,
                         const std::vector<std::pair<std::uint32_t, std::uint32_t>>& pairs,
                         std::uint32_t limit, unsigned threads) {
  std::atomic<std::uint32_t> best{limit};
  parallel_items(
      pairs.size(), threads, [&] { return net; },
      [&](FlowNet& mine, std::uint64_t i) {
        const std::uint32_t now = best.load();
        if (now == 0) return;
        const std::uint32_t f = mine.flow_upto(pairs[i].first, pairs[i].second, now);
        for (std::uint32_t seen = best.load(); f < seen && !best.compare_exchange_weak(seen, f);) {
        }
      },
      [](FlowNet&) {});
  return best.load();
}

/// A dominating set, greedily: every node is in it or adjacent to one of it.
std::vector<std::uint32_t> dominating_set(const Csr& g) {
  std::vector<char> dominated(g.num_nodes(), 0);
  std::vector<std::uint32_t> set;
  for (std::uint32_t u = 0; u < g.num_nodes(); ++u) {
    if (dominated[u]) continue;
    set.push_back(u);
    dominated[u] = 1;
    for (const std::uint32_t* p = g.begin(u); p != g.end(u); ++p) dominated[*p] = 1;
  }
  return set;
}

std::uint32_t link_connectivity(const Csr& g, std::uint32_t delta, unsigned threads) {
  FlowNet net(g.num_nodes());
  for (std::uint32_t u = 0; u < g.num_nodes(); ++u)
    for (const std::uint32_t* p = g.begin(u); p != g.end(u); ++p)
      if (u < *p) net.add_pair(u, *p, 1, 1);
  const auto d = dominating_set(g);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
  for (std::size_t i = 1; i < d.size(); ++i) pairs.emplace_back(d[0], d[i]);
  return least_flow(net, pairs, delta, threads);
}

std::uint32_t node_connectivity(const Csr& g, std::uint32_t v, std::uint32_t delta,
                                unsigned threads) {
  const std::uint32_t n = g.num_nodes();
  // Node x is x_in = 2x, x_out = 2x+1; a path through x uses x_in -> x_out (capacity 1).
  FlowNet net(2 * n);
  for (std::uint32_t x = 0; x < n; ++x) {
    net.add_pair(2 * x, 2 * x + 1, 1, 0);
    for (const std::uint32_t* p = g.begin(x); p != g.end(x); ++p)
      net.add_pair(2 * x + 1, 2 * *p, 1, 0);
  }
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
  auto pair_cut = [&](std::uint32_t s, std::uint32_t t) {
    if (s != t && !adjacent(g, s, t)) pairs.emplace_back(2 * s + 1, 2 * t);
  };
  for (std::uint32_t w = 0; w < n; ++w) pair_cut(v, w);
  for (const std::uint32_t* a = g.begin(v); a != g.end(v); ++a)
    for (const std::uint32_t* b = a + 1; b != g.end(v); ++b) pair_cut(*a, *b);
  return least_flow(net, pairs, delta, threads);
}

}  // namespace

std::optional<Connectivity> connectivity(const Graph& g, unsigned threads) {
  const std::uint64_t n = g.num_nodes();
  if (n > kConnectivityMaxNodes) return std::nullopt;
  if (n <= 1) return Connectivity{0, 0};
  const Csr csr(g, 1);
  if (static_cast<double>(n) * static_cast<double>(csr.num_arcs()) *
          static_cast<double>(csr.num_arcs() / n) >
      static_cast<double>(kConnectivityMaxWork))
    return std::nullopt;
  if (!connected(csr)) return Connectivity{0, 0};
  std::uint32_t v = 0;
  for (std::uint32_t u = 1; u < csr.num_nodes(); ++u)
    if (csr.degree(u) < csr.degree(v)) v = u;
  const std::uint32_t delta = csr.degree(v);
  return Connectivity{node_connectivity(csr, v, delta, threads),
                      link_connectivity(csr, delta, threads)};
}

}  // namespace netsched
