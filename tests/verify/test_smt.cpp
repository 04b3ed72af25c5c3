#include <catch2/catch.hpp>

#include "analysis/checked.hpp"
#include "gen/algorithms.hpp"
#include "gen/route/router.hpp"
#include "tests/helpers.hpp"
#include "verify/simulator.hpp"
#include "verify/smt_checker.hpp"

using namespace netsched;

namespace {

void agree(const Network& t, const Schedule& s) {
  const auto sim = simulate(t, s);
  const auto z = smt_check(t, s);
  REQUIRE(z.verdict.kind != Verdict::Kind::Unknown);
  CHECK(z.verdict.ok() == sim.ok());
  if (!sim.ok()) {
    CHECK(z.verdict.violation->rule == sim.violation()->rule);
    CHECK(z.verdict.violation->step == sim.violation()->step);
    CHECK(z.verdict.violation->transfer == sim.violation()->transfer);
  }
}

}  // namespace

TEST_CASE("the Z3 checker accepts every generator's schedule on small instances", "[smt]") {
  for (const char* spec : {"ring(6)", "torus(3,3)", "hypercube(3)", "ccc(3)", "dualcube(2)",
                           "dualcube(3)", "rdn(hypercube(1),1)", "hdn(torus(2,3), sn=[{0}])",
                           "hsn(2,hypercube(2))", "hfc(complete(3),4,4)", "mesh(2,3)"}) {
    INFO(spec);
    const auto t = build_topology(spec);
    for (const auto& a : algorithm_names(*t, "broadcast"))
      agree(*t, generate_checked(*t, GenRequest("broadcast", a, NodeId(1))).schedule());
    for (const auto& a : algorithm_names(*t, "route"))
      agree(*t, route_schedule(*t, *make_router(*t, a), NodeId(0),
                               NodeId(static_cast<std::uint32_t>(t->num_nodes() - 1))));
    for (const auto& a : algorithm_names(*t, "total-exchange"))
      if (t->num_nodes() <= 12) agree(*t, make_total_exchange(*t, a));
  }
}

TEST_CASE("the Z3 checker finds the hand-made violations with the simulator's rule and place",
          "[smt]") {
  const auto t = build_topology("ring(4)");
  Schedule good = test::ring4_broadcast();
  good.payloads.push_back({});  // payload 1: empty, for the empty-payload case
  agree(*t, good);
  auto with = [&](auto&& f) {
    Schedule s = good;
    f(s);
    agree(*t, s);
    return smt_check(*t, s);
  };
  CHECK(with([](Schedule& s) { s.steps[1].transfers[1].to = NodeId(2); }).verdict.violation->rule ==
        Rule::Edge);
  CHECK(with([](Schedule& s) { s.steps[0].transfers[0].payload = 1; }).verdict.violation->rule ==
        Rule::EmptyPayload);
  CHECK(with([](Schedule& s) { std::swap(s.steps[0], s.steps[1]); }).verdict.violation->rule ==
        Rule::Causality);
  CHECK(with([](Schedule& s) {
          s.steps[1].transfers.push_back({NodeId(0), NodeId(1), 0});
        }).verdict.violation->rule == Rule::PortSend);
  CHECK(with([](Schedule& s) { s.steps[1].transfers.pop_back(); }).verdict.violation->rule ==
        Rule::Delivery);
  CHECK(with([](Schedule& s) {
          s.model = PortModel::AllPort;
          s.steps[1].transfers.push_back({NodeId(1), NodeId(2), 0});
        }).verdict.violation->rule == Rule::PortLink);
  const auto ring5 = build_topology("ring(5)");
  Schedule r;
  r.topology = "ring(5)";
  r.collective = Collective::broadcast(5, NodeId(0));
  r.payloads = {{{0}}};
  r.steps = {{{{NodeId(0), NodeId(1), 0}}},
             {{{NodeId(1), NodeId(2), 0}, {NodeId(0), NodeId(4), 0}}},
             {{{NodeId(2), NodeId(3), 0}, {NodeId(4), NodeId(3), 0}}}};
  CHECK(smt_check(*ring5, r).verdict.violation->rule == Rule::PortReceive);
  agree(*ring5, r);
  // 2-port: a third send of node 0 that also repeats a link breaks both rules; the simulator
  // checks the link first, and so must the decoding
  const auto q2 = build_topology("hypercube(2)");
  Schedule k;
  k.topology = "hypercube(2)";
  k.collective = Collective::broadcast(4, NodeId(0));
  k.model = PortModel::KPort;
  k.ports = 2;
  k.payloads = {{{0}}};
  k.steps = {{{{NodeId(0), NodeId(1), 0}, {NodeId(0), NodeId(2), 0}, {NodeId(0), NodeId(1), 0}}},
             {{{NodeId(1), NodeId(3), 0}}}};
  CHECK(smt_check(*q2, k).verdict.violation->rule == Rule::PortLink);
  agree(*q2, k);
}

TEST_CASE("the Z3 checker refuses encodings over its size limit with a clear error", "[smt]") {
  const auto t = build_topology("hypercube(8)");
  CHECK_THROWS_WITH(smt_check(*t, make_total_exchange(*t, "dimension-exchange")),
                    Catch::Contains("kMaxSmtTerms"));
}
