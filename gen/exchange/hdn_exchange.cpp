// HDN total exchange, Algorithm 2 of li-chu-2013 §4, with packing, on the labelling of
// DESIGN.md. Inside one copy of HDN(B,j), every chunk has an owner (the node that must get it);
// at the top every node owns itself. For j >= 1:
//   1. every node y = (c,U,x,p) sends its cross partner (1-c,x,U,p) the blocks whose owner is in
//      class c (y keeps those for class 1-c, and receives its partner's for class 1-c);
//   2. total exchange inside every cluster (c,U), recursively, where node (c,U,q,p) owns the
//      blocks of the owners (1-c,q,*,p) (its partner's cluster, same position);
//   3. every node sends its partner what it collected in step 2: it lands in the owners' cluster;
//   4. total exchange inside every cluster again, with the original owners.
// Steps: 2 + 2 T_{j-1}; at j = 0 the packed dimension-ordered exchange of the base. Selectors
// name the destination ranges of the owners carried and the acquisition window of the stage
// (senders keep what they forward, so each stage takes only what arrived for it).
#include <functional>

#include "gen/exchange/packed.hpp"
#include "gen/exchange/total_exchange.hpp"
#include "gen/topo/hdn.hpp"

namespace netsched {
namespace {

using Holds = std::vector<std::vector<char>>;
using Embed = std::function<std::uint32_t(std::uint64_t)>;

class HdnExchange {
 public:
  HdnExchange(const Hdn& h, Schedule& s) : h_(h), s_(s) {}

  std::size_t run(std::size_t j, const Embed& embed, const Owners& owners, const Holds& holds,
                  const std::vector<TimeRange>& window, std::size_t first) {
    if (j == 0) return packed_product_exchange(h_.base(), embed, owners, holds, window, s_, first);
    const Hdn::Level& L = h_.level(j);
    const std::uint64_t nj = L.nodes, half = nj / 2;
    // Stage 1: blocks for the sender's own class go to the partner.
    Holds after1(nj, std::vector<char>(nj, 0));
    for (std::uint64_t y = 0; y < nj; ++y) {
      const Hdn::Quad q = h_.quad(j, y);
      const std::uint64_t partner = h_.serial(j, {1 - q.c, q.x, q.U, q.p});
      const std::uint64_t own_lo = q.c * half;  // class c is serials [c*half, (c+1)*half)
      std::vector<IdRange> dest;
      for (std::uint64_t z = 0; z < nj; ++z) {
        if (!holds[y][z]) continue;
        if (z >= own_lo && z < own_lo + half) {
          owners(z, dest);
          after1[partner][z] = 1;
        } else {
          after1[y][z] = 1;
        }
      }
      if (!dest.empty()) {
        normalize(dest);
        add_selector_transfer(s_, first, embed(y), embed(partner), Selector{std::move(dest), {}, window});
      }
    }
    // Stage 2: inside every cluster, node (c,U,q,p) collects for the owners (1-c,q,*,p).
    std::vector<TimeRange> window2 = window;
    window2.push_back({static_cast<std::uint32_t>(first + 1), static_cast<std::uint32_t>(first + 1)});
    const std::uint64_t nc = h_.nodes_at(j - 1);
    auto local = [&](std::uint64_t cluster, std::uint64_t g) {  // node g of HDN(B,j-1) in a cluster
      const auto [copy, b] = h_.split(j - 1, g);
      return (cluster * L.n + copy * L.outside + L.out_of[b]) * L.s + L.pos_of[b];
    };
    auto collected_by = [&](std::uint64_t w, auto&& fn) {  // owners whose blocks w collects
      const Hdn::Quad q = h_.quad(j, w);
      for (std::uint64_t x = 0; x < L.n; ++x) fn(h_.serial(j, {1 - q.c, q.x, x, q.p}));
    };
    std::size_t steps2 = 0;
    Holds after2(nj, std::vector<char>(nj, 0));
    for (std::uint64_t cluster = 0; cluster < 2 * L.n; ++cluster) {
      Holds inner(nc, std::vector<char>(nc, 0));
      for (std::uint64_t a = 0; a < nc; ++a)
        for (std::uint64_t b = 0; b < nc; ++b)
          collected_by(local(cluster, b), [&](std::uint64_t z) {
            if (after1[local(cluster, a)][z]) inner[a][b] = 1;
          });
      steps2 = run(
          j - 1, [&, cluster](std::uint64_t g) { return embed(local(cluster, g)); },
          [&, cluster](std::uint64_t g, std::vector<IdRange>& out) {
            collected_by(local(cluster, g), [&](std::uint64_t z) { owners(z, out); });
          },
          inner, window2, first + 1);
      for (std::uint64_t b = 0; b < nc; ++b) {
        const std::uint64_t w = local(cluster, b);
        collected_by(w, [&](std::uint64_t z) {
          for (std::uint64_t a = 0; a < nc && !after2[w][z]; ++a) after2[w][z] = after1[local(cluster, a)][z];
        });
      }
    }
    // Stage 3: what each node collected crosses to its partner, inside the owners' cluster.
    const std::size_t t3 = first + 1 + steps2;
    std::vector<TimeRange> window3 = window2;
    window3.push_back({static_cast<std::uint32_t>(first + 2), static_cast<std::uint32_t>(t3)});
    Holds after3(nj, std::vector<char>(nj, 0));
    for (std::uint64_t w = 0; w < nj; ++w) {
      const Hdn::Quad q = h_.quad(j, w);
      const std::uint64_t partner = h_.serial(j, {1 - q.c, q.x, q.U, q.p});
      std::vector<IdRange> dest;
      collected_by(w, [&](std::uint64_t z) {
        if (!after2[w][z]) return;
        owners(z, dest);
        after3[partner][z] = 1;
      });
      if (!dest.empty()) {
        normalize(dest);
        add_selector_transfer(s_, t3, embed(w), embed(partner), Selector{std::move(dest), {}, window3});
      }
    }
    // Stage 4: inside every cluster, to the owners; only what arrived in stage 3.
    const std::vector<TimeRange> window4{{static_cast<std::uint32_t>(t3 + 1), static_cast<std::uint32_t>(t3 + 1)}};
    std::size_t steps4 = 0;
    for (std::uint64_t cluster = 0; cluster < 2 * L.n; ++cluster) {
      Holds inner(nc, std::vector<char>(nc, 0));
      for (std::uint64_t a = 0; a < nc; ++a)
        for (std::uint64_t b = 0; b < nc; ++b) inner[a][b] = after3[local(cluster, a)][local(cluster, b)];
      steps4 = run(
          j - 1, [&, cluster](std::uint64_t g) { return embed(local(cluster, g)); },
          [&, cluster](std::uint64_t g, std::vector<IdRange>& out) { owners(local(cluster, g), out); }, inner,
          window4, t3 + 1);
    }
    return 2 + steps2 + steps4;
  }

 private:
  const Hdn& h_;
  Schedule& s_;
};

}  // namespace

Schedule hdn_total_exchange(const Topology& t) {
  const auto& h = dynamic_cast<const Hdn&>(t);
  const std::uint64_t n = h.num_nodes();
  if (n > 4096)
    throw std::invalid_argument("the hdn total exchange generator tracks blocks per node pair; at most 4096 nodes for now");
  Schedule s = empty_exchange(t, "hdn");
  Holds holds(n, std::vector<char>(n, 1));
  for (std::uint64_t y = 0; y < n; ++y) holds[y][y] = 0;
  HdnExchange(h, s).run(
      h.k(), [](std::uint64_t x) { return static_cast<std::uint32_t>(x); },
      [](std::uint64_t z, std::vector<IdRange>& out) {
        out.push_back({static_cast<std::uint32_t>(z), static_cast<std::uint32_t>(z)});
      },
      holds, {{0, 0}}, 0);
  return s;
}

}  // namespace netsched
