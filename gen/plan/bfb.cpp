// BFB, breadth-first broadcast (Zhao et al., "Efficient direct-connect topologies for
// collective communications"): an all-port all-gather in as many steps as the diameter. In step
// s every node v takes the block of every node o that is s + 1 links away, each piece of it from
// a neighbour one link nearer o, which holds the whole block since step s - 1. Which neighbour
// sends which piece is v's own choice, made step by step so that the links into v carry alike:
// a piece of every origin in turn (those with the fewest such neighbours first), each to the
// least loaded of them (a link's load over its copies of the slowest link's, link_pieces).
//
// Why: the packed trees and the rarest-first pull reach the bandwidth bound in D + 2 and in
// hundreds of steps; BFB comes to it in D steps on distance-regular networks (hypercubes, the
// Petersen graph), where the origins s + 1 links from a node, spread evenly over their nearer
// neighbours, load every link into it alike — up to the pieces' rounding (hypercube(6) 1.006x
// in 64 pieces, and the vertex-transitive torus(8,8) too, tests/gen/test_textbook.cpp). Elsewhere
// its ratio to the bound is measured, not promised (ccc(3) 1.22x, hypernet(2,2,3) 2.59x: the
// origins' nearer neighbours are few and the same ones). Every piece's receipts form a tree of
// shortest paths from its origin, so the schedule is SpanningTrees and the reduce-scatter and
// all-reduce along the trees come with it (spanning_trees.hpp).
#include <algorithm>
#include <numeric>

#include "core/errors.hpp"
#include "core/graph.hpp"
#include "core/limits.hpp"
#include "core/metrics.hpp"
#include "gen/plan/schedule_kit.hpp"
#include "gen/plan/spanning_trees.hpp"

namespace netsched {
namespace {

/// Node v's receipts: for each origin, each piece from a neighbour one link nearer the origin,
/// in the step before the origin's distance, the links into v loaded alike step by step.
void receive_breadth_first(const Csr& g, const std::vector<std::uint32_t>& copies,
                           const std::vector<std::vector<std::uint32_t>>& dist, std::uint32_t v,
                           SpanningTrees& f) {
  const std::uint32_t n = g.num_nodes(), pieces = f.pieces, degree = g.degree(v);
  const std::uint32_t* nbr = g.begin(v);
  const std::uint64_t first = static_cast<std::uint64_t>(nbr - g.begin(0));  // v's first arc
  std::vector<std::uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  const auto nearer = [&](std::uint32_t o, std::uint32_t i) {  // neighbour i one link nearer o
    return dist[o][nbr[i]] + 1 == dist[o][v];
  };
  const auto parents = [&](std::uint32_t o) {
    std::uint32_t c = 0;
    for (std::uint32_t i = 0; i < degree; ++i) c += nearer(o, i) ? 1 : 0;
    return c;
  };
  // by distance, then the origins with the fewest nearer neighbours first
  std::vector<std::uint32_t> parent_count(n);
  for (std::uint32_t o = 0; o < n; ++o) parent_count[o] = o == v ? 0 : parents(o);
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    return std::pair(dist[a][v], parent_count[a]) < std::pair(dist[b][v], parent_count[b]);
  });
  std::vector<std::uint64_t> load(degree, 0);
  for (std::size_t begin = 1, end = 1; begin < n; begin = end) {  // order[0] is v
    const std::uint32_t step = dist[order[begin]][v] - 1;
    while (end < n && dist[order[end]][v] - 1 == step) ++end;
    std::fill(load.begin(), load.end(), 0);
    // a piece of every origin in turn, not an origin's pieces together: those would all go to
    // the links the origins before it left least loaded (hypercube(6), 16 pieces: 52 on a
    // link in step 1 where 40 is even, 41 in turn)
    for (std::uint32_t k = 0; k < pieces; ++k)
      for (std::size_t j = begin; j < end; ++j) {
        const std::uint32_t o = order[j];
        std::uint32_t best = degree;  // the least (load + 1) / copies among the nearer ones
        for (std::uint32_t i = 0; i < degree; ++i)
          if (nearer(o, i) && (best == degree || (load[i] + 1) * copies[first + best] <
                                                     (load[best] + 1) * copies[first + i]))
            best = i;
        ++load[best];
        const std::uint64_t c = std::uint64_t{o} * pieces + k;
        f.parent[c][v] = nbr[best];
        f.step[c][v] = step;
      }
  }
}

}  // namespace

bool bfb_applies(const Network& t) { return t.num_nodes() <= kBfbMaxNodes; }

SpanningTrees bfb_trees(const Network& t, std::uint32_t pieces) {
  check_pieces("bfb", pieces, kMaxBfbPieces, "kMaxBfbPieces");
  check_nodes(t, "bfb", kBfbMaxNodes, "kBfbMaxNodes");
  const std::uint64_t n = t.num_nodes();
  check_memory(mul_sat(mul_sat(mul_sat(n, n), pieces), kTreeBytesPerDelivery),
               "bfb on " + std::to_string(n) + " nodes in " + std::to_string(pieces) + " pieces");
  const Csr g(t, 1);
  const auto dist = connected_distances(g, "bfb", t.spec());
  const auto copies = link_pieces(t, g);
  SpanningTrees f;
  f.pieces = pieces;
  f.parent.assign(n * pieces, std::vector<std::uint32_t>(n, 0));
  f.step.assign(n * pieces, std::vector<std::uint32_t>(n, 0));
  for (std::uint32_t o = 0; o < n; ++o)
    for (std::uint32_t k = 0; k < pieces; ++k) f.parent[std::uint64_t{o} * pieces + k][o] = o;
  for (std::uint32_t v = 0; v < n; ++v) {
    receive_breadth_first(g, copies, dist, v, f);
    for (std::uint32_t o = 0; o < n; ++o) f.steps = std::max(f.steps, dist[o][v]);
  }
  return f;
}

}  // namespace netsched
