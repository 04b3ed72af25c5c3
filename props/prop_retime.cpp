// Re-timing to fewer ports (analysis/retime.hpp) on random networks: an all-port chunk or
// register schedule list-scheduled under k ports holds under them (a chunk schedule for the
// reference checker too, a register schedule run on random numbers too) and keeps what fit_ports
// promises (tests/fitted_ports.hpp). It does not promise more steps than the all-port schedule
// had: the greedy may close gaps the generator left (rhs(2,2,hypercube(1))'s rarest-first
// all-reduce: 30 steps all-port, 29 under three ports).
#include <rapidcheck.h>
#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>

#include "analysis/retime.hpp"
#include "gen/algorithms.hpp"
#include "props/generators.hpp"
#include "props/numeric_registers.hpp"
#include "props/reference_checker.hpp"
#include "tests/fitted_ports.hpp"

using namespace netsched;

TEST_CASE("an all-port schedule re-timed to k ports holds under k ports") {
  rc::prop("fit_ports(an all-port algorithm of a random network, k in 1..3)", [] {
    const auto t = build_topology(*props::any_spec());
    RC_PRE(t->num_nodes() >= 2u && t->num_nodes() <= 48u);
    const std::string collective =
        *rc::gen::element<std::string>("broadcast", "scatter", "gather", "all-gather",
                                       "total-exchange", "all-reduce", "reduce-scatter");
    RC_PRE(t->num_nodes() <= 16u || collective == "all-gather" || collective == "broadcast" ||
           collective == "scatter" || collective == "gather");
    std::vector<std::string> all_port;
    for (const std::string& a : algorithm_names(*t, collective)) {
      const CheckedSchedule s = generate_checked(*t, GenRequest(collective, a));
      if (s.schedule().model == PortModel::AllPort) all_port.push_back(a);
    }
    RC_PRE(!all_port.empty());
    const std::string a = *rc::gen::elementOf(all_port);
    const auto k = *rc::gen::inRange<std::uint32_t>(1, 4);
    const CheckedSchedule s = generate_checked(*t, GenRequest(collective, a));
    const PortModel model = k == 1 ? PortModel::OnePort : PortModel::KPort;
    const CheckedSchedule f = fit_ports(s, *t, model, k);
    RC_ASSERT(test::fitted_ports_fault(*t, s, f, model, k) == "");
    if (f.schedule().collective.combining())
      RC_ASSERT(props::numeric_result_right(f.schedule()));
    else
      RC_ASSERT(!props::reference_check(*t, f.schedule()));
    for (const Step& step : f.schedule().steps) {  // the port rule, counted here once more
      std::map<std::uint32_t, std::uint32_t> sends, receives;
      for (const Transfer& x : step.transfers) {
        RC_ASSERT(++sends[x.from.v] <= k);
        RC_ASSERT(++receives[x.to.v] <= k);
      }
    }
  });
}
