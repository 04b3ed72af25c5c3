// A repair by Z3 on small networks (analysis/solved_repair.hpp).
#include "analysis/solved_repair.hpp"

#include <fmt/format.h>

#include <set>
#include <tuple>

#include "analysis/optimum.hpp"
#include "core/graph.hpp"
#include "core/limits.hpp"
#include "core/metrics.hpp"

namespace netsched {
namespace {

/// The variables of a search at `steps` steps: steps x arcs x chunks that move.
std::uint64_t search_size(const Network& t, const Collective& c, std::uint64_t steps) {
  std::uint64_t moving = 0;
  for (std::uint64_t k = 0; k < c.num_chunks(); ++k) {
    if (c.is_void(k)) continue;
    const auto d = c.single_destination(k);
    if (!d || *d != c.origin(k)) ++moving;
  }
  return mul_sat(mul_sat(steps, Csr(t, 1).num_arcs()), moving);
}

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

/// The unit schedule s without its transfers of a chunk to a node that holds it, or gets it from
/// an earlier transfer of the same step (nothing then arrives later than before).
Schedule without_repeats(Schedule s) {
  std::set<std::pair<std::uint32_t, std::uint64_t>> held;
  for (std::uint64_t c = 0; c < s.collective.num_chunks(); ++c)
    if (!s.collective.is_void(c)) held.insert({s.collective.origin(c).v, c});
  for (Step& step : s.steps) {
    std::set<std::pair<std::uint32_t, std::uint64_t>> arriving;
    std::erase_if(step.transfers, [&](const Transfer& x) {
      const std::pair<std::uint32_t, std::uint64_t> got{x.to.v, s.payloads[x.payload].chunks[0]};
      return held.contains(got) || !arriving.insert(got).second;
    });
    held.merge(arriving);
  }
  return s;
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
      search_size(faulty, repaired.collective, steps - 1) > kRepairSolverMaxVariables)
    return std::nullopt;
  SynthesisOptions opt = budgeted_search(kRepairSolverSeconds);
  const MinSteps fewest = min_steps(faulty, repaired.collective, 0, opt, &repaired);
  if (fewest.upper_bound >= steps) return std::nullopt;
  opt.symmetry = false;   // R4 may cut the schedules that keep the most
  opt.no_repeats = true;  // a kept transfer delivers something
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
  } else {  // the deadline passed before z3 answered again: the min-steps schedule, cleaned
    out.schedule = without_repeats(*fewest.schedule);
    out.kept = kept_in(out.schedule, healthy);
  }
  out.schedule.algorithm = repaired.algorithm;
  return out;
}

}  // namespace netsched
