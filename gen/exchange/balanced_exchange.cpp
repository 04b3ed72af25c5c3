// The balanced all-port total exchange: every message on a shortest path, the paths chosen so
// that links carry alike, and the hops packed into steps so that in every step the links carry
// alike too (gen/plan/hop_packing.hpp). A step schedule's bandwidth time is the sum over
// steps of its busiest link; this drives it toward the total load of the busiest link, which no
// store-and-forward schedule on these paths can beat.
//
// Off products the deadline routing (gen/plan/deadline_packing.hpp) is tried beside the
// annealing, and the least payload sum kept: where the links must carry unequal loads (a
// dualcube's cross links) it reaches the link-length bound of analysis/congestion_bound.hpp.
//
// On a product of rings and complete graphs (tori, hypercubes, generalized hypercubes) the
// group of translations acts on the nodes, so one plan per offset serves every source: a link's
// load in a step depends only on its generator (dimension and direction), and the search runs
// over N-1 offsets and a few generators instead of N^2 pairs and every link.
#include <algorithm>
#include <limits>
#include <map>
#include <optional>
#include <stdexcept>

#include "core/errors.hpp"
#include "core/metrics.hpp"
#include "gen/broadcast/broadcast.hpp"
#include "gen/exchange/total_exchange.hpp"
#include "gen/plan/deadline_packing.hpp"
#include "gen/plan/hop_packing.hpp"
#include "gen/plan/schedule_kit.hpp"
#include "gen/route/router.hpp"
#include "gen/topo/product.hpp"

namespace netsched {
namespace {

/// The seed of the search (the schedule is the same on every run).
constexpr std::uint64_t kPackingSeed = 20261126;
/// Annealing moves per hop to place, and at most this many in all per step count tried: more on
/// products, whose items are offsets (a move is cheap, and the bound is often reached), than on
/// other networks, whose items are all the ordered pairs.
constexpr std::uint64_t kMovesPerHop = 20000;
constexpr std::uint64_t kMostProductMoves = 4'000'000, kMostPairMoves = 1'000'000;
/// Step counts tried: the diameter up to the diameter + kExtraSteps.
constexpr std::uint32_t kExtraSteps = 2;
/// Rounds of rerouting every pair against the others' loads (general networks).
constexpr int kRerouteRounds = 3;

std::uint64_t link_key(std::uint32_t from, std::uint32_t to) {
  return static_cast<std::uint64_t>(from) << 32 | to;
}

/// The schedule of per-link chunk lists, each list sorted.
Schedule chunk_lists(const Network& t, LinkChunks& links) {
  for (auto& step : links)
    for (auto& [key, chunks] : step) std::sort(chunks.begin(), chunks.end());
  return link_chunk_schedule(t, Collective::total_exchange(t.num_nodes()), PortModel::AllPort,
                             "balanced", links);
}

/// Packs at T = lo .. lo + extra and keeps the least payload sum, then the fewest steps.
std::pair<Packing, std::uint32_t> best_packing(PackingProblem& p, std::uint32_t lo,
                                               std::uint64_t most_moves, std::uint32_t extra) {
  std::uint64_t hops = 0;
  for (const auto& it : p.items) hops += it.ways.front().size();
  const std::uint64_t moves = std::min(most_moves, hops * kMovesPerHop);
  std::optional<std::pair<Packing, std::uint32_t>> best;
  for (std::uint32_t t = lo; t <= lo + extra; ++t) {
    p.steps = t;
    Packing k = pack_hops(p, kPackingSeed + t, moves);
    if (!best || k.payload_sum < best->first.payload_sum) best.emplace(std::move(k), t);
    if (best->first.payload_sum == packing_lower_bound(p)) break;
  }
  return std::move(*best);
}

// ---- products of rings and complete graphs: one plan per offset ----

bool abelian_product(const Network& t) {
  const Product* p = network_as<Product>(t);
  if (!p) return false;
  return std::all_of(p->factors().begin(), p->factors().end(),
                     [](const Factor& f) { return f.vertex_transitive(); });
}

/// A generator: coordinate `dim` moves by `delta` (mod the factor's size).
struct Generator {
  std::uint32_t dim, delta;
  auto operator<=>(const Generator&) const = default;
};

class Generators {
 public:
  std::uint32_t id(Generator g) {
    const auto [at, fresh] = ids_.try_emplace(g, static_cast<std::uint32_t>(list_.size()));
    if (fresh) list_.push_back(g);
    return at->second;
  }
  const std::vector<Generator>& list() const { return list_; }

 private:
  std::map<Generator, std::uint32_t> ids_;
  std::vector<Generator> list_;
};

/// The ways of offset coordinate `a` in factor `f` (dimension d): each a list of generators.
std::vector<std::vector<std::uint32_t>> coordinate_ways(const Factor& f, std::uint32_t d,
                                                        std::uint32_t a, Generators& gens) {
  if (a == 0) return {{}};
  if (f.kind == Factor::Kind::Complete || f.size <= 2) return {{gens.id({d, a})}};
  const std::uint32_t back = f.size - a;  // a ring: forward a, or backward size - a
  std::vector<std::vector<std::uint32_t>> out;
  if (a <= back) out.emplace_back(a, gens.id({d, 1}));
  if (back <= a) out.emplace_back(back, gens.id({d, f.size - 1}));
  return out;
}

/// Every shortest way of offset v: the product of its coordinates' ways.
PackingItem offset_item(const Product& p, std::uint64_t v, Generators& gens) {
  PackingItem item;
  item.ways = {{}};
  for (std::size_t d = 0; d < p.dims(); ++d) {
    const auto ways =
        coordinate_ways(p.factors()[d], static_cast<std::uint32_t>(d), p.coord(v, d), gens);
    std::vector<std::vector<std::uint32_t>> next;
    for (const auto& head : item.ways)
      for (const auto& tail : ways) {
        next.push_back(head);
        next.back().insert(next.back().end(), tail.begin(), tail.end());
      }
    item.ways = std::move(next);
  }
  return item;
}

/// The node one generator step from `at`.
std::uint64_t step_along(const Product& p, std::uint64_t at, Generator g) {
  const std::uint32_t c = p.coord(at, g.dim);
  const std::uint32_t moved = (c + g.delta) % p.factors()[g.dim].size;
  return at - c * p.stride(g.dim) + moved * p.stride(g.dim);
}

/// o translated by offset v, coordinate by coordinate.
std::uint64_t translate(const Product& p, std::uint64_t o, std::uint64_t v) {
  std::uint64_t out = 0;
  for (std::size_t d = 0; d < p.dims(); ++d)
    out += (p.coord(o, d) + p.coord(v, d)) % p.factors()[d].size * p.stride(d);
  return out;
}

Schedule product_balanced(const Product& p, bool fewest_steps) {
  const std::uint64_t n = p.num_nodes();
  Generators gens;
  PackingProblem problem;
  problem.reorderable = true;
  for (std::uint64_t v = 1; v < n; ++v) problem.items.push_back(offset_item(p, v, gens));
  problem.resources = static_cast<std::uint32_t>(gens.list().size());
  const auto [packing, steps] =
      best_packing(problem, p.diameter(), kMostProductMoves, fewest_steps ? 0 : kExtraSteps);
  // every source follows the same plan: offset v's chunk o*N + (o+v) takes v's hops
  LinkChunks links(steps);
  for (std::uint64_t o = 0; o < n; ++o)
    for (std::uint64_t v = 1; v < n; ++v) {
      const PackedItem& x = packing.items[v - 1];
      const std::uint64_t chunk = o * n + translate(p, o, v);
      std::uint64_t at = o;
      for (std::size_t h = 0; h < x.hops.size(); ++h) {
        const std::uint64_t next = step_along(p, at, gens.list()[x.hops[h]]);
        links[x.steps[h]]
             [link_key(static_cast<std::uint32_t>(at), static_cast<std::uint32_t>(next))]
                 .push_back(chunk);
        at = next;
      }
    }
  return chunk_lists(p, links);
}

// ---- any other connected network: one path per ordered pair ----

/// Shortest paths for every ordered pair, each chosen against the loads the others put on the
/// links (the path minimising the sum of (load + 1)^3 over its links), rerouted kRerouteRounds
/// times: paths[o * N + d] lists the nodes from o to d.
std::vector<std::vector<std::uint32_t>> balanced_paths(
    const Csr& g, const std::vector<std::vector<std::uint32_t>>& dist,
    std::vector<std::uint64_t>& load) {
  const std::uint32_t n = g.num_nodes();
  std::vector<std::vector<std::uint32_t>> paths(static_cast<std::size_t>(n) * n);
  const auto arc = [&](std::uint32_t a, std::uint32_t b) {
    return static_cast<std::size_t>(std::find(g.begin(a), g.end(a), b) - g.targets().data());
  };
  const auto place = [&](std::vector<std::uint32_t>& path, int sign) {
    for (std::size_t i = 1; i < path.size(); ++i)
      load[arc(path[i - 1], path[i])] = static_cast<std::uint64_t>(
          static_cast<std::int64_t>(load[arc(path[i - 1], path[i])]) + sign);
  };
  std::vector<double> cost(n);
  std::vector<std::uint32_t> via(n);
  const auto route = [&](std::uint32_t o, std::uint32_t d) {
    // nodes of the shortest-path DAG from o to d, layer by layer
    const std::uint32_t len = dist[o][d];
    std::vector<std::vector<std::uint32_t>> layers(len + 1);
    for (std::uint32_t v = 0; v < n; ++v)
      if (dist[o][v] + dist[v][d] == len) layers[dist[o][v]].push_back(v);
    cost[o] = 0;
    for (std::uint32_t k = 1; k <= len; ++k)
      for (const std::uint32_t v : layers[k]) {
        cost[v] = std::numeric_limits<double>::max();
        for (const std::uint32_t u : layers[k - 1]) {
          if (std::find(g.begin(u), g.end(u), v) == g.end(u)) continue;
          const double l = static_cast<double>(load[arc(u, v)]) + 1;
          if (cost[u] + l * l * l < cost[v]) cost[v] = cost[u] + l * l * l, via[v] = u;
        }
      }
    std::vector<std::uint32_t> path(len + 1);
    path[len] = d;
    for (std::uint32_t k = len; k > 0; --k) path[k - 1] = via[path[k]];
    return path;
  };
  for (int round = 0; round < kRerouteRounds; ++round)
    for (std::uint32_t o = 0; o < n; ++o)
      for (std::uint32_t d = 0; d < n; ++d) {
        if (o == d) continue;
        auto& path = paths[static_cast<std::size_t>(o) * n + d];
        if (round > 0) place(path, -1);
        path = route(o, d);
        place(path, +1);
      }
  return paths;
}

/// The deadline routings of gen/plan/deadline_packing.hpp in D .. D + extra steps,
/// the least payload sum of three: chunks on any shortest path, on the balanced paths, and on
/// the paper's routes where the family has a routing function whose routes fit in the steps
/// (a dualcube's cross links each carry an equal share on them).
std::optional<LinkChunks> deadline_packing(const Network& t, const Csr& g,
                                           const std::vector<std::vector<std::uint32_t>>& dist,
                                           std::uint32_t diameter, const Paths& balanced,
                                           std::uint32_t extra, RouterFn paper_routes) {
  const std::uint32_t n = g.num_nodes();
  if (n < 2) return std::nullopt;  // nothing to route (and no links to share it)
  std::uint64_t hops = 0;
  for (std::uint32_t o = 0; o < n; ++o)
    for (std::uint32_t d = 0; d < n; ++d) hops += dist[o][d];
  const std::uint64_t least_load = (hops + g.num_arcs() - 1) / g.num_arcs();
  std::optional<LinkChunks> best;
  const auto keep = [&](std::optional<LinkChunks> x) {
    if (x && (!best || std::pair(deadline_payload_sum(*x), x->size()) <
                           std::pair(deadline_payload_sum(*best), best->size())))
      best = std::move(x);
  };
  const std::uint32_t last = diameter + extra;
  keep(least_deadline_routing(g, dist, diameter, last, least_load, nullptr));
  keep(least_deadline_routing(g, dist, diameter, last, least_load, &balanced));
  if (const auto router = paper_routes ? paper_routes(t) : nullptr) {
    Paths papers(static_cast<std::size_t>(n) * n);
    std::size_t longest = 0;
    NodePath path;
    router->prepare_bulk();
    for (std::uint32_t o = 0; o < n; ++o)
      for (std::uint32_t d = 0; d < n; ++d)
        if (o != d) {
          router->route(NodeId(o), NodeId(d), path);
          auto& p = papers[static_cast<std::size_t>(o) * n + d];
          for (const NodeId v : path) p.push_back(v.v);
          longest = std::max(longest, p.size() - 1);
        }
    if (longest <= last)
      keep(least_deadline_routing(g, dist, static_cast<std::uint32_t>(longest), last, least_load,
                                  &papers));
  }
  return best;
}

Schedule general_balanced(const Network& t, RouterFn paper_routes, bool fewest_steps) {
  const Csr g(t, 1);
  const std::uint32_t n = g.num_nodes();
  const auto dist = connected_distances(g, "balanced exchange", t.spec());
  std::uint32_t diameter = 0;
  for (const auto& row : dist)
    diameter = std::max(diameter, *std::max_element(row.begin(), row.end()));
  std::vector<std::uint64_t> load(g.num_arcs(), 0);
  const auto paths = balanced_paths(g, dist, load);
  PackingProblem problem;
  problem.resources = static_cast<std::uint32_t>(g.num_arcs());
  std::vector<std::uint64_t> chunk_of;
  for (std::uint32_t o = 0; o < n; ++o)
    for (std::uint32_t d = 0; d < n; ++d) {
      if (o == d) continue;
      const auto& path = paths[static_cast<std::size_t>(o) * n + d];
      std::vector<std::uint32_t> arcs;
      for (std::size_t i = 1; i < path.size(); ++i)
        arcs.push_back(static_cast<std::uint32_t>(
            std::find(g.begin(path[i - 1]), g.end(path[i - 1]), path[i]) - g.targets().data()));
      problem.items.push_back({{std::move(arcs)}});
      chunk_of.push_back(static_cast<std::uint64_t>(o) * n + d);
    }
  const std::uint32_t extra = fewest_steps ? 0 : kExtraSteps;
  const auto [packing, steps] = best_packing(problem, diameter, kMostPairMoves, extra);
  // the deadline routing where it is better: by payload sum then steps, or the other way round
  const auto key = [&](std::uint64_t payload_sum, std::size_t step_count) {
    return fewest_steps ? std::pair<std::uint64_t, std::uint64_t>(step_count, payload_sum)
                        : std::pair<std::uint64_t, std::uint64_t>(payload_sum, step_count);
  };
  if (auto routed = deadline_packing(t, g, dist, diameter, paths, extra, paper_routes);
      routed &&
      key(deadline_payload_sum(*routed), routed->size()) < key(packing.payload_sum, steps))
    return chunk_lists(t, *routed);
  LinkChunks links(steps);
  for (std::size_t i = 0; i < packing.items.size(); ++i) {
    const auto& path = paths[chunk_of[i]];
    for (std::size_t h = 0; h < packing.items[i].steps.size(); ++h)
      links[packing.items[i].steps[h]][link_key(path[h], path[h + 1])].push_back(chunk_of[i]);
  }
  return chunk_lists(t, links);
}

}  // namespace

bool balanced_exchange_applies(const Network& t) {
  return t.num_nodes() <= (abelian_product(t) ? kBalancedProductMaxNodes : kBalancedMaxNodes);
}

Schedule balanced_exchange(const Network& t, RouterFn paper_routes, bool fewest_steps) {
  if (abelian_product(t)) {
    check_nodes(t, "balanced exchange", kBalancedProductMaxNodes, "kBalancedProductMaxNodes");
    return product_balanced(*network_as<Product>(t), fewest_steps);
  }
  check_nodes(t, "balanced exchange", kBalancedMaxNodes, "kBalancedMaxNodes");
  return general_balanced(t, paper_routes, fewest_steps);
}

}  // namespace netsched
