#include "papers/dimakopoulos.hpp"

#include "papers/factor_times.hpp"

namespace netsched::papers::dimakopoulos {

std::vector<PaperFact> facts(const Network& t) {
  const auto* p = dynamic_cast<const Product*>(&t);
  if (!p) return {};
  std::vector<PaperFact> f;
  const double n = static_cast<double>(p->num_nodes()), k = static_cast<double>(p->dims());
  if (p->family() == "ghc") {
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
