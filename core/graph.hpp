#pragma once
/// The immutable graph interface shared by gen/ and verify/, and its CSR snapshot.
#include <cstdint>
#include <functional>
#include <memory>
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
};

/// Compressed sparse rows of a Graph, built on demand for BFS-heavy work.
class Csr {
 public:
  /// Builds the snapshot, using up to `threads` threads (0 = hardware concurrency).
  explicit Csr(const Graph& g, unsigned threads = 0);
  /// Builds from explicit adjacency lists (tests, tiny graphs).
  explicit Csr(const std::vector<std::vector<std::uint32_t>>& adj);
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
