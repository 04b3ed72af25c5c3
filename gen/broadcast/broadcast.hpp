#pragma once
/// Broadcast generators: the papers' one-port broadcasts as rounds of (from, to) transfers of
/// the single message, and the pipelined ones (chain, binary trees, arborescences) in pieces.
/// Their rows are in gen/broadcast/rows.cpp.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "core/errors.hpp"
#include "core/network.hpp"
#include "core/schedule.hpp"
#include "gen/algorithm_row.hpp"
#include "gen/plan/embedding.hpp"
#include "gen/plan/rounds.hpp"
#include "gen/plan/spanning_trees.hpp"
#include "gen/topo/dualcube.hpp"
#include "gen/topo/hdn.hpp"
#include "gen/topo/product.hpp"

namespace netsched {

/// The most pieces the chain broadcast cuts a message into.
inline constexpr std::uint32_t kMaxChainPieces = 4096;

/// Pipelined chain broadcast from `root` in `pieces` pieces down a Hamiltonian path (the
/// cycle of hamiltonian_cycle, turned to start at the root): one-port, N-2+pieces steps of one
/// piece. InputError where no cycle is found.
Schedule pipelined_chain_broadcast(const Network& t, NodeId root, std::uint32_t pieces);

/// The most nodes, the most work (trees^2 x nodes x directed links: each admission of a tree's
/// arc may re-route every node's paths) and the most pieces of the arborescences' broadcast
/// by Lovász's construction (on 1,024 nodes the trees and 4,096 pieces take 3.3 s on
/// torus(32,32), 9 s on ring(1024); bench/README.md items 21 and 23. On 4,096 nodes the trees
/// alone took 52 s on torus(64,64), 81 s on hypercube(12) and over 100 s on ring(4096): the work
/// does not follow this estimate closely enough to raise the limits yet; hypercubes take
/// Johnsson and Ho's trees instead).
inline constexpr std::uint64_t kArborescencesMaxNodes = 1024;

/// The most dimensions of a hypercube whose arborescences are Johnsson and Ho's trees (written
/// down, not searched: hypercube_trees), so the most nodes of any broadcast by arborescences.
inline constexpr std::uint32_t kHypercubeTreesMaxDims = 14;

inline constexpr std::uint64_t kArborescencesMaxWork = 2'000'000'000;

inline constexpr std::uint32_t kMaxArborescencePieces = 4096;

/// The most nodes of a two-dimensional torus whose arborescences are written down (torus_trees).
inline constexpr std::uint64_t kTorusTreesMaxNodes = std::uint64_t{1} << 14;

/// Whether the arborescences take t (its size, up to 2^kHypercubeTreesMaxDims nodes on a
/// hypercube and kTorusTreesMaxNodes on a 2-D torus of uniform links; t must also be connected
/// from the root).
bool arborescences_apply(const Network& t);

/// n where t is hypercube(n) with n <= kHypercubeTreesMaxDims and links alike (a weighted one's
/// all as slow as the slowest): root_arborescences are then Johnsson and Ho's trees.
std::optional<std::uint32_t> hypercube_trees_dims(const Network& t);

/// Johnsson and Ho's `dims` arc-disjoint spanning trees of hypercube(dims) out of `root` (each
/// the parent of every node, the root its own; depth at most dims + 1;
/// gen/broadcast/hypercube_trees.cpp).
std::vector<std::vector<std::uint32_t>> hypercube_trees(std::uint32_t dims, std::uint32_t root);

/// The sides (a, b) where t is a product of two rings of at least 3 nodes each, of more than
/// kArborescencesMaxNodes nodes (below, Lovász's trees are shallower) and at most
/// kTorusTreesMaxNodes, its links alike: root_arborescences are then torus_trees.
std::optional<std::pair<std::uint32_t, std::uint32_t>> torus_trees_sides(const Network& t);

/// Four arc-disjoint spanning trees of such a torus out of `root`, each a spine along one
/// direction with branches a quarter turn on (each the parent of every node, the root its own;
/// depth a + b - 1; gen/broadcast/torus_trees.cpp).
std::vector<std::vector<std::uint32_t>> torus_trees(const Product& t, std::uint32_t root);

/// k arc-disjoint spanning arborescences out of `root` (k the root's least cut in copies of the
/// slowest link: a link of a graph file's weight w is link_pieces' copies of it), built by
/// Lovász's proof of Edmonds' theorem (gen/broadcast/arborescences.cpp), or on a hypercube or a
/// 2-D torus of uniform links trees written down (hypercube_trees, torus_trees; checked here:
/// every parent a neighbour, every node entered by each tree over a link of its own, every node
/// led to the root): each the parent of every node, the root its own.
std::vector<std::vector<std::uint32_t>> root_arborescences(const Network& t, NodeId root);

/// A broadcast from `root` in `pieces` pieces (at most kMaxArborescencePieces) down the root's
/// arborescences, each tree's pieces a step apart (a tree of depth d given n pieces takes
/// n + d - 1 steps; each piece goes to the tree it finishes on soonest).
SpanningTrees arborescence_broadcast_trees(const Network& t, NodeId root, std::uint32_t pieces);

/// The most pieces the tree broadcasts cut a message into.
inline constexpr std::uint32_t kMaxTreePieces = 1024;

/// Pipelined binary-tree broadcast (MPI's medium-message tree): the message in `pieces` pieces,
/// each down the heap-ordered binary tree of relative ranks (children 2r+1, 2r+2).
EmbeddedPlan binary_tree_broadcast_plan(const Network& t, NodeId root, std::uint32_t pieces);

/// NCCL's double binary tree (Sanders, Speck and Traff 2009): two in-order binary trees over the
/// non-root ranks, the second the first shifted by one rank, so that a leaf of one is inside the
/// other; even pieces go down the first, odd pieces down the second.
EmbeddedPlan double_binary_tree_broadcast_plan(const Network& t, NodeId root, std::uint32_t pieces);

// ---- building blocks, one file each ----

/// Optimal one-port broadcast in one factor from coordinate `root`: rounds of (from, to)
/// coordinates. Ring: ceil(n/2) rounds; complete graph: ceil(log2 n); path: greedy towards
/// the longer side first.
std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> factor_broadcast(
    const Factor& f, std::uint32_t root);

/// Dimension-by-dimension broadcast inside a product: the nodes agreeing with `root` outside
/// `informed` already hold the message; the dimensions in `dims` (not in `informed`) are
/// broadcast one after another.
Rounds product_broadcast(const Product& p, std::uint64_t root,
                         const std::vector<std::uint32_t>& dims,
                         const std::vector<std::uint32_t>& informed);

/// The whole product from `root`, dimension by dimension.
Rounds product_broadcast(const Product& p, std::uint64_t root);

Rounds hdn_broadcast(const Hdn& h, std::uint32_t root);

Rounds dualcube_broadcast(const Dualcube& d, std::uint32_t root);

Rounds rhfc_broadcast(const Network& t, std::uint32_t root, RoundsFn nucleus_broadcast);

Rounds greedy_broadcast(const Network& t, std::uint32_t root);

/// The same from every node of `holders` at once (a BFS forest): how a broadcast that some
/// nodes have already received finishes (analysis/restart_repair.hpp).
Rounds greedy_broadcast_from(const Network& t, std::span<const std::uint32_t> holders);

/// The pipelined broadcasts' rows' makes (gen/broadcast/rows.cpp): the reduce rows run them
/// backwards (gen/reduce/rows.cpp), so a reduce names its broadcast, not its broadcast's name.
Schedule chain_broadcast(const Network& t, const GenRequest& r);
Schedule binary_tree_broadcast(const Network& t, const GenRequest& r);
Schedule double_binary_tree_broadcast(const Network& t, const GenRequest& r);
Schedule packed_trees_broadcast(const Network& t, const GenRequest& r);
Schedule rarest_first_broadcast(const Network& t, const GenRequest& r);
Schedule arborescences_broadcast(const Network& t, const GenRequest& r);

/// The pipelined broadcasts' stated bounds (and their reduces', the same schedules run
/// backwards): the chain's N-2+p; rarest-first's p + ecc(root) - 1; the arborescences'
/// ceil(p/n) + n on hypercube(n), ceil(p/4) + a + b - 2 on a 2-D torus, else p + N - 2; the
/// packed trees' pipeline, the diameter + ceil(p(N-1) / directed links) + 1.
std::optional<PaperBound> chain_bound(const Network& t, const Collective& c);
/// The binary and double binary trees' routed sends' hops (their plans embedded).
std::optional<PaperBound> binary_tree_bound(const Network& t, const Collective& c);
std::optional<PaperBound> double_binary_tree_bound(const Network& t, const Collective& c);
std::optional<PaperBound> rarest_first_bound(const Network& t, const Collective& c);
std::optional<PaperBound> arborescences_bound(const Network& t, const Collective& c);
std::optional<PaperBound> packed_pipeline_bound(const Network& t, const Collective& c);

}  // namespace netsched
