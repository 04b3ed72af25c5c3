#include <algorithm>
#include <catch2/catch.hpp>
#include <numeric>

#include "analysis/checked.hpp"
#include "analysis/verification.hpp"
#include "gen/algorithms.hpp"
#include "gen/broadcast/broadcast.hpp"
#include "gen/topo/product.hpp"
#include "papers/factor_times.hpp"

using namespace netsched;

TEST_CASE("factor broadcasts take ceil(n/2) rounds on rings and ceil(log2 n) on complete graphs") {
  for (std::uint32_t n = 1; n <= 17; ++n)
    for (std::uint32_t root = 0; root < n; ++root) {
      const auto ring = factor_broadcast(Factor{Factor::Kind::Ring, n}, root);
      const auto comp = factor_broadcast(Factor{Factor::Kind::Complete, n}, root);
      CHECK(ring.size() == (n == 1 ? 0 : (n + 1) / 2));
      std::uint32_t lg = 0;
      while ((1u << lg) < n) ++lg;
      CHECK(comp.size() == lg);
      CHECK(factor_broadcast(Factor{Factor::Kind::Path, n}, root).size() ==
            papers::factor_broadcast_time(Factor::Kind::Path, n, root));
    }
}

TEST_CASE("every broadcast generator passes the checker between the lower and the paper bound") {
  for (const char* spec : {"ring(7)",
                           "path(6)",
                           "complete(5)",
                           "hypercube(5)",
                           "torus(2,3,5)",
                           "mesh(3,4)",
                           "ghc(3,4)",
                           "product(ring(3),complete(4))",
                           "ccc(3)",
                           "dualcube(1)",
                           "dualcube(2)",
                           "dualcube(4)",
                           "rdn(hypercube(2),2)",
                           "rdn(ring(3),1)",
                           "hdn(torus(2,3,5), sn=[{0,1},{1,2}])",
                           "hdn(hypercube(2), sn=[{0},{1}])",
                           "hdn(torus(2,3), sn=[{},{0,1}])",
                           "hdn(product(ring(4),complete(3)), sn=[{1},{0}])",
                           "hsn(3,hypercube(2))",
                           "rhs(2,2,hypercube(1))",
                           "hfc(complete(3),4,4)",
                           "mfc(ring(3),4,13)",
                           "mfc(complete(2),3,7)"}) {
    const auto t = build_topology(spec);
    for (const auto& algorithm : algorithm_names(*t, "broadcast")) {
      for (std::uint32_t root : {0u, static_cast<std::uint32_t>(t->num_nodes() / 3),
                                 static_cast<std::uint32_t>(t->num_nodes() - 1)}) {
        INFO(spec << " " << algorithm << " root " << root);
        const auto s =
            generate_checked(*t, GenRequest("broadcast", algorithm, NodeId(root))).schedule();
        const auto v = verify_schedule(*t, s);
        REQUIRE(v.check.ok());
        REQUIRE(v.lower);
        CHECK(v.lower->steps <= v.check.steps);
        if (v.bound) CHECK(v.check.steps <= v.bound->steps);
        if (algorithm != "greedy" && algorithm != "product-broadcast" && algorithm != "optimal")
          CHECK(v.bound);
      }
    }
  }
}

TEST_CASE("HDN Algorithm 2 meets Theorem 3's bound exactly") {
  for (const char* spec : {"hdn(torus(2,3,5), sn=[{0,1},{1,2}])", "hdn(torus(2,3,5), sn=[{2}])",
                           "rdn(hypercube(2),2)", "hdn(hypercube(3), sn=[{0,1},{},{2}])"}) {
    INFO(spec);
    const auto t = build_topology(spec);
    const auto v = verify_schedule(*t, make_broadcast(*t, NodeId(0)));
    REQUIRE(v.bound);
    CHECK(v.check.steps == v.bound->steps);
  }
}

TEST_CASE("the hypercube binomial tree is optimal: n steps") {
  for (int n = 1; n <= 8; ++n) {
    const auto t = build_topology("hypercube(" + std::to_string(n) + ")");
    const auto v = verify_schedule(
        *t, make_broadcast(*t, NodeId(static_cast<std::uint32_t>(5 % t->num_nodes()))));
    CHECK(v.check.steps == static_cast<std::uint64_t>(n));
    CHECK(v.lower->steps == static_cast<std::uint64_t>(n));
  }
}

TEST_CASE("greedy broadcast from several holders: a BFS forest, every node reached once", "[gen]") {
  const auto t = build_topology("torus(4,4)");
  // from one holder it is the greedy broadcast itself
  const std::uint32_t root = 5;
  CHECK(greedy_broadcast_from(*t, {&root, 1}) == greedy_broadcast(*t, root));
  // from two opposite corners every node is reached once, from a holder or a node reached before
  const std::vector<std::uint32_t> holders = {0, 10};
  std::vector<char> informed(t->num_nodes(), 0);
  for (const std::uint32_t h : holders) informed[h] = 1;
  const Rounds rounds = greedy_broadcast_from(*t, holders);
  for (const auto& round : rounds) {
    std::vector<char> next = informed;
    for (const auto& [from, to] : round) {
      CHECK(informed[from]);
      CHECK_FALSE(next[to]);
      next[to] = 1;
    }
    informed = next;
  }
  CHECK(std::count(informed.begin(), informed.end(), 1) == 16);
  // two holders at distance 4 (every node within 2 of one of them) are no slower than one
  CHECK(rounds.size() <= greedy_broadcast(*t, 0).size());
  // every node a holder: nothing to send
  std::vector<std::uint32_t> all(t->num_nodes());
  std::iota(all.begin(), all.end(), 0);
  CHECK(greedy_broadcast_from(*t, all).empty());
}
