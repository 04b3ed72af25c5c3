// HDN Algorithm 1 (hierarchical dual-net paper §4), on the consistent labelling of ARCHITECTURE.md.
//
// Level j, u = (c,U,x,p), v = (c',U',x',p'):
//   Case 1 (same cluster):        route inside the cluster HDN(B,j-1), recursively.
//   Case 3 (same class, U != U'): cross to w = (1-c,x,U,p), then Case 2 from w.
//   Case 2 (c != c'):             u -> u' = (c,U,U',p) inside u's cluster, cross to
//                                 u'' = (c',U',U,p), u'' -> v' = (c',U',U,p') inside the
//                                 super-node (only SN^j coordinates change), v' -> v inside v's
//                                 cluster.
// At level 0 the base route is dimension-order (shortest on a product).
#include <mutex>

#include "gen/route/product_walk.hpp"
#include "gen/route/router.hpp"
#include "gen/topo/hdn.hpp"

namespace netsched {
namespace {

class HdnRouter : public Router {
 public:
  explicit HdnRouter(const Hdn& h) : h_(h) {
    for (std::uint32_t d = 0; d < h.base().dims(); ++d) all_dims_.push_back(d);
  }
  std::string name() const override { return "hdn-routing"; }

  void route(NodeId u, NodeId v, NodePath& path) const override {
    thread_local std::vector<std::uint64_t> walk_out;
    walk_out.clear();
    walk(h_.k(), u.v, v.v, walk_out);
    path.assign(1, u);
    for (auto x : walk_out) path.push_back(NodeId(static_cast<std::uint32_t>(x)));
  }

  // Tables of every route inside the top-level cluster HDN(B,k-1), when it is small, by the
  // cluster's local index x * s + p at both ends and at every node (a route of the sweep is
  // then sums, not the divisions of Hdn::split and quad: about half its time).
  void prepare_bulk() override {
    if (h_.k() == 0) return;
    const std::size_t k = h_.k();
    const std::uint64_t n = h_.nodes_at(k - 1), s = h_.level(k).s;
    if (n > kMaxTable) return;
    std::call_once(once_, [&] {
      offsets_.assign(n * n + 1, 0);
      std::vector<std::uint64_t> tmp;
      for (std::uint64_t a = 0; a < n; ++a)
        for (std::uint64_t b = 0; b < n; ++b) {
          tmp.clear();
          walk(k - 1, g_of(k, a / s, a % s), g_of(k, b / s, b % s), tmp);
          for (auto g : tmp) table_.push_back(static_cast<std::uint32_t>(local_of(k, g)));
          offsets_[a * n + b + 1] = table_.size();
        }
      table_n_ = n;
    });
  }

 private:
  static constexpr std::uint64_t kMaxTable = 2048;
  const Hdn& h_;
  std::vector<std::uint32_t> all_dims_;
  std::once_flag once_;
  std::uint64_t table_n_ = 0;
  std::vector<std::uint64_t> offsets_;  // [(x1 s + p1) n + x2 s + p2]: where its route starts
  std::vector<std::uint32_t> table_;    // each node's x s + p in the cluster

  // Node (x,p) of a level-j cluster as a serial id of HDN(B,j-1).
  std::uint64_t g_of(std::size_t j, std::uint64_t x, std::uint64_t p) const {
    const Hdn::Level& L = h_.level(j);
    return h_.join(j - 1, x / L.outside, L.base_of[(x % L.outside) * L.s + p]);
  }
  /// Node g of HDN(B,j-1) as its index x * s + p in a level-j cluster.
  std::uint64_t local_of(std::size_t j, std::uint64_t g) const {
    const Hdn::Level& L = h_.level(j);
    const auto [copy, b] = h_.split(j - 1, g);
    return (copy * L.outside + L.out_of[b]) * L.s + L.pos_of[b];
  }

  void in_cluster(std::size_t j, std::uint64_t c, std::uint64_t U, std::uint64_t x1,
                  std::uint64_t p1, std::uint64_t x2, std::uint64_t p2,
                  std::vector<std::uint64_t>& out) const {
    if (x1 == x2 && p1 == p2) return;
    // serial(j, {c,U,x,p}) = serial(j, {c,U,0,0}) + x * s + p
    const std::uint64_t s = h_.level(j).s, first = h_.serial(j, {c, U, 0, 0});
    if (j == h_.k() && table_n_) {
      const std::uint64_t pair = (x1 * s + p1) * table_n_ + x2 * s + p2;
      for (std::uint64_t i = offsets_[pair]; i < offsets_[pair + 1]; ++i)
        out.push_back(first + table_[i]);
      return;
    }
    std::vector<std::uint64_t> tmp;
    walk(j - 1, g_of(j, x1, p1), g_of(j, x2, p2), tmp);
    for (auto g : tmp) out.push_back(first + local_of(j, g));
  }

  void walk(std::size_t j, std::uint64_t a, std::uint64_t b,
            std::vector<std::uint64_t>& out) const {
    if (a == b) return;
    if (j == 0) {
      dimension_order_walk(h_.base(), a, b, all_dims_, out);
      return;
    }
    const Hdn::Quad qa = h_.quad(j, a), qb = h_.quad(j, b);
    if (qa.c == qb.c && qa.U == qb.U) {  // Case 1
      in_cluster(j, qa.c, qa.U, qa.x, qa.p, qb.x, qb.p, out);
      return;
    }
    Hdn::Quad cur = qa;
    if (qa.c == qb.c) {  // Case 3: one cross edge first
      cur = {1 - qa.c, qa.x, qa.U, qa.p};
      out.push_back(h_.serial(j, cur));
    }
    // Case 2
    in_cluster(j, cur.c, cur.U, cur.x, cur.p, qb.U, cur.p, out);  // u -> u'
    out.push_back(h_.serial(j, {qb.c, qb.U, cur.U, cur.p}));      // u' -> u''
    in_cluster(j, qb.c, qb.U, cur.U, cur.p, cur.U, qb.p, out);    // u'' -> v'
    in_cluster(j, qb.c, qb.U, cur.U, qb.p, qb.x, qb.p, out);      // v' -> v
  }
};

}  // namespace

std::unique_ptr<Router> make_hdn_router(const Hdn& h) { return std::make_unique<HdnRouter>(h); }

}  // namespace netsched
