// The reduce rows of the algorithm table (gen/algorithms.hpp), in --list order: the
// paper's algorithm for a family before netsched's generic ones, so that "auto" is the first row
// that applies.
#include "gen/rows.hpp"

#include <array>
#include <span>

#include "gen/broadcast/broadcast.hpp"
#include "gen/plan/register_embedding.hpp"
#include "gen/plan/spanning_trees.hpp"
#include "gen/plan/stated.hpp"
#include "gen/reduce/reduce.hpp"
#include "gen/row_kit.hpp"
#include "gen/scatter_gather/scatter_gather.hpp"

namespace netsched {
namespace rows {
namespace {

/// A reduce row's make: the broadcast `Broadcast` of the request, run backwards
/// (reduce_by_reversed_broadcast).
template <Schedule (*Broadcast)(const Network&, const GenRequest&)>
Schedule reversed(const Network& t, const GenRequest& r) {
  GenRequest b = r;
  b.collective = "broadcast";
  return reduce_by_reversed_broadcast(t, Broadcast(t, b));
}

// A constant table: no initialisation order, and every row is checked by the compiler.
constexpr auto kReduceRows = std::to_array<AlgorithmInfo>({
    {.collective = "reduce",
     .name = "tree-reduce",
     .origin = "generic: combine up the BFS tree to the root; broadcast's rounds",
     .bound = "stated: the greedy broadcast's rounds",
     .stated = tree_once_bound,
     .example = "ccc(3)",
     .applies = any,
     .make = +[](const Network& t, const GenRequest& r) { return tree_reduce(t, r.root); }},
    {.collective = "reduce",
     .name = "chain",
     .origin = "textbook: the chain broadcast run backwards: the vector in pieces, partial sums up "
               "a Hamiltonian path to the root (MPI's large-message reduce)",
     .bound = "stated: N-2+p steps of one piece",
     .stated = chain_bound,
     .example = "torus(3,4)",
     .applies = hamiltonian,
     .make = reversed<chain_broadcast>,
     .pipelined = true},
    {.collective = "reduce",
     .name = "binary-tree",
     .origin =
         "textbook: the binary-tree broadcast run backwards: the vector in pieces, partial sums up "
         "a binary tree (MPI's medium-message reduce), its sends routed on shortest paths",
     .bound = "stated: the routed sends' hops",
     .stated = binary_tree_bound,
     .example = "torus(3,4)",
     .applies = embed_size,
     .make = reversed<binary_tree_broadcast>,
     .pipelined = true},
    {.collective = "reduce",
     .name = "double-binary-tree",
     .origin = "textbook: NCCL's double binary tree run backwards: the pieces' partial sums up two "
               "trees in turn, sends routed on shortest paths",
     .bound = "stated: the routed sends' hops",
     .stated = double_binary_tree_bound,
     .example = "torus(3,4)",
     .applies = embed_size,
     .make = reversed<double_binary_tree_broadcast>,
     .pipelined = true},
    {.collective = "reduce",
     .name = "packed-trees",
     .origin = "generic: all-port, the packed-trees broadcast run backwards: each piece's partial "
               "sums up its spanning tree into the root",
     .bound = "stated: the diameter + 2",
     .stated = packed_pipeline_bound,
     .example = "torus(3,4)",
     .applies = packed_broadcast_size,
     .make = reversed<packed_trees_broadcast>,
     .pipelined = true},
    {.collective = "reduce",
     .name = "rarest-first",
     .origin = "generic: all-port, the rarest-first broadcast run backwards: each piece's partial "
               "sums up the tree it went down",
     .bound = "stated: p + ecc(root) - 1 (the broadcast's)",
     .stated = rarest_first_bound,
     .example = "ccc(3)",
     .applies = rarest_first_broadcast_applies,
     .make = reversed<rarest_first_broadcast>,
     .pipelined = true},
    {.collective = "reduce",
     .name = "arborescences",
     .origin =
         "generic: all-port, the arborescences' broadcast run backwards: the pieces' partial sums "
         "up as many arc-disjoint spanning trees into the root as its least cut (Edmonds 1973)",
     .bound = "stated: p + N - 2; ceil(p/n) + n on hypercube(n) (the broadcast's)",
     .stated = arborescences_bound,
     .example = "ccc(3)",
     .applies = arborescences_apply,
     .make = reversed<arborescences_broadcast>,
     .pipelined = true},
    {.collective = "reduce",
     .name = "mpi-chain",
     .origin = "textbook: MPI's chain reduce (OpenMPI's) on a switched network: partial sums "
               "passed along a ring of the endpoints each reaching the next through switches, "
               "ending at the root, each message on a shortest such path, list-scheduled",
     .bound = kSwitchedRegisterBound,
     .example = "fat_tree(2)",
     .applies = switched_ring_applies,
     .make =
         +[](const Network& t, const GenRequest& r) { return switched_chain_reduce(t, r.root); },
     .switched = true},
});

}  // namespace
}  // namespace rows

std::span<const AlgorithmInfo> reduce_rows() { return rows::kReduceRows; }

}  // namespace netsched
