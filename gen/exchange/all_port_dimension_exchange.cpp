#include "gen/exchange/total_exchange.hpp"
#include "gen/plan/schedule_kit.hpp"
// All-port total exchange on a hypercube by rotated dimension order: chunk o*N+d fixes the bits
// in which o and d differ in the order r, r+1, ..., r+n-1 (mod n), r = (o + d) mod n, one
// dimension per step, so in every step each dimension carries about 1/n of the chunks and every
// link of a node is busy at once (the one-port dimension exchange uses one dimension a step).

namespace netsched {

Schedule all_port_dimension_exchange(const Product& cube) {
  check_nodes(cube, "all-port-dimension", kReduceScatterMaxNodes, "kReduceScatterMaxNodes");
  const std::uint64_t n = cube.num_nodes();
  const auto dims = static_cast<std::uint32_t>(cube.dims());
  LinkChunks links(dims);
  for (std::uint64_t o = 0; o < n; ++o)
    for (std::uint64_t d = 0; d < n; ++d) {
      std::uint64_t at = o;
      for (std::uint32_t s = 0; s < dims; ++s) {
        const std::uint64_t bit = std::uint64_t{1} << ((o + d + s) % dims);
        if ((at & bit) == (d & bit)) continue;
        links[s][at << 32 | (at ^ bit)].push_back(o * n + d);
        at ^= bit;
      }
    }
  return link_chunk_schedule(cube, Collective::total_exchange(n), PortModel::AllPort,
                             "all-port-dimension", links);
}

}  // namespace netsched
