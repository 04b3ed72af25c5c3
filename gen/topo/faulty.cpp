#include "gen/topo/faulty.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/errors.hpp"
#include "gen/topo/args.hpp"
#include "gen/topo/kit.hpp"

namespace netsched {
namespace {

using Link = std::pair<std::uint32_t, std::uint32_t>;

/// The ids of a `nodes=` or `links=` argument: a list of integer sets.
const SpecValue* sets_argument(const Args& a, const std::string& key) {
  const SpecValue* v = a.named(key);
  if (v && v->kind != SpecValue::Kind::Sets)
    throw SpecError(v->column, "faulty: " + key + " must be a list of sets such as [{0,1},{5,6}]");
  return v;
}

/// Checks an id of the base and returns it.
std::uint32_t base_id(const Network& base, std::uint64_t id, std::size_t column) {
  if (id >= base.num_nodes())
    throw SpecError(column, "faulty: node " + std::to_string(id) + " is not a node of " +
                                base.spec() + " (ids 0.." + std::to_string(base.num_nodes() - 1) +
                                ")");
  return static_cast<std::uint32_t>(id);
}

std::vector<std::uint32_t> failed_nodes_of(const Network& base, const SpecValue* v) {
  std::vector<std::uint32_t> out;
  if (!v) return out;
  for (std::size_t i = 0; i < v->sets.size(); ++i)
    for (std::uint64_t id : v->sets[i]) out.push_back(base_id(base, id, v->set_columns[i]));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  if (out.size() >= base.num_nodes())
    throw SpecError(v->column, "faulty: every node of " + base.spec() + " has failed");
  return out;
}

/// The failed links, each {a,b} a link of the base; links touching a failed node are dropped
/// (they are gone with the node).
std::vector<Link> failed_links_of(const Network& base, const SpecValue* v,
                                  const std::vector<std::uint32_t>& nodes) {
  std::vector<Link> out;
  if (!v) return out;
  for (std::size_t i = 0; i < v->sets.size(); ++i) {
    const auto& s = v->sets[i];
    const std::size_t col = v->set_columns[i];
    if (s.size() != 2 || s[0] == s[1])
      throw SpecError(col, "faulty: a link is a set of two different nodes, such as {0,1}");
    const std::uint32_t a = base_id(base, s[0], col), b = base_id(base, s[1], col);
    if (!base.adjacent(NodeId(a), NodeId(b)))
      throw SpecError(col, "faulty: {" + std::to_string(a) + "," + std::to_string(b) +
                               "} is not a link of " + base.spec());
    if (std::binary_search(nodes.begin(), nodes.end(), a) ||
        std::binary_search(nodes.begin(), nodes.end(), b))
      continue;
    out.emplace_back(std::min(a, b), std::max(a, b));
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace

FaultyNetwork::FaultyNetwork(std::unique_ptr<Network> base, std::vector<Link> links,
                             std::vector<std::uint32_t> nodes)
    : base_(std::move(base)), links_(std::move(links)), nodes_(std::move(nodes)) {
  // the snapshot is taken through neighbors() and degree() below, on the base, filtered
  if (std::uint64_t{base_->max_degree()} * base_->num_nodes() <= kFaultyAdjacencyMaxArcs)
    adjacency_.emplace(*this);
}

NodeId FaultyNetwork::to_base(NodeId u) const {
  // Survivors before failed node j: nodes_[j] - j (non-decreasing in j). Survivor u lies above
  // exactly the failed nodes with nodes_[j] - j <= u.
  std::size_t lo = 0, hi = nodes_.size();
  while (lo < hi) {
    const std::size_t mid = (lo + hi) / 2;
    if (nodes_[mid] - mid <= u.v)
      lo = mid + 1;
    else
      hi = mid;
  }
  return NodeId(static_cast<std::uint32_t>(u.v + lo));
}

std::optional<NodeId> FaultyNetwork::from_base(NodeId b) const {
  const auto it = std::lower_bound(nodes_.begin(), nodes_.end(), b.v);
  if (it != nodes_.end() && *it == b.v) return std::nullopt;
  return NodeId(static_cast<std::uint32_t>(b.v - (it - nodes_.begin())));
}

bool FaultyNetwork::link_failed(NodeId a, NodeId b) const {
  if (std::binary_search(nodes_.begin(), nodes_.end(), a.v) ||
      std::binary_search(nodes_.begin(), nodes_.end(), b.v))
    return true;
  return std::binary_search(links_.begin(), links_.end(),
                            Link{std::min(a.v, b.v), std::max(a.v, b.v)});
}

void FaultyNetwork::neighbors(NodeId u, std::vector<NodeId>& out) const {
  if (adjacency_) {
    out.clear();
    for (const std::uint32_t* w = adjacency_->begin(u.v); w != adjacency_->end(u.v); ++w)
      out.emplace_back(*w);
    return;
  }
  // the base's list, filtered and renumbered in place: no buffer of its own (one per call cost a
  // sweep a fifth of its time in malloc), and none shared, as the base may hold another faulty
  // network (through a product)
  const NodeId b = to_base(u);
  base_->neighbors(b, out);
  std::size_t kept = 0;
  for (const NodeId w : out)
    if (!link_failed(b, w)) out[kept++] = *from_base(w);
  out.resize(kept);
}

std::uint32_t FaultyNetwork::degree(NodeId u) const {
  return adjacency_ ? adjacency_->degree(u.v) : Graph::degree(u);
}

bool FaultyNetwork::adjacent(NodeId u, NodeId v) const {
  if (!adjacency_) return Graph::adjacent(u, v);
  return std::find(adjacency_->begin(u.v), adjacency_->end(u.v), v.v) != adjacency_->end(u.v);
}

NodeId FaultyNetwork::parse_label(std::string_view text) const {
  return survivor(base_->parse_label(text), text);
}

NodeId FaultyNetwork::serial_node(std::uint64_t v) const {
  return survivor(base_->serial_node(v), std::to_string(v));
}

NodeId FaultyNetwork::survivor(NodeId b, std::string_view named) const {
  const auto u = from_base(b);
  if (!u)
    throw InputError("node " + std::string(named) +
                     (base_->label(b) == named ? "" : " = " + base_->label(b)) +
                     " has failed (faulty networks take the base network's ids)");
  return *u;
}

std::optional<std::uint32_t> FaultyNetwork::edge_dimension(NodeId u, NodeId v) const {
  const NodeId a = to_base(u), b = to_base(v);
  if (link_failed(a, b)) return std::nullopt;
  return base_->edge_dimension(a, b);
}

std::string FaultyNetwork::canonical_spec() const {
  std::string s = "faulty(" + base_->spec();
  if (!links_.empty()) {
    s += ", links=[";
    for (std::size_t i = 0; i < links_.size(); ++i)
      s += (i ? ",{" : "{") + std::to_string(links_[i].first) + "," +
           std::to_string(links_[i].second) + "}";
    s += "]";
  }
  if (!nodes_.empty()) {
    s += ", nodes=[{";
    for (std::size_t i = 0; i < nodes_.size(); ++i) s += (i ? "," : "") + std::to_string(nodes_[i]);
    s += "}]";
  }
  return s + ")";
}

std::unique_ptr<FaultyNetwork> build_faulty(const SpecValue& spec, BuildNetwork build_part) {
  const Args a(spec);
  a.expect_count(1, 1, "faulty(G, links=[{a,b},...], nodes=[{x,y,...}])", {"links", "nodes"});
  const SpecValue* links = sets_argument(a, "links");
  const SpecValue* nodes = sets_argument(a, "nodes");
  std::uint64_t listed = 0;
  for (const SpecValue* v : {links, nodes})
    if (v)
      for (const auto& s : v->sets) listed += s.size();
  if (listed > kMaxFaults)
    throw SpecError(spec.column, "faulty: " + std::to_string(listed) +
                                     " ids listed, over the limit " +
                                     limit_text("kMaxFaults", kMaxFaults));
  auto base = build_part(a.network(0, "the network"));
  auto failed = failed_nodes_of(*base, nodes);
  auto failed_links = failed_links_of(*base, links, failed);
  return std::make_unique<FaultyNetwork>(std::move(base), std::move(failed_links),
                                         std::move(failed));
}

}  // namespace netsched
