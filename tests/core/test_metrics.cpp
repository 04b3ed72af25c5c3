#include <catch2/catch.hpp>

#include "core/metrics.hpp"
#include "core/orbits.hpp"
#include "gen/topology.hpp"

using namespace netsched;

namespace {

// Reference: plain BFS from every node.
DistanceStats brute_force(const Csr& g) {
  DistanceStats s;
  bool first = true;
  for (std::uint32_t u = 0; u < g.num_nodes(); ++u) {
    auto d = bfs_distances(g, u);
    std::uint32_t ecc = 0;
    for (auto x : d) {
      if (x == kUnreached) {
        s.connected = false;
        continue;
      }
      s.distance_sum += x;
      ecc = std::max(ecc, x);
    }
    s.diameter = first ? ecc : std::max(s.diameter, ecc);
    s.radius = first ? ecc : std::min(s.radius, ecc);
    first = false;
  }
  return s;
}

Orbits singletons(std::uint32_t n) {
  Orbits o;
  for (std::uint32_t u = 0; u < n; ++u) {
    o.reps.push_back(u);
    o.sizes.push_back(1);
  }
  return o;
}

}  // namespace

TEST_CASE("bit-parallel, orbit-weighted and plain BFS give the same distance facts") {
  for (const char* spec : {"path(7)", "ring(9)", "mesh(3,5)", "ccc(3)", "dualcube(3)",
                           "hsn(2,path(3))", "hfc(path(3),3,4)", "hdn(hypercube(2), sn=[{0},{1}])",
                           "product(ring(4),complete(3),path(2))", "ring(130)"}) {
    INFO(spec);
    const auto t = build_topology(spec);
    const Csr g(*t);
    const auto ref = brute_force(g);
    const auto bits = distances_all_sources(g, 2);
    const auto single = distances_by_orbits(g, singletons(g.num_nodes()), 2);
    const auto orbits = distances_by_orbits(g, automorphism_orbits(g), 2);
    for (const auto& s : {bits, single, orbits}) {
      CHECK(s.connected == ref.connected);
      CHECK(s.diameter == ref.diameter);
      CHECK(s.radius == ref.radius);
      CHECK(static_cast<std::uint64_t>(s.distance_sum) ==
            static_cast<std::uint64_t>(ref.distance_sum));
    }
  }
}

TEST_CASE("a disconnected graph is reported as disconnected") {
  const Csr g(std::vector<std::vector<std::uint32_t>>{{1}, {0}, {3}, {2}});
  CHECK_FALSE(distances_all_sources(g).connected);
  CHECK_FALSE(distances_by_orbits(g, singletons(4)).connected);
  CHECK(eccentricity(g, 0) == kUnreached);
}

TEST_CASE("the diameter of a hypercube is its dimension and of a ring half its length") {
  for (int n = 1; n <= 7; ++n) {
    const Csr g(*build_topology("hypercube(" + std::to_string(n) + ")"));
    CHECK(distances_all_sources(g).diameter == static_cast<std::uint32_t>(n));
  }
  for (int n = 3; n <= 20; ++n) {
    const Csr g(*build_topology("ring(" + std::to_string(n) + ")"));
    CHECK(distances_all_sources(g).diameter == static_cast<std::uint32_t>(n / 2));
  }
}
