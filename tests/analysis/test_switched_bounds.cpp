// Bounds and facts on networks of switches and directed links: the max-flow bounds against an
// enumeration of every cut (small machines, switches allowed on either side), and info's
// endpoint counts and distances.
#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <random>
#include <set>
#include <string>

#include "analysis/bandwidth_bound.hpp"
#include "analysis/congestion_bound.hpp"
#include "analysis/info.hpp"
#include "gen/topology.hpp"
#include "tests/scratch.hpp"

using namespace netsched;

namespace {

/// The spec of one of netsched's own test machines (tests/data/graphs/switched/).
std::string machine(const std::string& name) {
  return "file(\"" + std::string(NETSCHED_SOURCE_DIR) + "/tests/data/graphs/switched/" + name +
         ".graphml\")";
}

/// Over every node set S that holds an endpoint and misses one: the largest
/// |S and the endpoints| / B(arcs leaving S) (or entering S), and the least B(leaving S) over
/// the S that hold `root` (the broadcast's cut, 0 when not asked).
struct Enumerated {
  double gather = 0, scatter = 0, broadcast = 1e300;
  double exchange = 0;  ///< |S and the endpoints| x |the other endpoints| / B(leaving S)
};

Enumerated enumerate_cuts(const Network& t, std::uint32_t root) {
  const std::uint32_t n = static_cast<std::uint32_t>(t.num_nodes());
  REQUIRE(n <= 22);
  std::vector<std::tuple<std::uint32_t, std::uint32_t, double>> arcs;
  std::vector<NodeId> nb;
  for (std::uint32_t u = 0; u < n; ++u) {
    t.neighbors(NodeId(u), nb);
    for (const NodeId v : nb)
      if (t.has_arc(NodeId(u), v)) arcs.emplace_back(u, v.v, t.link_speed(NodeId(u), v).bandwidth);
  }
  const std::uint64_t all_endpoints = (std::uint64_t{1} << t.num_endpoints()) - 1;
  Enumerated e;
  for (std::uint64_t s = 1; s + 1 < (std::uint64_t{1} << n); ++s) {
    const std::uint64_t ends = s & all_endpoints;
    if (ends == 0 || ends == all_endpoints) continue;
    double out = 0, in = 0;
    for (const auto& [u, v, b] : arcs) {
      const bool su = (s >> u) & 1U, sv = (s >> v) & 1U;
      if (su && !sv) out += b;
      if (!su && sv) in += b;
    }
    const double k = static_cast<double>(__builtin_popcountll(ends));
    e.gather = std::max(e.gather, k / out);
    e.exchange = std::max(e.exchange, k * (static_cast<double>(t.num_endpoints()) - k) / out);
    e.scatter = std::max(e.scatter, k / in);
    if ((s >> root) & 1U) e.broadcast = std::min(e.broadcast, out);
  }
  return e;
}

/// A random strongly connected machine: endpoints on a directed ring, switches joined to at least
/// one endpoint both ways, and some chords of random bandwidth and lanes one way.
std::string random_machine(std::mt19937& rng, int index) {
  std::uniform_int_distribution<int> ends(2, 7), switches(0, 3), weight(1, 5), coin(0, 2);
  const int e = ends(rng), sw = switches(rng);
  std::string text =
      "<?xml version=\"1.0\"?>\n<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
      "<key id=\"k\" for=\"node\" attr.name=\"kind\" attr.type=\"string\"/>\n"
      "<key id=\"w\" for=\"edge\" attr.name=\"weight\" attr.type=\"double\"/>\n"
      "<key id=\"l\" for=\"edge\" attr.name=\"lanes\" attr.type=\"double\"/>\n"
      "<graph edgedefault=\"directed\">\n";
  for (int v = 0; v < e + sw; ++v)
    text += "<node id=\"n" + std::to_string(v) + "\"><data key=\"k\">" +
            (v < e ? "endpoint" : "switch") + "</data></node>\n";
  std::set<std::pair<int, int>> used;
  const auto arc = [&](int u, int v) {
    if (u == v || !used.insert({u, v}).second) return;
    text += "<edge source=\"n" + std::to_string(u) + "\" target=\"n" + std::to_string(v) +
            "\"><data key=\"w\">" + std::to_string(weight(rng)) + "</data><data key=\"l\">" +
            std::to_string(1 + coin(rng)) + "</data></edge>\n";
  };
  for (int v = 0; v < e; ++v) arc(v, (v + 1) % e);
  for (int s = e; s < e + sw; ++s) {
    const int first = static_cast<int>(rng() % static_cast<unsigned>(e));
    arc(s, first), arc(first, s);  // every switch on the way of some endpoint
    for (int v = 0; v < e; ++v)
      if (coin(rng) == 0) arc(s, v), arc(v, s);
  }
  for (int k = 0; k < e; ++k) arc(static_cast<int>(rng() % e), static_cast<int>(rng() % e));
  text += "</graph></graphml>\n";
  const std::string path =
      netsched::testing::scratch_path("machine-" + std::to_string(index) + ".graphml");
  std::ofstream(path) << text;
  return "file(\"" + path + "\")";
}

void check_against_enumeration(const std::string& spec) {
  INFO(spec);
  const auto t = build_switched_topology(spec);
  const Enumerated e = enumerate_cuts(*t, 0);
  const BandwidthBound gather = all_gather_bound(*t);
  const BandwidthBound scatter = reduce_scatter_bound(*t);
  const BandwidthBound broadcast = broadcast_bound(*t, NodeId(0));
  CHECK(gather.chunk_times == Approx(e.gather));
  CHECK(scatter.chunk_times == Approx(e.scatter));
  CHECK(broadcast.chunk_times == Approx(1 / e.broadcast));
  for (const BandwidthBound* b : {&gather, &scatter, &broadcast})
    CHECK(recount(*t, b->cut).empty());
  CHECK(scatter.cut.entering);
  // the total exchange's lengths: a valid bound, recounted, below the averaged routes' busiest
  // arc, which no cut can exceed (a routing's busiest arc carries at least a cut's share)
  const CongestionBound exchange = total_exchange_bound(*t);
  CHECK(recount(*t, exchange.lengths).empty());
  CHECK(exchange.chunk_times <= exchange.routed_chunk_times * (1 + 1e-9));
  CHECK(e.exchange <= exchange.routed_chunk_times * (1 + 1e-9));
  // the certificate names its own ratio
  CHECK(gather.chunk_times ==
        Approx(static_cast<double>(gather.cut.chunks) / gather.cut.bandwidth));
}

}  // namespace

TEST_CASE("switched bounds: the max-flow bounds equal the best cut of an enumeration") {
  for (const char* name : {"box-8", "a100-2x8", "directed-ring-4"})
    check_against_enumeration(machine(name));
  for (const char* spec : {"dragonfly(2,1,1)", "dragonfly(1,2,2)", "leaf_spine(2,2,2, uplink=3)",
                           "leaf_spine(3,1,2)", "fat_tree(2)"})
    check_against_enumeration(spec);
  std::mt19937 rng(7);
  for (int i = 0; i < 25; ++i) check_against_enumeration(random_machine(rng, i));
}

TEST_CASE("switched bounds: ForestColl's A100 machine is bound by one GPU's ingress") {
  // 15 chunks into a GPU over its 300 + 25 GB/s, more than 8 chunks over a box's 8 NICs of
  // 25 GB/s: the enumeration above confirms no cut is worse
  const auto t = build_switched_topology(machine("a100-2x8"));
  const BandwidthBound b = all_gather_bound(*t);
  CHECK(b.cut.chunks == 15);
  CHECK(b.cut.bandwidth == 325);
  CHECK(b.how.find("every endpoint a sink") != std::string::npos);
  // ForestColl draws each NIC as a node of its own (a 25 GB/s pass-through both ways): the
  // same bound, on 36 nodes, too many to enumerate
  const auto nics = build_switched_topology(machine("a100-2x8-nics"));
  CHECK(nics->num_nodes() == 36);
  for (const bool gather : {true, false}) {
    const BandwidthBound with = gather ? all_gather_bound(*nics) : reduce_scatter_bound(*nics);
    CHECK(with.chunk_times == Approx(b.chunk_times));
    CHECK(recount(*nics, with.cut).empty());
  }
}

TEST_CASE("switched bounds: a fat-tree's all-gather is bound by a host's link") {
  // full bisection: no cut is worse than one host's, which takes the other hosts' chunks
  for (const int k : {4, 6}) {
    const auto t = build_switched_topology("fat_tree(" + std::to_string(k) + ")");
    CHECK(all_gather_bound(*t).chunk_times == Approx(static_cast<double>(t->num_endpoints() - 1)));
  }
}

TEST_CASE("switched bounds: a total exchange's lengths count endpoint pairs along the arcs") {
  // a box: each gpu's one link carries its 7 chunks out; a fat-tree host's 15; a one-way ring's
  // 3 (every chunk goes around); each recounted, and a length against an arc refused
  for (const auto& [spec, times] : std::vector<std::pair<std::string, double>>{
           {machine("box-8"), 7}, {"fat_tree(4)", 15}, {machine("directed-ring-4"), 3}}) {
    INFO(spec);
    const auto t = build_switched_topology(spec);
    const CongestionBound b = total_exchange_bound(*t);
    CHECK(b.chunk_times == Approx(times));
    CHECK(recount(*t, b.lengths).empty());
  }
  const auto ring = build_switched_topology(machine("directed-ring-4"));
  LengthCertificate against = total_exchange_bound(*ring).lengths;
  std::swap(against.arcs.front().from, against.arcs.front().to);
  CHECK_THAT(recount(*ring, against), Catch::Contains("is not a link of"));
}

TEST_CASE("info on a switched network: endpoints, switches, distances between endpoints") {
  const auto box = build_switched_topology(machine("box-8"));
  const auto j = topology_info(*box);
  CHECK(j["nodes"] == 9);
  CHECK(j["endpoints"] == 8);
  CHECK(j["switches"] == 1);
  CHECK(j["arcs"] == 16);
  CHECK(j["diameter"] == 2);  // every pair two hops apart, through the switch
  CHECK(j["avg_distance"] == 2.0);
  CHECK_FALSE(j.contains("vertex_orbits"));  // the ranks' facts would count the switch
  const auto ring = build_switched_topology(machine("directed-ring-4"));
  const auto r = topology_info(*ring);
  CHECK(r["directed"] == true);
  CHECK(r["diameter"] == 3);  // r1 -> r2 -> r3 -> r0 along the arcs
  CHECK(r["endpoint_bandwidth_out"] == nlohmann::json{2.0, 4.0});
}
