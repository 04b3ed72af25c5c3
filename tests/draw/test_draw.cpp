// Pictures: family layouts, Graphviz SVG validated as XML, the schedule viewer rendered in
// headless Chromium (every frame reachable, the violation frame marked), and sweeps equal to
// `info --json` on every point.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <pugixml.hpp>
#include <regex>
#include <set>

#include "core/errors.hpp"
#include "draw/render.hpp"
#include "draw/schedule_view.hpp"
#include "draw/sweep.hpp"
#include "gen/topology.hpp"
#include "tests/app/cli_run.hpp"
#include "tests/scratch.hpp"

using namespace netsched;
using netsched::testing::scratch_path;
using nlohmann::json;

namespace {

const std::vector<std::string> kFamilies = {"ring(7)",
                                            "path(5)",
                                            "complete(5)",
                                            "torus(3,4)",
                                            "mesh(3,3,2)",
                                            "hypercube(4)",
                                            "ghc(3,3)",
                                            "ccc(3)",
                                            "dualcube(3)",
                                            "rdn(hypercube(1),2)",
                                            "hdn(torus(2,3), sn=[{},{0,1}])",
                                            "hsn(2,hypercube(2))",
                                            "rhs(2,2,hypercube(1))",
                                            "mfc(ring(3),4,13)",
                                            "hfc(complete(4),5,5)"};

pugi::xml_document parse(const std::string& svg) {
  pugi::xml_document doc;
  const auto result = doc.load_string(svg.c_str());
  INFO(result.description());
  REQUIRE(result);
  return doc;
}

/// The scratch directory of this test process.

}  // namespace

TEST_CASE("every family's layout: distinct positions, nested boxes, known link kinds") {
  for (const auto& spec : kFamilies) {
    INFO(spec);
    auto t = build_topology(spec);
    const auto l = draw::layout_network(*t);
    REQUIRE(l.pos.size() == t->num_nodes());
    std::set<std::pair<long, long>> seen;
    for (const auto& p : l.pos) seen.insert({std::lround(p.x * 1000), std::lround(p.y * 1000)});
    CHECK(seen.size() == t->num_nodes());
    for (std::size_t level = 1; level < l.groupings.size(); ++level) {
      std::map<std::uint32_t, std::uint32_t> parent;  // each box inside one box of the level above
      for (std::uint64_t u = 0; u < t->num_nodes(); ++u) {
        auto [it, fresh] = parent.emplace(l.groupings[level].box[u], l.groupings[level - 1].box[u]);
        CHECK(it->second == l.groupings[level - 1].box[u]);
      }
    }
    std::vector<NodeId> nb;
    std::set<std::uint32_t> kinds;
    for (std::uint64_t u = 0; u < t->num_nodes(); ++u) {
      t->neighbors(NodeId(static_cast<std::uint32_t>(u)), nb);
      for (NodeId v : nb) kinds.insert(l.kind_of(NodeId(static_cast<std::uint32_t>(u)), v));
    }
    CHECK(*kinds.rbegin() < l.kinds.size());
  }
}

TEST_CASE("network pictures are SVG with one node element per drawn node and every link") {
  for (const auto& spec : kFamilies) {
    INFO(spec);
    auto t = build_topology(spec);
    for (bool generic : {false, true}) {
      const auto c = draw::make_canvas(*t, draw::layout_network(*t, generic));
      const auto doc = parse(draw::render_network(c, spec));
      std::uint64_t nodes = 0, edges = 0;
      for (const auto& n : doc.select_nodes("//*[@class='node']"))
        nodes += std::string(n.node().attribute("id").value()).starts_with("n") ? 1 : 0;
      edges = doc.select_nodes("//*[@class='edge']").size();
      CHECK(nodes == t->num_nodes());
      std::uint64_t links = 0;
      std::vector<NodeId> nb;
      for (std::uint64_t u = 0; u < t->num_nodes(); ++u) {
        t->neighbors(NodeId(static_cast<std::uint32_t>(u)), nb);
        links += nb.size();
      }
      CHECK(edges == links / 2);
    }
  }
}

TEST_CASE("switches are drawn as switches, and a link one way only as an arrow") {
  const auto ft = build_switched_topology("fat_tree(4)");
  const auto c = draw::make_canvas(*ft, draw::layout_network(*ft));
  const std::string svg = draw::render_network(c, ft->spec());
  const auto doc = parse(svg);
  std::uint64_t boxes = 0, rounds = 0;  // a switch a box (polygon), an endpoint an ellipse
  for (const auto& n : doc.select_nodes("//*[@class='node']")) {
    if (!std::string(n.node().attribute("id").value()).starts_with("n")) continue;
    boxes += n.node().select_node(".//polygon") ? 1 : 0;
    rounds += n.node().select_node(".//ellipse") ? 1 : 0;
  }
  CHECK(boxes == 20);
  CHECK(rounds == 16);
  // in tiers: the hosts in the bottom row, edge, aggregation and core switches in rows above,
  // every node in its own place
  REQUIRE(c.layout.pos.size() == 36);
  std::set<double> rows;
  std::set<std::pair<long, long>> places;
  for (std::uint32_t v = 0; v < 36; ++v) {
    rows.insert(c.layout.pos[v].y);
    places.insert({std::lround(c.layout.pos[v].x * 1000), std::lround(c.layout.pos[v].y * 1000)});
    if (v < 16) CHECK(c.layout.pos[v].y == c.layout.pos[0].y);
    if (v >= 16) CHECK(c.layout.pos[v].y < c.layout.pos[0].y);
  }
  CHECK(rows.size() == 4);
  CHECK(places.size() == 36);
  // a graph file's switches get the tiers too; --layout generic is Graphviz's
  const auto file = build_switched_topology("file(\"" + std::string(NETSCHED_SOURCE_DIR) +
                                            "/tests/data/graphs/switched/box-8.graphml\")");
  CHECK(draw::layout_network(*file).pos.size() == 9);
  CHECK(draw::layout_network(*file, true).pos.empty());
  CHECK(svg.find("switch: forwards, is no rank") != std::string::npos);
  CHECK(svg.find("a link one way only") == std::string::npos);
  // the one-way ring: every link an arrow (an edge with an arrowhead polygon)
  const auto ring =
      build_switched_topology("file(\"" + std::string(NETSCHED_SOURCE_DIR) +
                              "/tests/data/graphs/switched/directed-ring-4.graphml\")");
  const auto rc = draw::make_canvas(*ring, draw::layout_network(*ring));
  const std::string rsvg = draw::render_network(rc, ring->spec());
  std::uint64_t one_way = 0, arrows = 0;
  std::vector<NodeId> nb;
  for (std::uint32_t u = 0; u < ring->num_nodes(); ++u) {
    ring->neighbors(NodeId(u), nb);
    for (const NodeId v : nb)
      one_way += u < v.v && ring->has_arc(NodeId(u), v) != ring->has_arc(v, NodeId(u)) ? 1 : 0;
  }
  for (const auto& e : parse(rsvg).select_nodes("//*[@class='edge']"))
    arrows += e.node().select_node(".//polygon") ? 1 : 0;
  CHECK(one_way > 0);
  CHECK(arrows == one_way);
  CHECK(rsvg.find("a link one way only") != std::string::npos);
}

TEST_CASE("a network over the drawing limit shows one cluster and says so") {
  auto t = build_topology("hdn(torus(2,3,5), sn=[{0,1},{1,2}])");
  const auto c = draw::make_canvas(*t, draw::layout_network(*t));
  CHECK(c.nodes.size() <= draw::kDrawMaxNodes);
  CHECK(c.nodes.size() < t->num_nodes());
  CHECK(c.caption.find("Only the level-2 cluster of node") != std::string::npos);
  CHECK(c.caption.find("links to the nodes not drawn are left out") != std::string::npos);
  const auto doc = parse(draw::render_network(c, t->spec()));
  bool said = false;  // on the picture
  for (const auto& text : doc.select_nodes("//*[local-name()='text']"))
    said |= std::string(text.node().child_value()).find("Only the level-2 cluster") !=
            std::string::npos;
  CHECK(said);
  auto torus = build_topology("torus(100,100)");  // no boxes: a window around node 0
  const auto d = draw::make_canvas(*torus, draw::layout_network(*torus), 500);
  CHECK(d.nodes.size() == 500);
  CHECK(d.caption.find("Only the 500 nodes around node (0,0) in this layout") != std::string::npos);
  for (NodeId u : d.nodes) CHECK((u.v / 100 < 30 && u.v % 100 < 30));  // no wrapped-around rows
  const auto e = draw::make_canvas(*torus, draw::layout_network(*torus, true), 300);  // generic
  CHECK(e.nodes.size() == 300);
  CHECK(e.caption.find("Only the 300 nodes nearest node (0,0)") != std::string::npos);
}

TEST_CASE("sweep patterns expand ranges and refuse malformed ones") {
  const auto pts = draw::expand_patterns({"torus({3..5},{3..5})", "hypercube(3)"});
  REQUIRE(pts.size() == 4);
  CHECK(pts[0].spec == "torus(3,3)");
  CHECK(pts[2].spec == "torus(5,5)");
  CHECK(pts[2].series == "torus({3..5},{3..5})");
  CHECK(pts[3].series == "hypercube");
  CHECK_THROWS_AS(draw::expand_patterns({"ring({5..3})"}), InputError);
  CHECK_THROWS_AS(draw::expand_patterns({"ring({3..1000})"}), InputError);
  CHECK_THROWS_AS(draw::expand_patterns({"torus({3..4},{5..6})"}), InputError);
  // hdn's super-node sets use braces too: no '..' there, no range
  CHECK(draw::expand_patterns({"hdn(torus(2,3), sn=[{},{0,1}])"})[0].series == "hdn");
}

TEST_CASE("sweep: the CSV equals info --json on every point, and the plot is SVG") {
  const std::string prefix = scratch_path("sweep");
  const Run r = run("sweep 'torus({3..5},{3..5})' 'hypercube({2..4})' 'dualcube(3)' -o " + prefix);
  REQUIRE(r.code == 0);
  const json rows = json::parse(slurp(prefix + ".json"));
  REQUIRE(rows.size() == 7);
  const std::string csv = slurp(prefix + ".csv");
  std::istringstream lines(csv);
  std::string header, line;
  std::getline(lines, header);
  for (const auto& row : rows) {
    INFO(row["spec"]);
    const Run info = run("info '" + row["spec"].get<std::string>() + "' --json");
    REQUIRE(info.code == 0);
    const json j = json::parse(info.out);
    for (const char* k : {"nodes", "edges", "degree_max", "diameter", "radius", "avg_distance"})
      CHECK(row[k] == j[k]);
    std::getline(lines, line);  // the CSV row holds the same values as the JSON row
    for (const char* k : {"nodes", "edges", "diameter"})
      CHECK(line.find("," + row[k].dump() + ",") != std::string::npos);
    CHECK(row["broadcast_steps"].is_number());
    CHECK(row["exchange_steps"].is_number());
    CHECK(row["broadcast_steps"] <= row["broadcast_bound"]);
    CHECK(row["broadcast_lower"] <= row["broadcast_steps"]);
  }
  parse(slurp(prefix + ".svg"));
  CHECK(slurp(prefix + ".gp").find("set multiplot") != std::string::npos);
}

TEST_CASE("sweep: a point whose steps are 0 plots (no empty log-scale panel)") {
  const std::string prefix = scratch_path("sweep1");
  const Run r = run("sweep 'ring({1..1})' 'ring(3)' -o " + prefix);
  REQUIRE(r.code == 0);
  parse(slurp(prefix + ".svg"));
  const std::string one = scratch_path("sweep-one");
  CHECK(run("sweep 'ring({1..1})' -o " + one).code == 0);
  parse(slurp(one + ".svg"));
}

TEST_CASE("sweep --bisection equals prove bisection, and says why where it has none") {
  const std::string prefix = scratch_path("sweepb");
  REQUIRE(run("sweep 'torus(4,4)' 'dualcube(2)' 'hypercube(6)' --bisection --no-schedules "
              "--no-plot -o " +
              prefix)
              .code == 0);
  const json rows = json::parse(slurp(prefix + ".json"));
  REQUIRE(rows.size() == 3);
  for (std::size_t i = 0; i < 2; ++i) {
    const Run p = run("prove bisection '" + rows[i]["spec"].get<std::string>() + "' --json");
    REQUIRE(p.code == 0);
    CHECK(rows[i]["bisection"] == json::parse(p.out)["width"]);
  }
  CHECK(rows[2]["bisection"].is_null());  // 64 nodes: over the sweep's exact-search size
  CHECK(rows[2]["notes"].get<std::string>().find("bisection: 64 nodes > 32") != std::string::npos);
}
