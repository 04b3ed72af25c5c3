// The distributed block check (app/verify_mpi.cpp) on 2 OpenMPI ranks against the serial block
// engine: the same verdict, figures and first violation on exchanges and their mutants.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <random>

#include "exec/process.hpp"
#include "gen/algorithms.hpp"
#include "props/mutations.hpp"
#include "tests/helpers.hpp"
#include "verify/blocks.hpp"
#include "verify/simulator.hpp"

using namespace netsched;

namespace {

nlohmann::json json_of(const exec::ProcessResult& p) {
  INFO(p.err);
  const auto line = p.out.find('{');
  REQUIRE(line != std::string::npos);
  return nlohmann::json::parse(p.out.substr(line));
}

// Both answers on one file; the keys that carry the verdict must agree.
void same_answer(const std::string& file, const test::TempDir& dir) {
  std::vector<std::string> mpi = {"mpirun", "-np", "2", "--oversubscribe"};
  if (::geteuid() == 0) mpi.push_back("--allow-run-as-root");
  mpi.insert(mpi.end(), {NETSCHED_VERIFY_MPI_PATH, file, "--json"});
  const auto a = exec::run_process(mpi, dir.path, 120);
  const auto b = exec::run_process({NETSCHED_BIN, "verify", file, "--engine", "blocks", "--json"},
                                   dir.path, 120);
  CHECK((a.exit_code == 0) == (b.exit_code == 0));
  const auto ja = json_of(a), jb = json_of(b);
  CHECK(ja.at("ranks") == 2);
  for (const char* key : {"ok", "steps", "payload_sum", "transfers", "violation"}) {
    const nlohmann::json x = ja.contains(key) ? ja.at(key) : nullptr;
    const nlohmann::json y = jb.contains(key) ? jb.at(key) : nullptr;
    INFO(key << ": " << x.dump() << " / " << y.dump());
    CHECK(x == y);
  }
}

}  // namespace

TEST_CASE("MPI runs of the distributed block check equal the serial engine on mutants", "[mpi]") {
  test::TempDir dir;
  std::mt19937_64 rng(41);
  std::size_t files = 0, violated = 0;
  for (const char* spec : {"hdn(torus(2,3), sn=[{0}])", "hdn(hypercube(2), sn=[{0}])"}) {
    const auto t = build_topology(spec);
    const Schedule s = make_total_exchange(*t);
    REQUIRE(blocks_apply(s));
    same_answer(dir.write("whole.json", s), dir);
    ++files;
    for (const auto& op : props::operators()) {
      const auto m = props::mutate(*t, s, op.name, rng);
      if (!m || !blocks_apply(*m)) continue;
      INFO(spec << " " << op.name);
      same_answer(dir.write("mutant.json", *m), dir);
      ++files;
      violated += simulate(*t, *m, Engine::Blocks).ok() ? 0 : 1;
    }
  }
  CHECK(files >= 10);
  CHECK(violated >= 6);  // not vacuous: most mutants are caught, by both
}
