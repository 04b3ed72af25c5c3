// Balanced routes for every ordered pair (gen/route/route_table.hpp).
#include "gen/route/route_table.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <stdexcept>

#include "core/errors.hpp"
#include "core/metrics.hpp"
#include "gen/algorithms.hpp"
#include "gen/route/router.hpp"

namespace netsched {
namespace {

/// Index of the directed link a -> b among 2 per undirected link (CSR positions).
class LinkIndex {
 public:
  explicit LinkIndex(const Csr& csr) : csr_(csr) {}
  std::size_t operator()(std::uint32_t a, std::uint32_t b) const {
    const auto* lo = csr_.begin(a);
    const auto* hi = csr_.end(a);
    const auto* at = std::find(lo, hi, b);
    if (at == hi)
      throw std::logic_error("route hop " + std::to_string(a) + " -> " + std::to_string(b) +
                             " is not a link");
    return static_cast<std::size_t>(at - csr_.targets().data());
  }
  std::size_t count() const { return csr_.targets().size(); }

 private:
  const Csr& csr_;
};

}  // namespace

RouteTable::RouteTable(const Network& t) : n_(static_cast<std::uint32_t>(t.num_nodes())) {
  if (t.num_nodes() > kRoutesMaxNodes)
    throw InputError(t.spec() + " has " + std::to_string(t.num_nodes()) +
                     " nodes; platform routes are computed for at most " +
                     limit_text("kRoutesMaxNodes", kRoutesMaxNodes));
  // the family's routing function where a paper gives one that does not depend on faults
  const auto router = paper_router(t);
  if (!router) {
    balanced_shortest_paths(t);
    return;
  }
  policy_ = router->name();
  router->prepare_bulk();
  at_.reserve(static_cast<std::size_t>(n_) * n_ + 1);
  at_.push_back(0);
  NodePath path;
  for (std::uint32_t u = 0; u < n_; ++u)
    for (std::uint32_t v = 0; v < n_; ++v) {
      if (u != v) {
        router->route(NodeId(u), NodeId(v), path);
        for (std::size_t i = 1; i < path.size(); ++i) hops_.push_back(path[i].v);
      }
      at_.push_back(hops_.size());
    }
}

/// Shortest paths, chosen backwards from each destination: at every node the predecessor (one
/// step nearer the source) whose link into it has carried the fewest routes so far.
void RouteTable::balanced_shortest_paths(const Network& t) {
  policy_ = "shortest paths, balanced link by link";
  const Csr csr(t);
  const LinkIndex index(csr);
  std::vector<std::uint64_t> load(index.count(), 0);
  at_.assign(static_cast<std::size_t>(n_) * n_ + 1, 0);
  std::vector<std::vector<std::uint32_t>> routes(n_);
  std::vector<std::uint32_t> back;
  for (std::uint32_t u = 0; u < n_; ++u) {
    const auto dist = bfs_distances(csr, u);
    for (std::uint32_t v = 0; v < n_; ++v) {
      if (u != v && dist[v] == kUnreached)
        throw InputError(t.spec() + " is disconnected: no route from " + t.label(NodeId(u)) +
                         " to " + t.label(NodeId(v)));
      back.clear();
      for (std::uint32_t x = v; x != u;) {
        back.push_back(x);
        std::uint32_t best = 0;
        std::uint64_t least = std::numeric_limits<std::uint64_t>::max();
        for (const auto* p = csr.begin(x); p != csr.end(x); ++p)
          if (dist[*p] + 1 == dist[x] && load[index(*p, x)] < least) {
            least = load[index(*p, x)];
            best = *p;
          }
        ++load[index(best, x)];
        x = best;
      }
      std::reverse(back.begin(), back.end());
      routes[u].insert(routes[u].end(), back.begin(), back.end());
      at_[static_cast<std::size_t>(u) * n_ + v + 1] = back.size();
    }
  }
  for (std::size_t k = 1; k < at_.size(); ++k) at_[k] += at_[k - 1];
  for (auto& r : routes) hops_.insert(hops_.end(), r.begin(), r.end());
}

LinkLoad link_load(const RouteTable& r, const Network& t) {
  const Csr csr(t);
  const LinkIndex index(csr);
  std::vector<std::uint64_t> load(index.count(), 0);
  for (std::uint32_t u = 0; u < r.nodes(); ++u)
    for (std::uint32_t v = 0; v < r.nodes(); ++v) {
      std::uint32_t from = u;
      for (std::uint32_t hop : r.route(u, v)) {
        ++load[index(from, hop)];
        from = hop;
      }
    }
  LinkLoad out;
  out.links = load.size();
  std::uint64_t total = 0;
  for (std::uint64_t l : load) {
    out.max = std::max(out.max, l);
    total += l;
  }
  out.mean = out.links ? static_cast<double>(total) / static_cast<double>(out.links) : 0;
  return out;
}

}  // namespace netsched
