#include <catch2/catch.hpp>

#include "core/automorphism.hpp"
#include "core/orbits.hpp"
#include "gen/topology.hpp"

using namespace netsched;

TEST_CASE("a rotation of a ring is an automorphism and a transposition of neighbours is not") {
  const Csr g(*build_topology("ring(6)"));
  CHECK(is_automorphism(g, [](std::uint32_t u) { return (u + 1) % 6; }));
  CHECK(is_automorphism(g, [](std::uint32_t u) { return (6 - u) % 6; }));
  CHECK_FALSE(is_automorphism(g, [](std::uint32_t u) { return u == 0 ? 1u : u == 1 ? 0u : u; }));
  CHECK_FALSE(is_automorphism(g, [](std::uint32_t) { return 0u; }));       // not a bijection
  CHECK_FALSE(is_automorphism(g, [](std::uint32_t u) { return u + 6; }));  // out of range
}

TEST_CASE("wrong candidates are rejected and never merge classes") {
  const Csr g(*build_topology("path(5)"));
  auto r = classes_from_candidates(
      g, {[](std::uint32_t u) { return (u + 1) % 5; }, [](std::uint32_t u) { return 4 - u; }});
  CHECK(r.rejected == 1);
  CHECK(r.used == 1);
  CHECK(r.classes.reps.size() == 3);
}

TEST_CASE("Traces finds the orbits of a path and of a star-like product") {
  CHECK(automorphism_orbits(Csr(*build_topology("path(5)"))).reps.size() == 3);
  CHECK(automorphism_orbits(Csr(*build_topology("mesh(3,3)"))).reps.size() == 3);
  CHECK(automorphism_orbits(Csr(*build_topology("torus(3,4)"))).reps.size() == 1);
}

TEST_CASE("colour refinement separates what differs and never splits an orbit") {
  const Csr path(*build_topology("path(7)"));
  // From a uniform colouring, refinement by degree finds the 4 orbits of a path of 7.
  CHECK(refine_colour_classes(path, std::vector<std::uint64_t>(7, 0), 100) == 4);
  // A vertex-transitive graph stays one class.
  const Csr torus(*build_topology("torus(3,5)"));
  CHECK(refine_colour_classes(torus, std::vector<std::uint64_t>(15, 0), 100) == 1);
}

TEST_CASE("canonical labelling decides isomorphism") {
  CHECK(isomorphic(Csr(*build_topology("hypercube(2)")), Csr(*build_topology("ring(4)"))));
  CHECK(isomorphic(Csr(*build_topology("torus(2,2,2)")), Csr(*build_topology("hypercube(3)"))));
  CHECK_FALSE(isomorphic(Csr(*build_topology("ring(8)")), Csr(*build_topology("path(8)"))));
  CHECK_FALSE(isomorphic(Csr(*build_topology("mesh(2,4)")), Csr(*build_topology("ring(8)"))));
}
