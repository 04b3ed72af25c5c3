// The public C++ API (api/netsched.hpp) against the layers it fronts: the same facts, the same
// verdicts and messages, lossless files, and graph(...) specs for graphs held in memory.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "analysis/checked.hpp"
#include "analysis/info.hpp"
#include "api/netsched.hpp"
#include "gen/topology.hpp"
#include "tests/scratch.hpp"

namespace ns = netsched::api;
using Links = std::vector<std::pair<std::uint64_t, std::uint64_t>>;

namespace {

std::string text_of(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

/// The message of the InputError `work` throws ("" when it throws none).
template <class Work>
std::string refusal(Work&& work) {
  try {
    work();
  } catch (const ns::InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("api: a network's facts are the CLI's") {
  const auto net = ns::Network::from_spec("hdn(torus(2,3), sn=[{0}])");
  const auto internal = netsched::build_topology("hdn(torus(2,3), sn=[{0}])");
  CHECK(net.spec() == internal->spec());
  CHECK(net.family() == "hdn");
  CHECK(net.nodes() == 36);
  auto mine = nlohmann::json::parse(net.info_json());
  auto theirs = netsched::topology_info(*internal);
  mine.erase("seconds");
  theirs.erase("seconds");
  CHECK(mine == theirs);
  CHECK(net.links().size() == theirs["edges"].get<std::size_t>());
  const auto labels = net.labels();
  REQUIRE(labels.size() == 36);
  for (std::uint64_t u : {0u, 7u, 35u}) CHECK(net.node(labels[u]) == u);
  for (auto [a, b] : net.links())
    CHECK(internal->adjacent(internal->serial_node(a), internal->serial_node(b)));
}

TEST_CASE("api: links in memory are graph(N, links=[...]), and build the same network again") {
  const Links c5 = {{1, 0}, {1, 2}, {2, 3}, {3, 4}, {4, 0}};
  const auto net = ns::Network::from_links(5, c5);
  CHECK(net.family() == "graph");
  CHECK(net.spec() == "graph(5, links=[{0,1},{1,2},{2,3},{3,4},{0,4}])");
  CHECK(ns::Network::from_spec(net.spec()).links() == net.links());
  CHECK(net.links() == Links{{0, 1}, {0, 4}, {1, 2}, {2, 3}, {3, 4}});
  CHECK(refusal([] {
          ns::Network::from_links(4, {{0, 1}, {1, 2}});
        }) == "spec column 1: graph: 2 links cannot connect 4 nodes");
  CHECK(refusal([] {
          ns::Network::from_links(3, {{0, 1}, {1, 2}, {2, 0}, {0, 1}});
        }).find("multi-edge") != std::string::npos);
  CHECK(refusal([] {
          ns::Network::from_links(3, {{0, 1}, {1, 3}});
        }).find("two different nodes below 3") != std::string::npos);
  CHECK(refusal([] { ns::Network::from_links(3, {{0, 1}, {2, 2}}); }) != "");
  CHECK(refusal([] { ns::Network::from_links(0, {}); }) != "");
  CHECK(ns::Network::from_links(1, {}).nodes() == 1);
}

TEST_CASE("api: bad input is api::InputError with the library's own message") {
  std::string internal;
  try {
    netsched::build_topology("torus(2,");
  } catch (const netsched::InputError& e) {
    internal = e.what();
  }
  CHECK(refusal([] { ns::Network::from_spec("torus(2,"); }) == internal);
  const auto ring = ns::Network::from_spec("ring(5)");
  CHECK(refusal([&] { ring.node("(7)"); }) != "");
  CHECK(refusal([&] { ns::generate(ring, "no-such"); }) != "");
  ns::GenerateOptions rooted;
  rooted.root = "1";
  CHECK(refusal([&] { ns::generate(ring, "total-exchange", rooted); }) ==
        "root applies to rooted collectives, not total-exchange");
  CHECK(refusal([&] { ns::prove_min_steps_json(ring, "broadcast", std::nullopt, 0); }) != "");
  CHECK(refusal([&] { ns::prove_min_steps_json(ring, "reduce"); }).find("min-steps answers") == 0);
  CHECK(refusal([] { ns::Schedule::from_json("{"); }) != "");
  CHECK(refusal([] { ns::Schedule::read("/nonexistent/netsched.json"); }) != "");
  CHECK(refusal([&] { ns::generate(ring, "broadcast").transfers(99); }) ==
        "step 99 of a schedule of 3 steps");
}

TEST_CASE("api: generated schedules are checked, and their files are the CLI's, losslessly") {
  const auto net = ns::Network::from_spec("hypercube(3)");
  ns::GenerateOptions o;
  o.algorithm = "recursive-doubling";
  const auto s = ns::generate(net, "all-gather", o);
  CHECK(s.algorithm() == "recursive-doubling");
  CHECK(s.steps() == 3);
  CHECK(s.holds());
  const auto verdict = nlohmann::json::parse(s.verify_json());
  CHECK(verdict["ok"] == true);
  CHECK(verdict["steps"] == 3);
  // The same file write_schedule writes for the same checked schedule.
  const auto internal = netsched::build_topology("hypercube(3)");
  netsched::GenRequest req("all-gather", "recursive-doubling");
  CHECK(s.to_json() == netsched::schedule_file_text(netsched::generate_checked(*internal, req)));
  const auto back = ns::Schedule::from_json(s.to_json());
  CHECK(back.to_json() == s.to_json());
  CHECK(back.verify_json() == s.verify_json());
  for (std::uint64_t i = 0; i < s.steps(); ++i) {
    const auto a = s.transfers(i), b = back.transfers(i);
    REQUIRE(a.size() == b.size());
    for (std::size_t k = 0; k < a.size(); ++k)
      CHECK(
          (a[k].from == b[k].from && a[k].to == b[k].to && a[k].payload_json == b[k].payload_json));
  }
  const std::filesystem::path path = netsched::testing::scratch_path("api_test.json");
  s.write(path.string());
  CHECK(text_of(path) == s.to_json());
  CHECK(ns::Schedule::read(path.string()).holds());
  std::filesystem::remove(path);
}

TEST_CASE("api: ports re-time a schedule for a machine with fewer, as gen --ports") {
  const auto net = ns::Network::from_spec("torus(4,4)");
  ns::GenerateOptions o;
  o.algorithm = "flood";
  o.ports = "one-port";
  const auto s = ns::generate(net, "all-reduce", o);
  CHECK(s.port_model() == "one-port");
  CHECK(s.algorithm() == "flood re-timed to one-port");
  CHECK(s.holds());
  o.ports = "none";
  CHECK_THROWS_AS(ns::generate(net, "all-reduce", o), ns::InputError);
}

TEST_CASE("api: a tampered record and a violated schedule are refused, never written") {
  const auto s = ns::generate(ns::Network::from_spec("ring(6)"), "broadcast");
  auto file = nlohmann::json::parse(s.to_json());
  file["verification"]["steps"] = file["verification"]["steps"].get<int>() + 1;
  CHECK(refusal([&] { ns::Schedule::from_json(file.dump()).verify_json(); }).find("tampered") !=
        std::string::npos);
  file.erase("verification");
  file["steps"].erase(0);  // later senders do not hold the chunk yet
  const auto broken = ns::Schedule::from_json(file.dump());
  CHECK_FALSE(broken.holds());
  CHECK(nlohmann::json::parse(broken.verify_json())["ok"] == false);
  const std::filesystem::path path = netsched::testing::scratch_path("api_violated.json");
  CHECK(refusal([&] { broken.write(path.string()); }).find("no violated schedule is written") !=
        std::string::npos);
  CHECK_FALSE(std::filesystem::exists(path));
}

TEST_CASE("api: routes and min-steps answer as the CLI's --json") {
  const auto net = ns::Network::from_spec("hdn(torus(2,3), sn=[{0}])");
  const auto r = nlohmann::json::parse(ns::route_json(net, "0", "5"));
  CHECK(r["path"].front() == 0);
  CHECK(r["path"].back() == 5);
  CHECK(r["length"].get<int>() >= r["distance"].get<int>());
  const auto petersen = ns::Network::from_links(10, {{0, 1},
                                                     {1, 2},
                                                     {2, 3},
                                                     {3, 4},
                                                     {4, 0},
                                                     {0, 5},
                                                     {1, 6},
                                                     {2, 7},
                                                     {3, 8},
                                                     {4, 9},
                                                     {5, 7},
                                                     {7, 9},
                                                     {9, 6},
                                                     {6, 8},
                                                     {8, 5}});
  const auto p = nlohmann::json::parse(ns::prove_min_steps_json(petersen, "broadcast"));
  CHECK(p["result"] == "optimal");
  CHECK(p["steps"] == 4);  // ceil(log2 10) = 4 reached: Z3 found a 4-step schedule
  CHECK(p["lower_bound"] == 4);
  CHECK(ns::version() == NETSCHED_PROJECT_VERSION);
}

TEST_CASE("api: the docs' C++ example is examples/cpp, verbatim") {
  const std::filesystem::path src = NETSCHED_SOURCE_DIR;
  const std::string doc = text_of(src / "docs/library.md");
  CHECK(doc.find("```cpp\n" + text_of(src / "examples/cpp/main.cpp") + "```") != std::string::npos);
  CHECK(doc.find("```cmake\n" + text_of(src / "examples/cpp/CMakeLists.txt") + "```") !=
        std::string::npos);
}

TEST_CASE("api: a moved-from Network or Schedule still holds what it held") {
  ns::Network a = ns::Network::from_spec("ring(5)");
  const ns::Network b = std::move(a);
  CHECK(a.nodes() == 5);  // NOLINT(bugprone-use-after-move,clang-analyzer-cplusplus.Move): tested
  CHECK(b.nodes() == 5);
  ns::Schedule s = ns::generate(b, "broadcast");
  const ns::Schedule t = std::move(s);
  CHECK(s.steps() == t.steps());  // NOLINT(bugprone-use-after-move,clang-analyzer-cplusplus.Move)
  CHECK_THROWS_AS(ns::algorithms(b, "nosuch"), ns::InputError);
}
