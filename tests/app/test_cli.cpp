#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace {

struct Run {
  int code;
  std::string out, err;
};

Run run(const std::string& args) {
  const auto dir = std::filesystem::temp_directory_path();
  const std::string out = (dir / "netsched_cli_out.txt").string();
  const std::string err = (dir / "netsched_cli_err.txt").string();
  const std::string cmd = std::string(NETSCHED_BIN) + " " + args + " >" + out + " 2>" + err;
  const int status = std::system(cmd.c_str());
  auto slurp = [](const std::string& p) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  };
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
}

}  // namespace

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
  const auto dir = std::filesystem::temp_directory_path();
  const std::string file = (dir / "netsched_export_test.txt").string();
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
  const std::string missing = (dir / "netsched_export_bad.txt").string();
  std::filesystem::remove(missing);
  CHECK(run("export 'ring(0)' -o " + missing).code == 2);
  CHECK_FALSE(std::filesystem::exists(missing));
  CHECK(run("export 'ring(3)' -o /nonexistent/dir/x.txt").code == 2);
}
