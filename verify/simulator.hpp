#pragma once
/// The simulator checker: every rule of ARCHITECTURE.md's schedule semantics, with a precise
/// witness for the first violation. Independent of the generators: it sees only the schedule and
/// the network's adjacency.
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

namespace netsched {

// Limits of the dense engine, checked before its table is allocated.
// Limits of the dense engine, checked before its table is allocated.
/// Auto picks the block engine (where it applies) above this many node-chunk pairs.
inline constexpr std::uint64_t kDenseAutoPairs = std::uint64_t{1} << 26;

/// Whether s's node x chunk table is over kDenseAutoPairs: where Auto turns to the block engine,
/// and the fault repair and sweep work on selectors rather than a trace.
bool over_dense_auto(const Schedule& s);

/// With acquisition-time selectors each pair also keeps a 16-bit time: at most 2^30 pairs
/// and 65534 steps.
inline constexpr std::uint64_t kDenseMaxTimedPairs = std::uint64_t{1} << 30;

inline constexpr std::uint64_t kDenseMaxTimedSteps = 65534;

/// Checks `s` on `t`. Throws InputError for input that is not a schedule of this
/// network at all (node or chunk ids out of range, node count differing from the topology, a
/// single-dimension schedule on a family without dimensions). `progress` (done, total) is
/// called during long block simulations.
CheckResult simulate(const Network& t, const Schedule& s, Engine engine = Engine::Auto,
                     const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});

/// What the dense simulation saw step by step (for pictures): the chunks each node holds at the
/// start, and for every step that obeyed the step rules, the chunks each transfer carried and the
/// chunks its receiver held after the step. Steps from the first broken step rule on are absent.
struct StepTrace {
  std::vector<std::uint64_t> initial;               ///< [node]
  std::vector<std::vector<std::uint64_t>> carried;  ///< [step][transfer]
  /// When keep_chunks is set: the chunks each transfer carried, sorted [step][transfer].
  bool keep_chunks = false;
  std::vector<std::vector<std::vector<std::uint64_t>>> chunks;
  std::vector<std::vector<std::pair<std::uint32_t, std::uint64_t>>>
      held_after;  ///< [step][transfer]: (receiver, chunks held)
};

/// simulate() with the dense engine (its limits apply), recording a StepTrace. Throws
/// InputError for register schedules (they move values, not chunks).
CheckResult simulate_traced(const Network& t, const Schedule& s, StepTrace& trace);

}  // namespace netsched
