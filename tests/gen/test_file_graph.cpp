// Networks from graph files: every format read by its library, labels kept, export -> import ->
// info identical, bad files refused with one line, and the content hash in the canonical spec.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "analysis/info.hpp"
#include "gen/algorithms.hpp"
#include "gen/topology.hpp"
#include "tests/app/cli_run.hpp"
#include "tests/helpers.hpp"
#include "tests/scratch.hpp"

using namespace netsched;

namespace {

std::string scratch_file(const std::string& name, const std::string& content) {
  const std::string path = netsched::testing::scratch_path(name);
  std::ofstream(path) << content;
  return path;
}

std::string file_spec(const std::string& path) { return "file(\"" + path + "\")"; }

}  // namespace

TEST_CASE("every graph file format gives the 4-cycle a-b-c-d with its labels") {
  const std::vector<std::pair<std::string, std::string>> files = {
      {"r.ncol", "a b\nb c\nc d\nd a\n"},
      {"r.lgl", "# a\nb\nd\n# c\nb\nd\n"},
      {"r.net", "*Vertices 4\n1 \"a\"\n2 \"b\"\n3 \"c\"\n4 \"d\"\n*Edges\n1 2\n2 3\n3 4\n4 1\n"},
      {"r.graphml",
       "<?xml version=\"1.0\"?><graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\"><graph "
       "edgedefault=\"undirected\"><node id=\"a\"/><node id=\"b\"/><node id=\"c\"/><node id=\"d\"/>"
       "<edge source=\"a\" target=\"b\"/><edge source=\"b\" target=\"c\"/><edge source=\"c\" "
       "target=\"d\"/><edge source=\"d\" target=\"a\"/></graph></graphml>"},
      {"r.gml",
       "graph [ node [ id 0 label \"a\" ] node [ id 1 label \"b\" ] node [ id 2 label \"c\" ] node "
       "[ id 3 label \"d\" ] edge [ source 0 target 1 ] edge [ source 1 target 2 ] edge [ source 2 "
       "target 3 ] edge [ source 3 target 0 ] ]"},
      {"r.dot", "graph { a -- b -- c -- d -- a; }"},
      {"r.json",
       R"({"nodes": 4, "labels": ["a","b","c","d"], "edges": [[0,1],[1,2],[2,3],[3,0]]})"},
  };
  for (const auto& [name, content] : files) {
    INFO(name);
    auto t = build_topology(file_spec(scratch_file(name, content)));
    CHECK(t->family() == "file");
    REQUIRE(t->num_nodes() == 4);
    for (const char* l : {"a", "b", "c", "d"}) {
      const NodeId u = t->node(l);
      CHECK(t->label(u) == l);
      CHECK(t->degree(u) == 2);
    }
    std::vector<NodeId> nb;
    t->neighbors(t->node("a"), nb);
    std::vector<std::string> names;
    for (NodeId v : nb) names.push_back(t->label(v));
    std::sort(names.begin(), names.end());
    CHECK(names == std::vector<std::string>{"b", "d"});
    CHECK(t->spec().find("sha256=\"") != std::string::npos);
  }
  auto e = build_topology(file_spec(scratch_file("r.edges", "0 1\n1 2\n2 3\n3 0\n")));
  CHECK(e->num_nodes() == 4);
  CHECK(e->label(NodeId(2)) == "2");
}

TEST_CASE("export -> file import -> info: identical facts and labels") {
  for (const char* spec : {"ccc(3)", "torus(3,4)", "dualcube(2)", "hdn(torus(2,3), sn=[{1}])",
                           "hsn(2,hypercube(2))"}) {
    auto t = build_topology(spec);
    const auto want = topology_info(*t);
    for (const char* format : {"json", "dot", "edgelist"}) {
      INFO(spec << " as " << format);
      const std::string path = scratch_file(
          std::string("g.") + (std::string(format) == "edgelist" ? "edges" : format), "");
      REQUIRE(run(std::string("export '") + spec + "' --format " + format + " -o " + path).code ==
              0);
      auto f = build_topology(file_spec(path));
      const auto got = topology_info(*f);
      for (const char* k :
           {"nodes", "edges", "degree_min", "degree_max", "diameter", "radius", "distance_sum",
            "avg_distance", "connected", "regular", "vertex_transitive"})
        CHECK(got[k] == want[k]);
      CHECK(got["vertex_orbits"].size() == want["vertex_orbits"].size());
      if (std::string(format) != "edgelist")
        for (std::uint32_t u = 0; u < t->num_nodes(); ++u)
          CHECK(f->label(NodeId(u)) == t->label(NodeId(u)));
    }
  }
}

TEST_CASE("bad graph files: one line naming the problem") {
  const std::vector<std::pair<std::pair<std::string, std::string>, std::string>> cases = {
      {{"loop.edges", "0 1\n1 1\n"}, "self-loop at node '1'"},
      {{"multi.edges", "0 1\n1 0\n1 2\n"}, "multi-edge: the link '0' - '1' is listed twice"},
      {{"disc.edges", "0 1\n2 3\n3 4\n4 2\n"},
       "the graph is disconnected: node '2' cannot be reached from node '0'"},
      {{"sparse.edges", "0 1\n2 3\n"},  // told by the pre-scan: too few links for the ids
       "the graph is disconnected: its 4 nodes have at most 2 links, and connecting them takes 3"},
      {{"dir.dot", "digraph { a -> b; }"},  // arcs: a -> b only
       "the graph is not strongly connected: node 'a' cannot be reached from node 'b' along the "
       "arcs"},
      {{"bad.dot", "graph { a -- ; }"}, "not a graph in dot format: "},
      {{"bad.edges", "hello world foo\n"}, "not a graph in edgelist format: Parse error"},
      {{"bad.gml", "graph [ node [ id 0 ] edge [ source 0 target 7 ] ]"},
       "not a graph in gml format: "},
      {{"empty.json", R"({"nodes": 0, "edges": []})"}, "the graph has no nodes"},
      {{"dup.ncol", "a b\n"}, ""},  // fine: a control that the table can pass
      {{"labels.json", R"({"nodes": 2, "labels": ["x","x"], "edges": [[0,1]]})"},
       "label 'x' names two nodes"},
      {{"edge.json", R"({"nodes": 2, "edges": [[0,5]]})"},
       "not a graph in json format: edge [0,5]"},
      {{"x.csv", "0 1\n"}, "cannot tell the format of"},
  };
  for (const auto& [file, message] : cases) {
    INFO(file.first);
    const std::string path = scratch_file(file.first, file.second);
    const std::string error = test::error_of([&] { build_topology(file_spec(path)); });
    if (message.empty())
      CHECK(error == "no error");
    else
      CHECK(error.find("file \"" + path + "\": " + message) != std::string::npos);
  }
}

TEST_CASE("a schedule names the file's content: verify after the file changed is refused") {
  const std::string graph = scratch_file("net.ncol", "a b\nb c\nc d\nd a\na c\n");
  const std::string sched = scratch_file("b.json", "");
  REQUIRE(run("gen '" + file_spec(graph) + "' broadcast --root c -o " + sched).code == 0);
  CHECK(run("verify " + sched).code == 0);
  std::ofstream(graph) << "a b\nb c\nc d\nd a\n";  // a link less
  const Run r = run("verify " + sched);
  CHECK(r.code == 2);
  CHECK(r.err.find("the file's content changed: sha256 ") != std::string::npos);
}

TEST_CASE("spec strings: quotes and backslashes escaped, printed canonically") {
  const SpecValue v = parse_spec(R"(file( "a \"b\" \\c.edges" , format="edgelist"))");
  REQUIRE(v.args[0].value.kind == SpecValue::Kind::Str);
  CHECK(v.args[0].value.text == R"(a "b" \c.edges)");
  CHECK(print_spec(v) == R"(file("a \"b\" \\c.edges", format="edgelist"))");
  CHECK(parse_spec(print_spec(v)) == v);
  CHECK(test::error_of([] { parse_spec(R"(file("abc))"); }) ==
        "spec column 11: expected '\"' closing the string, found end of spec");
  CHECK(test::error_of([] { parse_spec(R"(file("a\b"))"); }) ==
        "spec column 9: expected \\\" or \\\\ after a backslash, found 'b'");
}

TEST_CASE("a numeric label some nodes lack falls back to the next attribute (found by fuzzing)") {
  // igraph gives the nodes without `label` NaN: read as missing, never cast (UBSan's finding)
  const std::string path =
      scratch_file("partial.gml",
                   "graph [ node [ id 0 label 5 ] node [ id 1 ] edge [ source 0 "
                   "target 1 ] ]");
  const auto t = build_topology(file_spec(path));
  CHECK(t->label(NodeId(0)) == "5");
  CHECK(t->label(NodeId(1)) == "1");  // its id
}

TEST_CASE("link weights are read as bandwidths, reported, and used for link speeds") {
  // NCOL with a weight column, GraphML with a numeric "weight" edge key, and NCOL without
  const std::string weighted = scratch_file("w.ncol", "a b 2\nb c 0.5\nc a 4\n");
  const std::string graphml = scratch_file(
      "w.graphml",
      R"(<?xml version="1.0"?><graphml xmlns="http://graphml.graphdrawing.org/xmlns">)"
      R"(<key id="w" for="edge" attr.name="weight" attr.type="double"/>)"
      R"(<graph edgedefault="undirected"><node id="a"/><node id="b"/><node id="c"/>)"
      R"(<edge source="a" target="b"><data key="w">3</data></edge>)"
      R"(<edge source="b" target="c"><data key="w">1.5</data></edge></graph></graphml>)");
  for (const auto& [path, links, least, largest] :
       {std::tuple{weighted, 3, 0.5, 4.0}, std::tuple{graphml, 2, 1.5, 3.0}}) {
    INFO(path);
    const auto info = topology_info(*build_topology(file_spec(path)), {});
    REQUIRE(info.contains("link_weights"));
    CHECK(info["link_weights"]["links"] == links);
    CHECK(info["link_weights"]["least"] == least);
    CHECK(info["link_weights"]["largest"] == largest);
    CHECK(info["link_speeds_note"].get<std::string>().find("used by gen --bytes") !=
          std::string::npos);
    const auto t = build_topology(file_spec(path));
    CHECK(t->weighted());
    // the weight of every link read back as its bandwidth, in both directions
    const auto a = t->node("a"), b = t->node("b");
    const double ab = path == weighted ? 2.0 : 3.0;
    CHECK(t->link_speed(a, b) == LinkSpeed{ab, 1});
    CHECK(t->link_speed(b, a) == LinkSpeed{ab, 1});
  }
  const std::string plain = scratch_file("p.ncol", "a b\nb c\n");
  const auto p = build_topology(file_spec(plain));
  CHECK_FALSE(topology_info(*p, {}).contains("link_weights"));
  CHECK_FALSE(p->weighted());
  // a weight is a bandwidth: zero, negative and absurd ones are refused, naming the link
  for (const auto& [text, shown] :
       {std::pair{"a b 0\nb c 1\n", "weight 0"}, std::pair{"a b -2\nb c 1\n", "weight -2"},
        std::pair{"a b 1e9\nb c 1\n", "weight 1e+09"}}) {
    INFO(text);
    try {
      build_topology(file_spec(scratch_file("bad.ncol", text)));
      FAIL("accepted");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).find("the link 'a' - 'b' has " + std::string(shown)) !=
            std::string::npos);
    }
  }
}

TEST_CASE("weighted(...): a network's links at their own speeds, its structure kept") {
  const auto w = build_topology("weighted(torus(3,4), bandwidth=[{1,0,50}], latency=[{0,4,300}])");
  CHECK(w->spec() == "weighted(torus(3,4), bandwidth=[{0,1,50}], latency=[{0,4,300}])");
  CHECK(w->family() == "weighted");
  CHECK(w->weighted());
  CHECK(w->link_speed(NodeId(0), NodeId(1)) == LinkSpeed{0.5, 1});
  CHECK(w->link_speed(NodeId(4), NodeId(0)) == LinkSpeed{1, 3});
  CHECK(w->link_speed(NodeId(1), NodeId(2)) == LinkSpeed{});
  // the torus's algorithms apply (the structure is the torus), and its schedules hold
  CHECK(generate(*w, GenRequest("total-exchange")).algorithm == "a2");
  CHECK(generate(*w, GenRequest("total-exchange")).topology == w->spec());
  // through faults and products, each link keeps its speed
  const auto f = build_topology("faulty(weighted(ring(5), bandwidth=[{0,1,25}]), nodes=[{3}])");
  CHECK(f->weighted());
  CHECK(f->link_speed(f->serial_node(0), f->serial_node(1)) == LinkSpeed{0.25, 1});
  const auto p = build_topology("product(weighted(ring(3), bandwidth=[{0,1,200}]), ring(3))");
  CHECK(p->weighted());
  CHECK(p->link_speed(NodeId(0), NodeId(3)) == LinkSpeed{2, 1});  // (0,0)-(1,0)
  CHECK(p->link_speed(NodeId(0), NodeId(1)) == LinkSpeed{});      // (0,0)-(0,1)
  const auto fw = build_topology("weighted(faulty(ring(5), nodes=[{0}]), bandwidth=[{3,4,10}])");
  CHECK(fw->spec() == "weighted(faulty(ring(5), nodes=[{0}]), bandwidth=[{3,4,10}])");
  CHECK(fw->link_speed(fw->serial_node(3), fw->serial_node(4)) == LinkSpeed{0.1, 1});
  // bad input: one line naming the column
  for (const auto& [spec, said] : std::vector<std::pair<const char*, const char*>>{
           {"weighted(ring(5), bandwidth=[{0,2,50}])", "{0,2} is not a link of ring(5)"},
           {"weighted(ring(5), bandwidth=[{0,1,0}])", "a speed is a percentage 1..100000000"},
           {"weighted(ring(5), bandwidth=[{0,1}])", "is {a,b,percent}"},
           {"weighted(ring(5), bandwidth=[{0,1,5},{1,0,6}])", "listed twice"},
           {"weighted(ring(5), latency=[{0,9,5}])", "weighted: "},
           {"weighted(ring(5), speed=[{0,1,5}])", "speed"},
           {"weighted(ring(5), bandwidth=3)", "must be a list of sets"}}) {
    INFO(spec);
    try {
      build_topology(spec);
      FAIL("accepted");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).find(said) != std::string::npos);
    }
  }
}

TEST_CASE("a graph file is held to kMaxEdges by its own count of links, not N x max degree / 2") {
  // a star of 70,000 links: N x max degree / 2 would be 2,450,035,000, over kMaxEdges (issue 83)
  std::string star;
  constexpr int kLeaves = 70000;
  for (int leaf = 1; leaf <= kLeaves; ++leaf) star += "0 " + std::to_string(leaf) + "\n";
  const std::string spec = file_spec(scratch_file("star.edges", star));
  const auto t = build_topology(spec);
  CHECK(t->link_bound() == kLeaves);
  CHECK(t->max_degree() == kLeaves);
  // products of file graphs and faulty file graphs count the same way
  const auto product = build_topology("product(" + spec + ",ring(3))");
  CHECK(product->link_bound() == 3 * kLeaves + (kLeaves + 1) * 3);
  CHECK(build_topology("faulty(" + spec + ", nodes=[{5}])")->link_bound() == kLeaves);
}
