// The dualcube F_r: two classes side by side, 2^(r-1) clusters each, every cluster a
// (r-1)-cube drawn by address bits; cluster links and cross links coloured apart.
#include "draw/layout.hpp"
#include "gen/topo/dualcube.hpp"

namespace netsched::draw {

NetworkLayout layout_dualcube(const Dualcube& d) {
  const Network& t = d;
  const std::uint32_t r = d.r(), half = r - 1;
  const std::uint64_t width = std::uint64_t{1} << half, mask = width - 1;
  const Shape cube = bits_shape(half);
  const Shape s = nest(line_shape(2, true), nest(grid_shape(width, cube.w + 1, cube.h + 1), cube));
  // Class 0: cluster = bits r-1..n-2, place = bits 0..r-2; class 1 the other way round.
  auto cluster = [&d, half, mask](std::uint64_t u) {
    return d.class_of(static_cast<std::uint32_t>(u)) ? u & mask : (u >> half) & mask;
  };
  auto index = [&d, half, mask, width, cluster](std::uint64_t u) {
    const std::uint64_t c = d.class_of(static_cast<std::uint32_t>(u));
    const std::uint64_t place = c ? (u >> half) & mask : u & mask;
    return (c * width + cluster(u)) * width + place;
  };
  NetworkLayout l;
  const std::uint64_t n = t.num_nodes();
  l.pos = place(s, n, index);
  l.groupings.push_back(block_grouping("class", n, n / 2));
  Grouping g{"cluster", std::vector<std::uint32_t>(n), static_cast<std::uint32_t>(2 * width)};
  for (std::uint64_t u = 0; u < n; ++u) g.box[u] = static_cast<std::uint32_t>(index(u) / width);
  l.groupings.push_back(std::move(g));
  l.kinds = {"cluster link", "cross link"};
  std::vector<std::uint32_t> kind_of(d.bits(), 0);
  kind_of.back() = 1;
  l.kind_of = kind_by_dimension(t, kind_of);
  l.method = "two classes of 2^(r-1) clusters, each cluster an (r-1)-cube by address bits";
  return l;
}

}  // namespace netsched::draw
