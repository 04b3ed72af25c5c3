// Ring all-gather and reduce-scatter (Thakur, Rabenseifner and Gropp 2005, §4.1 and §4.4; the
// building blocks of NCCL's ring all-reduce) along a Hamiltonian cycle of any network.
#include "core/errors.hpp"
#include "gen/combine/program.hpp"
#include "gen/textbook/textbook.hpp"

namespace netsched {
namespace {

std::vector<std::uint32_t> cycle_of(const Network& t, const char* algorithm) {
  auto cycle = hamiltonian_cycle(t);
  if (!cycle)
    throw InputError(std::string(algorithm) + ": no Hamiltonian cycle of " + t.spec() +
                     " found (searched up to " + limit_text("kHamiltonMaxNodes", kHamiltonMaxNodes) +
                     " nodes, " + std::to_string(kHamiltonMaxSearch) + " search steps)");
  return *cycle;
}

}  // namespace

Schedule ring_all_gather(const Network& t) {
  const auto cycle = cycle_of(t, "ring");
  const std::uint64_t n = cycle.size();
  Schedule s;
  s.topology = t.spec();
  s.collective = Collective::all_gather(n);
  s.model = PortModel::OnePort;
  s.algorithm = "ring";
  for (std::uint64_t step = 0; step + 1 < n; ++step) {
    // what arrived in the step before (the node's own chunk, held since time 0, in step 0)
    Payload last;
    last.select = Selector{};
    last.select->acquired_in.push_back(
        {static_cast<std::uint32_t>(step), static_cast<std::uint32_t>(step)});
    s.payloads.push_back(std::move(last));
    Step st;
    for (std::uint64_t i = 0; i < n; ++i)
      st.transfers.push_back({NodeId(cycle[i]), NodeId(cycle[(i + 1) % n]),
                              static_cast<std::uint32_t>(step)});
    s.steps.push_back(std::move(st));
  }
  return s;
}

Schedule ring_reduce_scatter(const Network& t) {
  const std::uint64_t n = t.num_nodes();
  if (n > kReduceScatterMaxNodes)
    throw InputError("ring reduce-scatter: " + std::to_string(n) + " nodes, over the limit " +
                     limit_text("kReduceScatterMaxNodes", kReduceScatterMaxNodes));
  const auto cycle = cycle_of(t, "ring");
  std::vector<std::string> registers;
  for (std::uint64_t j = 0; j < n; ++j) registers.push_back("block" + std::to_string(j));
  RegisterProgram p(t, Collective::reduce_scatter(n), std::move(registers), "ring");
  // The block of position k starts at position k+1 and is combined once per hop until it
  // reaches position k, N-1 hops later.
  for (std::uint64_t step = 0; step + 1 < n; ++step) {
    for (std::uint64_t i = 0; i < n; ++i) {
      const auto block = static_cast<std::uint16_t>(cycle[(i + 2 * n - step - 1) % n]);
      p.send(cycle[i], cycle[(i + 1) % n], {{block, block, RegOp::Combine}});
    }
    p.end_step();
  }
  return p.finish();
}

}  // namespace netsched
