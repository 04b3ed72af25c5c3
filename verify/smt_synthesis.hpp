#pragma once
/// Minimum-step schedules by Z3 (unit messages, one-port): a schedule found at T, re-checked by
/// the simulator, and UNSAT at T-1 as the proof that no shorter schedule exists.
#include <optional>
#include <string>

#include "core/network.hpp"
#include "core/schedule.hpp"

namespace netsched {

/// A min-steps search asks many queries; each gets this long by default (milliseconds).
inline constexpr unsigned kDefaultQueryTimeoutMs = 10000;

/// The redundant constraints (each sound; tested against exhaustive search on tiny instances).
struct SynthesisOptions {
  bool distance = true;  ///< R1: after t steps a chunk is only within t hops of its origin
  bool doubling = true;  ///< R2: a multi-destination chunk's holders at most double per step
  bool counting = true;  ///< R3: personalized chunks need sum d(origin, dest) transfers in all
  bool symmetry = true;  ///< R4: the root's first send goes to a stabilizer-orbit representative
  unsigned timeout_ms = kDefaultQueryTimeoutMs;  ///< per Z3 query
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

/// Is there a T-step unit-message one-port schedule of `c` on `t`?
FeasibilityResult feasible(const Network& t, const Collective& c, std::uint64_t steps,
                           const SynthesisOptions& opt = {});

/// What a min-steps search established: the optimum (T-1 unsat and T sat), only bounds, or
/// nothing (Z3 answered unknown before any schedule).
enum class Optimum { Optimal, Bounds, Unknown };
std::string to_string(Optimum o);

struct MinSteps {
  Optimum result = Optimum::Unknown;
  std::uint64_t lower_bound = 0,
                upper_bound = 0;     ///< proven: unsat below lower, a schedule at upper
  std::optional<Schedule> schedule;  ///< a schedule with upper_bound steps, if found
  std::string upper_source;          ///< "z3" or the generator the known schedule came from
  double seconds = 0;
  std::vector<std::pair<std::uint64_t, Feasibility>> queries;  ///< (T, the answer for T)
};

/// Searches T upwards from a simple lower bound to `max_steps` (0 = unbounded within the budget).
/// With `known` (a unit-message one-port schedule of `c`, checked here by the simulator) its
/// step count U is the upper bound and the search goes downwards from U-1 instead.
MinSteps min_steps(const Network& t, const Collective& c, std::uint64_t max_steps,
                   const SynthesisOptions& opt = {}, const Schedule* known = nullptr);

}  // namespace netsched
