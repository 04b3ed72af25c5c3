// Products (rings, paths, complete graphs, tori, meshes, hypercubes, generalized hypercubes):
// nodes on a grid by coordinates, links coloured by dimension.
#include <fmt/format.h>

#include "draw/layout.hpp"
#include "gen/topo/product.hpp"

namespace netsched::draw {

Shape product_shape(const Product& p) {
  const auto& f = p.factors();
  if (f.size() == 1 && f[0].kind != Factor::Kind::Path) return circle_shape(f[0].size);
  Shape s = line_shape(f.back().size, true);
  bool horizontal = false;
  for (std::size_t d = f.size() - 1; d-- > 0; horizontal = !horizontal)
    s = nest(line_shape(f[d].size, horizontal), s);
  return s;
}

NetworkLayout layout_product(const Product& p) {
  const Network& t = p;
  NetworkLayout l;
  l.pos = place(product_shape(p), t.num_nodes(), [](std::uint64_t u) { return u; });
  std::vector<std::uint32_t> kind_of;
  for (std::size_t d = 0; d < p.dims(); ++d) {
    l.kinds.push_back(fmt::format("dimension {} ({})", d, p.factors()[d].spec()));
    kind_of.push_back(static_cast<std::uint32_t>(d));
  }
  l.kind_of = kind_by_dimension(t, kind_of);
  if (p.dims() >= 3)
    l.groupings.push_back(block_grouping("dimension-0 coordinate", t.num_nodes(), p.stride(0)));
  l.method = p.dims() == 1 && p.factors()[0].kind != Factor::Kind::Path
                 ? "on a circle"
                 : "on a grid by coordinates (last dimension along x, alternating, nested)";
  return l;
}

}  // namespace netsched::draw
