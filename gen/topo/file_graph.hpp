#pragma once
/// A network read from a graph file: file("net.graphml"), file("links.txt", format="ncol").
///
/// The canonical spec records the content's SHA-256 (file("net.graphml", sha256="...")), so a
/// schedule made on a file names exactly that graph: verifying it after the file changed is an
/// error naming both hashes, not a check against another network. Node ids follow the file's
/// node order; labels are the file's (names, labels, ids), accepted wherever a node is named.
#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/graph.hpp"
#include "core/network.hpp"
#include "gen/spec.hpp"
#include "gen/topo/graph_files.hpp"

namespace netsched {

/// The largest graph file read (checked on the file's size before reading it).
inline constexpr std::uint64_t kMaxGraphFileBytes = std::uint64_t{1} << 30;

class FileGraph : public Network {
 public:
  /// `family` is "file" for a graph file, "graph" for a graph given in the spec itself.
  FileGraph(const GraphData& data, std::string canonical_spec, std::string family = "file");
  std::string family() const override { return family_; }
  std::uint64_t num_nodes() const override { return csr_.num_nodes(); }
  void neighbors(NodeId u, std::vector<NodeId>& out) const override;
  std::uint32_t degree(NodeId u) const override { return csr_.degree(u.v); }
  /// Binary search in u's sorted neighbour list.
  bool adjacent(NodeId u, NodeId v) const override {
    return std::binary_search(csr_.begin(u.v), csr_.end(u.v), v.v);
  }
  std::uint32_t max_degree() const override { return max_degree_; }
  std::uint64_t link_bound() const override { return csr_.num_arcs() / 2; }
  std::string label(NodeId u) const override { return labels_[u.v]; }
  NodeId parse_label(std::string_view text) const override;
  /// file("path", sha256="...", format="...") as the builder stamps it.
  const std::string& canonical_spec() const { return canonical_; }
  /// The file's link weights (GraphData::weights): how many links carry one, the least and the
  /// largest; nullopt when the file gives none. A weight is the link's bandwidth multiple.
  struct WeightRange {
    std::uint64_t links = 0;
    double least = 0, largest = 0;
  };
  const std::optional<WeightRange>& weights() const { return weights_; }
  /// The file's weight times lanes of the arc u -> v as its bandwidth (latency as the default).
  LinkSpeed link_speed(NodeId u, NodeId v) const override;
  bool weighted() const override { return weights_.has_value(); }
  std::uint64_t num_endpoints() const override { return endpoints_; }
  bool has_arc(NodeId u, NodeId v) const override;
  bool directed() const override { return directed_; }

 private:
  Csr csr_;
  std::vector<std::string> labels_;
  std::vector<std::uint32_t> by_label_;  ///< label_order(labels_): empty when labels are ids
  std::uint32_t max_degree_ = 0;
  std::string canonical_;
  std::string family_;
  std::optional<WeightRange> weights_;
  /// Per CSR arc (u's i-th neighbour): the bandwidth of u -> that neighbour, 0 where no arc
  /// runs that way; empty when every link is an arc both ways of bandwidth 1.
  std::vector<double> arc_bandwidth_;
  std::uint64_t endpoints_ = 0;
  bool directed_ = false;

  std::size_t arc_index(std::uint32_t u, std::uint32_t v) const;
  void set_arc_bandwidths(const GraphData& data);
};

/// Builds file(PATH [, format="..."] [, sha256="..."]).
std::unique_ptr<FileGraph> build_file_graph(const SpecValue& spec);
/// Builds graph(N, links=[{a,b},...]) (gen/topo/inline_graph.cpp): N nodes labelled 0..N-1.
std::unique_ptr<FileGraph> build_inline_graph(const SpecValue& spec);

}  // namespace netsched
