#include "gen/topo/graph_files.hpp"

#include <graphviz/cgraph.h>
#include <igraph/igraph.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <regex>
#include <stdexcept>
#include <unordered_map>

#include "core/c_library_lock.hpp"
#include "core/errors.hpp"
#include "core/json_text.hpp"
#include "core/node.hpp"
#include "core/text.hpp"

namespace netsched {
namespace {

const std::vector<std::pair<std::string, GraphFormat>>& format_names() {
  static const std::vector<std::pair<std::string, GraphFormat>> names = {
      {"edgelist", GraphFormat::EdgeList}, {"ncol", GraphFormat::Ncol},
      {"lgl", GraphFormat::Lgl},           {"pajek", GraphFormat::Pajek},
      {"graphml", GraphFormat::GraphMl},   {"gml", GraphFormat::Gml},
      {"dot", GraphFormat::Dot},           {"json", GraphFormat::Json}};
  return names;
}

/// igraph reports errors through a handler; this one keeps the message for the exception and
/// frees igraph's temporaries (igraph's documented duty of a handler that does not abort).
thread_local std::string igraph_reason;
void keep_igraph_error(const char* reason, const char* /*file*/, int /*line*/, igraph_error_t err) {
  const std::string why = reason ? reason : "";
  igraph_reason = why.empty() ? igraph_strerror(err) : why + " (" + igraph_strerror(err) + ")";
  IGRAPH_FINALLY_FREE();
}

void ignore_igraph_warning(const char*, const char*, int) {}

/// igraph's reason, with the text of the line it names ("... line 3 ...") quoted after it:
/// its parsers say only "Parse error" for a number they cannot read (a weight of 1e-308).
std::string with_failing_line(const std::string& reason, std::string_view content) {
  constexpr std::size_t kShownChars = 60;
  static const std::regex named(R"(line (\d{1,9}))");
  std::smatch m;
  if (!std::regex_search(reason, m, named)) return reason;
  std::size_t line = std::stoul(m[1].str()), at = 0;
  while (--line > 0 && at != std::string_view::npos) {
    at = content.find('\n', at);
    if (at != std::string_view::npos) ++at;
  }
  if (line > 0 || at == std::string_view::npos || at >= content.size()) return reason;
  return reason + ": '" + one_line(content.substr(at, content.find('\n', at) - at), kShownChars) +
         "'";
}

/// One igraph graph, destroyed on scope exit.
struct IgraphGraph {
  igraph_t g;
  bool made = false;
  ~IgraphGraph() {
    if (made) igraph_destroy(&g);
  }
};

/// The vertex label igraph kept: the string attribute name, label or id, else a number.
std::string igraph_label(const igraph_t& g, igraph_integer_t v) {
  for (const char* attr : {"name", "label", "id"}) {
    if (!igraph_cattribute_has_attr(&g, IGRAPH_ATTRIBUTE_VERTEX, attr)) continue;
    igraph_attribute_type_t type;
    igraph_cattribute_table.gettype(&g, &type, IGRAPH_ATTRIBUTE_VERTEX, attr);
    if (type == IGRAPH_ATTRIBUTE_STRING) return VAS(&g, attr, v);
    if (type == IGRAPH_ATTRIBUTE_NUMERIC) {
      const double x = VAN(&g, attr, v);
      if (std::isnan(x)) continue;  // this node lacks the attribute
      constexpr double kExactIntegers =
          9007199254740992.0;  // 2^53: every integer below is a double
      if (std::abs(x) < kExactIntegers && x == std::trunc(x))
        return std::to_string(static_cast<std::int64_t>(x));
      return std::to_string(x);
    }
  }
  return std::to_string(v);
}

/// Whether g has a numeric edge attribute `name` (a GraphML key may be a string).
bool numeric_edge_attribute(const igraph_t& g, const char* name) {
  if (!igraph_cattribute_has_attr(&g, IGRAPH_ATTRIBUTE_EDGE, name)) return false;
  igraph_strvector_t names;
  igraph_vector_int_t types;
  igraph_strvector_init(&names, 0);
  igraph_vector_int_init(&types, 0);
  bool numeric = false;
  if (igraph_cattribute_list(&g, nullptr, nullptr, nullptr, nullptr, &names, &types) ==
      IGRAPH_SUCCESS)
    for (igraph_integer_t i = 0; i < igraph_strvector_size(&names); ++i)
      if (std::string(igraph_strvector_get(&names, i)) == name)
        numeric = VECTOR(types)[i] == IGRAPH_ATTRIBUTE_NUMERIC;
  igraph_strvector_destroy(&names);
  igraph_vector_int_destroy(&types);
  return numeric;
}

/// The node attribute "kind" (GraphData::kinds), "" where a node lacks it; empty when the file
/// has none. A kind that is not text is refused: it would mean nothing.
std::vector<std::string> igraph_kinds(const igraph_t& g) {
  if (!igraph_cattribute_has_attr(&g, IGRAPH_ATTRIBUTE_VERTEX, "kind")) return {};
  igraph_attribute_type_t type;
  igraph_cattribute_table.gettype(&g, &type, IGRAPH_ATTRIBUTE_VERTEX, "kind");
  if (type != IGRAPH_ATTRIBUTE_STRING)
    throw InputError("the node attribute 'kind' must be text (\"switch\" or \"endpoint\")");
  std::vector<std::string> kinds;
  for (igraph_integer_t v = 0; v < igraph_vcount(&g); ++v) kinds.emplace_back(VAS(&g, "kind", v));
  return kinds;
}

/// A numeric edge attribute's values, one per edge; empty when the file has none.
std::vector<double> igraph_edge_numbers(const igraph_t& g, const char* name) {
  std::vector<double> values;
  if (numeric_edge_attribute(g, name))
    for (igraph_integer_t e = 0; e < igraph_ecount(&g); ++e) values.push_back(EAN(&g, name, e));
  return values;
}

GraphData read_with_igraph(const std::string& content, GraphFormat format) {
  const auto held = lock_c_libraries();  // before ig: released after igraph_destroy
  igraph_set_attribute_table(&igraph_cattribute_table);
  igraph_set_error_handler(keep_igraph_error);
  igraph_set_warning_handler(ignore_igraph_warning);
  std::unique_ptr<FILE, int (*)(FILE*)> in(
      fmemopen(const_cast<char*>(content.data()), content.size(), "r"), fclose);
  if (!in) throw InputError("cannot read the graph file from memory");
  IgraphGraph ig;
  igraph_error_t rc = IGRAPH_SUCCESS;
  igraph_reason.clear();
  switch (format) {
    case GraphFormat::EdgeList:
      rc = igraph_read_graph_edgelist(&ig.g, in.get(), 0, false);
      break;
    case GraphFormat::Ncol:
      rc = igraph_read_graph_ncol(&ig.g, in.get(), nullptr, true, IGRAPH_ADD_WEIGHTS_IF_PRESENT,
                                  false);
      break;
    case GraphFormat::Lgl:
      rc = igraph_read_graph_lgl(&ig.g, in.get(), true, IGRAPH_ADD_WEIGHTS_IF_PRESENT, false);
      break;
    case GraphFormat::Pajek:
      rc = igraph_read_graph_pajek(&ig.g, in.get());
      break;
    case GraphFormat::GraphMl:
      rc = igraph_read_graph_graphml(&ig.g, in.get(), 0);
      break;
    case GraphFormat::Gml:
      rc = igraph_read_graph_gml(&ig.g, in.get());
      break;
    default:
      throw std::logic_error("not an igraph format");
  }
  if (rc != IGRAPH_SUCCESS)
    throw InputError("not a graph in " + to_string(format) +
                     " format: " + with_failing_line(igraph_reason, content));
  ig.made = true;
  GraphData d;
  d.nodes = static_cast<std::uint64_t>(igraph_vcount(&ig.g));
  d.directed = igraph_is_directed(&ig.g);
  if (d.nodes > kMaxNodes) return d;  // check_simple_connected names the limit
  for (igraph_integer_t v = 0; v < igraph_vcount(&ig.g); ++v)
    d.labels.push_back(igraph_label(ig.g, v));
  for (igraph_integer_t e = 0; e < igraph_ecount(&ig.g); ++e)
    d.edges.emplace_back(static_cast<std::uint32_t>(IGRAPH_FROM(&ig.g, e)),
                         static_cast<std::uint32_t>(IGRAPH_TO(&ig.g, e)));
  d.weights = igraph_edge_numbers(ig.g, "weight");
  d.lanes = igraph_edge_numbers(ig.g, "lanes");
  for (double& lanes : d.lanes)  // an edge without the attribute: one lane
    if (std::isnan(lanes)) lanes = 1;
  d.kinds = igraph_kinds(ig.g);
  return d;
}

thread_local std::string cgraph_reason;
int keep_cgraph_error(char* message) {
  cgraph_reason += message ? message : "";
  return 0;
}

/// The nodes in id order: by name when the names are exactly 0..n-1 (netsched's own export,
/// whose edges may mention a node before its line), else in the file's order.
std::vector<Agnode_t*> dot_node_order(Agraph_t* g) {
  std::vector<Agnode_t*> in_file;
  for (Agnode_t* n = agfstnode(g); n; n = agnxtnode(g, n)) in_file.push_back(n);
  std::vector<Agnode_t*> by_name(in_file.size(), nullptr);
  for (Agnode_t* n : in_file) {
    const std::string name = agnameof(n);
    if (name.empty() || name.size() > 9 || !std::all_of(name.begin(), name.end(), ::isdigit))
      return in_file;
    const auto i = std::stoull(name);
    if (i >= by_name.size() || by_name[i]) return in_file;
    by_name[i] = n;
  }
  return by_name;
}

/// An attribute's value as a number (all of its text), or `absent` where the element has none:
/// Graphviz keeps every attribute as text.
double dot_number(void* element, Agsym_t* attribute, double absent, const std::string& what) {
  const char* text = attribute ? agxget(element, attribute) : nullptr;
  if (!text || !*text) return absent;
  char* end = nullptr;
  const double x = std::strtod(text, &end);
  if (end == text || *end != '\0')
    throw InputError(what + " is '" + quoted_label(text) + "', not a number");
  return x;
}

/// The switched model's attributes of a DOT file: a node's "kind", an edge's "weight" (1 where
/// an edge lacks it, as Graphviz takes it) and "lanes" (1 where it lacks them).
void read_dot_attributes(Agraph_t* g, const std::vector<Agnode_t*>& order, GraphData& d) {
  if (Agsym_t* kind = agattr(g, AGNODE, const_cast<char*>("kind"), nullptr))
    for (Agnode_t* n : order) d.kinds.emplace_back(agxget(n, kind));
  Agsym_t* weight = agattr(g, AGEDGE, const_cast<char*>("weight"), nullptr);
  Agsym_t* lanes = agattr(g, AGEDGE, const_cast<char*>("lanes"), nullptr);
  if (!weight && !lanes) return;
  for (Agnode_t* n = agfstnode(g); n; n = agnxtnode(g, n))
    for (Agedge_t* e = agfstout(g, n); e; e = agnxtout(g, e)) {
      const std::string link =
          std::string("edge ") + agnameof(agtail(e)) + " - " + agnameof(aghead(e)) + "'s ";
      if (weight) d.weights.push_back(dot_number(e, weight, 1, link + "weight"));
      if (lanes) d.lanes.push_back(dot_number(e, lanes, 1, link + "lanes"));
    }
}

GraphData read_dot(const std::string& content) {
  const auto held = lock_c_libraries();  // before owner: released after agclose
  cgraph_reason.clear();
  agseterrf(keep_cgraph_error);
  agseterr(AGERR);
  Agraph_t* g = agmemread(content.c_str());
  if (!g) {
    std::string why = cgraph_reason;
    why.erase(std::remove(why.begin(), why.end(), '\n'), why.end());
    throw InputError("not a graph in dot format: " +
                     (why.empty() ? "Graphviz could not read it" : why));
  }
  std::unique_ptr<Agraph_t, int (*)(Agraph_t*)> owner(g, agclose);
  GraphData d;
  d.directed = agisdirected(g);
  const auto order = dot_node_order(g);
  std::unordered_map<Agnode_t*, std::uint32_t> id;
  d.nodes = order.size();
  d.labels.resize(order.size());
  for (std::uint32_t i = 0; i < order.size(); ++i) {
    Agnode_t* n = order[i];
    id[n] = i;
    const char* label = agget(n, const_cast<char*>("label"));
    d.labels[i] = label && *label && std::string(label) != "\\N" ? label : agnameof(n);
  }
  for (Agnode_t* n = agfstnode(g); n; n = agnxtnode(g, n))
    for (Agedge_t* e = agfstout(g, n); e; e = agnxtout(g, e))
      d.edges.emplace_back(id[agtail(e)], id[aghead(e)]);
  read_dot_attributes(g, order, d);
  return d;
}

/// netsched's own `export --format json`: {"nodes": N, "labels": [...], "edges": [[u, v], ...]}.
GraphData read_json(const std::string& content) {
  check_json_text(content, "the graph file");
  const auto j = nlohmann::json::parse(content, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("nodes") || !j.contains("edges"))
    throw InputError(
        "not a graph in json format: expected {\"nodes\": N, \"edges\": [[u, v], ...]}");
  GraphData d;
  if (!j["nodes"].is_number_unsigned())
    throw InputError("not a graph in json format: \"nodes\" must be a count");
  d.nodes = j["nodes"].get<std::uint64_t>();
  if (!j["edges"].is_array())
    throw InputError("not a graph in json format: \"edges\" must be a list of [u, v]");
  check_graph_size({d.nodes, j["edges"].size(), 0, true}, content.size());
  if (j.contains("labels")) {
    if (!j["labels"].is_array() || j["labels"].size() != d.nodes)
      throw InputError("not a graph in json format: \"labels\" must list one label per node");
    for (const auto& l : j["labels"])
      d.labels.push_back(l.is_string() ? l.get<std::string>() : l.dump());
  } else {
    for (std::uint64_t u = 0; u < d.nodes; ++u) d.labels.push_back(std::to_string(u));
  }
  for (const auto& e : j["edges"]) {
    if (!e.is_array() || e.size() != 2 || !e[0].is_number_unsigned() ||
        !e[1].is_number_unsigned() || e[0].get<std::uint64_t>() >= d.nodes ||
        e[1].get<std::uint64_t>() >= d.nodes)
      throw InputError("not a graph in json format: edge " + quoted_label(e.dump()) +
                       " is not [u, v] with u, v < " + std::to_string(d.nodes));
    d.edges.emplace_back(e[0].get<std::uint32_t>(), e[1].get<std::uint32_t>());
  }
  return d;
}

}  // namespace

std::string to_string(GraphFormat f) {
  for (const auto& [name, format] : format_names())
    if (format == f) return name;
  return "?";
}

GraphFormat graph_format_from_name(const std::string& name) {
  std::string known;
  for (const auto& [n, format] : format_names()) {
    if (n == name) return format;
    known += (known.empty() ? "" : ", ") + n;
  }
  throw InputError("unknown graph format '" + name + "' (known: " + known + ")");
}

GraphFormat graph_format_of_path(const std::string& path) {
  static const std::map<std::string, GraphFormat> ext = {
      {".edges", GraphFormat::EdgeList}, {".txt", GraphFormat::EdgeList},
      {".el", GraphFormat::EdgeList},    {".ncol", GraphFormat::Ncol},
      {".lgl", GraphFormat::Lgl},        {".net", GraphFormat::Pajek},
      {".paj", GraphFormat::Pajek},      {".graphml", GraphFormat::GraphMl},
      {".xml", GraphFormat::GraphMl},    {".gml", GraphFormat::Gml},
      {".dot", GraphFormat::Dot},        {".gv", GraphFormat::Dot},
      {".json", GraphFormat::Json}};
  const auto dot = path.rfind('.');
  if (dot != std::string::npos && path.find('/', dot) == std::string::npos) {
    std::string e = path.substr(dot);
    std::transform(e.begin(), e.end(), e.begin(), ::tolower);
    if (auto it = ext.find(e); it != ext.end()) return it->second;
  }
  throw InputError("cannot tell the format of '" + path +
                   "' from its extension: give format=\"edgelist\" (or ncol, lgl, pajek, "
                   "graphml, gml, dot, json)");
}

GraphData parse_graph(const std::string& content, GraphFormat format) {
  check_graph_size(scan_graph_size(content, format), content.size(),
                   format == GraphFormat::Dot ? kDotBytesPerEdge : kFileBytesPerEdge);
  if (format == GraphFormat::Dot) return read_dot(content);
  if (format == GraphFormat::Json) return read_json(content);
  return read_with_igraph(content, format);
}

namespace {
std::string weight_text(double w) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", w);
  return text;
}
}  // namespace

std::optional<std::uint32_t> label_id(std::string_view label, std::uint64_t n) {
  constexpr std::size_t kMaxDigits = 10;  // 2^32 - 1 has ten
  if (label.empty() || label.size() > kMaxDigits || (label.size() > 1 && label[0] == '0'))
    return std::nullopt;
  std::uint64_t v = 0;
  for (const char c : label) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + static_cast<std::uint64_t>(c - '0');
  }
  if (v >= n) return std::nullopt;
  return static_cast<std::uint32_t>(v);
}

std::vector<std::uint32_t> label_order(const std::vector<std::string>& labels) {
  bool ids = true;
  for (std::uint32_t u = 0; ids && u < labels.size(); ++u)
    ids = label_id(labels[u], labels.size()) == u;
  if (ids) return {};
  std::vector<std::uint32_t> order(labels.size());
  for (std::uint32_t u = 0; u < order.size(); ++u) order[u] = u;
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    const int c = labels[a].compare(labels[b]);
    return c < 0 || (c == 0 && a < b);
  });
  return order;
}

namespace {

std::string link_text(const GraphData& g, std::pair<std::uint32_t, std::uint32_t> e) {
  if (!g.directed) e = {std::min(e.first, e.second), std::max(e.first, e.second)};
  return "the " + std::string(g.directed ? "arc '" : "link '") + quoted_label(g.labels[e.first]) +
         (g.directed ? "' -> '" : "' - '") + quoted_label(g.labels[e.second]) + "'";
}

void check_labels(const GraphData& g) {
  for (const std::string& label : g.labels)
    if (valid_utf8(label) != label)
      throw InputError("label '" + quoted_label(label) + "' is not UTF-8 text");
  // the first node, in file order, whose label an earlier node has
  const std::vector<std::uint32_t> order = label_order(g.labels);
  std::optional<std::uint32_t> again;
  for (std::size_t i = 1; i < order.size(); ++i)
    if (g.labels[order[i]] == g.labels[order[i - 1]] && (!again || order[i] < *again))
      again = order[i];
  if (again) throw InputError("label '" + quoted_label(g.labels[*again]) + "' names two nodes");
}

void check_kinds(const GraphData& g) {
  bool endpoint = g.kinds.empty();
  for (std::size_t v = 0; v < g.kinds.size(); ++v) {
    if (g.kinds[v] != kSwitchKind && g.kinds[v] != kEndpointKind && !g.kinds[v].empty())
      throw InputError("node '" + quoted_label(g.labels[v]) + "' is of kind '" +
                       quoted_label(g.kinds[v]) +
                       "': netsched knows the kinds \"switch\" and \"endpoint\" (the "
                       "default)");
    endpoint = endpoint || g.kinds[v] != kSwitchKind;
  }
  if (!endpoint)
    throw InputError("every node is a switch: a collective needs endpoints (kind \"endpoint\")");
}

void check_speeds(const GraphData& g) {
  for (std::size_t e = 0; e < g.weights.size(); ++e)
    if (!(g.weights[e] >= kMinLinkWeight) || g.weights[e] > kMaxLinkWeight)  // NaN fails both
      throw InputError(link_text(g, g.edges[e]) + " has weight " + weight_text(g.weights[e]) +
                       ": a weight is the link's bandwidth relative to --bandwidth, a number in [" +
                       weight_text(kMinLinkWeight) + ", " + weight_text(kMaxLinkWeight) + "]");
  for (std::size_t e = 0; e < g.lanes.size(); ++e)
    if (!(g.lanes[e] >= 1) || g.lanes[e] > static_cast<double>(kMaxLinkLanes) ||
        g.lanes[e] != std::trunc(g.lanes[e]))
      throw InputError(link_text(g, g.edges[e]) + " has " + weight_text(g.lanes[e]) +
                       " lanes: lanes are a whole number from 1 to " +
                       limit_text("kMaxLinkLanes", kMaxLinkLanes));
}

/// No self-loop, no link (arc) twice; the links sorted, each as (min, max) unless directed.
std::vector<std::pair<std::uint32_t, std::uint32_t>> check_simple(const GraphData& g) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> sorted;
  for (auto [u, v] : g.edges) {
    if (u == v) throw InputError("self-loop at node '" + quoted_label(g.labels[u]) + "'");
    sorted.emplace_back(g.directed ? u : std::min(u, v), g.directed ? v : std::max(u, v));
  }
  std::sort(sorted.begin(), sorted.end());
  if (auto it = std::adjacent_find(sorted.begin(), sorted.end()); it != sorted.end())
    throw InputError("multi-edge: " + link_text(g, *it) + " is listed twice");
  return sorted;
}

/// The nodes node 0 reaches along the arcs (forward) or that reach it (backward); a link of an
/// undirected graph is an arc both ways. Adjacency as offsets and targets: no vector per node.
std::vector<char> reached(const GraphData& g,
                          const std::vector<std::pair<std::uint32_t, std::uint32_t>>& arcs,
                          bool forward) {
  std::vector<std::uint64_t> offset(g.nodes + 1, 0);
  const auto each = [&](auto&& f) {
    for (const auto& [u, v] : arcs) {
      if (forward || !g.directed) f(u, v);
      if (!forward || !g.directed) f(v, u);
    }
  };
  each([&](std::uint32_t u, std::uint32_t) { ++offset[u + 1]; });
  for (std::uint64_t v = 0; v < g.nodes; ++v) offset[v + 1] += offset[v];
  std::vector<std::uint32_t> target(offset.back());
  std::vector<std::uint64_t> fill(offset.begin(), offset.end() - 1);
  each([&](std::uint32_t u, std::uint32_t v) { target[fill[u]++] = v; });
  std::vector<char> seen(g.nodes, 0);
  std::vector<std::uint32_t> todo{0};
  seen[0] = 1;
  while (!todo.empty()) {
    const std::uint32_t u = todo.back();
    todo.pop_back();
    for (std::uint64_t i = offset[u]; i < offset[u + 1]; ++i)
      if (!seen[target[i]]) seen[target[i]] = 1, todo.push_back(target[i]);
  }
  return seen;
}

/// Every node reaches node 0 and node 0 every node, along the arcs.
void check_strongly_connected(const GraphData& g,
                              const std::vector<std::pair<std::uint32_t, std::uint32_t>>& arcs) {
  for (const bool forward : {true, false}) {
    if (!forward && !g.directed) return;
    const std::vector<char> seen = reached(g, arcs, forward);
    const auto missed = std::find(seen.begin(), seen.end(), 0);
    if (missed == seen.end()) continue;
    const std::string far = quoted_label(g.labels[static_cast<std::size_t>(missed - seen.begin())]);
    const std::string first = quoted_label(g.labels[0]);
    if (!g.directed)
      throw InputError("the graph is disconnected: node '" + far +
                       "' cannot be reached from node '" + first + "'");
    throw InputError("the graph is not strongly connected: node '" + (forward ? far : first) +
                     "' cannot be reached from node '" + (forward ? first : far) +
                     "' along the arcs");
  }
}

}  // namespace

void check_simple_connected(const GraphData& g) {
  if (g.nodes == 0) throw InputError("the graph has no nodes");
  if (g.nodes > kMaxNodes)
    throw InputError("the graph has " + std::to_string(g.nodes) + " nodes, over the limit " +
                     limit_text("kMaxNodes", kMaxNodes));
  if (g.edges.size() > kMaxEdges)
    throw InputError("the graph has " + std::to_string(g.edges.size()) + " links, over the limit " +
                     limit_text("kMaxEdges", kMaxEdges));
  check_labels(g);
  check_kinds(g);
  check_speeds(g);
  check_strongly_connected(g, check_simple(g));
}

void order_endpoints_first(GraphData& g) {
  if (std::none_of(g.kinds.begin(), g.kinds.end(), [](const auto& k) { return k == kSwitchKind; }))
    return;
  std::vector<std::uint32_t> id(g.nodes);
  std::uint32_t next = 0;
  for (const bool switches : {false, true})
    for (std::uint32_t v = 0; v < g.nodes; ++v)
      if ((g.kinds[v] == kSwitchKind) == switches) id[v] = next++;
  std::vector<std::string> labels(g.nodes), kinds(g.nodes);
  for (std::uint32_t v = 0; v < g.nodes; ++v) {
    labels[id[v]] = std::move(g.labels[v]);
    kinds[id[v]] = std::move(g.kinds[v]);
  }
  g.labels = std::move(labels);
  g.kinds = std::move(kinds);
  for (auto& [u, v] : g.edges) u = id[u], v = id[v];
}

}  // namespace netsched
