// Choosing for a size (analysis/size_choice): the cheapest admitted candidate is chosen, the port
// model is respected, and the lower bounds are below every schedule that was costed.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "analysis/async_cost.hpp"
#include "analysis/checked.hpp"
#include "analysis/size_choice.hpp"
#include "gen/algorithms.hpp"
#include "gen/route/route_table.hpp"
#include "gen/topology.hpp"

using namespace netsched;

namespace {

constexpr double kLatency = 1e-6, kSecondsPerByte = 1e-9;  // 1 us, 1 GB/s
constexpr double kSumRounding = 1e-12;                     // relative, for sums of doubles

CostModel at(double bytes) { return {kLatency, kSecondsPerByte, bytes}; }

const SizeCandidate& find(const SizeChoice& c, const std::string& algorithm) {
  for (const auto& k : c.candidates)
    if (k.algorithm == algorithm) return k;
  FAIL("no candidate " << algorithm);
  throw std::logic_error("unreachable");
}

/// The least time of `algorithm` over the piece counts the choice tried ("name (p=K)").
double fastest(const SizeChoice& c, const std::string& algorithm) {
  double best = std::numeric_limits<double>::infinity();
  for (const auto& k : c.candidates)
    if (k.admitted && k.algorithm.starts_with(algorithm + " (p=")) best = std::min(best, k.seconds);
  if (best == std::numeric_limits<double>::infinity()) FAIL("no candidate " << algorithm);
  return best;
}

/// The latency + bandwidth bound of a choice.
double lower_of(const SizeChoice& c) {
  return (c.latency ? c.latency->seconds : 0) + (c.bandwidth ? c.bandwidth->seconds : 0);
}

}  // namespace

TEST_CASE(
    "hypercube all-gather: recursive doubling wins, all-port schedules are re-timed to the "
    "machine's ports",
    "[analysis]") {
  const auto t = build_topology("hypercube(4)");
  for (const double bytes : {8.0, 1048576.0}) {
    const SizeChoice c = choose_for_size(*t, GenRequest("all-gather"), at(bytes), {});
    REQUIRE(c.best);
    CHECK(c.best->schedule().algorithm == "recursive-doubling");
    const SizeCandidate& flood = find(c, "flood re-timed to one-port");
    CHECK(flood.admitted);
    CHECK(flood.model == "one-port");
    CHECK(flood.retimed_to == "one-port");
  }
  const SizeChoice all =
      choose_for_size(*t, GenRequest("all-gather"), at(8), port_budget_from_name("all-port"));
  CHECK(all.best->schedule().model == PortModel::AllPort);  // the packed trees, below the flood
  CHECK(all.best_seconds <= find(all, "flood").seconds);
  const SizeChoice reduce = choose_for_size(*t, GenRequest("all-reduce"), at(128), {});
  CHECK(find(reduce, "flood re-timed to one-port").admitted);
}

// [slow] (Release only): a figure on a 64-node network, 28 s under the sanitizers, where the
// re-timing tests cover the same code.
TEST_CASE("under two ports the re-timed packed trees reach the bandwidth bound of hypercube(6)",
          "[analysis][slow]") {
  const auto t = build_topology("hypercube(6)");
  const SizeChoice c =
      choose_for_size(*t, GenRequest("all-gather"), at(1048576), port_budget_from_name("2-port"));
  REQUIRE(c.best);
  CHECK(c.best->schedule().model == PortModel::KPort);
  CHECK(c.best->schedule().ports == 2);
  CHECK(c.best->schedule().algorithm.ends_with(" re-timed to 2-port"));
  REQUIRE(c.bandwidth);
  CHECK(c.best_seconds <= lower_of(c) * 1.001);  // measured: 1.0005x (README's tour says 0.1 %)
}

// [slow] (Release only): two full size choices, 12 s under the sanitizers.
TEST_CASE("a vector its pieces do not divide is padded to equal whole lanes, and costed so",
          "[analysis][slow]") {
  // docs/SIZE-CHOICE.md once chose packed trees of 256 pieces for an 8-byte all-reduce on
  // torus(8,8): a piece would have been 1/32 of an int64, and no engine could run it. A piece
  // is now a whole lane, the message padded and costed at that size.
  const auto t = build_topology("torus(8,8)");
  const SizeChoice c =
      choose_for_size(*t, GenRequest("all-reduce"), at(8), port_budget_from_name("all-port"));
  REQUIRE(c.best);
  CHECK(c.best->schedule().collective.pieces() == 1);  // a whole lane each is far too slow
  const SizeCandidate& trees = find(c, "packed-trees (p=1)");
  CHECK(trees.padded_bytes == 64 * 8);
  // 1 MiB on 36 nodes: 36 pieces of 3,641 lanes (1,048,608 B) for the ring, chosen over the
  // tree all-reduce that moves the whole vector
  const auto hdn = build_topology("hdn(torus(2,3), sn=[{0}])");
  const SizeChoice big = choose_for_size(*hdn, GenRequest("all-reduce"), at(1048576), {});
  CHECK(find(big, "ring").padded_bytes == 1048608);
  CHECK(big.best->schedule().collective.pieces() == 36);
}

TEST_CASE("an all-reduce's bandwidth bound counts the 2(N-1) messages every element needs",
          "[analysis]") {
  const auto t = build_topology("torus(8,8)");
  const SizeChoice c =
      choose_for_size(*t, GenRequest("all-reduce"), at(1048576), port_budget_from_name("all-port"));
  REQUIRE(c.bandwidth);
  CHECK_THAT(c.bandwidth->reason, Catch::Contains("2(N-1) messages"));
  // 2 x 63 messages of the vector over 64 nodes x 4 links
  CHECK(std::abs(c.bandwidth->seconds - 2.0 * 63 / 256 * 1048576 * kSecondsPerByte) < 1e-12);
  CHECK(c.best_seconds <= lower_of(c) * 1.05);  // measured: the packed trees at 1.03x
}

// [slow]: 180 choices of up to 11 piece counts each; 11 minutes under the sanitizers, where the
// other size-choice tests cover the same code.
TEST_CASE("the chosen schedule is the cheapest admitted one, and no bound exceeds any cost",
          "[analysis][slow]") {
  for (const char* spec :
       {"torus(4,4)", "mesh(4,4)", "hypercube(3)", "ccc(3)", "dualcube(2)",
        "weighted(torus(4,4), bandwidth=[{0,1,25},{5,6,400}], latency=[{0,4,300}])",
        "weighted(ccc(3), bandwidth=[{0,1,50}])"})
    for (const char* collective :
         {"all-gather", "total-exchange", "broadcast", "scatter", "reduce-scatter", "all-reduce"})
      for (const char* ports : {"one-port", "2-port", "all-port", "routed"})
        for (const double bytes : {8.0, 65536.0}) {
          const auto t = build_topology(spec);
          INFO(spec << " " << collective << " " << ports << " " << bytes);
          const PortBudget budget = port_budget_from_name(ports);
          const SizeChoice c = choose_for_size(*t, GenRequest(collective), at(bytes), budget);
          REQUIRE(c.best);
          // a message is split only into equal whole pieces (bytes; 8-byte lanes of a vector),
          // padded where they do not divide it
          const Schedule& best = c.best->schedule();
          const SizeCandidate& chosen_row = c.candidates[c.best_candidate];
          const double carried = chosen_row.padded_bytes > 0 ? chosen_row.padded_bytes : bytes;
          CHECK(carried >= bytes);
          const double units = carried / (best.registers.empty() ? 1 : 8);
          CHECK(std::fmod(units, static_cast<double>(best.collective.pieces())) == 0);
          const double chosen = c.best_seconds;
          const double lower = lower_of(c);
          for (const auto& k : c.candidates) {
            if (k.steps == 0) continue;  // not generated
            INFO(k.algorithm);
            if (k.admitted) CHECK(chosen <= k.seconds);
            if (k.chosen) CHECK(chosen == k.seconds);
            // every admitted schedule runs under the budget, so the bounds hold for it
            if (k.admitted) CHECK(lower <= k.seconds * (1 + kSumRounding));
            // no barrier never costs more than a barrier after every step
            if (k.async_seconds) CHECK(*k.async_seconds <= k.seconds * (1 + kSumRounding));
          }
        }
}

TEST_CASE("port budgets by name", "[analysis]") {
  CHECK(port_budget_from_name("one-port").name() == "one-port");
  CHECK(port_budget_from_name("1-port").name() == "one-port");
  CHECK(port_budget_from_name("4-port").name() == "4-port");
  CHECK(port_budget_from_name("k-port:4").name() == "4-port");
  CHECK(port_budget_from_name("all-port").name() == "all-port");
  for (const char* bad : {"0-port", "two-port", "k-port:", "1025-port", "-port", "99999-port"})
    CHECK_THROWS_AS(port_budget_from_name(bad), InputError);
  Schedule s;
  s.model = PortModel::KPort;
  s.ports = 3;
  CHECK(port_budget_from_name("4-port").admits(s));
  CHECK_FALSE(port_budget_from_name("2-port").admits(s));
  CHECK_FALSE(port_budget_from_name("one-port").admits(s));
  CHECK(port_budget_from_name("all-port").admits(s));
  // a network that routes runs every schedule; only it runs a routed one
  CHECK(port_budget_from_name("routed").name() == "routed");
  CHECK(port_budget_from_name("routed").admits(s));
  s.model = PortModel::Routed;
  s.ports = 1;
  CHECK(port_budget_from_name("routed").admits(s));
  CHECK_FALSE(port_budget_from_name("all-port").admits(s));
  CHECK_FALSE(port_budget_from_name("one-port").admits(s));
}

TEST_CASE("routed: a step is its longest route's latency plus its busiest link's load",
          "[analysis]") {
  // the direct all-to-all on hypercube(3): routes up to 3 links long, and every directed link
  // on the routes of as many pairs as the platform's route table puts there
  const auto t = build_topology("hypercube(3)");
  const CheckedSchedule direct = generate_checked(*t, GenRequest("total-exchange", "direct"));
  REQUIRE(direct.holds());
  const LinkLoad load = link_load(RouteTable(*t), *t);
  CHECK(load.max == 4);  // 96 route hops over 24 directed links, dimension order spreads them
  std::string why;
  const auto seconds = synchronous_time(*t, direct.schedule(), at(1024), why);
  REQUIRE(seconds);
  CHECK(*seconds == Approx(3 * kLatency + 4 * 1024 * kSecondsPerByte).epsilon(kSumRounding));
  // links share what goes over them: no step-free time is claimed
  const AsyncTime free = async_time(*t, direct.schedule(), at(1024));
  CHECK_FALSE(free.seconds);
  CHECK(free.why_not == "routed transfers share links: only the step-synchronous time is modelled");
}

TEST_CASE(
    "routed: direct ties the balanced exchange in the model and wins in fewer steps, and "
    "no other budget runs it",
    "[analysis]") {
  const auto t = build_topology("hypercube(6)");
  const SizeChoice routed =
      choose_for_size(*t, GenRequest("total-exchange"), at(16384), port_budget_from_name("routed"));
  CHECK(routed.candidates.at(routed.best_candidate).algorithm == "direct");
  const SizeCandidate& balanced = find(routed, "balanced");
  REQUIRE(balanced.admitted);
  CHECK(find(routed, "direct").seconds == Approx(balanced.seconds).epsilon(kSumRounding));
  CHECK(find(routed, "direct").steps < balanced.steps);
  const SizeChoice all = choose_for_size(*t, GenRequest("total-exchange"), at(16384),
                                         port_budget_from_name("all-port"));
  CHECK(all.candidates.at(all.best_candidate).algorithm == "balanced");
  const SizeCandidate& direct = find(all, "direct");
  CHECK_FALSE(direct.admitted);
  CHECK(direct.why_not ==
        "a routed schedule is not re-timed to all-port: its transfers join "
        "nodes that need not be neighbours");
}

TEST_CASE("the step-free time: ranks that finish a step early go on", "[analysis]") {
  // the flood exchange on torus(8,8) loads its links unevenly: some ranks wait under a barrier
  const auto t = build_topology("torus(8,8)");
  const SizeChoice c = choose_for_size(*t, GenRequest("total-exchange"), at(65536),
                                       port_budget_from_name("all-port"));
  const SizeCandidate& flood = find(c, "flood");
  REQUIRE(flood.async_seconds);
  CHECK(*flood.async_seconds < flood.seconds);
  // one-port schedules whose every step moves the same payload on every link gain nothing
  const SizeChoice rd =
      choose_for_size(*build_topology("hypercube(3)"), GenRequest("all-gather"), at(65536), {});
  const SizeCandidate& doubling = find(rd, "recursive-doubling");
  CHECK(*doubling.async_seconds == Approx(doubling.seconds));
}

TEST_CASE("a pipelined broadcast is tried in several piece counts, large messages pipeline",
          "[analysis]") {
  const auto t = build_topology("torus(4,4)");
  const SizeChoice big = choose_for_size(*t, GenRequest("broadcast"), at(1 << 20), {});
  const SizeChoice small = choose_for_size(*t, GenRequest("broadcast"), at(8), {});
  // one-port at 1 MiB: a piece a step into every node, pipelined (the rarest-first pull re-timed
  // to one port, 74 steps of 64 pieces, edges out the chain's 142 of 128)
  CHECK(big.best->schedule().collective.pieces() > 1);
  CHECK(small.best->schedule().algorithm != "chain");  // a tree's log2 N steps win
  bool listed = false;
  for (const auto& k : big.candidates)
    if (k.algorithm.starts_with("chain (p=")) {
      listed = true;
      CHECK(big.best_seconds <= k.seconds);
    }
  CHECK(listed);
}

TEST_CASE("a large vector reduce pipelines its pieces: a broadcast run backwards beats the tree",
          "[analysis]") {
  const auto t = build_topology("torus(4,4)");
  const PortBudget all = port_budget_from_name("all-port");
  const SizeChoice big = choose_for_size(*t, GenRequest("reduce"), at(1 << 20), all);
  REQUIRE(big.best);
  // the tree sends the whole vector a level at a time; pieces up the arc-disjoint trees (or the
  // rarest-first's) keep every link into the root busy
  CHECK(big.best->schedule().collective.pieces() > 1);
  CHECK(big.best->schedule().collective.kind() == Collective::Kind::Reduce);
  CHECK(big.best_seconds * 2 < find(big, "tree-reduce").seconds);
  CHECK(lower_of(big) <= big.best_seconds * (1 + kSumRounding));
  const SizeChoice small = choose_for_size(*t, GenRequest("reduce"), at(8), all);
  CHECK(small.best->schedule().collective.pieces() == 1);  // a few steps of one word win
}

TEST_CASE("a large vector prefix pipelines its pieces: faster than the scan of whole vectors",
          "[analysis]") {
  // the dimension scan sends the whole vector once a dimension; the chain's pieces follow one
  // another, each link of the chain carrying the vector once, and all-port the scan's pieces
  // follow one another through the dimensions
  const auto t = build_topology("hypercube(4)");
  for (const char* ports : {"one-port", "all-port"}) {
    INFO(ports);
    const PortBudget budget = port_budget_from_name(ports);
    const SizeChoice big = choose_for_size(*t, GenRequest("prefix"), at(1 << 20), budget);
    REQUIRE(big.best);
    CHECK(big.best->schedule().collective.kind() == Collective::Kind::Prefix);
    CHECK(big.best->schedule().collective.pieces() > 1);
    CHECK(big.best_seconds * 1.2 < find(big, "dimension-prefix").seconds);
    CHECK(lower_of(big) <= big.best_seconds * (1 + kSumRounding));
    if (budget.model == PortModel::AllPort) {
      // all-port, the scan pipelined a dimension a piece keeps every link busy: the chain
      // passes a piece a step through one link of a node
      CHECK(big.best->schedule().algorithm == "pipelined-dimension-prefix");
      CHECK(big.best_seconds * 1.15 < fastest(big, "all-port-chain"));
    }
    const SizeChoice small = choose_for_size(*t, GenRequest("prefix"), at(8), budget);
    CHECK(small.best->schedule().algorithm == "dimension-prefix");  // 4 steps of one word
  }
}

TEST_CASE("the balanced exchange is tried both ways: its fewest steps win small messages",
          "[analysis]") {
  // on this HDN the least payload sum takes a step more than the diameter: at 8 B the
  // diameter's steps win (flood was chosen before, 1.03x the bound), at 1 MiB the least load
  const auto t = build_topology("hdn(torus(2,3), sn=[{0}])");
  const PortBudget all = port_budget_from_name("all-port");
  const SizeChoice small = choose_for_size(*t, GenRequest("total-exchange"), at(8), all);
  const SizeChoice big = choose_for_size(*t, GenRequest("total-exchange"), at(1 << 15), all);
  const auto chosen = [](const SizeChoice& c) {
    return c.candidates.at(c.best_candidate).algorithm;
  };
  CHECK(chosen(small) == "balanced (fewest steps)");
  CHECK(chosen(big) == "balanced");
  CHECK(small.best->verification().check.steps < big.best->verification().check.steps);
  CHECK(small.best->verification().check.payload_sum > big.best->verification().check.payload_sum);
  for (const SizeChoice* c : {&small, &big})
    for (const auto& k : c->candidates)
      if (k.admitted) CHECK(c->best_seconds <= k.seconds);
}

TEST_CASE("links of different speeds: each transfer priced on its own link", "[analysis]") {
  // a ring of 4 whose link 0-1 has half the bandwidth and three times the latency
  const auto slow = build_topology("weighted(ring(4), bandwidth=[{0,1,50}], latency=[{0,1,300}])");
  const auto even = build_topology("ring(4)");
  REQUIRE(slow->weighted());
  CHECK_FALSE(even->weighted());
  CHECK(slow->link_speed(NodeId(1), NodeId(0)) == LinkSpeed{0.5, 3});
  CHECK(slow->link_speed(NodeId(1), NodeId(2)) == LinkSpeed{1, 1});
  const CostModel cost{1e-6, 1e-9, 1000};
  // one step, one chunk from 0 to 1: 3 latencies and twice the transfer time
  Schedule s;
  s.topology = slow->spec();
  s.collective = Collective::route(4, NodeId(0), NodeId(1));
  s.payloads.push_back(Payload::of_chunks({0}));
  s.steps.push_back(Step::of({{NodeId(0), NodeId(1), 0}}));
  std::string why;
  CHECK(synchronous_time(*slow, s, cost, why).value() == Approx(3e-6 + 2e-6));
  s.topology = even->spec();
  CHECK(synchronous_time(*even, s, cost, why).value() == Approx(cost.of(1, 1)));
  CHECK(async_time(*even, s, cost).seconds.value() == Approx(cost.of(1, 1)));
  CHECK(dataflow_time(*even, s, cost).seconds.value() == Approx(cost.of(1, 1)));
  CHECK(dataflow_time(*slow, s, cost).seconds.value() == Approx(3e-6 + 2e-6));
  // the choice avoids the slow link where it can: a broadcast from 0 goes round the other way
  const SizeChoice c = choose_for_size(*slow, GenRequest("broadcast"), cost, PortBudget{});
  REQUIRE(c.best);
  CHECK(c.best_seconds >=
        choose_for_size(*even, GenRequest("broadcast"), cost, PortBudget{}).best_seconds);
}

TEST_CASE("on links slower than the default no bound exceeds a checked schedule's cost",
          "[analysis]") {
  // Both once printed "0.5x the lower bound" and "0.15x the lower bound": the distance bound
  // measured a chunk's path in 1/bandwidth (a time) and then divided by the sends' bandwidth
  // as well. choose_for_size now refuses any bound above an admitted candidate's cost, so
  // these choices would throw if a bound were wrong.
  for (const char* spec : {"weighted(complete(2), bandwidth=[{0,1,50}])",
                           "weighted(ring(4), bandwidth=[{0,1,10},{1,2,10},{2,3,10},{3,0,10}])",
                           "weighted(torus(3,3), bandwidth=[{0,1,20},{0,3,20},{0,2,20}])"})
    for (const char* ports : {"one-port", "2-port", "all-port"}) {
      INFO(spec << " " << ports);
      const auto t = build_topology(spec);
      const SizeChoice c =
          choose_for_size(*t, GenRequest("total-exchange"), at(1e6), port_budget_from_name(ports));
      REQUIRE(c.best);
      REQUIRE(c.bandwidth);
      CHECK(lower_of(c) <= c.best_seconds * (1 + kSumRounding));
    }
  // the fixed distance bound on the slow ring: sum over pairs of d / 0.1 (4 x 40 chunk times)
  // over its 8 sends, 20 chunk times, the balanced cut's bound too
  const auto ring =
      build_topology("weighted(ring(4), bandwidth=[{0,1,10},{1,2,10},{2,3,10},{3,0,10}])");
  const SizeChoice all = choose_for_size(*ring, GenRequest("total-exchange"), at(1e6),
                                         port_budget_from_name("all-port"));
  CHECK(all.bandwidth->seconds == Approx(20 * 1e6 * kSecondsPerByte));
}

TEST_CASE("the dataflow time: a message once its chunks are in and its link is free",
          "[analysis]") {
  const CostModel cost{1e-6, 1e-9, 1000};
  // a route 0 -> 1 -> 2 on path(3) in two steps, and a second chunk-free step for node 0: the
  // second hop starts when the first is through (two transfers back to back)
  const auto path = build_topology("path(3)");
  Schedule s;
  s.topology = path->spec();
  s.collective = Collective::route(3, NodeId(0), NodeId(2));
  s.payloads.push_back(Payload::of_chunks({0}));
  s.steps.push_back(Step::of({{NodeId(0), NodeId(1), 0}}));
  s.steps.push_back(Step::of({{NodeId(1), NodeId(2), 0}}));
  CHECK(dataflow_time(*path, s, cost).seconds.value() == Approx(2 * cost.of(1, 1)));
  // as many steps apart, the hop still starts once the chunk is in: no step boundary
  s.steps.insert(s.steps.begin() + 1, 3, Step{});
  CHECK(dataflow_time(*path, s, cost).seconds.value() == Approx(2 * cost.of(1, 1)));
  std::string why;
  CHECK(synchronous_time(*path, s, cost, why).value() > 2 * cost.of(1, 1));  // empty steps too
  // a register schedule runs in steps
  const auto cube = build_topology("hypercube(2)");
  const auto sum = generate_checked(*cube, GenRequest("all-reduce")).schedule();
  CHECK_FALSE(dataflow_time(*cube, sum, cost).seconds);
  // every listed chunk schedule: never later than the steps run without a barrier
  for (const char* spec : {"torus(3,4)", "hypercube(3)", "dualcube(2)", "ccc(3)"}) {
    const auto t = build_topology(spec);
    for (const char* c : {"broadcast", "all-gather", "total-exchange", "scatter", "gather"})
      for (const std::string& a : algorithm_names(*t, c)) {
        const CheckedSchedule g = generate_checked(*t, GenRequest(c, a));
        if (!g.holds()) continue;
        const Schedule& x = g.schedule();
        if (std::any_of(x.payloads.begin(), x.payloads.end(),
                        [](const Payload& p) { return p.select.has_value(); }))
          continue;  // a selector's size goes first: one latency more
        INFO(spec << " " << c << " " << a);
        if (x.model == PortModel::Routed) {  // shared links: neither time is modelled
          CHECK_FALSE(dataflow_time(*t, x, cost).seconds);
          CHECK_FALSE(async_time(*t, x, cost).seconds);
          continue;
        }
        CHECK(dataflow_time(*t, x, cost).seconds.value() <=
              async_time(*t, x, cost).seconds.value() * (1 + 1e-12));
      }
  }
}

TEST_CASE(
    "by size on a switched network: endpoints' ports and the exact bounds, every switched "
    "candidate checked") {
  const std::string a100 = "file(\"" + std::string(NETSCHED_SOURCE_DIR) +
                           "/tests/data/graphs/switched/a100-2x8-nics.graphml\")";
  const auto ft = build_switched_topology("fat_tree(4)");
  const auto gpus = build_switched_topology(a100);
  // (network, collective, its bandwidth bound in chunk times): a fat-tree host takes its 15
  // chunks over its one link; an A100 GPU, one-port, over its fastest (the 300 GB/s NVSwitch);
  // a broadcast crosses to the other box over its eight 25 GB/s NICs (the exact cut)
  for (const auto& [t, collective, chunk_times] :
       std::vector<std::tuple<const Network*, std::string, double>>{
           {ft.get(), "all-gather", 15},
           {ft.get(), "total-exchange", 15},
           {ft.get(), "scatter", 15},
           {gpus.get(), "all-gather", 15.0 / 300},
           {gpus.get(), "broadcast", 1.0 / 200}}) {
    INFO(collective << " on " << t->spec());
    const SizeChoice c = choose_for_size(*t, GenRequest(collective), at(65536), {});
    REQUIRE(c.best);
    CHECK(c.best->holds());
    CHECK(c.best->schedule().collective.nodes() == t->num_endpoints());
    for (const auto& k : c.candidates)
      CHECK(find_algorithm(collective, k.algorithm.substr(0, k.algorithm.find(" (p=")))->switched);
    REQUIRE(c.bandwidth);
    CHECK(c.bandwidth->seconds == Approx(chunk_times * kSecondsPerByte * 65536));
    CHECK(lower_of(c) <= c.best_seconds * (1 + kSumRounding));
  }
}
