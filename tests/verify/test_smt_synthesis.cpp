#include <catch2/catch.hpp>
#include <queue>
#include <set>
#include <string>

#include "core/errors.hpp"
#include "core/graph.hpp"
#include "gen/topology.hpp"
#include "verify/bisection_bound.hpp"
#include "verify/simulator.hpp"
#include "verify/smt_bisection.hpp"
#include "verify/smt_synthesis.hpp"

using namespace netsched;

namespace {

// Exhaustive minimum steps (unit messages, one-port) by breadth-first search over holdings:
// a state is the set of (node, chunk) pairs held, packed in 64 bits; a move lets every node
// send at most one held chunk to a neighbour that receives nothing else.
std::uint64_t exhaustive_min_steps(const Network& t, const Collective& c) {
  const std::uint32_t n = static_cast<std::uint32_t>(t.num_nodes());
  const std::uint64_t chunks = c.num_chunks();
  REQUIRE(n * chunks <= 64);
  auto bit = [&](std::uint32_t v, std::uint64_t ch) {
    return std::uint64_t{1} << (v * chunks + ch);
  };
  std::uint64_t start = 0, goal = 0;
  for (std::uint64_t ch = 0; ch < chunks; ++ch) {
    start |= bit(c.origin(ch).v, ch);
    for (std::uint32_t v = 0; v < n; ++v)
      if (c.is_destination(ch, NodeId(v))) goal |= bit(v, ch);
  }
  std::vector<std::vector<NodeId>> nb(n);
  for (std::uint32_t v = 0; v < n; ++v) t.neighbors(NodeId(v), nb[v]);
  std::set<std::uint64_t> seen{start};
  std::vector<std::uint64_t> frontier{start};
  for (std::uint64_t steps = 0;; ++steps) {
    for (auto s : frontier)
      if ((s & goal) == goal) return steps;
    std::vector<std::uint64_t> next;
    for (auto s : frontier) {
      // enumerate the moves node by node: each node idles or sends (neighbour, chunk)
      std::function<void(std::uint32_t, std::uint64_t, std::uint64_t)> go =
          [&](std::uint32_t v, std::uint64_t received, std::uint64_t add) {
            if (v == n) {
              if (seen.insert(s | add).second) next.push_back(s | add);
              return;
            }
            go(v + 1, received, add);
            for (NodeId w : nb[v]) {
              if (received >> w.v & 1) continue;
              for (std::uint64_t ch = 0; ch < chunks; ++ch)
                if (s & bit(v, ch))
                  go(v + 1, received | (std::uint64_t{1} << w.v), add | bit(w.v, ch));
            }
          };
      go(0, 0, 0);
    }
    frontier = std::move(next);
    REQUIRE_FALSE(frontier.empty());
  }
}

// Z3 with and without the redundant constraints brackets the exhaustive optimum.
void bracket(const std::string& spec, const Collective& c) {
  INFO(spec << " " << c.name());
  const auto t = build_topology(spec);
  const std::uint64_t m = exhaustive_min_steps(*t, c);
  for (const bool redundant : {true, false}) {
    SynthesisOptions opt;
    opt.distance = opt.doubling = opt.counting = opt.symmetry = redundant;
    INFO("redundant constraints " << redundant << ", exhaustive optimum " << m);
    if (m > 0) CHECK(feasible(*t, c, m - 1, opt).answer == Feasibility::Unsat);
    const auto at = feasible(*t, c, m, opt);
    REQUIRE(at.answer == Feasibility::Sat);
    CHECK(simulate(*t, *at.schedule).ok());
    CHECK(at.schedule->steps.size() == m);
  }
}

}  // namespace

TEST_CASE("broadcast: z3 brackets the exhaustive optimum, with and without redundant constraints",
          "[smt]") {
  for (const char* spec : {"path(4)", "ring(5)", "ring(6)", "complete(5)", "hypercube(2)",
                           "hypercube(3)", "torus(2,3)", "dualcube(2)", "mesh(3,3)", "ccc(2)"}) {
    const auto t = build_topology(spec);
    bracket(spec, Collective::broadcast(t->num_nodes(), NodeId(0)));
    if (t->num_nodes() > 4)
      bracket(spec, Collective::broadcast(t->num_nodes(),
                                          NodeId(static_cast<std::uint32_t>(t->num_nodes() / 2))));
  }
}

TEST_CASE("scatter, gather, all-gather and total exchange: z3 brackets the exhaustive optimum",
          "[smt]") {
  for (const char* spec : {"path(3)", "ring(3)", "complete(2)", "path(4)"}) {
    const auto t = build_topology(spec);
    const std::uint64_t n = t->num_nodes();
    bracket(spec, Collective::scatter(n, NodeId(0)));
    bracket(spec, Collective::gather(n, NodeId(0)));
    if (n * n <= 16) bracket(spec, Collective::all_gather(n));
    if (n * n * n <= 27) bracket(spec, Collective::total_exchange(n));
  }
}

TEST_CASE("min-steps: optimal only when T-1 is unsat and T is sat", "[smt]") {
  const auto t = build_topology("hypercube(3)");
  SynthesisOptions opt;
  opt.confirm_lower_bound = true;  // z3 itself must prove 2 steps impossible
  const auto r = min_steps(*t, Collective::broadcast(8, NodeId(0)), 0, opt);
  CHECK(r.result == Optimum::Optimal);
  CHECK(r.lower_bound == 3);
  CHECK(r.upper_bound == 3);
  REQUIRE(r.schedule);
  CHECK(simulate(*t, *r.schedule).ok());
  REQUIRE(r.queries.size() >= 2);
  CHECK(r.queries.front().second == Feasibility::Unsat);
  CHECK(r.queries.back().second == Feasibility::Sat);
}

TEST_CASE("min-steps starts at the known lower bound and honours its deadline", "[smt]") {
  const auto t = build_topology("torus(3,4)");
  const Collective c = Collective::total_exchange(12);
  const LowerBound lb = min_steps_lower_bound(*t, c);
  CHECK(lb.steps == 20);  // AS(torus(3,4)) = sum of distances / N
  CHECK_THAT(lb.reason, Catch::Contains("AS(G)"));
  SynthesisOptions opt;
  opt.deadline = std::chrono::steady_clock::now();  // already passed: no query runs
  const auto r = min_steps(*t, c, 0, opt);
  CHECK(r.lower_bound == 20);
  CHECK(r.result == Optimum::Bounds);
  REQUIRE(r.queries.size() == 1);
  CHECK(r.queries.front().second == Feasibility::Unknown);
  CHECK(verdict_kind(r.result) == Verdict::Kind::Unknown);
}

TEST_CASE("bisection width: brute force agrees, the cut is a witness, the bound never above it",
          "[smt]") {
  // hypercube(3) and the rest meet the congestion bound; torus(3,3), mesh(3,3), ghc(3,4) and
  // rdn(ring(3),1) do not, and Z3 Optimize decides them
  std::set<std::string> proofs;
  for (const char* spec : {"ring(6)", "path(7)", "hypercube(3)", "torus(3,3)", "complete(5)",
                           "dualcube(2)", "mesh(2,5)", "mesh(3,3)", "ghc(3,4)", "rdn(ring(3),1)"}) {
    INFO(spec);
    const auto t = build_topology(spec);
    const std::uint32_t n = static_cast<std::uint32_t>(t->num_nodes());
    std::uint64_t best = ~0ull;
    for (std::uint32_t mask = 0; mask < (1u << n); ++mask) {
      if (static_cast<std::uint32_t>(__builtin_popcount(mask)) != n / 2) continue;
      std::vector<char> side(n);
      for (std::uint32_t v = 0; v < n; ++v) side[v] = (mask >> v) & 1;
      best = std::min(best, cut_size(*t, side));
    }
    CHECK(congestion_bisection_bound(*t).width <= best);
    const Bisection b = bisection_width(*t);
    REQUIRE(b.result == Bisection::Kind::Exact);
    proofs.insert(b.proof);
    CHECK(b.width == best);
    CHECK(b.lower_bound == best);
    CHECK(cut_size(*t, b.side) == b.width);
    const auto ones = static_cast<std::uint32_t>(std::count(b.side.begin(), b.side.end(), 1));
    CHECK((ones == n / 2 || ones == n - n / 2));
  }
  CHECK(proofs == std::set<std::string>{"congestion", "z3"});
}

TEST_CASE("the congestion bound proves the widths of hypercubes, rings and paths, 0 when split") {
  for (int d = 1; d <= 9; ++d) {  // Z3 took 47 s on hypercube(5) and never ends on hypercube(7)
    INFO(d);
    const auto t = build_topology("hypercube(" + std::to_string(d) + ")");
    const Bisection b = bisection_width(*t);
    CHECK(b.result == Bisection::Kind::Exact);
    CHECK(b.proof == "congestion");
    CHECK(b.width == t->num_nodes() / 2);  // the dimension cut
  }
  for (int n = 3; n <= 40; ++n) {  // a ring is cut twice, a path once
    INFO(n);
    for (const auto& [family, width] : {std::pair{"ring", 2u}, std::pair{"path", 1u}}) {
      const Bisection b =
          bisection_width(*build_topology(family + ("(" + std::to_string(n) + ")")));
      CHECK(b.proof == "congestion");
      CHECK(b.width == width);
    }
  }
  const Bisection torus = bisection_width(*build_topology("torus(4,4)"));
  CHECK(torus.proof == "congestion");
  CHECK(torus.width == 8);
  // dualcube(5): the bound is below the best cut found; no proof either way
  const Bisection dc = bisection_width(*build_topology("dualcube(5)"));
  CHECK(dc.result == Bisection::Kind::UpperBound);
  CHECK(dc.lower_bound < dc.width);
  const auto split = build_topology("faulty(ring(6), links=[{0,1},{3,4}])");
  CHECK(congestion_bisection_bound(*split).width == 0);
  CHECK(bisection_width(*split).width == 0);
  CHECK_THROWS_AS(congestion_bisection_bound(*build_topology("hypercube(14)")), InputError);
}

TEST_CASE("total exchange: z3 never sends a void chunk (i*N+i), which nobody holds", "[smt]") {
  // path(5) at 12 steps leaves idle slots where a void chunk could be sent; the decoded
  // schedule must still be one the simulator accepts (it threw an internal error before)
  const auto t = build_topology("path(5)");
  const Collective c = Collective::total_exchange(t->num_nodes());
  const FeasibilityResult r = feasible(*t, c, 12);
  REQUIRE(r.answer == Feasibility::Sat);
  REQUIRE(r.schedule);
  CHECK(simulate(*t, *r.schedule).ok());
  for (const Step& st : r.schedule->steps)
    for (const Transfer& x : st.transfers)
      for (std::uint64_t chunk : r.schedule->payloads[x.payload].chunks)
        CHECK_FALSE(c.is_void(chunk));
}

TEST_CASE("keeping: z3 keeps the most of the preferred transfers that can happen", "[smt]") {
  // the 4-cycle 0-1-3-2-0 (hypercube(2)), broadcast from 0 in 2 steps
  const auto t = build_topology("hypercube(2)");
  const Collective c = Collective::broadcast(4, NodeId(0));
  SynthesisOptions opt;
  opt.symmetry = false;
  opt.no_repeats = true;
  const std::vector<Preferred> wanted = {
      {0, 0, 1, 0},  // keepable
      {1, 1, 3, 0},  // keepable with the first
      {0, 3, 2, 0},  // 3 holds nothing in step 0
      {1, 0, 1, 0},  // 1 holds the chunk by then: a repeat delivery
      {0, 0, 3, 0},  // no such link
  };
  const KeepingResult r = feasible_keeping(*t, c, 2, wanted, opt);
  REQUIRE(r.found.answer == Feasibility::Sat);
  REQUIRE(r.found.schedule);
  CHECK(simulate(*t, *r.found.schedule).ok());
  CHECK(r.kept == 2);
  CHECK(r.most_proven);
  const auto& steps = r.found.schedule->steps;
  CHECK(steps[0].transfers.size() + steps[1].transfers.size() == 3);  // no repeat delivery
  // too few steps: no schedule, nothing kept
  CHECK(feasible_keeping(*t, c, 1, wanted, opt).found.answer == Feasibility::Unsat);
  // R4, or repeat deliveries allowed, could cut or pad the count: refused
  opt.symmetry = true;
  CHECK_THROWS_AS(feasible_keeping(*t, c, 2, wanted, opt), std::logic_error);
}
