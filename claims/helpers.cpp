#include "claims/helpers.hpp"

#include <mutex>

#include "analysis/checked.hpp"
#include "analysis/info.hpp"
#include "gen/route/router.hpp"
#include "papers/papers.hpp"
#include "verify/smt_bisection.hpp"

namespace netsched::claims {
namespace {

std::mutex mu;

/// The value for `key`, computed by `make` the first time it is asked for.
template <class T, class Make>
const T& cached(std::map<std::string, T>& cache, const std::string& key, Make make) {
  std::lock_guard<std::mutex> lock(mu);
  auto it = cache.find(key);
  if (it == cache.end()) it = cache.emplace(key, make()).first;
  return it->second;
}

}  // namespace

const nlohmann::json& info_of(const std::string& spec) {
  static std::map<std::string, nlohmann::json> cache;
  // No claim reads connectivity, and its max-flows are most of info's time below 16,384 nodes.
  InfoOptions without_connectivity;
  without_connectivity.connectivity = false;
  return cached(cache, spec,
                [&] { return topology_info(*build_topology(spec), without_connectivity); });
}

double paper_value(const std::string& spec, const std::string& property,
                   const std::string& source) {
  for (const auto& f : info_of(spec)["paper"])
    if (f["property"] == property && f["source"].get<std::string>().rfind(source, 0) == 0)
      return f["value"].get<double>();
  throw std::logic_error("no paper fact " + property + " from " + source + " for " + spec);
}

Observation info_observation(const std::string& instance, const std::string& spec,
                             const std::string& field, Printed printed) {
  return {instance,        field, printed,           info_of(spec)[field].get<double>(),
          Relation::Equal, {},    info_command(spec)};
}

std::vector<Observation> correctness_observations(const std::string& instance,
                                                  const CheckResult& check,
                                                  const std::string& command) {
  const bool rules_kept = check.ok() || check.violation()->rule == Rule::Result;
  // the paper's algorithm is correct: no rule broken, no result wrong
  std::vector<Observation> obs{{instance,
                                "step rules broken",
                                printed(0),
                                rules_kept ? 0.0 : 1.0,
                                Relation::Equal,
                                {},
                                command}};
  if (rules_kept)
    obs.push_back({instance,
                   "wrong results",
                   printed(0),
                   static_cast<double>(check.wrong_results),
                   Relation::Equal,
                   {},
                   command});
  return obs;
}

Comparison bisection_comparison(
    const std::vector<std::pair<std::string, std::string>>& instances,
    const std::function<Printed(const std::string& spec, double n)>& printed_width,
    std::string& tally) {
  Comparison c;
  for (const auto& [instance, spec] : instances) {
    const auto t = build_topology(spec);
    const Bisection b = bisection_width(*t);
    const double n = static_cast<double>(t->num_nodes());
    const bool exact = b.result == Bisection::Kind::Exact;
    if (!exact) c.basis = Basis::OneSided;
    c.observations.push_back({instance,
                              exact ? "bisection width (exact)" : "smallest balanced cut found",
                              printed_width(spec, n),
                              static_cast<double>(b.width),
                              exact ? Relation::Equal : Relation::AtLeast,
                              {},
                              command({"prove", "bisection", spec, "--json"})});
    tally += (tally.empty() ? "" : ", ") + spec + ": " + std::to_string(b.width) +
             (!exact ? " (a cut found by local search, re-counted; the congestion "
                       "bound " +
                           std::to_string(b.lower_bound) + ")"
              : b.proof == "z3" ? " (exact, Z3 Optimize)"
                                : " (exact: a cut meets the congestion bound)");
  }
  return c;
}

std::uint64_t nodes_of(const std::string& spec) { return build_topology(spec)->num_nodes(); }

const RouteSweep& sweep_of(const std::string& spec, const std::string& algorithm) {
  static std::map<std::string, RouteSweep> cache;
  return cached(cache, spec + "|" + algorithm, [&] {
    auto t = build_topology(spec);
    auto r = make_router(*t, algorithm);
    r->prepare_bulk();
    const auto b = routing_bound(*t, r->name());
    const Csr g = sorted_csr(*t);
    return sweep_routes(
        g, [&](NodeId u, NodeId v, NodePath& p) { r->route(u, v, p); },
        b ? std::optional<std::uint64_t>(b->steps) : std::nullopt);
  });
}

const Verification& broadcast_of(const std::string& spec, const std::string& algorithm) {
  static std::map<std::string, Verification> cache;
  return cached(cache, spec + "|" + algorithm, [&] {
    auto t = build_topology(spec);
    return generate_checked(*t, {"broadcast", algorithm}).verification();
  });
}

const Verification& exchange_of(const std::string& spec, const std::string& algorithm) {
  static std::map<std::string, Verification> cache;
  return cached(cache, spec + "|" + algorithm, [&] {
    auto t = build_topology(spec);
    return generate_checked(*t, {"total-exchange", algorithm}).verification();
  });
}

}  // namespace netsched::claims
