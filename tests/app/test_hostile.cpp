// Hostile input that must get the right answer, not only a refusal: what the input
// controls never runs a command, never breaks a message or a JSON document, and outputs of
// several files are written all or none. The refusals are in test_catalogue.cpp.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "tests/app/cli_run.hpp"

namespace {

using nlohmann::json;

/// A scratch directory of its own, removed at the end.
struct Scratch {
  Scratch()
      : dir(std::filesystem::temp_directory_path() /
            ("netsched_hostile." + std::to_string(::getpid()))) {
    std::filesystem::create_directories(dir);
  }
  ~Scratch() { std::filesystem::remove_all(dir); }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  std::string path(const std::string& name) const { return (dir / name).string(); }
  std::string write(const std::string& name, const std::string& content) const {
    std::ofstream(path(name)) << content;
    return path(name);
  }
  std::filesystem::path dir;
};

/// `text` quoted for sh: single quotes, each ' as '\''.
std::string sh_quote(const std::string& text) {
  std::string q = "'";
  for (char c : text) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

}  // namespace

TEST_CASE("a spec error cut inside a UTF-8 character is still valid JSON") {
  const Run r = run("info 'éring(3)' --json");
  CHECK(r.code == 2);
  const json j = json::parse(r.out);  // throws on invalid UTF-8 or a cut document
  CHECK(j.at("exit") == 2);
  CHECK(j.at("error").get<std::string>().find("expected a name") != std::string::npos);
}

TEST_CASE("sweep: no file name runs a command through gnuplot") {
  Scratch s;
  // every character gnuplot or a shell would act on, in the names of the swept files
  const std::vector<std::string> names = {"b`touch PWNED`", "d$(touch PWNED)",   "q'x",   "dq\"x",
                                          "bs\\x",          "semi;touch PWNED;", "pct%s", "nl\\n"};
  for (std::size_t i = 0; i < names.size(); ++i) {
    INFO(names[i]);
    const std::string file = names[i] + "1.edges";
    s.write(file, "0 1\n1 2\n2 0\n");
    std::string in_spec;  // a spec string escapes " and \ with a backslash
    for (char c : names[i])
      in_spec += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
    const std::string pattern = "file(\"" + in_spec + "{1..1}.edges\")";
    // run where the files are, so that a relative name is read and a command would land there
    const Run r =
        run_with("cd " + sh_quote(s.dir.string()) + " && ",
                 "sweep " + sh_quote(pattern) + " -o sw" + std::to_string(i) + " --no-schedules");
    std::error_code ec;
    CHECK_FALSE(std::filesystem::exists(s.path("PWNED"), ec));
    CHECK(r.code == 0);
    CHECK(slurp(s.path("sw" + std::to_string(i) + ".svg")).find("<svg") != std::string::npos);
  }
}

TEST_CASE("sweep --faults: no file name nor TMPDIR runs a command through gnuplot or a shell") {
  Scratch s;
  // its plot's title holds the network's spec, so the file's name: a quote that ended the
  // title's string once let gnuplot run system()
  const std::vector<std::string> names = {"q';system('touch PWNED');'", "b`touch PWNED`",
                                          "d$(touch PWNED)", "dq\"x", "nl\\nx"};
  const std::string tmp = s.path("t'x$(touch PWNED)");
  std::filesystem::create_directories(tmp);
  for (std::size_t i = 0; i < names.size(); ++i) {
    INFO(names[i]);
    s.write(names[i] + ".edges", "0 1\n1 2\n2 0\n");
    std::string in_spec;  // a spec string escapes " and \ with a backslash
    for (char c : names[i])
      in_spec += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
    const Run r = run_with("cd " + sh_quote(s.dir.string()) + " && TMPDIR=" + sh_quote(tmp) + " ",
                           "sweep --faults " + sh_quote("file(\"" + in_spec + ".edges\")") +
                               " -o f" + std::to_string(i));
    std::error_code ec;
    CHECK_FALSE(std::filesystem::exists(s.path("PWNED"), ec));
    CHECK_FALSE(std::filesystem::exists(tmp + "/PWNED", ec));
    CHECK(r.code == 0);
    CHECK(slurp(s.path("f" + std::to_string(i) + ".svg")).find("<svg") != std::string::npos);
  }
}

TEST_CASE("sweep reads '..' in a file path as a path, not a range") {
  Scratch s;
  std::filesystem::create_directories(s.dir / "w");
  s.write("w/ring.edges", "0 1\n1 2\n2 3\n3 0\n");
  const Run r = run("sweep 'file(\"" + s.path("w") + "/../w/ring.edges\")' --no-schedules -o " +
                    s.path("sw") + " --json");
  CHECK(r.code == 0);
  CHECK(slurp(s.path("sw.csv")).find(",4,") != std::string::npos);  // the ring's 4 nodes
}

TEST_CASE("sweep -o writes all of its files or none") {
  Scratch s;
  std::filesystem::create_directories(s.path("sw.svg"));  // the picture cannot be written
  const Run r = run("sweep 'ring({3..4})' --no-schedules -o " + s.path("sw"));
  CHECK(r.code == 2);
  CHECK_FALSE(std::filesystem::exists(s.path("sw.csv")));
  CHECK_FALSE(std::filesystem::exists(s.path("sw.json")));
  CHECK_FALSE(std::filesystem::exists(s.path("sw.gp")));
}

TEST_CASE("draw --frames writes every frame or none") {
  Scratch s;
  REQUIRE(run("gen 'hypercube(3)' broadcast -o " + s.path("b.json")).code == 0);
  std::filesystem::create_directories(s.path("f/step-0002.svg"));  // one frame cannot be written
  const Run r = run("draw --schedule " + s.path("b.json") + " --frames " + s.path("f") + " -o " +
                    s.path("b.svg"));
  CHECK(r.code == 2);
  std::size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(s.path("f")))
    files += e.is_regular_file() ? 1 : 0;
  CHECK(files == 0);
  CHECK_FALSE(std::filesystem::exists(s.path("b.svg")));
}

TEST_CASE("draw works on products of every kind of factor") {
  Scratch s;
  s.write("tri.edges", "0 1\n1 2\n2 0\n");
  for (const std::string& spec : std::vector<std::string>{
           "product(ccc(3), ring(4))", "product(file(\"" + s.path("tri.edges") + "\"), ring(3))",
           "product(faulty(ring(5), links=[{0,1}]), ring(3))",
           "product(hypernet(1,2,2), ring(2))"}) {
    INFO(spec);
    const Run r = run("draw " + sh_quote(spec) + " -o " + s.path("p.svg"));
    CHECK(r.code == 0);
    CHECK(r.err.find("netsched: ") == std::string::npos);  // no error (LSan may report there)
    CHECK(slurp(s.path("p.svg")).find("<svg") != std::string::npos);
  }
}

TEST_CASE("a faulty network's ids are the base network's, in and out") {
  const Run r = run("route 'faulty(torus(4,4), nodes=[{9}])' 0 10 --json");
  REQUIRE(r.code == 0);
  const json j = json::parse(r.out);
  CHECK(j.at("path").front() == 0);
  CHECK(j.at("path").back() == 10);  // (2,2) is base id 10, survivor 9
  CHECK(j.at("labels").back() == "(2,2)");
  for (const json& id : j.at("path")) CHECK(id != 9);  // the failed node is never on a path
}

TEST_CASE("a label holding a newline prints on one line") {
  Scratch s;
  const std::string file = s.write(
      "nl.graphml", R"(<graphml><graph edgedefault="undirected"><node id="a&#10;b"/><node id="c"/>)"
                    R"(<edge source="a&#10;b" target="c"/></graph></graphml>)");
  const Run r = run("route 'file(\"" + file + "\")' 0 1");
  REQUIRE(r.code == 0);
  CHECK(r.out.starts_with("a\\nb -> c\n"));
}

TEST_CASE("msccl import --json answers in JSON when the rebuild is violated") {
  Scratch s;
  REQUIRE(run("gen 'ring(4)' all-gather -o " + s.path("ag.json")).code == 0);
  REQUIRE(run("msccl export " + s.path("ag.json") + " -o " + s.path("ag.xml")).code == 0);
  // on a network without the ring's wrap-around link, the program's messages leave the links
  const Run r = run("msccl import " + s.path("ag.xml") + " --network 'path(4)' --json");
  CHECK(r.code == 1);
  const json j = json::parse(r.out);
  CHECK(j.contains("verdict"));
}

TEST_CASE(
    "export --format dot quotes what a file names, so the DOT reads back and injects nothing") {
  Scratch s;
  s.write("x.edges", "0 1\n1 2\n2 0\n");
  const std::string dot = s.path("c.dot");
  REQUIRE(
      run("export " + sh_quote("file(\"" + s.path("x.edges") + "\")") + " --format dot -o " + dot)
          .code == 0);
  const Run back = run("info " + sh_quote("file(\"" + dot + "\")") + " --json");
  REQUIRE(back.code == 0);
  CHECK(json::parse(back.out).at("edges") == 3);
  // a GraphML id that would close the label and add an edge between two new nodes
  const std::string evil = "a\"] ; evil1 -- evil2 ; b [label=\"x";
  s.write("e.graphml",
          "<?xml version=\"1.0\"?><graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">"
          "<graph edgedefault=\"undirected\"><node id='" +
              evil +
              "'/><node id=\"b\"/>"
              "<node id=\"c\"/><edge source='" +
              evil +
              "' target=\"b\"/><edge source=\"b\" "
              "target=\"c\"/><edge source=\"c\" target='" +
              evil + "'/></graph></graphml>");
  const std::string edot = s.path("e.dot");
  REQUIRE(run("export " + sh_quote("file(\"" + s.path("e.graphml") + "\")") + " --format dot -o " +
              edot)
              .code == 0);
  const Run e = run("info " + sh_quote("file(\"" + edot + "\")") + " --json");
  REQUIRE(e.code == 0);
  CHECK(json::parse(e.out).at("nodes") == 3);  // evil1 and evil2 never became nodes
}

TEST_CASE("free text from a file never reaches the terminal or an XML file raw") {
  Scratch s;
  REQUIRE(run("gen 'ring(4)' all-gather -o " + s.path("a.json")).code == 0);
  json j = json::parse(slurp(s.path("a.json")));
  j.erase("verification");
  j["algorithm"] = "ring\n\x1b[31mred";
  const Run r = run("verify " + s.write("esc.json", j.dump()));
  CHECK(r.code == 2);
  CHECK(r.err ==
        "netsched: schedule file: algorithm holds a control character (ring\\n\\x1b[31mred): a "
        "name is printable text\n");
  // msccl export's own --name: the XML has no control character entity
  REQUIRE(run("msccl export " + s.path("a.json") + " -o " + s.path("a.xml") + " --name " +
              sh_quote("x\x1b[0m"))
              .code == 0);
  const std::string xml = slurp(s.path("a.xml"));
  CHECK(xml.find("&#27;") == std::string::npos);
  CHECK(xml.find("name=\"x?[0m\"") != std::string::npos);
  // a node named with a newline: one line, quoted
  const Run n = run("route 'ring(5)' 0 " + sh_quote("1\nabc"));
  CHECK(n.code == 2);
  CHECK(n.err ==
        "netsched: node '1\\nabc': a node is named by its serial id or label, printable "
        "text of at most 4096 bytes\n");
}
