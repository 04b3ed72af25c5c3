// Dualcube broadcast: binomial tree in the root's cluster (r-1 rounds), every node of it over
// its cross edge (one cluster of the other class each), binomial trees in all those clusters
// (r-1 rounds), and back over the cross edges to the remaining clusters: 2r rounds. This is
// HDN Algorithm 2 on the dualcube seen as HDN(Q_{r-1}, 1) with s_1 = 1.
#include "gen/broadcast/broadcast.hpp"
#include "gen/topo/dualcube.hpp"

namespace netsched {

Rounds dualcube_broadcast(const Dualcube& d, std::uint32_t root) {
  const std::uint32_t r = d.r(), cross = 1u << (d.bits() - 1);
  Rounds out;
  std::vector<std::uint32_t> informed{root};
  auto binomial = [&](std::vector<std::uint32_t>& have) {
    for (std::uint32_t i = 0; i + 1 < r; ++i) {
      out.emplace_back();
      const std::size_t n = have.size();
      for (std::size_t k = 0; k < n; ++k) {
        const std::uint32_t bit = 1u << d.dimension_bit(have[k], i);
        out.back().push_back({have[k], have[k] ^ bit});
        have.push_back(have[k] ^ bit);
      }
    }
  };
  binomial(informed);  // root's cluster
  out.emplace_back();
  std::vector<std::uint32_t> other;
  for (auto u : informed) {
    out.back().push_back({u, u ^ cross});
    other.push_back(u ^ cross);
  }
  binomial(other);  // all clusters of the other class at once, one informed node each
  out.emplace_back();
  std::vector<bool> has(d.num_nodes(), false);
  for (auto u : informed) has[u] = true;
  for (auto u : other)
    if (!has[u ^ cross]) out.back().push_back({u, u ^ cross});
  if (out.back().empty()) out.pop_back();
  return out;
}

}  // namespace netsched
