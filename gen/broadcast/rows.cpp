// The broadcast rows of the algorithm table (gen/algorithms.hpp), in --list order: the
// paper's algorithm for a family before netsched's generic ones, so that "auto" is the first row
// that applies.
#include "gen/rows.hpp"

#include <array>
#include <span>

#include "core/graph.hpp"
#include "core/metrics.hpp"
#include "gen/algorithms.hpp"
#include "gen/broadcast/broadcast.hpp"
#include "gen/plan/embedding.hpp"
#include "gen/plan/spanning_trees.hpp"
#include "gen/plan/stated.hpp"
#include "gen/row_kit.hpp"
#include "gen/topo/dualcube.hpp"
#include "gen/topo/hdn.hpp"

namespace netsched {
namespace rows {
namespace {

/// The default broadcast of a recursive family's nucleus (the first row that applies to it).
Rounds auto_broadcast_rounds(const Network& t, std::uint32_t root) {
  return broadcast_rounds(t, root);
}

// A constant table: no initialisation order, and every row is checked by the compiler.
constexpr auto kBroadcastRows = std::to_array<AlgorithmInfo>({
    {.collective = "broadcast",
     .name = "hdn-broadcast",
     .origin = "paper: li-peng-chu-2012 (HDN broadcast)",
     .bound = "paper: li-peng-chu-2012",
     .example = "hdn(hypercube(2), sn=[{0},{1}])",
     .applies = is<Hdn>,
     .rounds =
         +[](const Network& t, std::uint32_t root) { return hdn_broadcast(as<Hdn>(t), root); }},
    {.collective = "broadcast",
     .name = "binomial-tree",
     .origin = "paper: standard hypercube binomial tree",
     .bound = "paper: n rounds (standard)",
     .example = "hypercube(3)",
     .applies = hypercube,
     .rounds = +[](const Network& t,
                   std::uint32_t root) { return product_broadcast(as<Product>(t), root); }},
    {.collective = "broadcast",
     .name = "product-broadcast",
     .origin = "paper: li-peng-chu-2012 (broadcast on products, dimension by dimension)",
     .bound = "paper: li-peng-chu-2012",
     .example = "torus(3,4)",
     .applies = other_product,
     .rounds = +[](const Network& t,
                   std::uint32_t root) { return product_broadcast(as<Product>(t), root); }},
    {.collective = "broadcast",
     .name = "dualcube-broadcast",
     .origin = "paper: li-peng-chu-2012 (dualcube broadcast)",
     .bound = "paper: li-peng-chu-2012",
     .example = "dualcube(3)",
     .applies = is<Dualcube>,
     .rounds = +[](const Network& t,
                   std::uint32_t root) { return dualcube_broadcast(as<Dualcube>(t), root); }},
    {.collective = "broadcast",
     .name = "rhfc-broadcast",
     .origin = "paper: rhfc §4 (recursive broadcast)",
     .bound = "paper: rhfc recursion",
     .example = "hsn(2,hypercube(2))",
     .applies = rhfc_family,
     .rounds = +[](const Network& t,
                   std::uint32_t root) { return rhfc_broadcast(t, root, auto_broadcast_rounds); }},
    {.collective = "broadcast",
     .name = "optimal",
     .origin =
         "generic: Z3 synthesis of the fewest steps (one message, one-port) on networks of at most "
         "32 nodes (kOptimalBroadcastMaxNodes); greedy's schedule when Z3 does not decide in time",
     .bound = "none: z3 proves that no schedule has fewer steps",
     .example = "ccc(3)",
     .applies = optimal_size,
     .solved = true},
    {.collective = "broadcast",
     .name = "greedy",
     .origin = "generic: any connected network (BFS tree, deepest subtree first)",
     .bound = "stated: min(N-1, ecc(root) x max degree) rounds",
     .stated = tree_once_bound,
     .example = "ccc(3)",
     .applies = any,
     .rounds = greedy_broadcast},
    {.collective = "broadcast",
     .name = "chain",
     .origin =
         "textbook: pipelined chain of pieces down a Hamiltonian path (MPI's large-message bcast)",
     .bound = "stated: N-2+p steps of one piece",
     .stated = chain_bound,
     .example = "torus(3,4)",
     .applies = hamiltonian,
     .make = chain_broadcast,
     .pipelined = true},
    {.collective = "broadcast",
     .name = "binary-tree",
     .origin = "textbook: pipelined binary tree of pieces (MPI's medium-message bcast), its sends "
               "routed on shortest paths and list-scheduled",
     .bound = "stated: the routed sends' hops",
     .stated = binary_tree_bound,
     .example = "torus(3,4)",
     .applies = embed_size,
     .make = binary_tree_broadcast,
     .pipelined = true,
     .switched = true},
    {.collective = "broadcast",
     .name = "double-binary-tree",
     .origin = "textbook: NCCL's double binary tree (Sanders, Speck and Traff 2009), pieces "
               "alternating between two trees, sends routed on shortest paths and list-scheduled",
     .bound = "stated: the routed sends' hops",
     .stated = double_binary_tree_bound,
     .example = "torus(3,4)",
     .applies = embed_size,
     .make = double_binary_tree_broadcast,
     .pipelined = true,
     .switched = true},
    {.collective = "broadcast",
     .name = "packed-trees",
     .origin = "generic: all-port, the message in pieces, a spanning tree each from the root, the "
               "trees' steps packed so that every step loads the links alike (Edmonds: as many "
               "trees as the root's least cut)",
     .bound = "stated: the diameter + 2",
     .stated = packed_pipeline_bound,
     .example = "torus(3,4)",
     .applies = packed_broadcast_size,
     .make = packed_trees_broadcast,
     .pipelined = true},
    {.collective = "broadcast",
     .name = "rarest-first",
     .origin = "generic: all-port, the message in pieces: every step every node takes over each "
               "link into it a piece it lacks, the pieces fewest nodes hold first",
     .bound = "stated: p + ecc(root) - 1 (a node lacking a piece its BFS parent holds takes one)",
     .stated = rarest_first_bound,
     .example = "ccc(3)",
     .applies = rarest_first_broadcast_applies,
     .make = rarest_first_broadcast,
     .pipelined = true},
    {.collective = "broadcast",
     .name = "arborescences",
     .origin = "generic: all-port, the message in pieces down as many arc-disjoint spanning trees "
               "from the root as its least cut (Edmonds 1973, built by Lovasz's proof; on "
               "hypercubes Johnsson and Ho's n trees), each tree's pieces pipelined",
     .bound = "stated: p + N - 2 (a tree's depth is at most N - 1); ceil(p/n) + n on hypercube(n)",
     .stated = arborescences_bound,
     .example = "ccc(3)",
     .applies = arborescences_apply,
     .make = arborescences_broadcast,
     .pipelined = true},
});

}  // namespace
}  // namespace rows

Schedule chain_broadcast(const Network& t, const GenRequest& r) {
  return pipelined_chain_broadcast(t, r.root, rows::pieces_or(r, rows::kDefaultChainPieces));
}

Schedule binary_tree_broadcast(const Network& t, const GenRequest& r) {
  return embed_plan(
      t, binary_tree_broadcast_plan(t, r.root, rows::pieces_or(r, rows::kDefaultTreePieces)),
      "binary-tree");
}

Schedule double_binary_tree_broadcast(const Network& t, const GenRequest& r) {
  return embed_plan(
      t, double_binary_tree_broadcast_plan(t, r.root, rows::pieces_or(r, rows::kDefaultTreePieces)),
      "double-binary-tree");
}

Schedule packed_trees_broadcast(const Network& t, const GenRequest& r) {
  return trees_broadcast(
      t, packed_broadcast_trees(t, r.root, rows::pieces_or(r, rows::kDefaultTreePieces)), r.root,
      "packed-trees");
}

Schedule rarest_first_broadcast(const Network& t, const GenRequest& r) {
  return trees_broadcast(
      t, rarest_first_broadcast_trees(t, r.root, rows::pieces_or(r, rows::kDefaultTreePieces)),
      r.root, "rarest-first");
}

Schedule arborescences_broadcast(const Network& t, const GenRequest& r) {
  return trees_broadcast(
      t, arborescence_broadcast_trees(t, r.root, rows::pieces_or(r, rows::kDefaultTreePieces)),
      r.root, "arborescences");
}

std::optional<PaperBound> chain_bound(const Network& t, const Collective& c) {
  return stated_bound(t.num_nodes() - 2 + c.pieces(),
                      "N-2+p (the pipe fills, then a piece a step)");
}

std::optional<PaperBound> binary_tree_bound(const Network& t, const Collective& c) {
  return embedded_bound(t, binary_tree_broadcast_plan(t, c.root(), c.pieces()));
}

std::optional<PaperBound> double_binary_tree_bound(const Network& t, const Collective& c) {
  return embedded_bound(t, double_binary_tree_broadcast_plan(t, c.root(), c.pieces()));
}

std::optional<PaperBound> rarest_first_bound(const Network& t, const Collective& c) {
  // a node that lacks a piece its BFS parent holds takes at least one piece that step, so a
  // node at depth d holds min(p, t - d + 1) pieces after step t (induction on t)
  const Csr g(t, 1);
  return stated_bound(c.pieces() + eccentricity(g, c.root().v) - 1,
                      "p + ecc(root) - 1 (a node at depth d holds min(p, t-d+1) pieces after "
                      "step t: its parent has one it lacks)");
}

std::optional<PaperBound> arborescences_bound(const Network& t, const Collective& c) {
  // a tree given n pieces takes n + depth - 1 steps; a piece goes where it ends soonest, so
  // no tree ends later than all p pieces down one tree of depth at most N - 1 would; on a
  // hypercube the n trees are all n + 1 deep, on a 2-D torus the four a + b - 1, so they take
  // the pieces in turn
  if (const auto n = hypercube_trees_dims(t))
    return stated_bound((c.pieces() + *n - 1) / *n + *n,
                        "ceil(p/n) + n (Johnsson and Ho's n trees, each n + 1 deep, take the "
                        "pieces in turn)");
  if (const auto sides = torus_trees_sides(t))
    return stated_bound((c.pieces() + 3) / 4 + sides->first + sides->second - 2,
                        "ceil(p/4) + a + b - 2 (four trees, each a + b - 1 deep, take the pieces "
                        "in turn)");
  return stated_bound(c.pieces() + t.num_nodes() - 2,
                      "p + N - 2 (p pieces down one tree of depth at most N - 1, a step apart)");
}

std::optional<PaperBound> packed_pipeline_bound(const Network& t, const Collective& c) {
  // the pipeline of pieces: the diameter + ceil(pieces (N-1) / directed links) + 1
  const Csr g(t, 1);
  const DistanceStats st = distances_all_sources(g, 1);
  if (!st.connected) return std::nullopt;
  const std::uint64_t arcs = g.num_arcs();
  const std::uint64_t spread = (c.pieces() * (t.num_nodes() - 1) + arcs - 1) / arcs;
  return stated_bound(st.diameter + spread + 1,
                      "the diameter + ceil(p(N-1) / directed links) + 1 (a pipeline of pieces)");
}

std::span<const AlgorithmInfo> broadcast_rows() { return rows::kBroadcastRows; }

}  // namespace netsched
