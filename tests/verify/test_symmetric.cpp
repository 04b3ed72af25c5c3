// Verification by symmetry against the full block walk: equal verdicts on every exchange and
// mutant, invariance failures caught with a witness, symmetric mutants caught by the orbit walk.
#include <catch2/catch.hpp>
#include <random>

#include "gen/algorithms.hpp"
#include "gen/exchange/total_exchange.hpp"
#include "props/mutations.hpp"
#include "tests/verify/same_verdict.hpp"
#include "verify/blocks.hpp"
#include "verify/simulator.hpp"
#include "verify/symmetric.hpp"

using namespace netsched;

namespace {

// Symmetric and block engines on one schedule; returns what the symmetric one used.
SymmetryUse same_as_blocks(const Network& t, const Schedule& s) {
  const CheckResult a = simulate(t, s, Engine::Blocks);
  const CheckResult b = simulate(t, s, Engine::Symmetric);
  CHECK(b.engine ==
        (b.engine_note.rfind("a link or port", 0) == 0 ? Engine::Blocks : Engine::Symmetric));
  test::same_verdict(a, b);
  SymmetryUse use;
  simulate_symmetric(t, s, 0, {}, &use);
  return use;
}

const char* const kExchanges[] = {"hdn(hypercube(2), sn=[{0}])",
                                  "hdn(torus(2,3), sn=[{0}])",
                                  "rdn(ring(3),1)",
                                  "hdn(hypercube(2), sn=[{0},{0,1}])",
                                  "hdn(torus(2,3,5), sn=[{0,1}])",
                                  "rdn(hypercube(2),2)",
                                  "dualcube(3)",
                                  "hypercube(4)",
                                  "torus(3,4)",
                                  "ghc(3,4)"};

}  // namespace

TEST_CASE("symmetric: the same verdict and figures as the block walk on every box exchange") {
  std::size_t reduced = 0;
  for (const char* spec : kExchanges) {
    const auto t = build_topology(spec);
    for (const auto& name : algorithm_names(*t, "total-exchange")) {
      if (name == "greedy" && t->num_nodes() > kGreedyExchangeMaxNodes) continue;  // its limit
      const Schedule s = make_total_exchange(*t, name);
      if (!symmetric_applies(s)) continue;
      INFO(spec << " " << name);
      const SymmetryUse use = same_as_blocks(*t, s);
      CHECK(use.orbits <= t->num_nodes());
      if (use.orbits < t->num_nodes()) ++reduced;
    }
  }
  // not vacuous: most of these exchanges are walked for fewer origins than nodes
  CHECK(reduced >= 8);
}

TEST_CASE("symmetric: an HDN exchange is walked for one origin") {
  const auto t = build_topology("hdn(torus(2,3,5), sn=[{0,1}])");
  const Schedule s = make_total_exchange(*t);
  SymmetryUse use;
  REQUIRE(simulate_symmetric(*t, s, 0, {}, &use).ok());
  CHECK(use.used > 0);
  CHECK(use.orbits == 1);  // 300 nodes: the class-sliced lifts make the group transitive
  CHECK(use.transfer_orbits < s.num_transfers());
}

TEST_CASE("symmetric: the same first violation as the block walk on mutated exchanges") {
  std::mt19937_64 rng(29);
  for (const char* spec :
       {"hdn(hypercube(2), sn=[{0}])", "hdn(torus(2,3), sn=[{0}])", "rdn(ring(3),1)"}) {
    const auto t = build_topology(spec);
    const Schedule s = make_total_exchange(*t);
    REQUIRE(symmetric_applies(s));
    for (const auto& op : props::operators())
      for (int k = 0; k < 4; ++k) {
        const auto m = props::mutate(*t, s, op.name, rng);
        if (!m || !symmetric_applies(*m)) continue;
        INFO(spec << " " << op.name << " " << k);
        same_as_blocks(*t, *m);
      }
  }
}

TEST_CASE(
    "symmetric: a transfer dropped breaks the symmetry, and the invariance check says where") {
  const auto t = build_topology("hdn(torus(2,3), sn=[{0}])");
  const Schedule s = make_total_exchange(*t);
  SymmetryUse whole;
  REQUIRE(simulate_symmetric(*t, s, 0, {}, &whole).ok());
  REQUIRE(whole.used > 0);
  Schedule m = s;
  const Transfer gone = m.steps[1].transfers[3];
  m.steps[1].transfers.erase(m.steps[1].transfers.begin() + 3);
  SymmetryUse broken;
  const CheckResult r = simulate_symmetric(*t, m, 0, {}, &broken);
  CHECK_FALSE(r.ok());
  CHECK(broken.used < whole.used);
  const std::string witness = std::to_string(gone.from.v) + " -> " + std::to_string(gone.to.v);
  const bool named =
      std::any_of(broken.rejected.begin(), broken.rejected.end(), [&](const auto& x) {
        return x.find("which is not a transfer of the step") != std::string::npos &&
               x.find("maps to " + witness) != std::string::npos;
      });
  CHECK(named);
  same_as_blocks(*t, m);
}

TEST_CASE("symmetric: a mutant that keeps the symmetry is caught by the orbit walk") {
  const auto t = build_topology("hdn(torus(2,3,5), sn=[{0,1}])");
  Schedule m = make_total_exchange(*t);
  SymmetryUse whole;
  REQUIRE(simulate_symmetric(*t, m, 0, {}, &whole).ok());
  m.steps.back().transfers.clear();  // a whole step is a union of transfer orbits
  SymmetryUse use;
  const CheckResult r = simulate_symmetric(*t, m, 0, {}, &use);
  REQUIRE_FALSE(r.ok());
  CHECK(r.violation()->rule == Rule::Delivery);
  CHECK(use.used == whole.used);
  CHECK(use.orbits == whole.orbits);
  same_as_blocks(*t, m);
}

TEST_CASE("symmetric: candidates that are not digit-wise or not invariant are left out") {
  const auto t = build_topology("hdn(torus(2,3), sn=[{0}])");
  const Schedule s = make_total_exchange(*t);
  const std::uint32_t n = static_cast<std::uint32_t>(t->num_nodes());
  const std::vector<Permutation> gens = {
      [n](std::uint32_t v) { return (v + 1) % n; },  // a rotation of all ids: not digit-wise
      [](std::uint32_t v) { return v; }};            // the identity: merges nothing, not used
  SymmetryUse use;
  const CheckResult r = simulate_symmetric_with(*t, s, gens, 0, {}, &use);
  CHECK(r.ok());
  CHECK(use.candidates == 2);
  CHECK(use.used == 0);
  REQUIRE(use.rejected.size() == 1);
  CHECK(use.rejected[0].find("not a digit-wise bijection") != std::string::npos);
  CHECK(use.orbits == n);  // every origin walked
  // the invariance check alone: a class swap the exchange respects, a rotation it does not
  const Digits d(s.digits);
  const std::uint64_t half = d.total() / 2;
  const auto swap =
      SlicedDigitMap::probe(d, [&](std::uint64_t v) { return (v + half) % d.total(); });
  REQUIRE(swap);
  CHECK_FALSE(swap->sliced());
  CHECK_FALSE(check_invariance(s, d, *swap).witness);
}

TEST_CASE("symmetric: auto picks it beyond the block engine's limit only") {
  const auto t = build_topology("rdn(hypercube(2),2)");
  CHECK(simulate(*t, make_total_exchange(*t)).engine == Engine::Blocks);
  Schedule routed;  // explicit chunk lists: the symmetric engine does not apply
  routed.collective = Collective::broadcast(4, NodeId(0));
  CHECK_FALSE(symmetric_applies(routed));
}
