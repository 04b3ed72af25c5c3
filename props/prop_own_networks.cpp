// Users' own networks: random graph files written and read back, random products of random
// factors and random fault sets; on each, every collective by every applicable algorithm passes
// the simulator and the reference checker, with its steps between the lower and the stated
// bound.
#include <rapidcheck/catch.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "analysis/checked.hpp"
#include "core/metrics.hpp"
#include "gen/collectives.hpp"
#include "gen/topo/faulty.hpp"
#include "props/generators.hpp"
#include "props/reference_checker.hpp"
#include "verify/registers.hpp"
#include "verify/smt_checker.hpp"

using namespace netsched;

namespace {

/// Z3 checks the chunk schedules whose encoding has at most this many state variables.
constexpr std::uint64_t kSmtStates = 4096;
constexpr unsigned kSmtMilliseconds = 20000;

using Edges = std::set<std::pair<std::uint32_t, std::uint32_t>>;

Edges edges_of(const Graph& g) {
  Edges e;
  std::vector<NodeId> nb;
  for (std::uint32_t u = 0; u < g.num_nodes(); ++u) {
    g.neighbors(NodeId(u), nb);
    for (NodeId w : nb) e.emplace(std::min(u, w.v), std::max(u, w.v));
  }
  return e;
}

/// A random connected graph: a random tree on n nodes plus random extra links.
rc::Gen<Edges> connected_graph(int max_nodes) {
  using namespace rc;
  return gen::mapcat(gen::inRange(2, max_nodes + 1), [](int n) {
    return gen::map(gen::pair(gen::container<std::vector<int>>(n - 1, gen::inRange(0, n)),
                              gen::container<std::vector<std::pair<int, int>>>(
                                  gen::pair(gen::inRange(0, n), gen::inRange(0, n)))),
                    [n](const std::pair<std::vector<int>, std::vector<std::pair<int, int>>>& g) {
                      Edges e;
                      for (int v = 1; v < n; ++v)
                        e.emplace(static_cast<std::uint32_t>(g.first[v - 1] % v),
                                  static_cast<std::uint32_t>(v));
                      for (auto [a, b] : g.second)
                        if (a != b)
                          e.emplace(static_cast<std::uint32_t>(std::min(a, b)),
                                    static_cast<std::uint32_t>(std::max(a, b)));
                      return e;
                    });
  });
}

/// Writes the graph as an edge list with node names v0, v1, ... and returns file("...").
std::string write_graph_file(const Edges& e) {
  static int counter = 0;
  const auto dir =
      std::filesystem::temp_directory_path() / ("netsched_props." + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / ("g" + std::to_string(counter++) + ".ncol")).string();
  std::ofstream out(path);
  for (auto [a, b] : e) out << "v" << a << " v" << b << "\n";
  return "file(\"" + path + "\")";
}

/// Runs a register schedule (all-reduce, reduce, reduce-scatter) on random numbers and compares
/// the results with the sums computed directly.
bool numeric_result_right(const Schedule& s) {
  const Collective& c = s.collective;
  const std::uint64_t n = c.nodes();
  const bool blocks = c.kind() == Collective::Kind::ReduceScatter;
  std::vector<std::int64_t> in(blocks ? n * n : n);
  for (auto& x : in) x = *rc::gen::inRange<std::int64_t>(-1000, 1000);
  const RegisterFile out = evaluate_registers(s, initial_registers(s, in));
  if (blocks) {
    for (std::uint64_t j = 0; j < n; ++j) {
      std::int64_t sum = 0;
      for (std::uint64_t v = 0; v < n; ++v) sum += in[v * n + j];
      if (out[j][j] != sum) return false;
    }
    return true;
  }
  std::int64_t sum = 0;
  for (auto x : in) sum += x;
  if (c.kind() == Collective::Kind::Reduce) return out[c.root().v][1] == sum;
  return std::all_of(out.begin(), out.end(), [sum](const auto& r) { return r[1] == sum; });
}

/// Every collective with every algorithm applicable to t: checked by the simulator (via
/// generate_checked) and, for chunk collectives, by the reference checker; steps within bounds.
void check_every_collective(const Network& t) {
  for (const char* c : {"broadcast", "scatter", "gather", "all-gather", "total-exchange",
                        "all-reduce", "reduce", "reduce-scatter"}) {
    for (const auto& a : collective_algorithms(t, c)) {
      const std::string name = c;
      if (t.num_nodes() > 64 && (name == "total-exchange" || name == "reduce-scatter")) continue;
      const NodeId root(
          *rc::gen::inRange<std::uint32_t>(0, static_cast<std::uint32_t>(t.num_nodes())));
      const CheckedSchedule s = generate_checked(t, GenRequest(c, a, root));
      RC_ASSERT(s.holds());
      const Schedule& sc = s.schedule();
      if (!sc.collective.combining()) {
        RC_ASSERT(!props::reference_check(t, sc));
        // The second checker, Z3, where its encoding is small.
        if (t.num_nodes() * sc.collective.num_chunks() * (sc.steps.size() + 1) <= kSmtStates)
          RC_ASSERT(smt_check(t, sc, kSmtMilliseconds).verdict.kind == Verdict::Kind::Holds);
      } else {
        // The second checker for registers: the numeric interpreter on random inputs.
        RC_ASSERT(numeric_result_right(sc));
      }
      const auto& v = s.verification();
      if (v.lower) RC_ASSERT(v.lower->steps <= v.check.steps);
      if (v.bound) RC_ASSERT(v.check.steps <= v.bound->steps);
    }
  }
}

/// A random fault set of t that keeps it connected: up to three links and two nodes.
std::string random_faults(const Network& t) {
  const auto edges = edges_of(t);
  const std::vector<std::pair<std::uint32_t, std::uint32_t>> list(edges.begin(), edges.end());
  std::string links, nodes;
  const int nl = *rc::gen::inRange(0, 4), nn = *rc::gen::inRange(0, 3);
  for (int i = 0; i < nl && !list.empty(); ++i) {
    const auto [a, b] = list[*rc::gen::inRange<std::size_t>(0, list.size())];
    links += (links.empty() ? "{" : ",{") + std::to_string(a) + "," + std::to_string(b) + "}";
  }
  for (int i = 0; i < nn && t.num_nodes() > 3; ++i)
    nodes += (nodes.empty() ? "" : ",") +
             std::to_string(*rc::gen::inRange<std::uint64_t>(0, t.num_nodes()));
  return "faulty(" + t.spec() + (links.empty() ? "" : ", links=[" + links + "]") +
         (nodes.empty() ? "" : ", nodes=[{" + nodes + "}]") + ")";
}

}  // namespace

TEST_CASE("random graph files are read back as written, and every collective runs on them") {
  rc::prop("file(edge list) has the written links; all collectives check", [] {
    const Edges e = *connected_graph(30);
    const auto t = build_topology(write_graph_file(e));
    Edges back;
    for (auto [a, b] : edges_of(*t)) {
      const auto la = std::stoul(t->label(NodeId(a)).substr(1)),
                 lb = std::stoul(t->label(NodeId(b)).substr(1));
      back.emplace(std::min(la, lb), std::max(la, lb));
    }
    RC_ASSERT(back == e);
    check_every_collective(*t);
  });
}

TEST_CASE("random products of random factors: every collective, A2 at its Corollary 2 bound") {
  rc::prop("product of two random small networks", [] {
    const std::string a = *props::any_spec(), b = *props::any_spec();
    const auto t = build_topology("product(" + a + "," + b + ")");
    RC_PRE(t->num_nodes() <= 256u);
    check_every_collective(*t);
  });
}

TEST_CASE("random fault sets: a schedule on the survivors or a clear refusal") {
  rc::prop("faulty(random network, random links and nodes)", [] {
    const auto base = build_topology(*props::any_spec());
    RC_PRE(base->num_nodes() >= 3u && base->num_nodes() <= 128u);
    const auto t = build_topology(random_faults(*base));
    const Csr csr(*t, 1);
    const bool connected = bfs_tree(csr, 0).order.size() == t->num_nodes();
    if (connected) {
      check_every_collective(*t);
      return;
    }
    try {
      generate_checked(*t, GenRequest("broadcast"));
      RC_FAIL("a disconnected network got a broadcast");
    } catch (const std::invalid_argument& e) {
      RC_ASSERT(std::string(e.what()).find("disconnected") != std::string::npos);
    }
  });
}
