// Why: a graph a program holds in memory (a networkx graph, an edge list) must name itself in a
// spec, so that a schedule made on it can be written, read back and verified like any other:
// graph(N, links=[{a,b},...]) carries the whole graph, and builds the same network as a file —
// with what a graph file may say too: arcs one way (arcs=[{from,to},...]), switches
// (switches=[{s,...}], the last ids), a link's bandwidth in percent of the default
// (bandwidth=[{a,b,p},...]) and its lanes (lanes=[{a,b,k},...]).
#include <algorithm>
#include <map>

#include "gen/topo/args.hpp"
#include "gen/topo/file_graph.hpp"
#include "gen/topo/weighted.hpp"

namespace netsched {
namespace {

constexpr const char* kForm =
    "graph(N, links=[{a,b},...] or arcs=[{from,to},...] [, switches=[{s,...}]] "
    "[, bandwidth=[{a,b,percent},...]] [, lanes=[{a,b,k},...]])";

const SpecValue* sets_arg(const Args& a, const std::string& key, const std::string& example) {
  const SpecValue* v = a.named(key);
  if (v && v->kind != SpecValue::Kind::Sets)
    throw SpecError(v->column, "graph: " + key + " must be a list of sets such as " + example);
  return v;
}

/// The links (or arcs) as edges; each link as {smaller,larger} in `canonical`.
void read_edges(const SpecValue& spec, const SpecValue& list, std::uint64_t n, bool directed,
                GraphData& d, SpecValue& canonical) {
  if (list.sets.size() > kMaxFileEdges)
    throw SpecError(list.column,
                    "graph: more links than " + limit_text("kMaxFileEdges", kMaxFileEdges));
  // Fewer links than N - 1 cannot connect N nodes: refused before N labels are made.
  if (const std::size_t k = list.sets.size(); n > k + 1)
    throw SpecError(spec.column, "graph: " + std::to_string(k) + (k == 1 ? " link" : " links") +
                                     " cannot connect " + std::to_string(n) + " nodes");
  d.edges.reserve(list.sets.size());
  for (std::size_t i = 0; i < list.sets.size(); ++i) {
    const auto& s = list.sets[i];
    if (s.size() != 2 || s[0] == s[1] || s[0] >= n || s[1] >= n)
      throw SpecError(list.set_columns[i], std::string("graph: ") +
                                               (directed ? "an arc" : "a link") +
                                               " is a set of two different nodes below " +
                                               std::to_string(n) + ", such as {0,1}");
    const auto a = static_cast<std::uint32_t>(s[0]), b = static_cast<std::uint32_t>(s[1]);
    d.edges.emplace_back(directed ? a : std::min(a, b), directed ? b : std::max(a, b));
  }
  if (!directed)
    for (SpecArg& arg : canonical.args)
      if (arg.key == "links")
        for (auto& s : arg.value.sets) std::sort(s.begin(), s.end());
}

/// The switches, which must be the last ids (a node's id in the spec is its id everywhere).
void read_switches(const SpecValue* list, std::uint64_t n, GraphData& d) {
  if (!list) return;
  d.kinds.assign(n, std::string(kEndpointKind));
  for (std::size_t i = 0; i < list->sets.size(); ++i)
    for (const std::uint64_t v : list->sets[i]) {
      if (v >= n)
        throw SpecError(list->set_columns[i], "graph: switch " + std::to_string(v) +
                                                  " is not a node below " + std::to_string(n));
      d.kinds[v] = kSwitchKind;
    }
  const auto first = std::find(d.kinds.begin(), d.kinds.end(), kSwitchKind);
  if (const auto endpoint = std::find(first, d.kinds.end(), kEndpointKind);
      endpoint != d.kinds.end())
    throw SpecError(list->column, "graph: the switches take the ids after the endpoints, but " +
                                      std::to_string(first - d.kinds.begin()) +
                                      " is a switch and " +
                                      std::to_string(endpoint - d.kinds.begin()) + " an endpoint");
}

/// A value per edge from [{a,b,x},...] (`fallback` where an edge is not listed), x in [lo, hi].
std::vector<double> per_edge(const SpecValue& list, const GraphData& d, const std::string& key,
                             std::uint64_t lo, std::uint64_t hi, double fallback) {
  std::map<std::pair<std::uint64_t, std::uint64_t>, std::size_t> index;
  for (std::size_t e = 0; e < d.edges.size(); ++e) index.emplace(d.edges[e], e);
  std::vector<double> out(d.edges.size(), fallback);
  std::vector<bool> listed(d.edges.size(), false);
  for (std::size_t i = 0; i < list.sets.size(); ++i) {
    const auto& s = list.sets[i];
    const std::size_t col = list.set_columns[i];
    if (s.size() != 3)
      throw SpecError(col, "graph: a " + key + " entry is {a,b,value} of a link, such as {0,1,2}");
    const auto ends =
        d.directed ? std::pair(s[0], s[1]) : std::pair(std::min(s[0], s[1]), std::max(s[0], s[1]));
    const auto it = index.find(ends);
    if (it == index.end())
      throw SpecError(col, "graph: " + key + " names " + std::to_string(s[0]) +
                               (d.directed ? " -> " : " - ") + std::to_string(s[1]) +
                               ", which is not " + (d.directed ? "an arc" : "a link"));
    if (s[2] < lo || s[2] > hi)
      throw SpecError(col, "graph: a " + key + " value is " + std::to_string(lo) + ".." +
                               std::to_string(hi) + ", not " + std::to_string(s[2]));
    if (listed[it->second])
      throw SpecError(col, "graph: " + key + " lists " + std::to_string(s[0]) + "," +
                               std::to_string(s[1]) + " twice");
    listed[it->second] = true;
    out[it->second] = static_cast<double>(s[2]);
  }
  return out;
}

void read_speeds(const Args& a, GraphData& d) {
  constexpr double kPercent = 100;
  if (const SpecValue* bw = sets_arg(a, "bandwidth", "[{0,1,250}]")) {
    d.weights = per_edge(*bw, d, "bandwidth", 1, kMaxSpeedPercent, kPercent);
    for (double& w : d.weights) w /= kPercent;
  }
  if (const SpecValue* lanes = sets_arg(a, "lanes", "[{0,1,4}]"))
    d.lanes = per_edge(*lanes, d, "lanes", 1, kMaxLinkLanes, 1);
}

}  // namespace

std::unique_ptr<FileGraph> build_inline_graph(const SpecValue& spec) {
  const Args a(spec);
  a.expect_count(1, 1, kForm, {"links", "arcs", "switches", "bandwidth", "lanes"});
  const std::uint64_t n = a.integer(0, 1, kMaxFileNodes, "the number of nodes (kMaxFileNodes)");
  const SpecValue* links = sets_arg(a, "links", "[{0,1},{1,2}]");
  const SpecValue* arcs = sets_arg(a, "arcs", "[{0,1},{1,0}]");
  if (links && arcs) throw SpecError(arcs->column, "graph: give links or arcs, not both");
  if (n > 1 && !links && !arcs)
    throw SpecError(spec.column, "graph: give its links=[{a,b},...] (or arcs=[{from,to},...])");
  SpecValue canonical = spec;
  GraphData d;
  d.nodes = n;
  d.directed = arcs != nullptr;
  if (links || arcs) read_edges(spec, links ? *links : *arcs, n, d.directed, d, canonical);
  read_switches(sets_arg(a, "switches", "[{8}]"), n, d);
  read_speeds(a, d);
  d.labels.reserve(n);
  for (std::uint64_t u = 0; u < n; ++u) d.labels.push_back(std::to_string(u));
  // check_simple_connected names what is wrong; the spec names where
  try {
    check_simple_connected(d);
  } catch (const InputError& e) {
    throw SpecError(spec.column, std::string("graph: ") + e.what());
  }
  return std::make_unique<FileGraph>(d, print_spec(canonical), "graph");
}

}  // namespace netsched
