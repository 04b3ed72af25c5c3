#pragma once
/// Graph files as researchers exchange them, read by well-kept libraries: plain edge lists,
/// NCOL, LGL, Pajek, GraphML and GML by igraph (libigraph 0.10), DOT by Graphviz's cgraph, and
/// netsched's own `export --format json` by nlohmann::json. What is accepted and refused is in
/// docs/spec.md ("Graph files").
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace netsched {

/// The formats, by name (file(..., format="...")) and by default from the file's extension.
enum class GraphFormat { EdgeList, Ncol, Lgl, Pajek, GraphMl, Gml, Dot, Json };
std::string to_string(GraphFormat f);
/// The format named `name`; throws std::invalid_argument listing the names.
GraphFormat graph_format_from_name(const std::string& name);
/// The format of a path's extension (.edges/.txt/.el, .ncol, .lgl, .net/.paj, .graphml/.xml,
/// .gml, .dot/.gv, .json); throws std::invalid_argument for others ("give format=...").
GraphFormat graph_format_of_path(const std::string& path);

/// A graph as read: nodes 0..n-1 with their labels (from the file, or the index), and its
/// links as pairs.
struct GraphData {
  std::uint64_t nodes = 0;
  std::vector<std::string> labels;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  bool directed = false;
};

/// Parses `content` (a whole file) in `format`. Throws std::invalid_argument with the reader's
/// own message when the content is not a graph in that format.
GraphData parse_graph(const std::string& content, GraphFormat format);

/// Throws std::invalid_argument naming the first witness unless the graph is simple,
/// undirected, connected, with at least one node, unique labels, and within kMaxNodes and
/// kMaxEdges.
void check_simple_connected(const GraphData& g);

}  // namespace netsched
