#pragma once
/// All-port collectives along one spanning tree per origin, and the trees themselves (the flood's
/// BFS trees, the packed trees, rarest-first's and BFB's), which several collectives share:
/// an origin's chunk goes down its tree (all-gather), a chunk for one destination down the
/// tree's path to it (total exchange), a block's partial sums up its tree in reverse time
/// (reduce-scatter), and both for a vector all-reduce.
///
/// Why in plan/: the same trees serve the broadcast, all-gather, reduce-scatter, all-reduce and
/// total-exchange rows; each collective's rows pick the trees and the schedule maker.
#include <cstdint>
#include <vector>

#include "core/graph.hpp"
#include "core/network.hpp"
#include "core/schedule.hpp"
#include "gen/plan/schedule_kit.hpp"

namespace netsched {

/// A tree per chunk: node w receives chunk c from parent[c][w] in step step[c][w] (w not the
/// chunk's origin, c / pieces); along every tree path the steps increase. `steps` is one more
/// than the largest step. With pieces, chunk o*pieces + k is piece k of origin o's block.
struct SpanningTrees {
  std::vector<std::vector<std::uint32_t>> parent, step;  ///< [chunk][node]
  std::uint32_t steps = 0;
  std::uint32_t pieces = 1;
};

/// The memory a schedule along trees plans per delivery of a chunk to a node: its tree
/// entries, its chunk list entries and the check's share (packed-trees on hypercube(12): 634 MB
/// at peak for 16.7M deliveries, bench/bandwidth_scale.sh).
inline constexpr std::uint64_t kTreeBytesPerDelivery = 40;

/// The most nodes packed_trees takes on a network other than a product of rings and complete
/// graphs (a tree per origin), and on those products (one tree of offsets serves, translated;
/// its N^2 x pieces deliveries are also held to the memory budget), and the most pieces it
/// cuts a block into (a tree each).
inline constexpr std::uint64_t kPackedTreesMaxNodes = 256;

inline constexpr std::uint64_t kPackedProductMaxNodes = 16384;

inline constexpr std::uint32_t kMaxPackedPieces = 16;

/// Whether packed_trees takes t (its size; t must also be connected).
bool packed_trees_apply(const Network& t);

/// Spanning trees and steps packed by simulated annealing so that in every step the links carry
/// alike (gen/plan/packed_trees.cpp), in D, D+1 or D+2 steps; a tree for each of the
/// `pieces` pieces of every block (1..kMaxPackedPieces).
SpanningTrees packed_trees(const Network& t, std::uint32_t pieces = 1);

/// The most nodes rarest_first_trees takes, and the most pieces in all (nodes x pieces a block:
/// its time grows with their square: hypernet(2,2,3) in 8 pieces, 2,048 in all, takes 1.8 s to
/// generate and check).
inline constexpr std::uint64_t kRarestFirstMaxNodes = 256;

inline constexpr std::uint64_t kRarestFirstMaxPieces = 2048;

/// The most pieces rarest_first_trees puts on one link in a step (a link of a graph file's
/// weight w takes w over the slowest link's weight, rounded down, up to this).
inline constexpr std::uint32_t kRarestFirstMaxLinkPieces = 16;

/// Whether rarest_first_trees takes t (its size; t must also be connected).
bool rarest_first_applies(const Network& t);

/// The most nodes of a rarest-first broadcast: its run holds the root's pieces alone, so it
/// goes further than the all-gather's N blocks (torus(128,128) in 1,024 pieces: bench/README.md
/// item 25).
inline constexpr std::uint64_t kRarestFirstBroadcastMaxNodes = 16384;

/// Whether rarest_first_broadcast_trees takes t (its size; t must also be connected).
bool rarest_first_broadcast_applies(const Network& t);

/// An all-gather's trees, a piece each of `pieces` pieces a block (N x pieces at most
/// kRarestFirstMaxPieces): in every
/// step every node takes over each link into it one piece it lacks from that neighbour, the
/// pieces fewest nodes hold first (gen/plan/rarest_first.cpp). Every link carries at most
/// one piece a step; a faster link than the slowest, its bandwidth's multiple of it (rounded
/// down, at most kRarestFirstMaxLinkPieces).
SpanningTrees rarest_first_trees(const Network& t, std::uint32_t pieces);

/// A broadcast's trees, a piece each of the root's message in `pieces` pieces (at most
/// kRarestFirstMaxPieces): the same run, every piece starting at `root`.
SpanningTrees rarest_first_broadcast_trees(const Network& t, NodeId root, std::uint32_t pieces);

/// The most pieces a broadcast along packed trees is cut into (a tree each).
inline constexpr std::uint32_t kMaxPackedBroadcastPieces = 64;

/// A broadcast from `root` in `pieces` pieces, a packed tree each (networks of at most
/// kPackedTreesMaxNodes nodes): with as many trees as the root's least cut, pipelined over the
/// steps, its time approaches the message over that cut (Edmonds' theorem).
SpanningTrees packed_broadcast_trees(const Network& t, NodeId root, std::uint32_t pieces);

/// The memory of a broadcast down trees (the arborescences' or rarest-first's), per piece and
/// node, from the trees to the checked schedule (hypercube(14) in 4,096 pieces peaked at about
/// 150, torus(128,128) at 155 down its four trees and at 170 by rarest-first in 1,024 pieces:
/// bench/README.md items 23 to 25).
inline constexpr std::uint64_t kTreeBroadcastBytes = 180;

/// The copies of a link the trees count and the pieces a step it carries, at CSR position i of
/// g (the link from the neighbour there into its node): its bandwidth over the slowest link's,
/// rounded down (1 on uniform links, at most kRarestFirstMaxLinkPieces).
std::vector<std::uint32_t> link_pieces(const Network& t, const Csr& g);

/// The most nodes the flood keeps a BFS tree for (N trees of N nodes).
inline constexpr std::uint64_t kFloodMaxNodes = 4096;
/// The flood's trees: node o's BFS tree, a level per step (step[o][w] = depth(w) - 1, steps =
/// the diameter); among a node's neighbours one level closer to o, its parent is the one whose
/// link into it carries least so far in that step. InputError naming `what` over
/// kFloodMaxNodes or on a network that is not connected.
SpanningTrees flood_trees(const Network& t, const char* what);

/// The most nodes and the most pieces a block of BFB's all-gather (its N^2 x pieces deliveries
/// are also held to the memory budget).
inline constexpr std::uint64_t kBfbMaxNodes = 1024;

inline constexpr std::uint32_t kMaxBfbPieces = 64;

/// Whether bfb_trees takes t (its size; t must also be connected).
bool bfb_applies(const Network& t);

/// Breadth-first broadcast (BFB, Zhao et al., "Efficient direct-connect topologies for
/// collective communications"): in step s every node takes the blocks of the nodes s + 1 links
/// away, each piece from a neighbour one link nearer its origin, the pieces spread over those
/// neighbours so that its links carry alike (gen/plan/bfb.cpp). Diameter steps; at the
/// exact bound on distance-regular networks when the pieces divide evenly.
SpanningTrees bfb_trees(const Network& t, std::uint32_t pieces);

/// The broadcast along f: piece c of the root's message down tree c (f's trees all rooted at
/// `root`).
Schedule trees_broadcast(const Network& t, const SpanningTrees& f, NodeId root,
                         const char* algorithm);

/// Chunk c down its tree (a pieced all-gather when f.pieces > 1).
Schedule trees_all_gather(const Network& t, const SpanningTrees& f, const char* algorithm);

/// Chunk o*N+d down the path of o's tree to d (at most kReduceScatterMaxNodes nodes).
Schedule trees_total_exchange(const Network& t, const SpanningTrees& f, const char* algorithm);

/// Block j's partial sums combined up j's tree: node w sends in step steps - 1 - step[j][w],
/// after its children (at most kTreeRegistersMaxNodes nodes, and the memory budget at
/// kTreeRegisterBytes a node and register). With f.pieces, each piece of a
/// block up its own tree (the all-gather's schedule run backwards).
Schedule trees_reduce_scatter(const Network& t, const SpanningTrees& f, const char* algorithm);

/// A vector all-reduce of N x f.pieces pieces: piece j reduced up tree j onto its root
/// (j / f.pieces), then its sum set down it.
Schedule trees_all_reduce(const Network& t, const SpanningTrees& f, const char* algorithm);

}  // namespace netsched
