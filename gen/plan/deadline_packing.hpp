#pragma once
/// A total exchange routed step by step under a deadline and a per-link capacity: the second
/// way the balanced exchange packs its hops on networks that are not products.
///
/// Why: a step schedule's bandwidth time is the sum over steps of its busiest link. Asking
/// "can every chunk arrive within T steps if no link carries more than c chunks a step?" and
/// answering it greedily — the chunks with the least slack (steps left less hops left) go
/// first, each over its least used next hop on a shortest path — gives schedules of payload
/// sum at most T·c, and searching c for each T finds where that product is least. Where the
/// links must carry unequal loads (a dualcube's cross links) this keeps the busiest links busy
/// in every step, which the annealing of fixed paths (gen/plan/hop_packing.hpp) does not.
#include <cstdint>
#include <optional>
#include <vector>

#include "core/graph.hpp"
#include "gen/plan/schedule_kit.hpp"

namespace netsched {

/// A path per ordered pair, paths[o * N + d] the nodes from o to d (entries with o == d unused).
using Paths = std::vector<std::vector<std::uint32_t>>;

/// Chunk o*N+d of every ordered pair routed in `steps` steps with at most `capacity` chunks on
/// a directed link in a step; nullopt when the greedy leaves a chunk unable to arrive in time.
/// `dist[u][v]` is the hop distance. With `paths` every chunk follows its path; without, it
/// takes any shortest path, hop by hop.
std::optional<LinkChunks> deadline_routing(const Csr& g,
                                           const std::vector<std::vector<std::uint32_t>>& dist,
                                           std::uint32_t steps, std::uint32_t capacity,
                                           const Paths* paths);

/// The payload sum of a routing: per step, the most chunks on one link.
std::uint64_t deadline_payload_sum(const LinkChunks& links);

/// The least payload sum deadline_routing reaches for T in [lo, hi], each T's least feasible
/// capacity found by bisection from `least_load` (no schedule's busiest link carries less in
/// all); ties go to fewer steps. nullopt when no T in the range is feasible at any capacity up
/// to the number of pairs.
std::optional<LinkChunks> least_deadline_routing(
    const Csr& g, const std::vector<std::vector<std::uint32_t>>& dist, std::uint32_t lo,
    std::uint32_t hi, std::uint64_t least_load, const Paths* paths);

}  // namespace netsched
