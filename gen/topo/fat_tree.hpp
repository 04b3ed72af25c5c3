#pragma once
/// The three-level k-ary fat-tree (Al-Fares, Loukissas and Vahdat 2008): k pods of k/2 edge and
/// k/2 aggregation switches, each edge switch with k/2 hosts and joined to every aggregation
/// switch of its pod, aggregation switch a of every pod joined to the k/2 core switches
/// (a, 0..k/2-1). k^3/4 hosts (the endpoints) and 5k^2/4 switches, every link alike.
/// Ids: hosts first, host(p,e,h) = (p k/2 + e) k/2 + h; then edge(p,e), agg(p,a), core(i,j).
#include <memory>

#include "gen/topo/kit.hpp"

namespace netsched {

class FatTree : public Network {
 public:
  explicit FatTree(std::uint32_t k);
  std::string family() const override { return "fat_tree"; }
  std::uint64_t num_nodes() const override { return hosts_ + 5 * half_ * half_; }
  std::uint64_t num_endpoints() const override { return hosts_; }
  void neighbors(NodeId u, std::vector<NodeId>& out) const override;
  std::uint32_t degree(NodeId u) const override { return u.v < hosts_ ? 1 : max_degree(); }
  std::uint32_t max_degree() const override { return static_cast<std::uint32_t>(2 * half_); }
  std::string label(NodeId u) const override;
  NodeId parse_label(std::string_view text) const override;
  /// The largest k: k^3/4 hosts stay within kMaxNodes.
  static constexpr std::uint64_t kMaxFatTreeK = 1024;

 private:
  std::uint64_t half_, hosts_;
  std::uint64_t edge0() const { return hosts_; }
  std::uint64_t agg0() const { return hosts_ + 2 * half_ * half_; }
  std::uint64_t core0() const { return hosts_ + 4 * half_ * half_; }
};

std::unique_ptr<FatTree> build_fat_tree(const SpecValue& spec);

}  // namespace netsched
