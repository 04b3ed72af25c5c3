// Dualcube total exchange: the HDN algorithm on rdn(hypercube(r-1),1), carried over by the
// isomorphism phi: a class-0 node with cluster bits H and node bits L is (0,H,L), a class-1
// node (cluster bits L, node bits H) is (1,L,H); cross edges (0,H,L)-(1,L,H) are exactly the
// dualcube's, cluster links are the (r-1)-cube links of the node bits. Node ids and selector
// destinations (digit boxes of the HDN) are mapped point by point to id ranges; the simulator
// checks the result on the dualcube.
#include "gen/exchange/packed.hpp"
#include "gen/exchange/total_exchange.hpp"
#include "gen/topo/dualcube.hpp"
#include "gen/topo/hdn.hpp"

namespace netsched {

Schedule dualcube_total_exchange(const Dualcube& d) {
  const Network& t = d;
  const std::uint32_t r = d.r();
  const auto rdn = build_topology("rdn(hypercube(" + std::to_string(r == 1 ? 1 : r - 1) + "),1)");
  if (r == 1) {  // F_1 is K_2: one step
    Schedule s = empty_exchange(t, "dualcube-exchange");
    s.payloads = {Payload::of_chunks({1}), Payload::of_chunks({2})};
    s.steps = {Step::of({{NodeId(0), NodeId(1), 0}, {NodeId(1), NodeId(0), 1}})};
    return s;
  }
  const std::uint32_t half = 1u << (r - 1), top = 1u << (2 * r - 2);
  // HDN serial -> dualcube id (inverse of phi): (c, U, x) with serial (c*half + U)*half + x.
  auto from_hdn = [&](std::uint32_t h) {
    const std::uint32_t c = h / top, u = h / half % half, x = h % half;
    return c == 0 ? (u * half + x) : (top + x * half + u);
  };
  const Schedule hs = hdn_total_exchange(*network_as<Hdn>(*rdn));
  const Digits hdn_digits(hs.digits);
  Schedule s = empty_exchange(t, "dualcube-exchange");
  for (std::size_t i = 0; i < hs.steps.size(); ++i) {
    s.steps.emplace_back();
    for (const auto& tr : hs.steps[i].transfers) {
      Selector sel = *hs.payloads[tr.payload].select;
      std::vector<IdRange> dest;
      for (const DigitBox& box : sel.dest_boxes)
        for_each_id(hdn_digits, box, [&](std::uint64_t v) {
          const std::uint32_t x = from_hdn(static_cast<std::uint32_t>(v));
          dest.push_back({x, x});
        });
      normalize(dest);
      sel.dest_in = std::move(dest);
      sel.dest_boxes.clear();
      add_selector_transfer(s, i, from_hdn(tr.from.v), from_hdn(tr.to.v), std::move(sel));
    }
  }
  return s;
}

}  // namespace netsched
