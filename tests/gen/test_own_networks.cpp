// Products of any networks, faulty networks, connectivity, and the generic collectives that
// make every collective available on every connected network.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>

#include "analysis/checked.hpp"
#include "analysis/fault_check.hpp"
#include "analysis/info.hpp"
#include "core/automorphism.hpp"
#include "core/connectivity.hpp"
#include "core/metrics.hpp"
#include "gen/algorithms.hpp"
#include "gen/exchange/total_exchange.hpp"
#include "gen/route/rhfc_ftr.hpp"
#include "gen/route/router.hpp"
#include "gen/topo/faulty.hpp"
#include "gen/topo/network_product.hpp"
#include "gen/topology.hpp"
#include "papers/dimakopoulos.hpp"
#include "tests/scratch.hpp"
#include "verify/registers.hpp"
#include "verify/simulator.hpp"
#include "verify/smt_checker.hpp"
#include "verify/smt_synthesis.hpp"

using namespace netsched;

namespace {

std::set<std::pair<std::uint32_t, std::uint32_t>> edge_set(const Graph& g) {
  std::set<std::pair<std::uint32_t, std::uint32_t>> e;
  std::vector<NodeId> nb;
  for (std::uint32_t u = 0; u < g.num_nodes(); ++u) {
    g.neighbors(NodeId(u), nb);
    for (NodeId w : nb) e.emplace(std::min(u, w.v), std::max(u, w.v));
  }
  return e;
}

/// Whether g minus the nodes in `removed` (a bit mask) is disconnected (over >= 2 survivors).
bool disconnected_without(const Csr& g, std::uint32_t removed) {
  const std::uint32_t n = g.num_nodes();
  std::uint32_t start = 0;
  while (start < n && (removed >> start & 1)) ++start;
  std::uint32_t seen = removed | (1u << start), count = 1,
                survivors = n - __builtin_popcount(removed);
  std::vector<std::uint32_t> q{start};
  for (std::size_t i = 0; i < q.size(); ++i)
    for (const std::uint32_t* p = g.begin(q[i]); p != g.end(q[i]); ++p)
      if (!(seen >> *p & 1)) seen |= 1u << *p, ++count, q.push_back(*p);
  return count < survivors;
}

/// kappa by brute force: the smallest node set whose removal disconnects (N-1 if none).
std::uint32_t brute_kappa(const Csr& g) {
  const std::uint32_t n = g.num_nodes();
  std::uint32_t best = n - 1;
  for (std::uint32_t mask = 0; mask < (1u << n); ++mask)
    if (static_cast<std::uint32_t>(__builtin_popcount(mask)) < best &&
        static_cast<std::uint32_t>(__builtin_popcount(mask)) + 2 <= n &&
        disconnected_without(g, mask))
      best = __builtin_popcount(mask);
  return best;
}

/// lambda by brute force over link subsets.
std::uint32_t brute_lambda(std::uint32_t n,
                           const std::vector<std::pair<std::uint32_t, std::uint32_t>>& edges) {
  std::uint32_t best = static_cast<std::uint32_t>(edges.size());
  for (std::uint32_t mask = 0; mask < (1u << edges.size()); ++mask) {
    if (static_cast<std::uint32_t>(__builtin_popcount(mask)) >= best) continue;
    std::vector<std::vector<std::uint32_t>> adj(n);
    for (std::size_t i = 0; i < edges.size(); ++i)
      if (!(mask >> i & 1))
        adj[edges[i].first].push_back(edges[i].second),
            adj[edges[i].second].push_back(edges[i].first);
    if (disconnected_without(Csr(adj), 0)) best = __builtin_popcount(mask);
  }
  return best;
}

/// A random connected graph on n nodes: a random tree plus `extra` random links.
std::vector<std::pair<std::uint32_t, std::uint32_t>> random_connected(std::mt19937& rng,
                                                                      std::uint32_t n,
                                                                      std::uint32_t extra) {
  std::set<std::pair<std::uint32_t, std::uint32_t>> e;
  for (std::uint32_t v = 1; v < n; ++v) e.emplace(static_cast<std::uint32_t>(rng()) % v, v);
  for (std::uint32_t i = 0; i < extra; ++i) {
    const std::uint32_t a = static_cast<std::uint32_t>(rng()) % n,
                        b = static_cast<std::uint32_t>(rng()) % n;
    if (a != b) e.emplace(std::min(a, b), std::max(a, b));
  }
  return {e.begin(), e.end()};
}

}  // namespace

TEST_CASE("a product of any networks: links, labels, degrees and symmetries") {
  const auto t = build_topology("product(ccc(3), ring(4))");
  const auto* q = network_as<NetworkProduct>(*t);
  REQUIRE(q);
  CHECK(t->spec() == "product(ccc(3),ring(4))");
  const auto ccc = build_topology("ccc(3)");
  CHECK(t->num_nodes() == 96);
  // |E| = |E1| |V2| + |V1| |E2|
  CHECK(t->count_edges() == ccc->count_edges() * 4 + 24 * 4);
  for (std::uint32_t u = 0; u < t->num_nodes(); ++u) {
    CHECK(t->node(t->label(NodeId(u))) == NodeId(u));
    CHECK(t->degree(NodeId(u)) == ccc->degree(NodeId(u / 4)) + 2);
  }
  CHECK(t->label(NodeId(5)) == "(" + ccc->label(NodeId(1)) + ",(1))");
  const Csr csr(*t, 1);
  for (const auto& p : t->automorphism_candidates()) CHECK(is_automorphism(csr, p, 1));
  // The ring's symmetries are lifted: the classes are the factor ccc(3)'s classes.
  CHECK(
      classes_from_candidates(csr, t->automorphism_candidates(), 1).classes.reps.size() ==
      classes_from_candidates(Csr(*ccc, 1), ccc->automorphism_candidates(), 1).classes.reps.size());
  CHECK_THROWS_WITH(t->node("((0,0),(1),(2))"), Catch::Contains("expected 2 components, got 3"));
  CHECK_THROWS_WITH(t->node("((0,0),(1)"), Catch::Contains("unbalanced '('"));
  // Rings, paths and complete graphs alone stay the closed-form Product.
  CHECK(network_as<NetworkProduct>(*build_topology("product(ring(3),torus(2,2))")) == nullptr);
  // Nested products are flattened; the factors' specs are canonical.
  CHECK(build_topology("product(product(ccc(2),ring(3)),path(2))")->spec() ==
        "product(ccc(2),ring(3),path(2))");
}

TEST_CASE("A2 on products of any networks holds and takes exactly its Corollary 2 bound") {
  for (const char* spec :
       {"product(ccc(3),ring(4))", "product(ccc(2),hypercube(2))",
        "product(faulty(torus(3,3),links=[{0,1}]),path(3))", "product(dualcube(2),complete(3))"}) {
    INFO(spec);
    const auto t = build_topology(spec);
    const CheckedSchedule c = generate_checked(*t, GenRequest("total-exchange", "a2"));
    REQUIRE(c.holds());
    REQUIRE(c.verification().bound);
    CHECK(c.verification().check.steps == c.verification().bound->steps);
    CHECK(c.verification().check.steps == a2_steps(*t));
    CHECK(c.verification().lower);
    CHECK(c.verification().lower->steps <= c.verification().check.steps);
  }
  // With factors whose exchanges take AS(G_i) steps, A2 meets AS(G) (Theorem 3).
  const auto t = build_topology("product(complete(3),faulty(ring(5),links=[{0,4}]))");
  const auto c = generate_checked(*t, GenRequest("total-exchange", "a2"));
  CHECK(c.holds());
}

TEST_CASE("Corollary 1's average status holds on products of any networks") {
  for (const char* spec : {"product(ccc(3),ring(4))", "product(dualcube(2),path(3))"}) {
    const auto g = build_topology(spec);
    const auto info = topology_info(*g);
    bool found = false;
    for (const auto& f : info["paper"])
      if (f["property"] == "average_status") {
        found = true;
        CHECK(f["matches"].get<bool>());
      }
    CHECK(found);
  }
}

TEST_CASE("a faulty network is the graph of the survivors, with the base's labels") {
  const auto t =
      build_topology("faulty(torus(4,4), links=[{1,0},{5,6},{0,1}], nodes=[{9},{9,10}])");
  const auto* f = network_as<FaultyNetwork>(*t);
  REQUIRE(f);
  CHECK(t->spec() == "faulty(torus(4,4), links=[{0,1},{5,6}], nodes=[{9,10}])");
  CHECK(build_topology(t->spec())->spec() == t->spec());
  CHECK(t->num_nodes() == 14);
  const auto& base = f->base();
  std::set<std::pair<std::uint32_t, std::uint32_t>> expected;
  for (auto [a, b] : edge_set(base)) {
    const auto fa = f->from_base(NodeId(a)), fb = f->from_base(NodeId(b));
    if (fa && fb && !f->link_failed(NodeId(a), NodeId(b)))
      expected.emplace(std::min(fa->v, fb->v), std::max(fa->v, fb->v));
  }
  CHECK(edge_set(*t) == expected);
  CHECK(expected.size() == 32 - 2 - 8 + 1);  // 2 failed links, 8 links at 9 and 10, one shared
  for (std::uint32_t u = 0; u < t->num_nodes(); ++u) {
    CHECK(f->from_base(f->to_base(NodeId(u))) == NodeId(u));
    CHECK(t->node(t->label(NodeId(u))) == NodeId(u));
    CHECK(t->label(NodeId(u)) == base.label(f->to_base(NodeId(u))));
  }
  CHECK_THROWS_WITH(t->node("(2,1)"), Catch::Contains("has failed"));
  // A link listed that touches a failed node is gone with the node.
  CHECK(build_topology("faulty(ring(5), links=[{0,1}], nodes=[{1}])")->spec() ==
        "faulty(ring(5), nodes=[{1}])");
}

namespace {

/// u's neighbours in f as the base lists them, those that survive, renumbered.
std::vector<NodeId> filtered_base_neighbors(const FaultyNetwork& f, NodeId u) {
  std::vector<NodeId> nb, out;
  const NodeId b = f.to_base(u);
  f.base().neighbors(b, nb);
  for (const NodeId w : nb)
    if (!f.link_failed(b, w)) out.push_back(*f.from_base(w));
  return out;
}

}  // namespace

TEST_CASE("a faulty network lists the base's neighbours in the base's order, stored or not") {
  // torus(6,6) is stored at construction (kFaultyAdjacencyMaxArcs); hypercube(20)'s 2^20 x 20
  // arcs are over the limit, so its lists are the base's, filtered, each time
  struct Case {
    const char* spec;
    bool stored;
    std::uint32_t a, b;  // a failed link besides {0,1}, base ids
  };
  for (const Case& c :
       {Case{"faulty(torus(6,6), links=[{0,1},{7,13}], nodes=[{20}])", true, 7, 13},
        Case{"faulty(hypercube(20), links=[{0,1},{6,7}], nodes=[{3}])", false, 6, 7}}) {
    INFO(c.spec);
    const auto t = build_topology(c.spec);
    const auto* f = network_as<FaultyNetwork>(*t);
    REQUIRE(f);
    CHECK(f->adjacency_stored() == c.stored);
    std::vector<NodeId> nb;
    for (std::uint32_t u = 0; u < std::min<std::uint64_t>(t->num_nodes(), 64); ++u) {
      t->neighbors(NodeId(u), nb);
      CHECK(nb == filtered_base_neighbors(*f, NodeId(u)));
      CHECK(t->degree(NodeId(u)) == nb.size());
      for (const NodeId w : nb) CHECK(t->adjacent(NodeId(u), w));
      CHECK_FALSE(t->adjacent(NodeId(u), NodeId(u)));
    }
    CHECK_FALSE(t->adjacent(NodeId(0), NodeId(1)));
    CHECK_FALSE(t->adjacent(*f->from_base(NodeId(c.a)), *f->from_base(NodeId(c.b))));
  }
}

TEST_CASE("connectivity by max-flow equals brute force on random small graphs") {
  std::mt19937 rng(7);
  for (int round = 0; round < 200; ++round) {
    const std::uint32_t n = 3 + static_cast<std::uint32_t>(rng()) % 6;
    const auto edges = random_connected(rng, n, static_cast<std::uint32_t>(rng()) % 10);
    if (edges.size() > 18) continue;
    std::vector<std::vector<std::uint32_t>> adj(n);
    for (auto [a, b] : edges) adj[a].push_back(b), adj[b].push_back(a);
    struct AdjGraph : Graph {
      std::vector<std::vector<std::uint32_t>> adj;
      std::uint64_t num_nodes() const override { return adj.size(); }
      void neighbors(NodeId u, std::vector<NodeId>& out) const override {
        out.clear();
        for (auto w : adj[u.v]) out.emplace_back(w);
      }
    } g;
    g.adj = adj;
    const auto c = connectivity(g);
    REQUIRE(c);
    INFO("n " << n << " edges " << edges.size());
    CHECK(c->nodes == brute_kappa(Csr(adj)));
    CHECK(c->links == brute_lambda(n, edges));
  }
  // Known values: the papers' networks and K_n.
  CHECK(connectivity(*build_topology("hypercube(5)"))->nodes == 5);
  CHECK(connectivity(*build_topology("complete(6)"))->nodes == 5);
  CHECK(connectivity(*build_topology("faulty(ring(6), nodes=[{0,3}])"))->nodes == 0);
  const auto two = connectivity(*build_topology("faulty(torus(4,4), links=[{0,1}])"));
  CHECK(two->links == 3);
  CHECK(two->nodes == 3);
  // Below the least degree (the case the dominating-set reduction argues for): two K_5 joined
  // by two disjoint links have lambda = kappa = 2 where delta = 4.
  std::string links;
  for (int side = 0; side < 2; ++side)
    for (int a = 0; a < 5; ++a)
      for (int b = a + 1; b < 5; ++b)
        links += "{" + std::to_string(5 * side + a) + "," + std::to_string(5 * side + b) + "},";
  const auto cliques = connectivity(*build_topology("graph(10, links=[" + links + "{0,5},{1,6}])"));
  CHECK(cliques->links == 2);
  CHECK(cliques->nodes == 2);
}

TEST_CASE(
    "every collective on every connected network: checked, between the lower and the stated "
    "bound") {
  for (const char* spec :
       {"ring(7)", "mesh(3,4)", "ccc(3)", "dualcube(2)", "hdn(hypercube(2),sn=[{0},{1}])",
        "hsn(2,hypercube(2))", "product(ccc(2),path(3))",
        "faulty(torus(4,4), links=[{0,1}], nodes=[{5}])", "faulty(hypercube(4), nodes=[{0,15}])"}) {
    const auto t = build_topology(spec);
    for (const char* c : {"broadcast", "scatter", "gather", "all-gather", "total-exchange",
                          "all-reduce", "reduce", "reduce-scatter"}) {
      INFO(spec << " " << c);
      const auto names = algorithm_names(*t, c);
      REQUIRE(!names.empty());
      for (const auto& a : names) {
        INFO(a);
        GenRequest r(c, a, NodeId(1));
        const CheckedSchedule s = generate_checked(*t, r);
        CHECK(s.holds());
        const auto& v = s.verification();
        if (v.lower) CHECK(v.lower->steps <= v.check.steps);
        if (v.bound && a.starts_with("tree-")) CHECK(v.check.steps <= v.bound->steps);
        if (v.bound && a == "greedy") CHECK(v.check.steps <= v.bound->steps);
      }
    }
  }
}

TEST_CASE("the greedy exchange holds on random connected graphs within sum d(x,y) steps") {
  std::mt19937 rng(11);
  for (int round = 0; round < 12; ++round) {
    const std::uint32_t n = 2 + static_cast<std::uint32_t>(rng()) % 14;
    const auto edges = random_connected(rng, n, static_cast<std::uint32_t>(rng()) % 8);
    // The graph as a network: K_n with the links not in the graph failed.
    std::string links;
    const std::set<std::pair<std::uint32_t, std::uint32_t>> present(edges.begin(), edges.end());
    for (std::uint32_t a = 0; a < n; ++a)
      for (std::uint32_t b = a + 1; b < n; ++b)
        if (!present.count({a, b}))
          links += (links.empty() ? "{" : ",{") + std::to_string(a) + "," + std::to_string(b) + "}";
    const std::string spec = "faulty(complete(" + std::to_string(n) + ")" +
                             (links.empty() ? "" : ", links=[" + links + "]") + ")";
    INFO(spec);
    const auto t = build_topology(spec);
    const auto c = generate_checked(*t, GenRequest("total-exchange", "greedy"));
    CHECK(c.holds());
    REQUIRE(c.verification().bound);
    CHECK(c.verification().check.steps <= c.verification().bound->steps);
    CHECK(c.verification().lower->steps <= c.verification().check.steps);
  }
}

TEST_CASE("the greedy exchange on K_n takes n-1 steps, as AS(K_n)") {
  for (std::uint32_t n = 2; n <= 6; ++n)
    CHECK(greedy_unit_exchange(*build_topology("complete(" + std::to_string(n) + ")")).size() ==
          n - 1);
}

TEST_CASE("a healthy schedule checked under faults: the fault is the witness") {
  const auto healthy = build_topology("torus(4,4)");
  const Schedule b = generate_checked(*healthy, GenRequest("broadcast")).schedule();
  auto under = [&](const std::string& spec) {
    const auto t = build_topology(spec);
    return verify_under_faults(network_ref<FaultyNetwork>(*t), b);
  };
  const auto link = under("faulty(torus(4,4), links=[{0,1}])");
  REQUIRE(link.check.violation());
  CHECK_THAT(link.check.violation()->message, Catch::Contains("link (0,0)-(0,1) failed"));
  const auto node = under("faulty(torus(4,4), nodes=[{5}])");
  REQUIRE(node.check.violation());
  CHECK_THAT(node.check.violation()->message, Catch::Contains("node (1,1) failed"));
  // A link the schedule never uses changes nothing.
  std::set<std::pair<std::uint32_t, std::uint32_t>> used;
  for (const auto& st : b.steps)
    for (const auto& x : st.transfers)
      used.emplace(std::min(x.from.v, x.to.v), std::max(x.from.v, x.to.v));
  for (auto [a, c] : edge_set(*healthy))
    if (!used.count({a, c})) {
      CHECK(
          under("faulty(torus(4,4), links=[{" + std::to_string(a) + "," + std::to_string(c) + "}])")
              .check.ok());
      break;
    }
  CHECK_THROWS_WITH(under("faulty(torus(4,5), links=[{0,1}])"),
                    Catch::Contains("the schedule is for torus(4,4)"));
}

TEST_CASE("gen --list and the dispatcher agree: every listed default generates") {
  for (const char* spec : {"dualcube(2)", "hypercube(3)", "ccc(3)", "hsn(2,hypercube(2))"}) {
    const auto t = build_topology(spec);
    for (const auto& c : collective_names()) {
      const auto names = algorithm_names(*t, c);
      if (names.empty() || c == "route" || c == "cube-dimension" || c == "multicast") continue;
      INFO(spec << " " << c);
      CHECK(generate_checked(*t, GenRequest(c))
                .schedule()
                .algorithm.starts_with(names.front().substr(0, 4)));
    }
  }
}

TEST_CASE("FTR (RHFC §4.2): valid walks around the faults, without faults the paper's route") {
  for (const char* spec :
       {"hsn(3,hypercube(2))", "hfc(hypercube(2),5,5)", "rhs(2,2,hypercube(1))"}) {
    INFO(spec);
    const auto healthy = build_topology(spec);
    const auto paper = make_router(*healthy, "auto");
    const auto none = build_topology(std::string("faulty(") + spec + ")");
    const auto& f0 = network_ref<FaultyNetwork>(*none);
    NodePath ref;
    for (std::uint32_t x = 0; x < healthy->num_nodes(); x += 3)
      for (std::uint32_t y = 0; y < healthy->num_nodes(); y += 5) {
        const FtrRoute r = rhfc_ftr(f0, NodeId(x), NodeId(y));
        paper->route(NodeId(x), NodeId(y), ref);
        CHECK(r.diversions.empty());
        CHECK(r.path.size() == ref.size());
      }
  }
  // One failed inter-cluster link on HSN(3,Q2): its penalty is 3, at the printed bound, once
  // the walk's loop is cut (tests/analysis/test_repair.cpp).
  const auto t = build_topology("faulty(hsn(3,hypercube(2)), links=[{51,60}])");
  const auto& f = network_ref<FaultyNetwork>(*t);
  CHECK(ftr_condition(f).empty());
  const FtrRoute r = rhfc_ftr(f, NodeId(0), NodeId(60));
  CHECK(r.diversions == std::vector<std::uint32_t>{2});  // (3,0,3)-(3,3,0) is a level-2 link
  REQUIRE(r.path.front() == NodeId(0));
  REQUIRE(r.path.back() == NodeId(60));
  for (std::size_t i = 1; i < r.path.size(); ++i) {
    CHECK(f.base().adjacent(r.path[i - 1], r.path[i]));
    CHECK_FALSE(f.link_failed(r.path[i - 1], r.path[i]));
  }
  // As a router on the faulty network it passes the checker.
  const auto c = generate_checked(*t, [] {
    GenRequest q("route");
    q.source = NodeId(0);
    q.target = NodeId(60);
    return q;
  }());
  CHECK(c.schedule().algorithm == "ftr");
  CHECK(c.holds());
  // Failed nodes: x' itself failed, so the packet diverts from x's nucleus.
  const auto n = build_topology("faulty(hsn(3,hypercube(2)), nodes=[{3}])");
  const auto& fn = network_ref<FaultyNetwork>(*n);
  CHECK(rhfc_ftr(fn, NodeId(0), NodeId(60)).diversions.size() == 1);
  CHECK_THROWS_WITH(rhfc_ftr(fn, NodeId(0), NodeId(3)), Catch::Contains("has failed"));
  // The condition, and what FTR says when the faults exceed it.
  const auto cut = build_topology("faulty(hsn(2,hypercube(2)), nodes=[{1,2}])");
  CHECK_THAT(ftr_condition(*network_as<FaultyNetwork>(*cut)),
             Catch::Contains("not below the nucleus connectivity 2"));
  CHECK_THROWS_WITH(rhfc_ftr(*network_as<FaultyNetwork>(*cut), NodeId(0), NodeId(3)),
                    Catch::Contains("the faults cut the nucleus"));
  CHECK_THROWS_WITH(make_ftr_router(*build_family<FaultyNetwork>("faulty(torus(3,3))")),
                    Catch::Contains("needs an HFC, HSN or RHS"));
}

TEST_CASE(
    "reduce and reduce-scatter: the register checker accepts the generated ones and "
    "catches a lost or doubled contribution") {
  const auto t = build_topology("product(ccc(2),path(2))");
  for (const char* c : {"reduce", "reduce-scatter"}) {
    INFO(c);
    const Schedule s = generate_checked(*t, GenRequest(c, "auto", NodeId(3))).schedule();
    CHECK(simulate(*t, s).ok());
    // A lost contribution: drop the last transfer.
    Schedule lost = s;
    for (auto it = lost.steps.rbegin(); it != lost.steps.rend(); ++it)
      if (!it->transfers.empty()) {
        it->transfers.pop_back();
        break;
      }
    const auto r = simulate(*t, lost);
    REQUIRE(r.violation());
    CHECK(r.violation()->rule == Rule::Result);
    // A doubled contribution: the first transfer repeated in a step of its own.
    Schedule twice = s;
    Step again;
    again.transfers.push_back(s.steps.front().transfers.front());
    twice.steps.insert(twice.steps.begin() + 1, again);
    const auto d = simulate(*t, twice);
    REQUIRE(d.violation());
    CHECK(d.violation()->rule == Rule::DoubleCount);
  }
  // The numbers agree: node j ends with the sum of every node's block j.
  const Schedule rs = generate_checked(*t, GenRequest("reduce-scatter")).schedule();
  const std::uint64_t n = t->num_nodes();
  std::vector<std::int64_t> in(n * n);
  for (std::uint64_t i = 0; i < in.size(); ++i) in[i] = static_cast<std::int64_t>(i * 7 % 13);
  const RegisterFile out = evaluate_registers(rs, initial_registers(rs, in));
  for (std::uint64_t j = 0; j < n; ++j) {
    std::int64_t sum = 0;
    for (std::uint64_t v = 0; v < n; ++v) sum += in[v * n + j];
    CHECK(out[j][j] == sum);
  }
}

TEST_CASE(
    "Z3 on users' networks: optimum on a faulty network, a product and a graph file, "
    "verify --smt agrees with the simulator",
    "[smt]") {
  const std::string file = netsched::testing::scratch_path("own.ncol");
  std::ofstream(file) << "a b\nb c\nc d\nd a\na c\n";
  for (const std::string& spec : {std::string("faulty(torus(3,3), links=[{0,1}], nodes=[{4}])"),
                                  std::string("product(faulty(ring(4),links=[{0,3}]),complete(2))"),
                                  "file(\"" + file + "\")"}) {
    INFO(spec);
    const auto t = build_topology(spec);
    const auto r = min_steps(*t, Collective::broadcast(t->num_nodes(), NodeId(0)), 0, {});
    CHECK(r.result == Optimum::Optimal);
    REQUIRE(r.schedule);
    CHECK(simulate(*t, *r.schedule).ok());
    // The generic broadcast is never below the proven optimum.
    const auto g = generate_checked(*t, GenRequest("broadcast"));
    CHECK(g.verification().check.steps >= r.upper_bound);
    CHECK(smt_check(*t, g.schedule()).verdict.kind == Verdict::Kind::Holds);
  }
}

TEST_CASE("products and faulty networks nest: faulty(product(faulty(...)))") {
  const auto inner =
      build_topology("product(faulty(product(ccc(2),ring(3)),links=[{0,1}]),ring(3))");
  const auto ccc = build_topology("ccc(2)");
  // |E| = (|E(ccc(2)) x C3| - 1) * 3 + 24 * 3
  CHECK(inner->count_edges() == ((ccc->count_edges() * 3 + 8 * 3) - 1) * 3 + 24 * 3);
  const auto outer = build_topology("faulty(" + inner->spec() + ", nodes=[{5}])");
  std::vector<NodeId> nb;
  for (std::uint32_t u = 0; u < outer->num_nodes(); ++u) {
    outer->neighbors(NodeId(u), nb);
    CHECK(nb.size() == outer->degree(NodeId(u)));
    for (NodeId w : nb) CHECK(outer->adjacent(w, NodeId(u)));
  }
}
