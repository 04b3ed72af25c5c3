// The Z3 encoding of register schedules (verify/smt_registers.cpp) against the register
// simulator: every register algorithm gen has on small networks holds under both, and every
// mutant of them below gets the same verdict from both, with the same rule, step, transfer
// and node where it is violated.
#include <catch2/catch.hpp>
#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

#include "analysis/checked.hpp"
#include "core/errors.hpp"
#include "gen/algorithms.hpp"
#include "gen/topology.hpp"
#include "verify/simulator.hpp"
#include "verify/smt_checker.hpp"

namespace netsched {
namespace {

/// One change to a register schedule, at transfer `i` (counted over all steps) or local
/// operation `i`; false when there is nothing there to change.
using Mutation = std::function<bool(Schedule&, std::size_t)>;

Transfer* transfer_at(Schedule& s, std::size_t i, std::size_t* step = nullptr) {
  for (std::size_t k = 0; k < s.steps.size(); ++k) {
    if (i < s.steps[k].transfers.size()) {
      if (step) *step = k;
      return &s.steps[k].transfers[i];
    }
    i -= s.steps[k].transfers.size();
  }
  return nullptr;
}

/// A payload of its own for transfer x, so that changing it changes no other transfer.
Payload& own_payload(Schedule& s, Transfer& x) {
  s.payloads.push_back(s.payloads.at(x.payload));
  x.payload = static_cast<std::uint32_t>(s.payloads.size() - 1);
  return s.payloads.back();
}

const std::vector<std::pair<std::string, Mutation>>& mutations() {
  static const std::vector<std::pair<std::string, Mutation>> all = {
      {"drop-transfer",
       [](Schedule& s, std::size_t i) {
         std::size_t k = 0;
         Transfer* x = transfer_at(s, i, &k);
         if (!x) return false;
         s.steps[k].transfers.erase(s.steps[k].transfers.begin() +
                                    (x - s.steps[k].transfers.data()));
         return true;
       }},
      {"move-later",
       [](Schedule& s, std::size_t i) {
         std::size_t k = 0;
         Transfer* x = transfer_at(s, i, &k);
         if (!x || k + 1 >= s.steps.size()) return false;
         const Transfer moved = *x;
         s.steps[k].transfers.erase(s.steps[k].transfers.begin() +
                                    (x - s.steps[k].transfers.data()));
         s.steps[k + 1].transfers.push_back(moved);
         return true;
       }},
      {"flip-op",
       [](Schedule& s, std::size_t i) {
         Transfer* x = transfer_at(s, i);
         if (!x || s.payloads.at(x->payload).moves.empty()) return false;
         Move& m = own_payload(s, *x).moves.front();
         m.op = m.op == RegOp::Set ? RegOp::Combine : RegOp::Set;
         return true;
       }},
      {"other-register",
       [](Schedule& s, std::size_t i) {
         Transfer* x = transfer_at(s, i);
         if (!x || s.payloads.at(x->payload).moves.empty()) return false;
         Move& m = own_payload(s, *x).moves.front();
         m.dst = static_cast<std::uint16_t>((m.dst + 1) % s.registers.size());
         return true;
       }},
      {"reverse",
       [](Schedule& s, std::size_t i) {
         Transfer* x = transfer_at(s, i);
         if (!x) return false;
         std::swap(x->from, x->to);
         return true;
       }},
      {"duplicate",
       [](Schedule& s, std::size_t i) {
         std::size_t k = 0;
         Transfer* x = transfer_at(s, i, &k);
         if (!x) return false;
         s.steps[k].transfers.push_back(*x);
         return true;
       }},
      {"flip-local-op",
       [](Schedule& s, std::size_t i) {
         for (Step& st : s.steps)
           for (LocalOp& op : st.compute)
             if (i-- == 0) {
               op.op = op.op == RegOp::Set ? RegOp::Combine : RegOp::Set;
               return true;
             }
         return false;
       }},
  };
  return all;
}

/// The simulator's and Z3's answers, or both refusals.
void same_answer(const Network& t, const Schedule& m) {
  std::optional<CheckResult> sim;
  std::string sim_refused;
  try {
    sim = simulate(t, m);
  } catch (const InputError& e) {
    sim_refused = e.what();
  }
  std::optional<SmtVerdict> z3;
  try {
    z3 = smt_check(t, m);
  } catch (const InputError& e) {
    INFO("z3 refused: " << e.what() << "; simulator: " << sim_refused);
    CHECK_FALSE(sim.has_value());
    return;
  }
  INFO("simulator refused: " << sim_refused);
  REQUIRE(sim.has_value());
  REQUIRE(z3->verdict.kind != Verdict::Kind::Unknown);
  REQUIRE(sim->ok() == z3->verdict.ok());
  if (sim->ok()) return;
  const Violation& a = *sim->violation();
  const Violation& b = *z3->verdict.violation;
  INFO(a.message << " / " << b.message);
  CHECK(a.rule == b.rule);
  CHECK(a.step == b.step);
  CHECK(a.transfer == b.transfer);
  CHECK(a.node == b.node);
}

/// Schedules, mutants and violated mutants put through both checkers.
struct Tally {
  std::size_t schedules = 0, mutants = 0, violated = 0;
};

/// `g` and its mutants through both checkers.
void agree_with_mutants(const Network& t, const Schedule& g, Tally& tally) {
  same_answer(t, g);  // the papers' algorithms as printed may fail: both say so
  ++tally.schedules;
  for (const auto& [name, mutate] : mutations())
    for (std::size_t i = 0; i < 12; ++i) {
      Schedule m = g;
      if (!mutate(m, i * 7)) continue;
      INFO(name << " at " << i * 7);
      same_answer(t, m);
      ++tally.mutants;
      tally.violated += simulate(t, m).ok() ? 0 : 1;
    }
}

/// Every register algorithm of `specs` and its mutants through both checkers.
void agree_on(std::initializer_list<const char*> specs) {
  Tally tally;
  for (const char* spec : specs) {
    const auto t = build_topology(spec);
    for (const char* collective : {"all-reduce", "reduce", "reduce-scatter", "prefix"})
      for (const std::string& algorithm : algorithm_names(*t, collective)) {
        INFO(spec << " " << collective << " " << algorithm);
        agree_with_mutants(*t, generate_checked(*t, GenRequest(collective, algorithm)).schedule(),
                           tally);
      }
  }
  INFO(tally.schedules << " schedules, " << tally.mutants << " mutants, " << tally.violated
                       << " violated");
  CHECK(tally.schedules >= 2 * specs.size());
  CHECK(tally.violated * 2 >= tally.mutants);  // the mutants mostly break a rule: can fail
}

}  // namespace

TEST_CASE("Z3 and the register simulator agree on hypercube(3)'s register algorithms and mutants",
          "[smt]") {
  agree_on({"hypercube(3)"});
}

// The same on three more networks: Release only (ten times slower under the sanitizers).
TEST_CASE("Z3 and the register simulator agree on torus(3,3), dualcube(2) and ring(5) too",
          "[smt][slow]") {
  agree_on({"torus(3,3)", "dualcube(2)", "ring(5)"});
}

TEST_CASE("Z3 and the register simulator agree on reduce-scatters and all-reduces in pieces",
          "[smt]") {
  // a pieced reduce-scatter's piece k of block j is register j*p + k: both checkers read it so
  Tally tally;
  for (const char* spec : {"ring(4)", "ccc(2)", "mesh(2,3)"}) {
    const auto t = build_topology(spec);
    for (const char* collective : {"reduce-scatter", "all-reduce"}) {
      INFO(spec << " " << collective);
      GenRequest r(collective, "rarest-first");
      r.pieces = 2;
      const CheckedSchedule g = generate_checked(*t, r);
      REQUIRE(g.holds());
      // a reduce-scatter's blocks in 2 pieces; an all-reduce's vector in 2 a node
      CHECK(g.schedule().collective.pieces() ==
            (std::string(collective) == "all-reduce" ? 2 * t->num_nodes() : 2));
      agree_with_mutants(*t, g.schedule(), tally);
    }
  }
  INFO(tally.schedules << " schedules, " << tally.mutants << " mutants, " << tally.violated
                       << " violated");
  CHECK(tally.schedules == 6);
  CHECK(tally.violated * 2 >= tally.mutants);
}

TEST_CASE("Z3 refuses register schedules it does not encode, with a clear error", "[smt]") {
  const auto t = build_topology("dualcube(2)");
  const CheckedSchedule mm = generate_checked(*t, GenRequest("matmul"));
  CHECK_THROWS_WITH(smt_check(*t, mm.schedule()), Catch::Contains("(products) is checked by the "
                                                                  "simulator, not by --smt"));
}

}  // namespace netsched
