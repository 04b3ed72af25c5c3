#pragma once
/// The immutable graph interface shared by gen/ and verify/, and its CSR snapshot.
#include <cstdint>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "core/node.hpp"

namespace netsched {

/// An undirected simple graph whose adjacency is a function: nothing is materialised.
class Graph {
 public:
  virtual ~Graph() = default;
  /// Number of nodes N; ids are 0..N-1.
  virtual std::uint64_t num_nodes() const = 0;
  /// Replaces `out` by the neighbours of u (no duplicates, no u itself), in a fixed order.
  virtual void neighbors(NodeId u, std::vector<NodeId>& out) const = 0;
  /// Degree of u; the default counts neighbors().
  virtual std::uint32_t degree(NodeId u) const;
  /// Whether u and v are adjacent; the default scans neighbors(u).
  virtual bool adjacent(NodeId u, NodeId v) const;
  /// The largest degree of any node, by a scan (max_degree() of a Network is only a bound).
  std::uint32_t largest_degree() const;
  /// Number of undirected edges: half the degree sum, computed node by node.
  std::uint64_t count_edges() const;
  /// An upper bound on count_edges() known without a scan; the default is N (N - 1) / 2.
  virtual std::uint64_t link_bound() const;
};

/// Compressed sparse rows of a Graph, built on demand for BFS-heavy work.
class Csr {
 public:
  /// Builds the snapshot, using up to `threads` threads (0 = hardware concurrency); refuses over
  /// the memory budget before allocating (by the graph's link bound) and again once the links
  /// are counted.
  explicit Csr(const Graph& g, unsigned threads = 0);
  /// The bytes a snapshot of n nodes and `links` undirected links holds.
  static std::uint64_t bytes(std::uint64_t n, std::uint64_t links);
  /// Builds from explicit adjacency lists (tests, tiny graphs).
  explicit Csr(const std::vector<std::vector<std::uint32_t>>& adj);
  Csr() = default;
  /// Builds from undirected links {u, v} of n nodes, each row sorted (graph files: no vector
  /// per node).
  static Csr from_links(std::uint32_t n,
                        const std::vector<std::pair<std::uint32_t, std::uint32_t>>& links);
  std::uint32_t num_nodes() const { return n_; }
  std::uint64_t num_arcs() const { return targets_.size(); }
  const std::uint32_t* begin(std::uint32_t u) const { return targets_.data() + offsets_[u]; }
  const std::uint32_t* end(std::uint32_t u) const { return targets_.data() + offsets_[u + 1]; }
  std::uint32_t degree(std::uint32_t u) const {
    return static_cast<std::uint32_t>(offsets_[u + 1] - offsets_[u]);
  }
  const std::vector<std::uint64_t>& offsets() const { return offsets_; }
  const std::vector<std::uint32_t>& targets() const { return targets_; }

 private:
  std::uint32_t n_ = 0;
  std::vector<std::uint64_t> offsets_;
  std::vector<std::uint32_t> targets_;
};

}  // namespace netsched
