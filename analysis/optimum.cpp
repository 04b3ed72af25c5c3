// Best known schedules and the optimum table (analysis/optimum.hpp).
#include "analysis/optimum.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "analysis/checked.hpp"
#include "core/collective_names.hpp"
#include "core/errors.hpp"
#include "gen/algorithms.hpp"
#include "gen/topology.hpp"

namespace netsched {

bool unit_one_port(const Schedule& s) {
  return s.model == PortModel::OnePort &&
         std::all_of(s.payloads.begin(), s.payloads.end(),
                     [](const Payload& p) { return !p.select && p.chunks.size() == 1; });
}

std::optional<Schedule> best_known_schedule(const Network& t, const Collective& c) {
  std::optional<Schedule> best;
  for (const AlgorithmInfo* a : algorithms_for(t, c.name())) {
    if (a->solved) continue;  // the search this bound starts is the solver's own
    const CheckedSchedule s =
        generate_checked(t, GenRequest(c.name(), std::string(a->name), c.root()));
    if (!s.holds() || !unit_one_port(s.schedule()) || !(s.schedule().collective == c)) continue;
    if (!best || s.schedule().steps.size() < best->steps.size()) best = s.schedule();
  }
  return best;
}

SynthesisOptions budgeted_search(double seconds) {
  SynthesisOptions opt;
  opt.timeout_ms = kSolvedQueryMs;
  opt.deadline = std::chrono::steady_clock::now() +
                 std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                     std::chrono::duration<double>(seconds));
  return opt;
}

Schedule solved_schedule(const Network& t, const GenRequest& request, const AlgorithmInfo& row) {
  if (row.collective != "broadcast")
    throw std::logic_error("no solver for the " + std::string(row.collective) + " row " +
                           std::string(row.name));
  const Schedule known = generate(t, GenRequest("broadcast", "auto", request.root));
  const MinSteps m = min_steps(t, known.collective, 0, budgeted_search(kSolvedSeconds), &known);
  if (m.result != Optimum::Optimal || !m.schedule) return known;
  Schedule s = *m.schedule;
  s.algorithm = std::string(row.name);
  return s;
}

std::vector<OptimumRow> optimum_table(unsigned timeout_ms) {
  struct Instance {
    std::string spec, collective, algorithm;
  };
  const std::vector<Instance> instances = {
      {"torus(3,3)", "broadcast", "product-broadcast"},
      {"torus(2,3,5)", "broadcast", "product-broadcast"},
      {"hypercube(4)", "broadcast", "binomial-tree"},
      {"dualcube(2)", "broadcast", "dualcube-broadcast"},
      {"dualcube(3)", "broadcast", "dualcube-broadcast"},
      {"rdn(hypercube(1),1)", "broadcast", "hdn-broadcast"},
      {"hdn(hypercube(2), sn=[{0}])", "broadcast", "hdn-broadcast"},
      {"rdn(hypercube(2),1)", "broadcast", "hdn-broadcast"},
      {"hdn(torus(2,3), sn=[{0}])", "broadcast", "hdn-broadcast"},
      {"hdn(torus(2,3), sn=[{0,1}])", "broadcast", "hdn-broadcast"},
      {"hsn(2,hypercube(2))", "broadcast", "rhfc-broadcast"},
      {"hsn(3,hypercube(1))", "broadcast", "rhfc-broadcast"},
      {"hfc(complete(3),4,4)", "broadcast", "rhfc-broadcast"},
      {"mfc(ring(3),4,5)", "broadcast", "rhfc-broadcast"},
      {"torus(3,3)", "total-exchange", "a2"},
      {"hypercube(3)", "total-exchange", "a2"},
      {"ghc(2,3)", "total-exchange", "a2"},
      {"torus(2,4)", "total-exchange", "a2"},
  };
  SynthesisOptions opt;
  opt.timeout_ms = timeout_ms;     // per query: the table is a batch job
  opt.confirm_lower_bound = true;  // the table's "z3 answer below" is z3's own unsat
  std::vector<OptimumRow> rows;
  for (const Instance& i : instances) {
    const auto t = build_topology(i.spec);
    const CheckedSchedule s = generate_checked(*t, GenRequest(i.collective, i.algorithm));
    OptimumRow r;
    r.spec = t->spec();
    r.collective = i.collective;
    r.algorithm = i.algorithm;
    r.steps = s.schedule().steps.size();
    r.optimum = min_steps(*t, s.schedule().collective, 0, opt, &s.schedule());
    rows.push_back(std::move(r));
  }
  return rows;
}

const std::vector<std::string>& min_steps_collectives() {
  using K = Collective::Kind;
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const K k : {K::Broadcast, K::Scatter, K::Gather, K::AllGather, K::TotalExchange})
      v.emplace_back(names_of(k).name);
    return v;
  }();
  return names;
}

Collective min_steps_collective(const Network& t, const std::string& name, NodeId root) {
  const std::uint64_t n = t.num_nodes();
  using K = Collective::Kind;
  switch (Collective::kind_from_name(name).value_or(K::Route)) {
    case K::Broadcast:
      return Collective::broadcast(n, root);
    case K::Scatter:
      return Collective::scatter(n, root);
    case K::Gather:
      return Collective::gather(n, root);
    case K::AllGather:
      return Collective::all_gather(n);
    case K::TotalExchange:
      return Collective::total_exchange(n);
    default:
      break;
  }
  std::string names;
  for (const auto& c : min_steps_collectives()) names += (names.empty() ? "" : ", ") + c;
  throw InputError("min-steps answers " + names + "; not '" + name + "'");
}

nlohmann::json min_steps_json(const MinSteps& r) {
  nlohmann::json j;
  j["result"] = to_string(r.result);
  j["steps"] =
      r.result == Optimum::Optimal ? nlohmann::json(r.upper_bound) : nlohmann::json(nullptr);
  j["lower_bound"] = r.lower_bound;
  j["lower_bound_from"] = r.lower_source;
  j["upper_bound"] = r.schedule ? nlohmann::json(r.upper_bound) : nlohmann::json(nullptr);
  j["upper_bound_from"] = r.schedule ? nlohmann::json(r.upper_source) : nlohmann::json(nullptr);
  j["seconds"] = r.seconds;
  nlohmann::json q = nlohmann::json::array();
  for (const auto& [steps, answer] : r.queries)
    q.push_back({{"steps", steps}, {"answer", to_string(answer)}});
  j["queries"] = q;
  return j;
}

}  // namespace netsched
