#include "papers/te2013.hpp"

#include <cmath>

#include "gen/topo/ccc.hpp"

namespace netsched::papers::te2013 {

std::vector<PaperFact> facts(const Network& t) {
  const auto* c = network_as<Ccc>(t);
  if (!c) return {};
  const double n = c->n();
  return {{"diameter", "2n + floor(n/2) - 2", kPaper + " Table 2", 2 * n + std::floor(n / 2) - 2}};
}

namespace {

/// The base exchange T_0 as (steps a0, chunks per unit message b0) of the packed
/// dimension-ordered exchange: a ring of m > 3 sends its up and down halves separately.
std::pair<std::uint64_t, std::uint64_t> base_exchange(const Product& b) {
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
  return {a0, b0};
}

}  // namespace

std::optional<PaperBound> exchange_bound(const Hdn& h) {
  if (h.k() == 0) return std::nullopt;
  // T_0 is the paper's n (t_s + t_w m 2^n/2) for an n-cube base, otherwise the packed
  // dimension-ordered exchange's (a0 steps, b0 chunks per unit message).
  const auto [a0, b0] = base_exchange(h.base());
  const bool cube = h.base().is_hypercube();
  const std::uint64_t k = h.k(), nk = h.num_nodes();
  const std::uint64_t cross = (std::uint64_t{2} << k) - 2, copies = std::uint64_t{1} << k;
  return PaperBound{cross + copies * a0,
                    std::string("(2^(k+1)-2)(t_s + t_w m n_k/2) + 2^k T_0(m n_k/2), T_0 ") +
                        (cube ? "= n (t_s + t_w m 2^n/2) as the paper gives for an n-cube"
                              : "= the packed dimension-ordered base exchange (the paper leaves it "
                                "open)"),
                    kPaper + " Theorem 3", cross * (nk / 2) + copies * b0 * (nk / 2)};
}

PaperBound cube_exchange_bound(const Product& cube) {
  const std::uint64_t n = cube.dims();
  return PaperBound{n, "T_0(m) = n (t_s + t_w m 2^n/2)", kPaper + " §4 (n-cube base)",
                    n * (cube.num_nodes() / 2)};
}

}  // namespace netsched::papers::te2013
