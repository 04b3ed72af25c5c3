// A repair by Z3 on small networks (analysis/solved_repair.hpp).
#include "analysis/solved_repair.hpp"

#include <fmt/format.h>

#include <set>
#include <tuple>

#include "analysis/optimum.hpp"

namespace netsched {
namespace {

/// How many of `preferred` s has, each in its step.
std::uint64_t kept_in(const Schedule& s, const std::vector<Preferred>& preferred) {
  std::set<std::tuple<std::uint64_t, std::uint32_t, std::uint32_t, std::uint64_t>> has;
  for (std::size_t k = 0; k < s.steps.size(); ++k)
    for (const Transfer& x : s.steps[k].transfers)
      for (const std::uint64_t c : s.payloads[x.payload].chunks)
        has.insert({k, x.from.v, x.to.v, c});
  std::uint64_t n = 0;
  for (const Preferred& p : preferred) n += has.count({p.step, p.from, p.to, p.chunk});
  return n;
}

}  // namespace

std::string SolvedRepair::text() const {
  return fmt::format("z3: {} steps, {} ({}); keeps {} of {} healthy transfers at their step{}",
                     schedule.steps.size(), fewest_proven ? "the fewest" : "fewer", fewest_source,
                     kept, healthy, most_proven ? ", the most" : "");
}

std::optional<SolvedRepair> solved_repair(const Network& faulty, const Schedule& repaired,
                                          const std::vector<Preferred>& healthy) {
  const std::uint64_t steps = repaired.steps.size();
  if (steps == 0 || repaired.collective.combining() || !unit_one_port(repaired) ||
      synthesis_variables(faulty, repaired.collective, steps - 1) > kRepairSolverMaxVariables)
    return std::nullopt;
  SynthesisOptions opt = budgeted_search(kRepairSolverSeconds);
  opt.no_repeats = true;  // every transfer delivers something (a kept one too)
  const MinSteps fewest = min_steps(faulty, repaired.collective, 0, opt, &repaired);
  if (fewest.upper_bound >= steps) return std::nullopt;
  opt.symmetry = false;  // R4 may cut the schedules that keep the most
  KeepingResult keeping =
      feasible_keeping(faulty, repaired.collective, fewest.upper_bound, healthy, opt);
  SolvedRepair out;
  out.healthy = healthy.size();
  out.fewest_proven = fewest.result == Optimum::Optimal;
  out.fewest_source = out.fewest_proven ? fewest.lower_source
                                        : "no fewer than " + std::to_string(fewest.lower_bound);
  if (keeping.found.answer == Feasibility::Sat && keeping.found.schedule) {
    out.schedule = std::move(*keeping.found.schedule);
    out.kept = keeping.kept;
    out.most_proven = keeping.most_proven;
  } else {  // the deadline passed before z3 answered again: the min-steps schedule
    out.schedule = *fewest.schedule;
    out.kept = kept_in(out.schedule, healthy);
  }
  out.schedule.algorithm = repaired.algorithm;
  return out;
}

}  // namespace netsched
