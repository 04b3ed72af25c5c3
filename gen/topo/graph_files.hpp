#pragma once
/// Graph files as researchers exchange them, read by well-kept libraries: plain edge lists,
/// NCOL, LGL, Pajek, GraphML and GML by igraph (libigraph 0.10), DOT by Graphviz's cgraph, and
/// netsched's own `export --format json` by nlohmann::json. What is accepted and refused is in
/// docs/spec.md ("Graph files").
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/errors.hpp"

namespace netsched {

/// The formats, by name (file(..., format="...")) and by default from the file's extension.
enum class GraphFormat { EdgeList, Ncol, Lgl, Pajek, GraphMl, Gml, Dot, Json };
std::string to_string(GraphFormat f);
/// The format named `name`; throws InputError listing the names.
GraphFormat graph_format_from_name(const std::string& name);
/// The format of a path's extension (.edges/.txt/.el, .ncol, .lgl, .net/.paj, .graphml/.xml,
/// .gml, .dot/.gv, .json); throws InputError for others ("give format=...").
GraphFormat graph_format_of_path(const std::string& path);

/// A graph as read: nodes 0..n-1 with their labels (from the file, or the index), and its
/// links as pairs.
struct GraphData {
  std::uint64_t nodes = 0;
  std::vector<std::string> labels;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  bool directed = false;
  /// Link weights where the file gives them (NCOL and LGL's third column, a numeric GraphML or
  /// GML edge attribute "weight"), one per edge; empty otherwise. A weight is the link's
  /// bandwidth relative to the default (--bandwidth): costs, bounds and SimGrid platforms use it.
  /// In a directed graph an edge is an arc, and each arc has its own.
  std::vector<double> weights;
  /// Lanes per edge where the file gives them (a numeric GraphML or GML edge attribute "lanes",
  /// a whole number; 1 where an edge lacks it): the link's bandwidth is its weight times its
  /// lanes. Empty otherwise.
  std::vector<double> lanes;
  /// Per node, whether it is a switch (a GraphML or GML node attribute "kind" of value
  /// "switch"; "endpoint" or none is an endpoint; other values are refused by
  /// check_simple_connected). Empty when no node has a kind.
  std::vector<std::string> kinds;
};

/// The node kinds a file may name (GraphData::kinds), and the most lanes a link may have.
inline constexpr std::string_view kSwitchKind = "switch", kEndpointKind = "endpoint";
inline constexpr std::uint64_t kMaxLinkLanes = 1024;

/// The smallest and largest link weight (bandwidth multiple) a graph file may give: beyond
/// them, as beyond the link speeds' range, simulated times overflow or vanish in rounding.
inline constexpr double kMinLinkWeight = 1e-6, kMaxLinkWeight = 1e6;

/// The largest graph file netsched reads (its nodes, links and longest name): a file graph is
/// held whole (labels, adjacency), unlike the families' implicit networks.
inline constexpr std::uint64_t kMaxFileNodes = std::uint64_t{1} << 24;
inline constexpr std::uint64_t kMaxFileEdges = std::uint64_t{1} << 24;
/// Memory a reader spends per link (netsched's lists and igraph's; Graphviz's cgraph keeps far
/// more per edge), for the budget check before reading.
inline constexpr std::uint64_t kFileBytesPerEdge = 64, kDotBytesPerEdge = 320;
inline constexpr std::uint64_t kMaxFileTokenChars = 4096;

/// What a file asks for, counted from its text (linear, nothing allocated per node) before any
/// reader runs: an upper bound of its nodes and links, and its longest name.
struct GraphSize {
  std::uint64_t nodes = 0, edges = 0, longest_token = 0;
  /// `nodes` is the count the reader will create (edge lists: the largest id + 1; Pajek's
  /// *Vertices; JSON's "nodes"), not only a bound: a file of more nodes than links + 1 is then
  /// disconnected before anything is read (a 10 KB edge list naming node 2,290,230).
  bool exact_nodes = false;
};
/// Throws InputError for structure no reader may silently drop: a GraphML or DOT
/// file of more than one graph, a GraphML edge to a node it does not declare.
GraphSize scan_graph_size(std::string_view content, GraphFormat format);
/// The limits above and the memory budget (core/limits.hpp), before reading; and with exact
/// node counts, that the links can connect the nodes at all.
void check_graph_size(const GraphSize& s, std::uint64_t file_bytes,
                      std::uint64_t bytes_per_edge = kFileBytesPerEdge);
/// A label from a file as messages quote it: control characters replaced, at most 60
/// characters.
std::string quoted_label(std::string_view label);

/// Parses `content` (a whole file) in `format`. Throws InputError with the reader's
/// own message when the content is not a graph in that format.
GraphData parse_graph(const std::string& content, GraphFormat format);

/// Throws InputError naming the first witness unless the graph is simple (no self-loop; no link,
/// or in a directed graph no arc, twice), strongly connected, with at least one endpoint, known
/// node kinds, weights and lanes in range, unique labels, and within kMaxNodes and kMaxEdges.
void check_simple_connected(const GraphData& g);
/// Renumbers the nodes endpoints first (in file order), then the switches (in file order): the
/// switched model's numbering (core/network.hpp num_endpoints). No change without switches.
void order_endpoints_first(GraphData& g);
/// The node ids in the order of their labels (equal labels by id): what a label is looked up
/// in, and how two nodes of one label are found, with 4 bytes a node and no hashing. Empty when
/// every label is its node's id in decimal (label_id() then looks labels up).
std::vector<std::uint32_t> label_order(const std::vector<std::string>& labels);
/// The id a label names when labels are the ids in decimal: the decimal text of a number below
/// n, written as std::to_string writes it (no sign, no leading zero).
std::optional<std::uint32_t> label_id(std::string_view label, std::uint64_t n);

}  // namespace netsched
