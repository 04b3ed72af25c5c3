// Packed spanning trees: one out-tree per origin and a step for every tree edge, chosen by
// simulated annealing so that in every step the links carry alike (gen/plan/step_loads.hpp).
// An all-gather along them moves each chunk once over N-1 links; when every step loads every
// link equally the sum of the steps' largest loads is (N-1) / degree, the bandwidth bound's port
// term, which analysis/bandwidth_bound.cpp shows exact on the papers' regular networks.
//
// On a product of rings and complete graphs every origin uses one tree of offsets, translated
// (a link's load in a step then depends on its generator alone); elsewhere each origin has a
// tree of its own over the directed links.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <random>

#include "core/errors.hpp"
#include "core/graph.hpp"
#include "core/limits.hpp"
#include "core/metrics.hpp"
#include "gen/plan/schedule_kit.hpp"
#include "gen/plan/spanning_trees.hpp"
#include "gen/plan/step_loads.hpp"
#include "gen/topo/product.hpp"
#include "gen/topology.hpp"

namespace netsched {
namespace {

constexpr std::uint64_t kPackingSeed = 20261126;
/// Annealing moves per tree edge, and at most this many per step count tried: more on products,
/// whose one tree of offsets is small and often packed at the bound, than on other networks, with
/// a tree per chunk (there the search refines the flood or the pipeline it starts from).
struct MoveBudget {
  std::uint64_t per_edge, most;
};
constexpr MoveBudget kProductMoves{50'000, 3'000'000}, kTreeMoves{500, 300'000},
    kBroadcastMoves{500, 2'000'000};
/// Step counts tried: the diameter up to the diameter + kExtraSteps.
constexpr std::uint32_t kExtraSteps = 2;
/// Temperatures in units of one load: low, so that a move rarely raises a step's largest load and
/// the count of links at it (a fraction of a load) steers the search.
constexpr double kTreeHotTemperature = 0.02, kTreeColdTemperature = 0.0002;
constexpr std::int32_t kRootStep = -1;

/// Where a tree node may hang: (the parent position, the resource the edge loads).
struct Hang {
  std::uint32_t parent, resource;
};

/// The trees to pack: `classes` trees of `positions` nodes each, tree c rooted at roots[c];
/// hangs[c][x]: the ways position x of tree c may receive (its neighbours).
struct TreeProblem {
  std::uint32_t positions = 0, resources = 0;
  std::vector<std::uint32_t> roots;
  std::vector<std::vector<std::vector<Hang>>> hangs;  ///< [class][position]
  std::vector<std::vector<std::uint32_t>> depth;      ///< BFS depth from the root
  /// Steps tree c starts late in the initial packing (a pipeline of pieces); empty: none.
  std::vector<std::uint32_t> delay;
};

struct TreeState {
  std::vector<std::vector<std::uint32_t>> parent, resource;
  std::vector<std::vector<std::int32_t>> step;
  std::uint64_t payload_sum = 0;
};

class TreeAnnealer {
 public:
  TreeAnnealer(const TreeProblem& p, std::uint32_t steps, std::uint64_t seed)
      : p_(p),
        steps_(steps),
        rng_(seed),
        loads_(steps, p.resources, static_cast<std::uint32_t>(p.roots.size()) * p.positions) {
    const std::size_t c = p.roots.size();
    s_.parent.assign(c, std::vector<std::uint32_t>(p.positions, 0));
    s_.resource = s_.parent;
    s_.step.assign(c, std::vector<std::int32_t>(p.positions, kRootStep));
    children_.assign(c, std::vector<std::vector<std::uint32_t>>(p.positions));
    for (std::uint32_t k = 0; k < c; ++k)
      for (std::uint32_t x = 0; x < p.positions; ++x) {
        if (x == p.roots[k]) continue;
        // to start, a level per step (the flood): a BFS parent one level up, the one whose link
        // carries least in that step so far
        const auto step =
            static_cast<std::uint32_t>(p.depth[k][x] - 1 + (p.delay.empty() ? 0 : p.delay[k]));
        std::optional<Hang> up;
        for (const Hang& h : p.hangs[k][x])
          if (p.depth[k][h.parent] + 1 == p.depth[k][x] &&
              (!up || loads_.load(step, h.resource) < loads_.load(step, up->resource)))
            up = h;
        const Hang h = *up;
        s_.parent[k][x] = h.parent;
        s_.resource[k][x] = h.resource;
        s_.step[k][x] =
            static_cast<std::int32_t>(p.depth[k][x] - 1 + (p.delay.empty() ? 0 : p.delay[k]));
        children_[k][h.parent].push_back(x);
        loads_.add(static_cast<std::uint32_t>(s_.step[k][x]), h.resource, +1);
        items_.push_back({k, x});
      }
  }

  /// The best packing met (never worse than the flood it starts from).
  TreeState run(std::uint64_t moves, std::uint64_t bound) {
    const double cooling =
        std::pow(kTreeColdTemperature / kTreeHotTemperature, 1.0 / static_cast<double>(moves));
    double temperature = kTreeHotTemperature;
    TreeState best = s_;
    best.payload_sum = loads_.payload_sum();
    for (std::uint64_t i = 0; i < moves && !items_.empty() && best.payload_sum > bound; ++i) {
      move(temperature);
      temperature *= cooling;
      if (loads_.payload_sum() < best.payload_sum) {
        best = s_;
        best.payload_sum = loads_.payload_sum();
      }
    }
    return best;
  }

 private:
  std::uint32_t below(std::size_t n) {
    return static_cast<std::uint32_t>(std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_));
  }
  /// One past the latest step x may take: before its earliest child, within the schedule.
  std::int32_t before_children(std::uint32_t k, std::uint32_t x) const {
    std::int32_t most = static_cast<std::int32_t>(steps_);
    for (const std::uint32_t ch : children_[k][x]) most = std::min(most, s_.step[k][ch]);
    return most;
  }

  void move(double temperature) {
    const auto [k, x] = items_[below(items_.size())];
    const std::int32_t now = s_.step[k][x];
    const auto& hangs = p_.hangs[k][x];
    const Hang h = hangs[below(hangs.size())];  // a parent, maybe the same one
    // x's step lies after its parent's and before its children's
    const std::int32_t lo = s_.step[k][h.parent] + 1, hi = before_children(k, x) - 1;
    if (lo > hi) return;
    const bool reparent = h.parent != s_.parent[k][x];
    const bool keep_step = reparent && lo <= now && now <= hi && below(2) == 0;
    const std::int32_t when =
        keep_step ? now
                  : lo + static_cast<std::int32_t>(below(static_cast<std::size_t>(hi - lo + 1)));
    if (!reparent && when == now) return;
    const std::vector<LoadChange> c = {{static_cast<std::uint32_t>(now), s_.resource[k][x], -1},
                                       {static_cast<std::uint32_t>(when), h.resource, +1}};
    if (!anneal(loads_, c, temperature,
                [this] { return std::uniform_real_distribution<double>(0, 1)(rng_); }))
      return;
    s_.step[k][x] = when;
    if (reparent) {
      auto& old = children_[k][s_.parent[k][x]];
      old.erase(std::find(old.begin(), old.end(), x));
      children_[k][h.parent].push_back(x);
      s_.parent[k][x] = h.parent;
      s_.resource[k][x] = h.resource;
    }
  }

  const TreeProblem& p_;
  std::uint32_t steps_;
  std::mt19937_64 rng_;
  StepLoads loads_;
  TreeState s_;
  std::vector<std::vector<std::vector<std::uint32_t>>> children_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> items_;  ///< (class, position)
};

/// Packs at T = D .. D + kExtraSteps and keeps the least payload sum, then the fewest steps.
/// Packs at T = lo .. lo + kExtraSteps (lo covers every tree's depth and delay).
std::pair<TreeState, std::uint32_t> best_trees(const TreeProblem& p, std::uint32_t lo,
                                               MoveBudget budget) {
  const std::uint64_t edges = static_cast<std::uint64_t>(p.roots.size()) * (p.positions - 1);
  const std::uint64_t moves = std::min(budget.most, edges * budget.per_edge);
  const std::uint64_t bound = (edges + p.resources - 1) / p.resources;
  std::optional<std::pair<TreeState, std::uint32_t>> best;
  for (std::uint32_t t = lo; t <= lo + kExtraSteps; ++t) {
    TreeState s = TreeAnnealer(p, t, kPackingSeed + t).run(moves, bound);
    if (!best || s.payload_sum < best->first.payload_sum) best.emplace(std::move(s), t);
    if (best->first.payload_sum == bound) break;
  }
  return std::move(*best);
}

bool abelian_product(const Network& t) {
  const Product* p = network_as<Product>(t);
  return p && std::all_of(p->factors().begin(), p->factors().end(),
                          [](const Factor& f) { return f.vertex_transitive(); });
}

std::vector<std::uint32_t> depths(const Csr& g, std::uint32_t root, const Network& t) {
  auto d = bfs_distances(g, root);
  const auto reached = static_cast<std::uint64_t>(
      d.size() - static_cast<std::size_t>(std::count(d.begin(), d.end(), kUnreached)));
  if (reached < d.size()) throw disconnected_error(t, NodeId(root), reached);
  return d;
}

/// A product: a tree over the offsets per piece (position = the offset's id), a generator a
/// resource.
SpanningTrees product_trees(const Product& p, std::uint32_t pieces) {
  const Csr g(p, 1);
  const std::uint32_t n = g.num_nodes();
  TreeProblem tp;
  tp.positions = n;
  tp.roots.assign(pieces, 0);
  tp.depth.assign(pieces, depths(g, 0, p));
  // the generator of link a -> b: its dimension and the coordinate step, numbered as met
  std::map<std::pair<std::size_t, std::uint32_t>, std::uint32_t> gen;
  const auto generator = [&](std::uint32_t a, std::uint32_t b) {
    for (std::size_t d = 0; d < p.dims(); ++d)
      if (p.coord(a, d) != p.coord(b, d)) {
        const std::uint32_t size = p.factors()[d].size;
        const std::uint32_t delta = (p.coord(b, d) + size - p.coord(a, d)) % size;
        return gen.try_emplace({d, delta}, static_cast<std::uint32_t>(gen.size())).first->second;
      }
    return std::uint32_t{0};
  };
  tp.hangs.assign(1, std::vector<std::vector<Hang>>(n));
  for (std::uint32_t x = 0; x < n; ++x)
    for (const std::uint32_t* y = g.begin(x); y != g.end(x); ++y)
      tp.hangs[0][x].push_back({*y, generator(*y, x)});
  const auto one = tp.hangs.front();  // the same for every piece's tree
  tp.hangs.assign(pieces, one);
  tp.resources = static_cast<std::uint32_t>(gen.size());
  const auto [s, steps] = best_trees(tp, p.diameter(), kProductMoves);
  // translate piece k's tree of offsets to every origin: o's node o+x hangs from o+parent(x)
  SpanningTrees out;
  out.steps = steps;
  out.pieces = pieces;
  // N^2 x pieces translations: every node's coordinates looked up, not divided out each time
  const std::size_t dims = p.dims();
  std::vector<std::uint32_t> coords(std::size_t{n} * dims);
  for (std::uint32_t v = 0; v < n; ++v)
    for (std::size_t d = 0; d < dims; ++d) coords[v * dims + d] = p.coord(v, d);
  const auto translate = [&](const std::uint32_t* o, std::uint32_t x) {
    std::uint64_t v = 0;
    for (std::size_t d = 0; d < dims; ++d) {
      const std::uint32_t size = p.factors()[d].size, sum = o[d] + coords[x * dims + d];
      v += (sum >= size ? sum - size : sum) * p.stride(d);
    }
    return static_cast<std::uint32_t>(v);
  };
  out.parent.assign(std::size_t{n} * pieces, std::vector<std::uint32_t>(n, 0));
  out.step = out.parent;
  for (std::uint32_t o = 0; o < n; ++o)
    for (std::uint32_t k = 0; k < pieces; ++k)
      for (std::uint32_t x = 1; x < n; ++x) {
        const std::uint32_t* at = &coords[o * dims];
        const std::uint32_t w = translate(at, x), c = o * pieces + k;
        out.parent[c][w] = translate(at, s.parent[k][x]);
        out.step[c][w] = static_cast<std::uint32_t>(s.step[k][x]);
      }
  return out;
}

/// Any network: a tree per chunk over the nodes, tree c rooted at roots[c], a directed link a
/// resource.
SpanningTrees rooted_trees(const Network& t, const std::vector<std::uint32_t>& roots,
                           std::uint32_t pieces, bool pipelined) {
  const Csr g(t, 1);
  const std::uint32_t n = g.num_nodes();
  TreeProblem tp;
  tp.positions = n;
  tp.resources = static_cast<std::uint32_t>(g.num_arcs());
  std::uint32_t diameter = 0;
  std::vector<std::vector<Hang>> hangs(n);  // the same for every tree
  for (std::uint32_t x = 0; x < n; ++x)
    for (const std::uint32_t* y = g.begin(x); y != g.end(x); ++y) {
      const auto arc =
          static_cast<std::uint32_t>(std::find(g.begin(*y), g.end(*y), x) - g.targets().data());
      hangs[x].push_back({*y, arc});
    }
  for (const std::uint32_t o : roots) {
    tp.roots.push_back(o);
    tp.depth.push_back(depths(g, o, t));
    diameter =
        std::max(diameter, *std::max_element(tp.depth.back().begin(), tp.depth.back().end()));
    tp.hangs.push_back(hangs);
  }
  std::uint32_t lo = diameter;
  MoveBudget budget = kTreeMoves;
  if (pipelined) {  // the pieces follow one another: tree c starts c x spread / pieces late
    const std::uint64_t edges = roots.size() * std::uint64_t{n - 1};
    const auto spread = static_cast<std::uint32_t>((edges + tp.resources - 1) / tp.resources);
    for (std::uint32_t c = 0; c < roots.size(); ++c)
      tp.delay.push_back(static_cast<std::uint32_t>(std::uint64_t{c} * spread / roots.size()));
    lo = diameter + spread - 1;
    budget = kBroadcastMoves;
  }
  const auto [s, steps] = best_trees(tp, lo, budget);
  SpanningTrees out;
  out.steps = steps;
  out.pieces = pieces;
  out.parent = s.parent;
  out.step.assign(roots.size(), std::vector<std::uint32_t>(n, 0));
  for (std::uint32_t c = 0; c < roots.size(); ++c)
    for (std::uint32_t w = 0; w < n; ++w)
      if (w != roots[c]) out.step[c][w] = static_cast<std::uint32_t>(s.step[c][w]);
  return out;
}

}  // namespace

bool packed_trees_apply(const Network& t) {
  return t.num_nodes() >= 2 &&
         t.num_nodes() <= (abelian_product(t) ? kPackedProductMaxNodes : kPackedTreesMaxNodes);
}

SpanningTrees packed_trees(const Network& t, std::uint32_t pieces) {
  check_pieces("packed-trees", pieces, kMaxPackedPieces, "kMaxPackedPieces");
  if (abelian_product(t)) {
    check_nodes(t, "packed-trees", kPackedProductMaxNodes, "kPackedProductMaxNodes");
    // a tree per chunk (parent and step: 8 B a node), the all-gather's chunk lists they
    // become (8 B a delivery, twice while bucketed) and the check
    const std::uint64_t deliveries = mul_sat(mul_sat(t.num_nodes(), t.num_nodes()), pieces);
    check_memory(mul_sat(deliveries, kTreeBytesPerDelivery),
                 "packed-trees on " + std::to_string(t.num_nodes()) + " nodes in " +
                     std::to_string(pieces) + " pieces");
    return product_trees(*network_as<Product>(t), pieces);
  }
  check_nodes(t, "packed-trees", kPackedTreesMaxNodes, "kPackedTreesMaxNodes");
  std::vector<std::uint32_t> roots;  // chunk c of origin c / pieces
  for (std::uint32_t c = 0; c < t.num_nodes() * pieces; ++c) roots.push_back(c / pieces);
  return rooted_trees(t, roots, pieces, false);
}

SpanningTrees packed_broadcast_trees(const Network& t, NodeId root, std::uint32_t pieces) {
  check_pieces("packed-trees broadcast", pieces, kMaxPackedBroadcastPieces,
               "kMaxPackedBroadcastPieces");
  check_nodes(t, "packed-trees", kPackedTreesMaxNodes, "kPackedTreesMaxNodes");
  return rooted_trees(t, std::vector<std::uint32_t>(pieces, root.v), pieces, true);
}

}  // namespace netsched
