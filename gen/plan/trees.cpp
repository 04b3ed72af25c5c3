// All-port collectives along given spanning trees (gen/plan/spanning_trees.hpp), and the flood's
// trees, one BFS tree per node: node o's tree carries o's chunk down (all-gather), o's chunks to
// their destinations (total exchange), the partial sums of block o up to o (reduce-scatter), and
// both for a vector all-reduce. A tree level per step,
// every link in both directions at once. Among a node's neighbours one level closer to the
// root, its parent is the one whose link into it carries least so far in that step, which
// spreads the load over the links.
#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

#include "core/errors.hpp"
#include "core/graph.hpp"
#include "core/metrics.hpp"
#include "gen/plan/program.hpp"
#include "gen/plan/schedule_kit.hpp"
#include "gen/plan/spanning_trees.hpp"

namespace netsched {
namespace {

std::uint64_t link_key(std::uint32_t from, std::uint32_t to) {
  return static_cast<std::uint64_t>(from) << 32 | to;
}

/// Register moves of every step, per directed link: combined into a RegisterProgram.
using RegisterSteps = std::vector<std::map<std::uint64_t, std::vector<Move>>>;

/// Emptied as they go: the program keeps the only copy of the moves.
void emit(RegisterProgram& p, RegisterSteps&& steps) {
  for (auto& step : steps) {
    for (auto& [key, moves] : step)
      p.send(static_cast<std::uint32_t>(key >> 32), static_cast<std::uint32_t>(key),
             std::move(moves));
    step.clear();
    p.end_step();
  }
}

/// The trees of one block per node: what the total exchange reads.
void check_one_piece(const SpanningTrees& f) {
  if (f.pieces != 1)
    throw std::logic_error("trees of " + std::to_string(f.pieces) +
                           " pieces a block serve an all-gather, a reduce-scatter or an "
                           "all-reduce, not a total exchange");
}

/// The edges of tree c (every node w but root_of(c) and its parent), per step and directed link
/// (from << 32 | to), each list of trees ascending: down, w receives c in step[c][w]; `up`,
/// w sends to its parent in the mirrored step, steps - 1 - step[c][w]. The N x trees edges
/// (N^2 x pieces for an all-gather) are bucketed by step and arc in two counting passes, not
/// looked up one by one in a map of links.
template <class RootOf>
LinkChunks tree_edges(const Network& t, const SpanningTrees& f, RootOf root_of, bool up) {
  const std::uint32_t n = static_cast<std::uint32_t>(t.num_nodes());
  const Csr g(t, 1);
  const std::uint64_t arcs = g.num_arcs();
  const auto arc_into = [&](std::uint32_t w, std::uint32_t from) {  // from -> w, among w's arcs
    const std::uint32_t* at = std::find(g.begin(w), g.end(w), from);
    if (at == g.end(w))
      throw std::logic_error("a tree edge " + std::to_string(from) + " -> " + std::to_string(w) +
                             " is not a link of " + t.spec());
    return static_cast<std::uint64_t>(at - g.targets().data());
  };
  const auto edges = [&](auto&& visit) {
    for (std::uint32_t c = 0; c < f.parent.size(); ++c)
      for (std::uint32_t w = 0; w < n; ++w)
        if (w != root_of(c)) {
          const std::uint32_t step = up ? f.steps - 1 - f.step[c][w] : f.step[c][w];
          visit(c, step * arcs + arc_into(w, f.parent[c][w]));
        }
  };
  std::vector<std::uint32_t> count(f.steps * arcs, 0);
  edges([&](std::uint32_t, std::uint64_t bucket) { ++count[bucket]; });
  std::vector<std::vector<std::uint64_t>> lists(count.size());
  for (std::uint64_t b = 0; b < lists.size(); ++b) lists[b].reserve(count[b]);
  edges([&](std::uint32_t c, std::uint64_t bucket) { lists[bucket].push_back(c); });
  LinkChunks links(f.steps);
  for (std::uint32_t w = 0; w < n; ++w)
    for (const std::uint32_t* p = g.begin(w); p != g.end(w); ++p) {
      const std::uint64_t arc = static_cast<std::uint64_t>(p - g.targets().data());
      for (std::uint32_t s = 0; s < f.steps; ++s)
        if (!lists[s * arcs + arc].empty())
          links[s][up ? link_key(w, *p) : link_key(*p, w)] = std::move(lists[s * arcs + arc]);
    }
  return links;
}

/// The tree of block piece j is rooted at j / pieces.
auto piece_root(const SpanningTrees& f) {
  return [&f](std::uint32_t j) { return j / f.pieces; };
}

/// Register base + j moved along tree j's edges with `op`, per step and link (the edges are
/// emptied as they go: at N^2 edges their lists and the moves are the bulk of the memory).
RegisterSteps register_moves(LinkChunks&& edges, std::uint64_t base, RegOp op) {
  RegisterSteps steps(edges.size());
  for (std::size_t s = 0; s < edges.size(); ++s) {
    for (auto& [key, trees] : edges[s]) {
      auto& moves = steps[s][key];
      moves.reserve(trees.size());
      for (const std::uint64_t j : trees) {
        const auto r = static_cast<std::uint16_t>(base + j);
        moves.push_back({r, r, op});
      }
      std::vector<std::uint64_t>().swap(trees);
    }
    edges[s].clear();
  }
  return steps;
}

/// Block j's partial sums up j's tree into register `base + j` of j: node w sends in step
/// steps - 1 - step[j][w], after its children.
RegisterSteps reduce_up(const Network& t, const SpanningTrees& f, std::uint64_t base) {
  return register_moves(tree_edges(t, f, piece_root(f), true), base, RegOp::Combine);
}

/// Register `base + j` of j down j's tree (Set), each node in its step.
RegisterSteps spread_down(const Network& t, const SpanningTrees& f, std::uint64_t base) {
  return register_moves(tree_edges(t, f, piece_root(f), false), base, RegOp::Set);
}

}  // namespace

// Node o's BFS tree, a level per step: step[o][w] = depth(w) - 1; steps = the diameter.
SpanningTrees flood_trees(const Network& t, const char* what) {
  const std::uint64_t n = t.num_nodes();
  check_nodes(t, what, kFloodMaxNodes, "kFloodMaxNodes");
  const Csr g(t, 1);
  SpanningTrees out;
  // per step, per directed link (from << 32 | to): the children it feeds so far
  std::vector<std::map<std::uint64_t, std::uint32_t>> load;
  for (std::uint32_t o = 0; o < n; ++o) {
    auto dist = bfs_distances(g, o);
    std::vector<std::uint32_t> parent(n, o);
    for (std::uint32_t w = 0; w < n; ++w) {
      if (w == o) continue;
      if (dist[w] == kUnreached)
        throw InputError(std::string(what) + ": " + t.spec() + " is not connected (" +
                         std::to_string(w) + " cannot be reached from " + std::to_string(o) + ")");
      const std::uint32_t step = dist[w] - 1;
      if (load.size() <= step) load.resize(step + 1);
      std::uint32_t best_load = ~std::uint32_t{0};
      for (const std::uint32_t* p = g.begin(w); p != g.end(w); ++p) {
        if (dist[*p] != step) continue;
        const std::uint32_t l = load[step][static_cast<std::uint64_t>(*p) << 32 | w];
        if (l < best_load) parent[w] = *p, best_load = l;
      }
      ++load[step][static_cast<std::uint64_t>(parent[w]) << 32 | w];
      out.steps = std::max(out.steps, dist[w]);
    }
    for (auto& d : dist) d -= 1;  // a level per step: depth 1 in step 0
    out.parent.push_back(std::move(parent));
    out.step.push_back(std::move(dist));
  }
  return out;
}

Schedule trees_all_gather(const Network& t, const SpanningTrees& f, const char* algorithm) {
  const std::uint64_t n = t.num_nodes();
  LinkChunks links = tree_edges(t, f, piece_root(f), false);
  return link_chunk_schedule(t, Collective::pieced_all_gather(n, f.pieces), PortModel::AllPort,
                             algorithm, links);
}

Schedule trees_broadcast(const Network& t, const SpanningTrees& f, NodeId root,
                         const char* algorithm) {
  const auto pieces = static_cast<std::uint32_t>(f.parent.size());
  LinkChunks links = tree_edges(
      t, f, [&](std::uint32_t) { return root.v; }, false);
  return link_chunk_schedule(t, Collective::pieced_broadcast(t.num_nodes(), root, pieces),
                             PortModel::AllPort, algorithm, links);
}

Schedule trees_total_exchange(const Network& t, const SpanningTrees& f, const char* algorithm) {
  check_one_piece(f);
  const std::uint64_t n = t.num_nodes();
  check_nodes(t, "a total exchange along trees", kReduceScatterMaxNodes, "kReduceScatterMaxNodes");
  // chunk o*N+d follows o's tree from o to d: every tree link on the way, in its step
  LinkChunks links(f.steps);
  for (std::uint32_t o = 0; o < n; ++o)
    for (std::uint32_t d = 0; d < n; ++d)
      for (std::uint32_t w = d; w != o; w = f.parent[o][w])
        links[f.step[o][w]][link_key(f.parent[o][w], w)].push_back(o * n + d);
  for (auto& step : links)
    for (auto& [key, chunks] : step) std::sort(chunks.begin(), chunks.end());
  return link_chunk_schedule(t, Collective::total_exchange(n), PortModel::AllPort, algorithm,
                             links);
}

Schedule trees_reduce_scatter(const Network& t, const SpanningTrees& f, const char* algorithm) {
  const std::uint64_t n = t.num_nodes();  // tree j = o*pieces + k: piece k of block o, register j
  check_tree_registers(t, n * f.pieces, "a reduce-scatter along trees");
  RegisterProgram p(t, Collective::reduce_scatter(n, f.pieces), block_registers(n, f.pieces),
                    algorithm);
  emit(p, reduce_up(t, f, 0));
  Schedule s = p.finish();
  s.model = PortModel::AllPort;
  return s;
}

Schedule trees_all_reduce(const Network& t, const SpanningTrees& f, const char* algorithm) {
  const std::uint64_t n = t.num_nodes(), pieces = n * f.pieces;  // tree j's piece j
  check_tree_registers(t, 2 * pieces, "an all-reduce along trees");
  RegisterProgram p(t, Collective::vector_all_reduce(n, static_cast<std::uint32_t>(pieces)),
                    piece_registers(pieces), algorithm);
  emit(p, reduce_up(t, f, 0));
  for (std::uint32_t j = 0; j < pieces; ++j) {
    const std::uint32_t root = j / f.pieces;
    p.set(static_cast<std::uint16_t>(pieces + j), static_cast<std::uint16_t>(j), {{root, root}});
  }
  emit(p, spread_down(t, f, pieces));
  Schedule s = p.finish();
  s.model = PortModel::AllPort;
  return s;
}

}  // namespace netsched
