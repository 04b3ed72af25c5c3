// The reduce-scatter rows of the algorithm table (gen/algorithms.hpp), in --list order: the
// paper's algorithm for a family before netsched's generic ones, so that "auto" is the first row
// that applies.
#include "gen/rows.hpp"

#include <array>
#include <span>

#include "gen/plan/register_embedding.hpp"
#include "gen/plan/spanning_trees.hpp"
#include "gen/plan/stated.hpp"
#include "gen/reduce_scatter/reduce_scatter.hpp"
#include "gen/row_kit.hpp"
#include "gen/scatter_gather/scatter_gather.hpp"

namespace netsched {
namespace rows {
namespace {

Schedule flood_reduce_scatter(const Network& t) {
  check_nodes(t, "flood reduce-scatter", kReduceScatterMaxNodes, "kReduceScatterMaxNodes");
  return trees_reduce_scatter(t, flood_trees(t, "flood"), "flood");
}

// A constant table: no initialisation order, and every row is checked by the compiler.
constexpr auto kReduceScatterRows = std::to_array<AlgorithmInfo>({
    {.collective = "reduce-scatter",
     .name = "recursive-halving",
     .origin = "textbook: recursive halving (Thakur, Rabenseifner and Gropp 2005) on a hypercube",
     .bound = "stated: n = log2 N steps",
     .stated = cube_steps_bound,
     .example = "hypercube(3)",
     .applies = register_cube,
     .make = +[](const Network& t,
                 const GenRequest&) { return recursive_halving_reduce_scatter(as<Product>(t)); }},
    {.collective = "reduce-scatter",
     .name = "swing",
     .origin =
         "textbook: Swing's reduce-scatter (De Sensi et al. 2024): peers 1, -1, 3, -5, ... ahead "
         "by coordinate parity, on rings (an odd one's last coordinate folded into the one before)",
     .bound = "stated: the exchanges' hops (every routed send's where a ring is odd)",
     .stated = +[](const Network& t, const Collective&) -> std::optional<PaperBound> {
       return swing_stated_bound(t, false);
     },
     .example = "torus(4,4)",
     .applies = swing_registers_apply,
     .make =
         +[](const Network& t, const GenRequest&) { return swing_reduce_scatter(as<Product>(t)); }},
    {.collective = "reduce-scatter",
     .name = "ring",
     .origin = "textbook: ring reduce-scatter (Thakur et al. 2005) along a Hamiltonian cycle",
     .bound = "stated: N-1 steps",
     .stated = ring_bound,
     .example = "torus(3,4)",
     .applies = register_ring,
     .make = +[](const Network& t, const GenRequest&) { return ring_reduce_scatter(t); }},
    {.collective = "reduce-scatter",
     .name = "mpi-ring",
     .origin = "textbook: MPI's ring reduce-scatter (Thakur et al. 2005) on a switched network: "
               "ranks a ring of the endpoints each reaching the next through switches (id order "
               "first), each round's messages carried on shortest such paths, list-scheduled",
     .bound = kSwitchedRegisterBound,
     .example = "fat_tree(2)",
     .applies = switched_ring_applies,
     .make = +[](const Network& t, const GenRequest&) { return switched_ring_reduce_scatter(t); },
     .switched = true},
    {.collective = "reduce-scatter",
     .name = "tree-reduce-scatter",
     .origin = "generic: every node's blocks combined up its own BFS tree, list-scheduled one-port",
     .bound = "stated: N(N-1) steps",
     .stated = +[](const Network& t, const Collective&) -> std::optional<PaperBound> {
       return stated_bound(t.num_nodes() * (t.num_nodes() - 1),
                           "N(N-1) (every step completes a task)");
     },
     .example = "ccc(3)",
     .applies = any,
     .make = +[](const Network& t, const GenRequest&) { return tree_reduce_scatter(t); }},
    {.collective = "reduce-scatter",
     .name = "flood",
     .origin = "generic: all-port, every block combined up a BFS tree of its node, links balanced",
     .bound = "stated: the diameter",
     .stated = bfs_levels_bound,
     .example = "ccc(3)",
     .applies = flood_registers,
     .make = +[](const Network& t, const GenRequest&) { return flood_reduce_scatter(t); }},
    {.collective = "reduce-scatter",
     .name = "packed-trees",
     .origin =
         "generic: all-port, every block combined up its node's packed spanning tree in reverse",
     .bound = "stated: the diameter + 2",
     .stated = packing_bound,
     .example = "torus(3,4)",
     .applies = packed_register_trees,
     .make =
         +[](const Network& t, const GenRequest&) {
           return trees_reduce_scatter(t, packed_trees(t), "packed-trees");
         }},
    {.collective = "reduce-scatter",
     .name = "rarest-first",
     .origin = "generic: all-port, in pieces: every piece of a block combined up its rarest-first "
               "tree in reverse (the all-gather's schedule run backwards)",
     .bound = "none: the steps its run takes (pieces over the in-degree at best)",
     .example = "ccc(3)",
     .applies = rarest_first_applies,
     .make =
         +[](const Network& t, const GenRequest& r) {
           return trees_reduce_scatter(t, rarest_first_trees(t, pieces_or(r, 1)), "rarest-first");
         },
     .pipelined = true},
    {.collective = "reduce-scatter",
     .name = "bfb",
     .origin = "textbook: BFB (Zhao et al. 2025) run backwards: every piece of a block combined up "
               "its shortest paths, a level a step, the pieces spread over the links alike",
     .bound = "stated: the diameter",
     .stated = bfb_levels_bound,
     .example = "ccc(3)",
     .applies = bfb_applies,
     .make =
         +[](const Network& t, const GenRequest& r) {
           return trees_reduce_scatter(t, bfb_trees(t, pieces_or(r, 1)), "bfb");
         },
     .pipelined = true},
});

}  // namespace
}  // namespace rows

std::span<const AlgorithmInfo> reduce_scatter_rows() { return rows::kReduceScatterRows; }

}  // namespace netsched
