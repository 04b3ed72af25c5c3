// The total exchange's link-length bound: at least the sum-of-distances bound and every cut's
// (trying every subset on small networks), never above a checked schedule's payload sum, its
// lengths recounted by Floyd-Warshall here, and a tampered certificate refused.
#include <catch2/catch.hpp>
#include <limits>

#include "analysis/checked.hpp"
#include "analysis/congestion_bound.hpp"
#include "analysis/size_choice.hpp"
#include "core/errors.hpp"
#include "core/schedule_io.hpp"
#include "gen/topology.hpp"

using namespace netsched;

namespace {

constexpr double kBoundRounding = 1e-9;  // relative, for sums of doubles

/// The links of t both ways, with their bandwidths.
struct Arc {
  std::uint32_t from, to;
  double bandwidth;
};
std::vector<Arc> arcs_of(const Network& t) {
  std::vector<Arc> out;
  std::vector<NodeId> nb;
  for (std::uint32_t u = 0; u < t.num_nodes(); ++u) {
    t.neighbors(NodeId(u), nb);
    for (const NodeId v : nb) out.push_back({u, v.v, t.link_speed(NodeId(u), v).bandwidth});
  }
  return out;
}

/// Sum over ordered pairs of the least length of a path (Floyd-Warshall), and the sum of
/// length x bandwidth: the certificate's two numbers, computed another way.
std::pair<double, double> floyd_warshall(const Network& t, const LengthCertificate& c) {
  const std::size_t n = t.num_nodes();
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<std::vector<double>> d(n, std::vector<double>(n, inf));
  for (std::size_t v = 0; v < n; ++v) d[v][v] = 0;
  double capacity = 0;
  for (const Arc& a : arcs_of(t)) {
    double w = 0;
    for (const auto& x : c.arcs)
      if (x.from == a.from && x.to == a.to) w = x.length;
    d[a.from][a.to] = std::min(d[a.from][a.to], w);
    capacity += w * a.bandwidth;
  }
  for (std::size_t k = 0; k < n; ++k)
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) d[i][j] = std::min(d[i][j], d[i][k] + d[k][j]);
  double sum = 0;
  for (const auto& row : d)
    for (const double x : row) sum += x;
  return {sum, capacity};
}

/// The best cut bound of a total exchange, by every subset S: |S| |rest| chunks must leave S
/// over the bandwidth leaving it.
double best_cut(const Network& t) {
  const std::uint32_t n = static_cast<std::uint32_t>(t.num_nodes());
  double most = 0;
  for (std::uint32_t mask = 1; mask + 1 < (1u << n); ++mask) {
    double b = 0;
    for (const Arc& a : arcs_of(t))
      if ((mask >> a.from & 1) && !(mask >> a.to & 1)) b += a.bandwidth;
    const double k = __builtin_popcount(mask);
    most = std::max(most, k * (n - k) / b);
  }
  return most;
}

/// The sum of hop distances over the directed links (the bound of unit lengths).
double distance_bound(const Network& t) {
  LengthCertificate unit;
  for (const Arc& a : arcs_of(t)) unit.arcs.push_back({a.from, a.to, 1});
  const auto [sum, links] = floyd_warshall(t, unit);
  return sum / static_cast<double>(arcs_of(t).size());
}

}  // namespace

TEST_CASE("total exchange bound: above the distances' and every cut's, and it recounts",
          "[analysis]") {
  for (const char* spec :
       {"ring(7)", "torus(3,4)", "hypercube(3)", "mesh(3,4)", "complete(5)", "ccc(2)",
        "dualcube(2)", "path(4)",
        // the Petersen graph
        "graph(10, links=[{0,1},{1,2},{2,3},{3,4},{4,0},{0,5},{1,6},{2,7},{3,8},{4,9},{5,7},"
        "{7,9},{9,6},{6,8},{8,5}])",
        // two triangles joined by one link: the bridge carries 9 chunks each way
        "graph(6, links=[{0,1},{1,2},{0,2},{3,4},{4,5},{3,5},{2,3}])",
        "weighted(ring(6), bandwidth=[{0,1,300},{2,3,25}])",
        "weighted(ring(4), bandwidth=[{0,1,10},{1,2,10},{2,3,10},{3,0,10}])"}) {
    const auto t = build_topology(spec);
    INFO(spec);
    const CongestionBound b = total_exchange_bound(*t);
    CHECK(b.chunk_times >= best_cut(*t) * (1 - kBoundRounding));
    if (!t->weighted()) CHECK(b.chunk_times >= distance_bound(*t) * (1 - kBoundRounding));
    // no fractional routing loads its busiest link below the bound
    CHECK(b.routed_chunk_times >= b.chunk_times * (1 - kBoundRounding));
    CHECK(recount(*t, b.lengths).empty());
    const auto [sum, capacity] = floyd_warshall(*t, b.lengths);
    CHECK(sum == Approx(b.lengths.distance_sum).epsilon(kBoundRounding));
    CHECK(capacity == Approx(b.lengths.weighted_bandwidth).epsilon(kBoundRounding));
    CHECK(b.chunk_times == Approx(sum / capacity).epsilon(kBoundRounding));
  }
}

TEST_CASE("total exchange bound: a dualcube's cross links, beyond the distances and the cuts",
          "[analysis]") {
  // dualcube(3): 32 nodes, each with one cross link. A pair in the other class crosses at least
  // one cross link, a pair in another cluster of its own class two: 32 x 16 + 32 x 12 x 2 =
  // 1,280 cross hops over 32 directed cross links, 40 chunks on some cross link. The sum of
  // distances over the 96 links gives 34.7, the best balanced cut less.
  const auto t = build_topology("dualcube(3)");
  const CongestionBound b = total_exchange_bound(*t);
  CHECK(b.chunk_times >= 40 * (1 - kBoundRounding));
  CHECK(b.chunk_times > distance_bound(*t) * 1.1);
  CHECK(recount(*t, b.lengths).empty());
}

TEST_CASE("total exchange bound: never above a checked schedule's payload sum", "[analysis]") {
  for (const char* spec : {"dualcube(3)", "ccc(3)", "mesh(4,4)", "torus(3,4)", "hypercube(4)"})
    for (const char* algorithm : {"balanced", "flood", "greedy"}) {
      const auto t = build_topology(spec);
      INFO(spec << " " << algorithm);
      GenRequest r("total-exchange");
      r.algorithm = algorithm;
      const CheckedSchedule c = generate_checked(*t, r);
      REQUIRE(c.holds());
      CHECK(static_cast<double>(c.verification().check.payload_sum) >=
            total_exchange_bound(*t).chunk_times * (1 - kBoundRounding));
    }
}

TEST_CASE("total exchange bound: a tampered certificate is refused", "[analysis]") {
  const auto t = build_topology("dualcube(2)");
  const CongestionBound b = total_exchange_bound(*t);
  REQUIRE(recount(*t, b.lengths).empty());
  LengthCertificate longer = b.lengths;
  longer.arcs.front().length *= 2;
  CHECK_FALSE(recount(*t, longer).empty());
  LengthCertificate claimed = b.lengths;
  claimed.distance_sum += 1;
  CHECK_FALSE(recount(*t, claimed).empty());
  LengthCertificate stranger = b.lengths;
  stranger.arcs.push_back({0, 0, 1});
  CHECK(recount(*t, stranger).find("not a link") != std::string::npos);
  LengthCertificate twice = b.lengths;
  twice.arcs.push_back(twice.arcs.front());
  CHECK(recount(*t, twice).find("twice") != std::string::npos);
  LengthCertificate negative = b.lengths;
  negative.arcs.front().length = -1;
  CHECK_FALSE(recount(*t, negative).empty());
  LengthCertificate none;
  CHECK_FALSE(recount(*t, none).empty());
}

TEST_CASE("total exchange bound: its limits", "[analysis]") {
  CHECK_THROWS_AS(total_exchange_bound(*build_topology("hypercube(13)")), InputError);
  CHECK_THROWS_AS(total_exchange_bound(*build_topology("complete(1)")), InputError);
  CHECK_THROWS_AS(total_exchange_bound(*build_topology("faulty(path(4), links=[{1,2}])")),
                  InputError);
  // a recount is held to the same limits: a record's lengths on a network too large for the
  // bound are refused, not recounted for hours
  LengthCertificate one;
  one.arcs.push_back({0, 1, 1});
  CHECK_THROWS_AS(recount(*build_topology("hypercube(13)"), one), InputError);
}

TEST_CASE(
    "total exchange bound: gen --bytes writes the lengths into the record, and a reader "
    "recounts them",
    "[analysis]") {
  const auto t = build_topology("dualcube(3)");
  const SizeChoice c =
      choose_for_size(*t, GenRequest("total-exchange"), CostModel{1e-6, 1e-9, 32768},
                      port_budget_from_name("all-port"));
  REQUIRE(c.best);
  const auto& lengths = c.best->verification().bandwidth_lengths;
  REQUIRE(lengths);
  CHECK(recount(*t, *lengths).empty());
  // the record's bound is the one the choice printed
  REQUIRE(c.bandwidth);
  CHECK(c.bandwidth->seconds ==
        Approx(lengths->distance_sum / lengths->weighted_bandwidth * 1e-9 * 32768));
  const ScheduleFile back = schedule_from_json(schedule_file_text(*c.best));
  REQUIRE(back.record);
  REQUIRE(back.record->bandwidth_lengths == lengths);
  const Verification fresh = verify_schedule(*t, back.schedule);
  CHECK_NOTHROW(check_record(*back.record, fresh.record(), *t, back.schedule.collective));
  // lengths whose sums or arcs were changed are tampered
  for (int change = 0; change < 3; ++change) {
    VerificationRecord r = *back.record;
    if (change == 0) r.bandwidth_lengths->distance_sum *= 2;
    if (change == 1) r.bandwidth_lengths->arcs.front().length /= 2;
    if (change == 2) r.bandwidth_lengths->arcs.push_back({0, 31, 1});
    CHECK_THROWS_AS(check_record(r, fresh.record(), *t, back.schedule.collective), InputError);
  }
  // and lengths on an all-gather's record belong to no bound
  const auto ag = generate_checked(*t, GenRequest("all-gather"));
  VerificationRecord r = ag.verification().record();
  r.bandwidth_lengths = lengths;
  CHECK_THROWS_AS(check_record(r, ag.verification().record(), *t, ag.schedule().collective),
                  InputError);
}
