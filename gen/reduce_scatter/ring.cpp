// Ring reduce-scatter (Thakur, Rabenseifner and Gropp 2005, §4.4; the first half of NCCL's ring
// all-reduce) along a Hamiltonian cycle of any network; and as MPI runs it on a switched network,
// its ranks' messages carried through the switches (gen/plan/register_embedding.hpp).
#include "gen/plan/ring.hpp"

#include "gen/plan/program.hpp"
#include "gen/plan/register_embedding.hpp"
#include "gen/plan/schedule_kit.hpp"
#include "gen/reduce_scatter/reduce_scatter.hpp"

namespace netsched {

Schedule ring_reduce_scatter(const Network& t) {
  check_nodes(t, "ring reduce-scatter", kReduceScatterMaxNodes, "kReduceScatterMaxNodes");
  const auto cycle = ring_cycle(t, "ring");
  const std::uint64_t n = cycle.size();
  RegisterProgram p(t, Collective::reduce_scatter(n), block_registers(n), "ring");
  // The block of position k starts at position k+1 and is combined once per hop until it
  // reaches position k, N-1 hops later.
  ring_steps(p, cycle, 1, RegOp::Combine, [&](std::uint64_t at) { return cycle[at]; });
  return p.finish();
}

Schedule switched_ring_reduce_scatter(const Network& t) {
  const auto order = switched_ring_order(t, "mpi-ring reduce-scatter");
  const std::uint64_t n = order.size();
  RegisterPlan p{Collective::reduce_scatter(n), block_registers(n), {}};
  // the block of the endpoint at position i (its register) starts at position i+1 and is
  // combined once a round until it reaches position i
  ring_rounds(p, order, 1, RegOp::Combine, [&](std::uint64_t at) { return order[at]; });
  return embed_register_plan(t, p, "mpi-ring");
}

}  // namespace netsched
