// Combining (register) schedules: the symbolic register simulator, the numeric interpreter, and
// the generators of gen/combine/ and the dualcube data-movement collectives.
#include <catch2/catch.hpp>

#include <random>

#include "core/schedule_io.hpp"
#include "gen/combine/combine.hpp"
#include "gen/topo/dualcube.hpp"
#include "tests/helpers.hpp"
#include "verify/registers.hpp"
#include "verify/report.hpp"

using namespace netsched;

namespace {

/// all-reduce on path(2) (= K_2): both nodes send "data" into the partner's "sum" after
/// copying data into sum.
Schedule k2_all_reduce() {
  Schedule s;
  s.topology = "path(2)";
  s.collective = Collective::all_reduce(2);
  s.registers = {"data", "sum"};
  Payload p;
  p.moves = {{0, 1, RegOp::Combine}};
  s.payloads = {p};
  Step st;
  st.compute = {{1, 0, 0, RegOp::Set, {}}};
  st.transfers = {{NodeId(0), NodeId(1), 0}, {NodeId(1), NodeId(0), 0}};
  s.steps = {st};
  return s;
}

std::string rule_of(const Schedule& s) {
  const auto r = simulate(*build_topology(s.topology), s);
  return r.ok ? "holds" : r.violation->rule;
}

std::vector<std::int64_t> random_inputs(std::size_t n, std::mt19937_64& rng) {
  std::uniform_int_distribution<std::int64_t> d(-1000, 1000);
  std::vector<std::int64_t> x(n);
  for (auto& v : x) v = d(rng);
  return x;
}

}  // namespace

TEST_CASE("register simulator: a hand-made all-reduce holds, each broken rule is named") {
  CHECK(rule_of(k2_all_reduce()) == "holds");
  auto s = k2_all_reduce();
  s.steps[0].compute.clear();  // sum never gets the own datum
  CHECK(rule_of(s) == "result");
  s = k2_all_reduce();
  s.steps[0].compute = {{1, 0, 0, RegOp::Set, {}}, {1, 1, 0, RegOp::Combine, {}}};  // data combined twice
  CHECK(rule_of(s) == "double-count");
  s = k2_all_reduce();
  s.payloads[0].moves = {{1, 1, RegOp::Combine}};
  s.steps[0].compute.clear();  // sends the empty "sum" (padding): nothing arrives anywhere
  CHECK(rule_of(s) == "result");
  s = k2_all_reduce();
  s.payloads[0].moves = {{0, 1, RegOp::Set}, {0, 1, RegOp::Combine}};  // set and combined in one step
  CHECK(rule_of(s) == "write-conflict");
  s = k2_all_reduce();
  s.steps.push_back(s.steps[0]);  // the partner's datum arrives twice
  s.steps[1].compute.clear();
  CHECK(rule_of(s) == "double-count");
  s = k2_all_reduce();
  s.steps[0].transfers.push_back({NodeId(0), NodeId(1), 0});
  CHECK(rule_of(s) == "port-send");
}

TEST_CASE("register schedules round-trip through the file format; bad register indices are refused") {
  auto s = k2_all_reduce();
  s.steps[0].compute[0].nodes = {{0, 1}};
  const auto back = schedule_from_json(schedule_to_json(s)).schedule;
  CHECK(back == s);
  auto text = schedule_to_json(s);
  const auto at = text.find("[0,1,\"combine\"]");
  REQUIRE(at != std::string::npos);
  text.replace(at, 15, "[0,7,\"combine\"]");
  CHECK_THAT(test::error_of([&] { schedule_from_json(text); }), Catch::Contains("register index out of range"));
}

TEST_CASE("combining generators pass the checker and compute the right numbers") {
  std::mt19937_64 rng(20261121);
  for (const char* spec : {"hypercube(1)", "hypercube(3)", "hypercube(5)", "dualcube(1)", "dualcube(2)", "dualcube(3)",
                           "dualcube(4)"}) {
    const auto t = build_topology(spec);
    for (const std::string c : {"all-reduce", "prefix", "cluster-sum", "cluster-prefix"}) {
      const auto names = combining_algorithm_names(*t, c);
      if (names.empty()) continue;
      INFO(spec << " " << c);
      const Schedule s = make_combining(*t, c, names.front());
      const auto v = verify_schedule(*t, s);
      REQUIRE(v.check.ok);
      CHECK(v.check.steps >= v.lower->steps);
      // numbers: every node's result register against a direct sum over its group
      const auto x = random_inputs(t->num_nodes(), rng);
      const auto regs = evaluate_registers(s, initial_registers(s, x));
      auto groups = s.collective.groups();
      if (groups.empty()) {
        groups.emplace_back();
        for (std::uint32_t u = 0; u < t->num_nodes(); ++u) groups.back().push_back(NodeId(u));
      }
      for (const auto& g : groups) {
        std::int64_t total = 0, running = 0;
        for (NodeId u : g) total += x[u.v];
        for (NodeId u : g) {
          running += x[u.v];
          CHECK(regs[u.v][1] == (s.collective.kind() == Collective::Kind::Prefix ? running : total));
        }
      }
    }
  }
}

TEST_CASE("ClusterPrefix as printed loses terms; the corrected one does not") {
  // On a 2-cube cluster 0..3 with pf exchanged (as printed): after dimension 0 pf1 = x0+x1,
  // pf3 = x2+x3; after dimension 1 pf2 = x2 + pf0 = x0+x2 -- x1 is missing at node 2.
  const auto t = build_topology("dualcube(3)");
  const auto bad = dualcube_cluster_prefix(*t, true);
  const auto r = simulate(*t, bad);
  REQUIRE_FALSE(r.ok);
  CHECK(r.violation->rule == "result");
  CHECK(r.violation->node == NodeId(2));
  CHECK_THAT(r.violation->message, Catch::Contains("term 1 is missing"));
  CHECK(simulate(*t, dualcube_cluster_prefix(*t, false)).ok);
}

TEST_CASE("All2allB and Many2manyM: checked, with costs computed by hand") {
  // dualcube(2), r = 2: All2allB stage 1: 1 step of 1 chunk; cross: 2 chunks; stage 2: 1 step
  // of 2; stage 3: 2^(2r-2) - 2^(r-1) = 2: 4 steps, 7 chunk-steps = 2^(2r-1) - 1.
  auto t = build_topology("dualcube(2)");
  auto v = verify_schedule(*t, make_combining(*t, "all-gather"));
  REQUIRE(v.check.ok);
  CHECK(v.check.steps == 4);
  CHECK(v.check.payload_sum == 7);
  // Many2manyM, r = 2: gather 1 (1 chunk), cross 1 (2), scatter 1 (1), broadcast 1 (1),
  // cross 1 (1): 5 steps = 3r-1, 6 chunk-steps = 3 2^(r-1) + r - 2. The paper prints 3r-3 steps.
  for (std::uint32_t root : {0u, 5u}) {
    v = verify_schedule(*t, make_combining(*t, "multicast", "auto", NodeId(root)));
    REQUIRE(v.check.ok);
    CHECK(v.check.steps == 5);
    CHECK(v.check.payload_sum == 6);
    REQUIRE(v.bound);
    CHECK(v.bound->steps == 3);
  }
  for (std::uint32_t r = 1; r <= 5; ++r) {
    t = build_topology("dualcube(" + std::to_string(r) + ")");
    INFO("r = " << r);
    CHECK(verify_schedule(*t, make_combining(*t, "all-gather")).check.ok);
    for (std::uint32_t root : {0u, static_cast<std::uint32_t>(t->num_nodes() - 1)})
      CHECK(verify_schedule(*t, make_combining(*t, "multicast", "auto", NodeId(root))).check.ok);
  }
}

TEST_CASE("DualPrefix (consistent version): 2r+1 steps, 4r words") {
  for (std::uint32_t r = 2; r <= 5; ++r) {
    const auto t = build_topology("dualcube(" + std::to_string(r) + ")");
    const auto v = verify_schedule(*t, dualcube_prefix(*t));
    REQUIRE(v.check.ok);
    CHECK(v.check.steps == 2 * r + 1);
    CHECK(v.check.payload_sum == 4 * r);
  }
}
