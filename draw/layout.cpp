#include "draw/layout.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

#include "core/errors.hpp"
#include "gen/topo/ccc.hpp"
#include "gen/topo/dualcube.hpp"
#include "gen/topo/hdn.hpp"
#include "gen/topo/hsn.hpp"
#include "gen/topo/mfc.hpp"
#include "gen/topo/product.hpp"
#include "gen/topo/rhfc_view.hpp"
#include "gen/topology.hpp"

namespace netsched::draw {

Shape line_shape(std::uint64_t n, bool horizontal) {
  Shape s;
  for (std::uint64_t i = 0; i < n; ++i)
    s.pos.push_back(horizontal ? Point{double(i), 0} : Point{0, double(i)});
  (horizontal ? s.w : s.h) = n ? double(n - 1) : 0;
  return s;
}

Shape circle_shape(std::uint64_t n) {
  if (n <= 2) return line_shape(n, true);
  const double r = 0.5 / std::sin(std::numbers::pi / double(n));
  Shape s;
  for (std::uint64_t i = 0; i < n; ++i) {
    const double a = 2 * std::numbers::pi * double(i) / double(n) - std::numbers::pi / 2;
    s.pos.push_back({r + r * std::cos(a), r + r * std::sin(a)});
  }
  s.w = s.h = 2 * r;
  return s;
}

Shape grid_shape(std::uint64_t n, double cell_w, double cell_h) {
  const auto cols = static_cast<std::uint64_t>(
      std::max(1.0, std::ceil(std::sqrt(double(n) * cell_h / std::max(cell_w, 1e-9)))));
  const std::uint64_t rows = (n + cols - 1) / cols;
  Shape s;
  for (std::uint64_t i = 0; i < n; ++i) s.pos.push_back({double(i % cols), double(i / cols)});
  s.w = double(std::min(n, cols) - (n ? 1 : 0));
  s.h = rows ? double(rows - 1) : 0;
  return s;
}

Shape nest(const Shape& outer, const Shape& inner) {
  // The gap along an axis grows with the inner extent along it: a grid of lines stays a grid,
  // a grid of boxes keeps its boxes apart.
  const double cw = inner.w + 1.5 + 0.25 * inner.w, ch = inner.h + 1.5 + 0.25 * inner.h;
  Shape s;
  s.pos.reserve(outer.size() * inner.size());
  for (const Point& o : outer.pos)
    for (const Point& i : inner.pos) s.pos.push_back({o.x * cw + i.x, o.y * ch + i.y});
  s.w = outer.w * cw + inner.w;
  s.h = outer.h * ch + inner.h;
  return s;
}

Shape bits_shape(std::uint32_t bits) {
  Shape s = line_shape(1, true);
  for (std::uint32_t b = 0; b < bits; ++b) s = nest(line_shape(2, b % 2 == 0), s);
  return s;
}

std::vector<Point> place(const Shape& s, std::uint64_t nodes,
                         const std::function<std::uint64_t(std::uint64_t)>& index_of) {
  std::vector<Point> pos(nodes);
  for (std::uint64_t u = 0; u < nodes; ++u) pos[u] = s.pos.at(index_of(u));
  return pos;
}

Grouping block_grouping(std::string name, std::uint64_t nodes, std::uint64_t width) {
  Grouping g{std::move(name), std::vector<std::uint32_t>(nodes), 0};
  for (std::uint64_t u = 0; u < nodes; ++u) g.box[u] = static_cast<std::uint32_t>(u / width);
  g.boxes = static_cast<std::uint32_t>((nodes + width - 1) / width);
  return g;
}

std::function<std::uint32_t(NodeId, NodeId)> kind_by_dimension(const Network& t,
                                                               std::vector<std::uint32_t> kind_of) {
  return [&t, kind_of = std::move(kind_of)](NodeId u, NodeId v) -> std::uint32_t {
    const auto d = t.edge_dimension(u, v);
    if (!d || kind_of.empty()) return 0;
    return kind_of[std::min<std::size_t>(*d, kind_of.size() - 1)];
  };
}

namespace {

NetworkLayout generic_layout(const Network& t) {
  NetworkLayout l;
  l.kinds = {"link"};
  l.kind_of = [](NodeId, NodeId) { return 0u; };
  l.method = "no structure used: Graphviz " +
             std::string(t.num_nodes() > kNeatoMaxNodes ? "sfdp" : "neato") + " places the nodes";
  return l;
}

}  // namespace

NetworkLayout layout_network(const Network& t, bool generic) {
  if (t.num_nodes() > kLayoutMaxNodes)
    throw InputError("draw: " + std::to_string(t.num_nodes()) + " nodes, over the layout limit " +
                     limit_text("kLayoutMaxNodes", kLayoutMaxNodes));
  if (generic) return generic_layout(t);
  const FamilyInfo* family = find_family(t.family());
  // a graph file's switches have the tiers of a switched family's
  if (t.switched() && (!family || family->layout == "generic")) return layout_tiers(t);
  for (const LayoutInfo& l : layout_table())
    if (family && l.name == family->layout && l.applies(t)) return l.make(t);
  return generic_layout(t);
}

namespace {
template <class T>
bool is(const Network& t) {
  return network_is<T>(t);
}
/// Only called behind `is<T>`.
template <class T, NetworkLayout (*Layout)(const T&)>
NetworkLayout typed(const Network& t) {
  return Layout(*network_as<T>(t));
}
bool rhfc_family(const Network& t) { return is<Mfc>(t) || is<Hsn>(t); }
}  // namespace

const std::vector<LayoutInfo>& layout_table() {
  static const std::vector<LayoutInfo> table = {
      {"product", is<Product>, typed<Product, layout_product>},
      {"hdn", is<Hdn>, typed<Hdn, layout_hdn>},
      {"dualcube", is<Dualcube>, typed<Dualcube, layout_dualcube>},
      {"ccc", is<Ccc>, typed<Ccc, layout_ccc>},
      {"rhfc", rhfc_family, +[](const Network& t) { return layout_rhfc(RhfcView(t), t); }},
      {"tiers", +[](const Network& t) { return t.switched(); }, layout_tiers},
      {"generic", +[](const Network&) { return true; }, generic_layout},
  };
  return table;
}

}  // namespace netsched::draw
