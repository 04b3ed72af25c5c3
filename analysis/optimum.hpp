#pragma once
/// How far the checked generators are from the optimum: the best unit-message one-port schedule
/// of a collective among every generator that applies (the upper bound `prove min-steps`
/// starts from), and the table of the papers' algorithms next to the optimum Z3 proves
/// (docs/OPTIMUM.md, `netsched prove optimum-table`).
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/network.hpp"
#include "core/schedule.hpp"
#include "gen/algorithms.hpp"
#include "verify/smt_synthesis.hpp"

namespace netsched {

/// Whether `s` answers the min-steps question: one-port, every transfer one chunk.
bool unit_one_port(const Schedule& s);

/// The fewest-step checked schedule of `c` among every generator that applies and answers the
/// question (unit messages, one-port); nullopt when none does.
std::optional<Schedule> best_known_schedule(const Network& t, const Collective& c);

/// What the solver gets for a solved row of the algorithm table (gen/algorithms.hpp): each
/// query at most kSolvedQueryMs, the whole search at most kSolvedSeconds.
inline constexpr unsigned kSolvedQueryMs = 2000;
inline constexpr double kSolvedSeconds = 5;

/// A search's options: each query at most kSolvedQueryMs, the whole at most `seconds` from now.
SynthesisOptions budgeted_search(double seconds);

/// The schedule of a solved row (the "optimal" broadcast): Z3's min-steps search below the
/// constructed default's schedule. When Z3 proves the optimum, its schedule (or the default's,
/// if that is optimal) named after the row; otherwise the default's schedule under its own
/// name, unproven.
Schedule solved_schedule(const Network& t, const GenRequest& request, const AlgorithmInfo& row);

/// The collectives `prove min-steps` answers, by name.
const std::vector<std::string>& min_steps_collectives();
/// The unit collective of that name on t (rooted ones at `root`); InputError naming the
/// collectives above for any other name.
Collective min_steps_collective(const Network& t, const std::string& name, NodeId root);
/// The bracket of min_steps() as `prove min-steps --json` gives it: result, steps,
/// lower_bound(_from), upper_bound(_from), seconds, queries.
nlohmann::json min_steps_json(const MinSteps& r);

/// One row of the optimum table: a paper algorithm's checked steps next to the proven optimum.
struct OptimumRow {
  std::string spec, collective, algorithm;
  std::uint64_t steps = 0;  ///< the algorithm's schedule, checked by the simulator
  MinSteps optimum;         ///< Z3's bracket, its lower bound confirmed by z3's own unsat
};

/// The table's instances: every paper broadcast and A2 on networks small enough for Z3.
std::vector<OptimumRow> optimum_table(unsigned timeout_ms);

}  // namespace netsched
