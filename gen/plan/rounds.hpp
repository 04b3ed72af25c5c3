#pragma once
/// A one-port broadcast as rounds: each round a list of (from, to) transfers of the single
/// message. The papers' broadcasts are written this way, and the generic collectives along a BFS
/// tree (gen/scatter_gather/) read the greedy broadcast's rounds forwards and backwards.
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/network.hpp"

namespace netsched {

using Rounds = std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>>;

/// A broadcast as rounds from `root`: what a recursive broadcast asks of its nucleus's.
using RoundsFn = Rounds (*)(const Network& t, std::uint32_t root);

/// Appends `src` to `dst` round by round from round `offset` on (parallel, disjoint parts).
void merge_rounds(Rounds& dst, const Rounds& src, std::size_t offset);

}  // namespace netsched
