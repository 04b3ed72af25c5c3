// Schedules on networks of switches and directed links, run for real: the endpoints' plan
// (exec/switch_hops.hpp) carries every switched algorithm's schedule with its bytes checked, in
// steps and as dataflow, in-process, under OpenMPI and under SimGrid with the switches as
// routers; and the executor fails exactly the mutants the dense engine rejects.
#include <catch2/catch.hpp>
#include <random>
#include <string>

#include "analysis/checked.hpp"
#include "core/errors.hpp"
#include "exec/loopback.hpp"
#include "exec/msccl_ir.hpp"
#include "exec/platform.hpp"
#include "exec/simulate.hpp"
#include "gen/algorithms.hpp"
#include "gen/topology.hpp"
#include "launch.hpp"
#include "props/mutations.hpp"
#include "tests/helpers.hpp"
#include "verify/simulator.hpp"

using namespace netsched;
using netsched::test::TempDir;

namespace {

std::string machine(const std::string& name) { return test::switched_machine(name); }

/// Small switched machines and families (a process per endpoint under the MPI launchers).
std::vector<std::string> switched_networks() {
  return {machine("box-8"), machine("directed-ring-4"), "fat_tree(4)", "dragonfly(2,2,1)",
          "leaf_spine(3,2,2, uplink=2)"};
}

/// Every switched algorithm's checked schedule on `spec`: (label, schedule).
std::vector<std::pair<std::string, Schedule>> switched_schedules(const std::string& spec) {
  const auto t = build_switched_topology(spec);
  std::vector<std::pair<std::string, Schedule>> out;
  for (const AlgorithmInfo& a : algorithm_table()) {
    if (!a.switched || !a.applies(*t)) continue;  // gen --list does not offer it either
    const CheckedSchedule s = generate_checked(
        *t, test::full_request(*t, std::string(a.collective), std::string(a.name)));
    REQUIRE(s.holds());
    out.push_back(
        {std::string(a.collective) + " " + std::string(a.name) + " on " + spec, s.schedule()});
  }
  return out;
}

/// A broadcast on box-8 (gpus 0..7, switch 8) from gpu 0, one chunk, by hand.
Schedule box_broadcast(
    const std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>>& steps) {
  Schedule s;
  s.topology = build_switched_topology(machine("box-8"))->spec();
  s.collective = Collective::broadcast(8, NodeId(0));
  s.payloads.push_back(Payload::of_chunks({0}));
  for (const auto& st : steps) {
    s.steps.emplace_back();
    for (const auto& [a, b] : st) s.steps.back().transfers.push_back({NodeId(a), NodeId(b), 0});
  }
  return s;
}

/// The first failure's kind of an in-process run, or "pass".
std::string run_verdict(const Schedule& s) {
  const exec::RunReport r = exec::run_loopback(exec::ExecPlan(s), {16, true});
  return r.pass() ? "pass" : r.first_failure()->failure->kind;
}

}  // namespace

TEST_CASE(
    "switched runs: every switched algorithm's schedule, bytes checked, in steps and as "
    "dataflow") {
  for (const std::string& spec : switched_networks())
    for (const auto& [label, s] : switched_schedules(spec)) {
      INFO(label);
      const exec::ExecPlan plan(s);
      CHECK(plan.walked_hops());
      CHECK(plan.hop_failures().empty());
      CHECK(plan.nodes() == build_switched_topology(spec)->num_endpoints());
      for (const Step& st : plan.schedule().steps)  // the endpoints' messages only
        for (const Transfer& x : st.transfers) CHECK(x.to.v < plan.nodes());
      for (std::uint32_t v = 0; v < plan.nodes(); ++v)
        for (const exec::PlannedTransfer& x : plan.sends(NodeId(v))) CHECK(x.depart <= x.step);
      CHECK(exec::run_loopback(plan, {24, true}).pass());
      if (s.collective.combining())  // registers are read and written in step order
        CHECK_FALSE(exec::dataflow_refusal(plan).empty());
      else
        CHECK(exec::run_loopback(plan, {24, true}, nullptr, {}, exec::Execution::Dataflow).pass());
    }
}

TEST_CASE(
    "switched runs: a message through a switch leaves at its first hop, arrives at its "
    "last") {
  // gpu 0 -> switch (step 0), switch -> gpu 1 (step 1): one message 0 -> 1 in step 1, left in 0
  const Schedule s = box_broadcast({{{0, 8}},
                                    {{8, 1}},
                                    {{1, 8}, {0, 8}},
                                    {{8, 2}, {8, 3}},
                                    {{2, 8}, {3, 8}},
                                    {{8, 4}, {8, 5}},
                                    {{4, 8}, {1, 8}},
                                    {{8, 6}, {8, 7}}});
  REQUIRE(simulate(*build_switched_topology(s.topology), s).ok());
  const exec::ExecPlan plan(s);
  REQUIRE(plan.sends(NodeId(0)).size() == 2);
  CHECK(plan.sends(NodeId(0))[0].step == 1);
  CHECK(plan.sends(NodeId(0))[0].depart == 0);
  CHECK(plan.sends(NodeId(0))[0].peer == NodeId(1));
  CHECK(run_verdict(s) == "pass");
}

TEST_CASE("switched runs: the model's violations, each with its rule") {
  // a switch forwarding one receipt twice
  CHECK(run_verdict(box_broadcast({{{0, 8}}, {{8, 1}, {8, 2}}})) == "switch-copy");
  // a hop between two gpus, which only the switch joins
  CHECK(run_verdict(box_broadcast({{{0, 1}}})) == "edge");
  // a gpu's port used twice in a step; an arc twice in a step
  CHECK(
      run_verdict(box_broadcast(
          {{{0, 8}}, {{8, 1}}, {{1, 8}, {0, 8}}, {{8, 2}}, {{2, 8}, {2, 8}}, {{8, 3}, {8, 4}}})) ==
      "port-link");
  // a message that leaves before its sender holds the chunk (it arrives later, at step 2)
  CHECK(run_verdict(box_broadcast({{{0, 8}, {1, 8}}, {{8, 1}}, {{8, 2}}})) == "causality");
  // against the direction of a one-way link
  Schedule back;
  back.topology = build_switched_topology(machine("directed-ring-4"))->spec();
  back.collective = Collective::broadcast(4, NodeId(1));
  back.payloads.push_back(Payload::of_chunks({0}));
  back.steps.push_back(Step{{Transfer{NodeId(1), NodeId(0), 0}}, {}});
  const exec::RunReport r = exec::run_loopback(exec::ExecPlan(back), {16, true});
  REQUIRE(r.first_failure());
  CHECK(r.first_failure()->failure->kind == "edge");
  CHECK_THAT(r.first_failure()->failure->detail, Catch::Contains("against the link's direction"));
  // a selector through a switch: not implemented, said so
  Schedule sel = box_broadcast({{{0, 8}}, {{8, 1}}});
  sel.payloads[0] = Payload{};
  sel.payloads[0].select = Selector{};
  CHECK_THAT(test::error_of([&] { exec::ExecPlan{sel}; }),
             Catch::Contains("selector") && Catch::Contains("not implemented"));
}

TEST_CASE("switched runs: a register message carries its sender's values as it left") {
  // the inputs emptied after the messages left, as in tests/verify/test_switched_schedules.cpp
  Schedule s = test::box_pair_sum();
  CHECK(run_verdict(s) == "pass");
  const exec::ExecPlan plan(s);
  REQUIRE(plan.sends(NodeId(0)).size() == 1);
  CHECK(plan.sends(NodeId(0))[0].depart == 0);
  CHECK(plan.sends(NodeId(0))[0].step == 1);
  // a switch forwarding one payload twice, another never: the walk reports it
  s.steps[1].transfers[1].payload = 0;
  CHECK(run_verdict(s) == "switch-copy");
  // the exports send a register as it is when the message arrives: not implemented where the
  // sender wrote it since the message left
  s.steps[1].transfers[1].payload = 1;
  CHECK_THAT(test::error_of([&] { exec::export_msccl(exec::ExecPlan(s), {}); }),
             Catch::Contains("writes its register 0 before it arrives"));
}

TEST_CASE("switched exports: every switched algorithm's MSCCL-IR program reads back and holds") {
  for (const std::string& spec : {machine("box-8"), std::string("fat_tree(4)")})
    for (const auto& [label, s] : switched_schedules(spec)) {
      INFO(label);
      if (s.collective.kind() == Collective::Kind::Prefix) {  // MSCCL-IR has no scan: said
        const Schedule& scan = s;  // (a lambda takes no structured binding)
        CHECK_THAT(test::error_of([&] { exec::export_unlimited(exec::ExecPlan(scan)); }),
                   Catch::Contains("no collective for prefix"));
        continue;
      }
      // netsched's import reads the program back and runs it (it throws if the run fails)
      const exec::MscclImport im = exec::export_unlimited(exec::ExecPlan(s));
      CHECK(im.collective.gpus == s.collective.nodes());
      for (const auto& run : im.runs) CHECK(run.run.verdict.ok());
    }
}

TEST_CASE("switched runs: the executor fails exactly the mutants the dense engine rejects") {
  std::mt19937_64 rng(20261207);
  std::uint64_t rejected = 0, tried = 0;
  for (const std::string& spec : switched_networks()) {
    const auto t = build_switched_topology(spec);
    for (const auto& [label, s] : switched_schedules(spec))
      for (const auto& op : props::operators()) {
        const auto m = props::mutate(*t, s, op.name, rng);
        if (!m) continue;
        INFO(label << " mutated by " << op.name);
        std::optional<exec::ExecPlan> plan;
        try {
          plan.emplace(*m);
        } catch (const InputError&) {  // not a schedule of the network: every engine refuses
          CHECK_THROWS_AS(simulate(*t, *m), InputError);
          continue;
        }
        const CheckResult sim = simulate(*t, *m);
        const bool holds = sim.ok();
        INFO((holds ? std::string("holds") : sim.violation()->message));
        CHECK(exec::run_loopback(*plan, {16, true}).pass() == holds);
        ++tried;
        rejected += holds ? 0 : 1;
      }
  }
  CHECK(rejected > 50);
  CHECK(tried > rejected);
}

TEST_CASE(
    "switched runs: the platform has a host per endpoint, a router per switch, an arc a "
    "link") {
  const auto t = build_switched_topology(machine("a100-2x8-nics"));
  const exec::Platform p = exec::network_platform(*t, {"1GBps", "1us"});
  CHECK(p.kind == "netsched-switched");
  const auto count = [&](const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
  };
  CHECK(count(p.xml, "<host ") == t->num_endpoints());
  CHECK(count(p.xml, "<router ") == t->num_nodes() - t->num_endpoints());
  CHECK(count(p.xml, "<link ") == arc_csr(*t).num_arcs());
  CHECK(count(p.xml, "<route ") == t->num_endpoints() * (t->num_endpoints() - 1));
  CHECK(count(p.hostfile, "\n") == t->num_endpoints());
  // a one-way ring: 1 -> 0 goes the long way, three arcs
  const auto ring = build_switched_topology(machine("directed-ring-4"));
  const exec::Platform q = exec::network_platform(*ring, {"1GBps", "1us"});
  const auto route = q.xml.find("<route src=\"n1\" dst=\"n0\"");
  REQUIRE(route != std::string::npos);
  CHECK(count(q.xml.substr(route, q.xml.find("</route>", route) - route), "<link_ctn") == 3);
}

TEST_CASE("switched runs under OpenMPI and SMPI: bytes checked against MPI's own", "[mpi][smpi]") {
  TempDir dir;
  for (const std::string& spec :
       {machine("box-8"), std::string("fat_tree(4)"), std::string("dragonfly(2,2,1)")})
    for (const auto& [label, s] : switched_schedules(spec))
      for (const bool smpi : {false, true}) {
        INFO(label << (smpi ? " under SMPI" : " under OpenMPI"));
        const auto p = test::run_executor(smpi, dir.write("s.json", s), s, dir);
        const auto line = exec::json_line(p.out);
        REQUIRE(line);
        const auto j = nlohmann::json::parse(*line);
        CHECK(j["pass"] == true);
        CHECK(j["ranks"] == s.collective.nodes());
        CHECK(p.exit_code == 0);
      }
}

namespace {

/// A switched simulate's rows: on the switched platform, the schedule's run passed its check
/// (every chunk or register against MPI's), and neither it nor MPI's algorithm took less than
/// `link` seconds (what must enter a gpu over its one link).
void check_against_link(const exec::SimulateResult& r, double link) {
  std::optional<double> mine, mpi;
  for (const auto& row : r.rows) {
    CHECK(row.platform == "netsched-switched");
    if (row.what == "schedule") {
      CHECK(row.pass == std::optional<bool>(true));
      mine = row.seconds;
    }
    if (row.what == "mpi") mpi = row.seconds;
  }
  REQUIRE(mine);
  REQUIRE(mpi);
  // the schedule is set against MPI's fastest on its own platform, the switched one
  CHECK(r.own_platform() == "netsched-switched");
  CHECK(r.schedule_seconds(65536) == mine);
  REQUIRE(r.fastest_mpi(65536));
  CHECK(r.fastest_mpi(65536)->seconds == mpi);
  CHECK(*mine >= link);
  CHECK(*mpi >= link);
}

}  // namespace

TEST_CASE("simulate: a switched schedule and MPI's algorithm on the endpoints, switches routing",
          "[smpi]") {
  TempDir dir;
  const auto t = build_switched_topology(machine("box-8"));
  const CheckedSchedule c = generate_checked(*t, GenRequest("all-gather", "bruck"));
  const std::string file = dir.write("ag.json", c.schedule());
  const exec::SimulateResult r =
      exec::simulate(*t, file, c.schedule(), test::sim_options(dir, c, {65536}, {"ring"}));
  INFO(exec::to_text(r));
  CHECK(r.ranks == 8);
  // the routes are shortest paths through the switches, and the report says they are not
  // balanced (docs/cli.md); SimGrid's own lookup counted every ordered pair of gpus
  REQUIRE(r.platforms.size() == 1);
  CHECK(r.platforms.front().kind == "netsched-switched");
  CHECK_THAT(r.platforms.front().routes, Catch::Contains("not balanced"));
  CHECK(r.platforms.front().pairs == 8 * 7);
  // 7 of 8 blocks must enter each gpu over its one link: neither run beats that
  check_against_link(r, 7 * 65536 / 1e9);
}

TEST_CASE("simulate: a switched all-reduce and MPI's ring all-reduce on a fat-tree's endpoints",
          "[smpi]") {
  TempDir dir;
  const auto t = build_switched_topology("fat_tree(4)");
  const CheckedSchedule c = generate_checked(*t, GenRequest("all-reduce", "mpi-ring"));
  const std::string file = dir.write("ar.json", c.schedule());
  const exec::SimulateResult r =
      exec::simulate(*t, file, c.schedule(), test::sim_options(dir, c, {65536}, {"lr"}));
  INFO(exec::to_text(r));
  CHECK(r.ranks == 16);
  // 15 of the 16 pieces' partial sums must enter each gpu over its one link, 64 KiB each
  check_against_link(r, 15 * 65536 / 1e9);
}
