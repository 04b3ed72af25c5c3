// The selector repair (analysis/selector_repair.hpp): detours of a selector total exchange laid
// into free ports or inserted steps, every window renumbered, checked on the faulty network for
// every single failed link of small HDN and RDN networks and on the 12,000-node HDN.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <set>

#include "analysis/repair.hpp"
#include "analysis/schedule_symmetry.hpp"
#include "analysis/selector_repair.hpp"
#include "core/metrics.hpp"
#include "draw/fault_sweep.hpp"
#include "gen/algorithms.hpp"
#include "gen/topo/faulty.hpp"
#include "gen/topology.hpp"
#include "verify/blocks.hpp"

using namespace netsched;

namespace {

std::unique_ptr<FaultyNetwork> faulty_by_spec(const std::string& spec) {
  auto t = build_topology(spec);
  auto* f = dynamic_cast<FaultyNetwork*>(t.get());
  REQUIRE(f != nullptr);
  t.release();
  return std::unique_ptr<FaultyNetwork>(f);
}

/// The default total exchange on `spec` (or `algorithm`'s), checked.
CheckedSchedule exchange(const std::string& spec, const char* algorithm = "auto") {
  return generate_checked(*build_topology(spec), GenRequest("total-exchange", algorithm));
}

/// `spec` with link {a, b} failed.
std::unique_ptr<FaultyNetwork> link_failed(const std::string& spec, std::uint32_t a,
                                           std::uint32_t b) {
  return faulty_by_spec(fmt::format("faulty({}, links=[{{{},{}}}])", spec, a, b));
}

/// The links some transfer of `s` takes, each once (smaller id first).
std::set<std::pair<std::uint32_t, std::uint32_t>> used_links(const Schedule& s) {
  std::set<std::pair<std::uint32_t, std::uint32_t>> out;
  for (const Step& step : s.steps)
    for (const Transfer& x : step.transfers) out.insert(std::minmax(x.from.v, x.to.v));
  return out;
}

}  // namespace

TEST_CASE(
    "selector repair: every single failed link of small HDN and RDN and packed exchanges holds",
    "[analysis]") {
  for (const auto& [spec, algorithm] :
       std::vector<std::pair<const char*, const char*>>{{"hdn(hypercube(2), sn=[{0}])", "auto"},
                                                        {"hdn(torus(2,3), sn=[{0}])", "auto"},
                                                        {"rdn(hypercube(2),1)", "auto"},
                                                        {"torus(3,4)", "packed"},
                                                        {"mesh(3,3)", "packed"}}) {
    const CheckedSchedule healthy = exchange(spec, algorithm);
    const Schedule& s = healthy.schedule();
    REQUIRE(blocks_apply(s));
    std::uint64_t in_free_ports = 0;
    for (const auto& [a, b] : used_links(s))
      for (const bool defer : {true, false}) {
        const auto f = link_failed(spec, a, b);
        INFO(f->spec() << (defer ? " deferred" : " each after its step"));
        const SelectorDetours d = selector_detours(s, *f, defer);
        CHECK(d.detoured > 0);
        CHECK(d.kept + d.detoured == s.num_transfers());
        // a detour's hops either find free ports or take inserted steps
        CHECK(d.schedule.steps.size() == s.steps.size() + d.inserted_steps);
        // never longer than the healthy schedule plus the hops that found no free port
        CHECK(d.inserted_steps <= d.detour_hops - d.in_free_ports);
        const CheckedSchedule c = check_schedule(*f, d.schedule);
        REQUIRE(c.holds());
        CHECK(c.verification().check.transfers == d.kept + d.detour_hops);
        in_free_ports += d.in_free_ports;
      }
    INFO(spec);
    // a mesh's border nodes are idle in some steps, and some hops take their ports (on the
    // others no hop finds a free port: every hop takes inserted steps)
    if (std::string(spec) == "mesh(3,3)") CHECK(in_free_ports > 0);
  }
}

TEST_CASE("selector repair: a fault no transfer touches leaves the schedule as it was",
          "[analysis]") {
  const char* spec = "hdn(torus(2,3), sn=[{0}])";
  // the exchange's first step alone: every node sends to its cross partner, no base link is used
  Schedule first = exchange(spec).schedule();
  first.steps.resize(1);
  const auto used = used_links(first);
  const auto t = build_topology(spec);
  std::vector<NodeId> nb;
  std::size_t untouched = 0;
  for (std::uint32_t u = 0; u < t->num_nodes(); ++u) {
    t->neighbors(NodeId(u), nb);
    for (const NodeId v : nb) {
      if (u > v.v || used.count({u, v.v})) continue;
      ++untouched;
      const auto f = link_failed(spec, u, v.v);
      Schedule expected = first;
      expected.topology = f->spec();
      const SelectorDetours d = selector_detours(first, *f, true);
      CHECK(d.detoured == 0);
      CHECK(d.schedule == expected);
    }
  }
  CHECK(untouched > 0);  // else this test would check nothing
}

TEST_CASE("selector repair: failed nodes and non-selector schedules are refused with a reason",
          "[analysis]") {
  const char* spec = "hdn(hypercube(2), sn=[{0}])";
  const CheckedSchedule healthy = exchange(spec);
  const auto f = faulty_by_spec(fmt::format("faulty({}, nodes=[{{3}}])", spec));
  CHECK_THROWS_WITH(selector_detours(healthy.schedule(), *f, true),
                    Catch::Contains("around failed links only"));
  CHECK_THROWS_WITH(
      selector_detours(exchange(spec, "greedy").schedule(), *link_failed(spec, 0, 1), true),
      Catch::Contains("payloads are all selectors"));
}

TEST_CASE("repair: the 12000-node HDN's exchange is mended by selector detours",
          "[analysis][slow]") {
  const char* spec = "hdn(torus(2,3,5), sn=[{0,1},{1,2}])";
  const CheckedSchedule healthy = exchange(spec);
  // {0,1} is a base-torus link the exchange takes in steps in which every node sends: no port
  // is free, so each detour (a shortest surviving path) takes inserted steps
  const auto f = link_failed(spec, 0, 1);
  std::uint64_t over_link = 0;
  for (const Step& step : healthy.schedule().steps)
    for (const Transfer& x : step.transfers) over_link += x.from.v + x.to.v == 1;
  const std::uint32_t around = bfs_distances(Csr(*f, 1), 0)[1];
  const RepairReport r = repair_schedule(healthy, *f, CostModel{1, 1, 1});
  REQUIRE(r.repaired);
  CHECK(r.repaired->holds());
  CHECK(r.detoured == over_link);
  CHECK(r.detour_hops == over_link * around);
  CHECK_THAT(r.router, Catch::Contains("inserted steps"));
  CHECK(r.repaired->verification().check.steps > healthy.verification().check.steps);
  // regenerating is over the greedy exchange's limits at this size: the repair is kept
  CHECK_FALSE(r.regenerated);
  CHECK_THAT(r.regenerate_failed, Catch::Contains("kMaxTransfers"));
  CHECK(r.chosen == "repaired");
}

TEST_CASE("selector symmetries: each is one the traced comparison accepts too", "[analysis]") {
  for (const auto& [spec, algorithm] :
       std::vector<std::pair<const char*, const char*>>{{"hdn(hypercube(2), sn=[{0}])", "auto"},
                                                        {"hdn(torus(2,3), sn=[{0}])", "auto"},
                                                        {"torus(3,4)", "packed"},
                                                        {"hypercube(3)", "packed"}}) {
    INFO(spec);
    const auto t = build_topology(spec);
    const Schedule s = exchange(spec, algorithm).schedule();
    const auto selector = selector_symmetries(*t, s);
    const auto traced = schedule_symmetries(*t, s);
    CHECK_FALSE(selector.empty());
    const std::uint32_t n = static_cast<std::uint32_t>(t->num_nodes());
    const auto images = [n](const Permutation& p) {
      std::vector<std::uint32_t> out;
      for (std::uint32_t v = 0; v < n; ++v) out.push_back(p(v));
      return out;
    };
    std::set<std::vector<std::uint32_t>> accepted;
    for (const Permutation& p : traced) accepted.insert(images(p));
    for (const Permutation& p : selector) CHECK(accepted.count(images(p)) == 1);
  }
}

TEST_CASE("sweep --faults: the 12000-node HDN's exchange has link orbits that cover every link",
          "[analysis][slow]") {
  const auto t = build_topology("hdn(torus(2,3,5), sn=[{0,1},{1,2}])");
  const Schedule s = exchange(t->spec()).schedule();
  const auto orbits = draw::link_orbits(*t, s);
  std::uint64_t links = 0, edges = 0;
  for (const auto& o : orbits) links += o.size();
  std::vector<NodeId> nb;
  for (std::uint32_t u = 0; u < t->num_nodes(); ++u) {
    t->neighbors(NodeId(u), nb);
    edges += nb.size();
  }
  CHECK(links == edges / 2);
  // the symmetries merge links: far fewer repairs than links
  CHECK(orbits.size() * 100 < links);
}
