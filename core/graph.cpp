#include "core/graph.hpp"

#include <algorithm>
#include <atomic>
#include <stdexcept>

#include "core/limits.hpp"
#include "core/parallel.hpp"

namespace netsched {

std::uint32_t Graph::degree(NodeId u) const {
  std::vector<NodeId> buf;
  neighbors(u, buf);
  return static_cast<std::uint32_t>(buf.size());
}

bool Graph::adjacent(NodeId u, NodeId v) const {
  std::vector<NodeId> buf;
  neighbors(u, buf);
  return std::find(buf.begin(), buf.end(), v) != buf.end();
}

std::uint32_t Graph::largest_degree() const {
  std::uint32_t d = 0;
  for (std::uint64_t u = 0; u < num_nodes(); ++u)
    d = std::max(d, degree(NodeId(static_cast<std::uint32_t>(u))));
  return d;
}

std::uint64_t Graph::count_edges() const {
  const std::uint64_t n = num_nodes();
  std::atomic<std::uint64_t> total{0};
  parallel_for(n, 0, [&](std::uint64_t b, std::uint64_t e) {
    std::uint64_t s = 0;
    for (std::uint64_t u = b; u < e; ++u) s += degree(NodeId(static_cast<std::uint32_t>(u)));
    total += s;
  });
  return total / 2;
}

std::uint64_t Graph::link_bound() const {
  const std::uint64_t n = num_nodes();
  return n < 2 ? 0 : mul_sat(n, n - 1) / 2;
}

std::uint64_t Csr::bytes(std::uint64_t n, std::uint64_t links) {
  return add_sat(mul_sat(n + 1, sizeof(std::uint64_t)),
                 mul_sat(mul_sat(links, 2), sizeof(std::uint32_t)));
}

Csr::Csr(const Graph& g, unsigned threads) {
  const std::uint64_t n64 = g.num_nodes();
  check_node_cap(n64, "graph");
  const std::uint64_t bound = g.link_bound();
  check_memory(bytes(n64, bound), "a CSR snapshot of " + std::to_string(n64) + " nodes and up to " +
                                      std::to_string(bound) + " links");
  n_ = static_cast<std::uint32_t>(n64);
  offsets_.assign(n64 + 1, 0);
  parallel_for(n_, threads, [&](std::uint64_t b, std::uint64_t e) {
    for (std::uint64_t u = b; u < e; ++u)
      offsets_[u + 1] = g.degree(NodeId(static_cast<std::uint32_t>(u)));
  });
  for (std::uint32_t u = 0; u < n_; ++u) offsets_[u + 1] += offsets_[u];
  check_memory(bytes(n64, offsets_[n_] / 2), "a CSR snapshot of " + std::to_string(n64) +
                                                 " nodes and " + std::to_string(offsets_[n_] / 2) +
                                                 " links");
  targets_.resize(offsets_[n_]);
  parallel_for(n_, threads, [&](std::uint64_t b, std::uint64_t e) {
    std::vector<NodeId> buf;
    for (std::uint64_t u = b; u < e; ++u) {
      g.neighbors(NodeId(static_cast<std::uint32_t>(u)), buf);
      if (buf.size() != offsets_[u + 1] - offsets_[u])
        throw std::logic_error("graph: degree() and neighbors() disagree at node " +
                               std::to_string(u));
      std::uint64_t o = offsets_[u];
      for (NodeId v : buf) targets_[o++] = v.v;
    }
  });
}

Csr::Csr(const std::vector<std::vector<std::uint32_t>>& adj) {
  n_ = static_cast<std::uint32_t>(adj.size());
  offsets_.assign(n_ + 1, 0);
  for (std::uint32_t u = 0; u < n_; ++u) offsets_[u + 1] = offsets_[u] + adj[u].size();
  targets_.reserve(offsets_[n_]);
  for (const auto& row : adj) targets_.insert(targets_.end(), row.begin(), row.end());
}

Csr Csr::from_links(std::uint32_t n,
                    const std::vector<std::pair<std::uint32_t, std::uint32_t>>& links) {
  Csr c;
  c.n_ = n;
  c.offsets_.assign(std::uint64_t{n} + 1, 0);
  for (const auto& [u, v] : links) ++c.offsets_[u + 1], ++c.offsets_[v + 1];
  for (std::uint32_t u = 0; u < n; ++u) c.offsets_[u + 1] += c.offsets_[u];
  c.targets_.resize(c.offsets_[n]);
  std::vector<std::uint64_t> next(c.offsets_.begin(), c.offsets_.end() - 1);
  for (const auto& [u, v] : links) c.targets_[next[u]++] = v, c.targets_[next[v]++] = u;
  for (std::uint32_t u = 0; u < n; ++u)
    std::sort(c.targets_.begin() + static_cast<std::ptrdiff_t>(c.offsets_[u]),
              c.targets_.begin() + static_cast<std::ptrdiff_t>(c.offsets_[u + 1]));
  return c;
}

}  // namespace netsched
