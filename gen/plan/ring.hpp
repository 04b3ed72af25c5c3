#pragma once
/// What the ring algorithms share (the ring all-gather, reduce-scatter and all-reduce, one file
/// each in their collectives' folders): the cycle they run round, and N-1 register steps round
/// it.
#include <cstdint>
#include <vector>

#include "core/network.hpp"
#include "gen/plan/program.hpp"

namespace netsched {

/// hamiltonian_cycle(t), or an InputError naming `algorithm` and the search's limits.
std::vector<std::uint32_t> ring_cycle(const Network& t, const char* algorithm);

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

}  // namespace netsched
