#include "papers/dimakopoulos.hpp"

#include "core/metrics.hpp"
#include "gen/exchange/total_exchange.hpp"
#include "papers/factor_times.hpp"

namespace netsched::papers::dimakopoulos {

namespace {

/// The average status of a factor network (sum of distances / N), exact, if it is small.
std::optional<double> factor_average_status(const Network& g) {
  if (g.num_nodes() > kFactorDistanceMaxNodes) return std::nullopt;
  const Csr csr(g, 1);
  const DistanceStats st = distances_all_sources(csr, 1);
  if (!st.connected) return std::nullopt;
  return static_cast<double>(st.distance_sum) / static_cast<double>(g.num_nodes());
}

/// Corollary 1 on a product of any networks, with the factors' average status computed.
std::vector<PaperFact> network_product_facts(const NetworkProduct& q) {
  double as = 0;
  for (std::size_t d = 0; d < q.dims(); ++d) {
    const auto a = factor_average_status(q.factor(d));
    if (!a) return {};
    as += *a / static_cast<double>(q.factor(d).num_nodes());
  }
  const double n = static_cast<double>(q.num_nodes());
  return {{"average_status", "n sum_i AS(G_i)/|V_i|", kPaper + " Corollary 1", n * as}};
}

}  // namespace

std::vector<PaperFact> facts(const Network& t) {
  if (const auto* q = network_as<NetworkProduct>(t)) return network_product_facts(*q);
  const auto* p = network_as<Product>(t);
  if (!p) return {};
  std::vector<PaperFact> f;
  const double n = static_cast<double>(p->num_nodes()), k = static_cast<double>(p->dims());
  if (p->is_ghc()) {
    double inv = 0;
    for (const auto& x : p->factors()) inv += 1.0 / x.size;
    f.push_back({"avg_distance", "n/(n-1) (k - sum 1/m_i)", kPaper + " §3.1 (GHC)",
                 n / (n - 1) * (k - inv)});
  }
  double as = 0;
  for (const auto& x : p->factors()) as += x.average_status() / x.size;
  f.push_back({"average_status", "n sum_i AS(G_i)/|V_i|", kPaper + " Corollary 1", n * as});
  return f;
}

PaperBound a2_bound(const Product& p) {
  // each term an integer: n/|V_i| copies of T_i
  std::uint64_t steps = 0;
  for (const auto& f : p.factors())
    steps += p.num_nodes() / f.size * factor_exchange_time(f.kind, f.size);
  return PaperBound{steps,
                    "n sum_i T_i/|V_i|, T_i = factor exchange time (AS(G_i) for rings and complete "
                    "graphs)",
                    kPaper + " Corollary 2", steps};
}

}  // namespace netsched::papers::dimakopoulos

namespace netsched::papers::dimakopoulos {

PaperBound a2_bound(const NetworkProduct& q) {
  std::uint64_t steps = 0;
  for (std::size_t d = 0; d < q.dims(); ++d)
    steps += q.num_nodes() / q.factor(d).num_nodes() * network_factor_exchange(q.factor(d)).size();
  return PaperBound{steps,
                    "n sum_i T_i/|V_i|, T_i = steps of the factor exchange used (closed form for "
                    "rings, paths, complete graphs; A2 for their products; greedy otherwise)",
                    kPaper + " Corollary 2", steps};
}

}  // namespace netsched::papers::dimakopoulos
