#pragma once
/// Where each node of a network is drawn, and which boxes (clusters) and link kinds a picture
/// shows: the family's structure, not a hairball.
///
/// Why its own layer above analysis/: a picture needs the family classes of gen/ (coordinates,
/// classes, clusters, levels), which checkers must never see; and it draws what analysis/ and
/// verify/ concluded. Positions come from the structure (products on a grid by coordinates,
/// cubes by address bits, dual-nets by class / cluster / base copy, RHFC and HSN by nested
/// clusters); Graphviz (draw/render.hpp) only places what has no structure and writes the SVG.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "core/network.hpp"

namespace netsched {
class Product;
class Hdn;
class Dualcube;
class Ccc;
class RhfcView;
}  // namespace netsched

namespace netsched::draw {

struct Point {
  double x = 0, y = 0;
};

/// One level of boxes, outermost first: every node lies in one box of each level, and each box
/// lies inside one box of the level above.
struct Grouping {
  std::string name;                ///< "class", "cluster", "base copy", "nucleus", ...
  std::vector<std::uint32_t> box;  ///< node -> box index at this level
  std::uint32_t boxes = 0;         ///< number of boxes
};

/// Positions of items 0..size()-1 in a w x h area (unit = the distance of neighbouring nodes).
struct Shape {
  std::vector<Point> pos;
  double w = 0, h = 0;
  std::uint64_t size() const { return pos.size(); }
};

/// The smallest box around a set of points.
struct Bounds {
  Point lo{std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
  Point hi{-std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
  void add(Point p) {
    lo = {std::min(lo.x, p.x), std::min(lo.y, p.y)};
    hi = {std::max(hi.x, p.x), std::max(hi.y, p.y)};
  }
};

/// A network's picture plan.
struct NetworkLayout {
  std::vector<Point> pos;           ///< per node; empty = no structure (Graphviz lays it out)
  std::vector<Grouping> groupings;  ///< boxes, outermost first
  std::vector<std::string> kinds;   ///< link kinds (legend order; index = colour)
  std::function<std::uint32_t(NodeId, NodeId)> kind_of;  ///< the kind of link u-v
  std::string method;  ///< one line: how the positions were chosen
};

/// Nodes a structured layout is computed for (positions and boxes: ~40 bytes a node); above
/// it draw refuses before any work.
inline constexpr std::uint64_t kLayoutMaxNodes = std::uint64_t{1} << 23;

/// Up to this many nodes a generic layout is Graphviz's neato (stress majorization), above it
/// sfdp (multilevel force-directed), which stays fast on thousands of nodes.
inline constexpr std::uint64_t kNeatoMaxNodes = 400;

/// A family layout, named by FamilyInfo::layout (gen/topology.hpp). `applies` checks the type:
/// a family name can cover networks of another type (product(ccc(3), ring(4)) is a "product"
/// but not a Product), which get the generic layout.
struct LayoutInfo {
  std::string_view name;
  bool (*applies)(const Network&);
  NetworkLayout (*make)(const Network&);
};
/// The layouts, "generic" last (it applies to every network).
const std::vector<LayoutInfo>& layout_table();

/// The family's layout (generic = no positions: Graphviz lays the links out).
NetworkLayout layout_network(const Network& t, bool generic = false);

// ---- building blocks of the family layouts (draw/layout.cpp) ----

/// n items on a line (horizontal or vertical).
Shape line_shape(std::uint64_t n, bool horizontal);
/// n items on a circle of unit chord.
Shape circle_shape(std::uint64_t n);
/// n items in a near-square grid of cells of size cell_w x cell_h (row-major).
Shape grid_shape(std::uint64_t n, double cell_w = 1, double cell_h = 1);
/// Every item of `outer` replaced by a copy of `inner`: item o * inner.size() + i. The outer
/// shape's unit becomes the inner extent plus a gap that grows with the nesting.
Shape nest(const Shape& outer, const Shape& inner);
/// n = 2^bits items by address bits, bit 0 along x, bit 1 along y, bit 2 along x, ...
Shape bits_shape(std::uint32_t bits);
/// Positions of the nodes from a shape and each node's index in it.
std::vector<Point> place(const Shape& s, std::uint64_t nodes,
                         const std::function<std::uint64_t(std::uint64_t)>& index_of);
/// A grouping whose box of node u is u / width (contiguous id blocks).
Grouping block_grouping(std::string name, std::uint64_t nodes, std::uint64_t width);
/// The link kind by edge_dimension(): dimension d -> names[d] (the last name for the rest).
std::function<std::uint32_t(NodeId, NodeId)> kind_by_dimension(const Network& t,
                                                               std::vector<std::uint32_t> kind_of);

/// A product on a grid: the last dimension along x, the one before along y, and so on, each
/// nested with gaps; a lone ring or complete graph on a circle. Item = node id.
Shape product_shape(const Product& p);
/// A network's own positions as a shape (item = node id), for nesting it as a nucleus; a
/// circle when it has none.
Shape shape_of(const Network& t);

// ---- the family layouts (one file each under draw/) ----
// Each takes its family's own type: layout_network() is the one place that finds the type.
NetworkLayout layout_product(const Product& p);
NetworkLayout layout_hdn(const Hdn& h);
NetworkLayout layout_dualcube(const Dualcube& d);
NetworkLayout layout_ccc(const Ccc& c);
/// A network of switches: the endpoints in a row, the switches in tiers by their hops from them.
NetworkLayout layout_tiers(const Network& t);
NetworkLayout layout_rhfc(const RhfcView& v, const Network& t);

}  // namespace netsched::draw
