#pragma once
/// The step-free (asynchronous) time of a schedule in the alpha-beta model: no global barrier
/// between steps, each rank goes on to its next step as soon as its own transfers of this one
/// are done — how netsched's MPI executor runs a schedule.
///
/// Why beside the step-synchronous cost: Σ over steps of (t_s + t_w·m·largest payload) charges
/// every rank the slowest transfer of each step; a rank that is idle or lightly loaded in a step
/// need not wait for it. The step-free time is never larger (each rank's transfers of a step
/// start no later than the synchronous step would start them) and says how much of the
/// synchronous cost is waiting.
#include <optional>
#include <string>

#include "analysis/verification.hpp"
#include "core/network.hpp"
#include "core/schedule.hpp"

namespace netsched {

struct AsyncTime {
  std::optional<double> seconds;  ///< nullopt when the payload sizes are not known
  std::string why_not;            ///< then: why (the dense engine's limits)
};

/// The step-free time of `s` under `cost` (`cost.m` bytes a chunk or register). A transfer of
/// step k from u to v starts when u and v have finished their step k-1 transfers, its link is
/// free, and (one-port, single-dimension, k-port) one of u's k send ports and one of v's k
/// receive ports is free; it takes t_s + t_w·m·(chunks or registers it carries). Chunk payloads
/// are sized by the dense simulator's trace (its limits apply); register payloads by their
/// distinct source registers. `s` must hold.
AsyncTime async_time(const Network& t, const Schedule& s, const CostModel& cost);

}  // namespace netsched
