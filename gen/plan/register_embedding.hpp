#pragma once
/// MPI's register algorithms (ring reduce-scatter, ring all-reduce) as they run on a switched
/// network: logical rounds of register messages between ranks, each carried through switches
/// along a shortest path, hop by hop, in the earliest step its sources are final and the ports
/// and arcs leave room (a list schedule, gen/plan/port_calendar.hpp).
///
/// Why apart from gen/plan/embedding.hpp: a register message cannot rest at an endpoint on its
/// way (an endpoint would apply its moves), so its path crosses switches only; its values are
/// its sender's when it leaves, so what it reads and writes orders the steps, not chunks held.
/// Each message gets a payload of its own, so a switch never holds two messages a receipt could
/// confuse (a switch passes on its oldest receipt of a payload, core/network.hpp).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/network.hpp"
#include "core/schedule.hpp"

namespace netsched {

/// The table rows' bound for these algorithms: none is stated (gen/algorithm_row.hpp).
inline constexpr std::string_view kSwitchedRegisterBound =
    "none: the steps its run takes (a message waits for its register's last write)";

/// Endpoint `from` sends endpoint `to` a message whose moves read `from`'s registers and write
/// `to`'s.
struct RegisterSend {
  std::uint32_t from = 0, to = 0;
  std::vector<Move> moves;
};

/// A local operation at one rank, placed at the first step its operands are final.
struct RankOp {
  std::uint32_t rank = 0;
  std::uint16_t dst = 0, a = 0, b = 0;
  RegOp op = RegOp::Set;
};

/// A logical round: its local operations, then its messages.
struct RegisterRound {
  std::vector<RankOp> compute;
  std::vector<RegisterSend> sends;
};

/// A register algorithm's rounds on the endpoints of a switched network (its sends and operations
/// name endpoint ids: an algorithm lays its ranks on them, as ring_rounds does).
struct RegisterPlan {
  Collective collective;
  std::vector<std::string> registers;
  std::vector<RegisterRound> rounds;
};

/// N-1 logical rounds round the ring `order` (rank i is endpoint order[i]; MPI's ring, as
/// gen/plan/ring.hpp's steps on a cycle): in round k rank i sends rank i+1 register
/// register_of((i - k - shift) mod N), which the receiver takes by `op` into the same register.
template <class RegisterOf>
void ring_rounds(RegisterPlan& p, const std::vector<std::uint32_t>& order, std::uint64_t shift,
                 RegOp op, RegisterOf register_of) {
  const std::uint64_t n = order.size();
  for (std::uint64_t k = 0; k + 1 < n; ++k) {
    auto& round = p.rounds.emplace_back();
    for (std::uint64_t i = 0; i < n; ++i) {
      const auto r = static_cast<std::uint16_t>(register_of((i + 2 * n - k - shift) % n));
      round.sends.push_back({order[i], order[(i + 1) % n], {{r, r, op}}});
    }
  }
}

/// The most search steps switched_ring finds its cycle in.
inline constexpr std::uint64_t kSwitchedRingSearch = 1'000'000;

/// A ring of t's endpoints in which each reaches the next along a path that crosses switches
/// only (a register message may not rest at an endpoint), preferring id order (a machine file
/// lists its GPUs box by box); nullopt when t does not need the switched model, has more than
/// kReduceScatterMaxNodes nodes, or a search of kSwitchedRingSearch steps finds none. On
/// ForestColl's A100 machine the NICs' rails join only GPUs of one parity, so id order breaks
/// at a box's end and the ring turns on a GPU of the right parity.
std::optional<std::vector<std::uint32_t>> switched_ring(const Network& t);

/// Whether switched_ring finds a ring: where MPI's ring register algorithms apply.
bool switched_ring_applies(const Network& t);

/// switched_ring(t), or an InputError naming `algorithm` and why.
std::vector<std::uint32_t> switched_ring_order(const Network& t, const char* algorithm);

/// Whether every message of `pairs` (endpoint from, endpoint to) has a path of t that crosses
/// switches only: t needs the switched model and has at most kEmbedMaxNodes nodes.
bool switch_paths_exist(const Network& t,
                        const std::vector<std::pair<std::uint32_t, std::uint32_t>>& pairs);

/// The plan's one-port schedule on t (switches or directed links, within kEmbedMaxNodes nodes).
/// InputError when a message's endpoints are joined only through other endpoints.
Schedule embed_register_plan(const Network& t, const RegisterPlan& p, const char* algorithm);

}  // namespace netsched
