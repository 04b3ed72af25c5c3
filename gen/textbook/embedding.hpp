#pragma once
/// MPI's algorithms as they run on a real network: an algorithm written for ranks that can all
/// reach each other (Bruck, binomial trees, binary and double binary trees) is a list of logical
/// rounds of sends between ranks; each send is carried along a shortest path of the network, hop
/// by hop, and every hop goes in the earliest step where its sender holds the chunks and the
/// one-port rule leaves room (a list schedule). Where every logical send is a link (Bruck on a
/// complete graph), the schedule is the textbook's own, round for round.
///
/// Why a layer of its own: MPI libraries run these algorithms on any network and let the network
/// route; a step schedule makes the routing and the contention explicit, so the checker judges
/// them and the cost model prices them like every other schedule.
#include <cstdint>
#include <vector>

#include "core/network.hpp"
#include "core/schedule.hpp"
#include "gen/topo/product.hpp"

namespace netsched {

/// The most nodes an embedded algorithm takes (a shortest-path tree per rank is kept).
inline constexpr std::uint64_t kEmbedMaxNodes = 1024;

/// Rank r of the algorithm sends rank `to` the chunks listed; it holds them when the send is due
/// (it held them from the start or received them in an earlier logical send).
struct LogicalSend {
  std::uint32_t from = 0, to = 0;
  std::vector<std::uint64_t> chunks;
};
/// Logical rounds, in order; a round's sends may go at once.
using LogicalRounds = std::vector<std::vector<LogicalSend>>;

/// The order in which ranks are laid on the nodes: rank i is node order[i]. A Hamiltonian cycle
/// where one is found (rank i and i+1 neighbours), otherwise breadth-first order from node 0.
/// InputError when t has more than kEmbedMaxNodes nodes or is not connected.
std::vector<std::uint32_t> rank_order(const Network& t, const char* algorithm);

/// An algorithm's logical rounds laid on a network: the collective, the rank order, the rounds.
struct EmbeddedPlan {
  Collective collective;
  std::vector<std::uint32_t> order;
  LogicalRounds rounds;
};

/// Bruck's all-gather (Bruck et al. 1997): in round k rank i sends rank i - 2^k every block it
/// holds (blocks i .. i + 2^k - 1; fewer in the last round): ceil(log2 N) rounds.
EmbeddedPlan bruck_all_gather_plan(const Network& t);
/// Bruck's all-to-all: block (s, d) moves by the binary digits of (d - s) mod N; in round k every
/// rank sends rank i + 2^k the blocks it holds whose digit k is 1: ceil(log2 N) rounds of about
/// N/2 blocks.
EmbeddedPlan bruck_exchange_plan(const Network& t);
/// MPICH's binomial scatter and gather from `root` (relative rank r = rank - root): scatter from
/// the top mask down, r sends r + mask the blocks of ranks r + mask .. r + 2 mask - 1; gather
/// the same tree upwards.
EmbeddedPlan binomial_scatter_plan(const Network& t, NodeId root);
EmbeddedPlan binomial_gather_plan(const Network& t, NodeId root);
/// The most pieces the tree broadcasts cut a message into.
inline constexpr std::uint32_t kMaxTreePieces = 1024;
/// Pipelined binary-tree broadcast (MPI's medium-message tree): the message in `pieces` pieces,
/// each down the heap-ordered binary tree of relative ranks (children 2r+1, 2r+2).
EmbeddedPlan binary_tree_broadcast_plan(const Network& t, NodeId root, std::uint32_t pieces);
/// NCCL's double binary tree (Sanders, Speck and Traff 2009): two in-order binary trees over the
/// non-root ranks, the second the first shifted by one rank, so that a leaf of one is inside the
/// other; even pieces go down the first, odd pieces down the second.
EmbeddedPlan double_binary_tree_broadcast_plan(const Network& t, NodeId root, std::uint32_t pieces);
/// The plan's schedule (embed_rounds).
/// Swing's all-gather (De Sensi et al. 2024; gen/textbook/swing.cpp) on a product of rings of
/// 2^k nodes: its reduce-scatter's exchanges in reverse, u sending its peer every block it
/// holds; rank u is node u. InputError where Swing does not apply.
EmbeddedPlan swing_all_gather_plan(const Product& t);
/// The most nodes the direct all-to-all takes (a transfer per ordered pair: about a million).
inline constexpr std::uint64_t kDirectMaxNodes = 1024;
/// The direct all-to-all (MPI's basic_linear): one round in which every rank sends every other
/// rank its block; rank i is node i. InputError over kDirectMaxNodes.
EmbeddedPlan direct_exchange_plan(const Network& t);
Schedule embed_plan(const Network& t, const EmbeddedPlan& p, const char* algorithm);
/// The plan's schedule under the routed port model (gen/textbook/routed_rounds.cpp): logical
/// round k is step k, and each send one transfer between its ranks' nodes, whatever their
/// distance (the sends of a round between one pair merged into one). No hop is scheduled: the
/// network carries the message on its route.
Schedule route_plan(const Network& t, const EmbeddedPlan& p, const char* algorithm);

/// The one-port schedule of `collective` that carries every logical send (between ranks, laid
/// on the nodes by `order`) along a shortest path, each hop as early as its chunks and the ports
/// allow. Sends are placed in round order, and in list order within a round.
Schedule embed_rounds(const Network& t, Collective collective, const char* algorithm,
                      const LogicalRounds& rounds, const std::vector<std::uint32_t>& order);

/// The total hops of the routed sends: no embedded schedule takes more steps (every step up to
/// the last holds a hop that could not go earlier).
std::uint64_t embedded_hops(const Network& t, const LogicalRounds& rounds,
                            const std::vector<std::uint32_t>& order);

}  // namespace netsched
