#include "gen/topo/file_graph.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/errors.hpp"
#include "core/io.hpp"
#include "core/sha256.hpp"
#include "gen/topo/args.hpp"

namespace netsched {
namespace {

/// The string value of a named argument, or "".
std::string named_string(const Args& a, const std::string& key) {
  const SpecValue* v = a.named(key);
  if (!v) return "";
  if (v->kind != SpecValue::Kind::Str)
    throw SpecError(v->column, "file: " + key + " must be a quoted string");
  return v->text;
}

}  // namespace

namespace {

/// The graph's links as unordered pairs, each once (a directed graph's two arcs are one link).
std::vector<std::pair<std::uint32_t, std::uint32_t>> undirected_links(const GraphData& data) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> links;
  links.reserve(data.edges.size());
  for (const auto& [u, v] : data.edges) links.emplace_back(std::min(u, v), std::max(u, v));
  std::sort(links.begin(), links.end());
  links.erase(std::unique(links.begin(), links.end()), links.end());
  return links;
}

}  // namespace

FileGraph::FileGraph(const GraphData& data, std::string canonical_spec, std::string family)
    : csr_(Csr::from_links(static_cast<std::uint32_t>(data.nodes), undirected_links(data))),
      labels_(data.labels),
      by_label_(label_order(labels_)),
      canonical_(std::move(canonical_spec)),
      family_(std::move(family)) {
  for (std::uint32_t u = 0; u < labels_.size(); ++u)
    max_degree_ = std::max(max_degree_, csr_.degree(u));
  endpoints_ = static_cast<std::uint64_t>(std::count_if(
      data.kinds.begin(), data.kinds.end(), [](const auto& k) { return k != kSwitchKind; }));
  if (data.kinds.empty()) endpoints_ = data.nodes;
  for (std::uint64_t v = 0; v < data.kinds.size(); ++v)
    if ((data.kinds[v] == kSwitchKind) != (v >= endpoints_))
      throw std::logic_error("FileGraph: the switches are not numbered after the endpoints");
  if (data.directed || !data.weights.empty() || !data.lanes.empty()) set_arc_bandwidths(data);
}

std::size_t FileGraph::arc_index(std::uint32_t u, std::uint32_t v) const {
  const auto* at = std::lower_bound(csr_.begin(u), csr_.end(u), v);
  if (at == csr_.end(u) || *at != v)
    throw std::logic_error("FileGraph: " + std::to_string(u) + "-" + std::to_string(v) +
                           " is not a link");
  return static_cast<std::size_t>(at - csr_.targets().data());
}

/// Each arc's bandwidth: weight times lanes, one way in a directed graph, both ways otherwise.
void FileGraph::set_arc_bandwidths(const GraphData& data) {
  arc_bandwidth_.assign(csr_.num_arcs(), data.directed ? 0 : 1);
  for (std::size_t e = 0; e < data.edges.size(); ++e) {
    const auto [u, v] = data.edges[e];
    const double b =
        (data.weights.empty() ? 1 : data.weights[e]) * (data.lanes.empty() ? 1 : data.lanes[e]);
    arc_bandwidth_[arc_index(u, v)] = b;
    if (!data.directed) arc_bandwidth_[arc_index(v, u)] = b;
  }
  double least = 0, largest = 0;
  std::uint64_t arcs = 0;
  for (std::uint32_t u = 0; u < csr_.num_nodes(); ++u)
    for (const std::uint32_t* p = csr_.begin(u); p != csr_.end(u); ++p) {
      const double b = arc_bandwidth_[static_cast<std::size_t>(p - csr_.targets().data())];
      const double back = arc_bandwidth_[arc_index(*p, u)];
      directed_ = directed_ || b != back;
      if (b == 0) continue;
      least = arcs == 0 ? b : std::min(least, b);
      largest = std::max(largest, b);
      ++arcs;
    }
  if (!data.weights.empty() || !data.lanes.empty())
    weights_ = WeightRange{directed_ ? arcs : arcs / 2, least, largest};
}

LinkSpeed FileGraph::link_speed(NodeId u, NodeId v) const {
  if (arc_bandwidth_.empty()) return {};
  return {arc_bandwidth_[arc_index(u.v, v.v)], 1};
}

bool FileGraph::has_arc(NodeId u, NodeId v) const {
  const auto* at = std::lower_bound(csr_.begin(u.v), csr_.end(u.v), v.v);
  if (at == csr_.end(u.v) || *at != v.v) return false;  // no link either way
  return arc_bandwidth_.empty() ||
         arc_bandwidth_[static_cast<std::size_t>(at - csr_.targets().data())] > 0;
}

void FileGraph::neighbors(NodeId u, std::vector<NodeId>& out) const {
  out.clear();
  for (const std::uint32_t* p = csr_.begin(u.v); p != csr_.end(u.v); ++p) out.emplace_back(*p);
}

NodeId FileGraph::parse_label(std::string_view text) const {
  std::optional<std::uint32_t> id;
  if (by_label_.empty()) {
    id = label_id(text, labels_.size());
  } else {
    const auto it =
        std::lower_bound(by_label_.begin(), by_label_.end(), text,
                         [&](std::uint32_t u, std::string_view t) { return labels_[u] < t; });
    if (it != by_label_.end() && labels_[*it] == text) id = *it;
  }
  if (!id)
    throw InputError((family_ == "file" ? "file graph" : family_) + ": no node labelled '" +
                     std::string(text) + "'");
  return NodeId(*id);
}

std::unique_ptr<FileGraph> build_file_graph(const SpecValue& spec) {
  const Args a(spec);
  a.expect_count(1, 1, "file(\"path\" [, format=\"graphml\"] [, sha256=\"...\"])",
                 {"format", "sha256"});
  const SpecValue& p = a.positional(0);
  if (p.kind != SpecValue::Kind::Str)
    throw SpecError(p.column, "file: the path must be a quoted string, e.g. file(\"net.graphml\")");
  const std::string format_name = named_string(a, "format");
  const std::string expected_hash = named_string(a, "sha256");
  try {
    const GraphFormat format =
        format_name.empty() ? graph_format_of_path(p.text) : graph_format_from_name(format_name);
    const std::string content = read_file(p.text, kMaxGraphFileBytes, "kMaxGraphFileBytes = 2^30");
    const std::string hash = sha256_hex(content);
    if (!expected_hash.empty() && expected_hash != hash)
      throw InputError("the file's content changed: sha256 " + hash + ", the spec names " +
                       expected_hash);
    GraphData d = parse_graph(content, format);
    check_simple_connected(d);
    order_endpoints_first(d);
    SpecValue canonical = spec;
    canonical.args.resize(1);
    for (auto [key, value] : {std::pair{"format", to_string(format)}, std::pair{"sha256", hash}}) {
      SpecArg arg;
      arg.key = key;
      arg.value.kind = SpecValue::Kind::Str;
      arg.value.text = value;
      canonical.args.push_back(arg);
    }
    return std::make_unique<FileGraph>(d, print_spec(canonical));
  } catch (const SpecError&) {
    throw;
  } catch (const InputError& e) {
    throw SpecError(p.column, "file \"" + p.text + "\": " + e.what());
  }
}

}  // namespace netsched
