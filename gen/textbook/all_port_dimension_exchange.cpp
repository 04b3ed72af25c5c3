// All-port total exchange on a hypercube by rotated dimension order: chunk o*N+d fixes the bits
// in which o and d differ in the order r, r+1, ..., r+n-1 (mod n), r = (o + d) mod n, one
// dimension per step, so in every step each dimension carries about 1/n of the chunks and every
// link of a node is busy at once (the one-port dimension exchange uses one dimension a step).
#include <map>

#include "core/errors.hpp"
#include "gen/textbook/textbook.hpp"

namespace netsched {

Schedule all_port_dimension_exchange(const Product& cube) {
  const std::uint64_t n = cube.num_nodes();
  if (n > kReduceScatterMaxNodes)
    throw InputError("all-port-dimension: " + std::to_string(n) + " nodes, over the limit " +
                     limit_text("kReduceScatterMaxNodes", kReduceScatterMaxNodes));
  const auto dims = static_cast<std::uint32_t>(cube.dims());
  std::vector<std::map<std::uint64_t, std::vector<std::uint64_t>>> links(dims);
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
  Schedule s;
  s.topology = cube.spec();
  s.collective = Collective::total_exchange(n);
  s.model = PortModel::AllPort;
  s.algorithm = "all-port-dimension";
  for (auto& step : links) {
    Step st;
    for (auto& [key, chunks] : step) {
      st.transfers.push_back({NodeId(static_cast<std::uint32_t>(key >> 32)),
                              NodeId(static_cast<std::uint32_t>(key)),  // the low 32 bits
                              static_cast<std::uint32_t>(s.payloads.size())});
      s.payloads.push_back(Payload::of_chunks(std::move(chunks)));
    }
    s.steps.push_back(std::move(st));
  }
  share_equal_payloads(s);
  return s;
}

}  // namespace netsched
