#pragma once
/// The network interface every checker and graph algorithm needs, and nothing more.
///
/// Why here: the checkers (verify/) must see a network — its nodes, links, labels, link
/// dimensions and candidate symmetries — without seeing how any family builds it (gen/). So the
/// interface lives in core/, the families implement it in gen/, and verify/ links core/ only:
/// a checker cannot share a bug with a generator through a shared family class.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/automorphism.hpp"
#include "core/errors.hpp"
#include "core/graph.hpp"

namespace netsched {

/// How fast an arc is, relative to the network's uniform default (--bandwidth, --latency):
/// `bandwidth` times the default bandwidth and `latency` times the default latency. An
/// undirected link carries the same speed in both directions; a directed network's arcs each
/// their own (a link of several lanes: their sum).
struct LinkSpeed {
  double bandwidth = 1, latency = 1;
  bool operator==(const LinkSpeed&) const = default;
};

/// A network of one family, built from a spec; immutable once built.
class Network : public Graph {
 public:
  /// Family name as in the spec: ring, torus, hdn, ...
  virtual std::string family() const = 0;
  /// Structured label of u, e.g. "(1,4,2,3)" or "10110".
  virtual std::string label(NodeId u) const = 0;
  /// Parses a label of this family; throws InputError naming the problem.
  virtual NodeId parse_label(std::string_view text) const = 0;
  /// An upper bound on every node's degree, from the family's parameters alone (no scan).
  virtual std::uint32_t max_degree() const = 0;
  /// An upper bound on the number of links, without walking the network: the builder checks it
  /// against kMaxEdges. N * max_degree / 2 (saturating) unless the family knows better (a file
  /// graph its exact count: a star of 70,000 links is 70,000, not 2.45 billion).
  std::uint64_t link_bound() const override;
  /// The paper's node degree of u where it counts links differently (a 2-node ring as two
  /// links between the same pair); equals degree(u) elsewhere.
  virtual std::uint32_t port_degree(NodeId u) const { return degree(u); }
  /// Permutations that the family's structure suggests are automorphisms. They are only
  /// candidates: callers verify each (is_automorphism) before trusting it.
  virtual std::vector<Permutation> automorphism_candidates() const { return {}; }
  /// The dimension of link u-v for the single-dimension port model (products: the coordinate
  /// that changes; HDN: base dimensions, then one per cross level; ...); nullopt when the family
  /// defines no dimensions or u-v is not a link.
  virtual std::optional<std::uint32_t> edge_dimension(NodeId u, NodeId v) const {
    (void)u;
    (void)v;
    return std::nullopt;
  }
  /// The speed of the arc u -> v (weighted graph files, weighted(...) specs, and networks built
  /// of them); {1, 1} everywhere on a uniform network. Only asked of arcs.
  virtual LinkSpeed link_speed(NodeId u, NodeId v) const {
    (void)u;
    (void)v;
    return {};
  }
  /// Whether some link's speed differs from {1, 1}: costs and platforms then price link by link.
  virtual bool weighted() const { return false; }
  /// The switched model (ARCHITECTURE.md, "Switches and directed links"). Nodes 0..E-1 are the
  /// endpoints (the ranks: they hold, send, receive and combine data) and E..N-1 the switches,
  /// which only forward. E = N on every network without switches.
  virtual std::uint64_t num_endpoints() const { return num_nodes(); }
  bool is_switch(NodeId u) const { return u.v >= num_endpoints(); }
  bool switched() const { return num_endpoints() < num_nodes(); }
  /// Whether u -> v is an arc. The Graph interface (neighbors, adjacent) is the underlying
  /// undirected graph: u and v are adjacent when an arc joins them either way. On an
  /// undirected network every link is an arc both ways.
  virtual bool has_arc(NodeId u, NodeId v) const { return adjacent(u, v); }
  /// Whether some link differs between its directions: an arc one way only, or two arcs of
  /// different speeds.
  virtual bool directed() const { return false; }
  /// Whether the network needs the switched model: switches, or links with a direction. Only
  /// the commands that implement the model take such a network (gen/topology.hpp).
  bool needs_switched_model() const { return switched() || directed(); }
  /// The network whose structure this one keeps when it only adds link speeds (a weighted
  /// network's base), else nullptr: which algorithms apply is the structure's question.
  virtual const Network* structure() const { return nullptr; }
  /// Number of dimensions edge_dimension() can return (0 = none defined).
  virtual std::uint32_t dimension_count() const { return 0; }
  /// A mixed radix of the node ids (digit 0 most significant) in which the family's links are
  /// digit-wise — products: one digit per factor; HDN: class, clusters, super-nodes, positions.
  /// Generated schedules declare it, so that their files can state steps as rules over digits
  /// (core/schedule_rules.hpp). Empty: the family has none.
  virtual std::vector<std::uint32_t> id_digits() const { return {}; }
  /// Canonical spec text.
  const std::string& spec() const { return spec_; }
  /// Stamps the canonical spec on a network just built (the builder does, once); a second
  /// stamp is a std::logic_error: a built network is immutable.
  void set_spec(std::string canonical);
  /// A node named by serial id ("17") or by label; throws InputError.
  NodeId node(std::string_view text) const;
  /// The node whose serial id the user gives as `v` (node(), ids on the command line): by
  /// default v itself, range-checked. A network of some of another's nodes (faulty) takes the
  /// other's ids, so that an id means one node everywhere.
  virtual NodeId serial_node(std::uint64_t v) const;
  /// The serial id the user reads for u (the inverse of serial_node).
  virtual std::uint64_t serial_of(NodeId u) const { return u.v; }

 private:
  std::string spec_;
};

/// The arcs of t as out-lists (u's row: the v with an arc u -> v): the snapshot Csr(t) of the
/// links on an undirected network, the arcs alone on a directed one; for walks along the arcs.
Csr arc_csr(const Network& t);

/// "the network is disconnected: node L reaches r of n nodes", for a search from `from` that
/// reached `reached` nodes (the node named by its label: ids differ on faulty networks).
InputError disconnected_error(const Network& t, NodeId from, std::uint64_t reached);

}  // namespace netsched
