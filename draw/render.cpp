#include "draw/render.hpp"

#include <fmt/format.h>
#include <graphviz/gvc.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <memory>
#include <queue>
#include <stdexcept>
#include <unordered_set>

#include "core/c_library_lock.hpp"
#include "core/errors.hpp"

namespace netsched::draw {
namespace {

constexpr double kUnitLabelled = 100, kUnitPlain = 28;  // points between neighbouring nodes
constexpr std::uint64_t kMaxLabelledNodes = 64;
constexpr std::uint32_t kMaxLabelledBoxes = 16;
constexpr double kBoxMargin = 7;         // points added around a box per level of boxes inside it
constexpr double kLabelHeight = 12;      // points above a box for its label
constexpr double kBendFrom = 1.5;        // links longer than this many node distances are bent
constexpr double kBend = 0.18;           // how far aside, relative to the length
constexpr Point kLegendOffset{150, 90};  // legend centre: right of and below the lower left
constexpr double kLegendLine = 7;        // points per legend line (half a line: it is centred)
constexpr double kGraphvizInch = 72;     // Graphviz's unit distance of neighbours, in points
constexpr double kGenericSpread = 1.5;   // generic layouts: neighbours this many units apart

/// One Graphviz context and graph, freed together; Graphviz held by this thread alone
/// (core/c_library_lock.hpp) while it lives.
class GvGraph {
 public:
  GvGraph(GVC_t* gvc, const char* name, bool directed)
      : held_(lock_c_libraries()),
        gvc_(gvc),
        g_(agopen(const_cast<char*>(name), directed ? Agdirected : Agundirected, nullptr)) {}
  ~GvGraph() {
    if (laid_out_) gvFreeLayout(gvc_, g_);
    agclose(g_);
  }
  GvGraph(const GvGraph&) = delete;
  GvGraph& operator=(const GvGraph&) = delete;
  Agraph_t* get() const { return g_; }
  void layout(const char* engine) {
    if (gvLayout(gvc_, g_, engine) != 0)
      throw std::runtime_error("Graphviz could not lay out the picture");
    laid_out_ = true;
  }
  std::string svg() {
    char* data = nullptr;
    unsigned len = 0;
    if (gvRenderData(gvc_, g_, "svg", &data, &len) != 0 || !data)
      throw std::runtime_error("Graphviz could not write the SVG");
    std::string out(data, len);
    gvFreeRenderData(data);
    return out;
  }

 private:
  std::unique_lock<std::recursive_mutex> held_;  // first made, last released
  GVC_t* gvc_;
  Agraph_t* g_;
  bool laid_out_ = false;
};

/// The process's Graphviz context (plugins loaded once).
GVC_t* context() {
  static GVC_t* gvc = [] {
    agseterr(AGERR);
    return gvContext();
  }();
  return gvc;
}

void set(void* obj, const char* name, const std::string& value) {
  agsafeset(obj, const_cast<char*>(name), const_cast<char*>(value.c_str()), const_cast<char*>(""));
}

void set_html(Agraph_t* root, void* obj, int kind, const char* name, const std::string& html) {
  Agsym_t* sym = agattr(root, kind, const_cast<char*>(name), const_cast<char*>(""));
  agxset(obj, sym, agstrdup_html(root, const_cast<char*>(html.c_str())));
}

std::string pos_text(Point p) { return fmt::format("{:.2f},{:.2f}", p.x, p.y); }

/// Members of the box of node 0 at grouping g.
std::vector<NodeId> box_of_node0(const Grouping& g) {
  std::vector<NodeId> out;
  for (std::size_t u = 0; u < g.box.size(); ++u)
    if (g.box[u] == g.box[0]) out.emplace_back(static_cast<std::uint32_t>(u));
  return out;
}

std::vector<NodeId> nearest(const Network& t, std::uint64_t count) {
  std::vector<NodeId> out{NodeId(0)};
  std::vector<bool> seen(t.num_nodes(), false);
  seen[0] = true;
  std::vector<NodeId> nb;
  for (std::size_t i = 0; i < out.size() && out.size() < count; ++i) {
    t.neighbors(out[i], nb);
    for (NodeId v : nb)
      if (!seen[v.v] && out.size() < count) seen[v.v] = true, out.push_back(v);
  }
  std::sort(out.begin(), out.end());
  return out;
}

/// The `count` nodes whose positions lie nearest node 0's (a window of a grid, not a ball of
/// the graph: wrap-around links would scatter a ball over the picture's corners).
std::vector<NodeId> window(const NetworkLayout& l, std::uint64_t count) {
  const Point o = l.pos[0];
  std::vector<std::pair<double, std::uint32_t>> by_distance(l.pos.size());
  for (std::size_t u = 0; u < l.pos.size(); ++u)
    by_distance[u] = {std::max(std::abs(l.pos[u].x - o.x), std::abs(l.pos[u].y - o.y)),
                      static_cast<std::uint32_t>(u)};
  std::nth_element(by_distance.begin(), by_distance.begin() + static_cast<std::ptrdiff_t>(count),
                   by_distance.end());
  std::vector<NodeId> out;
  for (std::size_t i = 0; i < count; ++i) out.emplace_back(by_distance[i].second);
  std::sort(out.begin(), out.end());
  return out;
}

/// The drawn nodes, and a phrase saying which they are when not all.
std::pair<std::vector<NodeId>, std::string> choose_nodes(const Network& t, const NetworkLayout& l,
                                                         std::uint64_t max_nodes) {
  const std::uint64_t n = t.num_nodes();
  if (n <= max_nodes) {
    std::vector<NodeId> all;
    for (std::uint64_t u = 0; u < n; ++u) all.emplace_back(static_cast<std::uint32_t>(u));
    return {all, ""};
  }
  for (const Grouping& g : l.groupings) {
    auto members = box_of_node0(g);
    if (members.size() <= max_nodes)
      return {members, fmt::format("Only the {} of node {} is drawn ({} of {} nodes)", g.name,
                                   t.label(NodeId(0)), members.size(), n)};
  }
  if (l.pos.empty())
    return {nearest(t, max_nodes),
            fmt::format("Only the {} nodes nearest node {} are drawn (of {})", max_nodes,
                        t.label(NodeId(0)), n)};
  return {window(l, max_nodes),
          fmt::format("Only the {} nodes around node {} in this layout are drawn (of {})",
                      max_nodes, t.label(NodeId(0)), n)};
}

/// The nodes within r hops of `center` for the largest r whose ball has at most `count` nodes
/// (at least the center), and that r.
std::pair<std::vector<NodeId>, std::uint32_t> ball(const Network& t, NodeId center,
                                                   std::uint64_t count) {
  std::vector<NodeId> out{center}, layer{center}, next, nb;
  std::unordered_set<std::uint32_t> seen{center.v};
  std::uint32_t radius = 0;
  while (!layer.empty()) {
    next.clear();
    for (NodeId u : layer) {
      t.neighbors(u, nb);
      for (NodeId v : nb)
        if (seen.insert(v.v).second) next.push_back(v);
      if (out.size() + next.size() > count) break;
    }
    if (next.empty() || out.size() + next.size() > count) break;
    out.insert(out.end(), next.begin(), next.end());
    layer.swap(next);
    ++radius;
  }
  std::sort(out.begin(), out.end());
  return {out, radius};
}

/// Points between neighbouring nodes on this canvas.
double unit(const Canvas& c) { return c.labels ? kUnitLabelled : kUnitPlain; }
/// How far from a node's centre an arrowhead stops (its border, labelled or not).
double node_radius(const Canvas& c) {
  constexpr double kLabelledRadius = 14, kPlainRadius = 5;
  return c.labels ? kLabelledRadius : kPlainRadius;
}

/// Positions of the drawn nodes by Graphviz (neato or sfdp), for networks without structure.
std::vector<Point> graphviz_positions(const Canvas& c) {
  GvGraph g(context(), "layout", false);
  std::vector<Agnode_t*> gn;
  for (NodeId u : c.nodes)
    gn.push_back(agnode(g.get(), const_cast<char*>(std::to_string(u.v).c_str()), 1));
  std::vector<NodeId> nb;
  for (std::size_t i = 0; i < c.nodes.size(); ++i) {
    c.net->neighbors(c.nodes[i], nb);
    for (NodeId v : nb)
      if (c.drawn(v) && v.v > c.nodes[i].v) agedge(g.get(), gn[i], gn[c.slot[v.v]], nullptr, 1);
  }
  set(g.get(), "overlap", "false");
  g.layout(c.nodes.size() > kNeatoMaxNodes ? "sfdp" : "neato");
  std::vector<Point> at;
  // Graphviz places neighbours about an inch (72 points) apart; spread to our unit.
  const double scale = unit(c) / kGraphvizInch * kGenericSpread;
  for (Agnode_t* v : gn) at.push_back({ND_coord(v).x * scale, ND_coord(v).y * scale});
  return at;
}

std::uint64_t links_leaving(const Canvas& c) {
  std::uint64_t out = 0;
  std::vector<NodeId> nb;
  for (NodeId u : c.nodes) {
    c.net->neighbors(u, nb);
    for (NodeId v : nb) out += c.drawn(v) ? 0 : 1;
  }
  return out;
}

}  // namespace

std::string scalable_svg(const std::string& svg) {
  std::string out = svg;
  const auto root = out.find("<svg");
  if (root == std::string::npos) return out;
  const auto end = out.find('>', root);
  for (const auto& [attr, value] :
       {std::pair<std::string, std::string>{" width=\"", "100%"}, {" height=\"", "auto"}}) {
    const auto at = out.find(attr, root);
    if (at == std::string::npos || at > end) continue;
    const auto from = at + attr.size(), to = out.find('"', from);
    out.replace(from, to - from, value);
  }
  return out;
}

std::string xml_escape(const std::string& s) {
  std::string out;
  for (char ch : s) {
    if (ch == '&')
      out += "&amp;";
    else if (ch == '<')
      out += "&lt;";
    else if (ch == '>')
      out += "&gt;";
    else if (ch == '"')
      out += "&quot;";
    else
      out += ch;
  }
  return out;
}

std::string kind_color(std::uint32_t k) {
  static const char* palette[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b",
                                  "#e377c2", "#7f7f7f", "#bcbd22", "#17becf", "#393b79"};
  return palette[k % std::size(palette)];
}

namespace {

/// Refuses a picture of more links than Graphviz can draw in seconds (complete(4096) has 8.4
/// million): counted from the degrees first, exactly only when that bound is over.
void check_drawn_links(const Canvas& c) {
  std::uint64_t bound = 0;
  for (NodeId u : c.nodes) bound += c.net->degree(u);
  if (bound / 2 <= kDrawMaxLinks) return;
  std::uint64_t links = 0;
  std::vector<NodeId> nb;
  for (NodeId u : c.nodes) {
    c.net->neighbors(u, nb);
    for (NodeId v : nb) links += c.drawn(v) && u.v < v.v ? 1 : 0;
  }
  if (links > kDrawMaxLinks)
    throw InputError(fmt::format(
        "draw: the {} drawn nodes have {} links among them, over the limit kDrawMaxLinks = {} "
        "(draw fewer with --max-nodes)",
        c.nodes.size(), links, kDrawMaxLinks));
}

/// The canvas of `nodes` (positions from the layout, or by Graphviz when it has none or
/// `generic`), with `partial` saying what is drawn when not every node is.
Canvas canvas_of(const Network& t, NetworkLayout layout, std::vector<NodeId> nodes,
                 const std::string& partial, bool generic) {
  Canvas c;
  c.net = &t;
  c.layout = std::move(layout);
  c.nodes = std::move(nodes);
  if (generic) {
    c.layout.pos.clear();
    c.layout.groupings.clear();  // boxes around structure-placed nodes only
  }
  c.slot.assign(t.num_nodes(), -1);
  for (std::size_t i = 0; i < c.nodes.size(); ++i)
    c.slot[c.nodes[i].v] = static_cast<std::int32_t>(i);
  c.labels = c.nodes.size() <= kMaxLabelledNodes;
  check_drawn_links(c);
  if (c.layout.pos.empty())
    c.at = graphviz_positions(c);
  else
    for (NodeId u : c.nodes)
      c.at.push_back({c.layout.pos[u.v].x * unit(c), -c.layout.pos[u.v].y * unit(c)});
  Bounds b;
  for (Point p : c.at) b.add(p);
  c.low = b.lo, c.high = b.hi;
  c.caption = fmt::format(
      "{}: {} nodes; {}", t.spec(), t.num_nodes(),
      generic ? std::string("Graphviz (neato) places the drawn nodes") : c.layout.method);
  if (!partial.empty())
    c.caption += fmt::format(". {}; {} links to the nodes not drawn are left out", partial,
                             links_leaving(c));
  return c;
}

}  // namespace

Canvas make_canvas(const Network& t, NetworkLayout layout, std::uint64_t max_nodes) {
  auto [nodes, partial] = choose_nodes(t, layout, max_nodes);
  return canvas_of(t, std::move(layout), std::move(nodes), partial, false);
}

Canvas neighbourhood_canvas(const Network& t, NetworkLayout layout, NodeId center,
                            std::uint64_t max_nodes) {
  auto [nodes, radius] = ball(t, center, max_nodes);
  const std::string partial =
      nodes.size() == t.num_nodes()
          ? std::string()
          : fmt::format("Only the {} nodes within {} hop{} of node {} are drawn (of {})",
                        nodes.size(), radius, radius == 1 ? "" : "s", t.label(center),
                        t.num_nodes());
  return canvas_of(t, std::move(layout), std::move(nodes), partial, !partial.empty());
}

namespace {

/// Cluster boxes: a Graphviz cluster per box of every grouping, nested, with a bounding box
/// around its drawn members (larger for outer levels).
void add_boxes(const Canvas& c, Agraph_t* root, std::vector<Agraph_t*>& innermost) {
  const auto& gs = c.layout.groupings;
  innermost.assign(c.nodes.size(), root);
  const double radius = c.labels ? 30 : 6;
  for (std::size_t level = 0; level < gs.size(); ++level) {
    struct Box {
      Bounds b;
      Agraph_t* sub = nullptr;
    };
    std::vector<Box> boxes(gs[level].boxes);
    for (std::size_t i = 0; i < c.nodes.size(); ++i) {
      Box& b = boxes[gs[level].box[c.nodes[i].v]];
      b.b.add(c.at[i]);
    }
    const double m = radius + kBoxMargin * double(gs.size() - level);
    const bool labelled = gs[level].boxes <= kMaxLabelledBoxes;
    double top = 0;  // room for the labels of this box and of the labelled boxes inside it
    for (std::size_t inner = level; inner < gs.size(); ++inner)
      top += gs[inner].boxes <= kMaxLabelledBoxes ? kLabelHeight : 0;
    for (std::size_t i = 0; i < c.nodes.size(); ++i) {
      const std::uint32_t bi = gs[level].box[c.nodes[i].v];
      Box& b = boxes[bi];
      if (!b.sub) {
        const std::string name = fmt::format("cluster_{}_{}", level, bi);
        b.sub = agsubg(innermost[i], const_cast<char*>(name.c_str()), 1);
        set(b.sub, "id", fmt::format("c{}_{}", level, bi));
        set(b.sub, "bb",
            fmt::format("{:.2f},{:.2f},{:.2f},{:.2f}", b.b.lo.x - m, b.b.lo.y - m, b.b.hi.x + m,
                        b.b.hi.y + m + top));
        set(b.sub, "color", level == 0 ? "#555555" : "#aaaaaa");
        set(b.sub, "style", "rounded");
        set(b.sub, "tooltip", fmt::format("{} {}", gs[level].name, bi));
        set(b.sub, "label", labelled ? fmt::format("{} {}", gs[level].name, bi) : std::string());
      }
      innermost[i] = b.sub;
    }
  }
}

/// The control points of a link's curve (a cubic Bezier): straight between near nodes, bent
/// aside when it spans more than 1.5 node distances (a torus's wrap-around link would otherwise
/// hide under the row it closes). Routing by Graphviz ("curved", "true") costs minutes on a few
/// hundred nodes; this costs nothing.
std::array<Point, 4> link_curve(Point a, Point b, double unit) {
  const double dx = b.x - a.x, dy = b.y - a.y, len = std::hypot(dx, dy);
  const double bend = len > kBendFrom * unit ? kBend : 0.0;
  const Point n{-dy * bend, dx * bend};  // perpendicular, proportional to the length
  return {a, Point{a.x + dx / 3 + n.x, a.y + dy / 3 + n.y},
          Point{a.x + 2 * dx / 3 + n.x, a.y + 2 * dy / 3 + n.y}, b};
}

/// A link as Graphviz's edge "pos": its curve, drawn the same way whichever end is first.
std::string edge_curve(Point a, Point b, double unit) {
  const auto p = link_curve(a, b, unit);
  return fmt::format("{} {} {} {}", pos_text(p[0]), pos_text(p[1]), pos_text(p[2]), pos_text(p[3]));
}

/// Point t of a cubic Bezier, and its part between t0 and t1 (de Casteljau).
Point bezier_at(const std::array<Point, 4>& p, double t) {
  const double u = 1 - t;
  const double a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t;
  return {a * p[0].x + b * p[1].x + c * p[2].x + d * p[3].x,
          a * p[0].y + b * p[1].y + c * p[2].y + d * p[3].y};
}
std::array<Point, 4> bezier_part(const std::array<Point, 4>& p, double t0, double t1) {
  // the derivative gives the inner control points of the sub-curve
  const auto derivative = [&](double t) {
    const double u = 1 - t;
    return Point{
        3 * (u * u * (p[1].x - p[0].x) + 2 * u * t * (p[2].x - p[1].x) + t * t * (p[3].x - p[2].x)),
        3 * (u * u * (p[1].y - p[0].y) + 2 * u * t * (p[2].y - p[1].y) +
             t * t * (p[3].y - p[2].y))};
  };
  const Point a = bezier_at(p, t0), b = bezier_at(p, t1), da = derivative(t0), db = derivative(t1);
  const double h = (t1 - t0) / 3;
  return {a, Point{a.x + da.x * h, a.y + da.y * h}, Point{b.x - db.x * h, b.y - db.y * h}, b};
}

/// A transfer from a to b along their link, as an arrow on the link's own curve: the curve of
/// the link (drawn from the lower id, as render_network draws it), cut short of both nodes,
/// its head ending at b.
std::string arrow_curve(Point a, Point b, bool a_first, double unit, double node_radius) {
  auto p = a_first ? link_curve(a, b, unit) : link_curve(b, a, unit);
  if (!a_first) std::reverse(p.begin(), p.end());
  const double len = std::max(std::hypot(b.x - a.x, b.y - a.y), 1.0);
  constexpr double kHead = 7;  // points between the curve's end and the arrow's tip
  const double t0 = std::min(0.45, node_radius / len),
               t1 = std::max(0.55, 1 - (node_radius + kHead) / len),
               tip = std::max(t1, 1 - node_radius / len);
  const auto q = bezier_part(p, t0, t1);
  return fmt::format("e,{} {} {} {} {}", pos_text(bezier_at(p, tip)), pos_text(q[0]),
                     pos_text(q[1]), pos_text(q[2]), pos_text(q[3]));
}

void style_graph(Agraph_t* g, const std::string& id, bool curved) {
  set(g, "id", id);
  set(g, "notranslate", "true");
  set(g, "splines", curved ? "true" : "false");  // true: the edges' own "pos" curves
  set(g, "outputorder", "edgesfirst");
  set(g, "fontname", "Helvetica");
  set(g, "fontsize", "10");
  set(g, "labeljust", "l");
  agattr(g, AGNODE, const_cast<char*>("fontname"), const_cast<char*>("Helvetica"));
  agattr(g, AGEDGE, const_cast<char*>("fontname"), const_cast<char*>("Helvetica"));
}

/// A switch's fill: grey, apart from the endpoints' white (the switched model).
constexpr const char* kSwitchColor = "#b0bec5";

/// A node drawn as what it is: a switch a grey box, an endpoint a circle (an ellipse labelled).
void shape_node(const Canvas& c, Agnode_t* v, NodeId u, const char* endpoint_fill) {
  const bool sw = c.net->is_switch(u);
  set(v, "shape", sw ? "box" : c.labels ? "ellipse" : "circle");
  set(v, "style", "filled");
  set(v, "fillcolor", sw ? kSwitchColor : endpoint_fill);
  if (!c.labels) set(v, "width", "0.14"), set(v, "height", "0.14"), set(v, "fixedsize", "true");
}

std::string legend_html(const Canvas& c) {
  std::string rows;
  for (std::uint32_t k = 0; k < c.layout.kinds.size(); ++k)
    rows +=
        fmt::format(R"(<tr><td align="left"><font color="{}">&#9473;&#9473; {}</font></td></tr>)",
                    kind_color(k), xml_escape(c.layout.kinds[k]));
  if (c.net->switched())
    rows += fmt::format(
        R"(<tr><td align="left"><font color="{}">&#9632;</font> switch: forwards, is no rank</td></tr>)",
        kSwitchColor);
  if (c.net->directed()) rows += R"(<tr><td align="left">&#8594; a link one way only</td></tr>)";
  return fmt::format(
      R"(<table border="0" cellspacing="0"><tr><td align="left">{}</td></tr>{}</table>)",
      xml_escape(c.caption), rows);
}

}  // namespace

std::string render_network(const Canvas& c, const std::string& title) {
  GvGraph gv(context(), "network", false);
  Agraph_t* g = gv.get();
  style_graph(g, "network", true);
  set(g, "label", title);
  set(g, "labelloc", "t");
  std::vector<Agraph_t*> home;
  add_boxes(c, g, home);
  std::vector<Agnode_t*> gn(c.nodes.size());
  for (std::size_t i = 0; i < c.nodes.size(); ++i) {
    const std::string label = c.net->label(c.nodes[i]);
    gn[i] = agnode(g, const_cast<char*>(label.c_str()), 1);
    agsubnode(home[i], gn[i], 1);
    set(gn[i], "id", fmt::format("n{}", c.nodes[i].v));
    set(gn[i], "pos", pos_text(c.at[i]));
    set(gn[i], "tooltip",
        fmt::format("{} {} = {}", c.net->is_switch(c.nodes[i]) ? "switch" : "node", c.nodes[i].v,
                    label));
    shape_node(c, gn[i], c.nodes[i], "white");
    set(gn[i], "fontsize", "10");
    set(gn[i], "label", c.labels ? label : "");
  }
  std::vector<NodeId> nb;
  for (std::size_t i = 0; i < c.nodes.size(); ++i) {
    c.net->neighbors(c.nodes[i], nb);
    for (NodeId v : nb) {
      if (!c.drawn(v) || v.v <= c.nodes[i].v) continue;
      // a link one way only is an arrow from its tail (the switched model's arcs)
      const bool one_way = c.net->has_arc(c.nodes[i], v) != c.net->has_arc(v, c.nodes[i]);
      auto tail = i, head = static_cast<std::size_t>(c.slot[v.v]);
      if (one_way && !c.net->has_arc(c.nodes[i], v)) std::swap(tail, head);
      Agedge_t* e = agedge(g, gn[tail], gn[head], nullptr, 1);
      const std::uint32_t k = c.layout.kind_of(c.nodes[i], v);
      set(e, "color", kind_color(k));
      set(e, "tooltip", c.layout.kinds.at(k));
      set(e, "pos",
          one_way ? arrow_curve(c.at[tail], c.at[head], c.nodes[tail].v < c.nodes[head].v, unit(c),
                                node_radius(c))
                  : edge_curve(c.at[i], c.at[c.slot[v.v]], unit(c)));
      if (one_way) set(e, "dir", "forward");
    }
  }
  Agnode_t* legend = agnode(g, const_cast<char*>("legend"), 1);
  set(legend, "id", "legend");
  set(legend, "shape", "plaintext");
  set_html(g, legend, AGNODE, "label", legend_html(c));
  set(legend, "pos",
      pos_text({c.low.x + kLegendOffset.x,
                c.low.y - kLegendOffset.y - kLegendLine * double(c.layout.kinds.size())}));
  gv.layout("nop2");
  return scalable_svg(gv.svg());
}

std::string render_overlay(const Canvas& c, const std::vector<Arrow>& arrows,
                           const std::vector<Mark>& marks) {
  GvGraph gv(context(), "overlay", true);
  Agraph_t* g = gv.get();
  style_graph(g, "overlay", true);
  set(g, "bgcolor", "transparent");
  std::vector<Agnode_t*> gn(c.nodes.size(), nullptr);
  auto node = [&](NodeId u) {
    const auto i = static_cast<std::size_t>(c.slot[u.v]);
    if (!gn[i]) {
      const std::string label = c.net->label(u);
      gn[i] = agnode(g, const_cast<char*>(label.c_str()), 1);
      set(gn[i], "pos", pos_text(c.at[i]));
      shape_node(c, gn[i], u, "#fdd835");
      set(gn[i], "label", c.labels ? label : "");
      set(gn[i], "fontsize", "10");
    }
    return gn[i];
  };
  for (const Mark& m : marks) {
    if (!c.drawn(m.node)) continue;
    Agnode_t* v = node(m.node);
    set(v, "fillcolor", m.color);
    set(v, "tooltip", m.tooltip);
  }
  for (const Arrow& a : arrows) {
    if (!c.drawn(a.from) || !c.drawn(a.to)) continue;
    Agedge_t* e = agedge(g, node(a.from), node(a.to), nullptr, 1);
    set(e, "color", a.violation ? kViolationColor : "#111111");
    set(e, "penwidth", a.violation ? "3" : "1.4");
    set(e, "arrowsize", "0.6");
    set(e, "tooltip", a.tooltip);
    if (!a.label.empty()) set(e, "label", a.label), set(e, "fontsize", "9");
    const Point from = c.at[static_cast<std::size_t>(c.slot[a.from.v])],
                to = c.at[static_cast<std::size_t>(c.slot[a.to.v])];
    const bool link = a.from != a.to && c.net->adjacent(a.from, a.to);
    set(e, "pos",
        link
            ? arrow_curve(from, to, a.from.v < a.to.v, unit(c), node_radius(c))
            : arrow_curve(from, to, true, std::numeric_limits<double>::infinity(), node_radius(c)));
  }
  gv.layout("nop2");
  return gv.svg();
}

}  // namespace netsched::draw
