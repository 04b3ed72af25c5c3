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
                     " found (searched up to " +
                     limit_text("kHamiltonMaxNodes", kHamiltonMaxNodes) + " nodes, " +
                     std::to_string(kHamiltonMaxSearch) + " search steps)");
  return *cycle;
}

/// N-1 steps round the cycle: in step s the node at position i sends register
/// register_of(position) for position i - s - shift to its successor, applying `op`.
template <class RegisterOf>
void ring_steps(RegisterProgram& p, const std::vector<std::uint32_t>& cycle, std::uint64_t shift,
                RegOp op, RegisterOf register_of) {
  const std::uint64_t n = cycle.size();
  for (std::uint64_t step = 0; step + 1 < n; ++step) {
    for (std::uint64_t i = 0; i < n; ++i) {
      const auto r = static_cast<std::uint16_t>(register_of((i + 2 * n - step - shift) % n));
      p.send(cycle[i], cycle[(i + 1) % n], {{r, r, op}});
    }
    p.end_step();
  }
}

}  // namespace

Schedule ring_all_gather(const Network& t) {
  const auto cycle = cycle_of(t, "ring");
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

Schedule ring_reduce_scatter(const Network& t) {
  check_nodes(t, "ring reduce-scatter", kReduceScatterMaxNodes, "kReduceScatterMaxNodes");
  const auto cycle = cycle_of(t, "ring");
  const std::uint64_t n = cycle.size();
  RegisterProgram p(t, Collective::reduce_scatter(n), block_registers(n), "ring");
  // The block of position k starts at position k+1 and is combined once per hop until it
  // reaches position k, N-1 hops later.
  ring_steps(p, cycle, 1, RegOp::Combine, [&](std::uint64_t at) { return cycle[at]; });
  return p.finish();
}

Schedule ring_all_reduce(const Network& t) {
  check_nodes(t, "ring all-reduce", kReduceScatterMaxNodes, "kReduceScatterMaxNodes");
  const auto cycle = cycle_of(t, "ring");
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

}  // namespace netsched
