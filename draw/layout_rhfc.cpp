// MFC, HFC, HSN and RHS (RHFC paper): the nucleus drawn by its own layout, nested in grids
// digit by digit (X_2, then X_3, ...), one box per cluster of every level; links coloured by
// the highest digit they change (nucleus links, level-i links).
#include <fmt/format.h>

#include "draw/layout.hpp"
#include "gen/topo/rhfc_view.hpp"

namespace netsched::draw {

Shape shape_of(const Network& t) {
  const NetworkLayout l = layout_network(t);
  if (l.pos.empty()) return circle_shape(t.num_nodes());
  Shape s;
  s.pos = l.pos;
  Bounds b;
  for (const Point& p : s.pos) b.add(p);
  for (Point& p : s.pos) {
    p = {p.x - b.lo.x, p.y - b.lo.y};
    s.w = std::max(s.w, p.x), s.h = std::max(s.h, p.y);
  }
  return s;
}

NetworkLayout layout_rhfc(const RhfcView& v, const Network& t) {
  Shape s = shape_of(v.nucleus());
  for (std::uint32_t i = 2; i <= v.levels(); ++i)
    s = nest(grid_shape(v.radix(i), s.w + 1, s.h + 1), s);
  NetworkLayout l;
  const std::uint64_t n = t.num_nodes();
  l.pos = place(s, n, [](std::uint64_t u) { return u; });
  for (std::uint32_t j = v.levels() - 1; j >= 1; --j)
    l.groupings.push_back(block_grouping(j == 1 ? "nucleus" : fmt::format("level-{} cluster", j), n,
                                         v.weight(j + 1)));
  l.kinds.push_back("nucleus link");
  for (std::uint32_t i = 2; i <= v.levels(); ++i)
    l.kinds.push_back(fmt::format("level-{} link", i));
  l.kind_of = [v](NodeId a, NodeId b) {
    std::uint32_t top = 1;
    for (std::uint32_t i = 1; i <= v.levels(); ++i)
      if (v.digit(a.v, i) != v.digit(b.v, i)) top = i;
    return top - 1;
  };
  l.method = "the nucleus by its own layout, nested in grids digit by digit";
  return l;
}

}  // namespace netsched::draw
