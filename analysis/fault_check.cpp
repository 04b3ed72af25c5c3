#include "analysis/fault_check.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/errors.hpp"
#include "gen/topology.hpp"

namespace netsched {
namespace {

/// f's faults as link faults only on a fresh copy of its base: the base's ids are kept.
std::unique_ptr<FaultyNetwork> links_only(const FaultyNetwork& f) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> links = f.failed_links();
  std::vector<NodeId> nb;
  for (std::uint32_t v : f.failed_nodes()) {
    f.base().neighbors(NodeId(v), nb);
    for (NodeId w : nb) links.emplace_back(std::min(v, w.v), std::max(v, w.v));
  }
  std::sort(links.begin(), links.end());
  links.erase(std::unique(links.begin(), links.end()), links.end());
  return std::make_unique<FaultyNetwork>(build_topology(f.base().spec()), std::move(links),
                                         std::vector<std::uint32_t>{});
}

/// What failed under transfer a -> b, for the violation message.
std::string fault_of(const FaultyNetwork& f, NodeId a, NodeId b) {
  const Network& g = f.base();
  for (NodeId v : {a, b})
    if (!f.from_base(v)) return "node " + g.label(v) + " failed";
  if (f.link_failed(a, b)) return "link " + g.label(a) + "-" + g.label(b) + " failed";
  return {};
}

}  // namespace

Verification verify_under_faults(
    const FaultyNetwork& f, const Schedule& s, Engine engine,
    const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  if (s.topology != f.base().spec())
    throw InputError("--network: the schedule is for " + s.topology + ", not for " +
                     f.base().spec());
  const auto view = links_only(f);
  Verification v = verify_schedule(*view, s, engine, progress);
  if (v.check.verdict.violation) {
    Violation& x = *v.check.verdict.violation;
    if (x.step && x.transfer && *x.step < s.steps.size() &&
        *x.transfer < s.steps[*x.step].transfers.size()) {
      const Transfer& t = s.steps[*x.step].transfers[*x.transfer];
      if (const std::string why = fault_of(f, t.from, t.to); !why.empty())
        x.message += " (" + why + ")";
    } else if (x.node && !f.from_base(*x.node)) {
      x.message += " (node " + f.base().label(*x.node) + " failed)";
    }
  }
  return v;
}

}  // namespace netsched
