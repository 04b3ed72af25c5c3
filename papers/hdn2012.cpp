#include "papers/hdn2012.hpp"

#include <cmath>

#include "gen/topo/ccc.hpp"
#include "gen/topo/dualcube.hpp"
#include "papers/factor_times.hpp"

namespace netsched::papers::hdn2012 {

std::uint64_t nodes_recurrence(std::uint64_t n0, const std::vector<std::uint64_t>& s) {
  std::uint64_t n = n0;
  for (auto si : s) n = 2 * n * n / si;
  return n;
}

double nodes_closed(double n0, const std::vector<std::uint64_t>& s) {
  double prod = 1;
  for (auto si : s) prod *= static_cast<double>(si);
  return std::pow(2 * n0, std::ldexp(1.0, static_cast<int>(s.size()))) / (2 * prod);
}

double nodes_corrected(double n0, const std::vector<std::uint64_t>& s) {
  const std::size_t k = s.size();
  double denom = 2;
  for (std::size_t i = 1; i <= k; ++i)
    denom *= std::pow(static_cast<double>(s[i - 1]), std::ldexp(1.0, static_cast<int>(k - i)));
  return std::pow(2 * n0, std::ldexp(1.0, static_cast<int>(k))) / denom;
}

std::int64_t recursion(std::uint64_t xb, const std::vector<std::uint64_t>& xsn) {
  const std::size_t k = xsn.size();
  std::int64_t v =
      (std::int64_t{1} << k) * static_cast<std::int64_t>(xb) + (std::int64_t{1} << (k + 1)) - 2;
  for (std::size_t j = 0; j < k; ++j)
    v -= (std::int64_t{1} << j) * static_cast<std::int64_t>(xsn[k - j - 1]);
  return v;
}

std::int64_t table2_diameter(const Hdn& h) {
  const std::size_t k = h.k();
  std::int64_t inner = h.base().diameter();
  for (std::size_t j = 0; j < k; ++j)
    inner -= (std::int64_t{1} << j) * static_cast<std::int64_t>(h.supernode_diameter(k - j));
  return (std::int64_t{1} << k) * inner + (std::int64_t{1} << (k + 1)) - 2;
}

std::vector<std::uint64_t> supernode_diameters(const Hdn& h) {
  std::vector<std::uint64_t> d;
  for (std::size_t i = 1; i <= h.k(); ++i) d.push_back(h.supernode_diameter(i));
  return d;
}

namespace {

std::vector<std::uint64_t> sizes(const Hdn& h) {
  std::vector<std::uint64_t> s;
  for (std::size_t i = 1; i <= h.k(); ++i) s.push_back(h.level(i).s);
  return s;
}

/// A recursion value as a bound: never below 0.
std::uint64_t at_least_zero(std::int64_t v) {
  return static_cast<std::uint64_t>(std::max<std::int64_t>(v, 0));
}

}  // namespace

std::vector<PaperFact> facts(const Hdn& h) {
  std::vector<PaperFact> f;
  const std::size_t k = h.k();
  if (k == 0) return f;
  const double n0 = static_cast<double>(h.base().num_nodes());
  const double kk = static_cast<double>(k);
  std::uint32_t d0 = 0;  // the papers' base degree: 2 links per ring side, C_2 included
  for (const auto& fac : h.base().factors()) d0 += fac.port_degree(0);
  const double diameter =
      static_cast<double>(recursion(h.base().diameter(), supernode_diameters(h)));
  if (h.is_rdn()) {
    const std::string src = kPaper + " Table 2 (RDN(m,k))";
    f.push_back({"nodes", "(2m)^(2^k)/2", src, nodes_closed(n0, sizes(h))});
    f.push_back({"degree", "d0+k", src, d0 + kk});
    f.push_back({"diameter", "2^k D0 + 2^(k+1) - 2", src, diameter});
    return f;
  }
  const std::string th1 = kPaper + " Theorem 1";
  f.push_back({"nodes", "(2N0)^(2^k)/(2 prod s_i)", th1, nodes_closed(n0, sizes(h))});
  f.push_back({"nodes", "N_i = 2 N_{i-1}^2 / s_i", kPaper + " §3 recurrence",
               static_cast<double>(nodes_recurrence(h.base().num_nodes(), sizes(h)))});
  f.push_back({"degree", "d0+k", th1, d0 + kk});
  f.push_back({"diameter", "2^k D(B) - sum_j 2^j D(SN^(k-j)) + 2^(k+1) - 2", th1, diameter});
  f.push_back({"diameter", "2^k (D(B) - sum_j 2^j D(SN^(k-j))) + 2^(k+1) - 2", kPaper + " Table 2",
               static_cast<double>(table2_diameter(h))});
  return f;
}

std::vector<PaperFact> table2_facts(const Network& t) {
  const std::string t2 = kPaper + " Table 2";
  if (const auto* c = network_as<Ccc>(t)) {
    const double n = c->n();
    return {{"nodes", "n*2^n", t2, n * std::ldexp(1.0, static_cast<int>(c->n()))},
            {"degree", "3", t2, 3},
            {"diameter", "2n", t2, 2 * n}};
  }
  if (const auto* d = network_as<Dualcube>(t)) {
    const double r = d->r();
    const std::string src = kPaper + " Table 2 (Dual-Cube(r))";
    return {{"nodes", "2^(2r-1)", src, std::ldexp(1.0, static_cast<int>(2 * d->r() - 1))},
            {"degree", "r", src, r},
            {"diameter", "2r", src, 2 * r}};
  }
  const auto* p = network_as<Product>(t);
  if (!p) return {};
  const double n = static_cast<double>(p->num_nodes()), k = static_cast<double>(p->dims());
  if (p->is_torus()) {
    double sides = 0;
    for (const auto& x : p->factors()) sides += x.size;
    const std::string src = kPaper + " Table 2 (3D torus, read for k sides)";
    return {{"nodes", "x*y*z", src, n},
            {"degree", "6 (2 per side)", src, 2 * k},
            {"diameter", "(x+y+z)/2", src, sides / 2}};
  }
  if (p->is_hypercube())
    return {{"nodes", "2^n", t2, n}, {"degree", "n", t2, k}, {"diameter", "n", t2, k}};
  return {};
}

PaperBound routing_bound(const Hdn& h) {
  if (h.k() == 0)
    return PaperBound{h.base().diameter(), "R(B) = D(B)", kPaper + " Algorithm 1", std::nullopt};
  return PaperBound{at_least_zero(recursion(h.base().diameter(), supernode_diameters(h))),
                    "2^k R(B) - sum_j 2^j R(SN^(k-j)) + 2^(k+1) - 2, R = dimension-order = D",
                    kPaper + " Theorem 2", std::nullopt};
}

std::pair<std::uint64_t, std::vector<std::uint64_t>> broadcast_times(const Hdn& h,
                                                                     std::uint64_t root) {
  const std::uint64_t b0 = h.split(h.k(), root).second;
  std::vector<std::uint64_t> tsn;
  for (std::size_t i = 1; i <= h.k(); ++i)
    tsn.push_back(broadcast_time(h.base(), h.level(i).dims, b0));
  return {broadcast_time(h.base(), all_dims(h.base()), b0), tsn};
}

std::int64_t theorem3_recurrence(std::uint64_t tb, const std::vector<std::uint64_t>& tsn) {
  const auto t = [&](std::size_t i) { return static_cast<std::int64_t>(tsn.at(i - 1)); };
  std::int64_t tk = 2 * (static_cast<std::int64_t>(tb) - t(1)) + 2;
  for (std::size_t k = 2; k <= tsn.size(); ++k) tk = t(k - 1) + 2 * tk + 2;
  return t(tsn.size()) + tk;
}

PaperBound broadcast_bound(const Hdn& h, std::uint64_t root) {
  const auto [tb, tsn] = broadcast_times(h, root);
  return PaperBound{
      at_least_zero(recursion(tb, tsn)),
      "2^k T(B) - sum_i 2^i T(SN^(k-i)) + 2^(k+1) - 2, T(X) = sum of factor broadcast "
      "times",
      kPaper + " Theorem 3", std::nullopt};
}

PaperBound product_broadcast_bound(const Product& p, std::uint64_t root) {
  return PaperBound{broadcast_time(p, all_dims(p), root),
                    "sum_i T(B_i), dimension by dimension (the paper prints T(B_1) x ... x T(B_q))",
                    kPaper + " §5 broadcast(SN)", std::nullopt};
}

PaperBound dualcube_broadcast_bound(std::uint32_t r) {
  return PaperBound{2ull * r, "2 T(Q_{r-1}) + 2 = 2r (Theorem 3 with k = 1, s_1 = 1)",
                    kPaper + " Theorem 3", std::nullopt};
}

}  // namespace netsched::papers::hdn2012
