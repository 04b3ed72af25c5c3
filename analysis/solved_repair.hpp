#pragma once
/// A repair by Z3 on small networks: the fewest steps any schedule needs on the faulty network,
/// and among schedules that short the one that keeps the most healthy transfers, each in its
/// own step.
///
/// Why: the detour repair (analysis/repair.hpp) places transfers by list scheduling, and can end
/// a step after the fewest steps the faulty network allows (dualcube(3)'s broadcast around
/// {5,21}: 7 steps, where Z3 schedules 6), while a regeneration on a network that small is Z3's
/// optimum. Z3 decides the fewest steps there; keeping the most healthy transfers at their steps
/// makes the result the repair that changes the healthy schedule least.
#include <optional>
#include <string>
#include <vector>

#include "core/network.hpp"
#include "core/schedule.hpp"
#include "verify/smt_synthesis.hpp"

namespace netsched {

/// The largest search (steps x arcs x chunks that move, at the detour repair's steps minus one)
/// a repair hands to Z3; beyond it the detour repair stands alone.
inline constexpr std::uint64_t kRepairSolverMaxVariables = 20000;
/// The whole search's wall-clock budget (each query gets at most kSolvedQueryMs of it).
inline constexpr double kRepairSolverSeconds = 5;

struct SolvedRepair {
  Schedule schedule;           ///< checked by the simulator on the faulty network
  std::uint64_t kept = 0;      ///< preferred (healthy) transfers it keeps at their step
  std::uint64_t healthy = 0;   ///< preferred transfers offered
  bool fewest_proven = false;  ///< its steps are the fewest (z3's unsat, or a lower bound)
  std::string fewest_source;   ///< why they are the fewest, or what is known below
  bool most_proven = false;    ///< z3 proved no schedule that short keeps more
  /// "z3: 6 steps, the fewest (eccentricity of the root); keeps 16 of 30 healthy transfers at their
  /// step, the most".
  std::string text() const;
};

/// A schedule of `repaired`'s collective on `faulty` in fewer steps than `repaired` (a unit-
/// message one-port schedule there, whose search fits kRepairSolverMaxVariables), keeping the
/// most of `healthy` (the healthy schedule's transfers that touch no failure, in faulty's ids);
/// nullopt when the repair does not qualify or Z3 finds no shorter schedule within
/// kRepairSolverSeconds.
std::optional<SolvedRepair> solved_repair(const Network& faulty, const Schedule& repaired,
                                          const std::vector<Preferred>& healthy);

}  // namespace netsched
