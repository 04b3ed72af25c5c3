// What a graph file asks for, counted from its text before any reader allocates
// (gen/topo/graph_files.hpp: scan_graph_size).
//
// Why a scan of our own before igraph and Graphviz read the file: the readers take sizes from
// the file and allocate first — a 12-byte edge list naming node 10^8, a Pajek "*Vertices
// 200000000", a DOT edge between two groups of 3,000 nodes (9 million links from 34 KB) — and a
// 5 MB NCOL name makes igraph's lexer quadratic. Counting is linear in the file and allocates
// nothing per node, so every such file is refused with its numbers before any reader runs.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>
#include <optional>
#include <pugixml.hpp>
#include <set>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/text.hpp"
#include "gen/topo/graph_files.hpp"

namespace netsched {
namespace {

bool blank(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

/// The whitespace-separated tokens of `text`, in order, without copying.
template <class Each>
void tokens(std::string_view text, Each each) {
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && blank(text[i])) ++i;
    const std::size_t start = i;
    while (i < text.size() && !blank(text[i])) ++i;
    if (i > start) each(text.substr(start, i - start));
  }
}

std::optional<std::uint64_t> number(std::string_view t) {
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || end != t.data() + t.size()) return std::nullopt;
  return v;
}

/// The number a token starts with ("12abc": 12; a reader may stop there), if it starts with one;
/// saturated when it does not fit.
std::optional<std::uint64_t> leading_number(std::string_view t) {
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (end == t.data()) return std::nullopt;
  return ec == std::errc() ? v : std::numeric_limits<std::uint64_t>::max();
}

std::size_t lines(std::string_view text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
}

GraphSize edge_list(std::string_view text) {
  GraphSize s;
  std::uint64_t count = 0;
  tokens(text, [&](std::string_view t) {
    s.longest_token = std::max(s.longest_token, t.size());
    ++count;
    if (const auto v = leading_number(t)) s.nodes = std::max(s.nodes, add_sat(*v, 1));
  });
  s.edges = count / 2;
  s.exact_nodes = true;
  return s;
}

GraphSize names(std::string_view text) {  // NCOL and LGL: names, a link per name pair
  GraphSize s;
  std::uint64_t count = 0;
  tokens(text, [&](std::string_view t) {
    s.longest_token = std::max(s.longest_token, t.size());
    ++count;
  });
  s.nodes = count;
  s.edges = lines(text);
  return s;
}

GraphSize pajek(std::string_view text) {
  GraphSize s = names(text);
  std::string head(text.substr(0, std::min<std::size_t>(text.size(), std::size_t{1} << 16)));
  std::transform(head.begin(), head.end(), head.begin(), [](char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  });
  const auto at = head.find("*vertices");
  if (at == std::string::npos) return s;
  std::string_view rest = text.substr(at + std::string_view("*vertices").size());
  rest = rest.substr(0, rest.find('\n'));
  bool first = true;
  tokens(rest, [&](std::string_view t) {
    if (first) {
      const auto n = number(t);
      s.nodes = n.value_or(s.nodes);
      s.exact_nodes = n.has_value();
    }
    first = false;
  });
  return s;
}

GraphSize gml(std::string_view text) {
  GraphSize s;
  std::string_view previous;
  tokens(text, [&](std::string_view t) {
    s.longest_token = std::max(s.longest_token, t.size());
    if (t.starts_with("[") && previous == "node") ++s.nodes;
    if (t.starts_with("[") && previous == "edge") ++s.edges;
    previous = t;
  });
  return s;
}

/// GraphML: one <graph>, and every edge between nodes it declares (igraph would create an
/// undeclared one and read only the first of two graphs). The document's nodes are counted by
/// pugixml, whose tree is bounded by the file's size (checked against the budget first).
GraphSize graphml(std::string_view text) {
  constexpr std::uint64_t kTreeBytesPerFileByte = 6;
  check_memory(mul_sat(text.size(), kTreeBytesPerFileByte), "reading this GraphML file");
  pugi::xml_document doc;
  if (!doc.load_buffer(text.data(), text.size())) return {};  // igraph names the XML error
  const auto graphs = doc.select_nodes("//*[local-name()='graph']");
  if (graphs.size() > 1)
    throw InputError("the GraphML file holds " + std::to_string(graphs.size()) +
                     " graphs; netsched reads files of one graph");
  GraphSize s;
  std::set<std::string> declared;
  for (const auto& n : doc.select_nodes("//*[local-name()='node']")) {
    declared.insert(n.node().attribute("id").value());
    ++s.nodes;
  }
  for (const auto& e : doc.select_nodes("//*[local-name()='edge']")) {
    for (const char* end : {"source", "target"}) {
      const std::string id = e.node().attribute(end).value();
      if (!declared.count(id))
        throw InputError("a GraphML edge's " + std::string(end) + " '" + quoted_label(id) +
                         "' is not a declared node");
    }
    ++s.edges;
  }
  return s;
}

/// DOT: the statements' ids and, for every edge operator, the product of its operands' sizes (a
/// {group} stands for every id in it: Graphviz makes a link per pair). Top-level graphs are
/// counted: cgraph reads the first and would drop the rest silently.
class DotScan {
 public:
  explicit DotScan(std::string_view text) : text_(text) {}

  GraphSize run() {
    // Per open brace: the ids inside it, and the edge operand waiting outside it (an edge
    // operator before a brace joins the whole group, not the group's first id).
    struct Open {
      std::uint64_t ids = 0;
      std::uint64_t left = 0;
      bool edge_pending = false;
    };
    std::vector<Open> group{Open{}};
    std::uint64_t left = 0;  // size of the edge operator's left operand
    bool edge_pending = false;
    std::size_t graphs = 0;
    for (std::string_view t; !(t = next()).empty();) {
      s_.longest_token = std::max(s_.longest_token, t.size());
      if (t == "{") {
        if (group.size() == 1) ++graphs;
        group.push_back({0, left, edge_pending});
        left = 0;
        edge_pending = false;
        continue;
      }
      if (t == "}") {
        if (group.size() == 1) continue;  // unbalanced: the reader reports it
        const Open inner = group.back();
        group.pop_back();
        if (group.size() > 1) group.back().ids = add_sat(group.back().ids, inner.ids);
        left = inner.left;
        edge_pending = inner.edge_pending;
        operand(inner.ids, left, edge_pending);
        continue;
      }
      if (t == "--" || t == "->") {
        edge_pending = true;
        continue;
      }
      if (t == "[") {
        skip_attributes();
        continue;
      }
      if (t == ";" || t == "," || t == "=" || keyword(t)) {
        if (t != "=") left = 0;
        continue;
      }
      if (after_equals_) {  // an attribute's value
        after_equals_ = false;
        continue;
      }
      s_.nodes = add_sat(s_.nodes, 1);
      if (group.size() > 1) group.back().ids = add_sat(group.back().ids, 1);
      operand(1, left, edge_pending);
    }
    if (graphs > 1)
      throw InputError("the DOT file holds " + std::to_string(graphs) +
                       " graphs; netsched reads files of one graph");
    return s_;
  }

 private:
  void operand(std::uint64_t size, std::uint64_t& left, bool& pending) {
    if (pending) s_.edges = add_sat(s_.edges, mul_sat(left, size));
    pending = false;
    left = size;
  }

  static bool keyword(std::string_view t) {
    std::string lower(t);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](char c) {
      return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    });
    return lower == "graph" || lower == "digraph" || lower == "subgraph" || lower == "node" ||
           lower == "edge" || lower == "strict";
  }

  void skip_attributes() {
    for (std::string_view t; !(t = next()).empty() && t != "]";) {
    }
  }

  /// The next token: a brace, bracket, separator, edge operator, quoted string, <html> or id;
  /// comments skipped. Empty at the end.
  std::string_view next() {
    while (at_ < text_.size()) {
      const char c = text_[at_];
      if (blank(c)) {
        ++at_;
      } else if (text_.substr(at_, 2) == "//" ||
                 (c == '#' && (at_ == 0 || text_[at_ - 1] == '\n'))) {
        at_ = std::min(text_.size(), text_.find('\n', at_));
      } else if (text_.substr(at_, 2) == "/*") {
        const auto end = text_.find("*/", at_ + 2);
        at_ = end == std::string_view::npos ? text_.size() : end + 2;
      } else {
        break;
      }
    }
    if (at_ >= text_.size()) return {};
    const std::size_t start = at_;
    const char c = text_[at_];
    if (std::string_view("{}[];,=").find(c) != std::string_view::npos) {
      ++at_;
      if (c == '=') after_equals_ = true;
      return text_.substr(start, 1);
    }
    if (text_.substr(at_, 2) == "--" || text_.substr(at_, 2) == "->") {
      at_ += 2;
      return text_.substr(start, 2);
    }
    if (c == '"' || c == '<') {
      const char close = c == '"' ? '"' : '>';
      int depth = 0;
      for (++at_; at_ < text_.size(); ++at_) {
        if (c == '"' && text_[at_] == '\\') {
          ++at_;
          continue;
        }
        if (c == '<' && text_[at_] == '<') ++depth;
        if (text_[at_] == close && depth-- == 0) break;
      }
      at_ = std::min(text_.size(), at_ + 1);
      return text_.substr(start, at_ - start);
    }
    while (at_ < text_.size() && !blank(text_[at_]) &&
           std::string_view("{}[];,=\"<").find(text_[at_]) == std::string_view::npos &&
           text_.substr(at_, 2) != "--" && text_.substr(at_, 2) != "->")
      ++at_;
    return text_.substr(start, std::max<std::size_t>(at_ - start, 1));
  }

  std::string_view text_;
  std::size_t at_ = 0;
  bool after_equals_ = false;
  GraphSize s_;
};

}  // namespace

std::string quoted_label(std::string_view label) {
  constexpr std::size_t kShown = 60;
  return one_line(label, kShown);
}

GraphSize scan_graph_size(std::string_view content, GraphFormat format) {
  // the C readers stop at a NUL and would read what follows it otherwise than this scan does
  if (const auto nul = content.find('\0'); nul != std::string_view::npos)
    throw InputError("the file holds a NUL byte (byte " + std::to_string(nul) +
                     "): graph files are text");
  switch (format) {
    case GraphFormat::EdgeList:
      return edge_list(content);
    case GraphFormat::Ncol:
    case GraphFormat::Lgl:
      return names(content);
    case GraphFormat::Pajek:
      return pajek(content);
    case GraphFormat::GraphMl:
      return graphml(content);
    case GraphFormat::Gml:
      return gml(content);
    case GraphFormat::Dot:
      return DotScan(content).run();
    case GraphFormat::Json:
      return {};  // read_json checks "nodes" before it allocates anything per node
  }
  return {};
}

void check_graph_size(const GraphSize& s, std::uint64_t file_bytes, std::uint64_t bytes_per_edge) {
  if (s.nodes > kMaxFileNodes)
    throw limit_error("the file's node count", s.nodes, "kMaxFileNodes", kMaxFileNodes);
  if (s.edges > kMaxFileEdges)
    throw limit_error("the file's link count", s.edges, "kMaxFileEdges", kMaxFileEdges);
  if (s.longest_token > kMaxFileTokenChars)
    throw limit_error("the file's longest name", s.longest_token, "kMaxFileTokenChars",
                      kMaxFileTokenChars);
  constexpr std::uint64_t kBytesPerNode = 128;
  check_memory(add_sat(file_bytes,
                       add_sat(mul_sat(s.nodes, kBytesPerNode), mul_sat(s.edges, bytes_per_edge))),
               "reading the graph file");
  if (s.exact_nodes && s.nodes > add_sat(s.edges, 1))
    throw InputError("the graph is disconnected: its " + std::to_string(s.nodes) +
                     " nodes have at most " + std::to_string(s.edges) +
                     " links, and connecting them takes " + std::to_string(s.nodes - 1));
}

}  // namespace netsched
