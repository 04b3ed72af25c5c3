#pragma once
/// A two-level leaf-spine fabric: `leaves` leaf switches of `hosts` hosts each, every leaf
/// joined to every one of `spines` spine switches by a link of `uplink` times a host link's
/// bandwidth. A leaf's oversubscription is hosts / (spines x uplink): leaf_spine(4, 2, 8) is 4:1,
/// leaf_spine(4, 2, 8, uplink=4) non-blocking.
/// Ids: hosts first, host(l,i) = l hosts + i; then leaf(l), spine(s).
#include <memory>

#include "gen/topo/kit.hpp"

namespace netsched {

class LeafSpine : public Network {
 public:
  LeafSpine(std::uint32_t leaves, std::uint32_t spines, std::uint32_t hosts, std::uint32_t uplink);
  std::string family() const override { return "leaf_spine"; }
  std::uint64_t num_nodes() const override { return endpoints_ + leaves_ + spines_; }
  std::uint64_t num_endpoints() const override { return endpoints_; }
  void neighbors(NodeId u, std::vector<NodeId>& out) const override;
  std::uint32_t degree(NodeId u) const override;
  std::uint32_t max_degree() const override { return std::max(hosts_ + spines_, leaves_); }
  std::string label(NodeId u) const override;
  NodeId parse_label(std::string_view text) const override;
  /// A leaf-spine link carries `uplink` times the default bandwidth; a host link the default.
  LinkSpeed link_speed(NodeId u, NodeId v) const override;
  bool weighted() const override { return uplink_ != 1; }
  /// The largest leaves, spines, hosts and uplink: the node count is checked against kMaxNodes.
  static constexpr std::uint64_t kMaxLeafSpineArg = 1 << 16;

 private:
  std::uint32_t leaves_, spines_, hosts_, uplink_;
  std::uint64_t endpoints_;
};

std::unique_ptr<LeafSpine> build_leaf_spine(const SpecValue& spec);

}  // namespace netsched
