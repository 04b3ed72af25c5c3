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

FileGraph::FileGraph(const GraphData& data, std::string canonical_spec, std::string family)
    : csr_(Csr::from_links(static_cast<std::uint32_t>(data.nodes), data.edges)),
      labels_(data.labels),
      by_label_(label_order(labels_)),
      canonical_(std::move(canonical_spec)),
      family_(std::move(family)) {
  for (std::uint32_t u = 0; u < labels_.size(); ++u)
    max_degree_ = std::max(max_degree_, csr_.degree(u));
  if (!data.weights.empty()) {
    const auto [least, largest] = std::minmax_element(data.weights.begin(), data.weights.end());
    weights_ = WeightRange{data.weights.size(), *least, *largest};
    arc_weight_.assign(csr_.num_arcs(), 1);
    const auto arc = [&](std::uint32_t a, std::uint32_t b) {
      return static_cast<std::size_t>(std::lower_bound(csr_.begin(a), csr_.end(a), b) -
                                      csr_.targets().data());
    };
    for (std::size_t e = 0; e < data.edges.size(); ++e) {
      const auto [u, v] = data.edges[e];
      arc_weight_[arc(u, v)] = arc_weight_[arc(v, u)] = data.weights[e];
    }
  }
}

LinkSpeed FileGraph::link_speed(NodeId u, NodeId v) const {
  if (arc_weight_.empty()) return {};
  const auto* at = std::lower_bound(csr_.begin(u.v), csr_.end(u.v), v.v);
  if (at == csr_.end(u.v) || *at != v.v)
    throw std::logic_error("link_speed: " + std::to_string(u.v) + "-" + std::to_string(v.v) +
                           " is not a link");
  return {arc_weight_[static_cast<std::size_t>(at - csr_.targets().data())], 1};
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
    const GraphData d = parse_graph(content, format);
    check_simple_connected(d);
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
