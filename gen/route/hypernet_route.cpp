// The RHFC paper's recursive routing (§2.1 Case 2 with Lemma 3.1's shortcut, Theorem 3.2) on a
// hypernet: within the depth-i net, while some field X_{i,j} differs (the highest first), walk
// inside the depth-(i-1) net to the node whose upper bits name y's level-j cluster and whose low
// bits are the pattern P_i (it has the link), cross it; then route in the depth-(i-1) net. The
// nucleus routes by fixing bits. Length at most T_i = l (T_{i-1} + 1) - 1, T_0 = k.
#include "gen/route/router.hpp"
#include "gen/topo/hypernet.hpp"

namespace netsched {
namespace {

class HypernetRouter : public Router {
 public:
  explicit HypernetRouter(const Hypernet& h) : h_(h) {}
  std::string name() const override { return "hypernet-routing"; }
  void route(NodeId from, NodeId to, NodePath& path) const override {
    path.assign(1, from);
    walk(from.v, to.v, h_.depth(), path);
  }

 private:
  /// Appends the walk from u to v (equal above bit k_i) inside the depth-i net; returns v.
  void walk(std::uint32_t u, std::uint32_t v, std::uint32_t i, NodePath& path) const {
    if (i == 0) {
      for (std::uint32_t diff = u ^ v; diff; diff &= diff - 1) {
        u ^= diff & (~diff + 1);
        path.emplace_back(u);
      }
      return;
    }
    const std::uint32_t inner = (1u << h_.address_bits(i - 1)) - 1;
    for (std::uint32_t j = h_.levels(); j >= 2; --j) {
      const std::uint32_t target = h_.field(v, i, j);
      if (h_.field(u, i, j) == target) continue;
      // the node of u's depth-(i-1) net with the link to cluster `target` at level j
      const std::uint32_t exit = (u & ~inner) | target << i | Hypernet::pattern(i);
      walk(u, exit, i - 1, path);
      u = h_.swap(exit, i, j);
      path.emplace_back(u);
    }
    walk(u, v, i - 1, path);
  }

  const Hypernet& h_;
};

}  // namespace

std::unique_ptr<Router> make_hypernet_router(const Hypernet& h) {
  return std::make_unique<HypernetRouter>(h);
}

}  // namespace netsched
