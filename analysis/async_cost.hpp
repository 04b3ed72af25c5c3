#pragma once
/// The step-free (asynchronous) time of a schedule in the alpha-beta model: no global barrier
/// between steps, each rank goes on to its next step as soon as its own transfers of this one
/// are done — how netsched's MPI executor runs a schedule.
///
/// Why beside the step-synchronous cost: Σ over steps of (t_s + t_w·m·largest payload) charges
/// every rank the slowest transfer of each step; a rank that is idle or lightly loaded in a step
/// need not wait for it. The step-free time is never larger (each rank's transfers of a step
/// start no later than the synchronous step would start them) and says how much of the
/// synchronous cost is waiting. Both price each transfer on its own link (link_speed).
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

/// How long one transfer of `size` chunks (or registers) takes on link u-v: the link's latency
/// multiple of t_s plus t_w·m·size over its bandwidth multiple (core/network.hpp LinkSpeed).
double transfer_seconds(const Network& t, NodeId u, NodeId v, std::uint64_t size,
                        const CostModel& cost);

/// The step-synchronous time of `s` with every link at its own speed: the sum over steps of the
/// slowest transfer (transfer_seconds). On a uniform network this is CostModel::of(steps,
/// payload sum). A routed schedule's step takes its longest route's latency plus its busiest
/// link's load, every transfer on the balanced routes of gen/route/route_table.hpp (the routes
/// SimGrid platforms are given). nullopt (and `why_not`) when the payload sizes are not known,
/// or a routed schedule's network is over kRoutesMaxNodes.
std::optional<double> synchronous_time(const Network& t, const Schedule& s, const CostModel& cost,
                                       std::string& why_not);

/// The step-free time of `s` under `cost` (`cost.m` bytes a chunk or register). A transfer of
/// step k from u to v starts when u and v have finished their step k-1 transfers, its link is
/// free, and (one-port, single-dimension, k-port) one of u's k send ports and one of v's k
/// receive ports is free; it takes transfer_seconds (t_s + t_w·m·(chunks or registers it
/// carries) on a uniform link). Chunk payloads
/// are sized by the dense simulator's trace (its limits apply); register payloads by their
/// distinct source registers. `s` must hold. nullopt for a routed schedule, whose transfers
/// share links in a way this model does not price.
AsyncTime async_time(const Network& t, const Schedule& s, const CostModel& cost);

/// The dataflow time of `s` under `cost`: how the executor runs a chunk schedule with
/// `--dataflow` (exec/rank_executor.hpp). A transfer of step k from u to v starts when u holds
/// every chunk it carries from a step before k (a selector: when every transfer into u of the
/// steps before k is done, and one latency later, for the size it announces first) and the
/// last transfer from u to v of an earlier step is done; it takes transfer_seconds. No port
/// limit: a node drives all its links at once. Never later than async_time for a schedule that
/// lists its chunks. nullopt (and `why_not`) for a register schedule, which runs in steps, a
/// routed one, and beyond the dense engine's limits. `s` must hold.
AsyncTime dataflow_time(const Network& t, const Schedule& s, const CostModel& cost);

}  // namespace netsched
