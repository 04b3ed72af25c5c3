// Hypercube dimension exchange with packing.
#include <map>

#include "gen/exchange/total_exchange.hpp"
#include "gen/topo/product.hpp"

namespace netsched {

Schedule hypercube_dimension_exchange(const Product& p) {
  const Network& t = p;
  const std::uint64_t n = p.num_nodes();
  const std::uint32_t bits = static_cast<std::uint32_t>(p.dims());
  Schedule s = empty_exchange(t, "dimension-exchange");
  // Step e corrects id bit e: node u sends to u ^ 2^e every chunk it holds whose destination
  // has v's bit e and u's bits below e (any bits above). The selector depends only on those
  // e+1 low bits, so the steps share 2^(e+1) payloads.
  for (std::uint32_t e = 0; e < bits; ++e) {
    const std::uint64_t low = 1ull << e;
    std::map<std::uint64_t, std::uint32_t> payload_of;
    Step st;
    for (std::uint64_t u = 0; u < n; ++u) {
      const std::uint64_t v = u ^ low, fixed = v & ((low << 1) - 1);
      auto [it, fresh] = payload_of.emplace(fixed, static_cast<std::uint32_t>(s.payloads.size()));
      if (fresh) {
        Payload pl;
        pl.select = Selector{};
        for (std::uint64_t hi = 0; hi < (n >> (e + 1)); ++hi) {
          const auto dst = static_cast<std::uint32_t>((hi << (e + 1)) | fixed);
          pl.select->dest_in.push_back({dst, dst});
        }
        s.payloads.push_back(std::move(pl));
      }
      st.transfers.push_back({NodeId(static_cast<std::uint32_t>(u)),
                              NodeId(static_cast<std::uint32_t>(v)), it->second});
    }
    s.steps.push_back(std::move(st));
  }
  return s;
}

}  // namespace netsched
