#include <catch2/catch.hpp>

#include "gen/topo/hdn.hpp"
#include "tests/helpers.hpp"

using namespace netsched;

namespace {

const Hdn& as_hdn(const Network& t) { return network_ref<Hdn>(t); }

// The level-j cross neighbour of node u of HDN(B,k), computed from the definition.
std::uint64_t cross(const Hdn& h, std::size_t j, std::uint64_t u) {
  const auto [copy, b] = h.split(h.k(), u);
  const std::uint64_t cj = h.copies_at(j);
  const auto q = h.quad(j, h.join(j, copy % cj, b));
  const auto [copy2, b2] = h.split(j, h.serial(j, {1 - q.c, q.x, q.U, q.p}));
  return h.join(h.k(), copy / cj * cj + copy2, b2);
}

}  // namespace

TEST_CASE("hdn: split and join are inverse bijections at every level") {
  const auto t = build_topology("hdn(torus(2,3,5), sn=[{0,1},{1,2}])");
  const Hdn& h = as_hdn(*t);
  for (std::size_t j = 0; j <= h.k(); ++j) {
    std::vector<bool> seen(h.nodes_at(j), false);
    for (std::uint64_t u = 0; u < h.nodes_at(j); ++u) {
      const auto [copy, b] = h.split(j, u);
      REQUIRE(copy < h.copies_at(j));
      REQUIRE(b < h.base().num_nodes());
      REQUIRE(h.join(j, copy, b) == u);
      REQUIRE_FALSE(seen[u]);
      seen[u] = true;
    }
  }
}

TEST_CASE("hdn: the cross edges of each level form a perfect matching of cross links", "[slow]") {
  for (const char* spec : {"hdn(torus(2,3,5), sn=[{0,1},{1,2}])", "hdn(hypercube(2), sn=[{0},{1}])",
                           "hdn(hypercube(3), sn=[{0,1},{},{2}])", "rdn(ring(3),2)"}) {
    INFO(spec);
    const auto t = build_topology(spec);
    const Hdn& h = as_hdn(*t);
    for (std::size_t j = 1; j <= h.k(); ++j) {
      for (std::uint64_t u = 0; u < h.num_nodes(); ++u) {
        const std::uint64_t v = cross(h, j, u);
        REQUIRE(v != u);
        REQUIRE(cross(h, j, v) == u);  // an involution without fixed points: a perfect matching
        REQUIRE(h.adjacent(NodeId(static_cast<std::uint32_t>(u)),
                           NodeId(static_cast<std::uint32_t>(v))));
        // a cross edge of level j joins the two classes of level j and keeps the position p
        const auto qu = h.quad(h.k(), u), qv = h.quad(h.k(), v);
        if (j == h.k()) {
          CHECK(qu.c != qv.c);
          CHECK(qu.p == qv.p);
          CHECK(qu.U == qv.x);
          CHECK(qu.x == qv.U);
        }
      }
    }
  }
}

TEST_CASE("hdn: degree is the base degree plus k, and super-nodes are copies of SN^i") {
  const auto t = build_topology("hdn(torus(2,3,5), sn=[{0,1},{1,2}])");
  const Hdn& h = as_hdn(*t);
  CHECK(h.level(1).s == 6);
  CHECK(h.level(2).s == 15);
  for (std::uint32_t u = 0; u < h.num_nodes(); u += 7) {
    const auto b = h.split(2, u).second;
    CHECK(h.degree(NodeId(u)) == h.base().degree(NodeId(static_cast<std::uint32_t>(b))) + 2);
  }
  // Nodes of one top-level super-node share base copy and outside coordinates, and their
  // positions enumerate the SN^2 coordinates (dimensions 1 and 2) exactly once.
  for (std::uint64_t first = 0; first < h.num_nodes(); first += 15 * 97) {
    std::set<std::pair<std::uint32_t, std::uint32_t>> coords;
    const auto copy0 = h.split(2, first).first;
    for (std::uint64_t p = 0; p < 15; ++p) {
      const auto [copy, b] = h.split(2, first + p);
      CHECK(copy == copy0);
      CHECK(h.base().coord(b, 0) == h.base().coord(h.split(2, first).second, 0));
      coords.insert({h.base().coord(b, 1), h.base().coord(b, 2)});
    }
    CHECK(coords.size() == 15);
  }
}

TEST_CASE("hdn: Table 1 node counts by construction equal the recurrence N_i = 2 N_{i-1}^2 / s_i") {
  // s by super-node set of torus(2,3,5): {}->1, {0}->2, {1}->3, {2}->5, {0,1}->6, {0,2}->10,
  // {1,2}->15, {0,1,2}->30 (sizes multiplied out here, independently of the builder).
  const std::vector<std::string> sets = {"{}",    "{0}",   "{1}",   "{2}",
                                         "{0,1}", "{0,2}", "{1,2}", "{0,1,2}"};
  const std::vector<std::uint64_t> sizes = {2, 3, 5};
  auto s_of = [&](const std::string& set) {
    std::uint64_t s = 1;
    for (char c : set)
      if (c >= '0' && c <= '2') s *= sizes[static_cast<std::size_t>(c - '0')];
    return s;
  };
  std::size_t by_bfs = 0;
  for (const auto& s1 : sets) {
    const std::uint64_t n1 = 2 * 30 * 30 / s_of(s1);
    const auto t1 = build_topology("hdn(torus(2,3,5), sn=[" + s1 + "])");
    CHECK(t1->num_nodes() == n1);
    for (const auto& s2 : sets) {
      const std::uint64_t n2 = 2 * n1 * n1 / s_of(s2);
      const auto t2 = build_topology("hdn(torus(2,3,5), sn=[" + s1 + "," + s2 + "])");
      INFO(t2->spec());
      CHECK(t2->num_nodes() == n2);
      if (n2 <= 20000) {
        // count the nodes reachable from node 0 along the built adjacency
        const Csr g(*t2);
        const auto d = bfs_distances(g, 0);
        CHECK(std::count(d.begin(), d.end(), kUnreached) == 0);
        CHECK(d.size() == n2);
        ++by_bfs;
      }
    }
  }
  CHECK(by_bfs >= 10);
}

TEST_CASE("hdn: lifted structural automorphisms are genuine automorphisms") {
  for (const char* spec : {"hdn(torus(2,3,5), sn=[{0,1},{1,2}])", "hdn(hypercube(2), sn=[{0},{1}])",
                           "rdn(ring(3),2)", "hdn(ghc(2,3), sn=[{1},{0}])"}) {
    INFO(spec);
    const auto t = build_topology(spec);
    const Csr g(*t);
    const auto cands = t->automorphism_candidates();
    CHECK(cands.size() >= 3);
    for (const auto& p : cands) CHECK(is_automorphism(g, p));
  }
}

TEST_CASE("hdn labels are (c,U,x,p) at the top level") {
  const auto t = build_topology("hdn(torus(2,3,5), sn=[{0,1},{1,2}])");
  CHECK(t->label(NodeId(0)) == "(0,0,0,0)");
  CHECK(t->node("(1,19,19,14)").v == ((1 * 20 + 19) * 20 + 19) * 15 + 14);
  CHECK_THROWS_WITH(t->node("(2,0,0,0)"), Catch::Contains("component 0 is 2, must be below 2"));
  CHECK_THROWS_WITH(t->node("12000"), Catch::Contains("out of range 0..11999"));
}
