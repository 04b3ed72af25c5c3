// Shortest paths by BFS: the reference router for every family.
#include <mutex>

#include "core/metrics.hpp"
#include "gen/route/router.hpp"

namespace netsched {
namespace {

class BfsRouter : public Router {
 public:
  explicit BfsRouter(const Topology& t) : csr_(t) {}
  std::string name() const override { return "bfs"; }
  void route(std::uint32_t u, std::uint32_t v, std::vector<std::uint32_t>& path) const override {
    // The BFS tree of the last source is kept per thread: --all asks all targets of one source.
    thread_local const BfsRouter* owner = nullptr;
    thread_local std::uint32_t source = kUnreached;
    thread_local std::vector<std::uint32_t> parent;
    if (owner != this || source != u) {
      owner = this;
      source = u;
      tree_from(u, parent);
    }
    path.clear();
    for (std::uint32_t x = v; x != u; x = parent[x]) {
      if (parent[x] == kUnreached) throw std::invalid_argument("bfs: node " + std::to_string(v) + " is unreachable");
      path.push_back(x);
    }
    path.push_back(u);
    std::reverse(path.begin(), path.end());
  }

 private:
  Csr csr_;
  void tree_from(std::uint32_t u, std::vector<std::uint32_t>& parent) const {
    parent.assign(csr_.num_nodes(), kUnreached);
    std::vector<std::uint32_t> queue{u};
    parent[u] = u;
    for (std::size_t h = 0; h < queue.size(); ++h)
      for (const std::uint32_t* p = csr_.begin(queue[h]); p != csr_.end(queue[h]); ++p)
        if (parent[*p] == kUnreached) {
          parent[*p] = queue[h];
          queue.push_back(*p);
        }
  }
};

}  // namespace

std::unique_ptr<Router> make_bfs_router(const Topology& t) { return std::make_unique<BfsRouter>(t); }

}  // namespace netsched
