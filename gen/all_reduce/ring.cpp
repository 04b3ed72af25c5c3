// Ring all-reduce (NCCL's and MPI's for large vectors) along a Hamiltonian cycle of any network:
// the ring reduce-scatter of N pieces, then the ring all-gather of their sums; and as MPI runs it
// on a switched network, its ranks' messages carried through the switches
// (gen/plan/register_embedding.hpp).
#include "gen/plan/ring.hpp"

#include "gen/all_reduce/all_reduce.hpp"
#include "gen/plan/program.hpp"
#include "gen/plan/register_embedding.hpp"
#include "gen/plan/schedule_kit.hpp"

namespace netsched {

Schedule ring_all_reduce(const Network& t) {
  check_nodes(t, "ring all-reduce", kReduceScatterMaxNodes, "kReduceScatterMaxNodes");
  const auto cycle = ring_cycle(t, "ring");
  const std::uint64_t n = cycle.size();
  RegisterProgram p(t, Collective::vector_all_reduce(n, static_cast<std::uint32_t>(n)),
                    piece_registers(n), "ring");
  // piece k belongs to position k: reduced round the ring onto it, then passed round again
  ring_steps(p, cycle, 1, RegOp::Combine, [](std::uint64_t at) { return at; });
  for (std::uint64_t k = 0; k < n; ++k)
    p.set(static_cast<std::uint16_t>(n + k), static_cast<std::uint16_t>(k), {{cycle[k], cycle[k]}});
  ring_steps(p, cycle, 0, RegOp::Set, [&](std::uint64_t at) { return n + at; });
  return p.finish();
}

Schedule switched_ring_all_reduce(const Network& t) {
  const auto order = switched_ring_order(t, "mpi-ring all-reduce");
  const std::uint64_t n = order.size();
  RegisterPlan p{
      Collective::vector_all_reduce(n, static_cast<std::uint32_t>(n)), piece_registers(n), {}};
  // piece k is reduced round the ring onto position k, copied to its output there, then passed
  // round again
  ring_rounds(p, order, 1, RegOp::Combine, [](std::uint64_t at) { return at; });
  auto& copy = p.rounds.emplace_back();
  for (std::uint64_t k = 0; k < n; ++k) {
    const auto in = static_cast<std::uint16_t>(k), out = static_cast<std::uint16_t>(n + k);
    copy.compute.push_back({order[k], out, in, in, RegOp::Set});
  }
  ring_rounds(p, order, 0, RegOp::Set, [&](std::uint64_t at) { return n + at; });
  return embed_register_plan(t, p, "mpi-ring");
}

}  // namespace netsched
