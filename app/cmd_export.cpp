// netsched export SPEC --format edgelist|dot|json [-o FILE]
#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "app/cli.hpp"
#include "core/errors.hpp"
#include "core/io.hpp"
#include "core/limits.hpp"
#include "core/text.hpp"
#include "gen/topology.hpp"

namespace netsched::cli {
namespace {

/// `text` as a DOT quoted string: a quote or a backslash escaped, a control character as '?'
/// (a label from a graph file can hold anything; it must stay one string).
std::string dot_quoted(std::string_view text) {
  std::string out = "\"";
  for (const char c : valid_utf8(text)) {
    if (c == '"' || c == '\\') out += '\\';
    out += static_cast<unsigned char>(c) < ' ' ? '?' : c;
  }
  return out + "\"";
}

constexpr std::uint64_t kMaxExportNodes = 20'000'000;

}  // namespace

Run add_export(CLI::App& app) {
  struct Opts {
    std::string spec, format = "edgelist", out;
  };
  auto o = std::make_shared<Opts>();
  app.add_option("SPEC", o->spec, "network spec")->required();
  app.add_option("--format", o->format, "edgelist (u v per line), dot, or json")
      ->check(CLI::IsMember({"edgelist", "dot", "json"}));
  app.add_option("-o,--output", o->out, "output file (written atomically; default stdout)")
      ->check(kOutputFile);
  return [o] {
    auto t = build_topology(o->spec);
    const std::uint64_t n = t->num_nodes();
    if (n > kMaxExportNodes)
      throw InputError("export: " + std::to_string(n) + " nodes, over the export cap of " +
                       std::to_string(kMaxExportNodes));
    // the text is built whole (written atomically): its size is known from the degrees first
    std::uint64_t links = 0;
    for (std::uint64_t u = 0; u < n; ++u) links += t->degree(NodeId(static_cast<std::uint32_t>(u)));
    links /= 2;
    constexpr std::uint64_t kEdgeLineBytes = 24, kDotBytesPerNode = 48, kJsonBytesPerEdge = 200;
    const std::uint64_t per_edge = o->format == "json" ? kJsonBytesPerEdge : kEdgeLineBytes;
    check_memory(add_sat(mul_sat(links, per_edge), mul_sat(n, kDotBytesPerNode)),
                 "exporting " + std::to_string(links) + " links as " + o->format);
    std::ostringstream ss;
    std::vector<NodeId> nb;
    if (o->format == "json") {
      nlohmann::json j;
      j["spec"] = t->spec();
      j["nodes"] = n;
      auto labels = nlohmann::json::array();
      auto edges = nlohmann::json::array();
      for (std::uint64_t u = 0; u < n; ++u) {
        const NodeId id(static_cast<std::uint32_t>(u));
        labels.push_back(t->label(id));
        t->neighbors(id, nb);
        std::sort(nb.begin(), nb.end());
        for (NodeId v : nb)
          if (v.v > u) edges.push_back({u, v.v});
      }
      j["labels"] = std::move(labels);
      j["edges"] = std::move(edges);
      ss << j.dump() << "\n";
    } else {
      const bool dot = o->format == "dot";
      if (dot) ss << "graph " << dot_quoted(t->spec()) << " {\n";
      for (std::uint64_t u = 0; u < n; ++u) {
        const NodeId id(static_cast<std::uint32_t>(u));
        if (dot) ss << "  " << u << " [label=" << dot_quoted(t->label(id)) << "];\n";
        t->neighbors(id, nb);
        std::sort(nb.begin(), nb.end());
        for (NodeId v : nb)
          if (v.v > u)
            ss << (dot ? "  " : "") << u << (dot ? " -- " : " ") << v.v << (dot ? ";\n" : "\n");
      }
      if (dot) ss << "}\n";
    }
    if (o->out.empty())
      std::cout << ss.str();
    else
      write_file_atomic(o->out, ss.str());
    return to_int(ExitCode::Ok);
  };
}

}  // namespace netsched::cli
