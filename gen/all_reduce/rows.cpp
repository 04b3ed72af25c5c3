// The all-reduce rows of the algorithm table (gen/algorithms.hpp), in --list order: the
// paper's algorithm for a family before netsched's generic ones, so that "auto" is the first row
// that applies.
#include "gen/rows.hpp"

#include <array>
#include <span>

#include "gen/all_reduce/all_reduce.hpp"
#include "gen/plan/register_embedding.hpp"
#include "gen/plan/spanning_trees.hpp"
#include "gen/plan/stated.hpp"
#include "gen/reduce_scatter/reduce_scatter.hpp"
#include "gen/row_kit.hpp"
#include "gen/scatter_gather/scatter_gather.hpp"

namespace netsched {
namespace rows {
namespace {

Schedule flood_all_reduce(const Network& t) {
  check_nodes(t, "flood all-reduce", kReduceScatterMaxNodes, "kReduceScatterMaxNodes");
  return trees_all_reduce(t, flood_trees(t, "flood"), "flood");
}

// A constant table: no initialisation order, and every row is checked by the compiler.
constexpr auto kAllReduceRows = std::to_array<AlgorithmInfo>({
    {.collective = "all-reduce",
     .name = "dimension-sum",
     .origin = "paper: standard hypercube dimension scan",
     .bound = "none: n steps by construction",
     .example = "hypercube(3)",
     .applies = hypercube,
     .make =
         +[](const Network& t, const GenRequest&) { return hypercube_all_reduce(as<Product>(t)); }},
    {.collective = "all-reduce",
     .name = "rabenseifner",
     .origin = "textbook: Rabenseifner (Thakur et al. 2005): recursive halving, then doubling, of "
               "N pieces",
     .bound = "stated: 2n = 2 log2 N steps",
     .stated = +[](const Network& t, const Collective&) -> std::optional<PaperBound> {
       return stated_bound(2 * cube_dimensions(t), "2n (halving, then doubling)");
     },
     .example = "hypercube(3)",
     .applies = register_cube,
     .make = +[](const Network& t,
                 const GenRequest&) { return rabenseifner_all_reduce(as<Product>(t)); }},
    {.collective = "all-reduce",
     .name = "rhfc-semigroup",
     .origin = "paper: rhfc §4.1 semigroup computation",
     .bound = "paper: rhfc §4.1",
     .example = "hsn(2,hypercube(2))",
     .applies = nucleus_per_cluster,
     .make = +[](const Network& t, const GenRequest&) { return rhfc_semigroup(t); }},
    {.collective = "all-reduce",
     .name = "tree-all-reduce",
     .origin = "generic: combine up the tree, set down; twice the rounds",
     .bound = "stated: twice the greedy broadcast's rounds",
     .stated = tree_twice_bound,
     .example = "ccc(3)",
     .applies = any,
     .make = +[](const Network& t, const GenRequest& r) { return tree_all_reduce(t, r.root); }},
    {.collective = "all-reduce",
     .name = "flood",
     .origin = "generic: all-port vector all-reduce of N pieces, up and down a BFS tree per piece",
     .bound = "stated: twice the diameter",
     .stated = +[](const Network& t, const Collective&) -> std::optional<PaperBound> {
       return diameter_bound(t, 2, 0, "twice the diameter (up the trees, then down)");
     },
     .example = "ccc(3)",
     .applies = flood_registers,
     .make = +[](const Network& t, const GenRequest&) { return flood_all_reduce(t); }},
    {.collective = "all-reduce",
     .name = "packed-trees",
     .origin = "generic: all-port vector all-reduce of N pieces: each piece reduced up its node's "
               "packed spanning tree, its sum set down it",
     .bound = "stated: twice the diameter + 4",
     .stated = +[](const Network& t, const Collective&) -> std::optional<PaperBound> {
       return diameter_bound(t, 2, 2, "twice the diameter + 2 (up the trees, then down)");
     },
     .example = "torus(3,4)",
     .applies = packed_register_trees,
     .make =
         +[](const Network& t, const GenRequest& r) {
           return trees_all_reduce(t, packed_trees(t, pieces_or(r, 1)), "packed-trees");
         },
     .pipelined = true},
    {.collective = "all-reduce",
     .name = "rarest-first",
     .origin = "generic: all-port vector all-reduce in pieces: each piece reduced up its "
               "rarest-first tree, its sum set down it",
     .bound = "none: twice the steps its run takes",
     .example = "ccc(3)",
     .applies = rarest_first_applies,
     .make =
         +[](const Network& t, const GenRequest& r) {
           return trees_all_reduce(t, rarest_first_trees(t, pieces_or(r, 1)), "rarest-first");
         },
     .pipelined = true},
    {.collective = "all-reduce",
     .name = "bfb",
     .origin = "textbook: vector all-reduce as BFB's reduce-scatter then its all-gather (Zhao et "
               "al. 2025)",
     .bound = "stated: twice the diameter",
     .stated = +[](const Network& t, const Collective&) -> std::optional<PaperBound> {
       return diameter_bound(t, 2, 0, "twice the diameter (BFB's levels up, then down)");
     },
     .example = "ccc(3)",
     .applies = bfb_applies,
     .make =
         +[](const Network& t, const GenRequest& r) {
           return trees_all_reduce(t, bfb_trees(t, pieces_or(r, 1)), "bfb");
         },
     .pipelined = true},
    {.collective = "all-reduce",
     .name = "swing",
     .origin = "textbook: Swing (De Sensi et al. 2024): reduce-scatter and all-gather of N pieces "
               "with peers 1, -1, 3, -5, ... ahead by coordinate parity, on rings (an odd one's "
               "last coordinate folded into the one before)",
     .bound = "stated: 2 x the exchanges' hops (every routed send's where a ring is odd)",
     .stated = +[](const Network& t, const Collective&) -> std::optional<PaperBound> {
       return swing_stated_bound(t, true);
     },
     .example = "torus(4,4)",
     .applies = swing_registers_apply,
     .make = +[](const Network& t, const GenRequest&) { return swing_all_reduce(as<Product>(t)); }},
    {.collective = "all-reduce",
     .name = "ring",
     .origin =
         "textbook: ring all-reduce (NCCL, Thakur et al. 2005) of N pieces on a Hamiltonian cycle",
     .bound = "stated: 2(N-1) steps",
     .stated = +[](const Network& t, const Collective&) -> std::optional<PaperBound> {
       return stated_bound(2 * (t.num_nodes() - 1), "2(N-1) (round the ring twice)");
     },
     .example = "torus(3,4)",
     .applies = register_ring,
     .make = +[](const Network& t, const GenRequest&) { return ring_all_reduce(t); }},
    {.collective = "all-reduce",
     .name = "mpi-ring",
     .origin = "textbook: MPI's ring all-reduce (Thakur et al. 2005) of N pieces on a switched "
               "network: ranks a ring of the endpoints each reaching the next through switches (id "
               "order first), each round's messages carried on shortest such paths, "
               "list-scheduled",
     .bound = kSwitchedRegisterBound,
     .example = "fat_tree(2)",
     .applies = switched_ring_applies,
     .make = +[](const Network& t, const GenRequest&) { return switched_ring_all_reduce(t); },
     .switched = true},
});

}  // namespace
}  // namespace rows

std::span<const AlgorithmInfo> all_reduce_rows() { return rows::kAllReduceRows; }

}  // namespace netsched
