// The congestion lower bound on the bisection width from igraph's edge betweenness
// (verify/bisection_bound.hpp).
#include "verify/bisection_bound.hpp"

#include <igraph/igraph.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/c_library_lock.hpp"
#include "core/errors.hpp"
#include "core/graph.hpp"
#include "core/limits.hpp"
#include "core/metrics.hpp"

namespace netsched {
namespace {

/// Relative enlargement of the largest betweenness before dividing by it.
constexpr double kLoadSlack = 1e-9;

/// The links' edge betweenness: unordered pairs, each spread evenly over its shortest paths.
std::vector<double> edge_loads(const Network& t) {
  const auto held = lock_c_libraries();
  igraph_vector_int_t edges;
  igraph_vector_int_init(&edges, 0);
  std::vector<NodeId> nb;
  for (std::uint32_t u = 0; u < t.num_nodes(); ++u) {
    t.neighbors(NodeId(u), nb);
    for (const NodeId v : nb)
      if (u < v.v) {
        igraph_vector_int_push_back(&edges, u);
        igraph_vector_int_push_back(&edges, v.v);
      }
  }
  // igraph's default handler aborts: errors (out of memory) come back as codes instead
  igraph_error_handler_t* const previous = igraph_set_error_handler(igraph_error_handler_ignore);
  igraph_t g;
  igraph_vector_t load;
  igraph_vector_init(&load, 0);
  const auto n = static_cast<igraph_integer_t>(t.num_nodes());
  igraph_error_t rc = igraph_create(&g, &edges, n, IGRAPH_UNDIRECTED);
  igraph_vector_int_destroy(&edges);
  if (rc == IGRAPH_SUCCESS) {
    rc = igraph_edge_betweenness(&g, &load, false, nullptr);
    igraph_destroy(&g);
  }
  std::vector<double> out(static_cast<std::size_t>(igraph_vector_size(&load)));
  for (std::size_t e = 0; e < out.size(); ++e) out[e] = VECTOR(load)[static_cast<long>(e)];
  igraph_vector_destroy(&load);
  igraph_set_error_handler(previous);
  if (rc != IGRAPH_SUCCESS)
    throw std::runtime_error(std::string("igraph edge betweenness: ") + igraph_strerror(rc));
  return out;
}

}  // namespace

CongestionBound congestion_bisection_bound(const Network& t) {
  const std::uint64_t n = t.num_nodes();
  if (n > kMaxCongestionBoundNodes)
    throw InputError("congestion bound: " + std::to_string(n) + " nodes, over the limit " +
                     limit_text("kMaxCongestionBoundNodes", kMaxCongestionBoundNodes));
  CongestionBound out;
  if (n < 2) return out;
  const auto dist = bfs_distances(Csr(t, 1), 0);
  if (std::find(dist.begin(), dist.end(), kUnreached) != dist.end()) return out;
  const auto loads = edge_loads(t);
  out.max_load = *std::max_element(loads.begin(), loads.end());
  const double split_pairs = static_cast<double>(n / 2) * static_cast<double>(n - n / 2);
  out.width =
      static_cast<std::uint64_t>(std::ceil(split_pairs / (out.max_load * (1 + kLoadSlack))));
  return out;
}

}  // namespace netsched
