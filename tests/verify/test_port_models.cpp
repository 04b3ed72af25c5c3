// The k-port model (and all-port and routed beside it) in every checker: the dense and block
// simulators, the Z3 checker, the structural check, schedule files and the lower bounds.
#include <algorithm>
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

/// The dense engine, the block engine (total exchanges of selectors) and Z3 give the same
/// verdict; returns the dense one.
CheckResult every_checker(const Schedule& s) {
  const auto t = build_topology(s.topology);
  const CheckResult dense = simulate(*t, s, Engine::Dense);
  const bool selectors = std::all_of(s.payloads.begin(), s.payloads.end(),
                                     [](const Payload& p) { return p.select.has_value(); });
  if (s.collective.kind() == Collective::Kind::TotalExchange && selectors)  // the block engine's
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

TEST_CASE(
    "routed: a transfer joins any two nodes and each ordered pair once a step, in every "
    "checker",
    "[verify]") {
  const auto t = build_topology("torus(3,3)");
  const Schedule direct = generate_checked(*t, GenRequest("total-exchange", "direct")).schedule();
  REQUIRE(direct.model == PortModel::Routed);
  REQUIRE(direct.steps.size() == 1);
  CHECK(every_checker(direct).ok());
  // the same transfers under all-port: the first that is not a link breaks rule 1
  const auto& step = direct.steps[0].transfers;
  const auto off_link = std::find_if(step.begin(), step.end(),
                                     [&](const Transfer& x) { return !t->adjacent(x.from, x.to); });
  REQUIRE(off_link != step.end());
  Schedule linked = direct;
  linked.model = PortModel::AllPort;
  const CheckResult edge = every_checker(linked);
  REQUIRE_FALSE(edge.ok());
  CHECK(edge.violation()->rule == Rule::Edge);
  CHECK(edge.violation()->transfer == static_cast<std::uint64_t>(off_link - step.begin()));
  // an ordered pair twice in a step is port-link, as a directed link is under all-port
  Schedule twice = direct;
  twice.steps[0].transfers.push_back(step.front());
  const CheckResult pair = every_checker(twice);
  REQUIRE_FALSE(pair.ok());
  CHECK(pair.violation()->rule == Rule::PortLink);
  CHECK(pair.violation()->transfer == step.size());
  // a node does not send to itself, routed or not
  Schedule self = direct;
  self.steps[0].transfers.front().to = self.steps[0].transfers.front().from;
  CHECK(every_checker(self).violation()->rule == Rule::Edge);
}

TEST_CASE(
    "routed files: the model written and read back, refused on a disconnected network, "
    "and its lower bound is one step",
    "[verify]") {
  const auto t = build_topology("torus(3,3)");
  const CheckedSchedule direct = generate_checked(*t, GenRequest("total-exchange", "direct"));
  const std::string text = schedule_to_json(direct.schedule());
  CHECK(text.find("\"model\":\"routed\"") != std::string::npos);
  CHECK(schedule_from_json(text).schedule == direct.schedule());
  // all-port needs the diameter's two steps; routed one
  const Csr g(*t, 1);
  const auto all_port = lower_bound(*t, direct.schedule().collective, g, false, std::nullopt);
  REQUIRE(all_port);
  CHECK(all_port->steps == 2);  // the diameter, and log_5 9
  REQUIRE(direct.verification().lower);
  CHECK(direct.verification().lower->steps == 1);
  CHECK(direct.verification().lower->reason ==
        "routed: one step joins any two nodes (all-port needs 2: " + all_port->reason + ")");
  // no route joins two parts of a network: a routed schedule there is not a schedule of it
  const auto split = build_topology("faulty(ring(6), links=[{0,1},{3,4}])");
  Schedule s;
  s.topology = split->spec();
  s.collective = Collective::broadcast(6, NodeId(1));
  s.model = PortModel::Routed;
  s.payloads = {Payload::of_chunks({0})};
  s.steps = {Step::of({{NodeId(1), NodeId(4), 0}})};
  try {
    check_structure(*split, s);
    FAIL("accepted");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()) ==
          "the routed model needs a connected network, and " + split->spec() + " is not");
  }
}
