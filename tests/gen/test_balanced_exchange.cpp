// The balanced all-port exchange and its hop packing: the packing is a valid one, reaches the
// link-load bound where it is reachable, and the schedules hold on every kind of network.
#include <catch2/catch.hpp>
#include <cmath>

#include "analysis/checked.hpp"
#include "analysis/congestion_bound.hpp"
#include "core/metrics.hpp"
#include "gen/algorithms.hpp"
#include "gen/exchange/total_exchange.hpp"
#include "gen/plan/deadline_packing.hpp"
#include "gen/plan/hop_packing.hpp"
#include "gen/topology.hpp"
#include "verify/smt_checker.hpp"

using namespace netsched;

namespace {

/// Sum over ordered pairs of d(x,y), over the directed links: the least sum of largest
/// payloads of any all-port total exchange (every chunk crosses d links; a step's largest
/// payload is at least its mean over the links). Computed here by BFS, apart from the generator.
std::uint64_t link_load_bound(const Network& t) {
  const Csr g(t, 1);
  const DistanceStats st = distances_all_sources(g, 1);
  const auto sum = static_cast<std::uint64_t>(st.distance_sum);
  return g.num_arcs() == 0 ? 0 : (sum + g.num_arcs() - 1) / g.num_arcs();
}

/// Recounts a packing: every hop of every item in a step, steps strictly increasing, and the
/// hops a permutation of one of the item's ways (of that way exactly unless reorderable).
std::uint64_t recount(const PackingProblem& p, const Packing& k) {
  std::vector<std::vector<std::uint64_t>> load(p.steps, std::vector<std::uint64_t>(p.resources));
  REQUIRE(k.items.size() == p.items.size());
  for (std::size_t i = 0; i < p.items.size(); ++i) {
    const PackedItem& x = k.items[i];
    REQUIRE(x.hops.size() == x.steps.size());
    for (std::size_t h = 0; h < x.steps.size(); ++h) {
      REQUIRE(x.steps[h] < p.steps);
      if (h > 0) REQUIRE(x.steps[h - 1] < x.steps[h]);
      ++load[x.steps[h]][x.hops[h]];
    }
    bool one_of_the_ways = false;
    for (auto way : p.items[i].ways) {
      auto hops = x.hops;
      if (p.reorderable) {
        std::sort(way.begin(), way.end());
        std::sort(hops.begin(), hops.end());
      }
      one_of_the_ways = one_of_the_ways || hops == way;
    }
    CHECK(one_of_the_ways);
  }
  std::uint64_t sum = 0;
  for (const auto& step : load) sum += *std::max_element(step.begin(), step.end());
  return sum;
}

}  // namespace

TEST_CASE("hop packing: a valid packing, its payload sum recounted, at the bound when reachable",
          "[gen]") {
  // six two-hop items over three resources in 4 steps: 12 hops, 3 resources, bound 4, reached by
  // putting two hops of every resource in steps {0,1} and {2,3}
  PackingProblem p;
  p.resources = 3;
  p.steps = 4;
  for (std::uint32_t i = 0; i < 6; ++i) p.items.push_back({{{i % 3, (i + 1) % 3}}});
  CHECK(packing_lower_bound(p) == 4);
  const Packing k = pack_hops(p, 1, 100000);
  CHECK(recount(p, k) == k.payload_sum);
  CHECK(k.payload_sum == 4);
  // the same seed, the same packing
  const Packing again = pack_hops(p, 1, 100000);
  for (std::size_t i = 0; i < k.items.size(); ++i) CHECK(again.items[i].steps == k.items[i].steps);
  // reorderable, with alternative ways
  p.reorderable = true;
  p.items.push_back({{{0, 0, 1}, {2, 2, 1}}});
  const Packing r = pack_hops(p, 7, 100000);
  CHECK(recount(p, r) == r.payload_sum);
  CHECK(r.payload_sum >= packing_lower_bound(p));
}

TEST_CASE("balanced exchange: at the link-load bound on edge-transitive tori, cubes and GHCs",
          "[gen]") {
  for (const char* spec : {"torus(8,8)", "hypercube(6)", "ghc(4,4,4)", "torus(5,5)", "ring(9)"}) {
    const auto t = build_topology(spec);
    INFO(spec);
    const CheckedSchedule s = generate_checked(*t, GenRequest("total-exchange", "balanced"));
    REQUIRE(s.holds());
    CHECK(s.schedule().model == PortModel::AllPort);
    CHECK(s.verification().check.payload_sum == link_load_bound(*t));
    CHECK(s.verification().bound->steps == distances_all_sources(Csr(*t, 1), 1).diameter + 2);
    CHECK(s.verification().check.steps <= s.verification().bound->steps);
    CHECK(s.verification().lower->steps <= s.verification().check.steps);
  }
}

TEST_CASE("balanced exchange: at the link-length bound on a dualcube, CCC, a mesh and an HDN",
          "[gen]") {
  // the bound of analysis/congestion_bound.hpp, computed apart from the generator; the
  // deadline routing on the papers' routes or the balanced paths reaches it (it was 50 on
  // dualcube(3), 41 on ccc(3), 21 on mesh(4,4) and 50 on the HDN before it)
  for (const char* spec :
       {"dualcube(3)", "ccc(3)", "mesh(4,4)", "hdn(torus(2,3), sn=[{0}])", "rdn(hypercube(2),1)"}) {
    const auto t = build_topology(spec);
    INFO(spec);
    const CheckedSchedule s = generate_checked(*t, GenRequest("total-exchange", "balanced"));
    REQUIRE(s.holds());
    const double bound = total_exchange_bound(*t).chunk_times;
    CHECK(static_cast<double>(s.verification().check.payload_sum) == std::ceil(bound * (1 - 1e-9)));
    CHECK(s.verification().check.steps <= s.verification().bound->steps);
  }
}

TEST_CASE("balanced exchange: its fewest steps take the diameter, its default the least load",
          "[gen]") {
  // the two ways trade: on these the least payload sum needs a step more than the diameter
  for (const char* spec : {"hdn(torus(2,3), sn=[{0}])", "rhs(2,2,hypercube(1))", "dualcube(3)"}) {
    const auto t = build_topology(spec);
    INFO(spec);
    GenRequest fast("total-exchange", "balanced");
    fast.fewest_steps = true;
    const CheckedSchedule few = generate_checked(*t, fast);
    const CheckedSchedule least = generate_checked(*t, GenRequest("total-exchange", "balanced"));
    REQUIRE(few.holds());
    REQUIRE(least.holds());
    const auto& f = few.verification().check;
    const auto& l = least.verification().check;
    CHECK(f.steps == distances_all_sources(Csr(*t, 1), 1).diameter);
    CHECK(f.steps <= l.steps);
    CHECK(l.payload_sum <= f.payload_sum);
    // each is the other's best only where they agree: neither is worse both ways
    CHECK((f.steps < l.steps || f.payload_sum == l.payload_sum));
  }
}

TEST_CASE("deadline routing: within the steps, the capacity and the given paths", "[gen]") {
  const auto t = build_topology("ring(6)");
  const Csr g(*t, 1);
  std::vector<std::vector<std::uint32_t>> dist;
  for (std::uint32_t o = 0; o < 6; ++o) dist.push_back(bfs_distances(g, o));
  CHECK_FALSE(deadline_routing(g, dist, 2, 100, nullptr));  // the diameter is 3
  // 18 hops over 12 directed links: in 3 steps at most 1 a link a step cannot carry them
  CHECK_FALSE(deadline_routing(g, dist, 3, 1, nullptr));
  const auto routed = deadline_routing(g, dist, 3, 2, nullptr);
  REQUIRE(routed);
  for (const auto& step : *routed)
    for (const auto& [link, chunks] : step) CHECK(chunks.size() <= 2);
  // every chunk o*6+d walks from o to d, one hop a step
  std::vector<std::uint32_t> at(36);
  for (std::uint32_t c = 0; c < 36; ++c) at[c] = c / 6;
  for (const auto& step : *routed)
    for (const auto& [link, chunks] : step)
      for (const std::uint64_t c : chunks) {
        CHECK(at[c] == link >> 32);
        at[c] = static_cast<std::uint32_t>(link & 0xffffffffu);
      }
  for (std::uint32_t c = 0; c < 36; ++c) CHECK(at[c] == c % 6);
  // on given paths the chunks follow them: every path clockwise, so no link carries a chunk
  // counter-clockwise
  Paths clockwise(36);
  for (std::uint32_t o = 0; o < 6; ++o)
    for (std::uint32_t d = 0; d < 6; ++d)
      for (std::uint32_t v = o; o != d; v = (v + 1) % 6) {
        clockwise[o * 6 + d].push_back(v);
        if (v == d) break;
      }
  CHECK_FALSE(deadline_routing(g, dist, 4, 100, &clockwise));  // 5 hops from 0 to 5
  const auto round = deadline_routing(g, dist, 5, 100, &clockwise);
  REQUIRE(round);
  for (const auto& step : *round)
    for (const auto& [link, chunks] : step) CHECK(((link >> 32) + 1) % 6 == (link & 0xffffffffu));
  CHECK(deadline_payload_sum(*round) >= 15);  // 90 hops over 6 clockwise links
}

TEST_CASE("balanced exchange: holds on any connected network, products with unequal factors too",
          "[gen]") {
  for (const char* spec : {"ccc(3)", "dualcube(2)", "mesh(3,4)", "hdn(hypercube(1), sn=[{0}])",
                           "faulty(torus(4,4), links=[{0,1}])", "complete(6)", "path(2)",
                           "torus(3,5)", "product(ring(4),complete(3))",
                           // one node: nothing to route (the deadline routing once divided by
                           // its zero links)
                           "complete(1)"}) {
    const auto t = build_topology(spec);
    INFO(spec);
    const CheckedSchedule s = generate_checked(*t, GenRequest("total-exchange", "balanced"));
    REQUIRE(s.holds());
    CHECK(s.verification().check.payload_sum >= link_load_bound(*t));
    CHECK(s.verification().check.steps <= s.verification().bound->steps);
    if (t->num_nodes() <= 9) CHECK(smt_check(*t, s.schedule()).verdict.ok());
  }
  CHECK(generate_checked(*build_topology("torus(3,3)"), GenRequest("total-exchange", "balanced"))
            .holds());
  CHECK(smt_check(*build_topology("torus(3,3)"),
                  generate(*build_topology("torus(3,3)"), GenRequest("total-exchange", "balanced")))
            .verdict.ok());
}

TEST_CASE("balanced exchange: the size limits are named, and a disconnected graph is refused",
          "[gen]") {
  CHECK(balanced_exchange_applies(*build_topology("hypercube(10)")));
  CHECK_FALSE(balanced_exchange_applies(*build_topology("hypercube(11)")));
  CHECK_FALSE(balanced_exchange_applies(*build_topology("ccc(6)")));  // 384 nodes, not a torus
  try {
    balanced_exchange(*build_topology("ccc(6)"), paper_router);
    FAIL("ccc(6) was taken");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()).find("kBalancedMaxNodes") != std::string::npos);
  }
  CHECK_THROWS_AS(
      balanced_exchange(*build_topology("faulty(ring(6), links=[{0,1},{3,4}])"), paper_router),
      InputError);
}
