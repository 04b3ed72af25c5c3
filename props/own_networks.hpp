#pragma once
// Property generators of the users' own networks: random connected graphs written as graph
// files, and random fault sets of any network; with the structured families' generators
// (props/generators.hpp) they make family_generators(), one per family of gen's table.
#include <rapidcheck.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/graph.hpp"
#include "core/network.hpp"
#include "gen/topology.hpp"
#include "props/generators.hpp"
#include "tests/scratch.hpp"

namespace netsched::props {

using Edges = std::set<std::pair<std::uint32_t, std::uint32_t>>;

inline Edges edges_of(const Graph& g) {
  Edges e;
  std::vector<NodeId> nb;
  for (std::uint32_t u = 0; u < g.num_nodes(); ++u) {
    g.neighbors(NodeId(u), nb);
    for (NodeId w : nb) e.emplace(std::min(u, w.v), std::max(u, w.v));
  }
  return e;
}

/// A random connected graph: a random tree on n nodes plus random extra links.
inline rc::Gen<Edges> connected_graph(int max_nodes) {
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
inline std::string write_graph_file(const Edges& e) {
  static int counter = 0;
  const std::string path =
      netsched::testing::scratch_path("g" + std::to_string(counter++) + ".ncol");
  std::ofstream out(path);
  for (auto [a, b] : e) out << "v" << a << " v" << b << "\n";
  return "file(\"" + path + "\")";
}

/// The same graph given whole in the spec: graph(N, links=[...]).
inline std::string inline_graph_spec(const Edges& e) {
  std::uint32_t n = 0;
  std::string links;
  for (auto [a, b] : e) {
    n = std::max({n, a + 1, b + 1});
    links += (links.empty() ? "{" : ",{") + std::to_string(a) + "," + std::to_string(b) + "}";
  }
  return "graph(" + std::to_string(n) + ", links=[" + links + "])";
}

/// A random fault set of t that keeps it connected: up to three links and two nodes.
inline std::string random_faults(const Network& t) {
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

/// Random link speeds for t: up to three links at 1..400 % bandwidth, up to two at 1..400 %
/// latency.
inline std::string random_speeds(const Network& t) {
  const auto edges = edges_of(t);
  const std::vector<std::pair<std::uint32_t, std::uint32_t>> list(edges.begin(), edges.end());
  const auto pick = [&](int most) {
    std::map<std::pair<std::uint32_t, std::uint32_t>, int> chosen;
    const int count = *rc::gen::inRange(0, most + 1);
    for (int i = 0; i < count && !list.empty(); ++i)
      chosen[list[*rc::gen::inRange<std::size_t>(0, list.size())]] = *rc::gen::inRange(1, 401);
    std::string out;
    for (const auto& [link, p] : chosen)
      out += (out.empty() ? "{" : ",{") + std::to_string(t.serial_of(NodeId(link.first))) + "," +
             std::to_string(t.serial_of(NodeId(link.second))) + "," + std::to_string(p) + "}";
    return out;
  };
  const std::string bw = pick(3), lat = pick(2);
  return "weighted(" + t.spec() + (bw.empty() ? "" : ", bandwidth=[" + bw + "]") +
         (lat.empty() ? "" : ", latency=[" + lat + "]") + ")";
}

/// One property generator per family of gen's family table (props/prop_registry.cpp checks
/// that none is missing).
inline const std::vector<FamilyGenerator>& family_generators() {
  static const std::vector<FamilyGenerator> table = [] {
    std::vector<FamilyGenerator> t = structured_generators();
    t.push_back({"file", rc::gen::map(connected_graph(30), write_graph_file)});
    t.push_back({"graph", rc::gen::map(connected_graph(30), inline_graph_spec)});
    t.push_back({"faulty", rc::gen::exec([] {
                   for (;;) {  // a base of 3..128 nodes (most small specs are)
                     const auto base = build_topology(*any_spec());
                     if (base->num_nodes() >= 3u && base->num_nodes() <= 128u)
                       return random_faults(*base);
                   }
                 })});
    // the switched families (not in structured_generators: any_spec feeds the properties of
    // networks of ranks, which refuse them)
    t.push_back({"fat_tree", rc::gen::map(rc::gen::inRange(1, 5), [](int half) {
                   return "fat_tree(" + std::to_string(2 * half) + ")";
                 })});
    t.push_back({"dragonfly", rc::gen::exec([] {
                   return "dragonfly(" + std::to_string(*rc::gen::inRange(1, 5)) + "," +
                          std::to_string(*rc::gen::inRange(1, 4)) + "," +
                          std::to_string(*rc::gen::inRange(1, 4)) + ")";
                 })});
    t.push_back({"leaf_spine", rc::gen::exec([] {
                   const int uplink = *rc::gen::inRange(1, 4);
                   return "leaf_spine(" + std::to_string(*rc::gen::inRange(1, 7)) + "," +
                          std::to_string(*rc::gen::inRange(1, 5)) + "," +
                          std::to_string(*rc::gen::inRange(1, 7)) +
                          (uplink == 1 ? "" : ", uplink=" + std::to_string(uplink)) + ")";
                 })});
    t.push_back({"weighted", rc::gen::exec([] {
                   for (;;) {  // a base of 2..128 nodes
                     const auto base = build_topology(*any_spec());
                     if (base->num_nodes() >= 2u && base->num_nodes() <= 128u)
                       return random_speeds(*base);
                   }
                 })});
    return t;
  }();
  return table;
}

}  // namespace netsched::props
