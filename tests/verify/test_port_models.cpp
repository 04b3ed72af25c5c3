// The k-port model (and all-port beside it) in every checker: the dense and block simulators,
// the Z3 checker, the structural check, schedule files and the lower bounds.
#include <catch2/catch.hpp>

#include "analysis/checked.hpp"
#include "core/schedule_io.hpp"
#include "core/structure.hpp"
#include "gen/algorithms.hpp"
#include "gen/topology.hpp"
#include "tests/verify/same_verdict.hpp"
#include "verify/lower_bounds.hpp"
#include "verify/simulator.hpp"
#include "verify/smt_checker.hpp"

using namespace netsched;

namespace {

/// torus(3,3) broadcast from 0 in one step to 1, 3, 2 and 6 (node 0's four neighbours), then
/// the rest (6 serves two); `model` and `ports` as given.
Schedule fan_out(PortModel model, std::uint32_t ports) {
  Schedule s;
  s.topology = "torus(3,3)";
  s.collective = Collective::broadcast(9, NodeId(0));
  s.model = model;
  s.ports = ports;
  s.payloads = {{{0}}};
  s.steps = {{{{NodeId(0), NodeId(1), 0},
               {NodeId(0), NodeId(3), 0},
               {NodeId(0), NodeId(2), 0},
               {NodeId(0), NodeId(6), 0}}},
             {{{NodeId(1), NodeId(4), 0},
               {NodeId(2), NodeId(5), 0},
               {NodeId(6), NodeId(7), 0},
               {NodeId(6), NodeId(8), 0}}}};
  return s;
}

/// The dense engine, the block engine (total exchanges) and Z3 give the same verdict; returns
/// the dense one.
CheckResult every_checker(const Schedule& s) {
  const auto t = build_topology(s.topology);
  const CheckResult dense = simulate(*t, s, Engine::Dense);
  if (s.collective.kind() == Collective::Kind::TotalExchange)
    test::same_verdict(dense, simulate(*t, s, Engine::Blocks));
  const SmtVerdict z = smt_check(*t, s);
  REQUIRE(z.verdict.kind != Verdict::Kind::Unknown);
  CHECK(z.verdict.ok() == dense.ok());
  if (!dense.ok()) {
    CHECK(z.verdict.violation->rule == dense.violation()->rule);
    CHECK(z.verdict.violation->step == dense.violation()->step);
    CHECK(z.verdict.violation->transfer == dense.violation()->transfer);
  }
  return dense;
}

}  // namespace

TEST_CASE("k-port: at most k sends per node and step, in every checker", "[verify]") {
  CHECK(every_checker(fan_out(PortModel::KPort, 4)).ok());
  CHECK(every_checker(fan_out(PortModel::AllPort, 1)).ok());
  for (const std::uint32_t k : {2u, 3u}) {
    INFO(k << "-port");
    const CheckResult r = every_checker(fan_out(PortModel::KPort, k));
    REQUIRE_FALSE(r.ok());
    CHECK(r.violation()->rule == Rule::PortSend);
    CHECK(r.violation()->step == 0);
    CHECK(r.violation()->transfer == k);
  }
  const CheckResult one = every_checker(fan_out(PortModel::OnePort, 1));
  REQUIRE_FALSE(one.ok());
  CHECK(one.violation()->message == "step 0 transfer 1: node 0 sends twice (to 1 and to 3)");
  const CheckResult two = every_checker(fan_out(PortModel::KPort, 2));
  CHECK(two.violation()->message ==
        "step 0 transfer 2: node 0 sends more than 2 times (to 1 first, now to 2)");
}

TEST_CASE("k-port: at most k receives per node and step, each link once", "[verify]") {
  // all-gather on complete(4) in one step: every node receives from the three others
  Schedule s;
  s.topology = "complete(4)";
  s.collective = Collective::all_gather(4);
  s.model = PortModel::KPort;
  s.ports = 3;
  Payload own;
  own.select = Selector{};
  s.payloads = {own};
  Step st;
  for (std::uint32_t u = 0; u < 4; ++u)
    for (std::uint32_t v = 0; v < 4; ++v)
      if (u != v) st.transfers.push_back({NodeId(u), NodeId(v), 0});
  s.steps = {st};
  CHECK(every_checker(s).ok());
  s.ports = 2;  // sends are checked first: node 0 sends a third time at transfer 2
  CHECK(every_checker(s).violation()->rule == Rule::PortSend);
  // receives: 1 -> 0, 2 -> 0, 3 -> 0 under 2-port
  s.steps = {
      Step::of({{NodeId(1), NodeId(0), 0}, {NodeId(2), NodeId(0), 0}, {NodeId(3), NodeId(0), 0}})};
  s.collective = Collective::gather(4, NodeId(0));
  s.payloads = {own};
  const CheckResult r = every_checker(s);
  REQUIRE_FALSE(r.ok());
  CHECK(r.violation()->rule == Rule::PortReceive);
  CHECK(r.violation()->transfer == 2);
  // a port drives one link: the same directed link twice is port-link, as under all-port
  s.ports = 3;
  s.steps = {Step::of({{NodeId(1), NodeId(0), 0}, {NodeId(1), NodeId(0), 0}})};
  CHECK(every_checker(s).violation()->rule == Rule::PortLink);
}

TEST_CASE("k-port total exchange: the block engine counts ports as the dense one does",
          "[verify]") {
  // complete(4) in one step: u sends v what it holds for v (a selector), three sends per node
  Schedule s;
  s.topology = "complete(4)";
  s.collective = Collective::total_exchange(4);
  s.model = PortModel::KPort;
  s.ports = 3;
  Step st;
  for (std::uint32_t v = 0; v < 4; ++v) {
    Payload p;
    p.select = Selector{};
    p.select->dest_in.push_back({v, v});
    s.payloads.push_back(p);
  }
  for (std::uint32_t u = 0; u < 4; ++u)
    for (std::uint32_t v = 0; v < 4; ++v)
      if (u != v) st.transfers.push_back({NodeId(u), NodeId(v), v});
  s.steps = {st};
  CHECK(every_checker(s).ok());
  s.ports = 2;
  const CheckResult r = every_checker(s);
  REQUIRE_FALSE(r.ok());
  CHECK(r.violation()->rule == Rule::PortSend);
  CHECK(r.violation()->transfer == 2);
}

TEST_CASE("k-port files: ports written, read back, and refused where they do not belong",
          "[verify]") {
  const auto t = build_topology("torus(3,3)");
  const Schedule s = fan_out(PortModel::KPort, 4);
  const std::string text = schedule_to_json(s);
  CHECK(text.find("\"ports\":4") != std::string::npos);
  CHECK(schedule_from_json(text).schedule == s);
  CHECK(schedule_to_json(fan_out(PortModel::OnePort, 1)).find("ports") == std::string::npos);
  for (const auto& [model, ports, why] :
       {std::tuple{PortModel::KPort, 1u,
                   "the k-port model needs 2 to kMaxPorts = 1024 (2^10) "
                   "ports, not 1 (one-port is k = 1)"},
        std::tuple{PortModel::KPort, 1025u,
                   "the k-port model needs 2 to kMaxPorts = 1024 (2^10) "
                   "ports, not 1025 (one-port is k = 1)"},
        std::tuple{PortModel::AllPort, 2u, "ports = 2 is for the k-port model, not all-port"}}) {
    INFO(why);
    try {
      check_structure(*t, fan_out(model, ports));
      FAIL("accepted");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()) == why);
    }
  }
}

TEST_CASE("lower bounds follow the port model", "[verify]") {
  const auto k5 = build_topology("complete(5)");
  const Csr g(*k5, 1);
  const Collective ag = Collective::all_gather(5);
  CHECK(lower_bound(*k5, ag, g)->steps == 3);                       // one-port: ceil(log2 5)
  CHECK(lower_bound(*k5, ag, g, false, 2)->steps == 2);             // 2-port: ceil(log3 5)
  CHECK(lower_bound(*k5, ag, g, false, std::nullopt)->steps == 1);  // all-port: the diameter
  // the all-port flood on complete(5) takes one step, and its record says 1 is the bound
  const CheckedSchedule flood = generate_checked(*k5, GenRequest("all-gather", "flood"));
  REQUIRE(flood.holds());
  CHECK(flood.verification().check.steps == 1);
  CHECK(flood.verification().lower->steps == 1);
  // the same schedule under one-port is violated: it needs its ports
  Schedule one = flood.schedule();
  one.model = PortModel::OnePort;
  CHECK(simulate(*k5, one).violation()->rule == Rule::PortSend);
}

TEST_CASE("pieced files: pieces written, read back, refused elsewhere", "[verify]") {
  Schedule s;
  s.topology = "ring(3)";
  s.collective = Collective::vector_all_reduce(3, 4);
  s.registers.assign(8, "r");
  const std::string text = schedule_to_json(s);
  CHECK(text.find("\"pieces\":4") != std::string::npos);
  CHECK(schedule_from_json(text).schedule.collective == s.collective);
  s.collective = Collective::all_reduce(3);
  CHECK(schedule_to_json(s).find("pieces") == std::string::npos);
  s.collective = Collective::pieced_broadcast(3, NodeId(1), 5);
  s.registers.clear();
  CHECK(s.collective.num_chunks() == 5);
  CHECK(schedule_from_json(schedule_to_json(s)).schedule.collective == s.collective);
  const auto refused = [](const std::string& file, const std::string& why) {
    try {
      schedule_from_json(file);
      FAIL("accepted " << file);
    } catch (const InputError& e) {
      CHECK(std::string(e.what()) == why);
    }
  };
  const std::string head = R"j({"format":"netsched-schedule","version":1,"topology":"ring(3)",)j";
  const std::string tail = R"(,"model":"one-port","payloads":[],"steps":[]})";
  refused(head + R"("collective":{"kind":"gather","nodes":3,"root":0,"pieces":2})" + tail,
          "schedule file: collective: pieces belong to all-reduce, reduce, prefix, broadcast, "
          "all-gather and reduce-scatter, not gather");
  refused(head + R"("collective":{"kind":"all-reduce","nodes":3,"pieces":0})" + tail,
          "schedule file: collective: pieces must be 1..4096");
}
