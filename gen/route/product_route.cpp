// Dimension-order routing on products: dimension 0 first, each coordinate along its shorter
// way round (rings: ties go upwards, or split by parity for balanced platform routes),
// complete-graph coordinates in one hop. Shortest paths.
#include "core/errors.hpp"
#include "gen/route/product_walk.hpp"
#include "gen/route/router.hpp"
#include "gen/topo/product.hpp"

namespace netsched {

void dimension_order_walk(const Product& p, std::uint64_t a, std::uint64_t b,
                          const std::vector<std::uint32_t>& dims, std::vector<std::uint64_t>& out,
                          RingTies ties) {
  std::uint64_t cur = a;
  for (std::uint32_t d : dims) {
    const Factor& f = p.factors()[d];
    const std::uint64_t st = p.stride(d);
    std::uint32_t c = p.coord(cur, d);
    const std::uint32_t target = p.coord(b, d);
    if (c == target) continue;
    if (f.kind == Factor::Kind::Complete) {
      cur = cur - c * st + target * st;
      out.push_back(cur);
      continue;
    }
    bool up = target > c;
    if (f.kind == Factor::Kind::Ring) {
      const std::uint32_t fwd = (target + f.size - c) % f.size;
      up = fwd < f.size - fwd || (fwd == f.size - fwd && (ties == RingTies::Up || c % 2 == 0));
    }
    while (c != target) {
      const std::uint32_t next = up ? (c + 1 == f.size ? 0 : c + 1) : (c == 0 ? f.size - 1 : c - 1);
      cur = cur - c * st + next * st;
      c = next;
      out.push_back(cur);
    }
  }
}

namespace {

class DimensionOrderRouter : public Router {
 public:
  DimensionOrderRouter(const Product& p, RingTies ties) : p_(p), ties_(ties) {
    for (std::uint32_t d = 0; d < p.dims(); ++d) dims_.push_back(d);
  }
  std::string name() const override {
    return ties_ == RingTies::Up ? "dimension-order" : "dimension-order, ring ties split";
  }
  void route(NodeId u, NodeId v, NodePath& path) const override {
    thread_local std::vector<std::uint64_t> walk;
    walk.clear();
    dimension_order_walk(p_, u.v, v.v, dims_, walk, ties_);
    path.assign(1, u);
    for (auto x : walk) path.push_back(NodeId(static_cast<std::uint32_t>(x)));
  }

 private:
  const Product& p_;
  RingTies ties_;
  std::vector<std::uint32_t> dims_;
};

}  // namespace

std::unique_ptr<Router> make_dimension_order_router(const Product& p) {
  return std::make_unique<DimensionOrderRouter>(p, RingTies::Up);
}

std::unique_ptr<Router> make_balanced_dimension_order_router(const Network& t) {
  const auto* p = network_as<Product>(t);
  if (!p) throw InputError("dimension-order routes need a product, not " + t.spec());
  return std::make_unique<DimensionOrderRouter>(*p, RingTies::Split);
}

}  // namespace netsched
