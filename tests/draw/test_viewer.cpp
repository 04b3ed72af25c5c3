// The schedule viewer as a person sees it: rendered in headless Chromium, driven through its own
// slider, every frame reachable, the violation frame marked; per-step SVGs valid XML.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <pugixml.hpp>

#include "tests/app/cli_run.hpp"

using nlohmann::json;

namespace {

std::string scratch(const std::string& name) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("netsched_view." + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return (dir / name).string();
}

/// Chromium's DOM of the page after its script ran in self-test mode (#selftest): the script
/// moves the slider through every frame and writes what was visible into <pre id="selftest">.
json selftest(const std::string& html) {
  const std::string dom = scratch("dom.html");
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

TEST_CASE("viewer in Chromium: every step reachable; holdings end complete") {
  const std::string sched = scratch("b.json"), html = scratch("b.html"), frames = scratch("frames");
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
  const std::string png = scratch("b.png");
  REQUIRE(std::system(("chromium --headless --no-sandbox --disable-gpu --hide-scrollbars "
                       "--window-size=1200,800 --screenshot=" +
                       png + " 'file://" + html + "' >/dev/null 2>&1")
                          .c_str()) == 0);
  CHECK(std::filesystem::file_size(png) > 20000);
}

TEST_CASE("viewer in Chromium: a violated schedule marks its violation frame, and only it") {
  const std::string good = scratch("g.json");
  REQUIRE(run("gen 'dualcube(3)' broadcast -o " + good).code == 0);
  json j = json::parse(slurp(good));
  j.erase("verification");
  j["steps"][2]["to"][1] = j["steps"][2]["to"][0];  // step 2: a transfer to a non-neighbour
  std::ofstream(scratch("bad.json")) << j.dump();
  const Run r =
      run("draw --schedule " + scratch("bad.json") + " -o " + scratch("bad.html") + " --json");
  REQUIRE(r.code == 0);
  const json summary = json::parse(r.out);
  CHECK(summary["holds"] == false);
  REQUIRE(summary["violation_frame"] == 2);
  const json st = selftest(scratch("bad.html"));
  check_frames(st, 7);
  for (std::uint64_t k = 0; k < 7; ++k) CHECK(st["seen"][k]["violation"] == (k == 2));
  CHECK(st["seen"][2]["caption"].get<std::string>().find("VIOLATION edge") != std::string::npos);
  CHECK(slurp(scratch("bad.html")).find("#d62728") != std::string::npos);  // the red arrow
  // a delivery failure is marked on the end frame
  j["steps"][2]["to"][1] = json::parse(slurp(good))["steps"][2]["to"][1];
  j["steps"].erase(j["steps"].size() - 1);
  std::ofstream(scratch("short.json")) << j.dump();
  const Run s =
      run("draw --schedule " + scratch("short.json") + " -o " + scratch("short.html") + " --json");
  REQUIRE(s.code == 0);
  CHECK(json::parse(s.out)["violation_frame"] == 5);
  const json st2 = selftest(scratch("short.html"));
  check_frames(st2, 6);
  CHECK(st2["seen"][5]["violation"] == true);
}

TEST_CASE("draw refuses a tampered schedule") {
  const std::string f = scratch("t.json");
  REQUIRE(run("gen 'ring(5)' broadcast -o " + f).code == 0);
  json j = json::parse(slurp(f));
  j["steps"].erase(j["steps"].size() - 1);  // the record no longer matches
  std::ofstream(f) << j.dump();
  const Run r = run("draw --schedule " + f + " -o " + scratch("t.html"));
  CHECK(r.code == 2);
  CHECK(r.err.find("tampered") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(scratch("t.html")));
}
