#include "gen/exchange/total_exchange.hpp"
#include "gen/plan/embedding.hpp"
#include "gen/plan/schedule_kit.hpp"
// The direct all-to-all (MPI's basic_linear alltoall, MPICH's and Open MPI's large-message
// algorithm): every node sends every other node its block at once, and the network routes them.
//
// Why a plan of its own: on a network with routes it moves each block once along its route, so
// its link loads are the routes' and no store-and-forward schedule can carry less; carried by
// route_plan it is one routed step (gen/plan/embedding.hpp).

namespace netsched {

EmbeddedPlan direct_exchange_plan(const Network& t) {
  check_nodes(t, "direct", kDirectMaxNodes, "kDirectMaxNodes");
  const std::uint64_t n = t.num_nodes();
  EmbeddedPlan p{Collective::total_exchange(n), {}, {{}}};
  p.order.resize(n);
  for (std::uint32_t v = 0; v < n; ++v) p.order[v] = v;  // rank v is node v: no order matters
  auto& round = p.rounds.front();
  round.reserve(n * (n - 1));
  for (std::uint32_t i = 0; i < n; ++i)
    for (std::uint32_t j = 0; j < n; ++j)
      if (i != j) round.push_back(LogicalSend{i, j, {std::uint64_t{i} * n + j}});
  return p;
}

}  // namespace netsched
