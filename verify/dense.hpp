#pragma once
/// The dense engine: every chunk schedule checked on a node x chunk table of bits, and the step
/// trace the pictures are drawn from.
///
/// Why apart from the simulator's dispatch (verify/simulator.hpp, Engine::Auto): the dispatch
/// chooses among the engines and includes them all; an engine includes only the types they
/// share (verify/check_result.hpp).
#include <cstdint>
#include <utility>
#include <vector>

#include "core/network.hpp"
#include "core/schedule.hpp"
#include "verify/check_result.hpp"

namespace netsched {

// Limits of the dense engine, checked before its table is allocated (kDenseMaxPairs:
// verify/check_result.hpp).
/// With acquisition-time selectors each pair also keeps a 16-bit time: at most 2^30 pairs
/// and 65534 steps.
inline constexpr std::uint64_t kDenseMaxTimedPairs = std::uint64_t{1} << 30;

inline constexpr std::uint64_t kDenseMaxTimedSteps = 65534;

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

/// The dense engine's run of `s` on `t`, once the structure and memory are checked
/// (simulate() does both).
CheckResult simulate_dense(const Network& t, const Schedule& s);

}  // namespace netsched
