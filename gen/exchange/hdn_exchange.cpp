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
// The digits of a serial id (hdn_digits, gen/topo/hdn.hpp) make every set of the algorithm a
// box. Which blocks a node holds is tracked exactly, as rules
// composed stage by stage (no N x N table; only each inner exchange's n_c x n_c start), so a
// transfer is made only when it carries something. Equal selectors are stored once.
#include <functional>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/parallel.hpp"
#include "core/structure.hpp"
#include "gen/exchange/packed.hpp"
#include "gen/exchange/total_exchange.hpp"
#include "gen/topo/hdn.hpp"

namespace netsched {
namespace {

using Embed = std::function<std::uint32_t(std::uint64_t)>;

class HdnExchange {
 public:
  HdnExchange(const Hdn& h, Schedule& s, unsigned threads)
      : h_(h), s_(s), digits_(hdn_digits(h)), threads_(threads) {}

  const Digits& top_digits() const { return digits_.at.back(); }

  /// The exchange inside one copy of HDN(B,j): local node g is global node embed(g), owner g
  /// collects the destinations own.apply_point(g), holds(a, b) = a starts with blocks of
  /// owner b.
  std::size_t run(std::size_t j, const Embed& embed, const DigitMap& own, const Holds& holds,
                  const std::vector<TimeRange>& window, std::size_t first) {
    if (j == 0) return packed_product_exchange(h_.base(), embed, own, &holds, window, s_, first);
    const Level level(h_, j);
    const Digits& dj = digits_.at[j];
    const DigitMap collected = collected_map(j);
    // Stage 1: blocks for the sender's own class go to the partner.
    for (std::uint64_t y = 0; y < level.nodes; ++y) {
      const std::uint64_t c = level.cls(y), lo = c * level.half;
      bool any = false;
      for (std::uint64_t z = lo; z < lo + level.half && !any; ++z) any = holds(y, z);
      if (!any) continue;
      DigitBox cls = full_box(dj);
      set_digit(dj, cls, 0, {static_cast<std::uint32_t>(c)});
      add_selector_transfer(s_, first, embed(y), embed(level.partner(y)),
                            Selector{{}, {}, window, {own.apply(cls)}});
    }
    const Holds after1 = [&](std::uint64_t y, std::uint64_t z) {
      return level.cls(z) != level.cls(y) && (holds(y, z) || holds(level.partner(y), z));
    };
    // Stage 2: inside every cluster, node (c,U,q,p) collects for the owners (1-c,q,*,p).
    std::vector<TimeRange> window2 = window;
    window2.push_back(
        {static_cast<std::uint32_t>(first + 1), static_cast<std::uint32_t>(first + 1)});
    std::vector<DigitMap> embeds;  // digit maps of level.local(cluster, .)
    for (std::uint64_t cluster = 0; cluster < level.clusters; ++cluster)
      embeds.push_back(DigitMap::probe(digits_.at[j - 1], dj,
                                       [&](std::uint64_t g) { return level.local(cluster, g); }));
    const auto inner2 = cluster_tables(level, [&](std::uint64_t a, std::uint64_t b) {
      return level.any_collected(b, [&](std::uint64_t z) { return after1(a, z); });
    });
    std::size_t steps2 = 0;
    for (std::uint64_t cluster = 0; cluster < level.clusters; ++cluster)
      steps2 = run(
          j - 1, [&, cluster](std::uint64_t g) { return embed(level.local(cluster, g)); },
          embeds[cluster].then(collected).then(own), table_holds(inner2[cluster]), window2,
          first + 1);
    // after2(w, z): w collected owner z's blocks (somebody in its cluster held some)
    const Holds after2 = [&](std::uint64_t w, std::uint64_t z) {
      if (!level.collects(w, z)) return false;
      const std::uint64_t cluster = w / level.cluster_size;
      for (std::uint64_t a = 0; a < level.cluster_size; ++a)
        if (after1(level.local(cluster, a), z)) return true;
      return false;
    };
    // Stage 3: what each node collected crosses to its partner, inside the owners' cluster.
    const std::size_t t3 = first + 1 + steps2;
    std::vector<TimeRange> window3 = window2;
    if (steps2 > 0)  // what stage 2 collected (it has no steps on a one-node base)
      window3.push_back({static_cast<std::uint32_t>(first + 2), static_cast<std::uint32_t>(t3)});
    for (std::uint64_t w = 0; w < level.nodes; ++w)
      if (level.any_collected(w, [&](std::uint64_t z) { return after2(w, z); }))
        add_selector_transfer(s_, t3, embed(w), embed(level.partner(w)),
                              Selector{{}, {}, window3, {own.apply(collected.apply_point(w))}});
    // Stage 4: inside every cluster, to the owners; only what arrived in stage 3 (the partner
    // is an involution, so u received what partner(u) collected).
    const std::vector<TimeRange> window4{
        {static_cast<std::uint32_t>(t3 + 1), static_cast<std::uint32_t>(t3 + 1)}};
    const auto inner4 = cluster_tables(
        level, [&](std::uint64_t a, std::uint64_t b) { return after2(level.partner(a), b); });
    std::size_t steps4 = 0;
    for (std::uint64_t cluster = 0; cluster < level.clusters; ++cluster)
      steps4 = run(
          j - 1, [&, cluster](std::uint64_t g) { return embed(level.local(cluster, g)); },
          embeds[cluster].then(own), table_holds(inner4[cluster]), window4, t3 + 1);
    return 2 + steps2 + steps4;
  }

 private:
  /// Level j of the HDN as the exchange sees it: serial ids ((c*n + U)*n + x)*s + p, classes,
  /// clusters and partners.
  struct Level {
    Level(const Hdn& hdn, std::size_t level)
        : h(hdn),
          j(level),
          L(hdn.level(level)),
          nodes(L.nodes),
          half(L.nodes / 2),
          clusters(2 * L.n),
          cluster_size(hdn.nodes_at(level - 1)) {}
    const Hdn& h;
    std::size_t j;
    const Hdn::Level& L;
    std::uint64_t nodes, half, clusters, cluster_size;

    std::uint64_t cls(std::uint64_t y) const { return y / half; }
    std::uint64_t partner(std::uint64_t y) const {
      const Hdn::Quad q = h.quad(j, y);
      return h.serial(j, {1 - q.c, q.x, q.U, q.p});
    }
    /// Node g of HDN(B,j-1) in a cluster.
    std::uint64_t local(std::uint64_t cluster, std::uint64_t g) const {
      const auto [copy, b] = h.split(j - 1, g);
      return (cluster * L.n + copy * L.outside + L.out_of[b]) * L.s + L.pos_of[b];
    }
    /// Whether w collects for owner z in stage 2: z = (1-c, x, *, p) for w = (c, U, x, p).
    bool collects(std::uint64_t w, std::uint64_t z) const {
      const Hdn::Quad q = h.quad(j, w), r = h.quad(j, z);
      return r.c == 1 - q.c && r.U == q.x && r.p == q.p;
    }
    /// Whether pred(z) holds for some owner z that w collects for.
    template <class Pred>
    bool any_collected(std::uint64_t w, Pred&& pred) const {
      const Hdn::Quad q = h.quad(j, w);
      for (std::uint64_t x = 0; x < L.n; ++x)
        if (pred(h.serial(j, {1 - q.c, q.x, x, q.p}))) return true;
      return false;
    }
  };

  /// The digit map of "the owners w collects for" on D(j).
  DigitMap collected_map(std::size_t j) const {
    const Digits& dj = digits_.at[j];
    const std::size_t xl = digits_.xlen[j];
    std::vector<DigitMap::Rule> rules(dj.size());
    rules[0] = {DigitMap::Rule::Kind::Copy, 0, 0, {1, 0}};
    for (std::size_t i = 0; i < xl; ++i)
      rules[1 + i] = {DigitMap::Rule::Kind::Copy, 0, 1 + xl + i, {}};
    for (std::size_t i = 1 + 2 * xl; i < dj.size(); ++i)
      rules[i] = {DigitMap::Rule::Kind::Copy, 0, i, {}};
    return DigitMap(dj, dj, std::move(rules));
  }

  /// Per cluster, the table f(local(cluster, a), local(cluster, b)) over its nodes a, b,
  /// clusters in parallel.
  std::vector<BitMatrix> cluster_tables(const Level& level, const Holds& f) const {
    const std::uint64_t nc = level.cluster_size;
    std::vector<BitMatrix> out(level.clusters, BitMatrix(nc, nc));
    parallel_items(
        level.clusters, threads_, [] { return 0; },
        [&](int&, std::uint64_t cluster) {
          BitMatrix& t = out[cluster];
          for (std::uint64_t a = 0; a < nc; ++a) {
            const std::uint64_t u = level.local(cluster, a);
            for (std::uint64_t b = 0; b < nc; ++b)
              if (f(u, level.local(cluster, b))) t.set(a, b);
          }
        },
        [](int&) {});
    return out;
  }

  static Holds table_holds(const BitMatrix& t) {
    return [&t](std::uint64_t a, std::uint64_t b) { return t.get(a, b); };
  }

  const Hdn& h_;
  Schedule& s_;
  HdnDigits digits_;
  unsigned threads_;
};

}  // namespace

Schedule hdn_total_exchange(const Hdn& h, unsigned threads) {
  const Network& t = h;
  const std::uint64_t n = h.num_nodes();
  std::uint64_t steps = packed_exchange_steps(h.base());
  for (std::size_t j = 1; j <= h.k(); ++j) steps = 2 + 2 * steps;
  if (mul_sat(n, steps) > kMaxTransfers)
    throw InputError("the hdn total exchange on " + std::to_string(n) + " nodes takes " +
                     std::to_string(steps) + " steps of up to N transfers each: over " +
                     "the limit of " + std::to_string(kMaxTransfers) + " transfers");
  Schedule s = empty_exchange(t, "hdn");
  HdnExchange ex(h, s, threads);
  s.digits = ex.top_digits().radix();
  ex.run(
      h.k(), [](std::uint64_t x) { return static_cast<std::uint32_t>(x); },
      DigitMap::identity(ex.top_digits()), [](std::uint64_t y, std::uint64_t z) { return y != z; },
      {{0, 0}}, 0);
  share_equal_payloads(s);
  return s;
}

}  // namespace netsched
