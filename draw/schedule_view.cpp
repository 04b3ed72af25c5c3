#include "draw/schedule_view.hpp"

#include <fmt/format.h>

#include <pugixml.hpp>
#include <sstream>
#include <stdexcept>

#include "core/errors.hpp"
#include "core/text.hpp"
#include "draw/viewer_page.hpp"
#include "verify/simulator.hpp"

namespace netsched::draw {
namespace {

/// Node-chunk pairs up to which the viewer replays the schedule for holdings and payload sizes.
constexpr std::uint64_t kTraceMaxPairs = std::uint64_t{1} << 26;

constexpr const char* kSenderColor = "#fdd835";
constexpr const char* kReceiverColor = "#81c784";
constexpr const char* kBothColor = "#ffb74d";

/// The trace of a chunk schedule, or why there is none.
std::optional<StepTrace> trace_of(const Network& t, const Schedule& s, std::string& note) {
  if (s.collective.combining()) {
    note =
        with_article(s.collective.name()) + " schedule moves register values: arrows count words";
    return std::nullopt;
  }
  const auto pairs = static_cast<unsigned __int128>(t.num_nodes()) * s.collective.num_chunks();
  if (pairs > kTraceMaxPairs) {
    note = fmt::format(
        "holdings not shown: {} nodes x {} chunks is over the viewer's replay limit "
        "of 2^26 node-chunk pairs",
        t.num_nodes(), s.collective.num_chunks());
    return std::nullopt;
  }
  StepTrace trace;
  simulate_traced(t, s, trace);
  return trace;
}

/// Size of transfer ti of step si: from the trace, else what the payload itself says.
std::uint64_t payload_size(const Schedule& s, const std::optional<StepTrace>& trace,
                           std::uint64_t si, std::uint64_t ti) {
  if (trace && si < trace->carried.size()) return trace->carried[si][ti];
  const Payload& p = s.payloads[s.steps[si].transfers[ti].payload];
  return p.moves.empty() ? p.chunks.size() : p.moves.size();
}

struct Frame {
  std::vector<Arrow> arrows;
  std::vector<Mark> marks;
  std::string caption;
  bool violation = false;
};

Frame step_frame(const Canvas& c, const Schedule& s, const std::optional<StepTrace>& trace,
                 const std::optional<Violation>& v, std::uint64_t si) {
  Frame f;
  const auto& tr = s.steps[si].transfers;
  const std::string unit = s.collective.combining() ? "words" : "chunks";
  std::vector<int> role(c.nodes.size(), 0);  // bit 1 sends, bit 2 receives
  std::uint64_t largest = 0, hidden = 0;
  for (std::uint64_t ti = 0; ti < tr.size(); ++ti) {
    const Transfer& x = tr[ti];
    const bool bad = v && v->step == si && v->transfer == ti;
    const std::uint64_t size = payload_size(s, trace, si, ti);
    largest = std::max(largest, size);
    if (!c.drawn(x.from) || !c.drawn(x.to)) {
      ++hidden;
      continue;
    }
    role[c.slot[x.from.v]] |= 1;
    role[c.slot[x.to.v]] |= 2;
    f.arrows.push_back({x.from, x.to, tr.size() <= kMaxLabelledArrows ? std::to_string(size) : "",
                        fmt::format("step {} transfer {}: {} -> {}, {} {}", si, ti,
                                    c.net->label(x.from), c.net->label(x.to), size, unit),
                        bad});
  }
  for (std::size_t i = 0; i < role.size(); ++i)
    if (role[i])
      f.marks.push_back({c.nodes[i],
                         role[i] == 3   ? kBothColor
                         : role[i] == 1 ? kSenderColor
                                        : kReceiverColor,
                         c.net->label(c.nodes[i])});
  f.caption = fmt::format("step {} of {}: {} transfer{}, largest payload {} {}", si + 1,
                          s.steps.size(), tr.size(), tr.size() == 1 ? "" : "s", largest, unit);
  if (hidden) f.caption += fmt::format(" ({} not drawn: outside the drawn part)", hidden);
  if (v && v->step == si) {
    f.violation = true;
    f.caption += " — VIOLATION " + to_string(*v);
    if (v->node && c.drawn(*v->node)) f.marks.push_back({*v->node, kViolationColor, to_string(*v)});
  }
  return f;
}

Frame end_frame(const Canvas& c, const Schedule& s, const std::optional<Violation>& v) {
  Frame f;
  if (v && v->rule == Rule::Delivery) {
    f.violation = true;
    f.caption = "end: VIOLATION " + to_string(*v);
    if (v->node && c.drawn(*v->node)) f.marks.push_back({*v->node, kViolationColor, to_string(*v)});
  } else if (v) {
    f.caption = "end: not reached (a step rule is broken earlier)";
  } else {
    f.caption = fmt::format("end: after {} steps every {} holds what the {} requires",
                            s.steps.size(), "destination", s.collective.name());
  }
  return f;
}

/// Parses an SVG written by Graphviz; a failure here is a bug, not bad input.
pugi::xml_document parse_svg(const std::string& svg) {
  pugi::xml_document doc;
  if (!doc.load_string(svg.c_str()))
    throw std::logic_error("Graphviz wrote an SVG that does not parse");
  return doc;
}

/// The overlay's graph group, re-identified as frame k and placed with the network's transform.
void add_frame(pugi::xml_node svg_root, const std::string& transform, const std::string& overlay,
               std::uint64_t k, const Frame& f, bool visible) {
  pugi::xml_document doc = parse_svg(overlay);
  pugi::xml_node g = doc.child("svg").child("g");
  for (const pugi::xpath_node& n : g.select_nodes(".//*[@id]")) n.node().remove_attribute("id");
  g.remove_child("title");
  g.remove_child("polygon");  // the transparent background
  g.attribute("id").set_value(fmt::format("frame{}", k).c_str());
  g.attribute("class").set_value(f.violation ? "frame violation" : "frame");
  g.attribute("transform").set_value(transform.c_str());
  g.append_attribute("data-step") = static_cast<unsigned long long>(k);
  if (!visible) g.append_attribute("style") = "display:none";
  svg_root.append_copy(g);
}

/// Replaces the picture's title (Graphviz writes the graph label as the graph group's first
/// <text>).
void retitle(pugi::xml_document& doc, const std::string& title) {
  pugi::xml_node text = doc.child("svg").child("g").child("text");
  if (text) text.text().set(title.c_str());
}

std::string to_text(const pugi::xml_document& doc) {
  std::ostringstream out;
  doc.save(out, "", pugi::format_raw | pugi::format_no_declaration);
  return out.str();
}

/// Holdings of the drawn nodes only (slot order): at the start, and per step the receivers'.
void add_holdings(const Canvas& c, const StepTrace& trace, nlohmann::json& data) {
  auto& initial = data["initial"] = nlohmann::json::array();
  for (NodeId u : c.nodes) initial.push_back(trace.initial[u.v]);
  auto& after = data["held_after"] = nlohmann::json::array();
  for (const auto& step : trace.held_after) {
    auto& row = after.emplace_back(nlohmann::json::array());
    for (const auto& [node, held] : step)
      if (c.slot[node] >= 0) row.push_back({c.slot[node], held});
  }
}

/// Every step at a glance, whatever part of the network is drawn: a bar per step for its
/// transfers (the tallest step fills the height), the chunks it moved in the tooltip.
std::string step_chart(const Schedule& s, const std::optional<StepTrace>& trace) {
  constexpr double kWidth = 340, kHeight = 90, kCaption = 12;  // points
  std::uint64_t most = 1;
  for (const Step& st : s.steps) most = std::max<std::uint64_t>(most, st.transfers.size());
  const double bar = kWidth / static_cast<double>(std::max<std::size_t>(s.steps.size(), 1));
  std::string out = fmt::format(
      R"(<svg id="steps" viewBox="0 0 {} {}" width="100%" role="img" aria-label="transfers per step">)",
      kWidth, kHeight + kCaption);
  for (std::size_t k = 0; k < s.steps.size(); ++k) {
    const auto count = s.steps[k].transfers.size();
    std::uint64_t moved = 0;
    for (std::size_t ti = 0; ti < count; ++ti) moved += payload_size(s, trace, k, ti);
    const double h = kHeight * static_cast<double>(count) / static_cast<double>(most);
    out += fmt::format(
        R"(<rect class="bar" data-step="{}" x="{:.2f}" y="{:.2f}" width="{:.2f}" height="{:.2f}" fill="#90a4ae"><title>step {}: {} transfers, {} {} moved</title></rect>)",
        k, bar * static_cast<double>(k), kHeight - h, std::max(bar - 1, 0.5), h, k + 1, count,
        moved, s.collective.combining() ? "words" : "chunks");
  }
  out +=
      fmt::format(R"(<text x="0" y="{}" font-size="10">transfers per step (most: {})</text></svg>)",
                  kHeight + kCaption - 1, most);
  return out;
}

}  // namespace

void check_view_limits(const Schedule& s) {
  if (s.steps.size() > kViewMaxSteps)
    throw InputError(fmt::format("draw: {} steps, over the viewer's limit {}", s.steps.size(),
                                 limit_text("kViewMaxSteps", kViewMaxSteps)));
}

ScheduleView draw_schedule(const Canvas& c, const Schedule& s, const nlohmann::json& verification,
                           const std::optional<Violation>& violation, bool with_frames) {
  check_view_limits(s);
  ScheduleView view;
  const auto trace = trace_of(*c.net, s, view.holdings_note);
  std::vector<Frame> frames;
  for (std::uint64_t si = 0; si < s.steps.size(); ++si)
    frames.push_back(step_frame(c, s, trace, violation, si));
  frames.push_back(end_frame(c, s, violation));
  const std::string title = fmt::format("{} {} ({})", s.collective.name(), s.algorithm, s.topology);
  const pugi::xml_document network = parse_svg(render_network(c, title));
  pugi::xml_document page;
  page.reset(network);
  pugi::xml_node root = page.child("svg");
  const std::string transform = root.child("g").attribute("transform").value();
  std::vector<std::string> overlays;
  for (std::uint64_t k = 0; k < frames.size(); ++k) {
    overlays.push_back(render_overlay(c, frames[k].arrows, frames[k].marks));
    add_frame(root, transform, overlays.back(), k, frames[k], k == 0);
    if (frames[k].violation && !view.violation_frame) view.violation_frame = k;
  }
  if (with_frames)
    for (std::uint64_t k = 0; k < frames.size(); ++k) {
      pugi::xml_document one;
      one.reset(network);  // the network as drawn once; the frame's caption as its title
      retitle(one, title + " — " + frames[k].caption);
      add_frame(one.child("svg"), transform, overlays[k], k, frames[k], true);
      view.frames.push_back(to_text(one));
    }
  nlohmann::json data;
  data["captions"] = nlohmann::json::array();
  for (const Frame& f : frames) data["captions"].push_back(f.caption);
  data["violation_frame"] =
      view.violation_frame ? nlohmann::json(*view.violation_frame) : nlohmann::json();
  data["labels"] = nlohmann::json::array();
  for (NodeId u : c.nodes) data["labels"].push_back(c.net->label(u));
  data["nodes"] = nlohmann::json::array();
  for (NodeId u : c.nodes) data["nodes"].push_back(u.v);
  data["unit"] = s.collective.combining() ? "words" : "chunks";
  data["holdings_note"] = view.holdings_note;
  if (trace) add_holdings(c, *trace, data);
  view.html =
      viewer_page(title, to_text(page), verification, data, c.caption, step_chart(s, trace));
  return view;
}

}  // namespace netsched::draw
