#pragma once
// Shared test helpers: structural checks every network must pass.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

#include "core/errors.hpp"
#include "core/schedule.hpp"
#include "core/schedule_io.hpp"
#include "gen/algorithms.hpp"
#include "gen/topology.hpp"
#include "tests/scratch.hpp"

namespace netsched::test {

/// Whether this build runs under AddressSanitizer and UndefinedBehaviorSanitizer (make
/// test-asan; tests/CMakeLists.txt defines NETSCHED_SANITIZED there).
#ifdef NETSCHED_SANITIZED
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

/// A request with everything gen may need besides the algorithm: root 1, a route from node 0 to
/// the last node, cube dimension 1.
inline GenRequest full_request(const Network& t, std::string collective, std::string algorithm) {
  GenRequest r(std::move(collective), std::move(algorithm), NodeId(1));
  r.source = NodeId(0);
  r.target = NodeId(static_cast<std::uint32_t>(t.num_nodes() - 1));
  r.dimension = 1;
  return r;
}

/// A fresh directory, removed with everything in it, and schedules written into it.
struct TempDir {
  netsched::testing::TempDirectory dir;
  std::string path = dir.path().string();
  std::string write(const std::string& name, const Schedule& s) const {
    const std::string p = path + "/" + name;
    std::ofstream(p) << schedule_to_json(s);
    return p;
  }
};

/// A hand-made one-port broadcast on ring(4) from node 0: step 0: 0->1; step 1: 1->2 and 0->3.
inline Schedule ring4_broadcast() {
  Schedule s;
  s.topology = "ring(4)";
  s.collective = Collective::broadcast(4, NodeId(0));
  s.payloads = {{{0}}};
  s.steps = {{{{NodeId(0), NodeId(1), 0}}},
             {{{NodeId(1), NodeId(2), 0}, {NodeId(0), NodeId(3), 0}}}};
  return s;
}

/// The message of the InputError that f() throws, or "no error".
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

/// Adjacency is symmetric, loop-free, duplicate-free; degree() and neighbors() agree; labels
/// round-trip; the edge count is half the degree sum.
inline void check_simple_graph(const Network& t) {
  INFO("spec " << t.spec());
  const std::uint64_t n = t.num_nodes();
  std::vector<NodeId> nb, back;
  std::uint64_t degree_sum = 0;
  for (std::uint64_t u = 0; u < n; ++u) {
    const NodeId id(static_cast<std::uint32_t>(u));
    t.neighbors(id, nb);
    INFO("node " << u << " " << t.label(id));
    REQUIRE(t.degree(id) == nb.size());
    REQUIRE(t.port_degree(id) >= t.degree(id));
    std::set<std::uint32_t> seen;
    for (NodeId v : nb) {
      REQUIRE(v.v < n);
      REQUIRE(v.v != u);
      REQUIRE(seen.insert(v.v).second);
      t.neighbors(v, back);
      REQUIRE(std::find(back.begin(), back.end(), id) != back.end());
    }
    REQUIRE(t.parse_label(t.label(id)) == id);
    REQUIRE(t.node(std::to_string(u)) == id);
    degree_sum += nb.size();
  }
  REQUIRE(t.count_edges() * 2 == degree_sum);
}

/// A switched machine of tests/data/graphs/switched (box-8, a100-2x8-nics, ...), as a spec.
inline std::string switched_machine(const std::string& name) {
  return "file(\"" + std::string(NETSCHED_SOURCE_DIR) + "/tests/data/graphs/switched/" + name +
         ".graphml\")";
}

/// An all-reduce of gpus 0 and 1 of box-8 (switch 8) by hand: each sends its input into the
/// switch in step 0 and then, in step 1, empties its input register (sets it from register 2,
/// which nothing writes) while the switch passes the messages on. It holds because a message
/// carries its sender's values as they were when it left.
inline Schedule box_pair_sum() {
  Schedule s;
  s.topology = build_switched_topology(switched_machine("box-8"))->spec();
  s.collective = Collective::all_reduce(8, {{NodeId(0), NodeId(1)}});
  s.registers = {"x", "sum", "zero"};
  for (int i = 0; i < 2; ++i) s.payloads.push_back(Payload{{}, {}, {{0, 1, RegOp::Combine}}});
  s.steps.resize(2);
  s.steps[0].compute.push_back({1, 0, 0, RegOp::Set, {{0, 1}}});
  s.steps[0].transfers = {{NodeId(0), NodeId(8), 0}, {NodeId(1), NodeId(8), 1}};
  s.steps[1].compute.push_back({0, 2, 2, RegOp::Set, {{0, 1}}});
  s.steps[1].transfers = {{NodeId(8), NodeId(1), 0}, {NodeId(8), NodeId(0), 1}};
  return s;
}

}  // namespace netsched::test
