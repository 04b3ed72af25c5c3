// The schedule viewer as a person sees it: rendered in headless Chromium, driven through its own
// slider, every frame reachable, the violation frame marked; per-step SVGs valid XML.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <pugixml.hpp>

#include "tests/app/cli_run.hpp"
#include "tests/scratch.hpp"

using netsched::testing::scratch_path;
using nlohmann::json;

namespace {

/// Chromium's DOM of the page after its script ran in self-test mode (#selftest): the script
/// moves the slider through every frame and writes what was visible into <pre id="selftest">.
json selftest(const std::string& html) {
  const std::string dom = scratch_path("dom.html");
  const std::string cmd =
      "chromium --headless --no-sandbox --disable-gpu --virtual-time-budget=5000 "
      "--dump-dom 'file://" +
      html + "#selftest' >" + dom + " 2>/dev/null";
  REQUIRE(std::system(cmd.c_str()) == 0);
  const std::string text = slurp(dom);
  const auto at = text.find("<pre id=\"selftest\">");
  REQUIRE(at != std::string::npos);
  const auto start = at + std::string("<pre id=\"selftest\">").size();
  std::string body = text.substr(start, text.find("</pre>", start) - start);
  for (auto [from, to] :
       {std::pair<std::string, std::string>{"&gt;", ">"}, {"&lt;", "<"}, {"&amp;", "&"}})
    for (auto p = body.find(from); p != std::string::npos; p = body.find(from, p + 1))
      body.replace(p, from.size(), to);
  return json::parse(body);
}

void check_frames(const json& st, std::uint64_t frames) {
  REQUIRE(st["frames"] == frames);
  for (std::uint64_t k = 0; k < frames; ++k) {
    INFO("frame " << k);
    CHECK(st["seen"][k]["visible"] == json::array({k}));  // exactly that frame is shown
  }
}

}  // namespace

TEST_CASE("viewer in Chromium: every step reachable, holdings end complete") {
  const std::string sched = scratch_path("b.json"), html = scratch_path("b.html"),
                    frames = scratch_path("frames");
  REQUIRE(run("gen 'dualcube(3)' broadcast -o " + sched).code == 0);
  const Run r = run("draw --schedule " + sched + " -o " + html + " --frames " + frames + " --json");
  REQUIRE(r.code == 0);
  const json summary = json::parse(r.out);
  CHECK(summary["holds"] == true);
  CHECK(summary["violation_frame"].is_null());
  const json st = selftest(html);
  check_frames(st, 7);  // 6 steps and the end
  for (const auto& f : st["seen"]) CHECK(f["violation"] == false);
  CHECK(st["final_holdings"] == json(std::vector<int>(32, 1)));  // the broadcast reached all
  for (const char* name : {"step-0001.svg", "step-0006.svg", "end.svg"}) {
    pugi::xml_document doc;
    CHECK(doc.load_string(slurp(frames + "/" + name).c_str()));
    CHECK(doc.select_nodes("//*[@class='frame']").size() == 1);
  }
  // a screenshot as a person would take it: Chromium renders the page to a PNG
  const std::string png = scratch_path("b.png");
  REQUIRE(std::system(("chromium --headless --no-sandbox --disable-gpu --hide-scrollbars "
                       "--window-size=1200,800 --screenshot=" +
                       png + " 'file://" + html + "' >/dev/null 2>&1")
                          .c_str()) == 0);
  CHECK(std::filesystem::file_size(png) > 20000);
}

TEST_CASE("viewer in Chromium: a violated schedule marks its violation frame, and only it") {
  const std::string good = scratch_path("g.json");
  REQUIRE(run("gen 'dualcube(3)' broadcast -o " + good).code == 0);
  json j = json::parse(slurp(good));
  j.erase("verification");
  j["steps"][2]["to"][1] = j["steps"][2]["to"][0];  // step 2: a transfer to a non-neighbour
  std::ofstream(scratch_path("bad.json")) << j.dump();
  const Run r = run("draw --schedule " + scratch_path("bad.json") + " -o " +
                    scratch_path("bad.html") + " --json");
  REQUIRE(r.code == 0);
  const json summary = json::parse(r.out);
  CHECK(summary["holds"] == false);
  REQUIRE(summary["violation_frame"] == 2);
  const json st = selftest(scratch_path("bad.html"));
  check_frames(st, 7);
  for (std::uint64_t k = 0; k < 7; ++k) CHECK(st["seen"][k]["violation"] == (k == 2));
  CHECK(st["seen"][2]["caption"].get<std::string>().find("VIOLATION edge") != std::string::npos);
  CHECK(slurp(scratch_path("bad.html")).find("#d62728") != std::string::npos);  // the red arrow
  // a delivery failure is marked on the end frame
  j["steps"][2]["to"][1] = json::parse(slurp(good))["steps"][2]["to"][1];
  j["steps"].erase(j["steps"].size() - 1);
  std::ofstream(scratch_path("short.json")) << j.dump();
  const Run s = run("draw --schedule " + scratch_path("short.json") + " -o " +
                    scratch_path("short.html") + " --json");
  REQUIRE(s.code == 0);
  CHECK(json::parse(s.out)["violation_frame"] == 5);
  const json st2 = selftest(scratch_path("short.html"));
  check_frames(st2, 6);
  CHECK(st2["seen"][5]["violation"] == true);
}

TEST_CASE("draw refuses a tampered schedule") {
  const std::string f = scratch_path("t.json");
  REQUIRE(run("gen 'ring(5)' broadcast -o " + f).code == 0);
  json j = json::parse(slurp(f));
  j["steps"].erase(j["steps"].size() - 1);  // the record no longer matches
  std::ofstream(f) << j.dump();
  const Run r = run("draw --schedule " + f + " -o " + scratch_path("t.html"));
  CHECK(r.code == 2);
  CHECK(r.err.find("tampered") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(scratch_path("t.html")));
}

namespace {

/// The cubic Bezier of an SVG path "M x,y C x1,y1 x2,y2 x3,y3" (Graphviz's edges), sampled.
std::vector<std::pair<double, double>> curve_points(const std::string& d, int samples = 50) {
  std::string text = d;
  for (char& c : text)
    if (c == 'M' || c == 'C' || c == ',') c = ' ';
  std::istringstream in(text);
  double p[8];
  for (double& x : p) in >> x;
  std::vector<std::pair<double, double>> out;
  for (int i = 0; i <= samples; ++i) {
    const double t = i / static_cast<double>(samples), u = 1 - t;
    const double a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, e = t * t * t;
    out.emplace_back(a * p[0] + b * p[2] + c * p[4] + e * p[6],
                     a * p[1] + b * p[3] + c * p[5] + e * p[7]);
  }
  return out;
}

/// The path of the edge titled `title` in an SVG (Graphviz titles edges "a--b" or "a->b").
std::string edge_path(const pugi::xml_document& svg, const std::string& title) {
  for (const auto& g : svg.select_nodes("//*[local-name()='g'][@class='edge']"))
    if (std::string(g.node().child("title").text().get()) == title)
      return g.node().select_node(".//*[local-name()='path']").node().attribute("d").value();
  return "";
}

}  // namespace

TEST_CASE(
    "an arrow follows the link its transfer uses: the torus's wrap-around transfer bends "
    "with its link") {
  const std::string file = scratch_path("tb.json"), dir = scratch_path("tb-frames");
  REQUIRE(run("gen 'torus(4,4)' broadcast -o " + file).code == 0);
  REQUIRE(
      run("draw --schedule " + file + " -o " + scratch_path("tb.html") + " --frames " + dir).code ==
      0);
  pugi::xml_document step2;
  REQUIRE(step2.load_file((dir + "/step-0002.svg").c_str()));
  CHECK(std::string(step2.child("svg").attribute("width").value()) == "100%");  // scales
  const std::string link = edge_path(step2, "(0,0)--(3,0)");
  const std::string arrow = edge_path(step2, "(0,0)->(3,0)");
  REQUIRE(!link.empty());
  REQUIRE(!arrow.empty());
  const auto on_link = curve_points(link, 2000);
  double worst = 0;  // every point of the arrow lies on the link's curve
  for (const auto& [x, y] : curve_points(arrow)) {
    double nearest = 1e9;
    for (const auto& [lx, ly] : on_link) nearest = std::min(nearest, std::hypot(x - lx, y - ly));
    worst = std::max(worst, nearest);
  }
  CHECK(worst < 1.0);
  // and the link bends: the straight line from (0,0) to (3,0) through (1,0) and (2,0) is not it
  const auto [x0, y0] = on_link.front();
  const auto [x1, y1] = on_link.back();
  const auto [xm, ym] = on_link[on_link.size() / 2];
  CHECK(std::abs((x1 - x0) * (ym - y0) - (y1 - y0) * (xm - x0)) / std::hypot(x1 - x0, y1 - y0) >
        10.0);
}

TEST_CASE(
    "the viewer of a large network draws what can be read: the root's labelled "
    "neighbourhood, every step as a bar, and says so") {
  const std::string file = scratch_path("hb.json"), html = scratch_path("hb.html");
  REQUIRE(run("gen 'hdn(torus(2,3,5), sn=[{0,1},{1,2}])' broadcast --root '(0,0,0,0)' -o " + file)
              .code == 0);
  const Run r = run("draw --schedule " + file + " -o " + html + " --json");
  REQUIRE(r.code == 0);
  const json j = json::parse(r.out);
  CHECK(j["drawn"].get<std::uint64_t>() <= 64);
  CHECK(j["nodes"] == 12000);
  const std::string page = slurp(html);
  CHECK(page.find("within 2 hops of node (0,0,0,0) are drawn (of 12000)") != std::string::npos);
  std::size_t bars = 0;
  for (auto at = page.find("class=\"bar\""); at != std::string::npos;
       at = page.find("class=\"bar\"", at + 1))
    ++bars;
  CHECK(bars == 19);
  // --max-nodes keeps the old choice: the cluster of node 0
  const Run big = run("draw --schedule " + file + " -o " + html + " --max-nodes 4096 --json");
  CHECK(json::parse(big.out)["drawn"] == 300);
}
