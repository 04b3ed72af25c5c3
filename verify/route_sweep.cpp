#include "verify/route_sweep.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <string>

#include "core/limits.hpp"
#include "core/parallel.hpp"

namespace netsched {

Csr sorted_csr(const Graph& g) {
  Csr c(g);
  auto& t = const_cast<std::vector<std::uint32_t>&>(c.targets());
  for (std::uint32_t u = 0; u < c.num_nodes(); ++u)
    std::sort(t.begin() + static_cast<std::ptrdiff_t>(c.offsets()[u]),
              t.begin() + static_cast<std::ptrdiff_t>(c.offsets()[u + 1]));
  return c;
}

std::optional<std::string> check_path(const Csr& g, NodeId u, NodeId v, const NodePath& path) {
  if (path.empty() || path.front() != u || path.back() != v)
    return "route " + std::to_string(u.v) + " -> " + std::to_string(v.v) + " does not start at " +
           std::to_string(u.v) + " and end at " + std::to_string(v.v);
  for (std::size_t i = 1; i < path.size(); ++i) {
    const std::uint32_t a = path[i - 1].v, b = path[i].v;
    if (a >= g.num_nodes() || b >= g.num_nodes() || !std::binary_search(g.begin(a), g.end(a), b))
      return "route " + std::to_string(u.v) + " -> " + std::to_string(v.v) + ": hop " +
             std::to_string(i) + " (" + std::to_string(a) + " -> " + std::to_string(b) +
             ") is not a link";
  }
  return std::nullopt;
}

void check_route_sweep_size(std::uint64_t nodes) {
  const std::uint64_t pairs = mul_sat(nodes, nodes > 0 ? nodes - 1 : 0);
  if (pairs > kRouteSweepMaxPairs)
    throw limit_error(
        "routing every pair: the ordered pairs of " + std::to_string(nodes) + " nodes", pairs,
        "kRouteSweepMaxPairs", kRouteSweepMaxPairs);
}

RouteSweep sweep_routes(const Csr& g, const RouteFn& route, std::optional<std::uint64_t> bound,
                        unsigned threads, const Progress& progress) {
  const std::uint32_t n = g.num_nodes();
  check_route_sweep_size(n);
  std::mutex mu;
  RouteSweep total;
  std::atomic<std::uint32_t> done{0};
  std::atomic<bool> stop{false};
  auto better = [](const RouteSweep::Pair& a, const std::optional<RouteSweep::Pair>& b) {
    return !b || std::tie(a.u, a.v) < std::tie(b->u, b->v);
  };
  struct Scratch {
    RouteSweep mine;
    NodePath path;
  };
  auto source = [&](Scratch& scratch, std::uint64_t u64) {
    if (stop) return;
    const auto u = static_cast<std::uint32_t>(u64);
    RouteSweep& mine = scratch.mine;
    NodePath& path = scratch.path;
    {
      const auto dist = bfs_distances(g, u);
      for (std::uint32_t v = 0; v < n; ++v) {
        if (v == u) continue;
        route(NodeId(u), NodeId(v), path);
        if (auto bad = check_path(g, NodeId(u), NodeId(v), path)) {
          std::lock_guard<std::mutex> lock(mu);
          if (!total.invalid) total.invalid = *bad;
          stop = true;
          break;
        }
        const std::uint64_t len = path.size() - 1;
        mine.pairs++;
        mine.total_length += len;
        if (const RouteSweep::Pair p{u, v, len, dist[v]};
            len > mine.max_length || (len == mine.max_length && better(p, mine.longest))) {
          mine.max_length = len;
          mine.longest = p;
        }
        mine.max_stretch = std::max(mine.max_stretch, static_cast<double>(len) / dist[v]);
        if (bound && len > *bound) {
          mine.within_bound = false;
          RouteSweep::Pair p{u, v, len, dist[v]};
          if (better(p, mine.first_over_bound)) mine.first_over_bound = p;
        }
      }
      const std::uint32_t d = ++done;
      if (progress) progress(d, n);
    }
  };
  auto merge = [&](Scratch& scratch) {
    const RouteSweep& mine = scratch.mine;
    total.pairs += mine.pairs;
    total.total_length += mine.total_length;
    if (mine.longest &&
        (mine.max_length > total.max_length ||
         (mine.max_length == total.max_length && better(*mine.longest, total.longest)))) {
      total.max_length = mine.max_length;
      total.longest = mine.longest;
    }
    total.max_stretch = std::max(total.max_stretch, mine.max_stretch);
    if (!mine.within_bound) {
      total.within_bound = false;
      if (better(*mine.first_over_bound, total.first_over_bound))
        total.first_over_bound = mine.first_over_bound;
    }
  };
  parallel_items(
      n, threads, [] { return Scratch{}; }, source, merge);
  total.bound = bound;
  return total;
}

}  // namespace netsched
