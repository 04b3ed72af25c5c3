#pragma once
/// A network whose links differ in speed: weighted(torus(4,4), bandwidth=[{0,1,50}],
/// latency=[{0,1,300}]) is torus(4,4) with link 0-1 at 50 % of the default bandwidth and 300 %
/// of the default latency (the defaults: gen --bandwidth/--latency, simulate's likewise).
///
/// Why a wrapper that keeps its base's structure: a slow link changes what a schedule costs,
/// not which schedules exist, so every algorithm of the base applies to it (network_as sees
/// through the wrapper) and every checker judges it as the base; only the cost model, the
/// bounds and the SimGrid platforms read link_speed.
#include <map>
#include <memory>
#include <string>
#include <utility>

#include "core/network.hpp"
#include "gen/spec.hpp"
#include "gen/topo/kit.hpp"

namespace netsched {

/// At most this many links listed in one weighted(...) spec.
inline constexpr std::uint64_t kMaxWeightedLinks = 65536;
/// A listed speed is a percentage of the default: 1 .. kMaxSpeedPercent.
inline constexpr std::uint64_t kMaxSpeedPercent = 100'000'000;

class WeightedNetwork : public Network {
 public:
  using Link = std::pair<std::uint32_t, std::uint32_t>;
  /// `speeds`: per listed link (a < b, base ids) its speed; other links keep the base's.
  WeightedNetwork(std::unique_ptr<Network> base, std::map<Link, LinkSpeed> speeds);
  std::string family() const override { return "weighted"; }
  std::uint64_t num_nodes() const override { return base_->num_nodes(); }
  void neighbors(NodeId u, std::vector<NodeId>& out) const override { base_->neighbors(u, out); }
  std::uint32_t degree(NodeId u) const override { return base_->degree(u); }
  bool adjacent(NodeId u, NodeId v) const override { return base_->adjacent(u, v); }
  std::uint32_t max_degree() const override { return base_->max_degree(); }
  std::uint64_t link_bound() const override { return base_->link_bound(); }
  std::uint32_t port_degree(NodeId u) const override { return base_->port_degree(u); }
  std::string label(NodeId u) const override { return base_->label(u); }
  NodeId parse_label(std::string_view text) const override { return base_->parse_label(text); }
  std::vector<Permutation> automorphism_candidates() const override {
    return base_->automorphism_candidates();
  }
  std::optional<std::uint32_t> edge_dimension(NodeId u, NodeId v) const override {
    return base_->edge_dimension(u, v);
  }
  std::uint32_t dimension_count() const override { return base_->dimension_count(); }
  std::vector<std::uint32_t> id_digits() const override { return base_->id_digits(); }
  NodeId serial_node(std::uint64_t v) const override { return base_->serial_node(v); }
  std::uint64_t serial_of(NodeId u) const override { return base_->serial_of(u); }
  LinkSpeed link_speed(NodeId u, NodeId v) const override;
  bool weighted() const override { return !speeds_.empty() || base_->weighted(); }
  const Network* structure() const override { return base_.get(); }

  const Network& base() const { return *base_; }
  /// weighted(<base's canonical spec>, bandwidth=[...], latency=[...]) in sorted order.
  std::string canonical_spec() const;

 private:
  std::unique_ptr<Network> base_;
  std::map<Link, LinkSpeed> speeds_;
};

/// Builds weighted(BASE, bandwidth=[{a,b,percent},...], latency=[{a,b,percent},...]).
std::unique_ptr<WeightedNetwork> build_weighted(const SpecValue& spec, BuildNetwork build_part);

}  // namespace netsched
