#pragma once
/// Vector reduce as a broadcast run backwards. The rows are in gen/reduce/rows.cpp.

#include "core/network.hpp"
#include "core/schedule.hpp"
#include "gen/plan/schedule_kit.hpp"

namespace netsched {

/// A vector reduce: `broadcast` (a broadcast of listed pieces, pipelined or not) run backwards,
/// every first delivery of a piece mirrored in time into a partial sum sent back over its link
/// (gen/reduce/reversed_broadcast.cpp). The root's result for piece k ends in register p + k;
/// the steps, link loads and port model are the broadcast's. At most kTreeRegistersMaxNodes
/// nodes, two registers a piece, held to the memory budget at kTreeRegisterBytes a node and
/// register.
Schedule reduce_by_reversed_broadcast(const Network& t, const Schedule& broadcast);

/// MPI's chain reduce on a switched network (gen/reduce/switched_chain.cpp): partial sums passed
/// along switched_ring's ring from the endpoint after `root` to the root, which ends with the sum
/// in register 1. InputError where switched_ring finds no ring.
Schedule switched_chain_reduce(const Network& t, NodeId root);

}  // namespace netsched
