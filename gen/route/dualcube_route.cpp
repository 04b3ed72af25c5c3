// Dualcube routing: within a cluster fix the node-ID bits; across classes fix the bits the
// source cluster can change, cross, fix the rest; between two clusters of one class cross,
// fix the cluster-ID bits in the other class, cross back, fix the node-ID bits. Every route is
// a shortest path (|ΔL| + |ΔH| + the crossings that are unavoidable).
#include "gen/route/router.hpp"
#include "gen/topo/dualcube.hpp"

namespace netsched {
namespace {

class DualcubeRouter : public Router {
 public:
  explicit DualcubeRouter(const Dualcube& d) {
    const std::uint32_t r = d.r();
    low_ = (1u << (r - 1)) - 1;                 // bits 0..r-2
    high_ = ((1u << (2 * r - 2)) - 1) & ~low_;  // bits r-1..n-2
    cross_ = 1u << (d.bits() - 1);
  }
  std::string name() const override { return "dualcube-routing"; }
  void route(NodeId from, NodeId to, NodePath& path) const override {
    const std::uint32_t u = from.v, v = to.v;
    path.assign(1, from);
    std::uint32_t cur = u;
    auto fix = [&](std::uint32_t mask) {
      for (std::uint32_t diff = (cur ^ v) & mask; diff; diff &= diff - 1) {
        cur ^= diff & (~diff + 1);
        path.push_back(NodeId(cur));
      }
    };
    auto cross = [&] {
      cur ^= cross_;
      path.push_back(NodeId(cur));
    };
    // A class-0 node can change the low bits, a class-1 node the high bits.
    auto own = [&](std::uint32_t x) { return (x & cross_) ? high_ : low_; };
    if ((u ^ v) & cross_) {
      fix(own(cur));
      cross();
      fix(own(cur));
    } else if (((u ^ v) & ~own(u) & ~cross_) == 0) {
      fix(own(cur));
    } else {
      cross();
      fix(own(cur));
      cross();
      fix(own(cur));
    }
  }

 private:
  std::uint32_t low_, high_, cross_;
};

}  // namespace

std::unique_ptr<Router> make_dualcube_router(const Dualcube& d) {
  return std::make_unique<DualcubeRouter>(d);
}

}  // namespace netsched
