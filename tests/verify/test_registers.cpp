// Combining (register) schedules: the symbolic register simulator, the numeric interpreter, and
// the register generators (gen/all_reduce/, gen/prefix/, gen/matrix/) and the dualcube
// data-movement collectives.
#include <catch2/catch.hpp>
#include <random>

#include "analysis/verification.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/schedule_io.hpp"
#include "core/structure.hpp"
#include "gen/algorithms.hpp"
#include "gen/all_reduce/all_reduce.hpp"
#include "gen/matrix/matrix.hpp"
#include "gen/prefix/prefix.hpp"
#include "gen/topo/dualcube.hpp"
#include "props/mutations.hpp"
#include "tests/helpers.hpp"
#include "tests/verify/same_verdict.hpp"
#include "verify/registers.hpp"
#include "verify/simulator.hpp"

using namespace netsched;

namespace {

/// all-reduce on path(2) (= K_2): both nodes send "data" into the partner's "sum" after
/// copying data into sum.
Schedule k2_all_reduce() {
  Schedule s;
  s.topology = "path(2)";
  s.collective = Collective::all_reduce(2);
  s.registers = {"data", "sum"};
  Payload p;
  p.moves = {{0, 1, RegOp::Combine}};
  s.payloads = {p};
  Step st;
  st.compute = {{1, 0, 0, RegOp::Set, {}}};
  st.transfers = {{NodeId(0), NodeId(1), 0}, {NodeId(1), NodeId(0), 0}};
  s.steps = {st};
  return s;
}

std::string rule_of(const Schedule& s) {
  const auto r = simulate(*build_topology(s.topology), s);
  return r.ok() ? "holds" : std::string(to_string(r.violation()->rule));
}

std::vector<std::int64_t> random_inputs(std::size_t n, std::mt19937_64& rng,
                                        std::int64_t lo = -1000, std::int64_t hi = 1000) {
  std::uniform_int_distribution<std::int64_t> d(lo, hi);
  std::vector<std::int64_t> x(n);
  for (auto& v : x) v = d(rng);
  return x;
}

/// How many inputs the combining collective takes (initial_registers' order).
std::size_t input_count(const Collective& c) {
  const std::size_t m = c.matrix_size();
  if (c.kind() == Collective::Kind::MatMul) return 2 * m * m;
  if (c.kind() == Collective::Kind::VecMat) return m + m * c.groups().front().size();
  return c.nodes();
}

/// What a result register must hold for inputs `in`, computed directly (sums over groups,
/// prefixes, matrix products), independently of the register machinery.
struct Expected {
  std::uint32_t node, reg;
  std::int64_t value;
};
std::vector<Expected> expected_results(const Collective& c, const std::vector<std::int64_t>& in) {
  std::vector<Expected> out;
  const std::uint32_t m = c.matrix_size();
  if (c.kind() == Collective::Kind::MatMul) {
    for (std::uint32_t i = 0; i < m; ++i)
      for (std::uint32_t j = 0; j < m; ++j) {
        std::int64_t want = 0;
        for (std::uint32_t k = 0; k < m; ++k) want += in[i * m + k] * in[m * m + k * m + j];
        out.push_back({c.groups().front()[i * m + j].v, 2, want});
      }
    return out;
  }
  if (c.kind() == Collective::Kind::VecMat) {
    const auto cols = static_cast<std::uint32_t>(c.groups().front().size());
    for (std::uint32_t j = 0; j < cols; ++j) {
      std::int64_t want = 0;
      for (std::uint32_t i = 0; i < m; ++i) want += in[i] * in[m + i * cols + j];
      out.push_back({c.groups().front()[j].v, m + m * cols, want});
    }
    return out;
  }
  auto groups = c.groups();
  if (groups.empty()) {
    groups.emplace_back();
    for (std::uint32_t u = 0; u < c.nodes(); ++u) groups.back().push_back(NodeId(u));
  }
  for (const auto& g : groups) {
    std::int64_t total = 0, running = 0;
    for (NodeId u : g) total += in[u.v];
    for (NodeId u : g) {
      running += in[u.v];
      out.push_back({u.v, 1, c.kind() == Collective::Kind::Prefix ? running : total});
    }
  }
  return out;
}

}  // namespace

TEST_CASE("register simulator: a hand-made all-reduce holds, each broken rule is named") {
  CHECK(rule_of(k2_all_reduce()) == "holds");
  auto s = k2_all_reduce();
  s.steps[0].compute.clear();  // sum never gets the own datum
  CHECK(rule_of(s) == "result");
  s = k2_all_reduce();
  s.steps[0].compute = {{1, 0, 0, RegOp::Set, {}},
                        {1, 1, 0, RegOp::Combine, {}}};  // data combined twice
  CHECK(rule_of(s) == "double-count");
  s = k2_all_reduce();
  s.payloads[0].moves = {{1, 1, RegOp::Combine}};
  s.steps[0].compute.clear();  // sends the empty "sum" (padding): nothing arrives anywhere
  CHECK(rule_of(s) == "result");
  s = k2_all_reduce();
  s.payloads[0].moves = {{0, 1, RegOp::Set},
                         {0, 1, RegOp::Combine}};  // set and combined in one step
  CHECK(rule_of(s) == "write-conflict");
  s = k2_all_reduce();
  s.steps.push_back(s.steps[0]);  // the partner's datum arrives twice
  s.steps[1].compute.clear();
  CHECK(rule_of(s) == "double-count");
  s = k2_all_reduce();
  s.steps[0].transfers.push_back({NodeId(0), NodeId(1), 0});
  CHECK(rule_of(s) == "port-send");
}

TEST_CASE(
    "register schedules round-trip through the file format, bad register indices are refused") {
  auto s = k2_all_reduce();
  s.steps[0].compute[0].nodes = {{0, 1}};
  const auto back = schedule_from_json(schedule_to_json(s)).schedule;
  CHECK(back == s);
  auto text = schedule_to_json(s);
  const auto at = text.find("[0,1,\"combine\"]");
  REQUIRE(at != std::string::npos);
  text.replace(at, 15, "[0,7,\"combine\"]");
  CHECK_THAT(test::error_of([&] { schedule_from_json(text); }),
             Catch::Contains("register index out of range"));
}

TEST_CASE("combining generators pass the checker and compute the right numbers") {
  std::mt19937_64 rng(20261121);
  for (const char* spec : {"hypercube(1)", "hypercube(3)", "hypercube(5)", "dualcube(1)",
                           "dualcube(2)", "dualcube(3)", "dualcube(4)"}) {
    const auto t = build_topology(spec);
    for (const std::string c : {"all-reduce", "prefix", "cluster-sum", "cluster-prefix"}) {
      const auto names = algorithm_names(*t, c);
      if (names.empty()) continue;
      INFO(spec << " " << c);
      const Schedule s = generate(*t, GenRequest(c, names.front()));
      const auto v = verify_schedule(*t, s);
      REQUIRE(v.check.ok());
      CHECK(v.check.steps >= v.lower->steps);
      // numbers: every node's result register against a direct sum over its group
      const auto x = random_inputs(t->num_nodes(), rng);
      const auto regs = evaluate_registers(s, initial_registers(s, x));
      for (const Expected& e : expected_results(s.collective, x))
        CHECK(regs[e.node][e.reg] == e.value);
    }
  }
}

TEST_CASE("a reduce-scatter in pieces: piece k of block j in register j*p+k, named when lost") {
  const auto t = build_topology("ring(4)");
  GenRequest r("reduce-scatter", "rarest-first");
  r.pieces = 3;
  Schedule s = generate(*t, r);
  REQUIRE(s.collective == Collective::reduce_scatter(4, 3));
  REQUIRE(s.registers.size() == 12);
  CHECK(s.registers[5] == "block1.2");
  CHECK(simulate(*t, s).ok());
  // numbers: node j's register j*3 + k is every node's piece k of block j, summed
  std::vector<std::int64_t> x(4 * 12);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = static_cast<std::int64_t>(i * i + 7);
  const RegisterFile out = evaluate_registers(s, initial_registers(s, x));
  for (std::uint64_t b = 0; b < 12; ++b) {
    std::int64_t sum = 0;
    for (std::uint64_t v = 0; v < 4; ++v) sum += x[v * 12 + b];
    CHECK(out[b / 3][b] == sum);
  }
  // the last step's first transfer dropped: its receiver misses the sender's partial sum
  const Transfer lost = s.steps.back().transfers.front();
  const Move move = s.payloads[lost.payload].moves.front();
  s.steps.back().transfers.erase(s.steps.back().transfers.begin());
  const CheckResult bad = simulate(*t, s);
  REQUIRE(bad.violation());
  CHECK(bad.violation()->rule == Rule::Result);
  const std::string block = std::to_string(move.dst / 3), piece = std::to_string(move.dst % 3);
  CHECK_THAT(bad.violation()->message,
             Catch::Contains("'s block " + block + " piece " + piece + ") is missing"));
}

TEST_CASE("ClusterPrefix as printed loses terms, the corrected one does not") {
  // On a 2-cube cluster 0..3 with pf exchanged (as printed): after dimension 0 pf1 = x0+x1,
  // pf3 = x2+x3; after dimension 1 pf2 = x2 + pf0 = x0+x2 -- x1 is missing at node 2.
  const auto t = build_family<Dualcube>("dualcube(3)");
  const auto bad = dualcube_cluster_prefix(*t, true);
  const auto r = simulate(*t, bad);
  REQUIRE_FALSE(r.ok());
  CHECK(r.violation()->rule == Rule::Result);
  CHECK(r.violation()->node == NodeId(2));
  CHECK_THAT(r.violation()->message, Catch::Contains("term 1 (node 1's input) is missing"));
  CHECK(simulate(*t, dualcube_cluster_prefix(*t, false)).ok());
}

TEST_CASE("All2allB and Many2manyM: checked, with costs computed by hand") {
  // dualcube(2), r = 2: All2allB stage 1: 1 step of 1 chunk; cross: 2 chunks; stage 2: 1 step
  // of 2; stage 3: 2^(2r-2) - 2^(r-1) = 2: 4 steps, 7 chunk-steps = 2^(2r-1) - 1.
  auto t = build_family<Dualcube>("dualcube(2)");
  auto v = verify_schedule(*t, generate(*t, GenRequest("all-gather")));
  REQUIRE(v.check.ok());
  CHECK(v.check.steps == 4);
  CHECK(v.check.payload_sum == 7);
  // Many2manyM, r = 2: gather 1 (1 chunk), cross 1 (2), scatter 1 (1), broadcast 1 (1),
  // cross 1 (1): 5 steps = 3r-1, 6 chunk-steps = 3 2^(r-1) + r - 2. The paper prints 3r-3 steps.
  for (std::uint32_t root : {0u, 5u}) {
    v = verify_schedule(*t, generate(*t, GenRequest("multicast", "auto", NodeId(root))));
    REQUIRE(v.check.ok());
    CHECK(v.check.steps == 5);
    CHECK(v.check.payload_sum == 6);
    REQUIRE(v.bound);
    CHECK(v.bound->steps == 3);
  }
  for (std::uint32_t r = 1; r <= 5; ++r) {
    t = build_family<Dualcube>("dualcube(" + std::to_string(r) + ")");
    INFO("r = " << r);
    CHECK(verify_schedule(*t, generate(*t, GenRequest("all-gather"))).check.ok());
    for (std::uint32_t root : {0u, static_cast<std::uint32_t>(t->num_nodes() - 1)})
      CHECK(verify_schedule(*t, generate(*t, GenRequest("multicast", "auto", NodeId(root))))
                .check.ok());
  }
}

TEST_CASE("DualPrefix as printed: the prefixes it gets wrong, worked by hand on F_2") {
  // F_2: class-0 clusters {0,1}, {2,3}; class-1 clusters {4,6}, {5,7}; cross edges v -- v^4.
  // Stages 1 and 2 leave pf = the cluster prefix and sum = the cluster sum; Stage 3 adds the
  // cross neighbour's cluster sum where x > x^(r-1), i.e. at class 1. With x_v = 2^v:
  const std::vector<std::int64_t> by_hand = {
      1, 3, 4, 4 + 8, 16 + 1 + 2, 32 + 1 + 2, 16 + 64 + 4 + 8, 32 + 128 + 4 + 8};
  const auto t = build_family<Dualcube>("dualcube(2)");
  const Schedule s = dualcube_prefix_as_printed(*t);
  std::vector<std::int64_t> input;
  for (int v = 0; v < 8; ++v) input.push_back(std::int64_t{1} << v);
  const auto regs = evaluate_registers(s, initial_registers(s, input));
  std::uint64_t wrong = 0;
  for (std::size_t v = 0; v < 8; ++v) {
    CHECK(regs[v][1] == by_hand[v]);
    wrong += by_hand[v] != (std::int64_t{2} << v) - 1;  // the prefix x_0 + ... + x_v
  }
  const auto r = simulate(*t, s);
  REQUIRE_FALSE(r.ok());
  CHECK(r.violation()->rule == Rule::Result);
  CHECK(r.violation()->node == NodeId(2));
  CHECK(r.wrong_results == wrong);
  CHECK_THAT(r.violation()->message,
             Catch::EndsWith("(" + std::to_string(wrong) + " of 8 results are wrong)"));
}

TEST_CASE("DualPrefix (consistent version): 2r+1 steps, 4r words") {
  for (std::uint32_t r = 2; r <= 5; ++r) {
    const auto t = build_family<Dualcube>("dualcube(" + std::to_string(r) + ")");
    const auto v = verify_schedule(*t, dualcube_prefix(*t));
    REQUIRE(v.check.ok());
    CHECK(v.check.steps == 2 * r + 1);
    CHECK(v.check.payload_sum == 4 * r);
  }
}

TEST_CASE("dualcube matrix multiplication (Algorithm 7) reproduces A*B") {
  // §5.3's example: processor 001010011 of the 5-dualcube is (i, j, k) = (000, 101, 011), and
  // 011010011 is (010, 101, 011).
  const DualcubeMatmulLayout L5(5);
  CHECK(L5.ijk(0b001010011) == std::array<std::uint32_t, 3>{0b000, 0b101, 0b011});
  CHECK(L5.ijk(0b011010011) == std::array<std::uint32_t, 3>{0b010, 0b101, 0b011});
  CHECK(L5.node(0b000, 0b101, 0b011) == 0b001010011);
  CHECK_THROWS_AS(DualcubeMatmulLayout(3), InputError);
  std::mt19937_64 rng(7);
  for (std::uint32_t r : {2u, 5u}) {
    const auto t = build_family<Dualcube>("dualcube(" + std::to_string(r) + ")");
    std::vector<std::size_t> ends;
    const Schedule s = dualcube_matmul(*t, &ends);
    INFO("r = " << r);
    REQUIRE(simulate(*t, s).ok());
    REQUIRE(ends.size() == 4);
    const std::uint32_t m = s.collective.matrix_size();
    CHECK(m == (1u << (2 * r - 1) / 3));
    const auto in = random_inputs(input_count(s.collective), rng, -9, 9);
    const auto regs = evaluate_registers(s, initial_registers(s, in));
    for (const Expected& e : expected_results(s.collective, in))
      CHECK(regs[e.node][e.reg] == e.value);
  }
  // r = 2 by hand: loop 1 one step (2 words), loop 2 three hops, loop 3 (the class bit) 2r+1 = 5
  // hops, loop 4 one step: 10 steps, 2 + 3 + 5 + 1 = 11 words.
  const auto t = build_family<Dualcube>("dualcube(2)");
  const auto v = verify_schedule(*t, dualcube_matmul(*t));
  CHECK(v.check.steps == 10);
  CHECK(v.check.payload_sum == 11);
}

TEST_CASE("RHFC semigroup computation: checked, right numbers, Lemma 4.1 / Theorem 4.2 steps") {
  // hsn(3, Q2): T_G = 2 (2-cube scan), l = 3: 3*2 + 3 - 1 = 8. rhs(2,2,Q1): (1+1)*2*2 - 1 = 7.
  std::mt19937_64 rng(11);
  for (auto [spec, steps] : {std::pair{"hsn(3,hypercube(2))", 8u},
                             {"rhs(2,2,hypercube(1))", 7u},
                             {"hfc(hypercube(2),3,3)", 8u},
                             {"hsn(2,hsn(2,hypercube(2)))", 11u}}) {
    const auto t = build_topology(spec);
    INFO(spec);
    const Schedule s = rhfc_semigroup(*t);
    const auto v = verify_schedule(*t, s);
    REQUIRE(v.check.ok());
    CHECK(v.check.steps == steps);
    REQUIRE(v.bound);
    CHECK(v.bound->steps == steps);
    const auto x = random_inputs(t->num_nodes(), rng);
    const auto regs = evaluate_registers(s, initial_registers(s, x));
    for (const Expected& e : expected_results(s.collective, x))
      CHECK(regs[e.node][e.reg] == e.value);
  }
  // any other nucleus (a ring, a complete graph): its tree all-reduce, and still right numbers
  for (const char* spec : {"hsn(2,ring(3))", "hfc(complete(3),4,4)", "rhs(2,2,complete(3))"}) {
    INFO(spec);
    const auto t = build_topology(spec);
    const Schedule s = rhfc_semigroup(*t);
    CHECK(simulate(*t, s).ok());
    const auto x = random_inputs(t->num_nodes(), rng);
    const auto regs = evaluate_registers(s, initial_registers(s, x));
    for (const Expected& e : expected_results(s.collective, x))
      CHECK(regs[e.node][e.reg] == e.value);
  }
}

namespace {

/// Whether the schedule, run on random non-zero numbers, leaves every required result right.
bool numerically_right(const Schedule& s, std::mt19937_64& rng) {
  const auto in = random_inputs(input_count(s.collective), rng, 1, 1 << 20);
  const auto regs = evaluate_registers(s, initial_registers(s, in));
  for (const Expected& e : expected_results(s.collective, in))
    if (regs[e.node][e.reg] != e.value) return false;
  return true;
}

}  // namespace

TEST_CASE(
    "the symbolic register checker and the numeric interpreter agree on every one-transfer "
    "mutant") {
  // Deleting or duplicating one transfer: when the symbolic checker accepts, the numbers must
  // come out right; when it finds a wrong final register, they must come out wrong. Random
  // non-zero inputs make a wrong sum come out right only by coincidence.
  std::mt19937_64 rng(5);
  std::uint64_t killed = 0, equivalent = 0;
  for (auto [spec, coll] : {std::pair{"hypercube(3)", "prefix"},
                            {"dualcube(3)", "prefix"},
                            {"dualcube(3)", "cluster-sum"},
                            {"hsn(2,hypercube(1))", "all-reduce"},
                            {"dualcube(2)", "matmul"}}) {
    const auto t = build_topology(spec);
    const Schedule s = generate(*t, GenRequest(coll));
    for (std::size_t st = 0; st < s.steps.size(); ++st)
      for (std::size_t x = 0; x < s.steps[st].transfers.size(); ++x)
        for (bool duplicate : {false, true}) {
          Schedule mutant = s;
          if (duplicate) {
            // the same transfer once more, one step later (a new step at the end if need be);
            // copied first: adding a step may move the steps (and their transfers)
            const Transfer again = mutant.steps[st].transfers[x];
            if (st + 1 == mutant.steps.size()) mutant.steps.emplace_back();
            mutant.steps[st + 1].transfers.push_back(again);
          } else {
            auto& tr = mutant.steps[st].transfers;
            tr.erase(tr.begin() + static_cast<std::ptrdiff_t>(x));
          }
          const auto r = simulate(*t, mutant);
          INFO(spec << " " << coll << " step " << st << " transfer " << x
                    << (duplicate ? " duplicated" : " deleted"));
          if (r.ok()) {
            CHECK(numerically_right(mutant, rng));
            ++equivalent;
          } else {
            // a wrong final register must show in the numbers; the other rules (ports, an input
            // combined twice into a register nobody reads, ...) are stricter than the numbers
            if (r.violation()->rule == Rule::Result) CHECK_FALSE(numerically_right(mutant, rng));
            ++killed;
          }
        }
  }
  CHECK(killed > equivalent);
}

TEST_CASE("dualcube vector-matrix multiplication (Algorithm 6) reproduces v M from any source") {
  std::mt19937_64 rng(3);
  for (std::uint32_t r = 1; r <= 4; ++r) {
    const auto t = build_family<Dualcube>("dualcube(" + std::to_string(r) + ")");
    for (std::uint32_t source : {0u, static_cast<std::uint32_t>(t->num_nodes() - 1)}) {
      const Schedule s = dualcube_vecmat(*t, NodeId(source));
      INFO("r = " << r << " source " << source);
      const auto v = verify_schedule(*t, s);
      REQUIRE(v.check.ok());
      // One2allP (2r) + scatter in C_s (r-1) + Many2manyM (3r-1) + ClusterSum (r-1) = 7r-3 steps
      CHECK(v.check.steps == (r == 1 ? 2u : 7 * r - 3));
      const auto in = random_inputs(input_count(s.collective), rng, -9, 9);
      CHECK(in.size() == (1u << (r - 1)) * (1 + (1u << r)));  // |v| = 2^(r-1), M 2^(r-1) x 2^r
      const auto regs = evaluate_registers(s, initial_registers(s, in));
      for (const Expected& e : expected_results(s.collective, in))
        CHECK(regs[e.node][e.reg] == e.value);
    }
  }
}

TEST_CASE("the register checker's batches: one pass or many give one verdict and figures") {
  // Registers that never exchange values are checked a batch at a time (verify/registers.hpp):
  // at least one register a pass here, against everything in one pass, on schedules whose
  // registers fall apart (reduce-scatters, all-reduces along trees) and on mutants of them.
  struct Case {
    const char* net;
    GenRequest request;
    bool splits;  // whether some registers never exchange values
  };
  GenRequest pieces("reduce-scatter", "rarest-first");
  pieces.pieces = 3;
  const std::vector<Case> cases = {
      {"torus(3,3)", GenRequest("reduce-scatter", "packed-trees"), true},
      {"hypercube(3)", GenRequest("all-reduce", "packed-trees"), true},
      {"ring(4)", pieces, true},
      {"hypercube(2)", GenRequest("all-reduce", "rabenseifner"), true},
      {"dualcube(2)", GenRequest("prefix", "dual-prefix"), false}};
  int mutants = 0;
  for (const Case& c : cases) {
    const auto t = build_topology(c.net);
    const Schedule s = generate(*t, c.request);
    const std::uint64_t one_register = t->num_nodes();
    INFO(c.net << " " << s.algorithm);
    const std::string note = simulate_registers(*t, s, one_register).engine_note;
    CHECK(note.empty() != c.splits);
    if (c.splits) CHECK_THAT(note, Catch::Contains("checked in"));
    CHECK(simulate_registers(*t, s, ~std::uint64_t{0}).engine_note.empty());
    for (const auto& op : props::operators())
      for (std::uint64_t seed = 0; seed < 6; ++seed) {
        std::mt19937_64 rng(seed);
        const auto m = props::mutate(*t, s, op.name, rng);
        if (!m) continue;
        INFO(c.net << " " << s.algorithm << " " << op.name << " seed " << seed);
        try {
          check_structure(*t, *m);
        } catch (const InputError&) {
          continue;  // not a schedule the checker runs
        }
        ++mutants;
        const auto many = simulate_registers(*t, *m, one_register);
        const auto one = simulate_registers(*t, *m, ~std::uint64_t{0});
        test::same_verdict(many, one);
        CHECK(many.wrong_results == one.wrong_results);
      }
    test::same_verdict(simulate_registers(*t, s, one_register),
                       simulate_registers(*t, s, ~std::uint64_t{0}));
  }
  CHECK(mutants > 100);
  // the batches' memory is checked before any is allocated: hypercube(4)'s all-reduce, two
  // batches of 16 nodes x 2 registers at kRegisterCellBytes a cell, over 8 KB
  const auto cube = build_topology("hypercube(4)");
  const Schedule s = generate(*cube, GenRequest("all-reduce", "packed-trees"));
  set_memory_budget(8 * 1024);
  CHECK_THROWS_WITH(
      simulate_registers(*cube, s, 16 * 2),
      Catch::Contains("checking 16 nodes' 32 registers") && Catch::Contains("memory budget"));
  set_memory_budget(0);
  CHECK(simulate_registers(*cube, s, 16 * 2).ok());
}
