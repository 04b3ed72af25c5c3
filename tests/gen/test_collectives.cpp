// `gen --list` and `gen` agree: on a catalogue of small networks of every family (and every
// nucleus kind the RHFC families take), every algorithm the list names for a collective
// generates a schedule that holds, and every collective the list leaves empty is refused.
#include <catch2/catch.hpp>
#include <set>

#include "analysis/checked.hpp"
#include "core/errors.hpp"
#include "gen/algorithms.hpp"
#include "gen/topology.hpp"
#include "tests/helpers.hpp"

using namespace netsched;

namespace {

/// One network per family of family_table() (and nucleus variants), small enough that
/// every collective runs in the test.
std::vector<std::string> catalogue() {
  const std::string petersen =
      "file(\"" + std::string(NETSCHED_SOURCE_DIR) + "/tests/data/graphs/petersen.edges\")";
  return {"ring(5)", "path(4)", "complete(4)", "hypercube(3)", "torus(3,4)", "mesh(3,3)",
          "ghc(2,3)", "product(ring(3),complete(3))", "product(ccc(3), " + petersen + ")", "ccc(3)",
          "dualcube(2)", "rdn(hypercube(1),2)", "hdn(torus(2,3), sn=[{0}])", "hsn(2,hypercube(2))",
          "hsn(2,ring(4))", "rhs(2,2,hypercube(1))", "rhs(2,2,complete(3))", "mfc(ring(3),4,5)",
          "hfc(complete(3),4,4)", "hfc(hypercube(1),2)", "hypernet(2,2,2)", petersen,
          "graph(10, links=[{0,1},{1,2},{2,3},{3,4},{0,4},{0,5},{1,6},{2,7},{3,8},{4,9},{5,7},"
          "{7,9},{6,9},{6,8},{5,8}])",
          "faulty(torus(4,4), links=[{0,1}])", "faulty(hsn(2,hypercube(2)), links=[{0,1}])",
          "weighted(dualcube(2), bandwidth=[{0,1,50}], latency=[{0,4,200}])",
          // the switched families: only the rows that implement the switched model apply
          "fat_tree(2)", "dragonfly(2,1,1)", "leaf_spine(2,2,2)"};
}

}  // namespace

TEST_CASE("gen --list and gen agree on every family of the catalogue", "[gen]") {
  std::set<std::string> families;
  for (const std::string& spec : catalogue()) {
    const auto t = build_switched_topology(spec);
    families.insert(spec.substr(0, spec.find('(')));
    for (const std::string& c : collective_names()) {
      INFO(spec << " " << c);
      const auto names = algorithm_names(*t, c);
      if (names.empty()) {
        CHECK_THROWS_AS(generate_checked(*t, GenRequest(c)), InputError);
        continue;
      }
      for (const std::string& a : names) {
        INFO(a);
        const CheckedSchedule s = generate_checked(*t, test::full_request(*t, c, a));
        CHECK((s.holds() || a.ends_with("-as-printed")));
      }
      // the default is the first listed
      CHECK(generate_checked(*t, test::full_request(*t, c, "auto")).schedule().algorithm ==
            names.front());
    }
  }
  for (const FamilyInfo& f : family_table()) {
    INFO("no network of the family " << f.name << " in the catalogue");
    CHECK(families.count(std::string(f.name)));
  }
}
