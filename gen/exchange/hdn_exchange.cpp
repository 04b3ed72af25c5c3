// HDN total exchange, Algorithm 2 of li-chu-2013 §4, with packing, on the labelling of
// ARCHITECTURE.md. Inside one copy of HDN(B,j), every chunk has an owner (the node that must get
// it); at the top every node owns itself. For j >= 1:
//   1. every node y = (c,U,x,p) sends its cross partner (1-c,x,U,p) the blocks whose owner is in
//      class c (y keeps those for class 1-c, and receives its partner's for class 1-c);
//   2. total exchange inside every cluster (c,U), recursively, where node (c,U,q,p) owns the
//      blocks of the owners (1-c,q,*,p) (its partner's cluster, same position);
//   3. every node sends its partner what it collected in step 2: it lands in the owners' cluster;
//   4. total exchange inside every cluster again, with the original owners.
// Steps: 2 + 2 T_{j-1}; at j = 0 the packed dimension-ordered exchange of the base. Selectors
// name the destinations of the owners carried as one digit box and the acquisition window of
// the stage (senders keep what they forward, so each stage takes only what arrived for it).
// The digits of a serial id make every set of the algorithm a box: D(0) = the base's digits;
// D(j) = [class] ++ X(j) [cluster] ++ X(j) [super-node] ++ (SN^j dimensions) [position], where
// X(j) = C(j-1) ++ (base dimensions outside SN^j) and C(j) = [class] ++ X(j) ++ C(j-1) are the
// digits of a level-j node's base copy. Which blocks a node holds is tracked exactly, per
// (node, owner) bit, one cluster level at a time, so a transfer is made only when it carries
// something.
#include <functional>

#include "gen/exchange/packed.hpp"
#include "gen/exchange/total_exchange.hpp"
#include "gen/topo/hdn.hpp"

namespace netsched {
namespace {

using Embed = std::function<std::uint32_t(std::uint64_t)>;

// D(j) for j = 0..k, and |X(j)|.
struct HdnDigits {
  std::vector<Digits> at;
  std::vector<std::size_t> xlen;
};

HdnDigits hdn_digits(const Hdn& h) {
  HdnDigits out;
  out.at.push_back(product_digits(h.base()));
  out.xlen.push_back(0);
  std::vector<std::uint32_t> copy;  // C(j-1)
  for (std::size_t j = 1; j <= h.k(); ++j) {
    const Hdn::Level& L = h.level(j);
    std::vector<std::uint32_t> x = copy, pos;
    for (std::uint32_t d = 0; d < h.base().dims(); ++d) {
      const bool in = std::find(L.dims.begin(), L.dims.end(), d) != L.dims.end();
      (in ? pos : x).push_back(h.base().factors()[d].size);
    }
    std::vector<std::uint32_t> radix{2};
    radix.insert(radix.end(), x.begin(), x.end());
    radix.insert(radix.end(), x.begin(), x.end());
    radix.insert(radix.end(), pos.begin(), pos.end());
    out.at.emplace_back(std::move(radix));
    out.xlen.push_back(x.size());
    std::vector<std::uint32_t> next{2};
    next.insert(next.end(), x.begin(), x.end());
    next.insert(next.end(), copy.begin(), copy.end());
    copy = std::move(next);
  }
  return out;
}

class HdnExchange {
 public:
  HdnExchange(const Hdn& h, Schedule& s) : h_(h), s_(s), digits_(hdn_digits(h)) {}

  const Digits& top_digits() const { return digits_.at.back(); }

  /// The exchange inside one copy of HDN(B,j): local node g is global node embed(g), owner g
  /// collects the destinations own.apply_point(g), holds.get(a, b) = a starts with blocks of
  /// owner b.
  std::size_t run(std::size_t j, const Embed& embed, const DigitMap& own, const BitMatrix& holds,
                  const std::vector<TimeRange>& window, std::size_t first) {
    if (j == 0) return packed_product_exchange(h_.base(), embed, own, holds, window, s_, first);
    const Hdn::Level& L = h_.level(j);
    const Digits& dj = digits_.at[j];
    const std::uint64_t nj = L.nodes, half = nj / 2;
    // collected(w): the owners (1-c, x, *, p) that node (c, U, x, p) collects for in stage 2
    const std::size_t xl = digits_.xlen[j];
    std::vector<DigitMap::Rule> rules(dj.size());
    rules[0] = {DigitMap::Rule::Kind::Copy, 0, 0, {1, 0}};
    for (std::size_t i = 0; i < xl; ++i)
      rules[1 + i] = {DigitMap::Rule::Kind::Copy, 0, 1 + xl + i, {}};
    for (std::size_t i = 1 + 2 * xl; i < dj.size(); ++i)
      rules[i] = {DigitMap::Rule::Kind::Copy, 0, i, {}};
    const DigitMap collected(dj, dj, std::move(rules));
    auto partner = [&](std::uint64_t y) {
      const Hdn::Quad q = h_.quad(j, y);
      return h_.serial(j, {1 - q.c, q.x, q.U, q.p});
    };
    // Stage 1: blocks for the sender's own class go to the partner.
    BitMatrix after1(nj, nj);
    for (std::uint64_t y = 0; y < nj; ++y) {
      const std::uint64_t c = h_.quad(j, y).c, own_lo = c * half, py = partner(y);
      bool any = false;
      for (std::uint64_t z = 0; z < nj; ++z) {
        if (!holds.get(y, z)) continue;
        const bool mine =
            z >= own_lo && z < own_lo + half;  // class c is serials [c*half, (c+1)*half)
        after1.set(mine ? py : y, z);
        any = any || mine;
      }
      if (!any) continue;
      DigitBox cls = full_box(dj);
      set_digit(dj, cls, 0, {static_cast<std::uint32_t>(c)});
      add_selector_transfer(s_, first, embed(y), embed(py),
                            Selector{{}, {}, window, {own.apply(cls)}});
    }
    // Stage 2: inside every cluster, node (c,U,q,p) collects for the owners (1-c,q,*,p).
    std::vector<TimeRange> window2 = window;
    window2.push_back(
        {static_cast<std::uint32_t>(first + 1), static_cast<std::uint32_t>(first + 1)});
    const std::uint64_t nc = h_.nodes_at(j - 1);
    auto local = [&](std::uint64_t cluster, std::uint64_t g) {  // node g of HDN(B,j-1) in a cluster
      const auto [copy, b] = h_.split(j - 1, g);
      return (cluster * L.n + copy * L.outside + L.out_of[b]) * L.s + L.pos_of[b];
    };
    auto collected_by = [&](std::uint64_t w, auto&& fn) {  // owners whose blocks w collects
      const Hdn::Quad q = h_.quad(j, w);
      for (std::uint64_t x = 0; x < L.n; ++x) fn(h_.serial(j, {1 - q.c, q.x, x, q.p}));
    };
    std::vector<DigitMap> embeds;  // digit maps of local(cluster, .)
    for (std::uint64_t cluster = 0; cluster < 2 * L.n; ++cluster)
      embeds.push_back(DigitMap::probe(digits_.at[j - 1], dj,
                                       [&](std::uint64_t g) { return local(cluster, g); }));
    std::size_t steps2 = 0;
    BitMatrix after2(nj, nj);
    for (std::uint64_t cluster = 0; cluster < 2 * L.n; ++cluster) {
      BitMatrix inner(nc, nc);
      for (std::uint64_t a = 0; a < nc; ++a)
        for (std::uint64_t b = 0; b < nc; ++b)
          collected_by(local(cluster, b), [&](std::uint64_t z) {
            if (after1.get(local(cluster, a), z)) inner.set(a, b);
          });
      steps2 = run(
          j - 1, [&, cluster](std::uint64_t g) { return embed(local(cluster, g)); },
          embeds[cluster].then(collected).then(own), inner, window2, first + 1);
      for (std::uint64_t b = 0; b < nc; ++b) {
        const std::uint64_t w = local(cluster, b);
        collected_by(w, [&](std::uint64_t z) {
          for (std::uint64_t a = 0; a < nc; ++a)
            if (after1.get(local(cluster, a), z)) {
              after2.set(w, z);
              break;
            }
        });
      }
    }
    // Stage 3: what each node collected crosses to its partner, inside the owners' cluster.
    const std::size_t t3 = first + 1 + steps2;
    std::vector<TimeRange> window3 = window2;
    window3.push_back({static_cast<std::uint32_t>(first + 2), static_cast<std::uint32_t>(t3)});
    BitMatrix after3(nj, nj);
    for (std::uint64_t w = 0; w < nj; ++w) {
      const std::uint64_t pw = partner(w);
      bool any = false;
      collected_by(w, [&](std::uint64_t z) {
        if (!after2.get(w, z)) return;
        any = true;
        after3.set(pw, z);
      });
      if (any)
        add_selector_transfer(s_, t3, embed(w), embed(pw),
                              Selector{{}, {}, window3, {own.apply(collected.apply_point(w))}});
    }
    // Stage 4: inside every cluster, to the owners; only what arrived in stage 3.
    const std::vector<TimeRange> window4{
        {static_cast<std::uint32_t>(t3 + 1), static_cast<std::uint32_t>(t3 + 1)}};
    std::size_t steps4 = 0;
    for (std::uint64_t cluster = 0; cluster < 2 * L.n; ++cluster) {
      BitMatrix inner(nc, nc);
      for (std::uint64_t a = 0; a < nc; ++a)
        for (std::uint64_t b = 0; b < nc; ++b)
          if (after3.get(local(cluster, a), local(cluster, b))) inner.set(a, b);
      steps4 = run(
          j - 1, [&, cluster](std::uint64_t g) { return embed(local(cluster, g)); },
          embeds[cluster].then(own), inner, window4, t3 + 1);
    }
    return 2 + steps2 + steps4;
  }

 private:
  const Hdn& h_;
  Schedule& s_;
  HdnDigits digits_;
};

}  // namespace

Schedule hdn_total_exchange(const Network& t) {
  const auto& h = dynamic_cast<const Hdn&>(t);
  const std::uint64_t n = h.num_nodes();
  if (n > kMaxHdnExchangeNodes)
    throw std::invalid_argument(
        "the hdn total exchange generator tracks blocks per node pair (4 tables of N^2 bits); at "
        "most " +
        std::to_string(kMaxHdnExchangeNodes) + " nodes");
  Schedule s = empty_exchange(t, "hdn");
  HdnExchange ex(h, s);
  s.digits = ex.top_digits().radix();
  BitMatrix holds(n, n);
  for (std::uint64_t y = 0; y < n; ++y)
    for (std::uint64_t z = 0; z < n; ++z)
      if (y != z) holds.set(y, z);
  ex.run(
      h.k(), [](std::uint64_t x) { return static_cast<std::uint32_t>(x); },
      DigitMap::identity(ex.top_digits()), holds, {{0, 0}}, 0);
  return s;
}

}  // namespace netsched
