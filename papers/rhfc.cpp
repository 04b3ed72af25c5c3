#include "papers/rhfc.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#include "gen/topo/hsn.hpp"
#include "gen/topo/hypernet.hpp"
#include "gen/topo/mfc.hpp"
#include "gen/topo/product.hpp"
#include "gen/topology.hpp"
#include "papers/factor_times.hpp"

namespace netsched::papers::rhfc {
namespace {

std::vector<PaperFact> mfc_facts(const Mfc& m) {
  std::vector<PaperFact> f;
  const double l = m.levels();
  const std::uint32_t dg = m.nucleus().largest_degree();
  f.push_back({"nodes", "prod_i N_i", kPaper + " §2.1", static_cast<double>(m.num_nodes())});
  f.push_back({"degree", "d_G + l - 1", kPaper + " §2.1", dg + l - 1, PaperFact::Kind::UpperBound});
  if (auto d = small_diameter(m.nucleus())) {
    f.push_back({"diameter", "(D_G + 1) 2^(l-1) - 1", kPaper + " Theorem 2.1",
                 (*d + 1) * std::ldexp(1.0, static_cast<int>(l) - 1) - 1,
                 PaperFact::Kind::UpperBound});
    if (m.hfc())
      f.push_back({"diameter", "l D_G + l - 1", kPaper + " Lemma 3.1", l * *d + l - 1,
                   PaperFact::Kind::UpperBound});
  }
  return f;
}

std::vector<PaperFact> hsn_facts(const Hsn& h) {
  std::vector<PaperFact> f;
  const auto ls = h.level_counts();
  double prod_l = 1, sum_l = 0;
  for (auto x : ls) {
    prod_l *= x;
    sum_l += x;
  }
  const double r = static_cast<double>(ls.size());
  const Network& g = h.innermost();
  f.push_back({"degree", "d_G + sum_i (l_i - 1)", kPaper + " Theorem 3.3 proof",
               g.largest_degree() + sum_l - r, PaperFact::Kind::UpperBound});
  if (auto d = small_diameter(g)) {
    f.push_back({"diameter", "(D_G + 1) prod_i l_i - 1", kPaper + " Theorem 3.2 / eq. 3",
                 (*d + 1) * prod_l - 1, PaperFact::Kind::UpperBound});
    const double p = sum_l - r + 1;  // levels of the equivalent MFC(p,G)
    f.push_back({"diameter", "(D_G + 1) 2^(p-1) - 1, p = sum l_i - r + 1", kPaper + " Theorem 2.1",
                 (*d + 1) * std::ldexp(1.0, static_cast<int>(p) - 1) - 1,
                 PaperFact::Kind::UpperBound});
  }
  return f;
}

/// §6.1 and Theorem 3.2 for the (r, l, Q_k) net, in the reading of docs/families.md.
std::vector<PaperFact> hypernet_facts(const Hypernet& h) {
  const double k = h.k(), l = h.levels(), r = h.depth();
  std::vector<PaperFact> f;
  if (h.depth() == 1)
    f.push_back({"nodes", "2^(lk - l + 1)", kPaper + " §6.1",
                 std::ldexp(1.0, static_cast<int>(l * k - l + 1))});
  f.push_back({"degree", "k + l - 1 (k nucleus links, l - 1 external)", kPaper + " §6.1", k + l - 1,
               PaperFact::Kind::UpperBound});
  f.push_back({"diameter", "(k + 1) l^r - 1", kPaper + " Theorem 3.2 / eq. 3",
               (k + 1) * std::pow(l, r) - 1, PaperFact::Kind::UpperBound});
  return f;
}

std::optional<std::uint64_t> nucleus_routing_time(const Network& g, NucleusRouting routing) {
  if (auto b = routing(g)) return b->steps;
  if (const auto* p = network_as<Product>(g)) return p->diameter();
  return std::nullopt;
}

std::optional<std::uint64_t> nucleus_broadcast_time(const Network& g, NucleusRouting routing) {
  if (const auto* p = network_as<Product>(g)) return broadcast_time(*p, all_dims(*p), 0);
  if (auto b = recursion_bound(g, true, routing)) return b->steps;
  return std::nullopt;
}

}  // namespace

std::vector<PaperFact> facts(const Network& t) {
  if (const auto* m = network_as<Mfc>(t)) return mfc_facts(*m);
  if (const auto* h = network_as<Hsn>(t)) return hsn_facts(*h);
  if (const auto* h = network_as<Hypernet>(t)) return hypernet_facts(*h);
  return {};
}

std::optional<PaperBound> hypernet_routing_bound(const Network& t) {
  const auto* h = network_as<Hypernet>(t);
  if (!h) return std::nullopt;
  std::uint64_t bound = h->k();  // T_0: the nucleus Q_k routes by fixing bits
  for (std::uint32_t i = 1; i <= h->depth(); ++i) bound = h->levels() * (bound + 1) - 1;
  return PaperBound{bound, "(T_R,G + 1) prod_i l_i - 1, T_R,G = k, l_i = l",
                    kPaper + " Theorem 3.2", std::nullopt};
}

std::optional<PaperBound> recursion_bound(const Network& t, bool broadcast,
                                          NucleusRouting routing) {
  const Network* nucleus;
  std::uint64_t levels;
  bool mfc = false;
  if (const auto* m = network_as<Mfc>(t)) {
    nucleus = &m->nucleus();
    levels = m->levels();
    mfc = !m->hfc();
  } else if (const auto* h = network_as<Hsn>(t)) {
    nucleus = &h->nucleus();
    levels = h->levels();
  } else {
    return std::nullopt;
  }
  const auto tg = broadcast ? nucleus_broadcast_time(*nucleus, routing)
                            : nucleus_routing_time(*nucleus, routing);
  if (!tg) return std::nullopt;
  const std::string note = broadcast ? " (derived: the paper states no broadcast bound)" : "";
  if (mfc) {
    const std::uint64_t p = std::uint64_t{1} << (levels - 1);
    return PaperBound{p * *tg + p - 1, "2^(l-1) T_G + 2^(l-1) - 1" + note, kPaper + " eq. (1)",
                      std::nullopt};
  }
  const bool nested = network_as<Hsn>(*nucleus) != nullptr;
  return PaperBound{
      levels * *tg + levels - 1,
      (nested ? "l_r (T_RHS(l_{r-1},...) + 1) - 1 = (T_G+1) prod l_i - 1" : "l T_G + l - 1") + note,
      nested ? kPaper + " Theorem 3.2 / eq. (3)" : kPaper + " Lemma 3.1 / eq. (2)", std::nullopt};
}

std::optional<PaperBound> semigroup_bound(const Network& t) {
  // Theorem 4.2's closed form (T_S,G + 1) prod_i l_i - 1 over the innermost nucleus G, which
  // for one level is Lemma 4.1's l T_S,G + l - 1; T_S,G of a k-cube nucleus is k.
  const Network* g = &t;
  std::uint64_t prod = 1, depth = 0;
  for (;; ++depth) {
    if (const auto* h = network_as<Hsn>(*g)) {
      prod *= h->levels(), g = &h->nucleus();
    } else if (const auto* m = network_as<Mfc>(*g); m && m->hfc()) {
      prod *= m->levels(), g = &m->nucleus();
    } else {
      break;
    }
  }
  if (const auto* cube = network_as<Product>(*g); !cube || !cube->is_hypercube())
    return std::nullopt;
  const std::uint64_t steps = (ceil_log2(g->num_nodes()) + 1) * prod - 1;
  const bool nested = depth > 1;
  return PaperBound{steps,
                    nested ? "(T_S,G + 1) prod_i l_i - 1, T_S,G = k for a k-cube nucleus"
                           : "l T_S,G + l - 1, T_S,G = k for a k-cube nucleus",
                    nested ? kPaper + " Theorem 4.2" : kPaper + " Lemma 4.1", steps};
}

std::optional<PaperBound> emulation_bound(const Network& t, const std::vector<NodeId>& pair) {
  // Theorem 5.1: 2|S_a| + 1, S_a the non-zero digits a_1..a_r of i_a in radix (l_r,...,l_1,k).
  const auto* h = network_as<Hsn>(t);
  if (!h || pair.size() != 2) return std::nullopt;
  const std::uint64_t k = ceil_log2(h->innermost().num_nodes());
  const std::uint64_t flipped = pair[0].v ^ pair[1].v;
  if (k == 0 || !std::has_single_bit(flipped)) return std::nullopt;
  std::uint64_t ia = static_cast<std::uint64_t>(std::countr_zero(flipped)) / k, nonzero = 0;
  const auto ls = h->level_counts();
  for (auto it = ls.rbegin(); it != ls.rend(); ++it) {  // a_1 (radix l_1) first
    nonzero += ia % *it != 0;
    ia /= *it;
  }
  return PaperBound{2 * nonzero + 1, "2|S_a| + 1", kPaper + " Theorem 5.1", 2 * nonzero + 1};
}

}  // namespace netsched::papers::rhfc
