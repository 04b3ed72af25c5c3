#include "core/metrics.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <mutex>

#include "core/errors.hpp"
#include "core/parallel.hpp"

namespace netsched {

std::vector<std::uint32_t> bfs_distances(const Csr& g, std::uint32_t src) {
  std::vector<std::uint32_t> dist(g.num_nodes(), kUnreached);
  std::vector<std::uint32_t> queue;
  queue.reserve(g.num_nodes());
  dist[src] = 0;
  queue.push_back(src);
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::uint32_t u = queue[head];
    const std::uint32_t du = dist[u] + 1;
    for (const std::uint32_t* p = g.begin(u); p != g.end(u); ++p) {
      if (dist[*p] == kUnreached) {
        dist[*p] = du;
        queue.push_back(*p);
      }
    }
  }
  return dist;
}

std::vector<std::vector<std::uint32_t>> connected_distances(const Csr& g, std::string_view what,
                                                            std::string_view spec) {
  std::vector<std::vector<std::uint32_t>> dist(g.num_nodes());
  for (std::uint32_t o = 0; o < g.num_nodes(); ++o) {
    dist[o] = bfs_distances(g, o);
    for (std::uint32_t v = 0; v < g.num_nodes(); ++v)
      if (dist[o][v] == kUnreached)
        throw InputError(std::string(what) + ": " + std::string(spec) + " is not connected (" +
                         std::to_string(v) + " cannot be reached from " + std::to_string(o) + ")");
  }
  return dist;
}

BfsTree bfs_tree(const Csr& g, std::uint32_t src) { return bfs_forest(g, {&src, 1}); }

BfsTree bfs_forest(const Csr& g, std::span<const std::uint32_t> sources) {
  BfsTree t;
  t.parent.assign(g.num_nodes(), kUnreached);
  t.order.reserve(g.num_nodes());
  for (const std::uint32_t src : sources)
    if (t.parent[src] == kUnreached) {
      t.parent[src] = src;
      t.order.push_back(src);
    }
  for (std::size_t h = 0; h < t.order.size(); ++h)
    for (const std::uint32_t* p = g.begin(t.order[h]); p != g.end(t.order[h]); ++p)
      if (t.parent[*p] == kUnreached) {
        t.parent[*p] = t.order[h];
        t.order.push_back(*p);
      }
  return t;
}

std::uint32_t eccentricity(const Csr& g, std::uint32_t src) {
  auto d = bfs_distances(g, src);
  std::uint32_t e = 0;
  for (auto x : d) {
    if (x == kUnreached) return kUnreached;
    e = std::max(e, x);
  }
  return e;
}

namespace {

struct Accumulator {
  std::mutex mu;
  DistanceStats stats;
  bool first = true;
  void add(std::uint32_t ecc, unsigned __int128 sum, std::uint64_t weight, bool reached_all) {
    std::lock_guard<std::mutex> lock(mu);
    stats.bfs_runs++;
    if (!reached_all) stats.connected = false;
    stats.distance_sum += sum * weight;
    if (first) {
      stats.diameter = stats.radius = ecc;
      first = false;
    } else {
      stats.diameter = std::max(stats.diameter, ecc);
      stats.radius = std::min(stats.radius, ecc);
    }
  }
};

}  // namespace

DistanceStats distances_by_orbits(const Csr& g, const Orbits& orbits, unsigned threads,
                                  const Progress& progress,
                                  std::vector<std::vector<std::uint64_t>>* profiles) {
  Accumulator acc;
  if (profiles) profiles->assign(orbits.reps.size(), {});
  std::atomic<std::size_t> done{0};
  const std::size_t total = orbits.reps.size();
  struct Scratch {
    std::vector<std::uint32_t> dist, queue;
  };
  auto make = [&] {
    return Scratch{std::vector<std::uint32_t>(g.num_nodes()),
                   std::vector<std::uint32_t>(g.num_nodes())};
  };
  auto bfs = [&](Scratch& scratch, std::uint64_t i) {
    auto& dist = scratch.dist;
    auto& queue = scratch.queue;
    std::fill(dist.begin(), dist.end(), kUnreached);
    const std::uint32_t src = orbits.reps[i];
    dist[src] = 0;
    std::size_t tail = 0;
    queue[tail++] = src;
    unsigned __int128 sum = 0;
    std::uint32_t ecc = 0;
    for (std::size_t head = 0; head < tail; ++head) {
      const std::uint32_t u = queue[head];
      const std::uint32_t du = dist[u] + 1;
      for (const std::uint32_t* p = g.begin(u); p != g.end(u); ++p) {
        if (dist[*p] == kUnreached) {
          dist[*p] = du;
          sum += du;
          ecc = du;
          queue[tail++] = *p;
        }
      }
    }
    acc.add(ecc, sum, orbits.sizes[i], tail == g.num_nodes());
    if (profiles) {
      std::vector<std::uint64_t> h(ecc + 1, 0);
      for (std::size_t q = 0; q < tail; ++q) h[dist[queue[q]]]++;
      (*profiles)[i] = std::move(h);
    }
    const std::size_t d = ++done;
    if (progress) progress(d, total);
  };
  parallel_items(total, threads, make, bfs, [](Scratch&) {});
  return acc.stats;
}

DistanceStats distances_all_sources(const Csr& g, unsigned threads, const Progress& progress) {
  const std::uint32_t n = g.num_nodes();
  Accumulator acc;
  const std::uint64_t batches = (static_cast<std::uint64_t>(n) + 63) / 64;
  std::atomic<std::uint64_t> done{0};
  struct Scratch {
    std::vector<std::uint64_t> vis, frontier, nxt;
  };
  auto make = [&] {
    return Scratch{std::vector<std::uint64_t>(n), std::vector<std::uint64_t>(n),
                   std::vector<std::uint64_t>(n)};
  };
  auto sweep = [&](Scratch& scratch, std::uint64_t b) {
    auto& vis = scratch.vis;
    auto& frontier = scratch.frontier;
    auto& nxt = scratch.nxt;
    {
      const std::uint32_t first = static_cast<std::uint32_t>(b * 64);
      const std::uint32_t count = std::min<std::uint32_t>(64, n - first);
      std::fill(vis.begin(), vis.end(), 0);
      std::fill(frontier.begin(), frontier.end(), 0);
      for (std::uint32_t i = 0; i < count; ++i) vis[first + i] = frontier[first + i] = 1ull << i;
      const std::uint64_t all = count == 64 ? ~0ull : ((1ull << count) - 1);
      std::vector<std::uint32_t> ecc(count, 0);
      std::vector<std::uint64_t> reached(count, 1);
      unsigned __int128 sum = 0;
      for (std::uint32_t level = 1;; ++level) {
        std::uint64_t grow = 0;
        for (std::uint32_t u = 0; u < n; ++u) {
          std::uint64_t m = 0;
          for (const std::uint32_t* p = g.begin(u); p != g.end(u); ++p) m |= frontier[*p];
          m &= ~vis[u];
          nxt[u] = m;
          grow |= m;
        }
        if (!grow) break;
        std::uint64_t cnt = 0;
        for (std::uint32_t u = 0; u < n; ++u) {
          vis[u] |= nxt[u];
          cnt += static_cast<std::uint64_t>(std::popcount(nxt[u]));
        }
        sum += static_cast<unsigned __int128>(cnt) * level;
        for (std::uint64_t m = grow; m; m &= m - 1) ecc[std::countr_zero(m)] = level;
        frontier.swap(nxt);
      }
      // Count how many nodes each source reached, to detect disconnection.
      std::vector<std::uint64_t> per(count, 0);
      for (std::uint32_t u = 0; u < n; ++u)
        for (std::uint64_t m = vis[u] & all; m; m &= m - 1) per[std::countr_zero(m)]++;
      for (std::uint32_t i = 0; i < count; ++i) acc.add(ecc[i], i == 0 ? sum : 0, 1, per[i] == n);
      const std::uint64_t d = ++done;
      if (progress) progress(d, batches);
    }
  };
  parallel_items(batches, threads, make, sweep, [](Scratch&) {});
  return acc.stats;
}

}  // namespace netsched
