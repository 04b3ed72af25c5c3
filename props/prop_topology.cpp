#include <rapidcheck/catch.h>

#include <bit>

#include "core/automorphism.hpp"
#include "core/orbits.hpp"
#include "gen/topo/dualcube.hpp"
#include "gen/topo/hdn.hpp"
#include "gen/topo/product.hpp"
#include "props/generators.hpp"

using namespace netsched;

TEST_CASE("degree() counts the neighbours and the edges are half the degree sum") {
  rc::prop("on a random network", [] {
    const auto t = build_topology(*props::any_spec());
    RC_PRE(t->num_nodes() <= 5000u);
    std::uint64_t sum = 0;
    std::vector<NodeId> nb;
    for (std::uint32_t u = 0; u < t->num_nodes(); ++u) {
      t->neighbors(NodeId(u), nb);
      RC_ASSERT(t->degree(NodeId(u)) == nb.size());
      sum += nb.size();
    }
    RC_ASSERT(t->count_edges() * 2 == sum);
  });
}

TEST_CASE("product degrees are sums of factor degrees and links change one coordinate") {
  rc::prop("a random node of a random product", [] {
    const auto t = build_topology(*props::product_spec());
    const auto& p = network_ref<Product>(*t);
    const std::uint32_t u = props::any_node(p);
    std::uint32_t expected = 0;
    for (std::size_t d = 0; d < p.dims(); ++d) expected += p.factors()[d].degree(p.coord(u, d));
    RC_ASSERT(p.degree(NodeId(u)) == expected);
    std::vector<NodeId> nb;
    p.neighbors(NodeId(u), nb);
    for (NodeId v : nb) {
      int changed = 0;
      for (std::size_t d = 0; d < p.dims(); ++d) changed += p.coord(u, d) != p.coord(v.v, d);
      RC_ASSERT(changed == 1);
      RC_ASSERT(p.edge_dimension(NodeId(u), v).has_value());
    }
  });
}

TEST_CASE(
    "HDN: node count follows the recurrence, degree is base degree + k, cross edges match up") {
  rc::prop("a random node of a random HDN", [] {
    const auto t = build_topology(*props::small_hdn());
    const auto& h = network_ref<Hdn>(*t);
    std::uint64_t n = h.base().num_nodes();
    for (std::size_t i = 1; i <= h.k(); ++i) n = 2 * n * n / h.level(i).s;
    RC_ASSERT(h.num_nodes() == n);
    const std::uint32_t u = props::any_node(h);
    const auto b = h.split(h.k(), u).second;
    RC_ASSERT(h.degree(NodeId(u)) ==
              h.base().degree(NodeId(static_cast<std::uint32_t>(b))) + h.k());
    for (std::size_t j = 1; j <= h.k(); ++j) {
      const std::uint64_t v = h.cross_neighbor(j, u);
      RC_ASSERT(v != u);
      RC_ASSERT(h.cross_neighbor(j, v) == u);
      RC_ASSERT(h.adjacent(NodeId(u), NodeId(static_cast<std::uint32_t>(v))));
    }
    for (std::size_t j = 0; j <= h.k(); ++j) {
      const std::uint64_t id = *rc::gen::inRange<std::uint64_t>(0, h.nodes_at(j));
      const auto [copy, base] = h.split(j, id);
      RC_ASSERT(h.join(j, copy, base) == id);
    }
  });
}

TEST_CASE("HDN structural automorphism candidates are all automorphisms") {
  rc::prop("the lifting through the dual-construction never produces a non-automorphism", [] {
    const auto t = build_topology(*props::small_hdn());
    RC_PRE(t->num_nodes() <= 3000u);
    const Csr g(*t);
    for (const auto& p : t->automorphism_candidates()) RC_ASSERT(is_automorphism(g, p));
  });
}

TEST_CASE("dualcube links flip one bit under the section 2 conditions") {
  rc::prop("a random node of a random dualcube", [] {
    const std::uint32_t r = *rc::gen::inRange(1u, 9u);
    const Dualcube d(r);
    const std::uint32_t u = props::any_node(d), n = 2 * r - 1;
    std::vector<NodeId> nb;
    d.neighbors(NodeId(u), nb);
    RC_ASSERT(nb.size() == r);
    for (NodeId v : nb) {
      const std::uint32_t diff = u ^ v.v;
      RC_ASSERT(std::popcount(diff) == 1);
      const std::uint32_t i = static_cast<std::uint32_t>(std::countr_zero(diff));
      const std::uint32_t cls = u >> (n - 1);
      RC_ASSERT(i == n - 1 || (i <= r - 2 && cls == 0) || (i >= r - 1 && cls == 1));
    }
  });
}

TEST_CASE("all-pairs distance facts agree between orbit BFS and bit-parallel BFS") {
  rc::prop("on a random network", [] {
    const auto t = build_topology(*props::any_spec());
    RC_PRE(t->num_nodes() <= 1500u);
    const Csr g(*t);
    const auto a = distances_all_sources(g, 2);
    const auto b = distances_by_orbits(g, automorphism_orbits(g), 2);
    RC_ASSERT(a.connected == b.connected);
    RC_ASSERT(a.diameter == b.diameter);
    RC_ASSERT(a.radius == b.radius);
    RC_ASSERT(static_cast<std::uint64_t>(a.distance_sum) ==
              static_cast<std::uint64_t>(b.distance_sum));
  });
}
