#include "verify/bounds.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#include "core/metrics.hpp"
#include "verify/properties.hpp"
#include "gen/topo/dualcube.hpp"
#include "gen/topo/hdn.hpp"
#include "gen/topo/hsn.hpp"
#include "gen/topo/mfc.hpp"
#include "gen/topo/product.hpp"

namespace netsched {
namespace {

const std::string kHdnPaper = "li-peng-chu-2012";


std::string kind_name(Factor::Kind k) {
  return k == Factor::Kind::Ring ? "ring" : k == Factor::Kind::Path ? "path" : "complete";
}

// T(X) of a set of base dimensions: the dimension-by-dimension broadcast time.
std::uint64_t broadcast_time(const Product& p, const std::vector<std::uint32_t>& dims, std::uint64_t root) {
  std::uint64_t t = 0;
  for (auto d : dims) t += factor_broadcast_time(kind_name(p.factors()[d].kind), p.factors()[d].size, p.coord(root, d));
  return t;
}

std::vector<std::uint32_t> all_dims(const Product& p) {
  std::vector<std::uint32_t> d;
  for (std::uint32_t i = 0; i < p.dims(); ++i) d.push_back(i);
  return d;
}

// The recursions of HDN Theorems 2 and 3: 2^k X(B) - sum_j 2^j X(SN^(k-j)) + 2^(k+1) - 2.
std::uint64_t hdn_recursion(const Hdn& h, std::uint64_t xb, const std::vector<std::uint64_t>& xsn) {
  const std::size_t k = h.k();
  std::int64_t v = (std::int64_t{1} << k) * static_cast<std::int64_t>(xb) + (std::int64_t{1} << (k + 1)) - 2;
  for (std::size_t j = 0; j < k; ++j) v -= (std::int64_t{1} << j) * static_cast<std::int64_t>(xsn[k - j - 1]);
  return static_cast<std::uint64_t>(std::max<std::int64_t>(v, 0));
}

std::optional<std::uint64_t> nucleus_routing_time(const Topology& g) {
  auto b = routing_bound(g, "auto");
  if (b) return b->steps;
  if (const auto* p = dynamic_cast<const Product*>(&g)) return p->diameter();
  return std::nullopt;
}

std::optional<std::uint64_t> nucleus_broadcast_time(const Topology& g);

std::optional<PaperBound> rhfc_recursion(const Topology& t, bool broadcast) {
  const Topology* nucleus;
  std::uint64_t levels;
  bool mfc = false;
  if (const auto* m = dynamic_cast<const Mfc*>(&t)) {
    nucleus = &m->nucleus();
    levels = m->levels();
    mfc = !m->hfc();
  } else if (const auto* h = dynamic_cast<const Hsn*>(&t)) {
    nucleus = &h->nucleus();
    levels = h->levels();
  } else {
    return std::nullopt;
  }
  const auto tg = broadcast ? nucleus_broadcast_time(*nucleus) : nucleus_routing_time(*nucleus);
  if (!tg) return std::nullopt;
  const std::string note = broadcast ? " (derived: the paper states no broadcast bound)" : "";
  if (mfc) {
    const std::uint64_t p = std::uint64_t{1} << (levels - 1);
    return PaperBound{p * *tg + p - 1, "2^(l-1) T_G + 2^(l-1) - 1" + note, "yeh-parhami eq. (1)"};
  }
  const bool nested = dynamic_cast<const Hsn*>(nucleus) != nullptr;
  return PaperBound{levels * *tg + levels - 1,
                    (nested ? "l_r (T_RHS(l_{r-1},...) + 1) - 1 = (T_G+1) prod l_i - 1" : "l T_G + l - 1") + note,
                    nested ? "yeh-parhami Theorem 3.2 / eq. (3)" : "yeh-parhami Lemma 3.1 / eq. (2)"};
}

std::optional<std::uint64_t> nucleus_broadcast_time(const Topology& g) {
  if (const auto* p = dynamic_cast<const Product*>(&g)) return broadcast_time(*p, all_dims(*p), 0);
  if (auto b = rhfc_recursion(g, true)) return b->steps;
  return std::nullopt;
}

}  // namespace

std::uint64_t factor_broadcast_time(const std::string& kind, std::uint32_t n, std::uint32_t root) {
  if (n <= 1) return 0;
  if (kind == "complete") return ceil_log2(n);
  if (kind == "ring") return (n + 1) / 2;
  // path: first round towards the longer side, then both ends grow one node per round
  const std::uint64_t a = root, b = n - 1 - root;
  const std::uint64_t longer = std::max(a, b), shorter = std::min(a, b);
  return shorter == 0 ? longer : std::max(longer, shorter + 1);
}

std::uint64_t factor_exchange_time(const std::string& kind, std::uint32_t n) {
  if (n <= 1) return 0;
  if (kind == "complete") return n - 1;
  if (kind == "ring") return static_cast<std::uint64_t>(n) * n / 4;
  return static_cast<std::uint64_t>(n) * (n - 1);
}

std::optional<PaperBound> routing_bound(const Topology& t, const std::string& algorithm) {
  if (const auto* h = dynamic_cast<const Hdn*>(&t); h && (algorithm == "hdn-routing" || algorithm == "auto")) {
    if (h->k() == 0) return PaperBound{h->base().diameter(), "R(B) = D(B)", kHdnPaper + " Algorithm 1"};
    std::vector<std::uint64_t> rsn;
    for (std::size_t i = 1; i <= h->k(); ++i) rsn.push_back(h->supernode_diameter(i));
    return PaperBound{hdn_recursion(*h, h->base().diameter(), rsn),
                      "2^k R(B) - sum_j 2^j R(SN^(k-j)) + 2^(k+1) - 2, R = dimension-order = D",
                      kHdnPaper + " Theorem 2"};
  }
  if (const auto* d = dynamic_cast<const Dualcube*>(&t); d && (algorithm == "dualcube-routing" || algorithm == "auto"))
    return PaperBound{2ull * d->r(), "n+1 = 2r (the diameter)", "li-peng dualcube Table 1"};
  if ((dynamic_cast<const Mfc*>(&t) || dynamic_cast<const Hsn*>(&t)) &&
      (algorithm == "auto" || algorithm == "mfc-routing" || algorithm == "hfc-routing" || algorithm == "hsn-routing"))
    return rhfc_recursion(t, false);
  return std::nullopt;
}

namespace {
std::optional<PaperBound> broadcast_or_other_bound(const Topology& t, const Collective& c, const std::string& algorithm);
}  // namespace

std::optional<PaperBound> paper_bound(const Topology& t, const Collective& c, const std::string& algorithm) {
  auto b = broadcast_or_other_bound(t, c, algorithm);
  // Broadcast and route move one chunk: the payload sum equals the steps.
  if (b && !b->payload_sum && (c.kind() == Collective::Kind::Broadcast || c.kind() == Collective::Kind::Route))
    b->payload_sum = b->steps;
  return b;
}

namespace {
std::optional<PaperBound> broadcast_or_other_bound(const Topology& t, const Collective& c, const std::string& algorithm) {
  if (c.kind() == Collective::Kind::Route) {
    auto b = routing_bound(t, algorithm);
    if (b) b->payload_sum = b->steps;
    return b;
  }
  if (c.kind() == Collective::Kind::TotalExchange) {
    if (const auto* h = dynamic_cast<const Hdn*>(&t); h && algorithm == "hdn" && h->k() > 0) {
      // Theorem 3: T_k(m) = (2^(k+1) - 2)(t_s + t_w m n_k/2) + 2^k T_0(m n_k/2), with T_0 the
      // base exchange's cost: the paper's n (t_s + t_w m 2^n/2) for an n-cube base, otherwise
      // the packed dimension-ordered exchange's (a0 steps, b0 chunks per unit message).
      const Product& b = h->base();
      const std::uint64_t n0 = b.num_nodes();
      std::uint64_t a0 = 0, b0 = 0;
      for (const auto& f : b.factors()) {
        const std::uint64_t m = f.size;
        if (m <= 1) continue;
        a0 += m - 1;
        if (f.kind == Factor::Kind::Ring && m > 3) {
          const std::uint64_t up = m / 2, down = (m - 1) / 2;
          b0 += n0 / m * (up * (up + 1) / 2 + down * (down + 1) / 2);
        } else {
          b0 += n0 / m * (m - 1);
        }
      }
      const bool cube = b.family() == "hypercube";
      const std::uint64_t k = h->k(), nk = h->num_nodes();
      const std::uint64_t cross = (std::uint64_t{2} << k) - 2, copies = std::uint64_t{1} << k;
      return PaperBound{cross + copies * a0,
                        std::string("(2^(k+1)-2)(t_s + t_w m n_k/2) + 2^k T_0(m n_k/2), T_0 ") +
                            (cube ? "= n (t_s + t_w m 2^n/2) as the paper gives for an n-cube"
                                  : "= the packed dimension-ordered base exchange (the paper leaves it open)"),
                        "li-chu-2013 Theorem 3", cross * (nk / 2) + copies * b0 * (nk / 2)};
    }
    const auto* p = dynamic_cast<const Product*>(&t);
    if (!p) return std::nullopt;
    if (algorithm == "a2") {
      // Corollary 2: T = n sum_i T_i / |V_i| (each term an integer: n/|V_i| copies of T_i)
      std::uint64_t steps = 0;
      for (const auto& f : p->factors()) steps += p->num_nodes() / f.size * factor_exchange_time(kind_name(f.kind), f.size);
      return PaperBound{steps, "n sum_i T_i/|V_i|, T_i = factor exchange time (AS(G_i) for rings and complete graphs)",
                        "dimakopoulos Corollary 2", steps};
    }
    if (algorithm == "dimension-exchange" && p->family() == "hypercube") {
      const std::uint64_t n = p->dims();
      return PaperBound{n, "T_0(m) = n (t_s + t_w m 2^n/2)", "li-chu-2013 §4 (n-cube base)",
                        n * (p->num_nodes() / 2)};
    }
    return std::nullopt;
  }
  if (c.kind() == Collective::Kind::Multicast && algorithm == "rhs-emulation" && !c.groups().empty() &&
      c.groups().front().size() == 2) {
    // Theorem 5.1: 2|S_a| + 1, S_a the non-zero digits a_1..a_r of i_a in radix (l_r,...,l_1,k).
    const auto* h = dynamic_cast<const Hsn*>(&t);
    if (!h) return std::nullopt;
    const std::uint64_t k = ceil_log2(h->innermost().num_nodes());
    const std::uint64_t flipped = c.groups().front()[0].v ^ c.groups().front()[1].v;
    if (k == 0 || !std::has_single_bit(flipped)) return std::nullopt;
    std::uint64_t ia = static_cast<std::uint64_t>(std::countr_zero(flipped)) / k, nonzero = 0;
    const auto ls = h->level_counts();
    for (auto it = ls.rbegin(); it != ls.rend(); ++it) {  // a_1 (radix l_1) first
      nonzero += ia % *it != 0;
      ia /= *it;
    }
    return PaperBound{2 * nonzero + 1, "2|S_a| + 1", "yeh-parhami Theorem 5.1", 2 * nonzero + 1};
  }
  if (c.kind() == Collective::Kind::AllReduce && algorithm == "rhfc-semigroup") {
    // Theorem 4.2's closed form (T_S,G + 1) prod_i l_i - 1 over the innermost nucleus G, which
    // for one level is Lemma 4.1's l T_S,G + l - 1; T_S,G of a k-cube nucleus is k.
    const Topology* g = &t;
    std::uint64_t prod = 1, depth = 0;
    for (;; ++depth) {
      if (const auto* h = dynamic_cast<const Hsn*>(g)) prod *= h->levels(), g = &h->nucleus();
      else if (const auto* m = dynamic_cast<const Mfc*>(g); m && m->hfc()) prod *= m->levels(), g = &m->nucleus();
      else break;
    }
    if (g->family() != "hypercube") return std::nullopt;
    const std::uint64_t steps = (ceil_log2(g->num_nodes()) + 1) * prod - 1;
    const bool nested = depth > 1;
    return PaperBound{steps,
                      nested ? "(T_S,G + 1) prod_i l_i - 1, T_S,G = k for a k-cube nucleus"
                             : "l T_S,G + l - 1, T_S,G = k for a k-cube nucleus",
                      nested ? "yeh-parhami Theorem 4.2" : "yeh-parhami Lemma 4.1", steps};
  }
  if (const auto* d = dynamic_cast<const Dualcube*>(&t)) {
    const std::uint64_t r = d->r();
    if (c.kind() == Collective::Kind::AllGather && algorithm == "all2allb")
      return PaperBound{2 * r, "2r t_s + (2^(2r-1) - 1) m t_w", "li-peng dualcube §3 Algorithm 1 (All2allB)",
                        (std::uint64_t{1} << (2 * r - 1)) - 1};
    if (c.kind() == Collective::Kind::Multicast && algorithm == "many2manym" && r >= 1)
      return PaperBound{3 * r - 3, "(3r-3) t_s + (3 2^(r-1) + r - 2) m t_w",
                        "li-peng dualcube §3 Algorithm 2 (Many2manyM)", 3 * (std::uint64_t{1} << (r - 1)) + r - 2};
  }
  if (c.kind() == Collective::Kind::Scatter) {
    if (const auto* d = dynamic_cast<const Dualcube*>(&t); d && algorithm == "one2allp") {
      const std::uint64_t r = d->r();
      return PaperBound{2 * r, "2r t_s + (2^(2r-1) + 2^(r-1) - 1) m t_w", "li-peng dualcube §3 One2allP",
                        (std::uint64_t{1} << (2 * r - 1)) + (std::uint64_t{1} << (r - 1)) - 1};
    }
    return std::nullopt;
  }
  if (c.kind() != Collective::Kind::Broadcast) return std::nullopt;
  const std::uint64_t root = c.root().v;
  if (const auto* h = dynamic_cast<const Hdn*>(&t); h && algorithm == "hdn-broadcast") {
    const auto dims = all_dims(h->base());
    const std::uint64_t b0 = h->split(h->k(), root).second;
    std::vector<std::uint64_t> tsn;
    for (std::size_t i = 1; i <= h->k(); ++i) tsn.push_back(broadcast_time(h->base(), h->level(i).dims, b0));
    return PaperBound{hdn_recursion(*h, broadcast_time(h->base(), dims, b0), tsn),
                      "2^k T(B) - sum_i 2^i T(SN^(k-i)) + 2^(k+1) - 2, T(X) = sum of factor broadcast times",
                      kHdnPaper + " Theorem 3"};
  }
  if (const auto* p = dynamic_cast<const Product*>(&t)) {
    if (algorithm == "binomial-tree")
      return PaperBound{p->dims(), "n (binomial tree)", "hypercube binomial tree (standard)"};
    if (algorithm == "product-broadcast")
      return PaperBound{broadcast_time(*p, all_dims(*p), root),
                        "sum_i T(B_i), dimension by dimension (the paper prints T(B_1) x ... x T(B_q))",
                        kHdnPaper + " §5 broadcast(SN)"};
  }
  if (const auto* d = dynamic_cast<const Dualcube*>(&t); d && algorithm == "dualcube-broadcast")
    return PaperBound{2ull * d->r(), "2 T(Q_{r-1}) + 2 = 2r (Theorem 3 with k = 1, s_1 = 1)", kHdnPaper + " Theorem 3"};
  if (algorithm == "rhfc-broadcast") return rhfc_recursion(t, true);
  return std::nullopt;
}

}  // namespace

std::optional<LowerBound> lower_bound(const Topology& t, const Collective& c, const Csr& csr, bool unit_messages) {
  switch (c.kind()) {
    case Collective::Kind::Route: {
      const auto d = bfs_distances(csr, c.root().v)[c.target().v];
      if (d == kUnreached) return std::nullopt;
      return LowerBound{d, "distance"};
    }
    case Collective::Kind::Scatter:
    case Collective::Kind::Broadcast: {
      const std::uint64_t lg = ceil_log2(t.num_nodes());
      const std::uint32_t ecc = eccentricity(csr, c.root().v);
      if (ecc == kUnreached) return std::nullopt;
      return LowerBound{std::max<std::uint64_t>(lg, ecc),
                        ecc > lg ? "eccentricity of the root" : "ceil(log2 N) (informed nodes at most double)"};
    }
    case Collective::Kind::TotalExchange: {
      const DistanceStats st = exact_distances(t, csr);
      if (!st.connected) return std::nullopt;
      const std::uint64_t n = t.num_nodes();
      if (unit_messages) {
        const auto sum = static_cast<std::uint64_t>(st.distance_sum);
        return LowerBound{(sum + n - 1) / n, "AS(G) = sum of distances / N (unit messages, one-port)"};
      }
      const std::uint64_t lg = ceil_log2(n);
      return LowerBound{std::max<std::uint64_t>(lg, st.diameter),
                        st.diameter > lg ? "diameter" : "ceil(log2 N) (a node hears from at most 2^t nodes in t steps)"};
    }
    case Collective::Kind::AllGather: {
      const DistanceStats st = exact_distances(t, csr);
      if (!st.connected) return std::nullopt;
      const std::uint64_t lg = ceil_log2(t.num_nodes());
      return LowerBound{std::max<std::uint64_t>(lg, st.diameter),
                        st.diameter > lg ? "diameter" : "ceil(log2 N) (what a node holds at most doubles per step)"};
    }
    case Collective::Kind::Multicast: {
      std::uint64_t best = 0;
      std::string why = "no chunk to deliver";
      for (const auto& g : c.groups()) {
        const auto dist = bfs_distances(csr, g.front().v);
        for (NodeId v : g) {
          if (dist[v.v] == kUnreached) return std::nullopt;
          if (dist[v.v] > best) best = dist[v.v], why = "distance from a chunk's origin to its farthest destination";
        }
        if (ceil_log2(g.size()) > best)
          best = ceil_log2(g.size()), why = "ceil(log2 |destinations|) (holders of a chunk at most double per step)";
      }
      return LowerBound{best, why};
    }
    case Collective::Kind::AllReduce:
    case Collective::Kind::Prefix: {
      // The inputs a register depends on at most double per step (one message in per node).
      std::uint64_t largest = c.groups().empty() ? t.num_nodes() : 0;
      for (const auto& g : c.groups()) largest = std::max<std::uint64_t>(largest, g.size());
      return LowerBound{ceil_log2(largest), "ceil(log2 group size) (the inputs a node has combined at most double per step)"};
    }
    default: return std::nullopt;
  }
}

}  // namespace netsched
