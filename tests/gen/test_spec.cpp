#include <catch2/catch.hpp>

#include "gen/spec.hpp"
#include "gen/topology.hpp"
#include "tests/helpers.hpp"

using namespace netsched;

TEST_CASE("every example spec of ARCHITECTURE.md parses, builds and prints back verbatim") {
  for (const char* spec :
       {"ring(5)", "path(4)", "complete(4)", "hypercube(3)", "torus(2,3,5)", "mesh(4,4)",
        "ghc(3,4)", "product(ring(3),complete(4))", "ccc(4)", "dualcube(3)", "rdn(hypercube(2),2)",
        "hdn(torus(2,3,5), sn=[{0,1},{1,2}])", "hsn(3,hypercube(2))"}) {
    INFO(spec);
    const auto t = build_topology(spec);
    CHECK(t->spec() == spec);
    CHECK(print_spec(parse_spec(spec)) == spec);
  }
}

TEST_CASE("blanks are allowed between tokens and vanish in the canonical form") {
  CHECK(print_spec(parse_spec("  hdn( torus( 2 ,3,5 ) ,  sn = [ {0 , 1} , { } ] ) ")) ==
        "hdn(torus(2,3,5), sn=[{0,1},{}])");
  CHECK(build_topology("rhs(2, 2, hypercube(1))")->spec() == "rhs(2,2,hypercube(1))");
}

TEST_CASE("printing then parsing gives back the same tree") {
  const auto v = parse_spec("hfc(product(ring(3),path(2)),4,7)");
  CHECK(parse_spec(print_spec(v)) == v);
}

namespace {

std::string spec_error(const std::string& spec) {
  return test::error_of([&] { build_topology(spec); });
}

}  // namespace

TEST_CASE("bad specs are rejected with the column and what was expected") {
  const std::vector<std::pair<std::string, std::string>> catalogue = {
      {"", "spec column 1: empty spec"},
      {"ring", "spec column 5: expected '(', found end of spec"},
      {"ring(5", "spec column 7: expected ')', found end of spec"},
      {"ring(5))", "spec column 8: expected end of spec, found ')'"},
      {"ring(-1)", "spec column 6: expected a non-negative integer, found '-'"},
      {"ring(0)", "spec column 6: ring: n must be between 1 and 268435456, got 0"},
      {"ring(5,6)", "spec column 1: ring: expected ring(n), got 2 arguments"},
      {"ring(x)", "spec column 7: expected '(', found ')'"},
      {"Ring(5)", "spec column 1: expected a name, found 'R'"},
      {"star(5)", "spec column 1: unknown network 'star'"},
      {"ring(99999999999999999999)", "spec column 6: integer does not fit in 64 bits"},
      {"torus()",
       "spec column 1: torus: expected torus(n1,...,nk) with 1 to 64 sides, got 0 arguments"},
      {"torus(2,0,5)", "spec column 9: torus: side must be between 1"},
      {"hypercube(33)", "spec column 11: hypercube: dimension n must be between 1 and 32, got 33"},
      {"hypercube(32)",
       "hypercube has 4294967296 nodes, over the limit kMaxNodes = 268435456 (2^28)"},
      {"hypercube(28)",
       "hypercube(28) may have up to 3758096384 links (bounded from its parameters), over the "
       "limit "
       "kMaxEdges = 2147483648 (2^31)"},
      {"ring(4294967295)",
       "spec column 6: ring: n must be between 1 and 268435456, got 4294967295"},
      {"complete(65536462)", "complete(65536462) may have up to 2147513892970491 links"},
      {"hfc(complete(519420367),6)", "complete: n must be between 1 and 268435456, got 519420367"},
      {"hdn(torus(2,77777773,5),sn=[{0,1,2}])",
       "torus has 777777730 nodes, over the limit kMaxNodes = 268435456 (2^28)"},
      {"torus(268435456,268435456,268435456)", "node count overflows 64 bits"},
      {"torus(100000,100000)", "over the limit kMaxNodes = 268435456 (2^28)"},
      {"product(ring(3),ccc(1))", "spec column 21: ccc: n must be between 2 and 27, got 1"},
      {"product(ring(3),faulty(ring(3),nodes=[{0,1,2}]))", "every node of ring(3) has failed"},
      {"hdn(ccc(3), sn=[{}])",
       "spec column 5: hdn: base 'ccc(3)' must be a product of vertex-transitive factors"},
      {"hdn(mesh(3,3), sn=[{}])",
       "spec column 5: hdn: base dimension 0 is path(3), which is not vertex-transitive"},
      {"hdn(torus(2,3,5), sn=[{0},{3}])",
       "spec column 27: hdn: super-node set 2 names dimension 3, but the base has dimensions 0..2"},
      {"hdn(torus(2,3,5), sn=[{0,0}])",
       "spec column 23: hdn: super-node set 1 repeats dimension 0"},
      {"hdn(torus(2,3,5), sn=5)", "spec column 22: hdn: sn must be a list of dimension sets"},
      {"hdn(torus(2,3,5), sm=[{}])", "spec column 19: hdn: unknown argument 'sm'"},
      {"hdn(torus(2,3,5), sn=[{},{},{}])", "over the limit kMaxNodes"},
      {"hdn(torus(2,3,5), sn=[{0,1}", "spec column 28: expected ']', found end of spec"},
      {"rdn(5,1)", "spec column 5: rdn: base B must be a network such as ring(5)"},
      {"hsn(0,ring(3))", "spec column 5: hsn: levels l must be between 1 and 32, got 0"},
      {"hfc(complete(3),5)",
       "spec column 17: hfc: N_2 (at most N_1 + 1) must be between 1 and 4, got 5"},
      {"mfc(complete(2),3,8)",
       "spec column 19: mfc: N_3 (at most N_1...N_{i-1} + 1) must be between 1 and 7, got 8"},
      {"hypernet(0,3,4)", "spec column 10: hypernet: r must be between 1 and 8, got 0"},
      {"ccc(1)", "spec column 5: ccc: n must be between 2 and 27, got 1"},
      {"dualcube(17)", "spec column 10: dualcube: r must be between 1 and 16, got 17"},
  };
  for (const auto& [spec, message] : catalogue) {
    INFO("spec: " << spec);
    CHECK_THAT(spec_error(spec), Catch::Contains(message));
  }
}

TEST_CASE("deeply nested or very long specs are refused, not overflowed") {
  std::string deep;
  for (int i = 0; i < 200; ++i) deep += "hsn(1,";
  deep += "ring(3)";
  for (int i = 0; i < 200; ++i) deep += ")";
  CHECK_THAT(spec_error(deep), Catch::Contains("nested deeper than 64"));
  CHECK_THAT(spec_error("ring(" + std::string(5000, '1') + ")"),
             Catch::Contains("longer than 4096"));
}
