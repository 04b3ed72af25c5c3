// The switched families (fat_tree, dragonfly, leaf_spine): their sizes, links, labels and
// speeds, from their definitions (docs/families.md), and info's counts on them.
#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <string>

#include "analysis/info.hpp"
#include "gen/topology.hpp"
#include "tests/helpers.hpp"

using namespace netsched;

namespace {

/// Links both ways, degree = neighbours, labels read back, and endpoints joined to switches only.
void check_structure(const Network& t) {
  INFO(t.spec());
  std::vector<NodeId> nb, back;
  for (std::uint32_t u = 0; u < t.num_nodes(); ++u) {
    t.neighbors(NodeId(u), nb);
    CHECK(nb.size() == t.degree(NodeId(u)));
    CHECK(nb.size() <= t.max_degree());
    CHECK(std::set<NodeId>(nb.begin(), nb.end()).size() == nb.size());
    for (const NodeId v : nb) {
      CHECK(v.v != u);
      t.neighbors(v, back);
      CHECK(std::find(back.begin(), back.end(), NodeId(u)) != back.end());
      if (!t.is_switch(NodeId(u))) CHECK(t.is_switch(v));
    }
    CHECK(t.parse_label(t.label(NodeId(u))) == NodeId(u));
  }
}

std::uint64_t links(const Network& t) {
  std::uint64_t sum = 0;
  for (std::uint32_t u = 0; u < t.num_nodes(); ++u) sum += t.degree(NodeId(u));
  return sum / 2;
}

}  // namespace

TEST_CASE("fat_tree(k): k^3/4 hosts, 5k^2/4 switches, 3 k^3/4 links") {
  for (const std::uint64_t k : {2, 4, 6, 8}) {
    const auto t = build_switched_topology("fat_tree(" + std::to_string(k) + ")");
    CHECK(t->num_endpoints() == k * k * k / 4);
    CHECK(t->num_nodes() - t->num_endpoints() == 5 * k * k / 4);
    CHECK(links(*t) == 3 * k * k * k / 4);  // hosts-edge, edge-agg, agg-core: k^3/4 each
    check_structure(*t);
  }
  const auto t = build_switched_topology("fat_tree(4)");
  CHECK(t->label(NodeId(0)) == "host(0,0,0)");
  CHECK(t->label(t->node("core(1,0)")) == "core(1,0)");
  CHECK_THAT(test::error_of([] { build_switched_topology("fat_tree(3)"); }),
             Catch::Contains("k must be even"));
  CHECK_THAT(test::error_of([] { build_switched_topology("fat_tree(1026)"); }),
             Catch::Contains("fat_tree"));
  // the check: info fat_tree(4) gives 16 endpoints and 20 switches; hosts of two pods
  // are 6 hops apart (host, edge, agg, core, agg, edge, host)
  const auto j = topology_info(*t);
  CHECK(j["endpoints"] == 16);
  CHECK(j["switches"] == 20);
  CHECK(j["diameter"] == 6);
}

TEST_CASE("dragonfly(a,p,h): every two groups share one global link by default") {
  for (const auto& [a, p, h] : std::vector<std::tuple<int, int, int>>{
           {1, 1, 1}, {2, 1, 1}, {2, 2, 2}, {3, 1, 2}, {4, 2, 1}}) {
    const std::string spec =
        "dragonfly(" + std::to_string(a) + "," + std::to_string(p) + "," + std::to_string(h) + ")";
    const auto t = build_switched_topology(spec);
    const std::uint64_t g = static_cast<std::uint64_t>(a * h + 1);
    CHECK(t->num_endpoints() == g * static_cast<std::uint64_t>(a * p));
    check_structure(*t);
    std::map<std::pair<std::uint64_t, std::uint64_t>, int> between;  // global links by groups
    std::vector<NodeId> nb;
    for (std::uint32_t u = static_cast<std::uint32_t>(t->num_endpoints()); u < t->num_nodes();
         ++u) {
      t->neighbors(NodeId(u), nb);
      for (const NodeId v : nb) {
        const auto gu = (u - t->num_endpoints()) / static_cast<std::uint64_t>(a);
        if (!t->is_switch(v) || u > v.v) continue;
        const auto gv = (v.v - t->num_endpoints()) / static_cast<std::uint64_t>(a);
        if (gu != gv) ++between[{gu, gv}];
      }
    }
    CHECK(between.size() == g * (g - 1) / 2);
    for (const auto& [pair, count] : between) CHECK(count == 1);
  }
  CHECK_THAT(test::error_of([] { build_switched_topology("dragonfly(2,1,2,4)"); }),
             Catch::Contains("g - 1 must divide a h = 4"));
  // g = 2 with a h = 4: four rounds, and router(0,0)'s two ports both lead to router(1,0)
  CHECK_THAT(test::error_of([] { build_switched_topology("dragonfly(2,1,2,2)"); }),
             Catch::Contains("would have two global links to"));
  CHECK(build_switched_topology("dragonfly(4,1,1,3)")->num_nodes() == 24);  // two rounds, fine
}

TEST_CASE("leaf_spine: hosts on leaves, every leaf on every spine, uplinks at their bandwidth") {
  const auto t = build_switched_topology("leaf_spine(3,2,4, uplink=2)");
  CHECK(t->num_endpoints() == 12);
  CHECK(t->num_nodes() == 17);
  CHECK(links(*t) == 12 + 6);
  check_structure(*t);
  CHECK(t->link_speed(t->node("leaf(1)"), t->node("spine(0)")).bandwidth == 2);
  CHECK(t->link_speed(t->node("host(1,3)"), t->node("leaf(1)")).bandwidth == 1);
  CHECK(t->weighted());
  CHECK_FALSE(build_switched_topology("leaf_spine(3,2,4)")->weighted());
  CHECK_THAT(test::error_of([] { build_switched_topology("leaf_spine(3,2,4, uplink=0)"); }),
             Catch::Contains("uplink must be a whole bandwidth multiple"));
}
