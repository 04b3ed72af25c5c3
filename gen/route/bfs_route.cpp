// Shortest paths by BFS: the reference router for every family.
#include <atomic>

#include "core/errors.hpp"
#include "core/metrics.hpp"
#include "gen/route/router.hpp"

namespace netsched {
namespace {

class BfsRouter : public Router {
 public:
  explicit BfsRouter(const Network& t) : t_(t), csr_(t), id_(next_id()) {}
  std::string name() const override { return "bfs"; }
  void route(NodeId from, NodeId to, NodePath& path) const override {
    const std::uint32_t u = from.v, v = to.v;
    // The BFS tree of the last source is kept per thread: --all asks all targets of one source.
    // The router is named by a serial number, not its address: a router made later at the
    // address of a destroyed one must not inherit its tree.
    thread_local std::uint64_t owner = 0;
    thread_local std::uint32_t source = kUnreached;
    thread_local std::vector<std::uint32_t> parent;
    if (owner != id_ || source != u) {
      owner = id_;
      source = u;
      parent = bfs_tree(csr_, u).parent;
    }
    path.clear();
    for (std::uint32_t x = v; x != u; x = parent[x]) {
      if (parent[x] == kUnreached)
        throw InputError("no path from " + t_.label(from) + " to " + t_.label(to) +
                         ": the network is disconnected");
      path.push_back(NodeId(x));
    }
    path.push_back(from);
    std::reverse(path.begin(), path.end());
  }

 private:
  static std::uint64_t next_id() {
    static std::atomic<std::uint64_t> made{0};
    return ++made;
  }
  const Network& t_;
  Csr csr_;
  std::uint64_t id_;
};

}  // namespace

std::unique_ptr<Router> make_bfs_router(const Network& t) { return std::make_unique<BfsRouter>(t); }

}  // namespace netsched
