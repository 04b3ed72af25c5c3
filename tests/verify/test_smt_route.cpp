// prove route: the bit-vector machines against the routers, proofs, and refutations of
// deliberately broken routing functions with counterexample pairs that replay as failures.
#include <catch2/catch.hpp>

#include "analysis/route_proof.hpp"
#include "core/errors.hpp"
#include "gen/algorithms.hpp"
#include "gen/route/router.hpp"
#include "gen/topology.hpp"

using namespace netsched;

TEST_CASE("the encoded routing machines take exactly the routers' paths", "[smt]") {
  for (const char* spec : {"dualcube(1)", "dualcube(2)", "dualcube(3)", "dualcube(4)",
                           "rdn(hypercube(1),1)", "rdn(hypercube(2),1)", "rdn(hypercube(1),2)"}) {
    const auto t = build_topology(spec);
    const auto router = make_router(*t, "auto");
    NodePath path;
    INFO(spec);
    for (std::uint32_t u = 0; u < t->num_nodes(); ++u)
      for (std::uint32_t v = 0; v < t->num_nodes(); ++v) {
        router->route(NodeId(u), NodeId(v), path);
        REQUIRE(machine_route(*t, NodeId(u), NodeId(v)) == path);
      }
  }
}

TEST_CASE("prove route proves dualcube routing and HDN Algorithm 1 on small RDNs for all pairs",
          "[smt]") {
  for (const char* spec :
       {"dualcube(2)", "dualcube(5)", "rdn(hypercube(2),1)", "rdn(hypercube(1),2)"}) {
    const auto t = build_topology(spec);
    const RouteProof p = prove_routes(*t, "auto", 120000);
    INFO(spec << ": " << p.verdict);
    CHECK(p.verdict.kind == Verdict::Kind::Holds);
    CHECK(p.pairs == t->num_nodes() * t->num_nodes());
    CHECK(p.sampled > 0);
  }
}

TEST_CASE("prove route refutes broken routing functions with a counterexample that replays",
          "[smt]") {
  const auto t = build_topology("dualcube(4)");
  for (RouteFault f : {RouteFault::SkipLastCross, RouteFault::WrongMask}) {
    const RouteProof p = prove_routes(*t, "auto", 60000, f);
    REQUIRE(p.verdict.kind == Verdict::Kind::Violated);
    REQUIRE(p.counterexample);
    const auto [u, v] = *p.counterexample;
    // the broken machine's route from u really fails: a non-link hop or it misses v
    const auto path = machine_route(*t, u, v, f);
    bool bad = path.back() != v || path.size() - 1 > p.bound;
    for (std::size_t i = 1; i < path.size(); ++i) bad = bad || !t->adjacent(path[i - 1], path[i]);
    CHECK(bad);
    // and the real router's route for the same pair is fine
    NodePath ok;
    make_router(*t, "auto")->route(u, v, ok);
    CHECK(ok.back() == v);
  }
  CHECK_THROWS_AS(prove_routes(*build_topology("torus(3,3)")), InputError);
}
