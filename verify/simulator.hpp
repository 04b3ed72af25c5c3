#pragma once
/// The simulator checker: every rule of ARCHITECTURE.md's schedule semantics, with a precise
/// witness for the first violation. Independent of the generators: it sees only the schedule and
/// the network's adjacency. simulate() chooses among the engines (the dense one, verify/dense.hpp;
/// blocks, symmetric, registers) and checks the structure and memory before any runs.
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "core/errors.hpp"
#include "core/network.hpp"
#include "core/schedule.hpp"
#include "core/verdict.hpp"
#include "verify/check_result.hpp"
#include "verify/dense.hpp"

namespace netsched {

/// Auto picks the block engine (where it applies) above this many node-chunk pairs.
inline constexpr std::uint64_t kDenseAutoPairs = std::uint64_t{1} << 26;

/// Whether s's node x chunk table is over kDenseAutoPairs: where Auto turns to the block engine,
/// and the fault repair and sweep work on selectors rather than a trace.
bool over_dense_auto(const Schedule& s);

/// Checks `s` on `t`. Throws InputError for input that is not a schedule of this
/// network at all (node or chunk ids out of range, node count differing from the topology, a
/// single-dimension schedule on a family without dimensions). `progress` (done, total) is
/// called during long block simulations.
CheckResult simulate(const Network& t, const Schedule& s, Engine engine = Engine::Auto,
                     const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});

}  // namespace netsched
