#pragma once
/// A Hamiltonian cycle, for the algorithms that run round a ring (chain, ring all-gather,
/// reduce-scatter and all-reduce) on any network that has one.
#include <cstdint>
#include <optional>
#include <vector>

#include "core/network.hpp"
#include "core/schedule.hpp"

namespace netsched {

/// The most nodes the Hamiltonian cycle search walks, and the most search steps it takes.
inline constexpr std::uint64_t kHamiltonMaxNodes = 4096;
inline constexpr std::uint64_t kHamiltonMaxSearch = 1'000'000;

/// A Hamiltonian cycle of `t` (node order; cycle[i] and cycle[i+1 mod N] adjacent), found by a
/// depth-first search that tries the neighbour with the fewest free neighbours first
/// (Warnsdorff) within kHamiltonMaxSearch steps; nullopt when none is found (or N > limit).
/// Remembered per network spec.
std::optional<std::vector<std::uint32_t>> hamiltonian_cycle(const Network& t);

}  // namespace netsched
