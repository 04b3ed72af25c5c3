// Schedules on networks of switches and directed links: every algorithm that implements the
// switched model, generated on the switched families and machines, holds under the dense
// engine, under Z3 and under a reference walk written here from ARCHITECTURE.md's model alone;
// and the model's violations (a switch that copies, an arc taken against its direction, a busy
// endpoint port, a chunk left at a switch) are each refused with their rule by both checkers.
#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <string>

#include "analysis/checked.hpp"
#include "gen/algorithms.hpp"
#include "gen/plan/register_embedding.hpp"
#include "gen/topology.hpp"
#include "props/reference_registers.hpp"
#include "tests/helpers.hpp"
#include "verify/simulator.hpp"
#include "verify/smt_checker.hpp"

using namespace netsched;

namespace {

std::string machine(const std::string& name) { return test::switched_machine(name); }

/// The model, walked on its own: each transfer an arc, an endpoint one send and one receive a
/// step, each arc once a step, a switch forwarding no more copies than it received, every chunk
/// at every destination endpoint at the end. Chunk collectives with explicit chunk lists.
std::string reference_walk(const Network& t, const Schedule& s) {
  const Collective& c = s.collective;
  if (c.nodes() != t.num_endpoints()) return "ranks are not the endpoints";
  std::map<std::pair<std::uint32_t, std::uint64_t>, int> copies;  // node, chunk -> copies held
  for (std::uint64_t ch = 0; ch < c.num_chunks(); ++ch)
    if (!c.is_void(ch)) copies[{c.origin(ch).v, ch}] = 1;
  for (std::size_t si = 0; si < s.steps.size(); ++si) {
    std::set<std::uint32_t> sent, received;
    std::set<std::pair<std::uint32_t, std::uint32_t>> arcs;
    std::map<std::pair<std::uint32_t, std::uint64_t>, int> out;
    for (const Transfer& x : s.steps[si].transfers) {
      if (!t.has_arc(x.from, x.to)) return "step " + std::to_string(si) + ": not an arc";
      if (!arcs.insert({x.from.v, x.to.v}).second) return "an arc twice";
      if (!t.is_switch(x.from) && !sent.insert(x.from.v).second) return "an endpoint sends twice";
      if (!t.is_switch(x.to) && !received.insert(x.to.v).second)
        return "an endpoint receives twice";
      for (const std::uint64_t ch : s.payloads[x.payload].chunks) {
        const int held = copies[{x.from.v, ch}];
        if (held == 0) return "a chunk not held";
        if (t.is_switch(x.from) && ++out[{x.from.v, ch}] > held) return "a switch copies";
      }
    }
    for (const auto& [key, n] : out) copies[key] -= n;  // a switch's copies leave it
    for (const Transfer& x : s.steps[si].transfers)
      for (const std::uint64_t ch : s.payloads[x.payload].chunks) {
        int& held = copies[{x.to.v, ch}];
        held = t.is_switch(x.to) ? held + 1 : 1;  // an endpoint keeps one copy
      }
  }
  for (std::uint64_t ch = 0; ch < c.num_chunks(); ++ch)
    for (std::uint32_t v = 0; v < t.num_endpoints(); ++v)
      if (c.is_destination(ch, NodeId(v)) && copies[{v, ch}] == 0) return "not delivered";
  return "holds";
}

/// A schedule on box-8 (8 GPUs, switch 8) by hand: gpu 0's chunk to the switch, then on; a
/// broadcast, or a multicast to `group` (gpu 0 first).
Schedule box_schedule(const Network& t, const std::vector<std::vector<Transfer>>& steps,
                      const std::vector<std::uint32_t>& group = {}) {
  Schedule s;
  s.topology = t.spec();
  std::vector<NodeId> members;
  for (const std::uint32_t v : group) members.emplace_back(v);
  s.collective =
      group.empty() ? Collective::broadcast(8, NodeId(0)) : Collective::multicast(8, {members});
  s.payloads.push_back(Payload::of_chunks({0}));
  for (const auto& st : steps) s.steps.push_back(Step{st, {}});
  return s;
}

std::string name_of(const Verdict& v) {
  return v.ok() ? "holds" : v.violation ? std::string(to_string(v.violation->rule)) : "unknown";
}

/// The dense engine's verdict, which Z3's must equal (rule, step and transfer).
std::string verdict(const Network& t, const Schedule& s) {
  const Verdict dense = simulate(t, s).verdict, z3 = smt_check(t, s).verdict;
  if (name_of(dense) != name_of(z3)) return "dense " + name_of(dense) + ", z3 " + name_of(z3);
  if (dense.violation && (dense.violation->step != z3.violation->step ||
                          dense.violation->transfer != z3.violation->transfer))
    return "the checkers name two places";
  return name_of(dense);
}

}  // namespace

TEST_CASE("switched schedules: every switched algorithm holds on every switched machine") {
  for (const std::string& spec :
       {machine("box-8"), machine("a100-2x8-nics"), machine("mi250-2x16"),
        machine("directed-ring-4"), std::string("fat_tree(4)"), std::string("dragonfly(2,2,1)"),
        std::string("leaf_spine(3,2,2, uplink=2)")}) {
    const auto t = build_switched_topology(spec);
    for (const AlgorithmInfo& a : algorithm_table()) {
      if (!a.switched || !a.applies(*t)) continue;  // gen --list does not offer it either
      INFO(a.collective << " " << a.name << " on " << spec);
      const CheckedSchedule s = generate_checked(
          *t, test::full_request(*t, std::string(a.collective), std::string(a.name)));
      CHECK(s.holds());
      CHECK(s.schedule().collective.nodes() == t->num_endpoints());
      if (s.schedule().collective.combining())  // the props reference's switch queues
        CHECK_FALSE(props::reference_check_registers(*t, s.schedule()));
      else
        CHECK(reference_walk(*t, s.schedule()) == "holds");
      constexpr std::uint64_t kZ3Transfers = 400;  // Z3 on the smaller ones (seconds each)
      if (s.schedule().num_transfers() <= kZ3Transfers)
        CHECK(smt_check(*t, s.schedule()).verdict.ok());
    }
    // the rows that do not implement the model are not offered, and asked for by name refused
    // every machine here takes MPI's ring reduce-scatter and all-reduce (paths through switches)
    for (const std::string c : {"reduce-scatter", "all-reduce"})
      CHECK(algorithm_names(*t, c) == std::vector<std::string>{"mpi-ring"});
    for (const std::string c : {"route", "multicast"}) {
      CHECK(algorithm_names(*t, c).empty());
      CHECK_THAT(test::error_of([&] { generate_checked(*t, test::full_request(*t, c, "auto")); }),
                 Catch::Contains("no algorithm that implements the switched model"));
    }
  }
}

TEST_CASE("switched schedules: the model's violations, each with its rule") {
  const auto t = build_switched_topology(machine("box-8"));
  const NodeId sw(8);
  const auto to = [&](std::uint32_t a, std::uint32_t b) {
    return Transfer{NodeId(a), NodeId(b), 0};
  };
  // gpu 0 -> switch, then the switch to one gpu a step, receiving a copy back each time
  CHECK(verdict(*t, box_schedule(*t, {{to(0, 8)}, {to(8, 1)}, {to(1, 8)}, {to(8, 2)}})) ==
        "delivery");
  // the switch forwards one copy to two gpus: it does not copy
  CHECK(verdict(*t, box_schedule(*t, {{to(0, 8)}, {to(8, 1), to(8, 2)}})) == "switch-copy");
  // ... nor after it forwarded its copy
  CHECK(verdict(*t, box_schedule(*t, {{to(0, 8)}, {to(8, 1)}, {to(8, 2)}})) == "causality");
  // two copies in, two out in one step: all-port at the switch, one-port at the gpus
  const auto both = [&](const Schedule& x) {  // the dense engine, Z3 and the walk agree
    const std::string v = verdict(*t, x), w = reference_walk(*t, x);
    return v == "holds" && w == "holds" ? v : v + " / " + w;
  };
  CHECK(both(box_schedule(*t, {{to(0, 8)}, {to(8, 1), to(0, 8)}, {to(8, 2)}, {to(1, 8), to(2, 8)}},
                          {0, 1, 2})) == "holds");
  CHECK(both(box_schedule(*t, {{to(0, 8)}, {to(0, 8)}, {to(8, 1), to(8, 2)}}, {0, 1, 2})) ==
        "holds");
  CHECK(both(box_schedule(*t, {{to(0, 8)}, {to(8, 1)}, {to(1, 8), to(0, 8)}, {to(8, 2), to(8, 3)}},
                          {0, 1, 2, 3})) == "holds");
  // an arc once a step; an endpoint stays one-port (a100: gpu 0 to its nvswitch and its nic)
  CHECK(verdict(*t, box_schedule(*t, {{to(0, 8), to(0, 8)}, {to(8, 1), to(8, 2)}}, {0, 1, 2})) ==
        "port-link");
  const auto a100 = build_switched_topology(machine("a100-2x8-nics"));
  Schedule two_ports;
  two_ports.topology = a100->spec();
  two_ports.collective = Collective::broadcast(16, NodeId(0));
  two_ports.payloads.push_back(Payload::of_chunks({0}));
  two_ports.steps.push_back(Step{{Transfer{NodeId(0), a100->node("box0.nvswitch"), 0},
                                  Transfer{NodeId(0), a100->node("box0.nic0"), 0}},
                                 {}});
  CHECK(verdict(*a100, two_ports) == "port-send");
  CHECK(verdict(*t, box_schedule(*t, {{to(0, 8)}, {to(8, 1)}, {to(1, 8), to(1, 8)}}, {0, 1})) ==
        "port-link");
  // a chunk at the switch is not delivered: the destinations are the gpus
  CHECK(verdict(*t, box_schedule(*t, {{to(0, 8)}})) == "delivery");
  // a switch is no rank: a broadcast from it, or of 9 ranks, is not a schedule of this network
  Schedule from_switch = box_schedule(*t, {{to(8, 1)}});
  from_switch.collective = Collective::broadcast(8, sw);
  CHECK_THAT(test::error_of([&] { simulate(*t, from_switch); }),
             Catch::Contains("node 8 is a switch of"));
  Schedule nine = box_schedule(*t, {{to(0, 8)}});
  nine.collective = Collective::broadcast(9, NodeId(0));
  CHECK_THAT(test::error_of([&] { simulate(*t, nine); }),
             Catch::Contains("schedule is for 9 nodes, but"));
  // of the simulator's engines only the dense one implements the model so far: the others say so
  const Schedule ok = box_schedule(*t, {{to(0, 8)}, {to(0, 8)}, {to(8, 1), to(8, 2)}}, {0, 1, 2});
  CHECK_THAT(test::error_of([&] { simulate(*t, ok, Engine::Blocks); }),
             Catch::Contains("not implemented yet (--engine dense is)"));
}

TEST_CASE("switched schedules: an arc is taken its way only, and each arc once a step") {
  const auto t = build_switched_topology(machine("directed-ring-4"));
  Schedule s;
  s.topology = t->spec();
  s.collective = Collective::broadcast(4, NodeId(1));
  s.payloads.push_back(Payload::of_chunks({0}));
  s.steps.push_back(Step{{Transfer{NodeId(1), NodeId(0), 0}}, {}});  // r1 -> r0: against r0 -> r1
  const CheckResult r = simulate(*t, s);
  REQUIRE(r.verdict.violation);
  CHECK(r.verdict.violation->rule == Rule::Edge);
  CHECK_THAT(r.verdict.violation->message, Catch::Contains("goes against the link's direction"));
  CHECK(verdict(*t, s) == "edge");
  // a switch may take many arcs a step, but each only once
  const auto box = build_switched_topology(machine("box-8"));
  Schedule twice;
  twice.topology = box->spec();
  twice.collective = Collective::scatter(8, NodeId(0));
  twice.payloads = {Payload::of_chunks({1, 2}), Payload::of_chunks({1}), Payload::of_chunks({2})};
  twice.steps = {Step{{Transfer{NodeId(0), NodeId(8), 0}}, {}},
                 Step{{Transfer{NodeId(8), NodeId(1), 1}, Transfer{NodeId(8), NodeId(1), 2}}, {}}};
  CHECK(verdict(*box, twice) == "port-link");
}

TEST_CASE("switched schedules: the lower bounds claim only what the model allows") {
  // a gather needs no copies: into the switch and out in two steps, below ceil(log2 8) = 3
  const auto t = build_switched_topology(machine("box-8"));
  const CheckedSchedule g = generate_checked(*t, GenRequest("gather", "auto", NodeId(0)));
  REQUIRE(g.verification().lower);
  CHECK(g.verification().lower->steps == 2);
  const CheckedSchedule b = generate_checked(*t, GenRequest("broadcast", "auto", NodeId(0)));
  REQUIRE(b.verification().lower);
  CHECK(b.verification().lower->steps == 3);  // copies only at the gpus: they at most double
}

TEST_CASE("switched register schedules: a message carries its sender's values as it left") {
  const auto t = build_switched_topology(machine("box-8"));
  const Schedule s = test::box_pair_sum();
  // the inputs were emptied after the messages left: the sums hold
  CHECK(simulate(*t, s).ok());
  CHECK_FALSE(props::reference_check_registers(*t, s));
  // a switch holds no register: forwarding a payload it never received, or one twice
  Schedule twice = s;
  twice.steps[1].transfers[1].payload = 0;
  CHECK(simulate(*t, twice).violation()->rule == Rule::SwitchCopy);
  CHECK(props::reference_check_registers(*t, twice) == Rule::SwitchCopy);
  CHECK_THAT(simulate(*t, twice).violation()->message, Catch::Contains("sends payload 0"));
  // a message that never leaves the switch: its receiver's sum lacks the input
  Schedule lost = s;
  lost.steps[1].transfers.pop_back();
  CHECK(simulate(*t, lost).violation()->rule == Rule::Result);
  CHECK(props::reference_check_registers(*t, lost) == Rule::Result);
  // Z3 reads the same: the switch's queue of messages, each its sender's values as it left
  CHECK(smt_check(*t, s).verdict.ok());
  CHECK(smt_check(*t, twice).verdict.violation->rule == Rule::SwitchCopy);
  CHECK(smt_check(*t, lost).verdict.violation->rule == Rule::Result);
}

TEST_CASE("switched ring: on the A100 machine it leaves a box by a GPU of the next one's rail") {
  // each NIC rail (ib0, ib1) joins the GPUs of one parity (docs/collectives.md): id order breaks
  // at gpu 7 -> gpu 8, so the ring turns, and every step between the boxes keeps the parity
  const auto t = build_switched_topology(machine("a100-2x8-nics"));
  const auto ring = switched_ring(*t);
  REQUIRE(ring);
  REQUIRE(ring->size() == 16);
  CHECK(std::set<std::uint32_t>(ring->begin(), ring->end()).size() == 16);
  std::uint64_t crossings = 0;
  for (std::size_t i = 0; i < ring->size(); ++i) {
    const std::uint32_t a = (*ring)[i], b = (*ring)[(i + 1) % ring->size()];
    if (a / 8 == b / 8) continue;
    ++crossings;
    CHECK(a % 2 == b % 2);
  }
  CHECK(crossings == 2);
  CHECK(*ring != std::vector<std::uint32_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15});
}
