#pragma once
/// The stated bounds several rows share (a row's `stated`, AlgorithmInfo): netsched's own step
/// bounds for its generic and textbook algorithms, each next to the rows that state it. Their
/// source is left empty: papers/generic.hpp names it (netsched's, or netsched's for a textbook
/// algorithm), so a stated bound is never read as a paper's.
#include <cstdint>
#include <optional>
#include <string>

#include "core/network.hpp"
#include "core/schedule.hpp"
#include "gen/plan/embedding.hpp"

namespace netsched {

/// A stated bound of `steps` by `formula` (its source filled in by papers/generic.hpp).
PaperBound stated_bound(std::uint64_t steps, std::string formula);
/// n with 2^(n-1) < N <= 2^n: the dimensions of a hypercube of t's size.
std::uint64_t cube_dimensions(const Network& t);
/// n = log2 N: one dimension a step (recursive doubling and halving, all-port dimension order).
std::optional<PaperBound> cube_steps_bound(const Network& t, const Collective& c);
/// min(N-1, ecc(root) x max degree): the rounds of the greedy broadcast's BFS tree, and of the
/// collectives read along it once.
std::optional<PaperBound> tree_once_bound(const Network& t, const Collective& c);
/// 2 min(N-1, diameter x max degree): the collectives along the tree there and back.
std::optional<PaperBound> tree_twice_bound(const Network& t, const Collective& c);
/// times x (the diameter + plus), by `formula`; nullopt on a network that is not connected.
std::optional<PaperBound> diameter_bound(const Network& t, std::uint64_t times, std::uint64_t plus,
                                         const char* formula);
/// The diameter, a BFS level a step (the flood's collectives).
std::optional<PaperBound> bfs_levels_bound(const Network& t, const Collective& c);
/// The diameter: BFB takes the blocks s+1 links away in step s (its all-gather and reduce-scatter).
std::optional<PaperBound> bfb_levels_bound(const Network& t, const Collective& c);
/// The diameter + 2: the step counts the packings try (the packed trees, the balanced exchange).
std::optional<PaperBound> packing_bound(const Network& t, const Collective& c);
/// N-1: once round the ring (its all-gather and reduce-scatter).
std::optional<PaperBound> ring_bound(const Network& t, const Collective& c);
/// The routed sends' hops of an embedded plan (a list schedule's every step holds one).
PaperBound embedded_bound(const Network& t, const EmbeddedPlan& p);
/// The plan's rounds, a routed step each.
PaperBound routed_bound(const EmbeddedPlan& p);

}  // namespace netsched
