// The all-gather rows of the algorithm table (gen/algorithms.hpp), in --list order: the
// paper's algorithm for a family before netsched's generic ones, so that "auto" is the first row
// that applies.
#include "gen/rows.hpp"

#include <array>
#include <span>

#include "gen/all_gather/all_gather.hpp"
#include "gen/plan/embedding.hpp"
#include "gen/plan/spanning_trees.hpp"
#include "gen/plan/stated.hpp"
#include "gen/reduce_scatter/reduce_scatter.hpp"
#include "gen/row_kit.hpp"
#include "gen/scatter_gather/scatter_gather.hpp"
#include "gen/topo/dualcube.hpp"

namespace netsched {
namespace rows {
namespace {

// A constant table: no initialisation order, and every row is checked by the compiler.
constexpr auto kAllGatherRows = std::to_array<AlgorithmInfo>({
    {.collective = "all-gather",
     .name = "all2allb",
     .origin = "paper: dualcube §3 Algorithm 1 All2allB",
     .bound = "paper: dualcube §3",
     .example = "dualcube(2)",
     .applies = is<Dualcube>,
     .make =
         +[](const Network& t, const GenRequest&) { return dualcube_all2allb(as<Dualcube>(t)); }},
    {.collective = "all-gather",
     .name = "recursive-doubling",
     .origin = "textbook: recursive doubling (Thakur, Rabenseifner and Gropp 2005) on a hypercube",
     .bound = "stated: n = log2 N steps",
     .stated = cube_steps_bound,
     .example = "hypercube(3)",
     .applies = hypercube,
     .make = +[](const Network& t,
                 const GenRequest&) { return recursive_doubling_all_gather(as<Product>(t)); }},
    {.collective = "all-gather",
     .name = "tree-all-gather",
     .origin = "generic: tree gather then broadcast of everything; twice the rounds",
     .bound = "stated: twice the greedy broadcast's rounds",
     .stated = tree_twice_bound,
     .example = "ccc(3)",
     .applies = any,
     .make = +[](const Network& t, const GenRequest& r) { return tree_all_gather(t, r.root); }},
    {.collective = "all-gather",
     .name = "ring",
     .origin = "textbook: ring all-gather (Thakur et al. 2005) along a Hamiltonian cycle",
     .bound = "stated: N-1 steps",
     .stated = ring_bound,
     .example = "torus(3,4)",
     .applies = hamiltonian,
     .make = +[](const Network& t, const GenRequest&) { return ring_all_gather(t); }},
    {.collective = "all-gather",
     .name = "flood",
     .origin = "generic: all-port, every chunk down a BFS tree of its origin, links balanced",
     .bound = "stated: the diameter",
     .stated = bfs_levels_bound,
     .example = "ccc(3)",
     .applies = flood_size,
     .make =
         +[](const Network& t, const GenRequest&) {
           return trees_all_gather(t, flood_trees(t, "flood"), "flood");
         }},
    {.collective = "all-gather",
     .name = "bruck",
     .origin = "textbook: Bruck et al. 1997 (MPI's small-message allgather), its sends routed on "
               "shortest paths and list-scheduled",
     .bound = "stated: the routed sends' hops",
     .stated = +[](const Network& t, const Collective&) -> std::optional<PaperBound> {
       return embedded_bound(t, bruck_all_gather_plan(t));
     },
     .example = "torus(3,4)",
     .applies = embed_size,
     .make = +[](const Network& t,
                 const GenRequest&) { return embed_plan(t, bruck_all_gather_plan(t), "bruck"); },
     .switched = true},
    {.collective = "all-gather",
     .name = "mpi-ring",
     .origin = "textbook: MPI's ring allgather (Thakur et al. 2005, its large-message "
               "algorithm), its sends routed on shortest paths and list-scheduled",
     .bound = "stated: the routed sends' hops",
     .stated = +[](const Network& t, const Collective&) -> std::optional<PaperBound> {
       return embedded_bound(t, ring_all_gather_plan(t));
     },
     .example = "torus(3,4)",
     .applies = embed_size,
     .make = +[](const Network& t,
                 const GenRequest&) { return embed_plan(t, ring_all_gather_plan(t), "mpi-ring"); },
     .switched = true},
    {.collective = "all-gather",
     .name = "routed-bruck",
     .origin = "textbook: Bruck et al. 1997 (MPI's small-message allgather); routed: a round a "
               "step, the network carries each send on its route",
     .bound = "stated: ceil(log2 N) steps",
     .stated = +[](const Network& t, const Collective&) -> std::optional<PaperBound> {
       return routed_bound(bruck_all_gather_plan(t));
     },
     .example = "torus(3,4)",
     .applies = embed_size,
     .make =
         +[](const Network& t, const GenRequest&) {
           return route_plan(t, bruck_all_gather_plan(t), "routed-bruck");
         }},
    {.collective = "all-gather",
     .name = "swing",
     .origin = "textbook: Swing's all-gather (De Sensi et al. 2024), its sends routed on shortest "
               "paths and list-scheduled",
     .bound = "stated: the routed sends' hops",
     .stated = +[](const Network& t, const Collective&) -> std::optional<PaperBound> {
       return swing_embedded_bound(t);
     },
     .example = "torus(4,4)",
     .applies = swing_embed_applies,
     .make =
         +[](const Network& t, const GenRequest&) {
           return embed_plan(t, swing_all_gather_plan(as<Product>(t)), "swing");
         }},
    {.collective = "all-gather",
     .name = "packed-trees",
     .origin =
         "generic: all-port, a spanning tree per origin with its edges' steps packed so that every "
         "step loads the links alike (local search; one tree of offsets on tori and hypercubes)",
     .bound = "stated: the diameter + 2",
     .stated = packing_bound,
     .example = "torus(3,4)",
     .applies = packed_trees_apply,
     .make =
         +[](const Network& t, const GenRequest& r) {
           return trees_all_gather(t, packed_trees(t, pieces_or(r, 1)), "packed-trees");
         },
     .pipelined = true},
    {.collective = "all-gather",
     .name = "rarest-first",
     .origin = "generic: all-port, in pieces: every step every node takes over each link into it a "
               "piece it lacks, the pieces fewest nodes hold first",
     .bound = "none: the steps its run takes (pieces over the in-degree at best)",
     .example = "ccc(3)",
     .applies = rarest_first_applies,
     .make =
         +[](const Network& t, const GenRequest& r) {
           return trees_all_gather(t, rarest_first_trees(t, pieces_or(r, 1)), "rarest-first");
         },
     .pipelined = true},
    {.collective = "all-gather",
     .name = "bfb",
     .origin = "textbook: breadth-first broadcast (BFB, Zhao et al. 2025): in step s every node "
               "takes the blocks s+1 links away, each piece from a neighbour nearer its origin, "
               "the links loaded alike",
     .bound = "stated: the diameter",
     .stated = bfb_levels_bound,
     .example = "ccc(3)",
     .applies = bfb_applies,
     .make =
         +[](const Network& t, const GenRequest& r) {
           return trees_all_gather(t, bfb_trees(t, pieces_or(r, 1)), "bfb");
         },
     .pipelined = true},
});

}  // namespace
}  // namespace rows

std::span<const AlgorithmInfo> all_gather_rows() { return rows::kAllGatherRows; }

}  // namespace netsched
