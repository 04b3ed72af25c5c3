#pragma once
/// Pictures of a network and of what a schedule step does on it, as SVG written by Graphviz.
///
/// Why Graphviz as a library (cgraph + gvc): it writes correct SVG, places what has no
/// structure (neato, sfdp) and draws nested cluster boxes; netsched decides the positions from
/// the family's structure (draw/layout.hpp) and pins them (the "nop2" layout), so a network's
/// picture and every step's overlay share one coordinate system.
#include <cstdint>
#include <string>
#include <vector>

#include "draw/layout.hpp"

namespace netsched::draw {

/// The most nodes one picture draws; larger networks show one cluster (or the nodes nearest
/// node 0) and say so on the picture.
inline constexpr std::uint64_t kDrawMaxNodes = 4096;
/// The most links one picture draws (Graphviz needs about a kilobyte and some microseconds per
/// drawn edge, and a picture of more is no longer read).
inline constexpr std::uint64_t kDrawMaxLinks = 65536;

/// The drawn part of a network, in points (Graphviz's unit, y up).
struct Canvas {
  const Network* net = nullptr;
  NetworkLayout layout;
  std::vector<NodeId> nodes;       ///< drawn nodes
  std::vector<std::int32_t> slot;  ///< node -> index in `nodes`, -1 when not drawn
  std::vector<Point> at;           ///< position of each drawn node
  Point low, high;                 ///< corners every picture of this canvas shares
  std::string caption;             ///< what is drawn (and what is left out)
  bool labels = false;             ///< node labels written in the nodes (small networks)
  bool drawn(NodeId u) const { return slot[u.v] >= 0; }
};

/// Chooses what to draw (at most max_nodes nodes) and where. A generic layout (no positions)
/// is computed here by Graphviz.
Canvas make_canvas(const Network& t, NetworkLayout layout, std::uint64_t max_nodes = kDrawMaxNodes);

/// The most nodes a picture draws with every node labelled: a person can read it.
inline constexpr std::uint64_t kReadableNodes = 64;
/// A canvas of what can be read around `center`: the nodes within r hops of it, for the
/// largest r whose ball has at most `max_nodes` nodes, placed by Graphviz and labelled; the
/// caption says which nodes are drawn.
Canvas neighbourhood_canvas(const Network& t, NetworkLayout layout, NodeId center,
                            std::uint64_t max_nodes = kReadableNodes);

/// The network: nodes, links coloured by kind, cluster boxes, a legend and the caption.
std::string render_network(const Canvas& c, const std::string& title);

/// One arrow of an overlay (a transfer), and one marked node.
struct Arrow {
  NodeId from, to;
  std::string label, tooltip;
  bool violation = false;
};
struct Mark {
  NodeId node;
  std::string color, tooltip;
};

/// Arrows and marked nodes only, on a transparent background, in the canvas's coordinates:
/// its <g> lies exactly over render_network's picture. An arrow along a link follows the
/// curve the link is drawn with (a torus's wrap-around link bends aside, and so does its
/// arrow); an arrow between nodes that are not linked (a violation) is straight.
std::string render_overlay(const Canvas& c, const std::vector<Arrow>& arrows,
                           const std::vector<Mark>& marks);

/// An SVG written by Graphviz made to scale with the window: its fixed width and height
/// become 100% and "auto" (the viewBox keeps the proportions).
std::string scalable_svg(const std::string& svg);

/// Text escaped for XML and HTML content and attribute values (& < > ").
std::string xml_escape(const std::string& s);

/// The colour of link kind k (the violation colour, red, is never one of them).
std::string kind_color(std::uint32_t k);
inline constexpr const char* kViolationColor = "#d62728";

}  // namespace netsched::draw
