// Ring all-gather (Thakur, Rabenseifner and Gropp 2005, §4.1) along a Hamiltonian cycle of any
// network: in step s every node passes on the chunk it received in step s-1; and as MPI runs it
// on any network (its large-message allgather), logical rounds between ranks that the network
// routes (gen/plan/embedding.hpp), on a switched network among the endpoints.
#include "gen/plan/ring.hpp"

#include "gen/all_gather/all_gather.hpp"
#include "gen/plan/embedding.hpp"
#include "gen/plan/schedule_kit.hpp"

namespace netsched {

Schedule ring_all_gather(const Network& t) {
  const auto cycle = ring_cycle(t, "ring");
  const std::uint64_t n = cycle.size();
  Schedule s = textbook_schedule(t, Collective::all_gather(n), PortModel::OnePort, "ring");
  for (std::uint64_t step = 0; step + 1 < n; ++step) {
    // what arrived in the step before (the node's own chunk, held since time 0, in step 0)
    Payload last;
    last.select = Selector{};
    last.select->acquired_in.push_back(
        {static_cast<std::uint32_t>(step), static_cast<std::uint32_t>(step)});
    s.payloads.push_back(std::move(last));
    Step st;
    for (std::uint64_t i = 0; i < n; ++i)
      st.transfers.push_back(
          {NodeId(cycle[i]), NodeId(cycle[(i + 1) % n]), static_cast<std::uint32_t>(step)});
    s.steps.push_back(std::move(st));
  }
  return s;
}

EmbeddedPlan ring_all_gather_plan(const Network& t) {
  const std::uint64_t n = t.num_endpoints();
  EmbeddedPlan p{Collective::all_gather(n), rank_order(t, "mpi-ring"), {}};
  // in round k rank i passes rank i+1 the block of rank i-k, which it received in round k-1
  for (std::uint64_t k = 0; k + 1 < n; ++k) {
    auto& round = p.rounds.emplace_back();
    for (std::uint64_t i = 0; i < n; ++i)
      round.push_back({static_cast<std::uint32_t>(i),
                       static_cast<std::uint32_t>((i + 1) % n),
                       {p.order[(i + n - k) % n]}});
  }
  return p;
}

}  // namespace netsched
