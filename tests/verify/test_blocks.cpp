#include <algorithm>
#include <catch2/catch.hpp>
#include <random>

#include "core/errors.hpp"
#include "gen/algorithms.hpp"
#include "props/mutations.hpp"
#include "tests/verify/same_verdict.hpp"
#include "verify/blocks.hpp"
#include "verify/simulator.hpp"

using namespace netsched;

namespace {

// The two engines give the same verdict, figures and first violation.
void same_as_dense(const Network& t, const Schedule& s) {
  const CheckResult a = simulate(t, s, Engine::Dense), b = simulate(t, s, Engine::Blocks);
  CHECK(a.engine == Engine::Dense);
  CHECK(b.engine == Engine::Blocks);
  test::same_verdict(a, b);
}

// K_3 by hand: step 0 node i sends i+1 its chunk for i+1, step 1 sends i+2 its chunk for i+2.
Schedule k3(std::uint32_t second) {
  Schedule s;
  s.topology = "complete(3)";
  s.collective = Collective::total_exchange(3);
  s.digits = {3};
  const Digits d(s.digits);
  for (std::uint32_t i = 0; i < 3; ++i) {
    Payload p;
    p.select = Selector{{}, {}, {}, {point_box(d, i)}};
    s.payloads.push_back(p);
  }
  s.steps.resize(2);
  for (std::uint32_t i = 0; i < 3; ++i) {
    s.steps[0].transfers.push_back({NodeId(i), NodeId((i + 1) % 3), (i + 1) % 3});
    s.steps[1].transfers.push_back({NodeId(i), NodeId((i + 2) % 3), (i + second) % 3});
  }
  return s;
}

}  // namespace

TEST_CASE("blocks: a hand-made K_3 exchange, and the same exchange with a wrong second step") {
  const auto t = build_topology("complete(3)");
  // each step carries one chunk per transfer: cost (2, 1 + 1)
  const CheckResult r = simulate(*t, k3(2), Engine::Blocks);
  REQUIRE(r.ok());
  CHECK(r.payload_sum == 2);
  same_as_dense(*t, k3(2));
  // step 1 re-sends the chunk for i+1 (still held): chunk 0*3+2 never reaches node 2
  const CheckResult bad = simulate(*t, k3(1), Engine::Blocks);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.violation()->rule == Rule::Delivery);
  CHECK(bad.violation()->chunk == std::optional<std::uint64_t>(2));
  same_as_dense(*t, k3(1));
  // step 0 names only the sender itself: its void chunk i*N+i is held by nobody
  Schedule own = k3(2);
  for (std::uint32_t i = 0; i < 3; ++i) own.steps[0].transfers[i].payload = i;
  const CheckResult empty = simulate(*t, own, Engine::Blocks);
  REQUIRE_FALSE(empty.ok());
  CHECK(empty.violation()->rule == Rule::EmptyPayload);
  CHECK(empty.violation()->step == std::optional<std::uint64_t>(0));
  same_as_dense(*t, own);
}

TEST_CASE("blocks and dense agree on every total exchange generator with selectors") {
  for (const char* spec :
       {"hdn(hypercube(2), sn=[{0}])", "hdn(torus(2,3), sn=[{0}])", "rdn(ring(3),1)",
        "hdn(hypercube(2), sn=[{0},{0,1}])", "hdn(torus(2,3,5), sn=[{0,1}])", "dualcube(3)",
        "hypercube(4)", "torus(3,4)", "mesh(3,4)", "ghc(3,4)"}) {
    INFO(spec);
    const auto t = build_topology(spec);
    for (const auto& name : algorithm_names(*t, "total-exchange")) {
      const Schedule s = make_total_exchange(*t, name);
      if (!blocks_apply(s)) continue;
      INFO(name);
      same_as_dense(*t, s);
    }
  }
}

TEST_CASE("blocks and dense report the same figures for a step-rule violation (none)") {
  // a regression: node 6 also sends to node 7 in step 0; both engines said port-send at step 0,
  // but reported payload sums 0 and 7.
  const auto t = build_topology("hdn(hypercube(2), sn=[{0}])");
  Schedule s = make_total_exchange(*t);
  REQUIRE(t->adjacent(NodeId(6), NodeId(7)));
  const auto& first = s.steps[0].transfers;
  const auto six = std::find_if(first.begin(), first.end(),
                                [](const Transfer& x) { return x.from == NodeId(6); });
  REQUIRE(six != first.end());
  s.steps[0].transfers.push_back({NodeId(6), NodeId(7), six->payload});
  const CheckResult dense = simulate(*t, s, Engine::Dense);
  const CheckResult blocks = simulate(*t, s, Engine::Blocks);
  REQUIRE_FALSE(dense.ok());
  CHECK(dense.violation()->rule == Rule::PortSend);
  CHECK(dense.verdict == blocks.verdict);
  CHECK(dense.steps == 0);
  CHECK(dense.payload_sum == 0);
  CHECK(blocks.payload_sum == 0);
  CHECK(blocks.transfers == 0);
}

TEST_CASE("blocks and dense agree on mutated exchanges, first violation included") {
  std::mt19937_64 rng(11);
  for (const char* spec : {"hdn(hypercube(2), sn=[{0}])", "torus(3,4)", "dualcube(3)"}) {
    const auto t = build_topology(spec);
    const Schedule s = make_total_exchange(*t);
    for (const auto& op : props::operators()) {
      for (int k = 0; k < 4; ++k) {
        const auto m = props::mutate(*t, s, op.name, rng);
        if (!m || !blocks_apply(*m)) continue;
        INFO(spec << " " << op.name << " " << k);
        same_as_dense(*t, *m);
      }
    }
    // narrowed boxes and windows: a value of a digit or a time dropped from one selector
    if (s.digits.empty()) continue;
    const Digits d(s.digits);
    for (int k = 0; k < 12; ++k) {
      Schedule m = s;
      auto& sel = *m.payloads[rng() % m.payloads.size()].select;
      if (k % 2 == 0 && !sel.acquired_in.empty()) {
        sel.acquired_in.erase(sel.acquired_in.begin() +
                              static_cast<std::ptrdiff_t>(rng() % sel.acquired_in.size()));
      } else if (!sel.dest_boxes.empty()) {
        DigitBox& b = sel.dest_boxes[rng() % sel.dest_boxes.size()];
        const std::size_t i = rng() % d.size();
        auto values = digit_values(d, b, i);
        if (values.size() > 1)
          values.erase(values.begin() + static_cast<std::ptrdiff_t>(rng() % values.size()));
        else
          values = {static_cast<std::uint32_t>((values[0] + 1) % d.radix()[i])};
        set_digit(d, b, i, values);
      }
      INFO(spec << " narrowed " << k);
      same_as_dense(*t, m);
    }
  }
}

TEST_CASE("blocks: a 2048-node HDN exchange is checked by the block engine under auto") {
  const auto t = build_topology("rdn(hypercube(2),2)");
  const Schedule s = make_total_exchange(*t);
  const CheckResult r = simulate(*t, s);
  CHECK(r.engine == Engine::Blocks);
  CHECK(r.ok());
  CHECK(r.steps == 14);  // 2^(k+1) - 2 + 2^k T_0 with k = 2, T_0 = 2
  // the dense engine would need 2048^3 node-chunk pairs with acquisition times
  CHECK_THROWS_AS(simulate(*t, s, Engine::Dense), InputError);
}
