#pragma once
/// Checking a schedule made for a healthy network against a faulty version of it
/// (`netsched verify FILE --network 'faulty(G, ...)'`).
///
/// Why a view with the base's ids: a faulty network renumbers its survivors
/// (gen/topo/faulty.hpp), but a schedule made for G names G's ids. So the check runs on G with
/// every failed link and every link of a failed node removed — same ids, same collective:
/// a transfer over a failed link or touching a failed node is a link violation (its message
/// names the fault), and a failed node that must receive or send is a delivery violation.
#include <functional>

#include "analysis/verification.hpp"
#include "gen/topo/faulty.hpp"

namespace netsched {

/// Verifies `s`, whose network is f.base(), under f's faults.
Verification verify_under_faults(
    const FaultyNetwork& f, const Schedule& s, Engine engine = Engine::Auto,
    const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});

}  // namespace netsched
