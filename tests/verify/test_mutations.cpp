#include <catch2/catch.hpp>
#include <set>

#include "gen/algorithms.hpp"
#include "gen/topology.hpp"
#include "props/mutations.hpp"
#include "props/reference_checker.hpp"
#include "tests/helpers.hpp"
#include "verify/simulator.hpp"

using namespace netsched;

namespace {

Schedule make(const std::string& topo, Collective c, std::vector<Payload> payloads,
              std::vector<Step> steps) {
  Schedule s;
  s.topology = topo;
  s.collective = c;
  s.payloads = std::move(payloads);
  s.steps = std::move(steps);
  return s;
}

// scatter on path(3) from 0: step 0 carries the chunks for 1 and 2 to node 1, step 1 forwards 2's
Schedule path_scatter() {
  return make("path(3)", Collective::scatter(3, NodeId(0)), {{{1, 2}}, {{2}}},
              {{{{NodeId(0), NodeId(1), 0}}}, {{{NodeId(1), NodeId(2), 1}}}});
}
using test::ring4_broadcast;
// broadcast on ring(3) from 0: 0->1; then 0->2 while 1 (holding the chunk) is idle
Schedule ring3_broadcast() {
  return make("ring(3)", Collective::broadcast(3, NodeId(0)), {{{0}}},
              {{{{NodeId(0), NodeId(1), 0}}}, {{{NodeId(0), NodeId(2), 0}}}});
}

// Every application of `op` to `s` breaks one of `rules` (or, where `equivalent_ok`, leaves a
// valid schedule), both checkers agree, and at least one application breaks a rule.
void expect(const std::string& op, const Schedule& s, const std::set<std::string>& rules,
            bool equivalent_ok = false) {
  const auto t = build_topology(s.topology);
  REQUIRE(simulate(*t, s).ok());
  int applied = 0, killed = 0;
  for (std::uint64_t seed = 0; seed < 24; ++seed) {
    std::mt19937_64 rng(seed);
    const auto m = props::mutate(*t, s, op, rng);
    if (!m) continue;
    ++applied;
    const auto r = simulate(*t, *m);
    INFO(op << " seed " << seed);
    if (r.ok() && equivalent_ok) {
      CHECK_FALSE(props::reference_check(*t, *m));
      continue;
    }
    REQUIRE_FALSE(r.ok());
    ++killed;
    CHECK(rules.count(std::string(to_string(r.violation()->rule))) == 1);
    CHECK(props::reference_check(*t, *m) == std::optional<Rule>(r.violation()->rule));
  }
  CHECK(applied > 0);
  CHECK(killed > 0);
}

}  // namespace

TEST_CASE("mutation drop-transfer: what depended on it is missing") {
  expect("drop-transfer", path_scatter(), {"causality", "delivery"});
}
TEST_CASE("mutation duplicate-transfer: a node sends twice") {
  expect("duplicate-transfer", ring4_broadcast(), {"port-send"});
}
TEST_CASE("mutation move-earlier: sent before it is held") {
  expect("move-earlier", path_scatter(), {"causality"});
}
TEST_CASE("mutation move-later: the next hop has nothing to forward") {
  // delaying the last transfer into a new step is a valid schedule: an equivalent mutant
  expect("move-later", path_scatter(), {"causality"}, true);
}
TEST_CASE("mutation retarget-non-neighbour: not a link") {
  expect("retarget-non-neighbour", path_scatter(), {"edge"});
}
TEST_CASE("mutation second-send: a node sends twice in one step") {
  expect("second-send", ring4_broadcast(), {"port-send"});
}
TEST_CASE("mutation second-receive: a node receives twice in one step") {
  // in step 1 the idle node 1 holds the chunk: port-receive; in step 0 node 2 has nothing yet
  expect("second-receive", ring3_broadcast(), {"port-receive", "causality"});
}
TEST_CASE("mutation drop-chunk: a chunk goes missing") {
  expect("drop-chunk", path_scatter(), {"causality", "delivery", "empty-payload"});
}
TEST_CASE("mutation swap-endpoints: the receiver sends what it does not hold") {
  expect("swap-endpoints", ring4_broadcast(), {"causality"});
}
TEST_CASE("mutation truncate: the last step never happens") {
  expect("truncate", path_scatter(), {"delivery"});
}

namespace {

// Rabenseifner's all-reduce on hypercube(2): recursive halving's payloads carry two moves
Schedule cube_all_reduce() {
  return generate(*build_topology("hypercube(2)"), GenRequest("all-reduce", "rabenseifner"));
}

}  // namespace

TEST_CASE("mutation flip-op: a set that combines, a combine that sets") {
  // a set into a register that is still empty combines the same value: an equivalent mutant
  expect("flip-op", cube_all_reduce(), {"result", "double-count", "write-conflict"}, true);
}
TEST_CASE("mutation drop-move: a piece's value goes missing") {
  expect("drop-move", cube_all_reduce(), {"result", "double-count"}, true);
}
TEST_CASE("mutation retarget-register: a value lands in another register") {
  expect("retarget-register", cube_all_reduce(), {"result", "double-count", "write-conflict"},
         true);
}
TEST_CASE("mutations of a register schedule: the port operators and truncation") {
  expect("duplicate-transfer", cube_all_reduce(), {"port-send", "port-link"});
  expect("retarget-non-neighbour", cube_all_reduce(), {"edge"});
  expect("truncate", cube_all_reduce(), {"result"});
}
