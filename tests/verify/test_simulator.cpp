#include <catch2/catch.hpp>

#include "gen/topology.hpp"
#include "tests/helpers.hpp"
#include "verify/simulator.hpp"

using namespace netsched;

namespace {

using test::ring4_broadcast;

CheckResult run(const Schedule& s) { return simulate(*build_topology(s.topology), s); }

}  // namespace

TEST_CASE("a correct hand-made broadcast holds") {
  const auto r = run(ring4_broadcast());
  CHECK(r.ok());
  CHECK(r.steps == 2);
  CHECK(r.payload_sum == 2);
  CHECK(r.transfers == 3);
}

TEST_CASE("each rule, broken alone, is reported with that rule and its place") {
  struct Case {
    const char* name;
    std::function<void(Schedule&)> mutate;
    const char* rule;
    std::optional<std::uint64_t> step, transfer;
  };
  const std::vector<Case> cases = {
      {"not a link",
       [](Schedule& s) {
         s.steps[1].transfers[0].to = NodeId(3);
         s.steps[1].transfers[1].to = NodeId(2);
       },
       "edge", 1, 0},
      {"self transfer", [](Schedule& s) { s.steps[0].transfers[0].to = NodeId(0); }, "edge", 0, 0},
      {"empty payload",
       [](Schedule& s) {
         s.payloads.push_back({});
         s.steps[0].transfers[0].payload = 1;
       },
       "empty-payload", 0, 0},
      {"sends what it does not hold", [](Schedule& s) { std::swap(s.steps[0], s.steps[1]); },
       "causality", 0, 0},
      {"two sends by one node",
       [](Schedule& s) {
         s.steps[1].transfers[0] = {NodeId(0), NodeId(1), 0};
       },
       "port-send", 1, 1},
      {"not delivered", [](Schedule& s) { s.steps[1].transfers.pop_back(); }, "delivery",
       std::nullopt, std::nullopt},
  };
  for (const auto& c : cases) {
    INFO(c.name);
    Schedule s = ring4_broadcast();
    c.mutate(s);
    const auto r = run(s);
    REQUIRE_FALSE(r.ok());
    CHECK(to_string(r.violation()->rule) == c.rule);
    CHECK(r.violation()->step == c.step);
    CHECK(r.violation()->transfer == c.transfer);
  }
}

TEST_CASE("a node receiving twice in one step breaks the one-port receive rule") {
  // ring(5) from 0: step 0: 0->1; step 1: 1->2, 0->4; step 2: 2->3, 4->3 (3 receives twice)
  Schedule s;
  s.topology = "ring(5)";
  s.collective = Collective::broadcast(5, NodeId(0));
  s.payloads = {{{0}}};
  s.steps = {{{{NodeId(0), NodeId(1), 0}}},
             {{{NodeId(1), NodeId(2), 0}, {NodeId(0), NodeId(4), 0}}},
             {{{NodeId(2), NodeId(3), 0}, {NodeId(4), NodeId(3), 0}}}};
  const auto r = run(s);
  REQUIRE_FALSE(r.ok());
  CHECK(r.violation()->rule == Rule::PortReceive);
  CHECK(r.violation()->message == "step 2 transfer 1: node 3 receives twice (from 2 and from 4)");
  s.model = PortModel::AllPort;  // all-port allows it
  CHECK(run(s).ok());
}

TEST_CASE(
    "all-port forbids a directed link twice in a step, single-dimension one dimension per step") {
  Schedule s;
  s.topology = "torus(3,3)";
  s.collective = Collective::broadcast(9, NodeId(0));
  s.model = PortModel::AllPort;
  s.payloads = {{{0}}};
  s.steps = {{{{NodeId(0), NodeId(1), 0}, {NodeId(0), NodeId(1), 0}}}};
  auto r = run(s);
  REQUIRE_FALSE(r.ok());
  CHECK(r.violation()->rule == Rule::PortLink);
  // single-dimension: 0->1 (dimension 1) then 1->4 (dimension 0) in one step
  s.model = PortModel::SingleDimension;
  s.steps = {{{{NodeId(0), NodeId(1), 0}}},
             {{{NodeId(1), NodeId(2), 0}, {NodeId(0), NodeId(3), 0}}}};
  r = run(s);
  REQUIRE_FALSE(r.ok());
  CHECK(r.violation()->rule == Rule::Dimension);
  CHECK(r.violation()->step == 1u);
}

TEST_CASE("ids outside the network are bad input, not violations") {
  Schedule s = ring4_broadcast();
  s.steps[0].transfers[0].to = NodeId(9);
  CHECK_THROWS_WITH(run(s), Catch::Contains("step 0 transfer 0: node 9 is not a node of ring(4)"));
  s = ring4_broadcast();
  s.payloads[0].chunks = {5};
  CHECK_THROWS_WITH(run(s), Catch::Contains("names chunk 5"));
  s = ring4_broadcast();
  s.collective = Collective::broadcast(5, NodeId(0));
  CHECK_THROWS_WITH(run(s), Catch::Contains("schedule is for 5 nodes"));
  s = ring4_broadcast();
  s.topology = "ccc(3)";
  s.collective = Collective::broadcast(24, NodeId(0));
  s.model = PortModel::SingleDimension;
  CHECK_THROWS_WITH(run(s), Catch::Contains("does not define"));
}

TEST_CASE("route delivery needs the target, and only the target") {
  Schedule s;
  s.topology = "path(3)";
  s.collective = Collective::route(3, NodeId(0), NodeId(2));
  s.payloads = {{{0}}};
  s.steps = {{{{NodeId(0), NodeId(1), 0}}}};
  auto r = run(s);
  REQUIRE_FALSE(r.ok());
  CHECK(r.violation()->rule == Rule::Delivery);
  CHECK(r.violation()->node == NodeId(2));
  s.steps.push_back({{{NodeId(1), NodeId(2), 0}}});
  CHECK(run(s).ok());
}

TEST_CASE("selector payloads pick the held chunks by destination and count them in the cost") {
  // scatter on ring(4) from 0: step 0: 0->1 carrying the chunks for 1 and 2; step 1: 1->2
  // carrying what 1 holds for 2, and 0->3 the chunk for 3. Payload sum = 2 + 1.
  Schedule s;
  s.topology = "ring(4)";
  s.collective = Collective::scatter(4, NodeId(0));
  Payload to12, to2, to3;
  to12.select = Selector{{{1, 2}}, {}};
  to2.select = Selector{{{2, 2}}, {}};
  to3.select = Selector{{{3, 3}}, {}};
  s.payloads = {to12, to2, to3};
  s.steps = {{{{NodeId(0), NodeId(1), 0}}},
             {{{NodeId(1), NodeId(2), 1}, {NodeId(0), NodeId(3), 2}}}};
  auto r = run(s);
  REQUIRE(r.ok());
  CHECK(r.payload_sum == 3);
  // a selector that picks nothing the sender holds is an empty transfer
  s.steps[1].transfers[0] = {NodeId(1), NodeId(2), 2};
  r = run(s);
  REQUIRE_FALSE(r.ok());
  CHECK(r.violation()->rule == Rule::EmptyPayload);
  CHECK(r.violation()->step == 1u);
}

TEST_CASE("acquisition windows select what arrived when, by the latest receipt") {
  // path(3), total exchange, unit chunks c = o*3 + d. Node 1 forwards to 2 only what it got in
  // step 0 (chunk 0->2), not its own chunk for 2 (held from the start).
  Schedule s;
  s.topology = "path(3)";
  s.collective = Collective::total_exchange(3);
  Payload to2_fresh;
  to2_fresh.select = Selector{{{2, 2}}, {}, {{1, 1}}};
  Payload to2_own;
  to2_own.select = Selector{{{2, 2}}, {}, {{0, 0}}};
  s.payloads = {{{2}}, to2_fresh, to2_own};  // payload 0: chunk 0->2 explicitly
  s.steps = {{{{NodeId(0), NodeId(1), 0}}}, {{{NodeId(1), NodeId(2), 1}}}};
  auto r = run(s);
  REQUIRE_FALSE(r.ok());  // chunk 1->2 (id 5) and the chunks to 0 and 1 are not delivered
  CHECK(r.violation()->rule == Rule::Delivery);
  CHECK(r.payload_sum == 2);  // step 1 carried exactly one chunk: 0->2
  // selecting by time 0 at step 1 carries node 1's own chunk 1->2 instead
  s.steps[1].transfers[0].payload = 2;
  r = run(s);
  CHECK(r.payload_sum == 2);
  // a window that matches nothing is an empty transfer
  Payload none;
  none.select = Selector{{{2, 2}}, {}, {{7, 9}}};
  s.payloads.push_back(none);
  s.steps[1].transfers[0].payload = 3;
  r = run(s);
  REQUIRE_FALSE(r.ok());
  CHECK(r.violation()->rule == Rule::EmptyPayload);
}

TEST_CASE("the step trace: what each transfer carried and what its receiver then held") {
  const Schedule b = ring4_broadcast();
  StepTrace trace;
  const auto r = simulate_traced(*build_topology(b.topology), b, trace);
  CHECK(r.ok());
  CHECK(trace.initial == std::vector<std::uint64_t>{1, 0, 0, 0});
  CHECK(trace.carried == std::vector<std::vector<std::uint64_t>>{{1}, {1, 1}});
  using Held = std::vector<std::pair<std::uint32_t, std::uint64_t>>;
  CHECK(trace.held_after == std::vector<Held>{{{1, 1}}, {{2, 1}, {3, 1}}});

  // all-gather on ring(3) by hand: chunk i from node i; after two rounds every node holds 3.
  Schedule g;
  g.topology = "ring(3)";
  g.collective = Collective::all_gather(3);
  g.payloads = {{{0}}, {{1}}, {{2}}};
  const std::vector<Transfer> round = {
      {NodeId(0), NodeId(1), 0}, {NodeId(1), NodeId(2), 0}, {NodeId(2), NodeId(0), 0}};
  g.steps = {Step::of(round), Step::of(round)};
  for (std::uint32_t i = 0; i < 3; ++i) {
    g.steps[0].transfers[i].payload = i;            // its own chunk
    g.steps[1].transfers[i].payload = (i + 2) % 3;  // the chunk it received
  }
  const auto rg = simulate_traced(*build_topology(g.topology), g, trace);
  CHECK(rg.ok());
  CHECK(trace.initial == std::vector<std::uint64_t>{1, 1, 1});
  CHECK(trace.carried == std::vector<std::vector<std::uint64_t>>{{1, 1, 1}, {1, 1, 1}});
  CHECK(trace.held_after.back() == Held{{1, 3}, {2, 3}, {0, 3}});
  // a chunk received again does not count twice
  g.steps[1].transfers[1].payload = 1;  // node 1 sends chunk 1 to node 2, which has it already
  simulate_traced(*build_topology(g.topology), g, trace);
  CHECK(trace.held_after.back()[1] == std::pair<std::uint32_t, std::uint64_t>{2, 2});

  // a broken step rule ends the trace before that step
  Schedule bad = ring4_broadcast();
  bad.steps[1].transfers[1].to = NodeId(2);  // two receipts at node 2
  const auto rb = simulate_traced(*build_topology(bad.topology), bad, trace);
  CHECK_FALSE(rb.ok());
  CHECK(trace.carried.size() == 1);
}
