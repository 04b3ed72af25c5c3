#include <bit>
#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <tuple>

#include "core/orbits.hpp"
#include "gen/algorithms.hpp"
#include "gen/route/router.hpp"
#include "gen/topo/ccc.hpp"
#include "gen/topo/dualcube.hpp"
#include "gen/topo/hsn.hpp"
#include "gen/topo/hypernet.hpp"
#include "gen/topo/mfc.hpp"
#include "gen/topo/product.hpp"
#include "tests/helpers.hpp"

using namespace netsched;

TEST_CASE("every family builds a simple graph whose labels round-trip") {
  for (const char* spec : {"ring(1)",
                           "ring(2)",
                           "ring(7)",
                           "path(1)",
                           "path(6)",
                           "complete(5)",
                           "hypercube(4)",
                           "torus(2,3,5)",
                           "torus(4,4)",
                           "mesh(3,4,2)",
                           "ghc(3,4)",
                           "product(ring(3),complete(4))",
                           "product(torus(2,3),path(3),hypercube(2))",
                           "ccc(2)",
                           "ccc(3)",
                           "ccc(5)",
                           "dualcube(1)",
                           "dualcube(2)",
                           "dualcube(4)",
                           "rdn(hypercube(2),2)",
                           "rdn(ring(3),1)",
                           "hdn(torus(2,3,5), sn=[{0,1}])",
                           "hdn(hypercube(2), sn=[{0},{1}])",
                           "hdn(product(ring(3),complete(3)), sn=[{1}])",
                           "hdn(ghc(2,3), sn=[])",
                           "hsn(3,hypercube(2))",
                           "hsn(2,ring(5))",
                           "rhs(2,2,hypercube(1))",
                           "hfc(complete(3),4,4)",
                           "hfc(path(3),2,3)",
                           "mfc(ring(3),4,13)",
                           "mfc(complete(2),3,7)",
                           "hypernet(1,2,3)",
                           "hypernet(2,3,3)",
                           "hypernet(2,2,4)"}) {
    test::check_simple_graph(*build_topology(spec));
  }
}

TEST_CASE("products: neighbours differ in exactly one coordinate, edge count per factor") {
  for (const char* spec : {"torus(2,3,5)", "mesh(3,4)", "ghc(2,3,4)", "product(ring(5),path(3))"}) {
    const auto t = build_topology(spec);
    const auto& p = network_ref<Product>(*t);
    std::uint64_t expected = 0;  // sum over dimensions: (N / size) * edges of the factor
    for (const auto& f : p.factors()) {
      std::uint64_t fe = 0;
      for (std::uint32_t c = 0; c < f.size; ++c) fe += f.degree(c);
      expected += p.num_nodes() / f.size * fe / 2;
    }
    CHECK(p.count_edges() == expected);
    std::vector<NodeId> nb;
    for (std::uint32_t u = 0; u < p.num_nodes(); ++u) {
      p.neighbors(NodeId(u), nb);
      for (NodeId v : nb) {
        int differ = 0;
        for (std::size_t d = 0; d < p.dims(); ++d) {
          if (p.coord(u, d) == p.coord(v.v, d)) continue;
          ++differ;
          CHECK(p.factors()[d].distance(p.coord(u, d), p.coord(v.v, d)) == 1);
        }
        CHECK(differ == 1);
      }
    }
  }
}

TEST_CASE("hypercube(n): n*2^(n-1) edges, neighbours differ in one bit") {
  for (int n = 1; n <= 10; ++n) {
    const auto t = build_topology("hypercube(" + std::to_string(n) + ")");
    CHECK(t->count_edges() == static_cast<std::uint64_t>(n) << (n - 1));
    std::vector<NodeId> nb;
    for (std::uint32_t u = 0; u < t->num_nodes(); ++u) {
      t->neighbors(NodeId(u), nb);
      for (NodeId v : nb) CHECK(std::popcount(u ^ v.v) == 1);
    }
  }
}

TEST_CASE("ring(2) is K_2, and a torus with one side is that ring") {
  const auto r2 = build_topology("ring(2)");
  CHECK(r2->count_edges() == 1);
  CHECK(r2->degree(NodeId(0)) == 1);
  CHECK(r2->port_degree(NodeId(0)) == 2);  // the papers' count, reported separately
  CHECK(build_topology("complete(2)")->port_degree(NodeId(0)) == 1);
  for (int n = 1; n <= 9; ++n) {
    const auto ring = build_topology("ring(" + std::to_string(n) + ")");
    const auto torus = build_topology("torus(" + std::to_string(n) + ")");
    std::vector<NodeId> a, b;
    for (std::uint32_t u = 0; u < ring->num_nodes(); ++u) {
      ring->neighbors(NodeId(u), a);
      torus->neighbors(NodeId(u), b);
      CHECK(a == b);
    }
  }
}

TEST_CASE("ccc(n): cycle links plus the cube link of dimension i at position i") {
  for (std::uint32_t n = 3; n <= 6; ++n) {
    const Ccc c(n);
    CHECK(c.count_edges() == 3ull * n * (1ull << n) / 2);
    std::vector<NodeId> nb;
    for (std::uint32_t u = 0; u < c.num_nodes(); ++u) {
      c.neighbors(NodeId(u), nb);
      const std::uint32_t w = u / n, i = u % n;
      int cube = 0;
      for (NodeId v : nb) {
        if (v.v / n == w)
          CHECK(((v.v % n + n - i) % n == 1 || (i + n - v.v % n) % n == 1));
        else {
          ++cube;
          CHECK((w ^ (v.v / n)) == (1u << i));
          CHECK(v.v % n == i);
        }
      }
      CHECK(cube == 1);
    }
  }
}

TEST_CASE("dualcube(r): the three edge conditions of §2 and nothing else") {
  for (std::uint32_t r = 1; r <= 5; ++r) {
    const Dualcube d(r);
    const std::uint32_t n = 2 * r - 1;
    for (std::uint32_t u = 0; u < d.num_nodes(); ++u)
      for (std::uint32_t i = 0; i < n; ++i) {
        const std::uint32_t v = u ^ (1u << i);
        const std::uint32_t cu = u >> (n - 1), cv = v >> (n - 1);
        const bool edge = (i <= r - 2 && r >= 2 && cu == 0 && cv == 0) ||
                          (i >= r - 1 && i <= n - 2 && cu == 1 && cv == 1) || i == n - 1;
        CHECK(d.adjacent(NodeId(u), NodeId(v)) == edge);
      }
    CHECK(d.count_edges() == d.num_nodes() * r / 2);
  }
}

TEST_CASE("dualcube(r) is isomorphic to rdn(hypercube(r-1),1) (canonical labelling)") {
  for (int r = 2; r <= 5; ++r) {
    const Csr a(*build_topology("dualcube(" + std::to_string(r) + ")"));
    const Csr b(*build_topology("rdn(hypercube(" + std::to_string(r - 1) + "),1)"));
    CHECK(isomorphic(a, b));
  }
  // and not to a hypercube of the same size
  CHECK_FALSE(
      isomorphic(Csr(*build_topology("dualcube(3)")), Csr(*build_topology("hypercube(5)"))));
}

TEST_CASE("hsn(l,G): M^l nodes, level-i link swaps X_i and X_1, absent where they are equal") {
  const auto t = build_topology("hsn(3,hypercube(2))");
  const auto& h = network_ref<Hsn>(*t);
  CHECK(h.num_nodes() == 64);
  std::vector<NodeId> nb;
  for (std::uint32_t u = 0; u < 64; ++u) {
    h.neighbors(NodeId(u), nb);
    std::uint32_t swaps = 0;
    for (std::uint32_t i = 2; i <= 3; ++i) {
      if (h.digit(u, i) == h.digit(u, 1)) continue;
      ++swaps;
      std::uint64_t v = u;
      v += (h.digit(u, 1) - h.digit(u, i)) * (i == 2 ? 4 : 16);
      v += h.digit(u, i) - h.digit(u, 1);
      CHECK(h.adjacent(NodeId(u), NodeId(static_cast<std::uint32_t>(v))));
    }
    CHECK(nb.size() == 2 + swaps);
  }
  // rhs(2,2,G) is hsn(2,hsn(2,G))
  const auto a = build_topology("rhs(2,2,hypercube(1))");
  const auto b = build_topology("hsn(2,hsn(2,hypercube(1)))");
  CHECK(isomorphic(Csr(*a), Csr(*b)));
  CHECK(network_ref<Hsn>(*a).level_counts() == std::vector<std::uint32_t>{2, 2});
}

TEST_CASE("mfc/hfc: one link between every two level-i clusters, per cluster or per nucleus") {
  for (const char* spec : {"mfc(ring(3),4,13)", "mfc(complete(2),3,7)", "hfc(complete(3),4,4)",
                           "hfc(path(3),3,2)", "hfc(ring(4),5,3)"}) {
    INFO(spec);
    const auto t = build_topology(spec);
    const auto& m = network_ref<Mfc>(*t);
    for (std::uint32_t i = 2; i <= m.levels(); ++i) {
      // count links between cluster pairs, grouped by the unit that must link once to each
      // other cluster: the level-i cluster (MFC) or the nucleus (HFC)
      std::map<std::tuple<std::uint64_t, std::uint64_t, std::uint64_t>, int> links;
      for (std::uint32_t u = 0; u < m.num_nodes(); ++u) {
        auto v = m.link(u, i);
        if (!v) continue;
        CHECK(m.link(*v, i) == std::optional<std::uint64_t>(u));  // an involution
        CHECK(m.adjacent(NodeId(u), NodeId(static_cast<std::uint32_t>(*v))));
        std::uint64_t unit = 0;  // id of u's unit: the digits above i, and (HFC) those below
        for (std::uint32_t d = m.levels(); d > i; --d) unit = unit * m.count(d) + m.digit(u, d);
        if (m.hfc())
          for (std::uint32_t d = i - 1; d >= 2; --d) unit = unit * m.count(d) + m.digit(u, d);
        links[{unit, m.digit(u, i), m.digit(*v, i)}]++;
      }
      // MFC: one unit per level-(i+1) cluster; HFC: one per nucleus position besides X_i.
      std::uint64_t units = m.num_nodes() / m.count(i);
      if (m.hfc())
        units /= m.count(1);
      else
        for (std::uint32_t d = 1; d < i; ++d) units /= m.count(d);
      for (const auto& [key, c] : links) CHECK(c == 1);
      // every ordered pair of distinct clusters is linked once per unit
      CHECK(links.size() == units * m.count(i) * (m.count(i) - 1));
    }
  }
}

TEST_CASE("an HSN over an HSN nucleus keeps every nucleus link") {
  // Edges: M^(l-1) copies of the nucleus's links, plus per level the swap links of the nodes
  // with X_i != X_1 (half of M^l (1 - 1/M)).
  for (const char* spec :
       {"hsn(2,hsn(2,ring(3)))", "rhs(2,2,hypercube(1))", "rhs(3,2,hypercube(2))"}) {
    INFO(spec);
    const auto t = build_topology(spec);
    const auto& h = network_ref<Hsn>(*t);
    const std::uint64_t m = h.radix(), l = h.levels();
    std::uint64_t ml = 1;
    for (std::uint64_t i = 0; i < l; ++i) ml *= m;
    const std::uint64_t expected = ml / m * h.nucleus().count_edges() + (l - 1) * (ml - ml / m) / 2;
    CHECK(t->count_edges() == expected);
  }
}

TEST_CASE(
    "hypernet(1,l,k): the printed depth-1 rule, node X_l..X_2 X_1 with x_1 = 0 to x_(k:2) "
    "X_(l-1:2) X_l 0") {
  for (const auto& [l, k] : {std::pair{2u, 3u}, {3u, 3u}, {2u, 4u}}) {
    const auto t =
        build_topology("hypernet(1," + std::to_string(l) + "," + std::to_string(k) + ")");
    INFO(t->spec());
    const std::uint32_t c = k - 1, nucleus = (1u << k) - 1;
    CHECK(t->num_nodes() == (std::uint64_t{1} << (l * k - l + 1)));  // k_1 = lk - l + 1 bits
    std::vector<NodeId> nb;
    std::uint64_t external = 0;
    for (std::uint32_t u = 0; u < t->num_nodes(); ++u) {
      t->neighbors(NodeId(u), nb);
      std::set<std::uint32_t> expected;
      for (std::uint32_t b = 0; b < k; ++b) expected.insert(u ^ (1u << b));
      if ((u & 1u) == 0)
        for (std::uint32_t j = 2; j <= l; ++j) {
          const std::uint32_t shift = k + (j - 2) * c, x = (u >> shift) & ((1u << c) - 1);
          const std::uint32_t upper = (u & nucleus) >> 1;  // x_(k:2)
          const std::uint32_t v =
              (u & ~(((1u << c) - 1) << shift) & ~nucleus) | upper << shift | x << 1;
          if (v != u) expected.insert(v);
        }
      std::set<std::uint32_t> got;
      for (NodeId v : nb) got.insert(v.v);
      CHECK(got == expected);
      external += nb.size() - k;
    }
    // every nucleus links once to each other level-j cluster: 2^(k-1) - 1 links per level
    const std::uint64_t nuclei = t->num_nodes() >> k;
    CHECK(external == nuclei * (l - 1) * ((1u << c) - 1));
  }
}

TEST_CASE(
    "hypernet(r,l,k): swaps are involutions on the pattern nodes, candidates are automorphisms") {
  for (const char* spec :
       {"hypernet(2,2,3)", "hypernet(2,3,3)", "hypernet(3,2,4)", "hypernet(2,2,4)"}) {
    const auto t = build_topology(spec);
    const auto& h = network_ref<Hypernet>(*t);
    INFO(spec);
    for (std::uint32_t i = 1; i <= h.depth(); ++i) {
      CHECK(h.address_bits(i) == h.address_bits(i - 1) + (h.levels() - 1) * h.field_bits(i));
      for (std::uint32_t u = 0; u < t->num_nodes(); u += 7) {
        if (h.link_depth(u) != i) continue;
        for (std::uint32_t j = 2; j <= h.levels(); ++j) CHECK(h.swap(h.swap(u, i, j), i, j) == u);
      }
    }
    const Csr g(*t);
    const auto candidates = t->automorphism_candidates();
    CHECK(candidates.size() == h.k() - h.depth());
    for (const auto& p : candidates) CHECK(is_automorphism(g, p));
  }
}

TEST_CASE(
    "hypernet routing stays within Theorem 3.2's (k+1) l^r - 1 and bad hypernets are refused") {
  for (const char* spec : {"hypernet(1,2,3)", "hypernet(2,2,3)", "hypernet(1,3,3)"}) {
    const auto t = build_topology(spec);
    const auto& h = network_ref<Hypernet>(*t);
    std::uint64_t bound = h.k();
    for (std::uint32_t i = 1; i <= h.depth(); ++i) bound = h.levels() * (bound + 1) - 1;
    const auto r = make_router(*t);
    CHECK(r->name() == "hypernet-routing");
    NodePath path;
    for (std::uint32_t u = 0; u < t->num_nodes(); u += 3)
      for (std::uint32_t v = 0; v < t->num_nodes(); v += 5) {
        r->route(NodeId(u), NodeId(v), path);
        REQUIRE(path.front().v == u);
        REQUIRE(path.back().v == v);
        CHECK(path.size() - 1 <= bound);
        for (std::size_t s = 1; s < path.size(); ++s) CHECK(t->adjacent(path[s - 1], path[s]));
      }
  }
  CHECK_THROWS_WITH(build_topology("hypernet(3,2,5)"),
                    Catch::Contains("hypernet has 2^29 nodes, over the limit kMaxNodes"));
  CHECK_THROWS_WITH(build_topology("hypernet(8,16,27)"), Catch::Contains("kMaxNodes"));
  CHECK_THROWS_WITH(build_topology("hypernet(1,1,3)"), Catch::Contains("l"));
}
