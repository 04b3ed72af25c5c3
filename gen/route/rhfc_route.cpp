// Recursive routing on MFC, HFC, HSN and RHS (RHFC paper §2.1 Case 1/2, Lemma 3.1, Thm 3.2).
// At level i, x and y in level-i clusters a != b: walk inside a's cluster to the node x' whose
// level-i link enters b, take the link to y', walk inside b's cluster to y. For HFC and HSN x'
// lies in x's own nucleus, so the first walk is a nucleus walk. Nucleus routes use the
// nucleus's own router (recursively for RHS).
#include "gen/route/router.hpp"
#include "gen/topo/hsn.hpp"
#include "gen/topo/mfc.hpp"
#include "gen/topo/rhfc_view.hpp"

namespace netsched {
namespace {

class RhfcRouter : public Router {
 public:
  RhfcRouter(const Network& t, RouterFn nucleus_router)
      : t_(t), view_(t), nucleus_router_(nucleus_router(view_.nucleus())) {}
  std::string name() const override {
    if (network_as<Hsn>(t_)) return "hsn-routing";
    return view_.per_nucleus() ? "hfc-routing" : "mfc-routing";
  }
  void route(NodeId u, NodeId v, NodePath& path) const override {
    path.assign(1, u);
    walk(view_.levels(), u.v, v.v, path);
  }

 private:
  const Network& t_;
  RhfcView view_;
  std::unique_ptr<Router> nucleus_router_;

  void walk(std::uint32_t i, std::uint64_t a, std::uint64_t b, NodePath& out) const {
    if (a == b) return;
    if (i == 1) {
      const std::uint64_t m1 = view_.radix(1);
      NodePath np;
      nucleus_router_->route(NodeId(static_cast<std::uint32_t>(a % m1)),
                             NodeId(static_cast<std::uint32_t>(b % m1)), np);
      for (std::size_t k = 1; k < np.size(); ++k)
        out.push_back(NodeId(static_cast<std::uint32_t>(a - a % m1 + np[k].v)));
      return;
    }
    if (view_.digit(a, i) == view_.digit(b, i)) {
      walk(i - 1, a, b, out);
      return;
    }
    const auto [x, y] = view_.link(a, i, view_.digit(b, i));
    walk(i - 1, a, x, out);
    out.push_back(NodeId(static_cast<std::uint32_t>(y)));
    walk(i - 1, y, b, out);
  }
};

}  // namespace

std::unique_ptr<Router> make_rhfc_router(const Network& t, RouterFn nucleus_router) {
  return std::make_unique<RhfcRouter>(t, nucleus_router);
}

}  // namespace netsched
