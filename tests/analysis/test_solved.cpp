// The solved rows of the algorithm table: the "optimal" broadcast is Z3's optimum, never longer
// than the greedy broadcast it starts below, and gen alone never runs a solver.
#include <catch2/catch.hpp>

#include "analysis/checked.hpp"
#include "analysis/optimum.hpp"
#include "gen/algorithms.hpp"
#include "gen/topology.hpp"

using namespace netsched;

namespace {

std::uint64_t steps_of(const Network& t, const char* algorithm, std::uint32_t root) {
  const CheckedSchedule s = generate_checked(t, GenRequest("broadcast", algorithm, NodeId(root)));
  REQUIRE(s.holds());
  return s.verification().check.steps;
}

}  // namespace

TEST_CASE("the default broadcast of a small network is Z3's optimum, from every root", "[gen]") {
  // every connected graph on 4 nodes (the six up to isomorphism) and ccc(3), where greedy takes 7
  for (const char* spec :
       {"graph(4, links=[{0,1},{1,2},{2,3}])", "graph(4, links=[{0,1},{0,2},{0,3}])",
        "graph(4, links=[{0,1},{1,2},{2,3},{3,0}])", "graph(4, links=[{0,1},{1,2},{2,0},{2,3}])",
        "graph(4, links=[{0,1},{1,2},{2,3},{3,0},{0,2}])", "complete(4)", "ccc(3)"}) {
    const auto t = build_topology(spec);
    for (std::uint32_t root = 0; root < std::min<std::uint64_t>(t->num_nodes(), 4); ++root) {
      INFO(spec << " from " << root);
      const CheckedSchedule s = generate_checked(*t, GenRequest("broadcast", "auto", NodeId(root)));
      REQUIRE(s.holds());
      // an independent search, from the theorems' lower bound up, with no schedule to start from
      const MinSteps m = min_steps(*t, s.schedule().collective, 0);
      REQUIRE(m.result == Optimum::Optimal);
      CHECK(s.verification().check.steps == m.upper_bound);
      if (s.schedule().algorithm == "optimal")
        CHECK(steps_of(*t, "greedy", root) >= s.verification().check.steps);
    }
  }
  const auto ccc = build_topology("ccc(3)");
  CHECK(steps_of(*ccc, "optimal", 0) == 6);
  CHECK(steps_of(*ccc, "greedy", 0) == 7);
}

TEST_CASE("gen alone runs no solver: auto is the first constructed row, optimal is refused",
          "[gen]") {
  const auto t = build_topology("ccc(3)");
  CHECK(algorithm_names(*t, "broadcast").front() == "optimal");
  CHECK(generate(*t, GenRequest("broadcast")).algorithm == "greedy");
  CHECK_THROWS_AS(generate(*t, GenRequest("broadcast", "optimal")), InputError);
  CHECK_FALSE(broadcast_rounds(*t, 0, "auto").empty());
  // the limit the row's origin states is the one it applies
  const AlgorithmInfo* row = find_algorithm("broadcast", "optimal");
  REQUIRE(row);
  CHECK(row->origin.find("at most " + std::to_string(kOptimalBroadcastMaxNodes)) !=
        std::string::npos);
  CHECK(row->applies(*build_topology("ring(32)")));
  CHECK_FALSE(row->applies(*build_topology("ring(33)")));
}
