#pragma once
/// A schedule on a network with switches or directed links, as its endpoints run it.
///
/// Why: the executor, SimGrid and MSCCL-IR run ranks, and a switch is no rank (the switched
/// model, core/network.hpp). A chunk that reaches an endpoint after hops through switches is, to
/// the endpoints, one message from the endpoint its first hop left to the endpoint its last hop
/// reached. A switch keeps no copies, so its receipts of a chunk leave it first in, first out
/// (a chunk's bytes are the same whichever receipt a hop forwards). Each such message is placed
/// at its last hop's step, when its data arrives, and keeps its first hop's step: the sender
/// must hold the chunks then (and so for every hop into a switch, passed on or not). The rules only
/// an arc or a switch sees (an arc's direction, each arc once a step, a switch forwarding only what
/// it holds) are checked here, where the hops are still visible, and given to the ranks as failures
/// to report: the hop's endpoint reports it (its sender, else its receiver; rank 0 for a hop
/// between two switches). A register collective's message is its payload whole: a switch passes
/// on its oldest receipt of the payload, and the message carries the sender's values as its first
/// hop left (the rank keeps them until the last hop's step). This is the executor's own reading of
/// the model, sharing nothing with verify/.
#include <cstdint>
#include <string>
#include <vector>

#include "core/network.hpp"
#include "core/schedule.hpp"
#include "core/verdict.hpp"

namespace netsched::exec {

/// A rule broken by a hop, and the rank that reports it.
struct HopFailure {
  Rule rule = Rule::Edge;
  std::uint32_t step = 0;
  NodeId rank;
  std::string detail;
};

/// A hop from an endpoint into a switch: its sender must hold the chunks then, whether or not
/// a switch passes them on to an endpoint.
struct FirstHop {
  NodeId from;
  std::uint32_t step = 0;
  std::uint32_t payload = 0;  ///< into the schedule's payloads (the original's keep their index)
};

/// The endpoints' schedule of a switched one.
struct EndpointRun {
  /// The messages between endpoints, each at its last hop's step (the original payloads first,
  /// then the chunk lists of messages that came through switches).
  Schedule schedule;
  /// departs[step][transfer]: the step the message's first hop left its sender.
  std::vector<std::vector<std::uint32_t>> departs;
  std::vector<HopFailure> failures;
  std::vector<FirstHop> first_hops;
};

/// The endpoints' run of `s` on `t` (a network that needs the switched model, after
/// check_structure). Throws InputError for what the executor does not implement: a selector
/// payload on a hop to or from a switch.
EndpointRun endpoint_run(const Network& t, const Schedule& s);

}  // namespace netsched::exec
