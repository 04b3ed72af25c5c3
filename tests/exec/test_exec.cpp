// The real engines: the executor's rank logic against the simulator (every generator, every
// mutant), the executor under OpenMPI and under SimGrid's SMPI, and simulate (MSCCL-IR:
// test_msccl.cpp).
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cmath>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <pugixml.hpp>
#include <random>
#include <set>
#include <thread>

#include "../helpers.hpp"
#include "analysis/async_cost.hpp"
#include "analysis/bandwidth_bound.hpp"
#include "analysis/checked.hpp"
#include "core/errors.hpp"
#include "core/schedule_io.hpp"
#include "exec/loopback.hpp"
#include "exec/platform.hpp"
#include "exec/process.hpp"
#include "exec/simulate.hpp"
#include "exec/smpi_clock.hpp"
#include "exec/smpi_trace.hpp"
#include "gen/algorithms.hpp"
#include "gen/route/route_table.hpp"
#include "gen/topology.hpp"
#include "launch.hpp"
#include "props/mutations.hpp"
#include "verify/simulator.hpp"

using namespace netsched;
using netsched::test::run_executor;
using netsched::test::sim_options;
using netsched::test::TempDir;

namespace {

/// Small networks of every family with generators (<= 16 nodes: MPI runs start a process each).
const std::vector<std::string> kNetworks = {"ring(6)",
                                            "path(5)",
                                            "complete(4)",
                                            "ghc(2,3)",
                                            "torus(3,4)",
                                            "mesh(2,3)",
                                            "hypercube(3)",
                                            "product(ring(3),path(2))",
                                            "dualcube(2)",
                                            "hdn(hypercube(1), sn=[{0},{0}])",
                                            "ccc(3)",
                                            "hsn(2,hypercube(1))",
                                            "hfc(hypercube(1),2)",
                                            "rhs(2,2,hypercube(1))",
                                            "faulty(torus(3,3), links=[{0,1}])"};
/// Run in-process only: 128 nodes (a process per node is too many for this machine's tests).
const std::vector<std::string> kLargerNetworks = {"rdn(hypercube(1),2)"};
const std::vector<std::string> kCollectives = {"broadcast",  "scatter",        "gather",
                                               "all-gather", "total-exchange", "all-reduce",
                                               "reduce",     "reduce-scatter", "prefix"};

/// Every checked schedule gen makes for `networks`: (label, schedule).
std::vector<std::pair<std::string, Schedule>> every_generated(
    const std::vector<std::string>& networks = kNetworks) {
  std::vector<std::pair<std::string, Schedule>> out;
  for (const std::string& spec : networks) {
    const auto t = build_topology(spec);
    for (const std::string& c : kCollectives)
      for (const std::string& a : algorithm_names(*t, c)) {
        const CheckedSchedule s = generate_checked(*t, GenRequest(c, a));
        if (s.holds()) out.push_back({spec + " " + c + " " + a, s.schedule()});
      }
  }
  return out;
}

/// The checked schedule of `collective` on `spec` by `algorithm` in 4 pieces, and its file in dir.
std::pair<CheckedSchedule, std::string> pieced_file(const TempDir& dir, const char* spec,
                                                    const char* collective, const char* algorithm) {
  GenRequest r(collective, algorithm);
  r.pieces = 4;
  CheckedSchedule c = generate_checked(*build_topology(spec), r);
  REQUIRE(c.holds());
  std::string file = dir.write(std::string(collective) + ".json", c.schedule());
  return {std::move(c), std::move(file)};
}

/// Calls f(label, mutant's plan) for a mutant of every generated schedule by every operator
/// (`chunks_only`: of the chunk schedules), skipping the mutants that are not schedules of their
/// network at all (exit 2 for every engine); INFO names the mutant.
template <class F>
void for_each_mutant(std::mt19937_64& rng, bool chunks_only, F f) {
  for (const auto& [label, s] : every_generated()) {
    if (chunks_only && s.collective.combining()) continue;
    const auto t = build_topology(s.topology);
    for (const auto& op : props::operators()) {
      const auto m = props::mutate(*t, s, op.name, rng);
      if (!m) continue;
      std::optional<exec::ExecPlan> plan;
      try {
        plan.emplace(*m);
      } catch (const InputError&) {
        continue;
      }
      INFO(label << " mutated by " << op.name);
      f(*t, *m, *plan);
    }
  }
}

}  // namespace

TEST_CASE("in-process executor passes every generated schedule, bytes checked", "[exec]") {
  auto all = every_generated();
  for (auto& x : every_generated(kLargerNetworks)) all.push_back(std::move(x));
  REQUIRE(all.size() > 80);
  for (const auto& [label, s] : all) {
    INFO(label);
    const exec::ExecPlan plan(s);
    const exec::RunReport r = exec::run_loopback(plan, {24, true});
    CHECK(r.pass());
    if (!r.pass()) FAIL_CHECK(exec::to_text(r));
  }
}

TEST_CASE("in-process executor: all-gathers, all-reduces and reduce-scatters in pieces", "[exec]") {
  for (const char* spec : {"torus(3,4)", "ccc(2)"}) {
    INFO(spec);
    for (const auto& [c, a] : {std::pair{"all-gather", "packed-trees"},
                               {"all-reduce", "packed-trees"},
                               {"reduce-scatter", "rarest-first"}}) {
      INFO(c << " " << a);
      GenRequest r(c, a);
      r.pieces = 3;
      const CheckedSchedule s = generate_checked(*build_topology(spec), r);
      REQUIRE(s.holds());
      const exec::RunReport report = exec::run_loopback(exec::ExecPlan(s.schedule()), {24, true});
      CHECK(report.pass());
      if (!report.pass()) FAIL_CHECK(exec::to_text(report));
    }
  }
}

TEST_CASE("a run's report says what it compared: bytes or register values or neither", "[exec]") {
  const auto t = build_topology("hypercube(3)");
  const auto text = [&](const char* collective, const exec::ExecOptions& o) {
    const CheckedSchedule c = generate_checked(*t, GenRequest(collective));
    REQUIRE(c.holds());
    const exec::RunReport r = exec::run_loopback(exec::ExecPlan(c.schedule()), o);
    CHECK(r.pass());
    CHECK(exec::to_json(r, false).contains("register_values_checked") ==
          c.schedule().collective.combining());
    return exec::to_text(r);
  };
  using Catch::Matchers::Contains;
  CHECK_THAT(text("total-exchange", {64, true, {}}), Contains("byte-identical to"));
  CHECK_THAT(text("total-exchange", {64, false, {}}), Contains("(chunk ids; bytes not carried)"));
  CHECK_THAT(text("all-reduce", {64, false, {}}),
             Contains("every register's value identical to the formula"));
  // every rank's registers in one memory, as SMPI's shared malloc gives them: values meaningless
  const CheckedSchedule ar = generate_checked(*t, GenRequest("all-reduce"));
  std::vector<std::int64_t> shared(ar.schedule().registers.size() * 8);
  CHECK_THAT(text("all-reduce", {64, false, shared}),
             Contains("values not checked: the registers are shared by the simulated ranks"));
}

TEST_CASE("dataflow carries what the steps carry, on every generated chunk schedule", "[exec]") {
  auto all = every_generated();
  for (auto& x : every_generated(kLargerNetworks)) all.push_back(std::move(x));
  std::uint64_t chunk_files = 0;
  for (const auto& [label, s] : all) {
    INFO(label);
    const exec::ExecPlan plan(s);
    if (s.collective.combining()) {  // registers are read and written in step order
      CHECK_THROWS_AS(exec::run_loopback(plan, {8, true}, nullptr, {}, exec::Execution::Dataflow),
                      InputError);
      continue;
    }
    ++chunk_files;
    exec::Carried in_steps, in_dataflow;
    const exec::RunReport a = exec::run_loopback(plan, {24, true}, &in_steps);
    const exec::RunReport b =
        exec::run_loopback(plan, {24, true}, &in_dataflow, {}, exec::Execution::Dataflow);
    CHECK(b.pass());
    if (!b.pass()) FAIL_CHECK(exec::to_text(b));
    CHECK(b.execution == "dataflow");
    CHECK(a.pass());
    CHECK(in_dataflow == in_steps);  // selectors too: resolved as at the start of their step
  }
  CHECK(chunk_files > 50);
}

TEST_CASE("dataflow fails exactly the chunk mutants the steps fail", "[exec]") {
  std::mt19937_64 rng(20261128);
  std::uint64_t failed = 0, tried = 0;
  for_each_mutant(rng, true, [&](const Network&, const Schedule&, const exec::ExecPlan& plan) {
    const exec::RunReport a = exec::run_loopback(plan, {16, true});
    const exec::RunReport b =
        exec::run_loopback(plan, {16, true}, nullptr, {}, exec::Execution::Dataflow);
    CHECK(b.pass() == a.pass());
    if (!a.pass() && !b.pass())  // the first failure at the same step (a rank may find the
      // broken rules of one step in another order: its receipts before its own sends)
      CHECK(b.first_failure()->failure->step == a.first_failure()->failure->step);
    ++tried;
    failed += a.pass() ? 0 : 1;
  });
  CHECK(failed > 100);
  CHECK(tried > failed);
}

TEST_CASE("dataflow: a message goes once its chunks are in and its link is free", "[exec]") {
  // a2 on hypercube(3) is one-port: in steps a node's sends take turns, one a step; as dataflow
  // each of its links starts with its first message at once, and carries the next only when
  // the last is done
  const auto t = build_topology("hypercube(3)");
  const exec::ExecPlan plan(generate_checked(*t, GenRequest("total-exchange", "a2")).schedule());
  exec::RankExecutor r(plan, NodeId(0), {8, true});
  const auto first = r.sendable();
  std::set<std::uint32_t> peers, steps;
  for (const auto& msg : first) {
    peers.insert(msg.transfer->peer.v);
    steps.insert(msg.transfer->step);
  }
  CHECK(peers.size() == first.size());  // one message a link
  CHECK(peers.size() == 3);             // every link of node 0 at once
  CHECK(steps.size() == 3);             // from three steps
  CHECK(r.sendable().empty());          // the links are busy
  const auto* done = first.front().transfer;
  r.sent(*done);
  for (const auto& msg : r.sendable()) {  // that link's next message, if its chunks are in
    CHECK(msg.transfer->peer == done->peer);
    CHECK(msg.transfer->step > done->step);
  }
}

TEST_CASE("a partial sum combined twice into a scratch register: results right, rule broken",
          "[exec]") {
  // the dimension prefix on hypercube(3) with node 7's last send moved a step later: node 3
  // then combines into its scratch `sum` a value that already holds its own input; `pf`, the
  // result, never reads it
  const auto t = build_topology("hypercube(3)");
  Schedule s = generate(*t, GenRequest("prefix", "dimension-prefix"));
  auto& last = s.steps.back().transfers;
  const auto moved = std::find_if(last.begin(), last.end(), [](const Transfer& x) {
    return x.from == NodeId(7) && x.to == NodeId(3);
  });
  REQUIRE(moved != last.end());
  Step later;
  later.transfers.push_back(*moved);
  last.erase(moved);
  s.steps.push_back(later);
  const CheckResult sim = simulate(*t, s);
  REQUIRE_FALSE(sim.ok());
  CHECK(sim.violation()->rule == Rule::DoubleCount);
  CHECK(exec::run_loopback(exec::ExecPlan(s), {16, true}).pass());
}

TEST_CASE("the executor fails exactly the mutants the simulator rejects", "[exec]") {
  std::mt19937_64 rng(20261123);
  std::uint64_t rejected = 0, tried = 0, unseen_by_ranks = 0;
  const auto register_only_rule = [](Rule r) {
    return r == Rule::DoubleCount || r == Rule::WriteConflict || r == Rule::Degree;
  };
  for_each_mutant(rng, false, [&](const Network& t, const Schedule& m, const exec::ExecPlan& plan) {
    const CheckResult sim = simulate(t, m);
    const exec::RunReport r = exec::run_loopback(plan, {16, true});
    // A register rule broken in a register no result reads (a partial sum combined twice into a
    // scratch register) leaves every result right: a rank sees values, not terms.
    const bool unseen = !sim.ok() && r.pass() && register_only_rule(sim.violation()->rule);
    unseen_by_ranks += unseen ? 1 : 0;
    if (!unseen) CHECK(r.pass() == sim.ok());
    ++tried;
    rejected += sim.ok() ? 0 : 1;
  });
  CHECK(unseen_by_ranks <= rejected / 10);  // rare: the rule must stay the exception
  CHECK(rejected > 100);
  CHECK(tried > rejected);  // some mutants hold (a duplicate on an all-port step, ...)
}

TEST_CASE("a corrupted byte in flight is found by the receiver", "[exec]") {
  const auto t = build_topology("hypercube(3)");
  const exec::ExecPlan plan(generate_checked(*t, GenRequest("all-gather")).schedule());
  exec::RankExecutor a(plan, NodeId(0), {16, true});
  const std::uint32_t step = plan.sends(NodeId(0)).front().step;
  auto msgs = a.start_step(step);
  for (auto& msg : msgs) {
    const NodeId to = msg.transfer->peer;
    exec::RankExecutor b(plan, to, {16, true});
    std::vector<std::uint8_t> wire(a.wire_bytes(msg));
    a.encode(msg, wire.data());
    wire.back() ^= 1;  // one flipped bit in the last chunk's data
    b.start_step(step);
    for (const auto& x : b.receives_of(step))
      if (x.peer == NodeId(0)) b.accept(x, wire.data(), wire.size());
    b.end_step(step);
    REQUIRE(b.failure());
    CHECK(b.failure()->kind == "bytes");
    return;
  }
  FAIL("node 0 sends nothing in its first step");
}

TEST_CASE("platforms: each link at its own speed on a weighted network, no uniform anchor",
          "[exec]") {
  const auto t = build_topology("weighted(ring(4), bandwidth=[{0,1,50}], latency=[{1,2,300}])");
  const exec::LinkModel defaults;  // 1GBps, 1us
  const exec::Platform p = exec::network_platform(*t, defaults);
  pugi::xml_document doc;
  REQUIRE(doc.load_string(p.xml.c_str()));
  // each route's single hop names the link between its ends: check that link's attributes
  for (auto r : doc.child("platform").child("zone").children("route")) {
    const auto src = static_cast<std::uint32_t>(std::stoul(r.attribute("src").value() + 1));
    const auto dst = static_cast<std::uint32_t>(std::stoul(r.attribute("dst").value() + 1));
    if (!t->adjacent(NodeId(src), NodeId(dst))) continue;
    const std::string id = r.child("link_ctn").attribute("id").value();
    const auto link =
        doc.child("platform").child("zone").find_child_by_attribute("link", "id", id.c_str());
    const LinkSpeed k = t->link_speed(NodeId(src), NodeId(dst));
    INFO(src << " -> " << dst);
    CHECK(exec::bandwidth_bytes_per_second(link.attribute("bandwidth").value()) ==
          Approx(1e9 * k.bandwidth));
    CHECK(exec::latency_seconds(link.attribute("latency").value()) == Approx(1e-6 * k.latency));
  }
  CHECK_FALSE(exec::torus_cluster_platform(*t, defaults));
  CHECK(exec::torus_cluster_platform(*build_topology("ring(4)"), defaults));
}

TEST_CASE(
    "platforms: a host per node, a split-duplex link per edge, a route per ordered pair "
    "along links, and the torus anchor",
    "[exec]") {
  for (const char* spec :
       {"torus(3,4)", "hypercube(4)", "dualcube(2)", "faulty(ring(6), links=[{0,1}])"}) {
    const auto t = build_topology(spec);
    const exec::Platform p = exec::network_platform(*t, {});
    pugi::xml_document doc;
    REQUIRE(doc.load_string(p.xml.c_str()));
    const auto zone = doc.child("platform").child("zone");
    std::uint64_t hosts = 0, links = 0, routes = 0, degrees = 0;
    for (auto h : zone.children("host")) hosts += h ? 1 : 0;
    for (auto l : zone.children("link"))
      links += std::string(l.attribute("sharing_policy").value()) == "SPLITDUPLEX";
    const RouteTable table(*t);
    for (auto r : zone.children("route")) {
      ++routes;
      const auto src = static_cast<std::uint32_t>(std::stoul(r.attribute("src").value() + 1));
      const auto dst = static_cast<std::uint32_t>(std::stoul(r.attribute("dst").value() + 1));
      CHECK(std::string(r.attribute("symmetrical").value()) == "NO");
      CHECK(static_cast<std::size_t>(
                std::distance(r.children("link_ctn").begin(), r.children("link_ctn").end())) ==
            table.route(src, dst).size());
      NodeId at(src);  // the route is a walk along links that ends at dst
      for (std::uint32_t next : table.route(src, dst)) {
        CHECK(t->adjacent(at, NodeId(next)));
        at = NodeId(next);
      }
      CHECK(at == NodeId(dst));
    }
    for (std::uint32_t v = 0; v < t->num_nodes(); ++v) degrees += t->degree(NodeId(v));
    CHECK(hosts == t->num_nodes());
    CHECK(links == degrees / 2);
    CHECK(routes == t->num_nodes() * (t->num_nodes() - 1));
  }
  CHECK(exec::torus_cluster_platform(*build_topology("torus(3,4)"), {}));
  CHECK(exec::torus_cluster_platform(*build_topology("hypercube(3)"), {}));
  CHECK_FALSE(exec::torus_cluster_platform(*build_topology("dualcube(2)"), {}));
  CHECK(exec::bandwidth_bytes_per_second("10Gbps") == Approx(1.25e9));
  CHECK(exec::latency_seconds("0.5ms") == Approx(5e-4));
  CHECK(test::error_of([] { exec::latency_seconds("fast"); }).find("latency") != std::string::npos);
}

TEST_CASE("SMPI's shared block keeps the mappings of large runs within budget", "[exec]") {
  constexpr std::uint64_t kMiB = std::uint64_t{1} << 20, kGiB = std::uint64_t{1} << 30;
  for (std::uint64_t ranks : {2, 16, 64, 256, 1024, 4096})
    for (std::uint64_t m : {std::uint64_t{1}, std::uint64_t{1024}, std::uint64_t{65536}, kMiB}) {
      const std::uint64_t b = exec::shared_block_bytes(ranks, m);
      INFO(ranks << " ranks, m = " << m << ": block " << b);
      CHECK(std::has_single_bit(b));
      CHECK(b >= kMiB);
      CHECK(b <= kGiB);
      const std::uint64_t maps = ranks * exec::kSharedBuffersPerRank * (ranks * m);
      if (b < kGiB) CHECK(maps / b <= exec::kSharedMapsBudget);       // within budget
      if (b > kMiB) CHECK(maps / (b / 2) > exec::kSharedMapsBudget);  // and no larger than needed
    }
  // 1,024 ranks exchanging 64 KiB chunks (64 MiB buffers): SMPI's 1 MiB default would need
  // 4 * 1,024 * 64 = 262,144 mappings, far over Linux's 65,530.
  CHECK(exec::shared_block_bytes(1024, 65536) > kMiB);
  CHECK(exec::shared_block_bytes(64, 1024) == kMiB);
  // a register collective's registers count when more: a reduce-scatter in 16 pieces on 256
  // ranks, 4,096 registers of 64 KiB a rank, would need 65,536 mappings of 1 MiB
  constexpr std::uint64_t kRanks = 256, kRegisters = 4096, kPiece = 65536;
  const std::uint64_t registers = exec::shared_block_bytes(kRanks, kPiece, kRegisters);
  CHECK(kRanks * kRegisters * kPiece / registers <= exec::kSharedMapsBudget);
  CHECK(registers > exec::shared_block_bytes(kRanks, kPiece));
  CHECK(exec::shared_block_bytes(kRanks, kPiece, 16) == exec::shared_block_bytes(kRanks, kPiece));
}
namespace {

/// every_generated()'s labels are "network collective algorithm"; the last two have no spaces.
std::pair<std::string, std::string> network_and_row(const std::string& label) {
  const std::size_t cut = label.rfind(' ', label.rfind(' ') - 1);
  return {label.substr(0, cut), label.substr(cut + 1)};
}

/// The schedules of `all` that cover every algorithm row and every network at least once, in
/// order: each is kept when its collective-and-algorithm or its network is new. CI runs the MPI
/// launchers on these; every schedule runs in-process above, and `make test-long` runs them all
/// under the launchers too (a process per node: a row added to the catalogue adds 15 launches).
std::vector<std::pair<std::string, Schedule>> covering_sample(
    const std::vector<std::pair<std::string, Schedule>>& all) {
  std::set<std::string> rows, networks;
  std::vector<std::pair<std::string, Schedule>> out;
  for (const auto& [label, s] : all) {
    const auto [network, row] = network_and_row(label);
    const bool new_row = rows.insert(row).second;
    const bool new_network = networks.insert(network).second;
    if (new_row || new_network) out.push_back({label, s});
  }
  return out;
}

void every_collective_on(bool smpi, bool whole) {
  TempDir dir;
  const auto all = every_generated();
  const auto runs = whole ? all : covering_sample(all);
  for (const auto& [label, s] : runs) {
    INFO(label << (smpi ? " under SMPI" : " under OpenMPI"));
    const auto p = run_executor(smpi, dir.write("s.json", s), s, dir);
    const auto line = exec::json_line(p.out);
    REQUIRE(line);
    const auto j = nlohmann::json::parse(*line);
    CHECK(j["pass"] == true);
    CHECK(p.exit_code == 0);
    if (j["reference"] != "the content function" && j["reference"] != "the formula")
      CHECK(j["mpi_seconds"].is_number());
  }
  CHECK(runs.size() > 40);
  if (!whole) CHECK(runs.size() < all.size());
}

}  // namespace

TEST_CASE("the covering sample holds every algorithm row and every network", "[exec]") {
  const auto all = every_generated();
  const auto sample = covering_sample(all);
  // (networks, algorithm rows) of a list of schedules
  const auto covered = [](const std::vector<std::pair<std::string, Schedule>>& list) {
    std::pair<std::set<std::string>, std::set<std::string>> out;
    for (const auto& [label, s] : list) {
      const auto [network, row] = network_and_row(label);
      out.first.insert(network);
      out.second.insert(row);
    }
    return out;
  };
  const auto [networks, rows] = covered(all);
  const auto [sampled_networks, sampled_rows] = covered(sample);
  CHECK(sampled_rows == rows);
  CHECK(sampled_networks == networks);
  CHECK(networks.size() == kNetworks.size());
  CHECK(sample.size() < all.size());
}

TEST_CASE("OpenMPI: every algorithm row and every family, bytes checked against MPI's own",
          "[mpi]") {
  every_collective_on(false, false);
}

TEST_CASE("SMPI: every algorithm row and every family, bytes checked against MPI's own", "[smpi]") {
  every_collective_on(true, false);
}

// make test-long: every schedule of every_generated() under both launchers (about 15 minutes on
// 2 cores).
TEST_CASE("OpenMPI: every collective of every family, bytes checked against MPI's own", "[.long]") {
  every_collective_on(false, true);
}

TEST_CASE("SMPI: every collective of every family, bytes checked against MPI's own", "[.long]") {
  every_collective_on(true, true);
}

TEST_CASE("MPI runs fail what the checker rejects, with the failing rank and step", "[mpi][smpi]") {
  TempDir dir;
  const auto t = build_topology("hypercube(3)");
  Schedule s = generate_checked(*t, GenRequest("total-exchange")).schedule();
  s.steps.pop_back();  // truncated: some chunk never arrives
  Schedule far = generate_checked(*t, GenRequest("broadcast")).schedule();
  far.steps[0].transfers[0].to = NodeId(7);  // 0 -> 7 is not a link of hypercube(3)
  for (bool smpi : {false, true}) {
    const auto p = run_executor(smpi, dir.write("trunc.json", s), s, dir);
    const auto j = nlohmann::json::parse(exec::json_line(p.out).value_or("{}"));
    CHECK(p.exit_code == 1);
    CHECK(j["pass"] == false);
    CHECK(j["first_failure"]["failure"]["kind"] == "delivery");
    const auto q = run_executor(smpi, dir.write("far.json", far), far, dir);
    const auto k = nlohmann::json::parse(exec::json_line(q.out).value_or("{}"));
    CHECK(k["first_failure"]["failure"]["kind"] == "edge");
    CHECK(k["first_failure"]["rank"] == 0);
  }
  const auto bad = run_executor(false, dir.path + "/missing.json", s, dir);
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("netsched-exec: error") != std::string::npos);
}

TEST_CASE("MPI runs as dataflow: bytes checked, a selector's size sent first, failures found",
          "[mpi][smpi]") {
  TempDir dir;
  const auto t = build_topology("hypercube(3)");
  // explicit chunk lists (a2, balanced) and selectors (dimension-exchange: sizes sent first)
  for (const char* a : {"a2", "balanced", "dimension-exchange"}) {
    const Schedule s = generate_checked(*t, GenRequest("total-exchange", a)).schedule();
    for (bool smpi : {false, true}) {
      INFO(a << (smpi ? " under SMPI" : " under OpenMPI"));
      const auto p = run_executor(smpi, dir.write("s.json", s), s, dir, {"--dataflow"});
      const auto j = nlohmann::json::parse(exec::json_line(p.out).value_or("{}"));
      CHECK(p.exit_code == 0);
      CHECK(j["pass"] == true);
      CHECK(j["execution"] == "dataflow");
      CHECK(j["reference"] == "MPI_Alltoall");
    }
  }
  Schedule cut = generate_checked(*t, GenRequest("total-exchange", "a2")).schedule();
  cut.steps.pop_back();  // some chunk never arrives
  const auto p = run_executor(true, dir.write("cut.json", cut), cut, dir, {"--dataflow"});
  const auto j = nlohmann::json::parse(exec::json_line(p.out).value_or("{}"));
  CHECK(p.exit_code == 1);
  CHECK(j["first_failure"]["failure"]["kind"] == "delivery");
  const Schedule sum = generate_checked(*t, GenRequest("all-reduce")).schedule();
  const auto q = run_executor(false, dir.write("sum.json", sum), sum, dir, {"--dataflow"});
  CHECK(q.exit_code == 2);
  CHECK(q.err.find("cannot run as dataflow: a register schedule") != std::string::npos);
}

TEST_CASE("simulate: the schedule, the anchor and MPI's algorithms on SimGrid", "[smpi]") {
  TempDir dir;
  for (const char* spec : {"ring(8)", "torus(4,4)", "hypercube(3)", "dualcube(2)",
                           "hdn(hypercube(1), sn=[{0},{0}])"}) {
    const auto t = build_topology(spec);
    const CheckedSchedule c = generate_checked(*t, GenRequest("all-gather"));
    const std::string file = dir.write("sim.json", c.schedule());
    auto options = sim_options(dir, c, {1024}, {"ring", "bruck"});
    options.dataflow = true;
    const exec::SimulateResult r =
        exec::simulate(*build_topology(c.schedule().topology), file, c.schedule(), options);
    INFO(spec << "\n" << exec::to_text(r));
    std::optional<double> mine, anchor, dataflow;
    for (const auto& row : r.rows) {
      CHECK(row.seconds);
      if (row.what == "schedule") CHECK(row.pass == std::optional<bool>(true));
      if (row.steps_row() && row.platform == "netsched") mine = row.seconds;
      if (row.dataflow && row.platform == "netsched") dataflow = row.seconds;
      if (row.steps_row() && row.platform == "simgrid-torus-cluster") anchor = row.seconds;
    }
    REQUIRE(mine);
    REQUIRE(dataflow);
    // the step model's alpha-beta cost is a lower bound up to the executor's headers
    CHECK(*mine >= 0.9 * r.alpha_beta.front().second);
    const bool torus_like = std::string(spec).find("torus") == 0 ||
                            std::string(spec).find("ring") == 0 ||
                            std::string(spec).find("hypercube") == 0;
    CHECK(anchor.has_value() == torus_like);
    if (anchor) CHECK(std::abs(*anchor - *mine) <= 0.01 * *mine);
  }
  CHECK(exec::smpi_algorithms("alltoall", dir.path).size() > 10);
}

TEST_CASE("simulate: a vector prefix against SMPI's one MPI_Scan, run as MPI's program", "[smpi]") {
  // SMPI's MPI_Scan has no algorithm setting and no trace replay action: one row, "default",
  // timed by running it even when the trace replay is asked for
  TempDir dir;
  const auto [c, file] = pieced_file(dir, "ring(6)", "prefix", "chain");
  CHECK(exec::smpi_algorithms(exec::kSmpiUnselectable, dir.path) ==
        std::vector<std::string>{exec::kSmpiOnlyAlgorithm});
  for (const bool trace_replay : {false, true}) {
    auto options = sim_options(dir, c, {4096}, {});
    options.mpi_trace_replay = trace_replay;
    const exec::SimulateResult r =
        exec::simulate(*build_topology(c.schedule().topology), file, c.schedule(), options);
    INFO(exec::to_text(r));
    CHECK(r.smpi_collective == "scan");
    std::optional<double> mine, scan;
    for (const auto& row : r.rows) {
      CHECK(row.seconds);
      if (row.what == "schedule" && row.platform == "netsched") mine = row.seconds;
      if (row.what == "mpi") {
        CHECK(row.algorithm == exec::kSmpiOnlyAlgorithm);
        CHECK(row.timed_by == exec::TimedBy::Smpirun);
        scan = row.seconds;
      }
    }
    REQUIRE(mine);
    REQUIRE(scan);
    // every rank sends its whole vector to each later rank: rank 5 takes five vectors through
    // its two links, the chain's pieces one vector
    CHECK(*mine < *scan);
  }
  CHECK(exec::smpi_collective(Collective::prefix(6, {{NodeId(0), NodeId(1)}})) == std::nullopt);
  CHECK(exec::smpi_collective(Collective::prefix(6)) == std::string("scan"));
}

TEST_CASE("simulate: a one-port exchange with listed chunks runs faster as dataflow", "[smpi]") {
  // A2 on hypercube(3) is one-port: in steps a node's links take turns; as dataflow each link
  // carries its messages as soon as their chunks are in (0.63x the time in steps when written)
  TempDir dir;
  const CheckedSchedule c =
      generate_checked(*build_topology("hypercube(3)"), GenRequest("total-exchange", "a2"));
  auto options = sim_options(dir, c, {1024}, {"none"});
  options.dataflow = true;
  const auto t = build_topology(c.schedule().topology);
  options.dataflow_model = [&](std::uint64_t m) {
    return dataflow_time(*t, c.schedule(), CostModel{1e-6, 1e-9, static_cast<double>(m)}).seconds;
  };
  const exec::SimulateResult r =
      exec::simulate(*build_topology(c.schedule().topology), dir.write("a2.json", c.schedule()),
                     c.schedule(), options);
  INFO(exec::to_text(r));
  std::optional<double> steps, dataflow;
  for (const auto& row : r.rows)
    if (row.platform == "netsched") (row.dataflow ? dataflow : steps) = row.seconds;
  REQUIRE(steps);
  REQUIRE(dataflow);
  CHECK(*dataflow < 0.8 * *steps);
  // the dataflow model (1 us, 1 GBps: simulate's defaults) predicts it (4 % when written)
  REQUIRE(r.dataflow_model.size() == 1);
  CHECK(std::abs(r.dataflow_model.front().second - *dataflow) <= 0.1 * *dataflow);
}

TEST_CASE("simulate: a pieced all-gather's direct-send fluid time is for MPI's whole block",
          "[smpi]") {
  // MPI's all-gather is given the block, p pieces of m bytes: direct sends move p x m a pair,
  // and no all-port schedule beats the cut bound, which the fluid time must not undercut
  TempDir dir;
  const auto [c, file] = pieced_file(dir, "ccc(2)", "all-gather", "rarest-first");
  const exec::SimulateResult res =
      exec::simulate(*build_topology(c.schedule().topology), file, c.schedule(),
                     sim_options(dir, c, {4096}, {"ring"}));
  INFO(exec::to_text(res));
  REQUIRE(res.fluid_bound.size() == 1);
  const double block_seconds = 4 * 4096 / 1e9;  // the default links: 1 GBps
  CHECK(res.fluid_bound.front().second ==
        Approx(static_cast<double>(res.platforms.front().max_load) * block_seconds));
  CHECK(res.fluid_bound.front().second >=
        all_gather_bound(*build_topology("ccc(2)")).chunk_times * block_seconds);
}

// Reproduction (docs/BANDWIDTH-SIMGRID.md of 2026-11-28): hypernet(2,2,3)'s reduce-scatter at
// 1 MiB a block was not simulated at all, its 256 ranks' private registers about 137 GB.
TEST_CASE("simulate: registers of 8 MiB a rank are shared by the ranks and said unchecked",
          "[smpi]") {
  TempDir dir;
  const auto t = build_topology("ring(8)");
  const CheckedSchedule c = generate_checked(*t, GenRequest("reduce-scatter", "ring"));
  REQUIRE(c.holds());
  const std::string file = dir.write("rs.json", c.schedule());
  // 8 registers a rank: 8 MiB at 1 MiB a register (shared), 512 KiB at 64 KiB (private)
  const exec::ExecPlan plan(c.schedule());
  constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
  CHECK(plan.simulated_run_bytes(kMiB) == 8 * 2 * kMiB * 2);  // a register each way a step
  CHECK(plan.run_bytes(kMiB) == 8 * 8 * kMiB * 2);
  CHECK(plan.simulated_run_bytes(65536) == plan.run_bytes(65536));
  const exec::SimulateResult res =
      exec::simulate(*build_topology(c.schedule().topology), file, c.schedule(),
                     sim_options(dir, c, {65536, kMiB}, {"ompi_ring"}));
  INFO(exec::to_text(res));
  for (const exec::SimRow& row : res.rows) {
    CHECK(row.seconds);
    if (row.what != "schedule") continue;
    CHECK(row.pass == true);
    CHECK(row.values_unchecked == (row.bytes == kMiB));
  }
  CHECK(exec::to_text(res).find("(register values not checked: shared by the ranks)") !=
        std::string::npos);
  // the budget counts the shared registers once: what needs 128 MiB private runs in 64; MPI's
  // algorithms keep private buffers of their own (SMPI's temporaries): over the budget, they
  // are timed by SMPI's trace replay, which needs its own buffers, counted too
  const auto run = [&](const char* budget, const std::string& algorithms) {
    return exec::run_process({NETSCHED_BIN, "--max-memory", budget, "simulate", file, "--bytes",
                              std::to_string(kMiB), "--algorithms", algorithms, "--no-anchor"},
                             dir.path);
  };
  CHECK(run("64M", "none").exit_code == 0);
  const auto refused = run("64M", "ompi_ring");
  CHECK(refused.exit_code == 2);
  CHECK(refused.err ==
        "netsched: SMPI's trace replay of MPI's algorithms on 8 ranks' registers at 1048576 bytes "
        "a register needs about 92.3 MB, over the memory budget of 67.1 MB (--max-memory)\n");
  const auto replayed = run("100M", "ompi_ring");
  CHECK(replayed.exit_code == 0);
  CHECK(replayed.out.find("SMPI's trace replay: the same algorithm") != std::string::npos);
}

namespace {

/// SPEC's default total exchange written in dir, and simulate's options to time it beside
/// MPI's basic_linear at `bytes` (no anchor; the S4U replay at hand).
struct ExchangeAgainstLinear {
  CheckedSchedule c;
  std::string file;
  exec::SimulateOptions o;
};
ExchangeAgainstLinear exchange_against_linear(const TempDir& dir, const char* spec,
                                              std::vector<std::uint64_t> bytes) {
  const auto t = build_topology(spec);
  CheckedSchedule c = generate_checked(*t, GenRequest("total-exchange"));
  std::string file = dir.write("te.json", c.schedule());
  exec::SimulateOptions o = sim_options(dir, c, std::move(bytes), {"basic_linear"});
  o.anchor = false;
  o.replay = NETSCHED_S4U_REPLAY_PATH;
  return {std::move(c), std::move(file), std::move(o)};
}

}  // namespace

TEST_CASE("simulate: the S4U replay of basic_linear keeps SMPI's own time", "[smpi]") {
  TempDir dir;
  auto [c, file, o] = exchange_against_linear(dir, "hypercube(6)", {1024, 65536});
  auto mpi_seconds = [](const exec::SimulateResult& r, std::uint64_t m, bool replay) {
    for (const auto& row : r.rows)
      if (row.what == "mpi" && row.bytes == m) {
        CHECK((row.timed_by == exec::TimedBy::S4uReplay) == replay);
        REQUIRE(row.seconds);
        return *row.seconds;
      }
    FAIL("no MPI row");
    return 0.0;
  };
  const exec::SimulateResult smpi =
      exec::simulate(*build_topology(c.schedule().topology), file, c.schedule(), o);
  o.replay_above_ranks = 0;  // 64 ranks: both finish, so the replay can be held to SMPI
  const exec::SimulateResult replay =
      exec::simulate(*build_topology(c.schedule().topology), file, c.schedule(), o);
  INFO(exec::to_text(smpi) << exec::to_text(replay));
  // the data movement is the same: within 1 % where bandwidth dominates
  CHECK(std::abs(mpi_seconds(replay, 65536, true) - mpi_seconds(smpi, 65536, false)) <=
        0.01 * mpi_seconds(smpi, 65536, false));
  // SMPI's barrier leaves ranks a few latencies apart, and SMPI charges each message a second
  // latency (the test below): the replay is never slower (it favours MPI, not the paper) and
  // at most those (10 us here, 1 us links) faster
  for (std::uint64_t m : {1024, 65536}) {
    CHECK(mpi_seconds(replay, m, true) <= mpi_seconds(smpi, m, false));
    CHECK(mpi_seconds(smpi, m, false) - mpi_seconds(replay, m, true) <= 10e-6);
  }
  CHECK(exec::to_text(replay).find("S4U replay of its pattern") != std::string::npos);
  CHECK(exec::to_json(replay)["rows"][1]["timed_by"] == "s4u-replay");
}

TEST_CASE("simulate: SMPI's trace replay times MPI's register collectives as running them does",
          "[smpi]") {
  // exec/smpi_trace.hpp: the replay runs SMPI's own algorithm with shared buffers; computation is
  // not simulated either way, so every algorithm takes the same time, up to the skew the
  // program's barrier leaves between ranks (a few latencies of 1 us)
  TempDir dir;
  const auto t = build_topology("hypercube(3)");
  // what SimGrid 3.32's replay aborts (invalid frees of the buffers it shares, a crash, a
  // deadlock, a lost actor, a truncation): such a row is MPI's program run instead, and says why
  // (docs/engines.md names them)
  const std::map<std::string, std::vector<std::string>> aborts = {
      {"reduce-scatter", {"impi"}},
      {"all-reduce",
       {"smp_binomial", "smp_binomial_pipeline", "smp_rdb", "smp_rsag", "smp_rsag_lr",
        "smp_rsag_rab", "mpich", "mvapich2", "mvapich2_two_level", "impi"}},
      {"reduce", {"arrival_pattern_aware", "mpich", "mvapich2_two_level", "impi"}},
      {"total-exchange", {"pair_rma", "impi"}},
      {"all-gather", {"loosely_lr", "SMP_NTS", "smp_simple", "mvapich2", "mvapich2_smp", "impi"}},
      {"broadcast",
       {"arrival_pattern_aware", "arrival_pattern_aware_wait", "arrival_scatter", "SMP_binary",
        "SMP_binomial", "mpich", "mvapich2", "mvapich2_inter_node", "mvapich2_intra_node",
        "mvapich2_knomial_intra_node", "impi"}},
      {"scatter", {"mvapich2", "mvapich2_two_level_binomial", "mvapich2_two_level_direct", "impi"}},
      {"gather", {"mvapich2_two_level", "impi"}}};
  for (const auto& [coll, aborted_there] : aborts) {
    INFO(coll);
    const CheckedSchedule c = generate_checked(*t, GenRequest(coll));
    const std::string file = dir.write("mpi.json", c.schedule());
    // registers of 1 MiB; chunks of 64 KiB (a scatter's root sends 8 of them)
    exec::SimulateOptions o = sim_options(
        dir, c,
        {c.schedule().collective.combining() ? std::uint64_t{1} << 20 : std::uint64_t{1} << 16},
        {});
    o.anchor = false;
    o.memory_bytes = std::uint64_t{4} << 30;  // every run's memory sampled, none stopped
    const exec::SimulateResult run =
        exec::simulate(*build_topology(c.schedule().topology), file, c.schedule(), o);
    o.mpi_trace_replay = true;
    const exec::SimulateResult replay =
        exec::simulate(*build_topology(c.schedule().topology), file, c.schedule(), o);
    INFO(exec::to_text(run) << exec::to_text(replay));
    REQUIRE(run.rows.size() == replay.rows.size());
    std::size_t compared = 0;
    std::vector<std::string> aborted;  // SMPI's replay aborts some algorithms (invalid frees)
    for (std::size_t i = 0; i < run.rows.size(); ++i) {
      const exec::SimRow &a = run.rows[i], &b = replay.rows[i];
      INFO(a.algorithm);
      REQUIRE(a.algorithm == b.algorithm);
      CHECK(a.peak_memory > 0);
      CHECK(b.peak_memory > 0);
      const bool replayed = a.what == "mpi" && b.replay_error.empty();
      CHECK(b.timed_by == (replayed ? exec::TimedBy::SmpiTraceReplay : exec::TimedBy::Smpirun));
      if (a.what != "mpi") continue;
      CHECK(a.seconds.has_value() == (a.error.empty()));
      if (!a.seconds) {  // failed in SMPI (rab refuses the datatype): no time in the replay
        CHECK(!b.seconds);
        CHECK(!b.error.empty());
        const std::string datatype = "can't be used with this datatype";
        CHECK((a.error.find(datatype) == std::string::npos) ==
              (b.error.find(datatype) == std::string::npos));
        continue;
      }
      if (!replayed) {  // SMPI's replay aborted: MPI's program ran instead, the row says so
        CHECK(b.error.empty());
        CHECK(b.seconds == a.seconds);  // the same run: SimGrid is deterministic
        CHECK(exec::row_text(b, std::nullopt, std::nullopt)
                  .find("run as MPI's program: SMPI's trace replay failed: " + b.replay_error) !=
              std::string::npos);
        aborted.push_back(a.algorithm);
        continue;
      }
      REQUIRE(b.seconds);
      CHECK(std::abs(*a.seconds - *b.seconds) <= 1e-3 * *a.seconds + 5e-6);
      ++compared;
    }
    CHECK(compared >= 5);  // the others: SMPI has 8 to 20 algorithms for each
    CHECK(aborted == aborted_there);
    for (const auto& row : exec::to_json(replay)["rows"]) {
      CHECK(row.at("peak_memory_bytes") > 0);
      CHECK(row.contains("smpi_trace_replay_error") ==
            (row.value("timed_by", "") != "smpi-trace-replay" && row["what"] == "mpi"));
    }
  }
  // a collective MPI has none of has no trace
  CHECK_THROWS_WITH(exec::smpi_trace(Collective::prefix(8), 8, 1024),
                    Catch::Contains("no MPI collective for prefix"));
}

// Reproduction (stop 77, 2026-12-02): docs/SIZE-CHOICE.md had MPI's 8-byte binomial broadcast
// on hypercube(6) at 1.4 µs and netsched's at 3.2 µs, though the root's farthest node is six
// 1 µs links away. Each rank was timed from its own exit of a barrier, and those exits spread
// over 6 µs. Every rank now starts at one instant of SimGrid's clock.
TEST_CASE("simulate: no broadcast reaches the farthest node before its links' latencies",
          "[smpi]") {
  TempDir dir;
  const auto t = build_topology("hypercube(6)");
  const CheckedSchedule c = generate_checked(*t, GenRequest("broadcast", "binomial-tree"));
  REQUIRE(c.holds());
  const std::string file = dir.write("b.json", c.schedule());
  const exec::SimulateResult r =
      exec::simulate(*build_topology(c.schedule().topology), file, c.schedule(),
                     sim_options(dir, c, {8}, {"binomial_tree", "flattree"}));
  INFO(exec::to_text(r));
  const double farthest = 6 * 1e-6;  // 6 links of 1 µs from node 0
  REQUIRE(r.rows.size() == 4);       // the schedule on both platforms, MPI's two
  for (const auto& row : r.rows) {
    REQUIRE(row.seconds);
    CHECK(*row.seconds >= farthest);
  }
}

// docs/engines.md once said that SMPI charges every message about two route latencies: a
// 1-byte exchange between two neighbours on 10 µs links took 20 µs under SMPI and 10 µs under
// SimGrid's own model. That was the barrier's skew (bench/README.md item 31): rank 1 left it a
// latency after rank 0, and each rank was timed from its own exit. From one start, SMPI, with
// or without detached sends, and the S4U replay all take one latency.
TEST_CASE("simulate: SMPI and S4U charge a message one link latency, from one start", "[smpi]") {
  TempDir dir;
  auto [c, file, o] = exchange_against_linear(dir, "hypercube(1)", {1, 98304});
  o.links.latency = "10us";  // 1 GBps: a byte a nanosecond
  const auto check_rows = [](const exec::SimulateResult& r, bool mpi_only) {
    INFO(exec::to_text(r));
    for (const auto& row : r.rows) {
      if (mpi_only && row.what != "mpi") continue;
      REQUIRE(row.seconds);
      CHECK(*row.seconds == Approx(10e-6 + static_cast<double>(row.bytes) * 1e-9).margin(0.5e-6));
    }
  };
  check_rows(exec::simulate(*build_topology(c.schedule().topology), file, c.schedule(), o),
             false);  // the schedule's step and MPI's
  o.replay_above_ranks = 0;
  const exec::SimulateResult replay =
      exec::simulate(*build_topology(c.schedule().topology), file, c.schedule(), o);
  for (const auto& row : replay.rows)
    CHECK((row.timed_by == exec::TimedBy::S4uReplay) == (row.what == "mpi"));
  check_rows(replay, true);
  o.replay_above_ranks = exec::kReplayAboveRanks;
  o.simgrid_cfg = {"smpi/send-is-detached-thresh:0"};
  check_rows(exec::simulate(*build_topology(c.schedule().topology), file, c.schedule(), o), false);
}

TEST_CASE("platforms: balanced routes, as SimGrid's own route lookup counts them", "[smpi]") {
  TempDir dir;
  const std::vector<std::pair<std::string, double>> targets = {
      {"hypercube(3)", 1.05}, {"hypercube(5)", 1.05},
      {"hypercube(7)", 1.05}, {"torus(4,4)", 1.3},
      {"torus(8,8)", 1.3},    {"torus(3,4,5)", 1.3},
      {"ring(6)", 1.3},       {"dualcube(3)", 2.0},
      {"ccc(3)", 2.0},        {"hdn(hypercube(1), sn=[{0},{0}])", 2.0}};
  for (const auto& [spec, most] : targets) {
    INFO(spec);
    const auto t = build_topology(spec);
    const exec::Platform p = exec::network_platform(*t, {});
    std::ofstream(dir.path + "/p.xml") << p.xml;
    std::ofstream(dir.path + "/h.txt") << p.hostfile;
    const auto r = exec::run_process(
        {NETSCHED_PLATFORM_CHECK_PATH, dir.path + "/p.xml", dir.path + "/h.txt"}, dir.path, 120);
    const auto j = nlohmann::json::parse(exec::json_line(r.out).value_or("{}"));
    REQUIRE(j.contains("max"));
    const double ratio = j["max"].get<double>() / j["mean"].get<double>();
    CHECK(ratio <= most);
    CHECK(j["pairs"] == t->num_nodes() * (t->num_nodes() - 1));
    // netsched's own count of its routes is what SimGrid routes
    const LinkLoad mine = link_load(RouteTable(*t), *t);
    CHECK(mine.max == j["max"].get<std::uint64_t>());
    CHECK(std::abs(mine.mean - j["mean"].get<double>()) < 1e-6);
  }
}

TEST_CASE("register collectives: every register is a vector of --bytes, combined lane by lane",
          "[exec]") {
  const auto t = build_topology("hypercube(3)");
  for (const char* c : {"all-reduce", "reduce", "reduce-scatter", "prefix"}) {
    INFO(c);
    const exec::ExecPlan plan(generate_checked(*t, GenRequest(c)).schedule());
    CHECK(exec::run_loopback(plan, {65536, true}).pass());
    // one flipped byte in the middle of a reduced vector is a wrong lane at the end
    bool flipped = false;
    const auto r =
        exec::run_loopback(plan, {65536, true}, nullptr,
                           [&](std::uint32_t, std::uint32_t, std::vector<std::uint8_t>& w) {
                             if (flipped) return;
                             CHECK(w.size() >= 65536);
                             w[w.size() / 2 + 3] ^= 0x10;
                             flipped = true;
                           });
    REQUIRE(!r.pass());
    CHECK(r.first_failure()->failure->kind == "result");
    CHECK(r.first_failure()->failure->detail.find("lane") != std::string::npos);
  }
  CHECK(test::error_of([&] {
          exec::ExecPlan p(generate_checked(*t, GenRequest("all-reduce")).schedule());
          exec::run_loopback(p, {12, true});
        }).find("multiple of 8") != std::string::npos);
}

// Reproduction (bench/README.md item 29, 2026-12-01): dimension-prefix's upward message reads
// one register twice (into the total and into the prefix), and the executor sent it twice, so
// SimGrid timed 12.60 ms where the cost model, counting the payload's distinct source registers,
// predicts 6.30 ms. A register message now carries each source register once.
TEST_CASE("OpenMPI: a register message carries each source register once at --bytes a register",
          "[mpi]") {
  const auto t = build_topology("hypercube(3)");
  for (const char* algorithm : {"auto", "dimension-prefix", "pipelined-dimension-prefix"}) {
    INFO(algorithm);
    TempDir dir;
    GenRequest r(algorithm == std::string("auto") ? "all-reduce" : "prefix", algorithm);
    if (algorithm == std::string("pipelined-dimension-prefix")) r.pieces = 3;
    const CheckedSchedule c = generate_checked(*t, r);
    REQUIRE(c.holds());
    const Schedule& s = c.schedule();
    const std::string file = dir.write("f.json", s);
    const std::string log = dir.path + "/isend.log";
    const std::string cmd = "NETSCHED_PMPI_LOG=" + log + " LD_PRELOAD=" + NETSCHED_PMPI_COUNT +
                            " " + NETSCHED_BIN + " run " + file + " --bytes 65536 --json > " +
                            dir.path + "/out.json 2>&1";
    REQUIRE(std::system(cmd.c_str()) == 0);
    // every rank's sends, as the payloads' distinct source registers say, 65,536 bytes each
    std::multiset<std::pair<std::uint64_t, std::uint64_t>> want, sent;
    bool shared_source = false;
    for (const Step& st : s.steps)
      for (const Transfer& x : st.transfers) {
        std::set<std::uint16_t> sources;
        for (const Move& mv : s.payloads[x.payload].moves) sources.insert(mv.src);
        shared_source |= sources.size() < s.payloads[x.payload].moves.size();
        want.insert({x.from.v, sources.size() * 65536});
      }
    std::ifstream in(log);
    for (std::uint64_t rank = 0, bytes = 0; in >> rank >> bytes;) sent.insert({rank, bytes});
    CHECK(sent == want);
    if (algorithm != std::string("auto")) CHECK(shared_source);  // the scan's upward messages
  }
}

// Reproduction (stop 77, 2026-12-02): the direct all-to-all, one message per pair as MPI's
// basic_linear sends, took 532.94 µs on hypercube(6) at 16 KiB against basic_linear's 532.43:
// every message carried a count and a chunk id, 16 bytes MPI does not send. A listed payload's
// message is now its chunks' bytes alone; a selector's, resolved by its sender, keeps them.
TEST_CASE("OpenMPI: a listed payload's message is its chunks' bytes and a selector's adds its ids",
          "[mpi]") {
  const auto t = build_topology("torus(3,3)");
  constexpr std::uint64_t kChunk = 4096, kWord = 8;
  bool listed = false, selected = false;
  for (const char* algorithm : {"direct", "packed"}) {
    INFO(algorithm);
    TempDir dir;
    const CheckedSchedule c = generate_checked(*t, GenRequest("total-exchange", algorithm));
    REQUIRE(c.holds());
    const Schedule& s = c.schedule();
    StepTrace trace;
    REQUIRE(simulate_traced(*t, s, trace).ok());
    std::multiset<std::pair<std::uint64_t, std::uint64_t>> want, sent;
    for (std::size_t k = 0; k < s.steps.size(); ++k)
      for (std::size_t i = 0; i < s.steps[k].transfers.size(); ++i) {
        const Transfer& x = s.steps[k].transfers[i];
        const std::uint64_t count = trace.carried[k][i];
        const bool selector = s.payloads[x.payload].select.has_value();
        (selector ? selected : listed) = true;
        want.insert({x.from.v, (selector ? kWord * (1 + count) : 0) + count * kChunk});
      }
    const std::string file = dir.write("f.json", s);
    const std::string log = dir.path + "/isend.log";
    const std::string cmd = "NETSCHED_PMPI_LOG=" + log + " LD_PRELOAD=" + NETSCHED_PMPI_COUNT +
                            " " + NETSCHED_BIN + " run " + file + " --bytes " +
                            std::to_string(kChunk) + " --json > " + dir.path + "/out.json 2>&1";
    REQUIRE(std::system(cmd.c_str()) == 0);
    std::ifstream in(log);
    for (std::uint64_t rank = 0, bytes = 0; in >> rank >> bytes;) sent.insert({rank, bytes});
    CHECK(sent == want);
  }
  CHECK(listed);
  CHECK(selected);
}

namespace {

/// Whether a running process has `text` in its command line.
bool process_mentions(const std::string& text) {
  for (const auto& e : std::filesystem::directory_iterator("/proc")) {
    std::ifstream in(e.path() / "cmdline");
    std::string cmd((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::replace(cmd.begin(), cmd.end(), '\0', ' ');
    if (cmd.find(text) != std::string::npos && cmd.find("netsched_tests") == std::string::npos)
      return true;
  }
  return false;
}

}  // namespace

TEST_CASE("OpenMPI: run stops ranks that outgrow the memory budget and leaves none behind",
          "[mpi]") {
  TempDir dir;
  // 32 ranks of OpenMPI hold about 100 MB between them, which the estimate (the schedule's
  // buffers: kilobytes) does not count; the watch does (every 0.5 s: the run takes over a
  // second to start its ranks), and each rank has a group of its own
  const auto t = build_topology("ring(32)");
  const std::string file =
      dir.write("te.json", generate_checked(*t, GenRequest("total-exchange")).schedule());
  const auto over =
      exec::run_process({NETSCHED_BIN, "--max-memory", "16M", "run", file}, dir.path, 120);
  CHECK(over.exit_code == 2);
  CHECK(over.err.starts_with("netsched: mpirun stopped at the memory budget: its processes held "));
  CHECK(over.err.ends_with(", over 16.8 MB (--max-memory sets it)\n"));
  CHECK_FALSE(process_mentions(file));  // no rank outlives the run
  CHECK(exec::run_process({NETSCHED_BIN, "run", file}, dir.path, 120).exit_code == 0);
  // SIGINT to netsched while the ranks start (the run takes over a second): it kills mpirun,
  // and the ranks mpirun can no longer stop are killed too, from the watch's last sample
  for (const char* after : {"0.3", "0.6"}) {
    INFO("SIGINT after " << after << " s");
    const auto interrupted =
        exec::run_process({"sh", "-c",
                           std::string(NETSCHED_BIN) + " run " + file + " & p=$!; sleep " + after +
                               "; kill -INT $p; wait $p"},
                          dir.path, 120);
    CHECK(interrupted.exit_code == 128 + SIGINT);
    CHECK_FALSE(process_mentions(file));
  }
}

TEST_CASE("a timed-out child is asked to stop first, and killed when it does not", "[exec]") {
  TempDir dir;
  // SIGINT after the timeout: the child says its last word on the way out, and the output of
  // the group's every process is awaited (the shell's child outlives the shell)
  const auto polite = exec::run_process(
      {"sh", "-c", "sh -c \"trap 'echo stopped >&2; exit 1' INT; while :; do sleep 0.05; done\""},
      dir.path, 0.5, 10);
  CHECK(polite.timed_out);
  CHECK(polite.err == "stopped\n");
  // one deaf to SIGINT is killed once the grace is over
  const auto start = std::chrono::steady_clock::now();
  const auto deaf =
      exec::run_process({"sh", "-c", "trap '' INT; sleep 30; echo late"}, dir.path, 0.5, 0.5);
  CHECK(deaf.timed_out);
  CHECK(deaf.out.empty());
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));
}

TEST_CASE("a child group over its memory limit is stopped and says how much it held", "[exec]") {
  TempDir dir;
  // a shell's child writes 200 MB and waits: the group's memory counts the child's
  const std::vector<std::string> hog = {
      "sh", "-c",
      "python3 -c \"import time; x = bytearray(200 << 20); time.sleep(30)\"; echo late"};
  const auto start = std::chrono::steady_clock::now();
  const auto stopped = exec::run_process(hog, dir.path, 0, 1, std::uint64_t{100} << 20);
  CHECK(stopped.over_memory);
  CHECK_FALSE(stopped.timed_out);
  CHECK(stopped.stopped());
  CHECK(stopped.exit_code == -1);
  CHECK(stopped.out.empty());
  CHECK(stopped.peak_memory > (std::uint64_t{100} << 20));
  CHECK(stopped.memory_limit == (std::uint64_t{100} << 20));
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));
  // under the limit it ends by itself, its peak sampled
  const auto fits = exec::run_process(
      {"sh", "-c", "python3 -c \"import time; x = bytearray(20 << 20); time.sleep(1.2)\""},
      dir.path, 0, 1, std::uint64_t{1} << 30);
  CHECK_FALSE(fits.stopped());
  CHECK(fits.exit_code == 0);
  CHECK(fits.peak_memory > (std::uint64_t{20} << 20));
  CHECK(fits.peak_memory < (std::uint64_t{1} << 30));
  // without a limit nothing is sampled
  CHECK(exec::run_process({"true"}, dir.path).peak_memory == 0);
}

TEST_CASE("a descendant in a process group of its own is watched and killed with the run",
          "[exec]") {
  TempDir dir;
  // as mpirun's ranks: the child that holds the memory leads a session and group of its own
  const std::string pid_file = dir.path + "/hog.pid";
  const std::vector<std::string> hog = {
      "sh", "-c",
      "setsid python3 -c \"import os, time; open('" + pid_file +
          "', 'w').write(str(os.getpid())); x = bytearray(200 << 20); time.sleep(30)\" & wait"};
  const auto start = std::chrono::steady_clock::now();
  const auto stopped = exec::run_process(hog, dir.path, 0, 1, std::uint64_t{100} << 20);
  CHECK(stopped.over_memory);
  CHECK(stopped.peak_memory > (std::uint64_t{100} << 20));
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));
  std::ifstream in(pid_file);
  long hog_pid = 0;
  REQUIRE(in >> hog_pid);
  // gone, or a zombie awaiting its reaper: not running, holding nothing
  const auto running = [&] {
    std::ifstream stat("/proc/" + std::to_string(hog_pid) + "/stat");
    std::string pid, comm, state;
    return stat >> pid >> comm >> state && state != "Z";
  };
  for (int i = 0; i < 20 && running(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  CHECK_FALSE(running());
}

TEST_CASE("a run stopped unfinished: the clock reached less an unfinished rank's start", "[exec]") {
  const std::string stopped =
      "[0.006238108145] [ker_engine/INFO] CTRL-C pressed. The current status will be displayed\n"
      "[0.006238108145] [ker_engine/INFO] Actor 1 (0@n0) simcall actor::ActivityWaitanySimcall\n";
  const std::string started =
      "netsched-exec: rank 0 starts timing at 0.000013016000 s\n"
      "netsched-exec: rank 2 starts timing at 0.000014032000 s\n"
      "netsched-exec: rank 1 starts timing at 0.000014000000 s\n";
  // the earliest start of a rank still timing
  CHECK(exec::unfinished_seconds(started + stopped, 3, false) ==
        Approx(0.006238108145 - 0.000013016).epsilon(1e-12));
  // rank 0 done: the others bound it; every rank done: nothing does
  const std::string done0 = "netsched-exec: rank 0 stops timing at 0.000020000000 s\n";
  CHECK(exec::unfinished_seconds(started + done0 + stopped, 3, false) ==
        Approx(0.006238108145 - 0.000014).epsilon(1e-12));
  CHECK_FALSE(
      exec::unfinished_seconds(started + done0 + "netsched-exec: rank 1 stops timing at 0.1 s\n" +
                                   "netsched-exec: rank 2 stops timing at 0.1 s\n" + stopped,
                               3, false));
  // the executor's own clock lines, the latest of them, without SimGrid's last word
  const std::string ticks =
      "netsched-exec: simulated clock at 0.002 s\n"
      "netsched-exec: simulated clock at 0.004 s\n";
  CHECK(exec::unfinished_seconds(started + ticks, 3, false) ==
        Approx(0.004 - 0.000013016).epsilon(1e-12));
  CHECK(exec::unfinished_seconds(started + ticks + stopped, 3, false) ==
        Approx(0.006238108145 - 0.000013016).epsilon(1e-12));
  CHECK_FALSE(exec::unfinished_seconds(started, 3, false));  // no clock
  CHECK_FALSE(exec::unfinished_seconds(ticks, 3, false));    // no rank had started
  // SMPI's trace replay starts every rank at 0
  CHECK(exec::unfinished_seconds(stopped, 3, true) == Approx(0.006238108145).epsilon(1e-12));
  // a rank out of range or a start that is no number is no start
  CHECK_FALSE(
      exec::unfinished_seconds("netsched-exec: rank 7 starts timing at 0 s\n" + stopped, 3, false));
  CHECK_FALSE(
      exec::unfinished_seconds("netsched-exec: rank 0 starts timing at x s\n" + stopped, 3, false));
}

// Reproduction (docs/BANDWIDTH-SIMGRID.md of 2026-11-29): an MPI algorithm past the timeout had
// no figure at all, though SimGrid had simulated most of it by then.
namespace {

/// spreading_simple's all-gather on `spec` at 64 KiB, simulated whole and then stopped part way
/// (run, or replayed by SMPI's trace replay); checks that the stopped row is bounded below the
/// whole time. The cut is half the whole simulation's wall time, measured here, so that under a
/// loaded machine the ranks' set-up (seconds for hundreds of ranks) still fits before it.
struct StoppedRun {
  std::string file;
  exec::SimulateResult cut;
  double whole_seconds = 0;  ///< simulated
  double run_wall = 0;       ///< seconds of wall time the MPI run alone took to finish
};
/// smpirun on the platform simulate wrote in dir (ranks of its hosts), with simulate's
/// privatization, computation and network model settings, then `rest`.
std::vector<std::string> smpirun_on(const TempDir& dir, int ranks, std::vector<std::string> rest) {
  std::vector<std::string> a = {"smpirun",
                                "-np",
                                std::to_string(ranks),
                                "-platform",
                                dir.path + "/platform0.xml",
                                "-hostfile",
                                dir.path + "/hosts0.txt",
                                "--cfg=smpi/privatization:no",
                                "--cfg=smpi/simulate-computation:no",
                                "--cfg=network/model:CM02"};
  a.insert(a.end(), rest.begin(), rest.end());
  return a;
}

/// Where a wall-time cut fell in a run: before its first clock line, inside, or after its end.
enum class CutFell { BeforeClock, Inside, AfterEnd };

/// A wall-time cut depends on the machine's load: the ranks' set-up alone can outlast a fixed
/// fraction of an earlier timing. Cuts at up to four fractions of `run_wall`, bisecting toward
/// the window where the run had printed a clock and not ended; returns the last cut tried.
template <class Attempt>
double cut_inside(double run_wall, Attempt attempt) {
  double low = 0, high = 1, fraction = 1.0 / 3;
  double cut = 0;
  for (int tries = 0; tries < 4; ++tries) {
    cut = std::max(0.2, run_wall * fraction);
    const CutFell fell = attempt(cut);
    if (fell == CutFell::Inside) break;
    (fell == CutFell::BeforeClock ? low : high) = fraction;
    fraction = (low + high) / 2;
  }
  return cut;
}

StoppedRun stopped_spreading_simple(const TempDir& dir, const char* spec, bool replay) {
  const auto t = build_topology(spec);
  const CheckedSchedule c = generate_checked(*t, GenRequest("all-gather"));
  StoppedRun out{dir.write("ag.json", c.schedule()), {}, 0, 0};
  auto o = sim_options(dir, c, {65536}, {"spreading_simple"});
  o.anchor = false;
  o.mpi_trace_replay = replay;
  o.jobs = 1;  // one run at a time, so the MPI run's own wall time is the difference below
  const auto wall = [&](const exec::SimulateOptions& options, exec::SimulateResult* result) {
    const auto start = std::chrono::steady_clock::now();
    *result =
        exec::simulate(*build_topology(c.schedule().topology), out.file, c.schedule(), options);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  exec::SimulateResult whole, schedule_only;
  const double both = wall(o, &whole);
  auto alone = o;
  alone.algorithms = {"none"};
  out.run_wall = both - wall(alone, &schedule_only);
  cut_inside(out.run_wall, [&](double cut) {
    o.timeout_seconds = cut;
    out.cut = exec::simulate(*build_topology(c.schedule().topology), out.file, c.schedule(), o);
    const exec::SimRow& row = out.cut.rows.at(1);
    if (row.seconds) return CutFell::AfterEnd;
    return row.unfinished_after ? CutFell::Inside : CutFell::BeforeClock;
  });
  INFO(exec::to_text(whole) << exec::to_text(out.cut));
  REQUIRE(whole.rows.size() == 2);
  REQUIRE(out.cut.rows.size() == 2);
  const exec::SimRow& finished = whole.rows[1];
  const exec::SimRow& stopped = out.cut.rows[1];
  REQUIRE(finished.seconds);
  CHECK((finished.timed_by == exec::TimedBy::SmpiTraceReplay) == replay);
  CHECK_FALSE(stopped.seconds);
  REQUIRE(stopped.unfinished_after);
  CHECK(*stopped.unfinished_after > 0);
  CHECK(*stopped.unfinished_after < *finished.seconds);
  out.whole_seconds = *finished.seconds;
  return out;
}

/// smpirun killed outright at a cut inside its run (no grace, so no SIGINT and nothing from
/// SimGrid): the bound its own clock lines give.
struct KilledRun {
  exec::ProcessResult process;
  std::optional<double> bound;
};
KilledRun killed_inside(const TempDir& dir, const std::vector<std::string>& argv, double run_wall,
                        int ranks, bool replay) {
  KilledRun out;
  cut_inside(run_wall, [&](double cut) {
    out.process = exec::run_process(argv, dir.path, cut);
    out.bound = exec::unfinished_seconds(out.process.err, ranks, replay);
    if (!out.process.timed_out) return CutFell::AfterEnd;
    return out.bound ? CutFell::Inside : CutFell::BeforeClock;
  });
  return out;
}

}  // namespace

TEST_CASE("simulate: a run stopped at its timeout says how long it had run unfinished", "[smpi]") {
  TempDir dir;
  // spreading_simple's all-gather on 128 ranks takes several seconds to simulate
  const auto [file, cut, whole_seconds, run_wall] =
      stopped_spreading_simple(dir, "hypercube(7)", false);
  const exec::SimRow& stopped = cut.rows.at(1);
  CHECK(exec::to_text(cut).find("still unfinished") != std::string::npos);
  CHECK(exec::to_json(cut)["rows"][1]["unfinished_after_seconds"] == *stopped.unfinished_after);
  // the executor's own clock lines bound it without SimGrid's last word: the same run killed
  // outright (no grace, so no SIGINT) on the platform simulate wrote
  const auto [killed, bound] = killed_inside(
      dir,
      smpirun_on(dir, 128,
                 {"--cfg=smpi/shared-malloc-blocksize:" +
                      std::to_string(exec::shared_block_bytes(128, 65536)),
                  "--cfg=smpi/allgather:spreading_simple", NETSCHED_EXEC_SMPI_PATH, file, "--bytes",
                  "65536", "--timing", "--json", "--only", "mpi", "--announce-timing"}),
      run_wall, 128, false);
  INFO(killed.err.substr(0, 2000));
  CHECK(killed.timed_out);
  CHECK(killed.err.find("CTRL-C pressed") == std::string::npos);
  CHECK(killed.err.find("netsched-exec: simulated clock at ") != std::string::npos);
  REQUIRE(bound);
  CHECK(*bound > 0);
  CHECK(*bound < whole_seconds);
}

// Reproduction (docs/BANDWIDTH-SIMGRID.md of 2026-11-30): rab2's trace replay on
// hypernet(2,2,3), stopped at the timeout, printed no clock before the SIGKILL (SimGrid's SIGINT
// handler did not get to), so its row had no bound; netsched-smpi-replay prints the clock itself.
TEST_CASE("simulate: a trace replay stopped at its timeout says how long it had run unfinished",
          "[smpi]") {
  TempDir dir;
  // spreading_simple's all-gather replayed on 256 ranks takes about 12 s to simulate, 2 of them
  // setting up the ranks (more on a loaded machine: the cuts move until one falls inside)
  const auto stopped = stopped_spreading_simple(dir, "hypercube(8)", true);
  const double whole_seconds = stopped.whole_seconds;
  // killed outright (no SIGINT, so SimGrid prints nothing): the replay's own clock lines bound it
  // (it prints one at the first advance, after the ranks' set-up)
  const auto [killed, bound] = killed_inside(
      dir,
      smpirun_on(dir, 256,
                 {"-replay", dir.path + "/smpi-trace-65536.list",
                  "--cfg=smpi/allgather:spreading_simple", NETSCHED_SMPI_REPLAY_PATH}),
      stopped.run_wall, 256, true);
  INFO(killed.err.substr(0, 2000));
  CHECK(killed.timed_out);
  CHECK(killed.err.find("CTRL-C pressed") == std::string::npos);
  CHECK(killed.err.find(exec::kClockMark) != std::string::npos);
  REQUIRE(bound);
  CHECK(*bound > 0);
  CHECK(*bound < whole_seconds);
  // smpirun without -replay: the program says how it is run, and fails
  const auto alone =
      exec::run_process(smpirun_on(dir, 2, {NETSCHED_SMPI_REPLAY_PATH}), dir.path, 60);
  CHECK(alone.exit_code != 0);
  CHECK(alone.err.find("netsched-smpi-replay: run it by smpirun -replay") != std::string::npos);
}

// Reproduction (issue 82, finding 6): simulate exited 4 on every default all-reduce, because
// SMPI refuses one of its algorithms (rab) for the datatype; the rows were unsorted and nothing
// set the schedule against MPI's fastest.
TEST_CASE("simulate: an MPI algorithm SMPI refuses is a row with its reason, and the run answers",
          "[smpi]") {
  TempDir dir;
  const auto t = build_topology("hypercube(3)");
  const std::string file =
      dir.write("ar.json", generate_checked(*t, GenRequest("all-reduce")).schedule());
  const auto run = exec::run_process(
      {NETSCHED_BIN, "simulate", file, "--bytes", "8", "--algorithms", "rab,rdb,lr"}, dir.path);
  INFO(run.out << run.err);
  CHECK(run.exit_code == 0);
  const auto at = [&](const std::string& what) { return run.out.find(what); };
  REQUIRE(at("no time: ") != std::string::npos);
  // MPI's rows fastest first, the one without a time last, then the closing lines
  CHECK(at("MPI      rab") > at("MPI      rdb"));
  CHECK(at("MPI      rab") > at("MPI      lr"));
  CHECK(at("fastest MPI: ") > at("MPI      rab"));
  CHECK(at("1 of ") < at(" runs gave no time (see 'no time' above); the schedule's runs and"));
  const auto as_json = exec::run_process(
      {NETSCHED_BIN, "simulate", file, "--bytes", "8", "--algorithms", "rab,rdb,lr", "--json"},
      dir.path);
  CHECK(as_json.exit_code == 0);
  const auto j = nlohmann::json::parse(as_json.out);
  CHECK(j["answered"] == true);
  CHECK(j["all_answered"] == false);
  REQUIRE(j["fastest_mpi"].size() == 1);
  const auto& fastest = j["fastest_mpi"][0];
  CHECK((fastest["algorithm"] == "rdb" || fastest["algorithm"] == "lr"));
  // the fastest is no slower than any MPI row that has a time, and the ratio is the rows'
  double schedule = 0;
  for (const auto& row : j["rows"]) {
    if (row["what"] == "schedule") schedule = row["seconds"].get<double>();
    if (row["what"] == "mpi" && !row["seconds"].is_null())
      CHECK(fastest["seconds"].get<double>() <= row["seconds"].get<double>());
  }
  CHECK(fastest["schedule_over_it"].get<double>() ==
        Approx(schedule / fastest["seconds"].get<double>()));
  // with no MPI algorithm that gives a time, the simulation has not answered: exit 4
  CHECK(exec::run_process({NETSCHED_BIN, "simulate", file, "--bytes", "8", "--algorithms", "rab"},
                          dir.path)
            .exit_code == 4);
}

TEST_CASE(
    "simulate as a user meets it: bad choices refused first, no time is exit 4, SIGTERM "
    "cleans up",
    "[smpi]") {
  TempDir dir;
  const auto t = build_topology("hypercube(7)");
  const std::string file =
      dir.write("te.json", generate_checked(*t, GenRequest("total-exchange")).schedule());
  const std::string sim = std::string(NETSCHED_BIN) + " simulate " + file;
  auto status = [](const std::string& cmd) {
    const int s = std::system((cmd + " >/dev/null 2>&1").c_str());
    return WIFEXITED(s) ? WEXITSTATUS(s) : -1;
  };
  CHECK(status(sim + " --algorithms nosuch") == 2);
  CHECK(status(sim + " --model foo") == 2);
  CHECK(status(sim + " --jobs 100000") == 2);
  CHECK(status(sim + " --simgrid-cfg network/crosstraffic:1 --simgrid-cfg "
                     "maxmin/concurrency-limit:8") == 2);
  CHECK(status(sim + " --algorithms pair --timeout 0.001") == 4);
  // a register collective's registers of under 8 MiB a rank are private to every simulated
  // rank: counted first
  const auto q = build_topology("hypercube(3)");
  const std::string rs =
      dir.write("rs.json", generate_checked(*q, GenRequest("reduce-scatter")).schedule());
  const auto refused = exec::run_process({NETSCHED_BIN, "--max-memory", "4M", "simulate", rs,
                                          "--bytes", "65536", "--algorithms", "none"},
                                         dir.path);
  CHECK(refused.exit_code == 2);
  CHECK(refused.err ==
        "netsched: simulating 8 ranks' registers at 65536 bytes a register "
        "needs about 8.4 MB, over the memory budget of 4.2 MB (--max-memory)\n");
  // a run that outgrows the budget is stopped, its row says so, and simulate exits 4 (SimGrid
  // alone holds tens of MB; the schedule's 128 ranks run for seconds, sampled every 0.5 s)
  const auto over =
      exec::run_process({NETSCHED_BIN, "--max-memory", "16M", "simulate", file, "--bytes", "16384",
                         "--algorithms", "none", "--no-anchor", "--json"},
                        dir.path);
  CHECK(over.exit_code == 4);
  const auto over_row = nlohmann::json::parse(over.out).at("rows").at(0);
  CHECK(over_row.at("seconds").is_null());
  CHECK(over_row.at("error").get<std::string>().starts_with(
      "stopped at the memory budget: its processes held "));
  CHECK(over_row.at("peak_memory_bytes").get<std::uint64_t>() > (std::uint64_t{16} << 20));
  // smpirun splits and expands its arguments again: an odd schedule name is passed by a link,
  // an odd work directory refused in one line
  const std::string odd = dir.path + "/odd dir $x";
  std::filesystem::create_directories(odd);
  std::filesystem::copy_file(file, odd + "/te 'x'.json");
  const auto linked =
      exec::run_process({NETSCHED_BIN, "simulate", odd + "/te 'x'.json", "--bytes", "64",
                         "--algorithms", "basic_linear", "--no-anchor", "--json"},
                        dir.path);
  CHECK(linked.exit_code == 0);
  CHECK(nlohmann::json::parse(linked.out).at("schedule") == odd + "/te 'x'.json");
  const auto kept = exec::run_process(
      {NETSCHED_BIN, "simulate", file, "--algorithms", "none", "--keep", odd + "/k"}, dir.path);
  CHECK(kept.exit_code == 2);
  CHECK(kept.err.find("has a character smpirun cannot pass") != std::string::npos);
  CHECK(std::count(kept.err.begin(), kept.err.end(), '\n') == 1);
  // MPI's buffers over the budget where the schedule's are not: MPI's algorithms are timed by
  // SMPI's trace replay, as they are timed by running MPI's program where that fits
  const std::string pieced = dir.path + "/rs16.json";
  REQUIRE(exec::run_process({NETSCHED_BIN, "gen", "hypercube(4)", "reduce-scatter", "--bytes",
                             "1048576", "--ports", "all-port", "-o", pieced},
                            dir.path)
              .exit_code == 0);
  auto mpi_row = [&](const char* budget) {
    const auto p =
        exec::run_process({NETSCHED_BIN, "--max-memory", budget, "simulate", pieced, "--bytes",
                           "262144", "--algorithms", "ompi_ring", "--no-anchor", "--json"},
                          dir.path);
    INFO(p.err);
    REQUIRE(p.exit_code == 0);
    return nlohmann::json::parse(p.out).at("rows").at(1);
  };
  const auto replayed = mpi_row("300M"), ran = mpi_row("600M");
  CHECK(replayed.value("timed_by", "") == "smpi-trace-replay");
  CHECK_FALSE(ran.contains("timed_by"));
  CHECK(replayed.at("seconds").get<double>() ==
        Approx(ran.at("seconds").get<double>()).epsilon(1e-3));
  const auto small = exec::run_process({NETSCHED_BIN, "--max-memory", "100M", "simulate", pieced,
                                        "--bytes", "262144", "--algorithms", "ompi_ring"},
                                       dir.path);
  CHECK(small.exit_code == 2);
  CHECK(small.err.find("SMPI's trace replay of MPI's algorithms on 16 ranks' registers") !=
        std::string::npos);
  // SIGTERM in the middle: smpirun is stopped and the scratch directory removed
  const std::string tmp = dir.path + "/tmp";
  std::filesystem::create_directories(tmp);
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::setenv("TMPDIR", tmp.c_str(), 1);
    ::execl(NETSCHED_BIN, NETSCHED_BIN, "simulate", file.c_str(), "--bytes", "65536",
            "--algorithms", "basic_linear,pair,ring", "--jobs", "1", "--no-anchor",
            static_cast<char*>(nullptr));
    ::_exit(127);
  }
  bool started = false;
  for (int i = 0; i < 600 && !started; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    started = process_mentions(tmp + "/netsched.") && process_mentions("smpirun");
  }
  REQUIRE(started);
  ::kill(pid, SIGTERM);
  int st = 0;
  ::waitpid(pid, &st, 0);
  CHECK(WIFSIGNALED(st));
  CHECK(WTERMSIG(st) == SIGTERM);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  CHECK_FALSE(process_mentions(tmp + "/netsched."));
  CHECK(std::filesystem::is_empty(tmp));
}
