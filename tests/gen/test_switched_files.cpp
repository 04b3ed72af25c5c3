// Graph files of the switched model: switches (a node's kind), directed links with their own
// bandwidth each way, lanes; the files refused with one line; and every command that does not
// implement the model refusing such a network instead of taking its switches for ranks.
#include <catch2/catch.hpp>
#include <fstream>
#include <string>

#include "gen/topology.hpp"
#include "tests/app/cli_run.hpp"
#include "tests/helpers.hpp"
#include "tests/scratch.hpp"

using namespace netsched;

namespace {

/// The spec of one of netsched's own test machines (tests/data/graphs/switched/).
std::string machine(const std::string& name) {
  return "file(\"" + std::string(NETSCHED_SOURCE_DIR) + "/tests/data/graphs/switched/" + name +
         ".graphml\")";
}

/// A GraphML file of `nodes` (id, kind) and `edges` (source, target, extra data), directed or
/// not, written to the scratch directory; its spec.
std::string graphml(const std::string& name, bool directed,
                    const std::vector<std::pair<std::string, std::string>>& nodes,
                    const std::vector<std::string>& edges) {
  std::string text =
      "<?xml version=\"1.0\"?>\n<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
      "<key id=\"k\" for=\"node\" attr.name=\"kind\" attr.type=\"string\"/>\n"
      "<key id=\"l\" for=\"edge\" attr.name=\"lanes\" attr.type=\"double\"/>\n"
      "<graph edgedefault=\"" +
      std::string(directed ? "directed" : "undirected") + "\">\n";
  for (const auto& [id, kind] : nodes)
    text += "<node id=\"" + id + "\"><data key=\"k\">" + kind + "</data></node>\n";
  for (const std::string& e : edges) text += e + "\n";
  text += "</graph></graphml>\n";
  const std::string path = netsched::testing::scratch_path(name + ".graphml");
  std::ofstream(path) << text;
  return "file(\"" + path + "\")";
}

std::string edge(const std::string& u, const std::string& v, const std::string& lanes = "") {
  return "<edge source=\"" + u + "\" target=\"" + v + "\">" +
         (lanes.empty() ? "" : "<data key=\"l\">" + lanes + "</data>") + "</edge>";
}

}  // namespace

TEST_CASE("switched files: a switch is no rank, an arc has its own bandwidth, lanes add up") {
  const auto box = build_switched_topology(machine("box-8"));
  CHECK(box->num_nodes() == 9);
  CHECK(box->num_endpoints() == 8);
  CHECK(box->label(NodeId(8)) == "switch");  // the file lists it first: switches go last
  CHECK(box->is_switch(NodeId(8)));
  CHECK_FALSE(box->is_switch(box->node("gpu0")));
  CHECK_FALSE(box->directed());

  const auto a100 = build_switched_topology(machine("a100-2x8"));
  CHECK(a100->num_endpoints() == 16);
  CHECK(a100->num_nodes() - a100->num_endpoints() == 4);
  CHECK_FALSE(a100->directed());  // every arc has its twin of the same bandwidth
  CHECK(a100->link_speed(a100->node("box0.gpu0"), a100->node("box0.nvswitch")).bandwidth == 300);
  const auto mi250 = build_switched_topology(machine("mi250-2x16"));
  CHECK(mi250->num_endpoints() == 32);
  // GCDs 0 and 1 share four xGMI links of 50 GB/s: one link of four lanes
  CHECK(mi250->link_speed(mi250->node("box0.gcd1"), mi250->node("box0.gcd0")).bandwidth == 200);

  const auto ring = build_switched_topology(machine("directed-ring-4"));
  CHECK_FALSE(ring->switched());
  CHECK(ring->directed());
  const NodeId r0 = ring->node("r0"), r1 = ring->node("r1"), r2 = ring->node("r2");
  CHECK(ring->has_arc(r0, r1));
  CHECK_FALSE(ring->has_arc(r1, r0));
  CHECK(ring->adjacent(r1, r0));                   // the underlying graph has the link
  CHECK(ring->link_speed(r0, r2).bandwidth == 2);  // weight 1, 2 lanes
  CHECK(ring->link_speed(r0, r1).bandwidth == 2);  // weight 2, 1 lane (no attribute)
}

TEST_CASE("a DOT file says it as GraphML does: a node's kind, an edge's weight and lanes") {
  // Graphviz keeps attributes as text: numbers are read whole, a missing weight or lanes is 1
  const std::string path = netsched::testing::scratch_path("box.dot");
  std::ofstream(path) << "graph box { s [kind=\"switch\"]; g0 -- s [lanes=2]; g1 -- s; "
                         "g2 -- s [weight=3]; g3 [kind=endpoint]; g3 -- s }";
  const auto box = build_switched_topology("file(\"" + path + "\")");
  CHECK(box->num_endpoints() == 4);
  CHECK(box->is_switch(box->node("s")));
  CHECK(box->node("s") == NodeId(4));
  CHECK(box->link_speed(box->node("g0"), box->node("s")).bandwidth == 2);
  CHECK(box->link_speed(box->node("g1"), box->node("s")).bandwidth == 1);
  CHECK(box->link_speed(box->node("g2"), box->node("s")).bandwidth == 3);
  const std::string arcs = netsched::testing::scratch_path("ring.dot");
  std::ofstream(arcs) << "digraph r { a -> b [weight=2]; b -> c; c -> a; b -> a }";
  const auto ring = build_switched_topology("file(\"" + arcs + "\")");
  CHECK(ring->directed());
  CHECK(ring->link_speed(ring->node("a"), ring->node("b")).bandwidth == 2);
  CHECK(ring->link_speed(ring->node("b"), ring->node("a")).bandwidth == 1);
  CHECK_FALSE(ring->has_arc(ring->node("a"), ring->node("c")));
  for (const auto& [text, why] : std::vector<std::pair<std::string, std::string>>{
           {"graph g { a -- b [weight=fast] }", "edge a - b's weight is 'fast', not a number"},
           {"graph g { a -- b [lanes=\"2x\"] }", "edge a - b's lanes is '2x', not a number"},
           {"graph g { a [kind=router]; a -- b }", "node 'a' is of kind 'router'"},
           {"graph g { a [kind=switch]; b [kind=switch]; a -- b }", "every node is a switch"},
           {"graph g { a -- b [lanes=1.5] }", "lanes"}}) {
    INFO(text);
    const std::string bad = netsched::testing::scratch_path("bad.dot");
    std::ofstream(bad) << text;
    CHECK_THAT(test::error_of([&] { build_switched_topology("file(\"" + bad + "\")"); }),
               Catch::Contains(why));
  }
}

TEST_CASE("graph(N, ...) says what a graph file says: switches, arcs, bandwidth and lanes") {
  // the switches take the last ids: a node's id in the spec is its id everywhere
  const auto box = build_switched_topology(
      "graph(4, links=[{3,0},{3,1},{3,2}], switches=[{3}], bandwidth=[{0,3,300}], "
      "lanes=[{3,1,2}])");
  CHECK(box->num_endpoints() == 3);
  CHECK(box->is_switch(NodeId(3)));
  CHECK(box->link_speed(NodeId(0), NodeId(3)).bandwidth == 3);
  CHECK(box->link_speed(NodeId(1), NodeId(3)).bandwidth == 2);
  CHECK(box->link_speed(NodeId(2), NodeId(3)).bandwidth == 1);
  // the spec names itself as given (links as {smaller,larger}): a schedule on it reads back
  CHECK(build_switched_topology(box->spec())->spec() == box->spec());
  const auto ring = build_switched_topology("graph(3, arcs=[{2,1},{1,0},{0,2}])");
  CHECK(ring->directed());
  CHECK(ring->has_arc(NodeId(2), NodeId(1)));
  CHECK_FALSE(ring->has_arc(NodeId(1), NodeId(2)));
  CHECK(ring->spec() == "graph(3, arcs=[{2,1},{1,0},{0,2}])");
  // one bandwidth per direction: a link given as two arcs
  const auto two_way =
      build_switched_topology("graph(2, arcs=[{0,1},{1,0}], bandwidth=[{1,0,50}])");
  CHECK(two_way->link_speed(NodeId(0), NodeId(1)).bandwidth == 1);
  CHECK(two_way->link_speed(NodeId(1), NodeId(0)).bandwidth == 0.5);
  CHECK(two_way->directed());
  // and the commands that do not implement the model refuse it, as a file
  CHECK_THAT(test::error_of([&] { build_topology(box->spec()); }),
             Catch::Contains("has 1 switch: so far only"));
  for (const auto& [spec, why] : std::vector<std::pair<std::string, std::string>>{
           {"graph(3, links=[{0,1},{1,2}], arcs=[{0,1}])", "give links or arcs, not both"},
           {"graph(3, arcs=[{0,1},{1,2}])", "not strongly connected"},
           {"graph(3, links=[{0,1},{1,2}], switches=[{0,1,2}])", "every node is a switch"},
           {"graph(3, links=[{0,1},{1,2}], switches=[{5}])", "switch 5 is not a node below 3"},
           {"graph(3, links=[{0,1},{1,2}], switches=[{1}])",
            "the switches take the ids after the endpoints, but 1 is a switch and 2 an endpoint"},
           {"graph(3, links=[{0,1},{1,2}], bandwidth=[{0,2,5}])",
            "names 0 - 2, which is not a link"},
           {"graph(3, arcs=[{0,1},{1,2},{2,0}], lanes=[{1,0,2}])",
            "names 1 -> 0, which is not an arc"},
           {"graph(3, links=[{0,1},{1,2}], lanes=[{0,1,0}])", "a lanes value is 1..1024, not 0"},
           {"graph(3, links=[{0,1},{1,2}], bandwidth=[{0,1,0}])",
            "a bandwidth value is 1..100000000"},
           {"graph(3, links=[{0,1},{1,2}], bandwidth=[{0,1,5},{1,0,6}])", "lists 1,0 twice"},
           {"graph(3, links=[{0,1},{1,2}], bandwidth=[{0,1}])", "is {a,b,value} of a link"},
           {"graph(3, links=[{0,1},{1,2}], switches=7)", "switches must be a list of sets"}}) {
    INFO(spec);
    const std::string text = spec;  // a structured binding is not captured (clang)
    CHECK_THAT(test::error_of([&] { build_switched_topology(text); }), Catch::Contains(why));
  }
}

TEST_CASE("switched files refused with one line") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {graphml("kind", false, {{"a", "endpoint"}, {"b", "router"}}, {edge("a", "b")}),
       "node 'b' is of kind 'router': netsched knows the kinds \"switch\" and \"endpoint\""},
      {graphml("only", false, {{"a", "switch"}, {"b", "switch"}}, {edge("a", "b")}),
       "every node is a switch: a collective needs endpoints"},
      {graphml("oneway", true, {{"a", ""}, {"s", "switch"}, {"b", ""}},
               {edge("a", "s"), edge("s", "b"), edge("b", "a")}),
       ""},  // a control: a directed cycle through a switch is strongly connected
      {graphml("stuck", true, {{"a", ""}, {"s", "switch"}, {"b", ""}},
               {edge("a", "s"), edge("s", "b")}),
       "the graph is not strongly connected: node 'a' cannot be reached from node 's' along the "
       "arcs"},
      {graphml("twice", true, {{"a", ""}, {"b", ""}},
               {edge("a", "b"), edge("b", "a"), edge("a", "b")}),
       "multi-edge: the arc 'a' -> 'b' is listed twice"},
      {graphml("nolanes", false, {{"a", ""}, {"b", ""}}, {edge("a", "b", "0")}),
       "the link 'a' - 'b' has 0 lanes: lanes are a whole number from 1 to kMaxLinkLanes"},
      {graphml("halflane", false, {{"a", ""}, {"b", ""}}, {edge("a", "b", "1.5")}),
       "has 1.5 lanes"},
  };
  for (const auto& c : cases) {
    const std::string &spec = c.first, &message = c.second;
    INFO(spec);
    const std::string error = test::error_of([&] { build_switched_topology(spec); });
    if (message.empty())
      CHECK(error == "no error");
    else
      CHECK_THAT(error, Catch::Contains(message));
  }
  // a kind that is a number
  const std::string path = netsched::testing::scratch_path("numeric-kind.gml");
  std::ofstream(path) << "graph [ node [ id 0 kind 1 ] node [ id 1 ] edge [ source 0 target 1 ] ]";
  CHECK_THAT(test::error_of([&] { build_switched_topology("file(\"" + path + "\")"); }),
             Catch::Contains("the node attribute 'kind' must be text"));
}

TEST_CASE("a network of switches or directed links: the commands without the model refuse it") {
  // the finding: a switch drawn in a file became a rank of a 9-rank schedule, and nothing warned
  for (const std::string name : {"box-8", "directed-ring-4"}) {
    const std::string spec = machine(name);
    CHECK_THAT(test::error_of([&] { build_topology(spec); }),
               Catch::Contains("so far only info, prove bandwidth, gen, verify, run, simulate, "
                               "draw, msccl export, mscclpp export and chakra export take a "
                               "network "
                               "of switches or directed links"));
    // a schedule of one: gen writes it, verify checks it, run and the exports take it (on the
    // endpoints: exec/switch_hops.hpp), the commands that do not implement the model refuse it
    const std::string file = netsched::testing::scratch_path(name + "-all-gather.json");
    REQUIRE(run("gen '" + spec + "' all-gather -o " + file).code == 0);
    CHECK(run("verify " + file).code == 0);
    CHECK(run("run --loopback " + file).code == 0);
    CHECK(run("msccl export " + file + " -o " + file + ".xml").code == 0);
    CHECK(run("mscclpp export " + file + " -o " + file + ".plan.json").code == 0);
    CHECK(run("draw '" + spec + "' -o " + file + ".svg").code == 0);
    CHECK(run("draw --schedule " + file + " -o " + file + ".html").code == 0);
    for (const std::string& verb :
         {"msccl import " + file + ".xml --network '" + spec + "'", "export '" + spec + "'",
          "route '" + spec + "' 0 1", "prove min-steps '" + spec + "' broadcast",
          "prove bisection '" + spec + "'", "info 'faulty(" + spec + ", links=[{0,1}])'"}) {
      INFO(verb);
      const Run r = run(verb);
      CHECK(r.code == 2);
      CHECK_THAT(r.err,
                 Catch::Contains("so far only info, prove bandwidth, gen, verify, run, simulate"));
    }
  }
  CHECK(run("info '" + machine("box-8") + "'").code == 0);
  // ASTRA-sim's ns-3 topology has switches, but a link's one rate both ways
  const std::string box = netsched::testing::scratch_path("box-8-all-gather.json");
  CHECK(run("chakra export " + box + " -o " + box + ".chakra").code == 0);
  const std::string ring = netsched::testing::scratch_path("directed-ring-4-all-gather.json");
  const Run directed = run("chakra export " + ring + " -o " + ring + ".chakra");
  CHECK(directed.code == 2);
  CHECK_THAT(directed.err, Catch::Contains("has directed links") &&
                               Catch::Contains("writing it is not implemented"));
  const Run root = run("prove bandwidth '" + machine("box-8") + "' broadcast --root switch");
  CHECK(root.code == 2);
  CHECK_THAT(root.err, Catch::Contains("node 'switch' is a switch: a root is an endpoint"));
}
