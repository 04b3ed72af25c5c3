// libFuzzer harness: a graph file in each of the eight formats netsched reads.
//
// Why: graph files come from other tools and from strangers; igraph, Graphviz and nlohmann::json
// read them after netsched's linear pre-scan (gen/topo/graph_size.cpp) has counted what they ask
// for. The input is "FORMAT\nCONTENT" (FORMAT one of edgelist, ncol, lgl, pajek, graphml, gml,
// dot, json). A file is either refused with InputError (exit 2 in the CLI) or read
// into a graph whose nodes, labels and links agree; a crash, a sanitizer report, a broken
// invariant (abort), a unit over the time limit or memory over the RSS limit is a finding —
// the memory budget is set below the RSS limit, so an estimate that lets too much through shows.
#include <cstdint>
#include <cstdlib>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "gen/topo/file_graph.hpp"
#include "gen/topo/graph_files.hpp"

namespace {

/// The budget the pre-scan's estimates are checked against (make fuzz caps RSS at 2 GB).
constexpr std::uint64_t kFuzzBudget = std::uint64_t{512} << 20;

void require(bool ok) {
  if (!ok) std::abort();
}

void exercise(const std::string& format_name, const std::string& content) {
  const netsched::GraphFormat format = netsched::graph_format_from_name(format_name);
  const netsched::GraphData g = netsched::parse_graph(content, format);
  require(g.labels.size() == g.nodes);
  for (const auto& [u, v] : g.edges) require(u < g.nodes && v < g.nodes);
  netsched::check_simple_connected(g);
  // what check_simple_connected promises: simple, unique labels, known kinds, an endpoint
  require(g.nodes >= 1);
  require(std::set<std::string>(g.labels.begin(), g.labels.end()).size() == g.labels.size());
  for (const auto& [u, v] : g.edges) require(u != v);
  require(g.kinds.empty() || g.kinds.size() == g.nodes);
  // the network built from it: endpoints first, every edge an arc its way
  netsched::GraphData ordered = g;
  netsched::order_endpoints_first(ordered);
  const netsched::FileGraph net(ordered, "file(\"fuzz\")");
  require(net.num_endpoints() >= 1 && net.num_endpoints() <= net.num_nodes());
  for (const auto& [u, v] : ordered.edges) {
    require(net.has_arc(netsched::NodeId(u), netsched::NodeId(v)));
    require(net.link_speed(netsched::NodeId(u), netsched::NodeId(v)).bandwidth > 0);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  netsched::set_memory_budget(kFuzzBudget);
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::size_t cut = text.find('\n');
  if (cut == std::string_view::npos) return 0;
  try {
    exercise(std::string(text.substr(0, cut)), std::string(text.substr(cut + 1)));
  } catch (const netsched::InputError&) {
  }
  return 0;
}
