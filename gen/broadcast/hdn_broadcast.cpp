// HDN Algorithm 2 (hierarchical dual-net paper §5), as the recursion
//
//   HB(j, S) informs all of HDN(B,j) from a source S: the nodes of one base copy that agree
//   with a node b0 outside a set D of base dimensions.
//   HB(0, S): broadcast the dimensions not in D inside the base copy  (T(B) - T(D) rounds).
//   HB(j, S): HB(j-1, S) inside S's cluster C = (c,U); every node of C sends over its level-j
//             cross edge, so each cluster (1-c, x) now holds super-node U completely;
//             HB(j-1, super-node U with D = SN^j) in all those clusters at once; every node of
//             them sends over its cross edge again, reaching the class-c clusters other than C.
//   rounds(HB(j,S)) = rounds(HB(j-1,S)) + 1 + rounds(HB(j-1,SN^j)) + 1.
//
// From a single source node (D empty) this takes 2^k T(B) - sum_i 2^i T(SN^(k-i)) + 2^(k+1) - 2
// rounds, Theorem 3's bound, when T(.) is the dimension-by-dimension broadcast time: the
// algorithm's broadcast(SN^k) is the first T(SN^k) rounds of HB(0, {}).
#include "gen/broadcast/broadcast.hpp"
#include "gen/topo/hdn.hpp"

namespace netsched {
namespace {

class HdnBroadcast {
 public:
  explicit HdnBroadcast(const Hdn& h) : h_(h) {
    for (std::uint32_t d = 0; d < h.base().dims(); ++d) all_.push_back(d);
  }

  Rounds run(std::size_t j, std::uint64_t copy, std::uint64_t b0,
             const std::vector<std::uint32_t>& informed) const {
    if (j == 0) return product_broadcast(h_.base(), b0, all_, informed);
    const Hdn::Level& L = h_.level(j);
    const std::uint64_t below = h_.copies_at(j - 1);
    const std::uint64_t hi = copy / below, lo = copy % below;  // hi = c*n + U
    const std::uint64_t c = hi / L.n, U = hi % L.n;
    auto lift = [&](std::uint64_t cluster, std::uint64_t g) {  // node g of HDN(B,j-1) in a cluster
      const auto [cp, b] = h_.split(j - 1, g);
      const std::uint64_t x = cp * L.outside + L.out_of[b];
      return static_cast<std::uint32_t>((cluster * L.n + x) * L.s + L.pos_of[b]);
    };
    Rounds out;
    for (const auto& round : run(j - 1, lo, b0, informed)) {
      out.emplace_back();
      for (const auto& [f, t] : round) out.back().push_back({lift(hi, f), lift(hi, t)});
    }
    // Cross edges out of C: (c,U,x,p) -> (1-c,x,U,p).
    out.emplace_back();
    for (std::uint64_t x = 0; x < L.n; ++x)
      for (std::uint64_t p = 0; p < L.s; ++p)
        out.back().push_back({static_cast<std::uint32_t>(h_.serial(j, {c, U, x, p})),
                              static_cast<std::uint32_t>(h_.serial(j, {1 - c, x, U, p}))});
    // Every cluster (1-c, x) now holds its super-node U: the same sub-broadcast in each.
    const Rounds inner = run(j - 1, U / L.outside, L.base_of[(U % L.outside) * L.s], L.dims);
    const std::size_t offset = out.size();
    out.resize(offset + inner.size());
    for (std::size_t r = 0; r < inner.size(); ++r) {
      auto& dst = out[offset + r];
      dst.reserve(inner[r].size() * L.n);
      for (std::uint64_t x = 0; x < L.n; ++x) {
        const std::uint64_t cluster = (1 - c) * L.n + x;
        for (const auto& [f, t] : inner[r]) dst.push_back({lift(cluster, f), lift(cluster, t)});
      }
    }
    // Back over the cross edges to the class-c clusters other than C.
    out.emplace_back();
    for (std::uint64_t x = 0; x < L.n; ++x)
      for (std::uint64_t y = 0; y < L.n; ++y) {
        if (y == U) continue;
        for (std::uint64_t p = 0; p < L.s; ++p)
          out.back().push_back({static_cast<std::uint32_t>(h_.serial(j, {1 - c, x, y, p})),
                                static_cast<std::uint32_t>(h_.serial(j, {c, y, x, p}))});
      }
    return out;
  }

 private:
  const Hdn& h_;
  std::vector<std::uint32_t> all_;
};

}  // namespace

Rounds hdn_broadcast(const Hdn& h, std::uint32_t root) {
  const auto [copy, b] = h.split(h.k(), root);
  return HdnBroadcast(h).run(h.k(), copy, b, {});
}

}  // namespace netsched
