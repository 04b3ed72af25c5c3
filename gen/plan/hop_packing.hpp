#pragma once
/// Packing the hops of many messages into few steps so that every step's busiest link carries
/// as little as possible: the step assignment of the balanced all-port exchange.
///
/// Why a local search: a step schedule's bandwidth time is the sum over steps of its busiest
/// link, so a link left idle in a step is time lost. A store-and-forward message of d hops must
/// take them at d increasing steps; choosing those steps (and, where the network allows, the
/// order or the direction of the hops) so that each step loads every link alike is a packing
/// problem that simulated annealing solves well at these sizes. The search is deterministic
/// (a fixed seed), bounded in iterations, and its result is checked like any schedule.
#include <cstdint>
#include <vector>

namespace netsched {

/// One message to place: alternative ways (each a sequence of resources, one per hop; a
/// resource is a directed link, or on an abelian product a generator whose load is the same at
/// every node). All ways of a message have the same length.
struct PackingItem {
  std::vector<std::vector<std::uint32_t>> ways;
};

struct PackingProblem {
  std::uint32_t resources = 0;
  std::uint32_t steps = 0;  ///< T: every hop goes in a step 0..T-1
  std::vector<PackingItem> items;
  /// Whether the hops of a way may be taken in any order (generators of an abelian group).
  bool reorderable = false;
};

/// Where each item's hops went: its way (reordered when the problem allows) and the step of
/// each hop, strictly increasing.
struct PackedItem {
  std::vector<std::uint32_t> hops;
  std::vector<std::uint32_t> steps;
};

struct Packing {
  std::vector<PackedItem> items;
  /// Sum over steps of the largest load of a resource in that step.
  std::uint64_t payload_sum = 0;
};

/// The least payload sum any packing can have: the heaviest resource's load if every item
/// takes its first way, and the hops spread evenly over the resources.
std::uint64_t packing_lower_bound(const PackingProblem& p);

/// Simulated annealing from a random packing (seeded by `seed`), at most `iterations` moves:
/// move a hop to another step between its neighbours' steps, swap two neighbouring hops
/// (reorderable problems), or switch an item to another way. Stops early at the lower bound.
/// Requires every way to have at most `steps` hops.
Packing pack_hops(const PackingProblem& p, std::uint64_t seed, std::uint64_t iterations);

}  // namespace netsched
