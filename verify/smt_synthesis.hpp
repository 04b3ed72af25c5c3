#pragma once
/// Minimum-step schedules by Z3 (unit messages, one-port): a schedule found at T, re-checked by
/// the simulator, and UNSAT at T-1 as the proof that no shorter schedule exists.
#include <chrono>
#include <functional>
#include <optional>
#include <string>

#include "core/network.hpp"
#include "core/schedule.hpp"
#include "core/verdict.hpp"
#include "verify/lower_bounds.hpp"

namespace netsched {

/// A min-steps search asks many queries; each gets this long by default (milliseconds).
inline constexpr unsigned kDefaultQueryTimeoutMs = 10000;

/// The redundant constraints (each sound; tested against exhaustive search on tiny instances).
struct SynthesisOptions {
  bool distance = true;  ///< R1: after t steps a chunk is only within t hops of its origin
  bool doubling = true;  ///< R2: a multi-destination chunk's holders at most double per step
  bool counting = true;  ///< R3: personalized chunks need sum d(origin, dest) transfers in all
  bool symmetry = true;  ///< R4: the root's first send goes to a stabilizer-orbit representative
  /// No chunk goes to a node that holds it, or to one node twice in a step (sound: such a
  /// delivery can be dropped without a step more; a search that counts transfers needs it).
  bool no_repeats = false;
  unsigned timeout_ms = kDefaultQueryTimeoutMs;  ///< per Z3 query
  /// Ask z3 at the theorem's lower bound minus one too, so that the bound below the optimum is
  /// z3's own unsat rather than the theorem's (slower: that query is often the hardest).
  bool confirm_lower_bound = false;
  /// Wall-clock end of the whole search: each query gets at most what is left, and a query
  /// that would start after it answers unknown ("deadline reached") without running.
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  /// Called before each query (step count) and after it (its answer), for progress.
  std::function<void(std::uint64_t steps, const std::string& what)> on_query;
};

/// The answer for one step count.
enum class Feasibility { Sat, Unsat, Unknown };
std::string to_string(Feasibility f);

struct FeasibilityResult {
  Feasibility answer = Feasibility::Unknown;
  std::optional<Schedule> schedule;  ///< when Sat
  double seconds = 0;
  std::string reason;  ///< when Unknown
};

/// The Bool variables a T-step search of `c` on `t` has: steps x arcs x chunks that move.
std::uint64_t synthesis_variables(const Network& t, const Collective& c, std::uint64_t steps);

/// Is there a T-step unit-message one-port schedule of `c` on `t`? (Unknown without a query
/// once opt.deadline has passed.)
FeasibilityResult feasible(const Network& t, const Collective& c, std::uint64_t steps,
                           const SynthesisOptions& opt = {});

/// A transfer a search should keep where it can: `chunk` over from -> to in `step`.
struct Preferred {
  std::uint64_t step = 0;
  std::uint32_t from = 0, to = 0;
  std::uint64_t chunk = 0;
};

/// The T-step schedule that keeps the most of a list of preferred transfers.
struct KeepingResult {
  FeasibilityResult found;   ///< the best answer: its schedule keeps `kept` of the preferred
  std::uint64_t kept = 0;    ///< preferred transfers in found.schedule
  bool most_proven = false;  ///< z3 answered unsat to keeping one more
};

/// Is there a T-step unit-message one-port schedule of `c` on `t`, and which one keeps the most
/// of `preferred` (each in its step)? After each sat answer z3 is asked for a schedule that
/// keeps one more, until it answers unsat (the most is proven), unknown, or opt.deadline
/// passes. Preferred transfers over arcs t does not have, or of chunks that need not move, are
/// never kept. opt.symmetry must be off (R4 may cut the schedules that keep the most), and
/// opt.no_repeats on (a kept transfer must deliver something).
KeepingResult feasible_keeping(const Network& t, const Collective& c, std::uint64_t steps,
                               const std::vector<Preferred>& preferred,
                               const SynthesisOptions& opt);

/// What a min-steps search established: the optimum (T-1 unsat and T sat), only bounds, or
/// nothing (Z3 answered unknown before any schedule).
enum class Optimum { Optimal, Bounds, Unknown };
std::string to_string(Optimum o);
/// As a verdict: optimal holds; bounds and unknown are unknown (exit 4).
Verdict::Kind verdict_kind(Optimum o);

struct MinSteps {
  Optimum result = Optimum::Unknown;
  std::uint64_t lower_bound = 0,
                upper_bound = 0;     ///< proven: no schedule below lower, a schedule at upper
  std::string lower_source;          ///< "z3 unsat at T-1" or the theorem (AS(G), log2 N, ...)
  std::optional<Schedule> schedule;  ///< a schedule with upper_bound steps, if found
  std::string upper_source;          ///< "z3" or the generator the known schedule came from
  double seconds = 0;
  std::vector<std::pair<std::uint64_t, Feasibility>> queries;  ///< (T, the answer for T)
};

/// The best lower bound known without z3 for unit-message one-port schedules of `c` on `t`:
/// the theorems of verify/lower_bounds.hpp and the farthest destination of a chunk.
LowerBound min_steps_lower_bound(const Network& t, const Collective& c);

/// Searches T upwards from min_steps_lower_bound to `max_steps` (0 = unbounded within the
/// budget). With `known` (a unit-message one-port schedule of `c`, checked here by the
/// simulator) its step count U is the upper bound and the search goes downwards from U-1
/// instead, never below the lower bound. Stops at opt.deadline with what is proven so far.
MinSteps min_steps(const Network& t, const Collective& c, std::uint64_t max_steps,
                   const SynthesisOptions& opt = {}, const Schedule* known = nullptr);

}  // namespace netsched
