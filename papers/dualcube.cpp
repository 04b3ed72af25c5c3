#include "papers/dualcube.hpp"

#include <cmath>

#include "gen/topo/dualcube.hpp"
#include "gen/topo/product.hpp"

namespace netsched::papers::dualcube {

std::vector<PaperFact> facts(const Network& t) {
  const std::string t1 = kPaper + " Table 1";
  if (const auto* d = network_as<Dualcube>(t)) {
    const double n = d->bits(), N = std::ldexp(1.0, static_cast<int>(d->bits()));
    return {
        {"degree", "(n+1)/2", t1, (n + 1) / 2},
        {"diameter", "n+1", t1, n + 1},
        {"avg_distance", "n/2 + 1 - 1/2^((n-1)/2)", t1,
         n / 2 + 1 - std::ldexp(1.0, -static_cast<int>(d->r() - 1))},
        {"edges", "2^n (n+1)/2", t1, N * (n + 1) / 2},
    };
  }
  const auto* p = network_as<Product>(t);
  if (!p || !p->is_hypercube()) return {};
  const double n = static_cast<double>(p->num_nodes()), k = static_cast<double>(p->dims());
  return {{"edges", "2^n n", t1, n * k}, {"avg_distance", "n/2", t1, k / 2}};
}

PaperBound routing_bound(std::uint32_t r) {
  return PaperBound{2ull * r, "n+1 = 2r (the diameter)", kPaper + " Table 1", std::nullopt};
}

std::optional<PaperBound> all2allb_bound(std::uint32_t r) {
  return PaperBound{2ull * r, "2r t_s + (2^(2r-1) - 1) m t_w",
                    kPaper + " §3 Algorithm 1 (All2allB)", (std::uint64_t{1} << (2 * r - 1)) - 1};
}

std::optional<PaperBound> many2manym_bound(std::uint32_t r) {
  if (r < 1) return std::nullopt;
  return PaperBound{3ull * r - 3, "(3r-3) t_s + (3 2^(r-1) + r - 2) m t_w",
                    kPaper + " §3 Algorithm 2 (Many2manyM)",
                    3 * (std::uint64_t{1} << (r - 1)) + r - 2};
}

std::optional<PaperBound> one2allp_bound(std::uint32_t r) {
  return PaperBound{2ull * r, "2r t_s + (2^(2r-1) + 2^(r-1) - 1) m t_w", kPaper + " §3 One2allP",
                    (std::uint64_t{1} << (2 * r - 1)) + (std::uint64_t{1} << (r - 1)) - 1};
}

}  // namespace netsched::papers::dualcube
