#pragma once
/// The block checker: the simulator's rules for total exchanges whose payloads are all selectors,
/// at sizes where a node x chunk table does not fit (12,000 nodes = 1.7e12 node-chunk pairs).
///
/// Chunks never influence one another: whether a selector takes chunk (o, d) depends only on where
/// that chunk is and when it arrived there. So the checker follows the chunks of one origin at a
/// time, and holds them as blocks: a node, an acquisition time and a digit box of destinations
/// (the schedule's digits, or one digit of radix N). A transfer intersects the sender's blocks
/// whose time its window admits with its destination boxes; a receipt replaces the receiver's
/// older copies (latest-receipt times, as in the dense simulator), so the blocks of a node stay
/// disjoint and payload sizes are sums of box volumes. Origins are spread over threads.
/// Results, violations and witnesses are the dense simulator's, rule for rule.
#include "core/errors.hpp"
#include "core/metrics.hpp"
#include "core/network.hpp"
#include "core/schedule.hpp"
#include "verify/check_result.hpp"

namespace netsched {

/// Whether the block checker handles `s`: a total exchange whose payloads are all selectors.
bool blocks_apply(const Schedule& s);

/// Checks `s` on `t` (blocks_apply(s) must hold; the caller has validated node counts). Throws
/// InputError for transfers naming nodes out of range.
CheckResult simulate_blocks(const Network& t, const Schedule& s, unsigned threads = 0,
                            const Progress& progress = {});

}  // namespace netsched
