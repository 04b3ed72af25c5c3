#pragma once
/// A network with failed links and nodes: faulty(torus(4,4), links=[{0,1},{5,6}], nodes=[{9}]).
///
/// Why survivors are renumbered: a failed node takes no part in any collective, so the faulty
/// network is the graph of the survivors — node ids 0..N'-1 in the order of the base's ids,
/// labels the base's labels. What the user types and reads stays the base's: ids on the
/// command line and in route's output are base ids (serial_node, serial_of); only schedule files
/// number the survivors 0..N'-1. Every checker, generator and Z3 encoding then works on it
/// unchanged, with no notion of "absent" anywhere. With link faults only the ids are the base's
/// ids, so a schedule made for the healthy network can be checked against the faulty one
/// (`verify --network`). Ids map through the sorted failed-node list (O(log F)). The survivors'
/// links are materialised once, at construction, as a CSR (up to kFaultyAdjacencyMaxArcs arcs):
/// a faulty network is walked many times (each generator, checker and bound takes its own CSR
/// snapshot), and a family's neighbour function, filtered, cost a fault sweep a third of its
/// time. Beyond the limit a neighbour list is the base's, filtered, each time.
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/network.hpp"
#include "gen/spec.hpp"
#include "gen/topo/kit.hpp"

namespace netsched {

/// At most this many failed links plus failed nodes in one spec.
inline constexpr std::uint64_t kMaxFaults = 65536;
/// The most arcs (twice the links) of a faulty network materialised at construction: 2^24,
/// 64 MiB of targets.
inline constexpr std::uint64_t kFaultyAdjacencyMaxArcs = std::uint64_t{1} << 24;

class FaultyNetwork : public Network {
 public:
  /// `links`: base-id pairs (a < b), `nodes`: base ids; both sorted, unique, validated.
  FaultyNetwork(std::unique_ptr<Network> base,
                std::vector<std::pair<std::uint32_t, std::uint32_t>> links,
                std::vector<std::uint32_t> nodes);
  std::string family() const override { return "faulty"; }
  std::uint64_t num_nodes() const override { return base_->num_nodes() - nodes_.size(); }
  void neighbors(NodeId u, std::vector<NodeId>& out) const override;
  std::uint32_t degree(NodeId u) const override;
  bool adjacent(NodeId u, NodeId v) const override;
  std::uint32_t max_degree() const override { return base_->max_degree(); }
  std::uint64_t link_bound() const override { return base_->link_bound(); }
  std::string label(NodeId u) const override { return base_->label(to_base(u)); }
  /// The base's label of a survivor; a failed node is an error naming it.
  NodeId parse_label(std::string_view text) const override;
  /// Ids typed by the user are the base's (as in the spec's nodes=[...]); a failed one is an
  /// error naming it.
  NodeId serial_node(std::uint64_t v) const override;
  std::uint64_t serial_of(NodeId u) const override { return base_->serial_of(to_base(u)); }
  std::optional<std::uint32_t> edge_dimension(NodeId u, NodeId v) const override;
  std::uint32_t dimension_count() const override { return base_->dimension_count(); }
  LinkSpeed link_speed(NodeId u, NodeId v) const override {
    return base_->link_speed(to_base(u), to_base(v));
  }
  bool weighted() const override { return base_->weighted(); }

  const Network& base() const { return *base_; }
  const std::vector<std::pair<std::uint32_t, std::uint32_t>>& failed_links() const {
    return links_;
  }
  const std::vector<std::uint32_t>& failed_nodes() const { return nodes_; }
  /// Whether the survivors' links were stored at construction (within kFaultyAdjacencyMaxArcs).
  bool adjacency_stored() const { return adjacency_.has_value(); }
  /// The base id of survivor u.
  NodeId to_base(NodeId u) const;
  /// The survivor id of base node b; nullopt when b has failed.
  std::optional<NodeId> from_base(NodeId b) const;
  /// Whether base link {a, b} has failed (listed, or touching a failed node).
  bool link_failed(NodeId a, NodeId b) const;
  /// faulty(<base's canonical spec>, links=[...], nodes=[...]) in sorted order.
  std::string canonical_spec() const;

 private:
  /// The survivor id of base node b, which the user named `named`; throws when it failed.
  NodeId survivor(NodeId b, std::string_view named) const;

  std::unique_ptr<Network> base_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> links_;
  std::vector<std::uint32_t> nodes_;
  std::optional<Csr> adjacency_;  ///< the survivors' links, within kFaultyAdjacencyMaxArcs
};

/// Builds faulty(G, links=[{a,b},...], nodes=[{x,...},...]); ids are G's serial ids.
std::unique_ptr<FaultyNetwork> build_faulty(const SpecValue& spec, BuildNetwork build_part);

}  // namespace netsched
