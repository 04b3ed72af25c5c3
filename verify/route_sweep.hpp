#pragma once
/// Checks a routing function on every ordered pair: each path hop by hop against the network,
/// its length against the BFS distance and against a bound. The routing function is passed in,
/// so the checker never depends on a generator.
#include <functional>
#include <optional>
#include <string>

#include "core/graph.hpp"
#include "core/metrics.hpp"

namespace netsched {

/// A routing function under test: replaces `path` by its walk from u to v.
using RouteFn = std::function<void(NodeId u, NodeId v, NodePath& path)>;

struct RouteSweep {
  std::uint64_t pairs = 0;
  std::uint64_t max_length = 0;
  double max_stretch = 1;  ///< max length / distance over pairs u != v
  std::uint64_t total_length = 0;
  bool within_bound = true;
  std::optional<std::uint64_t> bound;  ///< the worst-case length checked against, if any
  struct Pair {
    std::uint32_t u, v;
    std::uint64_t length, distance;
  };
  std::optional<Pair> first_over_bound;  ///< smallest (u,v) whose route exceeds the bound
  std::optional<Pair> longest;           ///< the smallest (u,v) attaining max_length
  std::optional<std::string> invalid;    ///< first invalid path, if any (then the sweep stopped)
};

/// Valid walk u -> v in g, every hop a link; else a message naming the hop.
std::optional<std::string> check_path(const Csr& sorted, NodeId u, NodeId v, const NodePath& path);

/// The most ordered pairs a sweep routes: hypercube(15)'s 2^30 took 302 s on 2 cores beside a
/// build, hypercube(16)'s four times as many would take about 20 minutes (bench/README.md, 33).
inline constexpr std::uint64_t kRouteSweepMaxPairs = std::uint64_t{1} << 30;
/// Throws InputError when a network of `nodes` has more ordered pairs than kRouteSweepMaxPairs.
void check_route_sweep_size(std::uint64_t nodes);

/// Sweeps all ordered pairs (u,v), u != v, in parallel over sources (check_route_sweep_size
/// first). `sorted` must have sorted
/// adjacency rows (sorted_csr). `bound` is the worst-case length to check against, if any.
RouteSweep sweep_routes(const Csr& sorted, const RouteFn& route, std::optional<std::uint64_t> bound,
                        unsigned threads = 0, const Progress& progress = {});

/// A CSR with every adjacency row sorted (for binary-search link tests).
Csr sorted_csr(const Graph& g);

}  // namespace netsched
