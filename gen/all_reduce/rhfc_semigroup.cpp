// Semigroup computation on HFC, HSN and RHS (RHFC paper §4.1, Lemma 4.1 and Theorem 4.2) as an
// all-reduce register schedule. With the digit view of rhfc_view.hpp (level-i links join the
// radix(i) blocks of weight(i) ids inside a block of weight(i+1)), level i runs on every block
// of weight(i+1) at once:
//   level 1: the nucleus's own all-reduce (hypercube: the dimension scan, k steps; a nested
//            HSN/RHS nucleus: this algorithm, recursively; any other nucleus -- a ring, a
//            complete graph -- the tree all-reduce over its greedy broadcast tree from position
//            0, twice its rounds: the paper leaves T_S,G to the nucleus);
//   level i: Phase 1 = level i-1 (every node holds its weight(i) block's total in "result");
//            Phase 2 = one step: every node sends "result" over its level-i link;
//            Phase 3 = a nucleus all-reduce of what arrived (a node without a level-i link
//            contributes nothing -- the paper's padding value, an empty register), with the
//            node at nucleus position 0 adding its own block's total once.
// T(i) = T(i-1) + 1 + T_G: l T_G + l - 1 steps (Lemma 4.1), and on RHS, whose nucleus is an
// RHS, l_r (T_nucleus + 1) - 1 (Theorem 4.2).
#include <set>

#include "gen/all_reduce/all_reduce.hpp"
#include "gen/broadcast/broadcast.hpp"
#include "gen/plan/program.hpp"
#include "gen/scatter_gather/scatter_gather.hpp"
#include "gen/topo/mfc.hpp"
#include "gen/topo/product.hpp"
#include "gen/topo/rhfc_view.hpp"

namespace netsched {
namespace {

class Semigroup {
 public:
  Semigroup(const Network& t, RegisterProgram& p)
      : n_(static_cast<std::uint32_t>(t.num_nodes())), p_(p) {}

  /// All-reduce of register `reg` inside every block of |g| consecutive ids (g is one copy).
  void all_reduce(const Network& g, std::uint16_t reg) {
    if (const auto* cube = network_as<Product>(g); cube && cube->is_hypercube()) {
      for (std::uint64_t b = 1; b < g.num_nodes(); b <<= 1)
        scan_step(p_, n_, [b](std::uint32_t v) { return v ^ static_cast<std::uint32_t>(b); },
                  {{reg, {}}});
      return;
    }
    const auto* m = network_as<Mfc>(g);
    if (network_as<Hsn>(g) || (m && m->hfc())) {
      const RhfcView view(g);
      level(g, view, view.levels(), reg);
      return;
    }
    tree_all_reduce(g, reg);
  }

 private:
  std::uint32_t n_;
  RegisterProgram& p_;

  /// Any other nucleus: `reg` combined up the greedy broadcast tree of g from position 0, then
  /// set down it, in every block of |g| ids at once (one-port: a node receives from one child
  /// per round going up, and sends to one child per round going down).
  void tree_all_reduce(const Network& g, std::uint16_t reg) {
    const Rounds rounds = greedy_broadcast(g, 0);
    const auto size = static_cast<std::uint32_t>(g.num_nodes());
    for (std::size_t i = rounds.size(); i-- > 0;) {
      for (std::uint32_t base = 0; base < n_; base += size)
        for (const auto& [parent, child] : rounds[i])
          p_.send(base + child, base + parent, {{reg, reg, RegOp::Combine}});
      p_.end_step();
    }
    for (const auto& round : rounds) {
      for (std::uint32_t base = 0; base < n_; base += size)
        for (const auto& [parent, child] : round)
          p_.send(base + parent, base + child, {{reg, reg, RegOp::Set}});
      p_.end_step();
    }
  }

  // All-reduce of `reg` inside every block of weight(i+1) ids of every copy of g.
  void level(const Network& g, const RhfcView& view, std::uint32_t i, std::uint16_t reg) {
    const std::uint64_t size = g.num_nodes(), m1 = view.radix(1);
    if (i == 1) {
      all_reduce(view.nucleus(), reg);
      return;
    }
    level(g, view, i - 1, reg);
    // Phase 2: every level-i link, both directions, in one step.
    const std::uint16_t recv = p_.add_register("recv"), tot = p_.add_register("tot");
    std::set<std::pair<std::uint64_t, std::uint64_t>> links;
    for (std::uint64_t u = 0; u < size; u += m1)
      for (std::uint64_t b = 0; b < view.radix(i); ++b)
        if (b != view.digit(u, i)) links.insert(view.link(u, i, b));
    for (std::uint64_t base = 0; base < n_; base += size)
      for (const auto& [x, y] : links)
        p_.send(static_cast<std::uint32_t>(base + x), static_cast<std::uint32_t>(base + y),
                {{reg, recv, RegOp::Set}});
    p_.end_step();
    // Phase 3: the arrivals, plus the own block's total once per nucleus.
    std::vector<IdRange> firsts;
    for (std::uint32_t v = 0; v < n_; v += static_cast<std::uint32_t>(m1)) firsts.push_back({v, v});
    p_.set(tot, recv);
    p_.compute(tot, tot, reg, RegOp::Combine, firsts);
    all_reduce(view.nucleus(), tot);
    p_.set(reg, tot);
  }
};

}  // namespace

Schedule rhfc_semigroup(const Network& t) {
  RegisterProgram p(t, Collective::all_reduce(t.num_nodes()), {"data", "result"}, "rhfc-semigroup");
  p.set(1, 0);
  Semigroup(t, p).all_reduce(t, 1);
  return p.finish();
}

}  // namespace netsched
