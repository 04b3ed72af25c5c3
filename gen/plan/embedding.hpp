#pragma once
/// MPI's algorithms as they run on a real network: an algorithm written for ranks that can all
/// reach each other is a list of logical rounds of sends between ranks (an EmbeddedPlan: each
/// collective's folder writes its own plans); each send is carried along a shortest path of the
/// network, hop by hop, and every hop goes in the earliest step where its sender holds the
/// chunks and the one-port rule leaves room (a list schedule); or, routed, a round a step.
///
/// Why a layer of its own: MPI libraries run these algorithms on any network and let the network
/// route; a step schedule makes the routing and the contention explicit, so the checker judges
/// them and the cost model prices them like every other schedule.
#include <cstdint>
#include <vector>

#include "core/errors.hpp"
#include "core/network.hpp"
#include "core/schedule.hpp"

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

/// The plan's schedule (embed_rounds).
Schedule embed_plan(const Network& t, const EmbeddedPlan& p, const char* algorithm);

/// The plan's schedule under the routed port model (gen/plan/routed_rounds.cpp): logical
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
