// Shortest paths by BFS: the reference router for every family.
#include <mutex>

#include "core/metrics.hpp"
#include "gen/route/router.hpp"

namespace netsched {
namespace {

class BfsRouter : public Router {
 public:
  explicit BfsRouter(const Network& t) : t_(t), csr_(t) {}
  std::string name() const override { return "bfs"; }
  void route(NodeId from, NodeId to, NodePath& path) const override {
    const std::uint32_t u = from.v, v = to.v;
    // The BFS tree of the last source is kept per thread: --all asks all targets of one source.
    thread_local const BfsRouter* owner = nullptr;
    thread_local std::uint32_t source = kUnreached;
    thread_local std::vector<std::uint32_t> parent;
    if (owner != this || source != u) {
      owner = this;
      source = u;
      parent = bfs_tree(csr_, u).parent;
    }
    path.clear();
    for (std::uint32_t x = v; x != u; x = parent[x]) {
      if (parent[x] == kUnreached)
        throw std::invalid_argument("no path from " + t_.label(from) + " to " + t_.label(to) +
                                    ": the network is disconnected");
      path.push_back(NodeId(x));
    }
    path.push_back(from);
    std::reverse(path.begin(), path.end());
  }

 private:
  const Network& t_;
  Csr csr_;
};

}  // namespace

std::unique_ptr<Router> make_bfs_router(const Network& t) { return std::make_unique<BfsRouter>(t); }

}  // namespace netsched
