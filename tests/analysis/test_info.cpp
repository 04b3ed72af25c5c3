#include <catch2/catch.hpp>

#include "analysis/info.hpp"
#include "core/orbits.hpp"
#include "gen/topology.hpp"

using namespace netsched;

TEST_CASE("info reports every documented key") {
  const auto j = topology_info(*build_topology("torus(3,4)"));
  for (const char* key :
       {"nodes", "edges", "degree_min", "degree_max", "diameter", "radius", "avg_distance",
        "avg_distance_incl_self", "average_status", "vertex_transitive", "vertex_orbits", "paper"})
    CHECK(j.contains(key));
  CHECK(j["nodes"] == 12);
  CHECK(j["edges"] == 24);
  CHECK(j["diameter"] == 3);
  CHECK(j["vertex_transitive"] == true);
}

TEST_CASE("info's orbit count equals Traces' on every family") {
  for (const char* spec :
       {"path(6)", "mesh(3,4)", "torus(2,3,5)", "ccc(3)", "dualcube(3)", "hsn(3,hypercube(2))",
        "hfc(complete(3),4,4)", "mfc(ring(3),4,5)", "hdn(torus(2,3,5), sn=[{0,1},{1,2}])",
        "hdn(hypercube(2), sn=[{0},{1}])", "hdn(hypercube(3), sn=[{0,1},{2}])", "rdn(ring(3),2)",
        "hdn(product(ring(4),complete(3)), sn=[{1},{0}])"}) {
    INFO(spec);
    const auto t = build_topology(spec);
    const auto j = topology_info(*t);
    const auto orbits = automorphism_orbits(Csr(*t));
    REQUIRE(j["vertex_orbits"].is_number());
    CHECK(j["vertex_orbits"].get<std::size_t>() == orbits.reps.size());
    CHECK(j["vertex_transitive"].get<bool>() == (orbits.reps.size() == 1));
  }
}

TEST_CASE("average quantities follow from the distance sum") {
  const auto j = topology_info(*build_topology("ring(5)"));
  // ring(5): every node has two nodes at distance 1 and two at distance 2
  CHECK(j["distance_sum"] == 5 * 6);
  CHECK(j["avg_distance"].get<double>() == Approx(30.0 / 20));
  CHECK(j["avg_distance_incl_self"].get<double>() == Approx(30.0 / 25));
  CHECK(j["average_status"].get<double>() == Approx(6.0));
}

TEST_CASE("paper facts are compared, never copied: a wrong formula is flagged") {
  // li-peng dualcube Table 1 prints 2^n n edges for the n-cube; the graph has 2^(n-1) n.
  const auto j = topology_info(*build_topology("hypercube(3)"));
  bool seen = false;
  for (const auto& f : j["paper"])
    if (f["property"] == "edges") {
      seen = true;
      CHECK(f["value"] == 24);
      CHECK(f["computed"] == 12);
      CHECK(f["matches"] == false);
    }
  CHECK(seen);
}

TEST_CASE("the degree of a torus with a side of 2 differs from the papers' port count") {
  const auto j = topology_info(*build_topology("torus(2,3,5)"));
  CHECK(j["degree_max"] == 5);
  CHECK(j["port_degree_max"] == 6);
}

TEST_CASE("info without distances reports nodes, edges and degrees only") {
  InfoOptions o;
  o.distances = false;
  const auto j = topology_info(*build_topology("hdn(torus(2,3,5), sn=[{},{}])"), o);
  CHECK(j["nodes"] == 6480000);
  CHECK(j["edges"] == 6480000ull * 7 / 2);
  CHECK_FALSE(j.contains("diameter"));
}
