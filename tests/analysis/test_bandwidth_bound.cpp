// The exact bandwidth bound: equal to the largest |S| / B(S -> rest) found by trying every
// subset on small networks, its cut recounted, and a tampered cut refused.
#include <catch2/catch.hpp>

#include "analysis/bandwidth_bound.hpp"
#include "analysis/checked.hpp"
#include "analysis/size_choice.hpp"
#include "core/parallel.hpp"
#include "core/schedule_io.hpp"
#include "gen/topology.hpp"

using namespace netsched;

namespace {

/// B(S -> rest) by walking every link.
double leaving(const Network& t, std::uint32_t mask) {
  double b = 0;
  std::vector<NodeId> nb;
  for (std::uint32_t u = 0; u < t.num_nodes(); ++u) {
    t.neighbors(NodeId(u), nb);
    for (const NodeId v : nb)
      if ((mask >> u & 1) && !(mask >> v.v & 1)) b += t.link_speed(NodeId(u), v).bandwidth;
  }
  return b;
}

/// The largest |S| / B(S -> rest) over every nonempty proper subset (the all-gather bound), and
/// the least B(S -> rest) over the subsets that hold the root (the broadcast bound).
std::pair<double, double> by_every_subset(const Network& t, std::uint32_t root) {
  const std::uint32_t n = static_cast<std::uint32_t>(t.num_nodes());
  double most = 0, least = 1e300;
  for (std::uint32_t mask = 1; mask + 1 < (1u << n); ++mask) {
    const double b = leaving(t, mask);
    most = std::max(most, __builtin_popcount(mask) / b);
    if (mask >> root & 1) least = std::min(least, b);
  }
  return {most, 1 / least};
}

}  // namespace

TEST_CASE("bandwidth bound: the largest cut ratio, as trying every subset finds it", "[analysis]") {
  for (const char* spec :
       {"ring(7)", "torus(3,3)", "hypercube(3)", "mesh(2,4)", "complete(5)", "ccc(2)",
        "dualcube(2)", "path(4)",
        // two triangles joined by one link: the bridge, not a node's ports, is the bottleneck
        "graph(6, links=[{0,1},{1,2},{0,2},{3,4},{4,5},{3,5},{2,3}])",
        "weighted(ring(6), bandwidth=[{0,1,300},{2,3,25}])",
        "weighted(torus(3,3), bandwidth=[{0,1,150},{4,5,50}], latency=[{0,3,200}])",
        "faulty(hypercube(3), links=[{0,1}])"}) {
    const auto t = build_topology(spec);
    INFO(spec);
    const auto [gather, bcast] = by_every_subset(*t, 0);
    const BandwidthBound ag = all_gather_bound(*t);
    CHECK(ag.chunk_times == Approx(gather).epsilon(1e-9));
    CHECK(recount(*t, ag.cut).empty());
    CHECK(static_cast<double>(ag.cut.chunks) / ag.cut.bandwidth == Approx(ag.chunk_times));
    const BandwidthBound b = broadcast_bound(*t, NodeId(0));
    CHECK(b.chunk_times == Approx(bcast).epsilon(1e-9));
    CHECK(recount(*t, b.cut).empty());
    CHECK(std::find(b.cut.side.begin(), b.cut.side.end(), 0u) != b.cut.side.end());
  }
}

TEST_CASE("broadcast bound: one node's links on vertex-transitive networks (Mader)", "[analysis]") {
  // the subsets above agree on ring(7), torus(3,3), hypercube(3), complete(5) and ccc(2); here
  // the way it is found: without a min-cut search on 16,384 nodes, with it off symmetry
  const auto cube = build_topology("hypercube(14)");
  const BandwidthBound b = broadcast_bound(*cube, NodeId(0));
  CHECK(b.chunk_times == Approx(1.0 / 14));
  CHECK(b.cut.links == 14);
  CHECK(b.cut.side.size() == cube->num_nodes() - 1);
  CHECK(recount(*cube, b.cut).empty());
  CHECK_THAT(b.how, Catch::Contains("Mader"));
  const auto mesh = build_topology("mesh(2,4)");
  CHECK_THAT(broadcast_bound(*mesh, NodeId(0)).how, Catch::Contains("igraph_mincut"));
  const auto weighted = build_topology("weighted(ring(6), bandwidth=[{0,1,300},{2,3,25}])");
  CHECK_THAT(broadcast_bound(*weighted, NodeId(0)).how, Catch::Contains("igraph_mincut"));
}

TEST_CASE("bandwidth bound: one sink per orbit on symmetric networks, exact in integers",
          "[analysis]") {
  // docs/bandwidth.md's example: two triangles joined by one link, 3 chunks across it where the
  // ports alone would allow 5/2
  const auto bridge = build_topology("graph(6, links=[{0,1},{1,2},{0,2},{3,4},{4,5},{3,5},{2,3}])");
  const BandwidthBound b = all_gather_bound(*bridge);
  CHECK(b.chunk_times == 3);
  CHECK(b.cut.links == 1);
  CHECK(b.cut.chunks == 3);
  const BandwidthBound t = all_gather_bound(*build_topology("torus(16,16)"));
  CHECK(t.sinks == 1);
  CHECK(t.chunk_times == Approx(255.0 / 4));  // every other node's chunk through 4 links
  CHECK(t.how.find("exact") != std::string::npos);
  const BandwidthBound w =
      all_gather_bound(*build_topology("weighted(ring(5), bandwidth=[{0,1,50}])"));
  CHECK(w.sinks == 5);  // a speed may break a symmetry: every node a sink
}

TEST_CASE("bandwidth bound: a tampered cut does not recount", "[analysis]") {
  const auto t = build_topology("torus(4,4)");
  CutCertificate c = all_gather_bound(*t).cut;
  REQUIRE(recount(*t, c).empty());
  CutCertificate more = c;
  ++more.links;
  CHECK_FALSE(recount(*t, more).empty());
  CutCertificate faster = c;
  faster.bandwidth *= 2;
  CHECK_FALSE(recount(*t, faster).empty());
  CutCertificate none = c;
  none.side.clear();
  CHECK_FALSE(recount(*t, none).empty());
  CutCertificate outside = c;
  outside.side.push_back(99);
  CHECK_FALSE(recount(*t, outside).empty());
  CHECK_THROWS_AS(all_gather_bound(*build_topology("ring(1)")), InputError);
  CHECK_THROWS_AS(all_gather_bound(*build_topology("faulty(ring(6), links=[{0,1},{3,4}])")),
                  InputError);
}

TEST_CASE("bandwidth bound: gen --bytes writes the cut into the record, and a reader recounts it",
          "[analysis]") {
  const auto t = build_topology("hypercube(4)");
  const SizeChoice c = choose_for_size(*t, GenRequest("all-gather"), CostModel{1e-6, 1e-9, 65536},
                                       port_budget_from_name("all-port"));
  REQUIRE(c.best);
  const auto& cut = c.best->verification().bandwidth_cut;
  REQUIRE(cut);
  CHECK(cut->chunks == cut->side.size());
  const ScheduleFile back = schedule_from_json(schedule_file_text(*c.best));
  REQUIRE(back.record);
  REQUIRE(back.record->bandwidth_cut == cut);
  const Verification fresh = verify_schedule(*t, back.schedule);
  CHECK_NOTHROW(check_record(*back.record, fresh.record(), *t, back.schedule.collective));
  // a cut whose links, bandwidth or blocks were changed is tampered
  for (int change = 0; change < 3; ++change) {
    VerificationRecord r = *back.record;
    if (change == 0) ++r.bandwidth_cut->links;
    if (change == 1) r.bandwidth_cut->bandwidth /= 2;
    if (change == 2) ++r.bandwidth_cut->chunks;
    CHECK_THROWS_AS(check_record(r, fresh.record(), *t, back.schedule.collective), InputError);
  }
  // and a cut on a total exchange's record belongs to no bound
  const auto te = generate_checked(*t, GenRequest("total-exchange"));
  VerificationRecord r = te.verification().record();
  r.bandwidth_cut = cut;
  CHECK_THROWS_AS(check_record(r, te.verification().record(), *t, te.schedule().collective),
                  InputError);
}

TEST_CASE("bandwidth bound: igraph's bounds computed on several workers at once agree",
          "[analysis]") {
  // igraph keeps its error handler and cleanup stack process-wide: the bounds hold one lock
  // (core/c_library_lock.hpp) so that a parallel loop, such as sweep --faults, may call them
  const std::vector<std::string> specs{"torus(4,4)", "hypercube(4)",
                                       "faulty(torus(4,4), links=[{0,1}])",
                                       "weighted(ring(6), bandwidth=[{0,1,300},{2,3,25}])"};
  std::vector<std::pair<double, double>> alone;
  for (const auto& spec : specs) {
    const auto t = build_topology(spec);
    alone.emplace_back(all_gather_bound(*t).chunk_times,
                       broadcast_bound(*t, NodeId(0)).chunk_times);
  }
  std::vector<std::pair<double, double>> together(4 * specs.size());
  parallel_items(
      together.size(), 4, [] { return 0; },
      [&](int&, std::uint64_t i) {
        const auto t = build_topology(specs[i % specs.size()]);
        together[i] = {all_gather_bound(*t).chunk_times,
                       broadcast_bound(*t, NodeId(0)).chunk_times};
      },
      [](int&) {});
  for (std::size_t i = 0; i < together.size(); ++i) CHECK(together[i] == alone[i % specs.size()]);
}
