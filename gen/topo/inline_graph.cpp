// Why: a graph a program holds in memory (a networkx graph, an edge list) must name itself in a
// spec, so that a schedule made on it can be written, read back and verified like any other:
// graph(N, links=[{a,b},...]) carries the whole graph, and builds the same network as a file.
#include <algorithm>

#include "gen/topo/args.hpp"
#include "gen/topo/file_graph.hpp"

namespace netsched {

std::unique_ptr<FileGraph> build_inline_graph(const SpecValue& spec) {
  const Args a(spec);
  a.expect_count(1, 1, "graph(N, links=[{a,b},...])", {"links"});
  const std::uint64_t n = a.integer(0, 1, kMaxFileNodes, "the number of nodes (kMaxFileNodes)");
  const SpecValue* links = a.named("links");
  if (n > 1 && !links) throw SpecError(spec.column, "graph: give its links=[{a,b},...]");
  SpecValue canonical = spec;
  GraphData d;
  if (links) {
    if (links->kind != SpecValue::Kind::Sets)
      throw SpecError(links->column, "graph: links must be a list of sets such as [{0,1},{1,2}]");
    if (links->sets.size() > kMaxFileEdges)
      throw SpecError(links->column,
                      "graph: more links than " + limit_text("kMaxFileEdges", kMaxFileEdges));
    // Fewer links than N - 1 cannot connect N nodes: refused before N labels are made.
    if (const std::size_t k = links->sets.size(); n > k + 1)
      throw SpecError(spec.column, "graph: " + std::to_string(k) + (k == 1 ? " link" : " links") +
                                       " cannot connect " + std::to_string(n) + " nodes");
    d.edges.reserve(links->sets.size());
    for (std::size_t i = 0; i < links->sets.size(); ++i) {
      const auto& s = links->sets[i];
      if (s.size() != 2 || s[0] == s[1] || s[0] >= n || s[1] >= n)
        throw SpecError(links->set_columns[i],
                        "graph: a link is a set of two different nodes below " + std::to_string(n) +
                            ", such as {0,1}");
      d.edges.emplace_back(static_cast<std::uint32_t>(std::min(s[0], s[1])),
                           static_cast<std::uint32_t>(std::max(s[0], s[1])));
    }
    for (SpecArg& arg : canonical.args)  // each link as {smaller,larger}
      if (arg.key == "links")
        for (auto& s : arg.value.sets) std::sort(s.begin(), s.end());
  }
  d.nodes = n;
  d.labels.reserve(n);
  for (std::uint64_t u = 0; u < n; ++u) d.labels.push_back(std::to_string(u));
  // check_simple_connected names what is wrong; the spec names where
  try {
    check_simple_connected(d);
  } catch (const InputError& e) {
    throw SpecError(spec.column, std::string("graph: ") + e.what());
  }
  return std::make_unique<FileGraph>(d, print_spec(canonical), "graph");
}

}  // namespace netsched
