// Re-timing a schedule to fewer ports (analysis/retime.hpp): every all-port chunk and register
// schedule gen makes, list-scheduled under one and two ports, holds under them and keeps what
// fit_ports promises (tests/fitted_ports.hpp), and a schedule that already fits comes back as it
// was.
#include <catch2/catch.hpp>

#include "analysis/retime.hpp"
#include "core/errors.hpp"
#include "gen/algorithms.hpp"
#include "gen/topology.hpp"
#include "tests/doc_figures.hpp"
#include "tests/fitted_ports.hpp"

using namespace netsched;

TEST_CASE("every all-port chunk schedule re-timed to one and two ports holds under them",
          "[analysis]") {
  std::uint64_t fitted = 0;
  for (const char* spec : {"torus(4,4)", "hypercube(3)", "ccc(3)", "dualcube(2)", "mesh(3,3)",
                           "weighted(ring(6), bandwidth=[{0,1,4}])"}) {
    const auto t = build_topology(spec);
    for (const char* c : {"broadcast", "scatter", "gather", "all-gather", "total-exchange"})
      for (const std::string& a : algorithm_names(*t, c)) {
        const CheckedSchedule s = generate_checked(*t, GenRequest(c, a));
        if (s.schedule().model == PortModel::Routed) {  // not along links: no ports fit it
          CHECK_THROWS_AS(fit_ports(s, *t, PortModel::OnePort, 1), InputError);
          continue;
        }
        if (s.schedule().model != PortModel::AllPort) {
          CHECK(fit_ports(s, *t, PortModel::OnePort, 1).schedule() == s.schedule());
          continue;
        }
        for (const std::uint32_t k : {1U, 2U}) {
          INFO(spec << " " << c << " " << a << " " << k << "-port");
          const PortModel model = k == 1 ? PortModel::OnePort : PortModel::KPort;
          const CheckedSchedule f = fit_ports(s, *t, model, k);
          CHECK(test::fitted_ports_fault(*t, s, f, model, k).empty());
          CHECK(f.schedule().collective == s.schedule().collective);
          // no chunk moves twice more than it did
          CHECK(f.verification().check.transfers <= s.verification().check.transfers);
          ++fitted;
        }
      }
  }
  CHECK(fitted >= 40);
}

TEST_CASE("every all-port register schedule re-timed to one and two ports holds under them",
          "[analysis]") {
  std::uint64_t fitted = 0;
  for (const char* spec : {"torus(4,4)", "hypercube(3)", "ccc(3)", "dualcube(2)"}) {
    const auto t = build_topology(spec);
    for (const char* c : {"all-reduce", "reduce-scatter", "reduce", "prefix"})
      for (const std::string& a : algorithm_names(*t, c)) {
        const CheckedSchedule s = generate_checked(*t, GenRequest(c, a));
        if (s.schedule().model != PortModel::AllPort) continue;
        for (const std::uint32_t k : {1U, 2U}) {
          INFO(spec << " " << c << " " << a << " " << k << "-port");
          const PortModel model = k == 1 ? PortModel::OnePort : PortModel::KPort;
          const CheckedSchedule f = fit_ports(s, *t, model, k);
          CHECK(test::fitted_ports_fault(*t, s, f, model, k).empty());
          CHECK(f.schedule().payloads == s.schedule().payloads);
          CHECK(f.verification().check.transfers == s.verification().check.transfers);
          ++fitted;
        }
      }
  }
  CHECK(fitted >= 16);
}

TEST_CASE(
    "re-timing may take fewer steps and keeps steps that already fit: docs/collectives.md says so",
    "[analysis]") {
  // CI's property run found it (seed 3538659): the greedy closes gaps the all-port rarest-first
  // all-reduce left, so three ports take fewer steps than all ports did
  const auto rhs = build_topology("rhs(2,2,hypercube(1))");
  const CheckedSchedule s = generate_checked(*rhs, GenRequest("all-reduce", "rarest-first"));
  REQUIRE(s.schedule().model == PortModel::AllPort);
  const CheckedSchedule f = fit_ports(s, *rhs, PortModel::KPort, 3);
  CHECK(test::fitted_ports_fault(*rhs, s, f, PortModel::KPort, 3).empty());
  CHECK(f.schedule().algorithm == "rarest-first re-timed to 3-port");
  CHECK(f.verification().check.steps < s.verification().check.steps);
  const std::string said =
      "the all-port `rarest-first` all-reduce of rhs(2,2,hypercube(1)) takes " +
      std::to_string(s.verification().check.steps) + " steps, re-timed to three ports " +
      std::to_string(f.verification().check.steps) + ")";
  INFO("docs/collectives.md should say: " << said);
  CHECK(test::doc_text("docs/collectives.md").find(said) != std::string::npos);
  // a degree-3 network's all-port flood sends on at most three links a node: its steps are
  // kept under three ports, and the fault finder sees a re-timing that loses to them
  const auto cube = build_topology("hypercube(3)");
  const CheckedSchedule flood = generate_checked(*cube, GenRequest("all-gather", "flood"));
  const CheckedSchedule kept = fit_ports(flood, *cube, PortModel::KPort, 3);
  CHECK(kept.schedule().algorithm == "flood as 3-port");
  CHECK(kept.schedule().steps == flood.schedule().steps);
  CHECK(test::fitted_ports_fault(*cube, flood, kept, PortModel::KPort, 3).empty());
  Schedule longer = kept.schedule();
  longer.algorithm = "flood re-timed to 3-port";
  longer.steps.emplace_back();
  CHECK(
      test::fitted_ports_fault(*cube, flood, check_schedule(*cube, longer), PortModel::KPort, 3) ==
      "it takes more steps than the schedule, which held under the ports as it was");
}

TEST_CASE("re-timing refuses a schedule that fails", "[analysis]") {
  const auto t = build_topology("torus(3,3)");
  Schedule broken = generate_checked(*t, GenRequest("all-gather", "flood")).schedule();
  broken.steps.pop_back();
  CHECK_THROWS_WITH(fit_ports(check_schedule(*t, broken), *t, PortModel::OnePort, 1),
                    Catch::Contains("only a schedule that holds is re-timed"));
}

TEST_CASE("docs/collectives.md quotes the re-timed flood all-reduce of torus(4,4)", "[analysis]") {
  const auto t = build_topology("torus(4,4)");
  const CheckedSchedule s = generate_checked(*t, GenRequest("all-reduce", "flood"));
  const auto steps = [&](PortModel m, std::uint32_t k) {
    return std::to_string(fit_ports(s, *t, m, k).verification().check.steps);
  };
  const std::string said = "the all-port `flood` all-reduce of torus(4,4) (" +
                           std::to_string(s.verification().check.steps) +
                           " steps) re-timed to two ports takes " + steps(PortModel::KPort, 2) +
                           " steps, to one port " + steps(PortModel::OnePort, 1) + ".";
  INFO("docs/collectives.md should say: " << said);
  CHECK(test::doc_text("docs/collectives.md").find(said) != std::string::npos);
}
