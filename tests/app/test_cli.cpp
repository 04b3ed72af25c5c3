#include <fmt/format.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/verdict.hpp"
#include "tests/app/cli_run.hpp"
#include "tests/scratch.hpp"

TEST_CASE("netsched info --json prints the documented keys") {
  const auto r = run("info 'hdn(torus(2,3,5), sn=[{0,1}])' --json");
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["nodes"] == 300);
  CHECK(j["vertex_transitive"] == true);
  CHECK(j["paper"].is_array());
}

TEST_CASE("a bad spec gives one line naming the column and exit code 2") {
  const auto r = run("info 'torus(2,,5)'");
  CHECK(r.code == 2);
  CHECK(r.err == "netsched: spec column 9: expected a non-negative integer, found ','\n");
  CHECK(r.out.empty());
}

TEST_CASE("usage errors exit 2 and --help exits 0") {
  CHECK(run("").code == 2);
  CHECK(run("frobnicate").code == 2);
  CHECK(run("info").code == 2);
  CHECK(run("export 'ring(3)' --format png").code == 2);
  CHECK(run("--help").code == 0);
  CHECK(run("info --help").code == 0);
}

TEST_CASE("export writes edge lists, dot and json, and nothing on error") {
  const std::string file = netsched::testing::scratch_path("export_test");
  std::filesystem::remove(file);
  REQUIRE(run("export 'ring(4)' --format edgelist -o " + file).code == 0);
  std::ifstream in(file);
  std::stringstream ss;
  ss << in.rdbuf();
  CHECK(ss.str() == "0 1\n0 3\n1 2\n2 3\n");
  const auto dot = run("export 'path(3)' --format dot");
  CHECK(dot.out.find("0 -- 1;") != std::string::npos);
  const auto js = nlohmann::json::parse(run("export 'path(3)' --format json").out);
  CHECK(js["edges"].size() == 2);
  const std::string missing = netsched::testing::scratch_path("export_bad");
  CHECK(run("export 'ring(0)' -o " + missing).code == 2);
  CHECK_FALSE(std::filesystem::exists(missing));
  CHECK(run("export 'ring(3)' -o /nonexistent/dir/x.txt").code == 2);
}

namespace {

void spit(const std::string& p, const std::string& text) { std::ofstream(p) << text; }

}  // namespace

TEST_CASE("gen writes a checked broadcast that verify accepts (exit 0)") {
  const std::string f = netsched::testing::scratch_path("bcast.json");
  const auto g = run("gen 'hdn(torus(2,3,5), sn=[{0,1}])' broadcast --root '(1,2,3,4)' -o " + f);
  REQUIRE(g.code == 0);
  CHECK(g.out.find("checked: holds") != std::string::npos);
  const auto v = run("verify " + f + " --json");
  REQUIRE(v.code == 0);
  const auto j = nlohmann::json::parse(v.out);
  CHECK(j["ok"] == true);
  CHECK(j["within_bound"] == true);
  CHECK(j["lower_bound"].get<int>() <= j["steps"].get<int>());
  CHECK(j["cost"]["pair"][0] == j["steps"]);
}

TEST_CASE(
    "a routed all-to-all: generated for a routing network, refused by others, exported to "
    "MSCCL-IR and imported back only as routed") {
  const std::string f = netsched::testing::scratch_path("direct.json");
  const std::string xml = netsched::testing::scratch_path("direct.xml");
  const auto g = run("gen 'torus(3,3)' total-exchange --bytes 4096 --ports routed -o " + f);
  REQUIRE(g.code == 0);
  CHECK(g.out.find("by direct, 1 steps, 72 transfers, checked: holds") != std::string::npos);
  const auto one = run("gen 'torus(3,3)' total-exchange --algorithm direct --ports one-port -o " +
                       netsched::testing::scratch_path("no.json"));
  CHECK(one.code == 2);
  CHECK(one.err ==
        "netsched: a routed schedule is not re-timed to one-port: its transfers join nodes that "
        "need not be neighbours\n");
  REQUIRE(run("msccl export " + f + " -o " + xml).code == 0);
  const auto linked = run("msccl import " + xml + " --network 'torus(3,3)'");
  CHECK(linked.code == 1);
  CHECK(linked.err.find("which is not its neighbour on torus(3,3)") != std::string::npos);
  const auto routed = run("msccl import " + xml + " --network 'torus(3,3)' --routed");
  CHECK(routed.code == 0);
  CHECK(routed.out.find("routed on torus(3,3) (--routed: links not checked); rebuilt as 1 routed "
                        "steps that hold") != std::string::npos);
}

TEST_CASE("verify exits 1 with the witness on a violated schedule, 2 on a tampered one") {
  const std::string f = netsched::testing::scratch_path("bad.json");
  // a broadcast on ring(4) that forgets node 3, with no verification record
  spit(f, R"J({"format":"netsched-schedule","version":1,"topology":"ring(4)",
    "collective":{"kind":"broadcast","nodes":4,"root":0},"model":"one-port","payloads":[[0]],
    "steps":[{"from":[0],"to":[1],"payload":0},{"from":[1],"to":[2],"payload":0}]})J");
  auto v = run("verify " + f + " --json");
  CHECK(v.code == 1);
  const auto j = nlohmann::json::parse(v.out);
  CHECK(j["violation"]["rule"] == "delivery");
  CHECK(j["violation"]["node"] == 3);
  // a generated file with one transfer retargeted: the content hash no longer matches
  REQUIRE(run("gen 'ring(4)' broadcast -o " + f).code == 0);
  std::string text = slurp(f);
  text.replace(text.find("\"to\":[1]"), 8, "\"to\":[3]");
  spit(f, text);
  v = run("verify " + f);
  CHECK(v.code == 2);
  CHECK(v.err.find("tampered") != std::string::npos);
  CHECK(v.err.find("delete its \"verification\" record") != std::string::npos);
  // as the message says: without the record the edited schedule is checked afresh, and the
  // edit is found to break it
  nlohmann::json edited = nlohmann::json::parse(slurp(f));
  edited.erase("verification");
  spit(f, edited.dump());
  v = run("verify " + f);
  CHECK(v.code == 1);
  // a record whose verdict was edited while the content stayed the same
  REQUIRE(run("gen 'ring(4)' broadcast -o " + f).code == 0);
  text = slurp(f);
  text.replace(text.find("\"steps\":2,\"transfers\""), 9, "\"steps\":1");
  spit(f, text);
  v = run("verify " + f);
  CHECK(v.code == 2);
  CHECK(v.err.find("tampered: the verification record says steps 1") != std::string::npos);
  // truncated
  spit(f, text.substr(0, 40));
  CHECK(run("verify " + f).code == 2);
  CHECK(run("verify /nonexistent/file.json").code == 2);
}

TEST_CASE("route prints a path with labels, length, distance and bound, --all sweeps every pair") {
  auto r = run("route 'dualcube(3)' 0 0b11111 --json");
  REQUIRE(r.code == 0);
  auto j = nlohmann::json::parse(r.out);
  CHECK(j["length"] == j["distance"]);
  CHECK(j["bound"] == 6);
  CHECK(j["labels"].front() == "0b00000");
  r = run("route 'hdn(torus(2,3), sn=[{},{0,1}])' --all --json");
  REQUIRE(r.code == 0);
  j = nlohmann::json::parse(r.out);
  CHECK(j["pairs"] == 1728 * 1727);
  CHECK(j["within_bound"] == false);
  CHECK(j["first_over_bound"]["length"].get<int>() > j["bound"].get<int>());
  CHECK(run("route 'ring(5)' 0 9").code == 2);
  CHECK(run("route 'ring(5)' 0").code == 2);
  CHECK(run("route 'ring(5)' 0 1 --algorithm hdn-routing").code == 2);
}

TEST_CASE("gen refuses bad roots and leaves no file") {
  const std::string f = netsched::testing::scratch_path("none.json");
  std::filesystem::remove(f);
  CHECK(run("gen 'ring(4)' broadcast --root 7 -o " + f).code == 2);
  CHECK(run("gen 'ring(4)' route --source 0 -o " + f).code == 2);
  CHECK_FALSE(std::filesystem::exists(f));
}

TEST_CASE("verify --smt answers with z3: holds, or the violation", "[smt]") {
  const std::string f = netsched::testing::scratch_path("smt.json");
  REQUIRE(run("gen 'torus(3,3)' broadcast -o " + f).code == 0);
  auto r = run("verify --smt --json " + f);
  CHECK(r.code == 0);
  CHECK(nlohmann::json::parse(r.out)["answer"] == "holds");
  spit(f, R"J({"format":"netsched-schedule","version":1,"topology":"ring(4)",
    "collective":{"kind":"broadcast","nodes":4,"root":0},"model":"one-port","payloads":[[0]],
    "steps":[{"from":[0],"to":[1],"payload":0},{"from":[1],"to":[2],"payload":0}]})J");
  r = run("verify --smt --json " + f);
  CHECK(r.code == 1);
  CHECK(nlohmann::json::parse(r.out)["violation"]["rule"] == "delivery");
}

TEST_CASE("gen: combining collectives, paper_cost side by side, an as-printed algorithm refused") {
  const std::string f = netsched::testing::scratch_path("comb.json");
  std::filesystem::remove(f);
  auto g = run("gen 'dualcube(3)' cluster-prefix --algorithm cluster-prefix-as-printed -o " + f);
  CHECK(g.code == 1);
  CHECK(g.err.find("term 1 (node 1's input) is missing") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(f));
  g = run("gen 'dualcube(3)' multicast --json -o " + f);
  REQUIRE(g.code == 0);
  const auto j = nlohmann::json::parse(g.out);
  // Many2manyM on r = 3: checked (8, 13); the paper prints (3r-3, 3 2^(r-1) + r - 2) = (6, 13)
  CHECK(j["cost"]["pair"] == nlohmann::json::array({8, 13}));
  CHECK(j["paper_cost"]["pair"] == nlohmann::json::array({6, 13}));
  g = run("gen 'dualcube(3)' prefix -o " + f);
  REQUIRE(g.code == 0);
  CHECK(run("verify " + f).code == 0);
  const auto smt = run("verify --smt " + f);
  CHECK(smt.code == 0);
  CHECK(smt.out.find("z3 says holds") != std::string::npos);
  CHECK(run("gen 'hsn(3,hypercube(2))' cube-dimension --dimension 6 -o " + f).code == 2);
  CHECK(run("gen 'torus(3,3)' cluster-sum -o " + f).code == 2);
  CHECK(run("gen 'torus(3,3)' prefix -o " + f).code == 0);  // the chain, on any network
}

TEST_CASE("docs/cli.md's exit-code table is the one the code defines") {
  const std::string doc = slurp(std::string(NETSCHED_SOURCE_DIR) + "/docs/cli.md");
  const std::string open = "<!-- exit codes -->\n", close = "<!-- /exit codes -->";
  const auto a = doc.find(open), b = doc.find(close);
  REQUIRE(a != std::string::npos);
  REQUIRE(b != std::string::npos);
  CHECK(doc.substr(a + open.size(), b - a - open.size()) == netsched::exit_code_table());
}

TEST_CASE("errors under --json are JSON on stdout, -o - writes the schedule to stdout") {
  auto r = run("verify /nonexistent.json --json");
  CHECK(r.code == 2);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["exit"] == 2);
  CHECK(j["error"] == "cannot read /nonexistent.json: no such file");
  r = run("gen 'hypercube(2)' broadcast -o -");
  REQUIRE(r.code == 0);
  CHECK(nlohmann::json::parse(r.out)["format"] == "netsched-schedule");
  CHECK(r.err.find("wrote -") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists("-"));
  r = run("--quiet info 'ring(5)'");
  CHECK(r.code == 0);
  CHECK(r.out.empty());
  r = run("info 'ring(5)' --quiet");
  CHECK(r.code == 0);
  CHECK(r.out.empty());
}

TEST_CASE("output files: -o refuses links and FIFOs and removes the temporaries of dead writers") {
  const auto dir = netsched::testing::scratch_dir() / "o";
  std::filesystem::create_directories(dir);
  const auto target = dir / "real.json", link = dir / "link.json", fifo = dir / "fifo";
  spit(target.string(), "old");
  std::filesystem::create_symlink(target, link);
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  auto r = run("gen 'hypercube(2)' broadcast -o " + link.string());
  CHECK(r.code == 2);
  CHECK(slurp(target.string()) == "old");  // nothing written through the link
  r = run("gen 'hypercube(2)' broadcast -o " + fifo.string());
  CHECK(r.code == 2);
  // a temporary of a writer that no longer runs (pid 2^22 + 1 is above Linux's pid_max default)
  const auto stale = dir / "real.json.tmp.4194305";
  spit(stale.string(), "half");
  r = run("gen 'hypercube(2)' broadcast -o " + target.string());
  CHECK(r.code == 0);
  CHECK_FALSE(std::filesystem::exists(stale));
  CHECK(slurp(target.string()).starts_with("{"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("prove --timeout is a deadline for the whole command") {
  const auto t0 = std::chrono::steady_clock::now();
  const auto r = run("prove min-steps 'torus(3,4)' total-exchange --steps 20 --timeout 2 --json");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  CHECK(r.code == 4);
  CHECK(seconds < 2 + 2 + 2);  // deadline, the 2 s allowed, start-up on a loaded machine
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j.at("answer") == "unknown");
  CHECK(j.at("lower_bound") == 20);
  // below the known lower bound the answer needs no solver
  const auto below = run("prove min-steps 'torus(3,4)' total-exchange --steps 19 --json");
  CHECK(below.code == 0);
  CHECK(nlohmann::json::parse(below.out)["answer"] == "unsat");
}

TEST_CASE("prove bandwidth: the per-node bound of a torus, and the all-reduce's scope stated") {
  const auto info = nlohmann::json::parse(run("info 'torus(4,4)' --json").out);
  const auto ag = run("prove bandwidth 'torus(4,4)' all-gather --json");
  REQUIRE(ag.code == 0);
  const auto a = nlohmann::json::parse(ag.out);
  // vertex-transitive: the tightest cut is one node, whose N - 1 chunks enter over its links
  const double per_node = (info["nodes"].get<double>() - 1) / info["degree_max"].get<double>();
  CHECK(a["chunk_times"].get<double>() == per_node);
  CHECK(a["recounted"] == true);
  CHECK(a["applies_to"] == "all-port schedules");
  const auto ar = run("prove bandwidth 'torus(4,4)' all-reduce");
  REQUIRE(ar.code == 0);
  // twice the all-gather's, and said to hold for that shape of all-reduce only
  CHECK(ar.out.find("all-port all-reduces made as a reduce-scatter and then an all-gather need "
                    "at least " +
                    fmt::format("{:.6g}", 2 * per_node)) != std::string::npos);
}

TEST_CASE(
    "prove bandwidth on a faulty network: no root where none applies, else the first survivor") {
  const std::string net = "'faulty(ring(6), nodes=[{0}])'";
  const auto gather = run("prove bandwidth " + net + " all-gather --json");
  REQUIRE(gather.code == 0);
  CHECK(nlohmann::json::parse(gather.out).count("root") == 0);
  const auto bcast = run("prove bandwidth " + net + " broadcast --json");
  REQUIRE(bcast.code == 0);
  CHECK(nlohmann::json::parse(bcast.out)["root"] == "(1)");
  const auto named = run("prove bandwidth " + net + " broadcast --root 3");
  REQUIRE(named.code == 0);
  CHECK(named.out.starts_with("broadcast from node (3) on faulty(ring(6), nodes=[{0}])"));
}

TEST_CASE("prove bandwidth total-exchange: the link lengths, recounted, and their limits") {
  const auto r = run("prove bandwidth 'dualcube(3)' total-exchange --json");
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["recounted"] == true);
  CHECK(j["collective"] == "total-exchange");
  // the cross links' 40 chunk times (tests/analysis/test_congestion_bound.cpp), lengths on them
  CHECK(j["chunk_times"].get<double>() >= 40 * (1 - 1e-9));
  CHECK(j["routed_chunk_times"].get<double>() >= j["chunk_times"].get<double>());
  CHECK(j["lengths"]["arcs"].size() == 32);
  const auto text = run("prove bandwidth 'torus(3,4)' total-exchange");
  REQUIRE(text.code == 0);
  CHECK(text.out.find("all-port schedules need at least 6 chunk times") != std::string::npos);
  CHECK(text.out.find("the lengths recounted") != std::string::npos);
  const auto rooted = run("prove bandwidth 'ring(4)' total-exchange --root 0");
  CHECK(rooted.code == 2);
  CHECK(rooted.err.find("--root applies to a broadcast only") != std::string::npos);
  const auto large = run("prove bandwidth 'hypercube(13)' total-exchange");
  CHECK(large.code == 2);
  CHECK(large.err.find("kCongestionBoundMaxNodes") != std::string::npos);
}

TEST_CASE(
    "gen --bytes writes a total exchange's link lengths, and verify recounts and prints them") {
  const std::string f = netsched::testing::scratch_path("lengths.json");
  REQUIRE(run("gen 'dualcube(3)' total-exchange --bytes 32768 --ports all-port -o " + f).code == 0);
  const auto v = run("verify " + f);
  REQUIRE(v.code == 0);
  CHECK(v.out.find("bandwidth bound 40 chunk times, certified by lengths on 32 directed links") !=
        std::string::npos);
  const auto j = nlohmann::json::parse(run("verify " + f + " --json").out);
  CHECK(j["bandwidth_lengths"]["chunk_times"].get<double>() == Approx(40));
  // one length doubled: the record no longer recounts
  auto file = nlohmann::json::parse(slurp(f));
  auto& arc = file["verification"]["bandwidth_lengths"]["arcs"][0];
  arc[2] = arc[2].get<double>() * 2;
  spit(f, file.dump());
  const auto tampered = run("verify " + f);
  CHECK(tampered.code == 2);
  CHECK(tampered.err.find("tampered: the verification record's link lengths do not recount") !=
        std::string::npos);
}

TEST_CASE("gen --pieces cuts a pipelined algorithm's message and --list marks the pipelined ones") {
  const std::string f = netsched::testing::scratch_path("pieces.json");
  REQUIRE(run("gen 'torus(4,4)' all-gather --algorithm packed-trees --pieces 4 --ports all-port "
              "-o " +
              f)
              .code == 0);
  const auto file = nlohmann::json::parse(slurp(f));
  CHECK(file["collective"]["pieces"] == 4);
  const auto v = run("verify " + f + " --json");
  REQUIRE(v.code == 0);
  // 15 chunks over 4 links into each node: 3.75 chunk times, 15 quarter pieces
  CHECK(nlohmann::json::parse(v.out)["payload_sum"] == 15);
  const auto list = nlohmann::json::parse(run("gen 'torus(4,4)' --list --json").out);
  for (const auto& c : list)
    for (const auto& a : c["algorithms"])
      if (c["collective"] == "all-gather" && (a["name"] == "packed-trees" || a["name"] == "ring"))
        CHECK(a["pipelined"] == (a["name"] == "packed-trees"));
  CHECK(run("gen 'torus(4,4)' --list").out.find("[pipelined: --pieces]") != std::string::npos);
}

TEST_CASE(
    "gen check-only generates and checks and writes nothing and verify takes the symmetric "
    "engine") {
  auto r = run("gen 'hdn(torus(2,3), sn=[{0}])' total-exchange --check-only --engine symmetric");
  REQUIRE(r.code == 0);
  CHECK(r.out.find("generated (no file written)") != std::string::npos);
  CHECK(r.out.find("(symmetric engine)") != std::string::npos);
  CHECK(r.out.find("candidate symmetries map the schedule onto itself") != std::string::npos);
  const std::string file = "test-cli-symmetric.json";
  r = run("gen 'hdn(torus(2,3), sn=[{0}])' total-exchange -o " + file);
  REQUIRE(r.code == 0);
  r = run("verify " + file + " --engine symmetric --json");
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["engine"] == "symmetric");
  CHECK(j["engine_note"].get<std::string>().find("origin orbits walked") != std::string::npos);
  std::filesystem::remove(file);
}

TEST_CASE(
    "every option of every verb's --help is in docs/cli.md, and the top-level help is "
    "current") {
  const std::string doc = slurp(std::string(NETSCHED_SOURCE_DIR) + "/docs/cli.md");
  const Run top = run("--help");
  for (const std::string verb :
       {"info", "export", "gen", "verify", "repair", "route", "prove", "draw", "sweep", "run",
        "simulate", "msccl export", "msccl export-set", "msccl import", "mscclpp export",
        "mscclpp import", "chakra export", "claims"}) {
    INFO(verb);
    CHECK(top.out.find("  " + verb.substr(0, verb.find(' ')) + " ") != std::string::npos);
    // the docs' sections on this verb: every heading naming `netsched VERB`, to the next one
    std::string sections;
    for (std::size_t at = doc.find("\n## "); at != std::string::npos;
         at = doc.find("\n## ", at + 1)) {
      const std::string heading = doc.substr(at + 1, doc.find('\n', at + 1) - at - 1);
      if (heading.find("`netsched " + verb) != std::string::npos)
        sections += doc.substr(at, doc.find("\n## ", at + 1) - at);
    }
    REQUIRE(!sections.empty());
    const Run help = run(verb + " --help");
    std::istringstream lines(help.out);
    for (std::string line; std::getline(lines, line);) {
      const auto dash = line.find("--");
      if (line.rfind("  -", 0) != 0 || dash == std::string::npos) continue;
      const std::string option = line.substr(dash, line.find_first_of(" ,", dash) - dash);
      const std::string shorter = line.substr(2, 2);  // "-o" of "-o,--output"
      if (option == "--help") continue;
      INFO(option);
      CHECK((sections.find(option) != std::string::npos ||
             (shorter[1] != '-' && sections.find(shorter + " ") != std::string::npos)));
    }
  }
  for (const char* what : {"min-steps", "bisection", "bandwidth", "route", "table"})
    CHECK(top.out.find(what) != std::string::npos);
  CHECK(top.out.find("--list") != std::string::npos);  // gen: every collective, not a few
}
