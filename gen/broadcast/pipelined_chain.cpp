// Pipelined chain broadcast (the large-message broadcast of MPI libraries and NCCL's ring
// broadcast): the message is cut into p pieces that follow one another down a Hamiltonian path
// from the root, so after the pipe fills every node forwards a piece per step: N-2+p steps of
// one piece instead of a tree's log2 N steps of the whole message.
#include <algorithm>

#include "core/errors.hpp"
#include "gen/broadcast/broadcast.hpp"
#include "gen/plan/hamiltonian.hpp"
#include "gen/plan/schedule_kit.hpp"

namespace netsched {

Schedule pipelined_chain_broadcast(const Network& t, NodeId root, std::uint32_t pieces) {
  check_pieces("chain", pieces, kMaxChainPieces, "kMaxChainPieces");
  auto cycle = hamiltonian_cycle(t);
  if (!cycle)
    throw InputError("chain: no Hamiltonian cycle of " + t.spec() +
                     " found, so no path through every node");
  const std::uint64_t n = cycle->size();
  // the path: the cycle, turned to start at the root
  const auto at =
      static_cast<std::size_t>(std::find(cycle->begin(), cycle->end(), root.v) - cycle->begin());
  std::rotate(cycle->begin(), cycle->begin() + static_cast<std::ptrdiff_t>(at), cycle->end());
  Schedule s = textbook_schedule(t, Collective::pieced_broadcast(n, root, pieces),
                                 PortModel::OnePort, "chain");
  for (std::uint32_t k = 0; k < pieces; ++k) s.payloads.push_back(Payload::of_chunks({k}));
  // in step s the node at position i passes piece s - i on
  for (std::uint64_t step = 0; n > 1 && step + 2 < n + pieces; ++step) {
    Step st;
    for (std::uint64_t i = 0; i + 1 < n; ++i)
      if (step >= i && step - i < pieces)
        st.transfers.push_back(
            {NodeId((*cycle)[i]), NodeId((*cycle)[i + 1]), static_cast<std::uint32_t>(step - i)});
    s.steps.push_back(std::move(st));
  }
  return s;
}

}  // namespace netsched
