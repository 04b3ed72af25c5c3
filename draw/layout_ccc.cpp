// Cube-connected cycles CCC(n): each cycle on a circle, the cycles placed by the address bits
// of their cube node; cycle links and cube links coloured apart.
#include "draw/layout.hpp"
#include "gen/topo/ccc.hpp"

namespace netsched::draw {

NetworkLayout layout_ccc(const Ccc& c) {
  const Network& t = c;
  const std::uint64_t n = c.n();
  NetworkLayout l;
  l.pos = place(nest(bits_shape(c.n()), circle_shape(n)), t.num_nodes(),
                [](std::uint64_t u) { return u; });
  l.groupings.push_back(block_grouping("cycle", t.num_nodes(), n));
  l.kinds = {"cycle link", "cube link"};
  l.kind_of = [n](NodeId u, NodeId v) { return u.v / n == v.v / n ? 0u : 1u; };
  l.method = "cycles on circles, placed by the address bits of their cube node";
  return l;
}

}  // namespace netsched::draw
