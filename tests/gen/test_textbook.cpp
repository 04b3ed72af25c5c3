// The textbook algorithms (origin "textbook: ...", in gen/<collective>/): they hold where they
// apply, take the steps and carry the payloads the textbooks give, and the Hamiltonian cycle they
// ride is one.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

#include "analysis/bandwidth_bound.hpp"
#include "analysis/checked.hpp"
#include "core/limits.hpp"
#include "core/metrics.hpp"
#include "core/schedule_io.hpp"
#include "gen/algorithms.hpp"
#include "gen/broadcast/broadcast.hpp"
#include "gen/plan/hamiltonian.hpp"
#include "gen/plan/schedule_kit.hpp"
#include "gen/plan/spanning_trees.hpp"
#include "gen/reduce_scatter/reduce_scatter.hpp"
#include "gen/topology.hpp"
#include "papers/papers.hpp"
#include "verify/registers.hpp"
#include "verify/smt_checker.hpp"

using namespace netsched;

namespace {

/// Z3 checks the ring all-gathers of at most this many nodes, and schedules of at most this
/// many node x chunk x step states.
constexpr std::uint64_t kSmtNodes = 12, kSmtStates = 4096;

bool is_hamiltonian_cycle(const Network& t, const std::vector<std::uint32_t>& c) {
  if (c.size() != t.num_nodes()) return false;
  std::vector<char> seen(c.size(), 0);
  for (std::size_t i = 0; i < c.size(); ++i) {
    if (c[i] >= c.size() || seen[c[i]]) return false;
    seen[c[i]] = 1;
    if (c.size() > 1 && !t.adjacent(NodeId(c[i]), NodeId(c[(i + 1) % c.size()]))) return false;
  }
  return true;
}

CheckedSchedule checked(const Network& t, const char* collective, const char* algorithm) {
  const CheckedSchedule s = generate_checked(t, GenRequest(collective, algorithm));
  REQUIRE(s.holds());
  CHECK(s.schedule().algorithm == algorithm);
  return s;
}

}  // namespace

TEST_CASE("recursive doubling and halving on hypercubes: n steps, N-1 chunks each way", "[gen]") {
  for (std::uint32_t n = 1; n <= 6; ++n) {
    const auto t = build_topology("hypercube(" + std::to_string(n) + ")");
    const std::uint64_t nodes = t->num_nodes();
    INFO(t->spec());
    const CheckedSchedule ag = checked(*t, "all-gather", "recursive-doubling");
    CHECK(ag.verification().check.steps == n);
    CHECK(ag.verification().check.payload_sum == nodes - 1);  // 1 + 2 + ... + N/2
    CHECK(ag.verification().lower->steps == n);               // optimal in steps
    // the default all-gather on a hypercube
    CHECK(generate(*t, GenRequest("all-gather")).algorithm == "recursive-doubling");
    if (n > 5) continue;
    const CheckedSchedule rs = checked(*t, "reduce-scatter", "recursive-halving");
    CHECK(rs.verification().check.steps == n);
    CHECK(rs.verification().check.payload_sum == nodes - 1);  // N/2 + N/4 + ... + 1 blocks
  }
}

TEST_CASE("ring all-gather and reduce-scatter: N-1 steps of one chunk on a Hamiltonian cycle",
          "[gen]") {
  for (const char* spec :
       {"path(2)", "ring(7)", "complete(5)", "torus(3,5)", "mesh(4,5)", "hypercube(4)",
        "product(complete(3),ring(4))", "ccc(3)", "dualcube(2)", "hsn(2,hypercube(2))"}) {
    const auto t = build_topology(spec);
    const std::uint64_t n = t->num_nodes();
    INFO(spec);
    const auto cycle = hamiltonian_cycle(*t);
    REQUIRE(cycle);
    CHECK(is_hamiltonian_cycle(*t, *cycle));
    for (const char* c : {"all-gather", "reduce-scatter"}) {
      const CheckedSchedule s = checked(*t, c, "ring");
      CHECK(s.verification().check.steps == n - 1);
      CHECK(s.verification().check.payload_sum == n - 1);
    }
    // the second checker where its encoding is small
    const Schedule ag = generate(*t, GenRequest("all-gather", "ring"));
    if (n <= kSmtNodes) CHECK(smt_check(*t, ag).verdict.ok());
  }
}

TEST_CASE("vector all-reduce: ring and Rabenseifner move 2(N-1) pieces through each node",
          "[gen]") {
  for (const char* spec : {"ring(5)", "torus(3,4)", "hypercube(3)", "ccc(3)"}) {
    const auto t = build_topology(spec);
    const std::uint64_t n = t->num_nodes();
    INFO(spec);
    const CheckedSchedule ring = checked(*t, "all-reduce", "ring");
    CHECK(ring.schedule().collective.pieces() == n);
    CHECK(ring.verification().check.steps == 2 * (n - 1));
    CHECK(ring.verification().check.payload_sum == 2 * (n - 1));
  }
  for (std::uint32_t d = 1; d <= 5; ++d) {
    const auto t = build_topology("hypercube(" + std::to_string(d) + ")");
    const std::uint64_t n = t->num_nodes();
    const CheckedSchedule r = checked(*t, "all-reduce", "rabenseifner");
    CHECK(r.schedule().collective.pieces() == n);
    CHECK(r.verification().check.steps == 2 * d);
    CHECK(r.verification().check.payload_sum == 2 * (n - 1));
  }
}

TEST_CASE("pipelined chain broadcast: N-2+p steps of one piece, from any root", "[gen]") {
  for (const char* spec : {"ring(6)", "torus(3,4)", "hypercube(3)", "mesh(2,3)"}) {
    const auto t = build_topology(spec);
    const std::uint64_t n = t->num_nodes();
    for (const std::uint32_t p : {1u, 3u, 8u}) {
      INFO(spec << " in " << p << " pieces");
      GenRequest r("broadcast", "chain", NodeId(static_cast<std::uint32_t>(n - 1)));
      r.pieces = p;
      const CheckedSchedule s = generate_checked(*t, r);
      REQUIRE(s.holds());
      CHECK(s.schedule().collective.pieces() == p);
      CHECK(s.verification().check.steps == n - 2 + p);
      CHECK(s.verification().check.payload_sum == n - 2 + p);  // one piece a step
      if (n * p * (n + p) <= kSmtStates) CHECK(smt_check(*t, s.schedule()).verdict.ok());
    }
  }
  // broadcast_rounds has no rounds of one chunk to give for it
  CHECK_THROWS_AS(broadcast_rounds(*build_topology("ring(6)"), 0, "chain"), InputError);
}

TEST_CASE("no Hamiltonian cycle: the ring algorithms do not apply, and say why", "[gen]") {
  // mesh(5,5) is bipartite with sides of 13 and 12 nodes; path(4) has leaves
  for (const char* spec : {"mesh(5,5)", "path(4)", "mesh(3,3,3)"}) {
    const auto t = build_topology(spec);
    INFO(spec);
    CHECK_FALSE(hamiltonian_cycle(*t));
    const auto names = algorithm_names(*t, "all-gather");
    CHECK(std::find(names.begin(), names.end(), "ring") == names.end());
    CHECK_THROWS_AS(generate(*t, GenRequest("all-gather", "ring")), InputError);
  }
}

TEST_CASE("the all-port floods: the diameter in steps on any connected graph", "[gen]") {
  for (const char* spec :
       {"complete(5)", "ring(6)", "torus(4,4)", "ccc(3)", "mesh(3,5)",
        "faulty(torus(3,3), links=[{0,1}])", "hdn(hypercube(2), sn=[{0},{1}])"}) {
    const auto t = build_topology(spec);
    INFO(spec);
    const CheckedSchedule s = checked(*t, "all-gather", "flood");
    CHECK(s.schedule().model == PortModel::AllPort);
    const std::uint64_t diameter = s.verification().check.steps;
    CHECK(diameter == s.verification().lower->steps);  // the diameter, the lower bound
    if (t->num_nodes() <= 9) CHECK(smt_check(*t, s.schedule()).verdict.ok());
    // the same trees for the total exchange, the reduce-scatter and the vector all-reduce
    for (const char* c : {"total-exchange", "reduce-scatter", "all-reduce"}) {
      const CheckedSchedule other = checked(*t, c, "flood");
      CHECK(other.schedule().model == PortModel::AllPort);
      const bool twice = std::string(c) == "all-reduce";
      CHECK(other.verification().check.steps == (twice ? 2 : 1) * diameter);
    }
  }
}

TEST_CASE("embedded MPI algorithms: on a complete graph, the textbooks' rounds and payloads",
          "[gen]") {
  // every logical send is a link there: Bruck and the binomial trees take ceil(log2 N) steps
  for (const std::uint32_t n : {2u, 5u, 8u, 13u}) {
    const auto t = build_topology("complete(" + std::to_string(n) + ")");
    INFO(t->spec());
    std::uint64_t rounds = 0;
    while ((std::uint64_t{1} << rounds) < n) ++rounds;
    const CheckedSchedule ag = checked(*t, "all-gather", "bruck");
    CHECK(ag.verification().check.steps == rounds);
    CHECK(ag.verification().check.payload_sum == n - 1);  // 1 + 2 + 4 + ... + the rest
    const CheckedSchedule te = checked(*t, "total-exchange", "bruck");
    CHECK(te.verification().check.steps == rounds);
    for (const char* c : {"scatter", "gather"}) {
      const CheckedSchedule s = checked(*t, c, "binomial");
      CHECK(s.verification().check.steps == rounds);
    }
    if (n <= 8) CHECK(smt_check(*t, ag.schedule()).verdict.ok());
  }
  // Bruck's all-to-all moves about N/2 blocks a round: 4 + 4 + 4 on complete(8)
  const auto k8 = build_topology("complete(8)");
  CHECK(checked(*k8, "total-exchange", "bruck").verification().check.payload_sum == 12);
}

TEST_CASE("embedded MPI algorithms: routed on any network, never above their stated bound",
          "[gen]") {
  for (const char* spec : {"torus(4,4)", "hypercube(4)", "ccc(3)", "mesh(3,4)", "dualcube(2)",
                           "faulty(torus(3,3), links=[{0,1}])", "path(2)"}) {
    const auto t = build_topology(spec);
    INFO(spec);
    for (const auto& [c, a] :
         std::vector<std::pair<const char*, const char*>>{{"all-gather", "bruck"},
                                                          {"total-exchange", "bruck"},
                                                          {"scatter", "binomial"},
                                                          {"gather", "binomial"},
                                                          {"broadcast", "binary-tree"},
                                                          {"broadcast", "double-binary-tree"}}) {
      INFO(c << " by " << a);
      const CheckedSchedule s = checked(*t, c, a);
      REQUIRE(s.verification().bound);
      CHECK(s.verification().check.steps <= s.verification().bound->steps);
      CHECK(s.verification().lower->steps <= s.verification().check.steps);
      CHECK(s.schedule().model == PortModel::OnePort);
    }
  }
}

TEST_CASE("vector reduce: every pipelined broadcast run backwards in its steps and loads",
          "[gen]") {
  for (const char* spec : {"torus(3,4)", "ccc(3)", "hypercube(3)"}) {
    const auto t = build_topology(spec);
    const std::uint64_t n = t->num_nodes();
    const NodeId root(static_cast<std::uint32_t>(n - 1));
    for (const std::string& a : algorithm_names(*t, "reduce")) {
      if (a == "tree-reduce") continue;
      for (const std::uint32_t p : {1u, 4u}) {
        INFO(spec << " " << a << " in " << p << " pieces");
        GenRequest down("broadcast", a, root), up("reduce", a, root);
        down.pieces = up.pieces = p;
        const CheckedSchedule b = generate_checked(*t, down), r = generate_checked(*t, up);
        REQUIRE(b.holds());
        REQUIRE(r.holds());
        CHECK(r.schedule().collective == Collective::reduce(n, root, p));
        CHECK(schedule_from_json(schedule_to_json(r.schedule())).schedule == r.schedule());
        CHECK(r.schedule().model == b.schedule().model);
        CHECK(r.verification().check.steps <= b.verification().check.steps);
        CHECK(r.verification().check.payload_sum <= b.verification().check.payload_sum);
        std::uint64_t moves = 0;  // every node but the root sends each piece's sum once
        for (const Step& st : r.schedule().steps)
          for (const Transfer& x : st.transfers)
            moves += r.schedule().payloads[x.payload].moves.size();
        CHECK(moves == (n - 1) * p);
        // on numbers: the root ends with every node's piece k summed
        std::vector<std::int64_t> in(n * p);
        for (std::uint64_t x = 0; x < in.size(); ++x) in[x] = static_cast<std::int64_t>(3 * x + 1);
        const RegisterFile out =
            evaluate_registers(r.schedule(), initial_registers(r.schedule(), in));
        for (std::uint64_t k = 0; k < p; ++k) {
          std::int64_t sum = 0;
          for (std::uint64_t v = 0; v < n; ++v) sum += in[v * p + k];
          CHECK(out[root.v][p + k] == sum);
        }
        if (n * p <= kSmtNodes * 4) CHECK(smt_check(*t, r.schedule()).verdict.ok());
        // a partial sum that never leaves its node is missed at the root
        Schedule cut = r.schedule();
        cut.steps.front().transfers.pop_back();
        CHECK_FALSE(check_schedule(*t, cut).holds());
      }
    }
  }
}

namespace {

/// A vector prefix schedule of p pieces holds its collective: on numbers, node v ends with piece
/// k summed over the nodes up to v; Z3 agrees where it is small; the last transfer matters.
void check_vector_prefix(const Network& t, const Schedule& s) {
  const std::uint64_t n = t.num_nodes(), p = s.collective.pieces();
  CHECK(schedule_from_json(schedule_to_json(s)).schedule == s);
  std::vector<std::int64_t> in(n * p);
  for (std::uint64_t x = 0; x < in.size(); ++x) in[x] = static_cast<std::int64_t>(5 * x + 2);
  const RegisterFile out = evaluate_registers(s, initial_registers(s, in));
  for (std::uint64_t k = 0; k < p; ++k) {
    std::int64_t so_far = 0;
    for (std::uint64_t v = 0; v < n; ++v) CHECK(out[v][p + k] == (so_far += in[v * p + k]));
  }
  if (n * p <= kSmtNodes * 4) CHECK(smt_check(t, s).verdict.ok());
  Schedule cut = s;  // the last step's last transfer into a prefix register never arrives
  auto& last = cut.steps.back().transfers;
  const auto into_prefix = [&](const Transfer& x) {
    for (const Move& mv : s.payloads[x.payload].moves)
      if (mv.dst >= p && mv.dst < 2 * p) return true;
    return false;
  };
  const auto it = std::find_if(last.rbegin(), last.rend(), into_prefix);
  REQUIRE(it != last.rend());
  last.erase(std::next(it).base());
  CHECK_FALSE(check_schedule(t, cut).holds());
}

}  // namespace

TEST_CASE("vector prefix: a pipelined chain in id order through transit registers", "[gen]") {
  for (const char* spec : {"ring(6)", "torus(3,4)", "hypercube(3)", "ccc(3)", "mesh(2,3)"}) {
    const auto t = build_topology(spec);
    const std::uint64_t n = t->num_nodes();
    const Csr g(*t, 1);
    std::uint64_t links = 0;  // the hops' lengths: d(v, v+1) summed
    for (std::uint32_t v = 0; v + 1 < n; ++v) links += bfs_distances(g, v + 1)[v];
    for (const char* a : {"chain", "all-port-chain"}) {
      for (const std::uint32_t p : {1u, 5u}) {
        INFO(spec << " " << a << " in " << p << " pieces");
        GenRequest r("prefix", a);
        r.pieces = p;
        const CheckedSchedule c = generate_checked(*t, r);
        REQUIRE(c.holds());
        const Schedule& s = c.schedule();
        CHECK(s.collective == Collective::prefix(n, {}, p));
        CHECK(s.model == (a == std::string("chain") ? PortModel::OnePort : PortModel::AllPort));
        // every piece goes down every hop once; the last piece leaves node 0 at step p-1 at the
        // earliest and then crosses every link of the chain
        std::uint64_t moves = 0;
        for (const Step& st : s.steps)
          for (const Transfer& x : st.transfers) moves += s.payloads[x.payload].moves.size();
        CHECK(moves == links * p);
        CHECK(c.verification().check.steps >= links + p - 1);
        if (links == n - 1) {  // ids in a row of links: the pipe, and no relay
          CHECK(c.verification().check.steps == links + p - 1);
          CHECK(s.registers.size() == 2 * p);
        } else {
          CHECK(s.registers.size() > 2 * p);
        }
        check_vector_prefix(*t, s);
      }
    }
  }
}

TEST_CASE("vector prefix on a hypercube: the dimension scan pipelined over pieces", "[gen]") {
  for (std::uint32_t dims = 1; dims <= 4; ++dims) {
    const auto t = build_topology("hypercube(" + std::to_string(dims) + ")");
    for (const std::uint32_t p : {1u, 3u, 8u}) {
      INFO(t->spec() << " in " << p << " pieces");
      GenRequest r("prefix", "pipelined-dimension-prefix");
      r.pieces = p;
      const CheckedSchedule c = generate_checked(*t, r);
      REQUIRE(c.holds());
      const Schedule& s = c.schedule();
      CHECK(s.collective == Collective::prefix(t->num_nodes(), {}, p));
      CHECK(s.model == PortModel::AllPort);
      // piece k crosses dimension b in step k + b: p + n - 1 steps, each a piece a link
      CHECK(c.verification().check.steps == p + dims - 1);
      CHECK(c.verification().check.payload_sum == p + dims - 1);
      if (p == 1)  // one piece: the dimension scan itself
        CHECK(c.verification().check.steps ==
              generate_checked(*t, GenRequest("prefix", "dimension-prefix"))
                  .verification()
                  .check.steps);
      check_vector_prefix(*t, s);
    }
  }
  GenRequest none("prefix", "pipelined-dimension-prefix");
  none.pieces = kMaxChainPieces + 1;
  CHECK_THROWS_AS(generate(*build_topology("hypercube(2)"), none), InputError);
  CHECK(algorithm_names(*build_topology("torus(4,4)"), "prefix") ==
        std::vector<std::string>{"chain", "all-port-chain"});
}

TEST_CASE("tree broadcasts in pieces: the double binary tree is the faster pipe", "[gen]") {
  // on a complete graph every tree edge is a link: a binary tree's inner nodes send each piece
  // twice, the double tree's inner nodes send half the pieces twice, so with many pieces it
  // takes fewer steps
  const auto t = build_topology("complete(15)");
  for (const std::uint32_t p : {1u, 4u, 32u}) {
    INFO(p << " pieces");
    GenRequest one("broadcast", "binary-tree", NodeId(3)),
        two("broadcast", "double-binary-tree", NodeId(3));
    one.pieces = two.pieces = p;
    const CheckedSchedule a = generate_checked(*t, one), b = generate_checked(*t, two);
    REQUIRE(a.holds());
    REQUIRE(b.holds());
    CHECK(a.schedule().collective.pieces() == p);
    CHECK(b.schedule().collective.pieces() == p);
    if (p >= 32) CHECK(b.verification().check.steps < a.verification().check.steps);
  }
  GenRequest none("broadcast", "binary-tree");
  none.pieces = kMaxTreePieces + 1;
  CHECK_THROWS_AS(generate(*t, none), InputError);
}

TEST_CASE("packed trees: on products the all-gather meets the exact bound, rounded up", "[gen]") {
  // the bound is |S| / B(S -> rest) at its largest (analysis/bandwidth_bound, by max-flow); a
  // step schedule's sum of largest payloads is a whole number of chunks
  for (const char* spec : {"torus(8,8)", "hypercube(6)", "torus(4,4)", "ghc(3,3)", "ring(9)",
                           "torus(3,5)", "hypercube(3)", "product(ring(4),complete(3))"}) {
    const auto t = build_topology(spec);
    INFO(spec);
    const double bound = all_gather_bound(*t).chunk_times;
    const CheckedSchedule ag = checked(*t, "all-gather", "packed-trees");
    CHECK(ag.schedule().model == PortModel::AllPort);
    CHECK(ag.verification().check.payload_sum ==
          static_cast<std::uint64_t>(std::ceil(bound - 1e-9)));
    CHECK(ag.verification().check.steps <= ag.verification().bound->steps);
    // the same trees reversed combine blocks, and both ways make a vector all-reduce
    const CheckedSchedule rs = checked(*t, "reduce-scatter", "packed-trees");
    CHECK(rs.verification().check.payload_sum == ag.verification().check.payload_sum);
    const CheckedSchedule ar = checked(*t, "all-reduce", "packed-trees");
    CHECK(ar.verification().check.payload_sum == 2 * ag.verification().check.payload_sum);
  }
}

TEST_CASE("packed trees: on any network, never more loaded than the flood they start from",
          "[gen]") {
  for (const char* spec :
       {"ccc(3)", "dualcube(2)", "mesh(3,4)", "hdn(hypercube(1), sn=[{0}])",
        "faulty(torus(3,3), links=[{0,1}])", "weighted(ccc(2), bandwidth=[{0,1,50}])"}) {
    const auto t = build_topology(spec);
    INFO(spec);
    const CheckedSchedule packed = checked(*t, "all-gather", "packed-trees");
    const CheckedSchedule flood = checked(*t, "all-gather", "flood");
    CHECK(packed.verification().check.payload_sum <= flood.verification().check.payload_sum);
    if (!t->weighted())  // in chunks, the bound on links alike
      CHECK(static_cast<double>(packed.verification().check.payload_sum) >=
            all_gather_bound(*t).chunk_times - 1e-9);
    checked(*t, "reduce-scatter", "packed-trees");
    checked(*t, "all-reduce", "packed-trees");
    if (t->num_nodes() <= 9) CHECK(smt_check(*t, packed.schedule()).verdict.ok());
  }
}

TEST_CASE("packed trees in pieces: the all-gather at the bound's fraction, run byte for byte",
          "[gen]") {
  // hypercube(6): 63 chunks over 6 links is 10.5 chunk times, 21 half-chunk pieces; torus(8,8):
  // 63 over 4 is 15.75, 63 quarter pieces
  for (const auto& [spec, pieces] :
       std::vector<std::pair<const char*, std::uint32_t>>{{"hypercube(6)", 2}, {"torus(8,8)", 4}}) {
    const auto t = build_topology(spec);
    INFO(spec);
    GenRequest r("all-gather", "packed-trees");
    r.pieces = pieces;
    const CheckedSchedule s = generate_checked(*t, r);
    REQUIRE(s.holds());
    CHECK(s.schedule().collective.pieces() == pieces);
    CHECK(s.schedule().collective.num_chunks() == t->num_nodes() * pieces);
    const double bound = all_gather_bound(*t).chunk_times;
    CHECK(static_cast<double>(s.verification().check.payload_sum) / pieces == Approx(bound));
    // the file keeps the pieces
    CHECK(schedule_from_json(schedule_to_json(s.schedule())).schedule.collective ==
          s.schedule().collective);
    // a vector all-reduce of N x pieces pieces up and down the same trees: twice the pieces
    GenRequest ar("all-reduce", "packed-trees");
    ar.pieces = pieces;
    const CheckedSchedule a = generate_checked(*t, ar);
    REQUIRE(a.holds());
    CHECK(a.schedule().collective.pieces() == t->num_nodes() * pieces);
    CHECK(a.verification().check.payload_sum == 2 * s.verification().check.payload_sum);
  }
  GenRequest too_many("all-gather", "packed-trees");
  too_many.pieces = kMaxPackedPieces + 1;
  CHECK_THROWS_AS(generate(*build_topology("ring(4)"), too_many), InputError);
  // a piece's tree per piece on any network too
  GenRequest two("all-gather", "packed-trees");
  two.pieces = 2;
  CHECK(generate_checked(*build_topology("ccc(2)"), two).holds());
}

TEST_CASE("rarest first: off products the all-gather's load within a few per cent of the cut",
          "[gen]") {
  // payload sum / pieces against the exact bound (analysis/bandwidth_bound.hpp, by max-flow); the
  // packed trees were 1.06x (dualcube), 1.16x (ccc), 2.33x (hypernet) of it at 1 MiB
  const std::vector<std::tuple<const char*, std::uint32_t, double>> cases = {
      {"ccc(3)", 64, 1.001},
      {"dualcube(3)", 32, 1.002},
      {"hypernet(2,2,3)", 4, 1.0},
      {"hdn(torus(2,3), sn=[{0}])", 8, 1.0},
      {"hfc(complete(3),4,4)", 8, 1.0},
      {"mfc(ring(3),4,5)", 32, 1.002},
      {"file(\"" NETSCHED_SOURCE_DIR "/tests/data/graphs/petersen.edges\")", 4, 1.1},
      {"file(\"" NETSCHED_SOURCE_DIR "/tests/data/graphs/random-4-regular-20.edges\")", 4, 1.0}};
  for (const auto& [spec, pieces, within] : cases) {
    const auto t = build_topology(spec);
    INFO(spec);
    GenRequest r("all-gather", "rarest-first");
    r.pieces = pieces;
    const CheckedSchedule s = generate_checked(*t, r);
    REQUIRE(s.holds());
    CHECK(s.schedule().collective.pieces() == pieces);
    const auto& v = s.verification().check;
    CHECK(v.payload_sum == v.steps);  // at most one piece a link a step
    const double bound = all_gather_bound(*t).chunk_times;
    const double load = static_cast<double>(v.payload_sum) / pieces;
    CHECK(load >= bound - 1e-9);
    CHECK(load <= bound * within + 1e-9);
  }
}

TEST_CASE("rarest first on links of different speeds: a link takes its multiple of the slowest",
          "[gen]") {
  // the DGX-1's NVLinks, a pair's link count its weight (1 or 2): a link of weight 2 carries two
  // pieces a step, so a step takes a piece's time on every link and steps / pieces is the
  // bandwidth term, in chunk times; the bound is 7/6 (prove bandwidth)
  const auto t =
      build_topology("file(\"" NETSCHED_SOURCE_DIR "/tests/data/graphs/dgx1-nvlink.ncol\")");
  GenRequest r("all-gather", "rarest-first");
  r.pieces = 256;
  const CheckedSchedule s = generate_checked(*t, r);
  REQUIRE(s.holds());
  bool doubled = false;
  for (const Step& st : s.schedule().steps)
    for (const Transfer& x : st.transfers) {
      const auto chunks = s.schedule().payloads[x.payload].chunks.size();
      CHECK(static_cast<double>(chunks) <= t->link_speed(x.from, x.to).bandwidth);
      doubled = doubled || chunks == 2;
    }
  CHECK(doubled);
  const double bound = all_gather_bound(*t).chunk_times;
  CHECK(bound == Approx(7.0 / 6));
  const double term = static_cast<double>(s.verification().check.steps) / 256;
  CHECK(term >= bound - 1e-9);
  CHECK(term <= bound * 1.002);
}

TEST_CASE(
    "rarest first: the same run every time, reversed for reduce-scatter and all-reduce, and "
    "its limits",
    "[gen]") {
  for (const char* spec : {"ccc(2)", "mesh(3,4)", "faulty(torus(3,3), links=[{0,1}])",
                           "weighted(ccc(2), bandwidth=[{0,1,50}])", "complete(2)"}) {
    const auto t = build_topology(spec);
    INFO(spec);
    GenRequest r("all-gather", "rarest-first");
    r.pieces = 2;
    const CheckedSchedule ag = generate_checked(*t, r);
    REQUIRE(ag.holds());
    CHECK(schedule_to_json(generate_checked(*t, r).schedule()) == schedule_to_json(ag.schedule()));
    GenRequest rr("reduce-scatter", "rarest-first");
    rr.pieces = 2;  // the all-gather run backwards: as many steps and pieces moved
    const CheckedSchedule rs = generate_checked(*t, rr);
    REQUIRE(rs.holds());
    CHECK(rs.verification().check.payload_sum == ag.verification().check.payload_sum);
    CHECK(rs.verification().check.steps == ag.verification().check.steps);
    GenRequest ar("all-reduce", "rarest-first");
    ar.pieces = 2;
    const CheckedSchedule a = generate_checked(*t, ar);
    REQUIRE(a.holds());
    CHECK(a.verification().check.payload_sum == 2 * ag.verification().check.payload_sum);
    if (t->num_nodes() <= 9) CHECK(smt_check(*t, rs.schedule()).verdict.ok());
  }
  GenRequest r("all-gather", "rarest-first");
  CHECK_THROWS_AS(rarest_first_trees(*build_topology("ring(4)"), 0), InputError);
  r.pieces = 513;  // 4 nodes x 513 pieces: over kRarestFirstMaxPieces
  CHECK_THROWS_WITH(generate(*build_topology("ring(4)"), r),
                    Catch::Contains("kRarestFirstMaxPieces"));
  r.pieces = 16;  // 256 nodes x 16 pieces: over kRarestFirstMaxPieces
  CHECK_THROWS_WITH(generate(*build_topology("hypercube(8)"), r),
                    Catch::Contains("kRarestFirstMaxPieces"));
  CHECK_THROWS_AS(rarest_first_trees(*build_topology("faulty(path(4), links=[{1,2}])"), 1),
                  InputError);
  CHECK_FALSE(rarest_first_applies(*build_topology("hypercube(9)")));
}

TEST_CASE("rarest-first broadcasts beyond 256 nodes: the root's pieces alone", "[gen]") {
  // an all-gather's run holds N blocks, a broadcast's one: it goes to kRarestFirstBroadcastMaxNodes
  const auto t = build_topology("torus(16,12,7)");  // 1,344 nodes, three dimensions
  CHECK(rarest_first_broadcast_applies(*t));
  CHECK_FALSE(rarest_first_applies(*t));
  GenRequest r("broadcast", "rarest-first", NodeId(100));
  r.pieces = 48;
  const CheckedSchedule s = generate_checked(*t, r);
  REQUIRE(s.holds());
  REQUIRE(s.verification().bound);
  CHECK(s.verification().check.steps <= s.verification().bound->steps);
  // each non-root node receives each piece once: the trees span
  CHECK(s.verification().check.transfers == 48 * (t->num_nodes() - 1));
  CHECK(rarest_first_broadcast_applies(*build_topology("torus(128,128)")));
  CHECK_FALSE(rarest_first_broadcast_applies(*build_topology("torus(128,129)")));
  // the whole broadcast's memory is estimated before the run: 48 pieces x 1,344 nodes x
  // kTreeBroadcastBytes, over 4 MB
  set_memory_budget(std::uint64_t{4} << 20);
  CHECK_THROWS_WITH(generate(*t, r), Catch::Contains("memory budget"));
  set_memory_budget(0);
  r.collective = "all-gather";
  CHECK_THROWS_WITH(generate(*t, r), Catch::Contains("does not apply"));
  CHECK_THROWS_WITH(rarest_first_trees(*t, 1), Catch::Contains("kRarestFirstMaxNodes"));
}

namespace {

/// A pipelined all-port broadcast from node 1 in 1, 3 and 16 pieces on each of `specs`: it
/// holds, within its stated bound, and moves every piece to N-1 nodes.
void check_pipelined_broadcast(const char* algorithm, std::initializer_list<const char*> specs) {
  for (const char* spec : specs) {
    const auto t = build_topology(spec);
    for (const std::uint32_t p : {1u, 3u, 16u}) {
      INFO(algorithm << " on " << spec << " in " << p << " pieces");
      GenRequest r("broadcast", algorithm, NodeId(1));
      r.pieces = p;
      const CheckedSchedule s = generate_checked(*t, r);
      REQUIRE(s.holds());
      CHECK(s.schedule().model == PortModel::AllPort);
      CHECK(s.schedule().collective.pieces() == p);
      REQUIRE(s.verification().bound);
      CHECK(s.verification().check.steps <= s.verification().bound->steps);
      // every piece reaches N-1 nodes over the directed links: no fewer chunk-loads than that
      const std::uint64_t arcs = Csr(*t, 1).num_arcs();
      CHECK(s.verification().check.payload_sum * arcs >= p * (t->num_nodes() - 1));
    }
  }
}

}  // namespace

TEST_CASE("packed trees broadcast: pieces down trees of their own, pipelined, all-port", "[gen]") {
  check_pipelined_broadcast("packed-trees",
                            {"hypercube(4)", "torus(4,4)", "ccc(3)", "dualcube(2)"});
  GenRequest too_many("broadcast", "packed-trees");
  too_many.pieces = kMaxPackedBroadcastPieces + 1;
  CHECK_THROWS_AS(generate(*build_topology("ring(4)"), too_many), InputError);
}

TEST_CASE("rarest first broadcast: the root's links carry different pieces, near the cut bound",
          "[gen]") {
  check_pipelined_broadcast("rarest-first",
                            {"ring(5)", "ccc(2)", "mesh(2,3)",
                             "file(\"" NETSCHED_SOURCE_DIR "/tests/data/graphs/petersen.edges\")"});
  // a piece chosen in a step counts as held at once, so the root's neighbours take different
  // pieces: in step 0 the root sends one distinct piece on each of its links
  const auto cube = build_topology("hypercube(6)");
  GenRequest r("broadcast", "rarest-first");
  r.pieces = 1024;
  const CheckedSchedule s = generate_checked(*cube, r);
  REQUIRE(s.holds());
  std::set<std::vector<std::uint64_t>> first;
  for (const Transfer& x : s.schedule().steps.front().transfers) {
    CHECK(x.from == NodeId(0));
    first.insert(s.schedule().payloads[x.payload].chunks);
  }
  CHECK(first.size() == 6);
  // steps / pieces against the exact bound (the root's least cut, 1/6 of the message): a step
  // moves at most a piece a link, so never below it; 176 steps on hypercube(6), 1.03x, and
  // 348 on dualcube(3), 1.02x
  const double bound = broadcast_bound(*cube, NodeId(0)).chunk_times;
  const double term = static_cast<double>(s.verification().check.steps) / 1024;
  CHECK(term >= bound - 1e-9);
  CHECK(term <= bound * 1.04);
  const auto dc = build_topology("dualcube(3)");
  r.pieces = 1024;
  const CheckedSchedule d = generate_checked(*dc, r);
  REQUIRE(d.holds());
  CHECK(static_cast<double>(d.verification().check.steps) / 1024 <=
        broadcast_bound(*dc, NodeId(0)).chunk_times * 1.03);
  r.pieces = kRarestFirstMaxPieces + 1;
  CHECK_THROWS_WITH(generate(*cube, r), Catch::Contains("kRarestFirstMaxPieces"));
}

namespace {

/// Checks `trees` from the root against t on their own: each a spanning tree of links pointing
/// away from the root, no link direction in more trees than its copies (one on uniform links).
void check_arborescences(const Network& t, NodeId root,
                         const std::vector<std::vector<std::uint32_t>>& trees) {
  const std::uint32_t n = static_cast<std::uint32_t>(t.num_nodes());
  const Csr g(t, 1);
  const auto copies = link_pieces(t, g);
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> used, room;
  for (std::uint32_t v = 0; v < n; ++v)
    for (const std::uint32_t* u = g.begin(v); u != g.end(v); ++u)
      room[{*u, v}] = copies[static_cast<std::size_t>(u - g.begin(0))];
  for (const auto& parent : trees) {
    REQUIRE(parent.size() == n);
    CHECK(parent[root.v] == root.v);
    for (std::uint32_t w = 0; w < n; ++w) {
      std::uint32_t hops = 0;  // the walk up ends at the root within n - 1 links
      for (std::uint32_t x = w; x != root.v && hops < n; x = parent[x], ++hops)
        REQUIRE(t.adjacent(NodeId(parent[x]), NodeId(x)));
      CHECK(hops < n);
      if (w != root.v) ++used[{parent[w], w}];
    }
  }
  for (const auto& [arc, count] : used) CHECK(count <= room[arc]);
}

/// The most links from a node up to the root along `parent`.
std::uint32_t tree_depth(const std::vector<std::uint32_t>& parent, std::uint32_t root) {
  std::uint32_t deepest = 0;
  for (std::uint32_t w = 0; w < parent.size(); ++w) {
    std::uint32_t d = 0;
    for (std::uint32_t x = w; x != root; x = parent[x]) ++d;
    deepest = std::max(deepest, d);
  }
  return deepest;
}

}  // namespace

TEST_CASE("arborescences: as many link-disjoint trees from the root as its least cut", "[gen]") {
  const std::string graphs = NETSCHED_SOURCE_DIR "/tests/data/graphs/";
  for (const std::string& spec : std::vector<std::string>{
           "ccc(3)", "dualcube(2)", "torus(4,4)", "mesh(3,3)", "hypernet(2,2,3)", "complete(5)",
           "file(\"" + graphs + "petersen.edges\")", "file(\"" + graphs + "dgx1-nvlink.ncol\")"}) {
    const auto t = build_topology(spec);
    for (const std::uint32_t root : {0u, static_cast<std::uint32_t>(t->num_nodes() / 2)}) {
      INFO(spec << " from " << root);
      const auto trees = root_arborescences(*t, NodeId(root));
      check_arborescences(*t, NodeId(root), trees);
      // as many trees as the least cut max-flow finds (in links of the slowest speed; the
      // dgx1's links are of weight 1 and 2)
      CHECK(static_cast<double>(trees.size()) ==
            Approx(1 / broadcast_bound(*t, NodeId(root)).chunk_times));
    }
  }
  CHECK(root_arborescences(*build_topology("complete(1)"), NodeId(0)).empty());
}

TEST_CASE("arborescences: the last network's trees are kept for the same graph and root only",
          "[gen]") {
  // gen --bytes asks for them at every piece count: the second call is the kept trees, and a
  // new root or another graph (the same node count, other links) is built and checked anew
  const auto ring = build_topology("ring(6)");
  const auto path = build_topology("mesh(6)");
  const auto first = root_arborescences(*ring, NodeId(0));
  CHECK(root_arborescences(*ring, NodeId(0)) == first);
  for (const auto& [t, root] : std::vector<std::pair<const Network*, std::uint32_t>>{
           {ring.get(), 3}, {path.get(), 0}, {ring.get(), 0}}) {
    INFO(t->spec() << " from " << root);
    const auto trees = root_arborescences(*t, NodeId(root));
    check_arborescences(*t, NodeId(root), trees);
  }
  CHECK(root_arborescences(*path, NodeId(0)).size() == 1);  // a path's root has one link
  CHECK(root_arborescences(*ring, NodeId(0)).size() == 2);
}

TEST_CASE("arborescences broadcast: pieces down the trees, near the cut bound", "[gen]") {
  check_pipelined_broadcast("arborescences", {"ring(5)", "ccc(2)", "mesh(2,3)", "dualcube(2)"});
  // steps / pieces against the exact bound at 1,024 pieces, and against rarest-first's greedy
  // pull: ccc(3) 349 steps (1.02x, rarest-first 1.35x), hypernet(2,2,3) 366 (1.07x, 1.70x)
  for (const auto& [spec, within] :
       std::vector<std::pair<const char*, double>>{{"ccc(3)", 1.03}, {"hypernet(2,2,3)", 1.08}}) {
    INFO(spec);
    const auto t = build_topology(spec);
    GenRequest r("broadcast", "arborescences");
    r.pieces = 1024;
    const CheckedSchedule s = generate_checked(*t, r);
    REQUIRE(s.holds());
    const double bound = broadcast_bound(*t, NodeId(0)).chunk_times;
    const double term = static_cast<double>(s.verification().check.steps) / r.pieces;
    CHECK(term >= bound - 1e-9);
    CHECK(term <= bound * within);
    r.algorithm = "rarest-first";
    const CheckedSchedule greedy = generate_checked(*t, r);
    REQUIRE(greedy.holds());
    CHECK(s.verification().check.steps < greedy.verification().check.steps);
  }
  GenRequest r("broadcast", "arborescences");
  r.pieces = kMaxArborescencePieces + 1;
  CHECK_THROWS_WITH(generate(*build_topology("ring(4)"), r),
                    Catch::Contains("kMaxArborescencePieces"));
  CHECK_THROWS_WITH(arborescence_broadcast_trees(*build_topology("ring(4)"), NodeId(0), 0),
                    Catch::Contains("kMaxArborescencePieces"));
  CHECK_THROWS_WITH(root_arborescences(*build_topology("mesh(32,33)"), NodeId(0)),
                    Catch::Contains("kArborescencesMaxNodes"));
  CHECK_FALSE(arborescences_apply(*build_topology("mesh(32,33)")));
  // complete(100): 99 trees, 99^2 x 100 x 9,900 > kArborescencesMaxWork, refused before any
  CHECK_THROWS_WITH(root_arborescences(*build_topology("complete(100)"), NodeId(0)),
                    Catch::Contains("kArborescencesMaxWork"));
}

TEST_CASE("arborescences on hypercubes: Johnsson and Ho's trees to 2^14 nodes", "[gen]") {
  // n link-disjoint trees (the root's least cut), each of depth n + 1 at most, from any root
  for (std::uint32_t n = 1; n <= 8; ++n) {
    const auto t = build_topology("hypercube(" + std::to_string(n) + ")");
    for (const std::uint32_t root : {0u, (1u << n) - 1, (1u << n) / 3}) {
      INFO("hypercube(" << n << ") from " << root);
      const auto trees = root_arborescences(*t, NodeId(root));
      CHECK(trees == hypercube_trees(n, root));
      CHECK(trees.size() == n);
      check_arborescences(*t, NodeId(root), trees);
      for (const auto& parent : trees) CHECK(tree_depth(parent, root) <= n + 1);
    }
  }
  // beyond kArborescencesMaxNodes on hypercubes (and 2-D tori, below): p pieces, ceil(p/n) a tree,
  // n + 1 deep
  const auto cube = build_topology("hypercube(11)");
  CHECK(arborescences_apply(*cube));
  GenRequest r("broadcast", "arborescences", NodeId(5));
  r.pieces = 23;
  const CheckedSchedule s = generate_checked(*cube, r);
  REQUIRE(s.holds());
  CHECK(s.verification().check.steps == (23 + 10) / 11 + 11);
  REQUIRE(s.verification().bound);
  CHECK(s.verification().bound->steps == s.verification().check.steps);
  CHECK(arborescences_apply(*build_topology("hypercube(14)")));
  CHECK_FALSE(arborescences_apply(*build_topology("hypercube(15)")));
  // the whole broadcast's memory is estimated before the trees' pieces are laid out: 23 pieces
  // x 2,048 nodes x kTreeBroadcastBytes, over 4 MB
  set_memory_budget(std::uint64_t{4} << 20);
  CHECK_THROWS_WITH(generate(*cube, r), Catch::Contains("memory budget"));
  set_memory_budget(0);
  // a hypercube with a faster link is Lovász's to build (its link counts twice), and only up to
  // kArborescencesMaxNodes
  const auto weighted = build_topology("weighted(hypercube(3), bandwidth=[{0,1,200}])");
  const auto trees = root_arborescences(*weighted, NodeId(0));
  check_arborescences(*weighted, NodeId(0), trees);
  CHECK(static_cast<double>(trees.size()) ==
        Approx(1 / broadcast_bound(*weighted, NodeId(0)).chunk_times));
  CHECK_FALSE(
      arborescences_apply(*build_topology("weighted(hypercube(11), bandwidth=[{0,1,200}])")));
}

TEST_CASE("arborescences on 2-D tori: four trees written down beyond 1024 nodes", "[gen]") {
  // four link-disjoint spanning trees (the root's least cut), each a + b - 1 deep, from any
  // root, on tori square and not, odd and even, down to rings of 3
  for (const char* spec : {"torus(3,3)", "torus(3,4)", "torus(5,7)", "torus(8,8)", "torus(4,9)",
                           "product(ring(6),ring(3))"}) {
    const auto t = build_topology(spec);
    const auto& torus = network_ref<Product>(*t);
    const std::uint32_t a = torus.factors()[0].size, b = torus.factors()[1].size;
    for (std::uint32_t root = 0; root < t->num_nodes(); root += 5) {
      INFO(spec << " from " << root);
      const auto trees = torus_trees(torus, root);
      CHECK(trees.size() == 4);
      check_arborescences(*t, NodeId(root), trees);
      for (const auto& parent : trees) CHECK(tree_depth(parent, root) == a + b - 1);
    }
  }
  // up to kArborescencesMaxNodes Lovász's trees stay: shallower (torus(16,16): a + b - 1 = 31)
  const auto mid = build_topology("torus(16,16)");
  for (const auto& parent : root_arborescences(*mid, NodeId(0))) CHECK(tree_depth(parent, 0) < 31);
  // beyond, a torus takes these
  // to kTorusTreesMaxNodes, and its broadcast meets ceil(p/4) + a + b - 2
  CHECK_FALSE(torus_trees_sides(*build_topology("torus(32,32)")));
  const auto big = build_topology("torus(40,30)");
  REQUIRE(torus_trees_sides(*big) == std::pair{40U, 30U});
  CHECK(root_arborescences(*big, NodeId(77)) == torus_trees(network_ref<Product>(*big), 77));
  GenRequest r("broadcast", "arborescences", NodeId(77));
  r.pieces = 30;
  const CheckedSchedule s = generate_checked(*big, r);
  REQUIRE(s.holds());
  CHECK(s.verification().check.steps == (30 + 3) / 4 + 40 + 30 - 2);
  REQUIRE(s.verification().bound);
  CHECK(s.verification().bound->steps == s.verification().check.steps);
  CHECK(arborescences_apply(*build_topology("torus(128,128)")));
  CHECK_FALSE(arborescences_apply(*build_topology("torus(128,129)")));
  // not these: three dimensions, a ring of 2, a path, links unlike
  for (const char* spec : {"torus(16,8,9)", "torus(2,600)", "product(path(40),ring(30))",
                           "weighted(torus(40,30), bandwidth=[{0,1,200}])"}) {
    INFO(spec);
    const auto t = build_topology(spec);
    CHECK_FALSE(torus_trees_sides(*t));
    CHECK_FALSE(arborescences_apply(*t));
  }
}

TEST_CASE("BFB: diameter steps, at the cut bound on distance-regular networks in pieces", "[gen]") {
  const std::string graphs = NETSCHED_SOURCE_DIR "/tests/data/graphs/";
  // the payload sum in pieces over the exact bound: at it on the Petersen graph and GHC(4,4)
  // in 4 pieces, within 1 % on hypercube(6) and torus(8,8) in 64; measured elsewhere
  for (const auto& [spec, pieces, within] :
       std::vector<std::tuple<std::string, std::uint32_t, double>>{
           {"file(\"" + graphs + "petersen.edges\")", 4, 1.0},
           {"ghc(4,4)", 4, 1.0},
           {"hypercube(6)", 64, 1.01},
           {"torus(8,8)", 64, 1.01},
           {"dualcube(3)", 64, 1.07},
           {"ccc(3)", 16, 1.23}}) {
    INFO(spec << " in " << pieces << " pieces");
    const auto t = build_topology(spec);
    const std::uint32_t diameter = distances_all_sources(Csr(*t, 1), 1).diameter;
    GenRequest r("all-gather", "bfb");
    r.pieces = pieces;
    const CheckedSchedule s = generate_checked(*t, r);
    REQUIRE(s.holds());
    CHECK(s.verification().check.steps == diameter);
    const double term = static_cast<double>(s.verification().check.payload_sum) / pieces;
    const double bound = all_gather_bound(*t).chunk_times;
    CHECK(term >= bound - 1e-9);
    CHECK(term <= bound * within + 1e-9);
  }
  // the reduce-scatter and the all-reduce along the same trees
  for (const char* spec : {"ccc(2)", "mesh(2,3)", "hypercube(3)"}) {
    const auto t = build_topology(spec);
    const std::uint32_t diameter = distances_all_sources(Csr(*t, 1), 1).diameter;
    for (const std::uint32_t pieces : {1u, 3u}) {
      INFO(spec << " in " << pieces << " pieces");
      GenRequest rs("reduce-scatter", "bfb"), ar("all-reduce", "bfb");
      rs.pieces = ar.pieces = pieces;
      const CheckedSchedule a = generate_checked(*t, rs), b = generate_checked(*t, ar);
      REQUIRE(a.holds());
      REQUIRE(b.holds());
      CHECK(a.verification().check.steps == diameter);
      CHECK(b.verification().check.steps == 2 * diameter);
    }
  }
  GenRequest r("all-gather", "bfb");
  r.pieces = kMaxBfbPieces + 1;
  CHECK_THROWS_WITH(generate(*build_topology("ring(4)"), r), Catch::Contains("kMaxBfbPieces"));
  CHECK_THROWS_WITH(bfb_trees(*build_topology("hypercube(11)"), 1),
                    Catch::Contains("kBfbMaxNodes"));
  CHECK_THROWS_WITH(bfb_trees(*build_topology("faulty(ring(6), links=[{0,1},{3,4}])"), 1),
                    Catch::Contains("not connected"));
}

TEST_CASE("Swing: holds on rings of 2^k nodes and their products: the first hops short", "[gen]") {
  for (std::uint32_t d = 1; d <= 5; ++d) {  // every peer a neighbour: Rabenseifner's counts
    const auto t = build_topology("hypercube(" + std::to_string(d) + ")");
    const std::uint64_t n = t->num_nodes();
    const CheckedSchedule s = checked(*t, "all-reduce", "swing");
    CHECK(s.verification().check.steps == 2 * d);
    CHECK(s.verification().check.payload_sum == 2 * (n - 1));
  }
  for (const char* spec : {"ring(8)", "ring(16)", "torus(4,4)", "torus(8,8)", "torus(2,4,8)",
                           "product(complete(4),ring(8))"}) {
    INFO(spec);
    const auto t = build_topology(spec);
    const std::uint64_t n = t->num_nodes();
    const CheckedSchedule s = checked(*t, "all-reduce", "swing");
    CHECK(s.schedule().collective.pieces() == n);
    // the first exchange moves half the vector, one hop: every transfer a link, one step
    const auto& first = s.schedule().steps.front();
    CHECK(first.transfers.size() == n);
    for (const auto& x : first.transfers) {
      CHECK(t->adjacent(x.from, x.to));
      CHECK(s.schedule().payloads[x.payload].moves.size() == n / 2);
    }
    // an exchange of h hops takes h steps: twice the exchanges' hops, far below the ring's 2(N-1)
    CHECK(s.verification().check.steps == 2 * swing_exchange_hops(network_ref<Product>(*t)));
    CHECK(s.verification().check.steps < 2 * (n - 1));
  }
  for (const char* spec : {"hypercube(3)", "ring(16)", "torus(8,8)", "torus(2,4,8)"}) {
    INFO(spec);  // each half alone: the reduce-scatter, and the all-gather routed and listed
    const auto t = build_topology(spec);
    const std::uint64_t hops = swing_exchange_hops(network_ref<Product>(*t));
    CHECK(checked(*t, "reduce-scatter", "swing").verification().check.steps == hops);
    CHECK(checked(*t, "all-gather", "swing").verification().check.steps == hops);
  }
  for (const char* spec : {"ring(4)", "ring(6)"})
    CHECK(smt_check(
              *build_topology(spec),
              generate_checked(*build_topology(spec), GenRequest("all-reduce", "swing")).schedule())
              .verdict.ok());
  for (const char* spec : {"mesh(4,4)", "product(path(3),ring(4))"}) {
    INFO(spec);
    const auto t = build_topology(spec);
    CHECK_THROWS_WITH(swing_all_reduce(network_ref<Product>(*t)),
                      Catch::Contains("rings, complete graphs or links"));
    for (const char* collective : {"all-reduce", "reduce-scatter", "all-gather"})
      CHECK_THROWS_AS(generate_checked(*t, GenRequest(collective, "swing")), InputError);
  }
}

TEST_CASE("Swing on even sizes that are not powers of two: each block once along a tree", "[gen]") {
  // a node sends its peer only the blocks the peer lacks; the register checker counts every
  // input once, so a block reaching a node twice would be a violation
  for (const char* spec : {"ring(6)", "ring(12)", "ring(18)", "torus(6,6)", "torus(4,6)",
                           "product(complete(6),ring(4))"}) {
    INFO(spec);
    const auto t = build_topology(spec);
    const std::uint64_t hops = swing_exchange_hops(network_ref<Product>(*t));
    CHECK(checked(*t, "all-reduce", "swing").verification().check.steps == 2 * hops);
    CHECK(checked(*t, "reduce-scatter", "swing").verification().check.steps == hops);
    CHECK(checked(*t, "all-gather", "swing").verification().check.steps == hops);
  }
  // every even ring to 200: ceil(log2 N) exchanges take every block everywhere (the generator
  // throws where they do not), and the reduce-scatter holds
  for (std::uint32_t n = 2; n <= 200; n += 2) {
    INFO("ring(" << n << ")");
    const auto t = build_topology("ring(" + std::to_string(n) + ")");
    CHECK(checked(*t, "reduce-scatter", "swing").holds());
  }
  // ceil(log2 18) = 5 exchanges, rho = 1, -1, 3, -5, 11: the last peer 11 ahead is 7 behind
  CHECK(swing_exchange_hops(network_ref<Product>(*build_topology("ring(18)"))) ==
        1 + 1 + 3 + 5 + 7);
  // and on 2^k nodes the peer is never more than half way round: 11 ahead on ring(32)
  CHECK(swing_exchange_hops(network_ref<Product>(*build_topology("ring(32)"))) ==
        1 + 1 + 3 + 5 + 11);
}

TEST_CASE("Swing on odd sizes: the last coordinate folded into the one before", "[gen]") {
  // every odd ring to 101, and products with odd factors: the three collectives hold (the
  // register checker counts every input once, so a block reaching a node twice would fail)
  for (std::uint32_t n = 3; n <= 101; n += 2) {
    INFO("ring(" << n << ")");
    const auto t = build_topology("ring(" + std::to_string(n) + ")");
    CHECK(checked(*t, "reduce-scatter", "swing").holds());
  }
  for (const char* spec : {"ring(3)", "ring(9)", "torus(3,5)", "torus(3,4,5)", "torus(7,6)",
                           "product(complete(5),ring(3))", "product(ring(4),complete(3))"}) {
    INFO(spec);
    const auto t = build_topology(spec);
    const auto& p = network_ref<Product>(*t);
    CHECK(swing_folds(p));
    for (const char* collective : {"all-reduce", "reduce-scatter", "all-gather"}) {
      const CheckedSchedule s = checked(*t, collective, "swing");
      CHECK(s.holds());
      REQUIRE(s.verification().bound);
      CHECK(s.verification().check.steps <= s.verification().bound->steps);
    }
    CHECK(paper_bound(*t, Collective::reduce_scatter(t->num_nodes()), "swing")->steps ==
          swing_routed_hops(p));
  }
  // ring(5) swings on 0..3, node 4 folded into node 3: the reduce-scatter's first step hands
  // node 3 the partial sums of the four blocks node 4 does not keep, its last hands node 4 the
  // sum of its own; the exchanges between 3 and 0 go through node 4
  const auto ring5 = build_topology("ring(5)");
  const Schedule rs = checked(*ring5, "reduce-scatter", "swing").schedule();
  const auto& first = rs.steps.front().transfers;
  const auto fold = std::find_if(first.begin(), first.end(),
                                 [](const Transfer& x) { return x.from == NodeId(4); });
  REQUIRE(fold != first.end());
  CHECK(fold->to == NodeId(3));
  CHECK(rs.payloads[fold->payload].moves.size() == 4);
  const auto& last = rs.steps.back().transfers;
  REQUIRE(last.size() == 1);
  CHECK((last.front().from == NodeId(3) && last.front().to == NodeId(4)));
  CHECK(rs.payloads[last.front().payload].moves.size() == 1);
  for (const char* spec : {"ring(3)", "ring(5)"})
    CHECK(smt_check(
              *build_topology(spec),
              generate_checked(*build_topology(spec), GenRequest("all-reduce", "swing")).schedule())
              .verdict.ok());
  CHECK_FALSE(swing_folds(network_ref<Product>(*build_topology("torus(6,8)"))));
  // over the generator's limit a folded Swing states no bound rather than laying out its sends
  const auto big = build_topology("torus(33,33)");
  CHECK_FALSE(paper_bound(*big, Collective::reduce_scatter(big->num_nodes()), "swing"));
  // docs/collectives.md's figures: ring(5)'s all-reduce in 12 steps, torus(3,4,5)'s in 22
  // against the loose bound of 464
  CHECK(checked(*ring5, "all-reduce", "swing").verification().check.steps == 12);
  const auto v = checked(*build_topology("torus(3,4,5)"), "all-reduce", "swing").verification();
  CHECK(v.check.steps == 22);
  CHECK(v.bound->steps == 464);
}

TEST_CASE("register schedules along trees: up to 16384 nodes and held to the memory budget",
          "[gen]") {
  // refused before the trees are looked at: an empty set of trees does
  const SpanningTrees none;
  for (const char* spec : {"hypercube(15)", "torus(128,256)"}) {
    INFO(spec);
    const auto t = build_topology(spec);
    CHECK_THROWS_WITH(trees_reduce_scatter(*t, none, "packed-trees"),
                      Catch::Contains("kTreeRegistersMaxNodes"));
    CHECK_THROWS_WITH(trees_all_reduce(*t, none, "packed-trees"),
                      Catch::Contains("kTreeRegistersMaxNodes"));
  }
  // hypercube(12)'s all-reduce in 8 pieces a block: 2 x 4,096 x 8 registers a node, more than a
  // move can name
  SpanningTrees eighths;
  eighths.pieces = 8;
  CHECK_THROWS_WITH(
      trees_all_reduce(*build_topology("hypercube(12)"), eighths, "packed-trees"),
      Catch::Contains("the registers a node is 65536") && Catch::Contains("kMaxRegisters"));
  // hypercube(4)'s all-reduce: 16 nodes x 32 registers x kTreeRegisterBytes, over 4 KB
  const auto cube = build_topology("hypercube(4)");
  const SpanningTrees trees = packed_trees(*cube);
  set_memory_budget(4 * 1024);
  CHECK_THROWS_WITH(trees_all_reduce(*cube, trees, "packed-trees"),
                    Catch::Contains("memory budget"));
  set_memory_budget(0);
  CHECK(check_schedule(*cube, trees_all_reduce(*cube, trees, "packed-trees")).holds());
}
