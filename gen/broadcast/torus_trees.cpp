// Four arc-disjoint spanning trees of a two-dimensional torus out of any root, written down: the
// arborescences of a torus's broadcast beyond the 1,024 nodes Lovász's construction reaches in
// seconds (gen/broadcast/arborescences.cpp; torus(64,64) took it 52 s).
//
// In coordinates relative to the root, (x, y) on rings of a and b >= 3 nodes, each tree runs a
// spine out of the root along one of its four directions and branches from every spine node
// along the direction a quarter turn on: E along row 0 then N up each column, N up column 0 then
// W along each row, W then S, S then E. The branches skip the other spine's line, and each tree
// reaches that line over the one arc of it the crossing tree's branches leave unused: the arc
// that would close their ring (E: (a-1, y) -> (0, y); W: (1, y) -> (0, y); N: (x, b-1) -> (x, 0);
// S: (x, 1) -> (x, 0)). So every node is entered by each tree from a different one of its four
// neighbours, and the trees share no arc. Each is a + b - 1 deep.
#include <stdexcept>
#include <string>

#include "gen/broadcast/broadcast.hpp"
#include "gen/topo/product.hpp"

namespace netsched {
namespace {

/// A node in coordinates relative to the root, on rings of `a` and `b` nodes.
struct TorusCoords {
  std::uint32_t a, b;

  std::uint32_t east(std::uint32_t x) const { return (x + 1) % a; }
  std::uint32_t west(std::uint32_t x) const { return (x + a - 1) % a; }
  std::uint32_t north(std::uint32_t y) const { return (y + 1) % b; }
  std::uint32_t south(std::uint32_t y) const { return (y + b - 1) % b; }
};

/// The parent of (x, y) != (0, 0) in tree `tree` (0 E, 1 W, 2 N, 3 S), relative to the root.
std::pair<std::uint32_t, std::uint32_t> torus_parent(const TorusCoords& c, std::uint32_t tree,
                                                     std::uint32_t x, std::uint32_t y) {
  switch (tree) {
    case 0:  // spine E along row 0, branches N; column 0 over the E arc closing its row
      if (y == 0) return {c.west(x), 0};
      return x == 0 ? std::pair{c.a - 1, y} : std::pair{x, c.south(y)};
    case 1:  // spine W along row 0, branches S; column 0 over the W arc closing its row
      if (y == 0) return {c.east(x), 0};
      return x == 0 ? std::pair{1U, y} : std::pair{x, c.north(y)};
    case 2:  // spine N up column 0, branches W; row 0 over the N arc closing its column
      if (x == 0) return {0, c.south(y)};
      return y == 0 ? std::pair{x, c.b - 1} : std::pair{c.east(x), y};
    default:  // spine S down column 0, branches E; row 0 over the S arc closing its column
      if (x == 0) return {0, c.north(y)};
      return y == 0 ? std::pair{x, 1U} : std::pair{c.west(x), y};
  }
}

}  // namespace

std::vector<std::vector<std::uint32_t>> torus_trees(const Product& t, std::uint32_t root) {
  if (t.dims() != 2 || t.num_nodes() > kTorusTreesMaxNodes)
    throw std::logic_error("torus trees: " + t.spec() + " is not a 2-D torus within the limit");
  const TorusCoords c{t.factors()[0].size, t.factors()[1].size};
  if (c.a < 3 || c.b < 3) throw std::logic_error("torus trees: a ring of fewer than 3 nodes");
  const std::uint32_t rx = t.coord(root, 0), ry = t.coord(root, 1);
  const auto node = [&](std::uint32_t x, std::uint32_t y) {
    return static_cast<std::uint32_t>(((rx + x) % c.a) * t.stride(0) +
                                      ((ry + y) % c.b) * t.stride(1));
  };
  std::vector<std::vector<std::uint32_t>> trees(4, std::vector<std::uint32_t>(t.num_nodes(), root));
  for (std::uint32_t tree = 0; tree < 4; ++tree)
    for (std::uint32_t x = 0; x < c.a; ++x)
      for (std::uint32_t y = 0; y < c.b; ++y) {
        if (x == 0 && y == 0) continue;
        const auto [px, py] = torus_parent(c, tree, x, y);
        trees[tree][node(x, y)] = node(px, py);
      }
  return trees;
}

}  // namespace netsched
