// HDN and RDN: base copies on their product grid, nested in clusters level by level, the two
// classes side by side; links coloured as base links or level-j cross links.
#include <fmt/format.h>

#include "draw/layout.hpp"
#include "gen/topo/hdn.hpp"

namespace netsched::draw {

NetworkLayout layout_hdn(const Hdn& h) {
  const Network& t = h;
  const std::uint64_t n = t.num_nodes(), n0 = h.base().num_nodes();
  // HDN(B,i) = 2 classes x n_i clusters x HDN(B,i-1); item = base copy * N_0 + base node.
  Shape s = product_shape(h.base());
  for (std::size_t i = 1; i <= h.k(); ++i) {
    const Shape clusters = grid_shape(h.level(i).n, s.w + 1, s.h + 1);
    s = nest(line_shape(2, true), nest(clusters, s));
  }
  NetworkLayout l;
  l.pos = place(s, n, [&h, n0](std::uint64_t u) {
    const auto [copy, b] = h.split(h.k(), u);
    return copy * n0 + b;
  });
  std::vector<std::uint64_t> copy_of(n);
  for (std::uint64_t u = 0; u < n; ++u) copy_of[u] = h.split(h.k(), u).first;
  auto by_copy = [&](std::string name, std::uint64_t width) {
    Grouping g{std::move(name), std::vector<std::uint32_t>(n), 0};
    for (std::uint64_t u = 0; u < n; ++u) g.box[u] = static_cast<std::uint32_t>(copy_of[u] / width);
    g.boxes = static_cast<std::uint32_t>(h.copies_at(h.k()) / width);
    return g;
  };
  if (h.k() >= 1) l.groupings.push_back(by_copy("class", h.copies_at(h.k()) / 2));
  for (std::size_t i = h.k(); i >= 2; --i)
    l.groupings.push_back(by_copy(fmt::format("level-{} cluster", i), h.copies_at(i - 1)));
  l.groupings.push_back(by_copy("base copy", 1));
  const auto base_dims = static_cast<std::uint32_t>(h.base().dims());
  l.kinds.push_back("base link");
  std::vector<std::uint32_t> kind_of(base_dims, 0);
  for (std::size_t j = 1; j <= h.k(); ++j) {
    l.kinds.push_back(fmt::format("level-{} cross link", j));
    kind_of.push_back(static_cast<std::uint32_t>(j));
  }
  l.kind_of = kind_by_dimension(t, kind_of);
  l.method = "base copies on their grid, nested in clusters level by level, classes side by side";
  return l;
}

}  // namespace netsched::draw
