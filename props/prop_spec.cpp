#include <rapidcheck/catch.h>

#include "gen/topology.hpp"
#include "props/generators.hpp"

using namespace netsched;

TEST_CASE("spec print and parse round-trip") {
  rc::prop("canonical text parses back to the same tree and prints identically", [] {
    const std::string spec = *props::any_spec();
    const SpecValue v = parse_spec(spec);
    const std::string canonical = print_spec(v);
    RC_ASSERT(parse_spec(canonical) == v);
    RC_ASSERT(print_spec(parse_spec(canonical)) == canonical);
    RC_ASSERT(build_topology(spec)->spec() == canonical);
  });
}

TEST_CASE("blanks between tokens do not change a spec") {
  rc::prop("inserting spaces after every comma and parenthesis keeps the canonical form", [] {
    const std::string spec = *props::any_spec();
    std::string spaced;
    for (char c : spec) {
      spaced += c;
      if (c == ',' || c == '(' || c == '[' || c == '{')
        spaced += *rc::gen::element<std::string>("", " ", "  ");
    }
    RC_ASSERT(print_spec(parse_spec(spaced)) == print_spec(parse_spec(spec)));
  });
}

TEST_CASE("node labels and serial ids are a bijection") {
  rc::prop("parse_label(label(u)) == u for random nodes of random networks", [] {
    const auto t = build_topology(*props::any_spec());
    const auto n = static_cast<std::uint32_t>(t->num_nodes());
    const auto u = NodeId(*rc::gen::inRange<std::uint32_t>(0, n));
    RC_ASSERT(t->parse_label(t->label(u)) == u);
    RC_ASSERT(t->node(t->label(u)) == u);
  });
}

TEST_CASE("adjacency is symmetric and loop-free") {
  rc::prop("every neighbour of u lists u, and no node is its own neighbour", [] {
    const auto t = build_topology(*props::any_spec());
    const auto n = static_cast<std::uint32_t>(t->num_nodes());
    const auto u = NodeId(*rc::gen::inRange<std::uint32_t>(0, n));
    std::vector<NodeId> nb, back;
    t->neighbors(u, nb);
    RC_ASSERT(t->degree(u) == nb.size());
    for (NodeId v : nb) {
      RC_ASSERT(v != u);
      t->neighbors(v, back);
      RC_ASSERT(std::find(back.begin(), back.end(), u) != back.end());
    }
  });
}
