// README.md's tour, run: every command of its code block, in order, in a scratch directory
// beside a link to the build (the tour says build/app/netsched), with what its comment claims
// asserted. A command added to the README without an entry here, or an entry whose command
// left the README, fails the test: the tour and this table change together.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "exec/process.hpp"

namespace {

struct TourCommand {
  std::string command;              ///< exactly as in README.md (before its comment)
  std::vector<std::string> output;  ///< what its comment claims, as it appears in the output
  int exit = 0;
};

// What each comment claims, in the words the command prints.
const std::vector<TourCommand> kTour = {
    {"$B info 'hdn(torus(2,3,5), sn=[{0,1},{1,2}])'",
     {"nodes                   12000", "diameter", "orbits"}},
    {"$B info 'hdn(torus(2,3,5), sn=[{0},{0}])' --json", {"\"nodes\": 810000"}},
    {"$B info --basic 'hdn(torus(2,3,5), sn=[{},{}])'",
     {"nodes                   6480000", "edges", "degree_max"}},
    {"$B info 'dualcube(3)'", {"dualcube(3)", "nodes                   32"}},
    {"$B info 'hsn(3,hypercube(2))'", {"nodes                   64"}},
    {"$B export 'ccc(3)' --format dot -o ccc3.dot", {}},
    {"$B gen 'hdn(torus(2,3,5), sn=[{0,1},{1,2}])' broadcast --root '(0,0,0,0)' -o b.json",
     {"wrote b.json"}},
    {"$B verify b.json --json", {"\"ok\": true", "\"steps\": 19", "\"bound\": 19", "Theorem 3"}},
    {"$B route 'hdn(torus(2,3,5), sn=[{0,1},{1,2}])' '(0,0,0,0)' '(1,19,19,14)'",
     {"(0,0,0,0) -> ", "-> (1,19,19,14)"}},
    {"$B route 'hdn(torus(2,3), sn=[{},{0,1}])' --all", {"Theorem 2): EXCEEDED"}},
    {"$B gen 'torus(3,4,5)' total-exchange -o te.json",
     {"by a2, 172 steps", "lower bound 172 (AS(G)"}},
    {"$B gen 'hdn(torus(2,3,5), sn=[{0,1},{1,2}])' total-exchange -o hte.json",
     {"wrote hte.json", "312000 transfers", "holds"}},
    {"$B verify hte.json", {"holds", "(blocks simulation)"}},
    {"$B verify hte.json --engine symmetric",
     {"holds", "25 origin orbits walked", "(symmetric simulation)"}},
    {"$B gen 'hdn(torus(2,3,5), sn=[{2},{0}])' total-exchange -o h129.json",
     {"wrote h129.json", "holds (symmetric engine)"}},
    {"mpirun --allow-run-as-root -np 2 build/app/netsched-verify-mpi hte.json",
     {"holds", "on 2 MPI ranks"}},
    {"$B gen 'dualcube(4)' scatter -o sc.json",
     {"by one2allp", "cost (steps, payload sum) = (8, 135); paper (8, 135)"}},
    {"$B gen 'dualcube(4)' all-gather -o ag.json",
     {"by all2allb", "cost (steps, payload sum) = (8, 127); paper (8, 127)"}},
    {"$B gen 'dualcube(4)' prefix -o pf.json", {"by dual-prefix", "holds (registers engine)"}},
    {"$B gen 'dualcube(5)' matmul -o mm.json",
     {"matmul on dualcube(5) by dualcube-matmul", "holds (registers engine)"}},
    {"$B gen 'dualcube(4)' vecmat -o vm.json", {"by dualcube-vecmat", "holds"}},
    {"$B gen 'rhs(2,3,hypercube(2))' all-reduce -o sg.json",
     {"by rhfc-semigroup, 17 steps", "paper bound 17", "Theorem 4.2"}},
    {"$B gen 'rhs(2,2,hypercube(2))' cube-dimension --dimension 7 -o em.json",
     {"5 steps", "Theorem 5.1"}},
    {"$B verify --smt b.json", {"b.json: z3 says holds"}},
    {"$B prove min-steps 'hypercube(3)' total-exchange",
     {"optimal: 12 steps", "at least 12 (AS(G)", "at most 12 (a2"}},
    {"$B prove route 'dualcube(8)'",
     {"proved for all 1073741824 ordered pairs", "at most 16 hops"}},
    {"$B claims --only hdn12.thm", {"hdn12.thm1.nodes", "hdn12.thm3"}},
    {"printf 'a b\\nb c\\nc d\\nd a\\na c\\n' > my.ncol", {}},
    {"$B info 'file(\"my.ncol\")'", {"format=\"ncol\"", "nodes                   4"}},
    {"$B gen 'file(\"my.ncol\")' broadcast --root a -o mb.json", {"wrote mb.json", "holds"}},
    {"$B gen 'file(\"my.ncol\")' --list", {"broadcast       default", "total-exchange"}},
    {"$B gen 'product(ccc(3), file(\"my.ncol\"))' total-exchange -o pte.json", {"by a2", "holds"}},
    {"$B gen 'file(\"my.ncol\")' all-gather --bytes 65536 --ports all-port -o fl.json",
     {"by packed-trees", "* packed-trees (p=2)", "bandwidth bound", "1x the lower bound", "holds"}},
    {"$B gen 'hypercube(6)' all-gather --bytes 1048576 --ports 2-port -o kp.json",
     {"* packed-trees (p=2) re-timed to 2-port", "2-port", " s, 1x the lower bound"}},
    {"$B gen 'hypercube(6)' all-gather --bytes 1048576 -o rd.json",
     {"* recursive-doubling", "chosen recursive-doubling: ", " s, 1x the lower bound"}},
    {"$B gen 'torus(8,8)' all-reduce --bytes 65536 -o swing.json",
     {"by swing, 20 steps", "* swing ", "chosen swing: ", "ring                         ",
      "126 steps"}},
    {"$B prove bandwidth 'dualcube(3)' total-exchange",
     {"need at least 40 chunk times", "lengths on 32 of the links", "the lengths recounted"}},
    {"$B gen 'dualcube(3)' total-exchange --bytes 32768 --ports all-port -o dte.json",
     {"by balanced, 6 steps", "(6, 40)", "chosen balanced: ", " s, 1x the lower bound",
      "link lengths on 32 directed links"}},
    {"$B verify dte.json",
     {"holds of total-exchange on dualcube(3)",
      "bandwidth bound 40 chunk times, certified by lengths on 32 directed links", "(recounted)"}},
    {"$B simulate dte.json --bytes 32768 --algorithms basic_linear",
     {"netsched balanced", "(check passed)", "MPI      basic_linear", "1.00x the schedule"}},
    {"$B gen 'dualcube(3)' total-exchange --bytes 32768 --ports routed -o dx.json",
     {"by direct, 1 steps", "* direct ", "routed", "chosen direct: "}},
    {"$B simulate dx.json --bytes 32768 --algorithms basic_linear",
     {"netsched direct", "(check passed)", "MPI      basic_linear", "1.00x the schedule"}},
    {"$B info 'faulty(torus(4,4), links=[{0,1}], nodes=[{9}])'",
     {"nodes                   15", "diameter"}},
    {"$B gen 'faulty(torus(4,4), nodes=[{9}])' all-reduce -o far.json",
     {"all-reduce on faulty(torus(4,4), nodes=[{9}])", "holds"}},
    {"$B verify b.json --network 'faulty(hdn(torus(2,3,5), sn=[{0,1},{1,2}]), links=[{0,1}])'",
     {"VIOLATED", "failed)"},
     1},
    {"$B route 'faulty(hsn(3,hypercube(2)), links=[{51,60}])' 0 60", {"length 9, distance 6"}},
    {"$B repair te.json --network 'faulty(torus(3,4,5), links=[{0,1}])' -o te-fixed.json",
     {"transfers kept", "detoured", "repaired", "regenerated", "lower bound",
      "kept: ", "wrote te-fixed.json"}},
    {"$B repair te.json --network 'faulty(torus(3,4,5), nodes=[{7}])'",
     {"the collective is now over the 59 survivors", "chunks of the failed nodes gone", "repaired",
      "kept: "}},
    {"$B repair hte.json --network 'faulty(hdn(torus(2,3,5), sn=[{0,1},{1,2}]), links=[{0,1}])' "
     "-o hte-fixed.json",
     {"16 detoured in 48 hops", "inserted steps", "regenerated  none", "kept: repaired",
      "wrote hte-fixed.json"}},
    {"$B sweep --faults 'dualcube(3)' --collective broadcast -o fs",
     {"48 links, each repaired", "fs.csv", "fs.svg (plot)"}},
    {"$B draw 'dualcube(3)' -o dc3.svg", {"dc3.svg: 32 of 32 nodes drawn"}},
    {"$B draw --schedule b.json -o b.html", {"b.html: 20 frames", "the schedule holds"}},
    {"$B sweep 'torus({3..12},{3..12})' 'hypercube({2..10})' -o sw", {"sw.csv, sw.json, sw.svg"}},
    {"$B run te.json --bytes 4096", {"60 ranks", "byte-identical to MPI_Alltoall"}},
    {"$B run te.json --bytes 4096 --dataflow",
     {"60 ranks", "run as dataflow", "byte-identical to MPI_Alltoall"}},
    {"$B simulate te.json --bytes 4096 --algorithms none --dataflow",
     {"netsched a2 (dataflow)", "0.46x the run in steps", "(check passed)"}},
    {"$B simulate ag.json --bytes 65536 --algorithms rdb,bruck,ring",
     {"by all2allb", "MPI      rdb", "MPI      ring", "MPI      bruck"}},
    {"$B msccl export ag.json -o ag.xml && $B msccl import ag.xml -o back.json",
     {"(at most 61 steps, the limit 64)", "read back, the out-of-place Simple run holds",
      "ag.xml: holds", "steps that hold"}},
    {"$B gen 'hypercube(4)' all-reduce --algorithm rabenseifner -o ar.json && $B msccl export "
     "ar.json -o ar.xml",
     {"by rabenseifner", "ar.xml: 16 gpus", "the out-of-place Simple run holds"}},
    {"$B msccl export ar.json -o ar-in.xml --inplace --proto LL --max-bytes 65536",
     {"read back, the in-place LL run holds"}},
    {"$B msccl export-set 'torus(4,4)' all-reduce --sizes 8,4K,1M --ports all-port -o ars",
     {"ars.0.xml: tree-all-reduce", "selected for messages of 0 to 4095 B",
      "ars.1.xml: packed-trees", "selected for messages of 4096 to any B"}},
    {"$B mscclpp export ar.json -o ar.plan.json && $B mscclpp import ar.plan.json",
     {"read back, the plan's run holds", "ar.plan.json: holds: the MSCCL++ run of allreduce"}},
    {"$B chakra export ar.json -o ar --bytes 1048576",
     {"ar.0.et .. ar.15.et: the allreduce", "\"all-reduce-implementation-custom\": [\"ar\"]",
      "ar.ns3-topology.txt"}},
    {"PYTHONPATH=build/python /usr/bin/python3 -c 'import netsched, networkx as nx; s = "
     "netsched.generate(netsched.Network.from_networkx(nx.petersen_graph()), \"broadcast\"); "
     "print(s, s.verify()[\"ok\"])'",
     {"<netsched.Schedule broadcast on graph(10, links=[{0,1},", "by optimal: 4 steps> True"}},
};

/// The tour's commands as README.md has them: the ```sh block after "## A five-minute tour",
/// without blank lines, the B= line and the comments.
std::vector<std::string> readme_tour() {
  std::ifstream in(std::string(NETSCHED_SOURCE_DIR) + "/README.md");
  std::vector<std::string> out;
  bool section = false, block = false;
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("## ")) section = line == "## A five-minute tour";
    if (!section) continue;
    if (line.starts_with("```")) {
      if (block) break;
      block = true;
      continue;
    }
    if (!block || line.empty() || line.starts_with("B=")) continue;
    const auto comment = line.find("  #");
    line = line.substr(0, comment);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out.push_back(line);
  }
  return out;
}

}  // namespace

TEST_CASE("README.md's tour: every command runs and prints what its comment claims", "[readme]") {
  const auto tour = readme_tour();
  REQUIRE(tour.size() == kTour.size());
  for (std::size_t i = 0; i < tour.size(); ++i) REQUIRE(tour[i] == kTour[i].command);
  const auto dir =
      std::filesystem::temp_directory_path() / ("netsched-tour." + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  // the tour runs from the repository's top: build/ is the build directory
  const auto build = std::filesystem::path(NETSCHED_BIN).parent_path().parent_path();
  std::filesystem::create_directory_symlink(build, dir / "build");
  constexpr double kHangGuard = 900;  // seconds: a guard against hangs, not a speed target
  for (const TourCommand& c : kTour) {
    INFO(c.command);
    const auto r = netsched::exec::run_process(
        {"bash", "-c",
         "cd '" + dir.string() + "' && B=build/app/netsched; " + c.command + " < /dev/null"},
        dir.string(), kHangGuard);
    INFO(r.out.substr(0, 2000) << r.err.substr(0, 2000));
    CHECK_FALSE(r.timed_out);
    CHECK(r.exit_code == c.exit);
    for (const std::string& s : c.output) CHECK(r.out.find(s) != std::string::npos);
  }
  std::filesystem::remove_all(dir);
}
