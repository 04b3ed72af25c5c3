#pragma once
/// Multi-level fully-connected networks MFC(l,G) and HFC(l,G) (RHFC paper §2, Definition 3.1),
/// with this inter-cluster link placement (the paper leaves it open):
///
/// A node is a digit string X_l..X_2 X_1 (X_1 the nucleus node, N_1 = |G|, X_i < N_i; serial
/// id mixed radix, X_1 least significant). At level i the node belongs to level-i cluster
/// a = X_i; its index t inside the cluster is
///   MFC: the whole lower part X_{i-1}..X_1 read as a number (0 .. N_1...N_{i-1} - 1),
///   HFC: the nucleus node X_1 (so every nucleus links once to each other cluster).
/// Node t < N_i - 1 of cluster a links to cluster b = t + (t >= a), arriving at index
/// t' = a - (a > b) there, all other digits unchanged; this is an involution, so links are
/// undirected and each cluster pair is joined exactly once per MFC level-(i+1) cluster
/// (per nucleus for HFC). Requires N_i <= N_1...N_{i-1} + 1 (MFC) or N_i <= N_1 + 1 (HFC).
#include <memory>

#include "gen/topo/kit.hpp"

namespace netsched {

class Mfc : public Network {
 public:
  /// counts = (N_2, ..., N_l); hfc selects the per-nucleus placement.
  Mfc(bool hfc, std::unique_ptr<Network> nucleus, std::vector<std::uint64_t> counts);
  std::string family() const override { return hfc_ ? "hfc" : "mfc"; }
  std::uint64_t num_nodes() const override { return nodes_; }
  void neighbors(NodeId u, std::vector<NodeId>& out) const override;
  /// Nucleus links plus at most one link per level 2..l.
  std::uint32_t max_degree() const override { return nucleus_->max_degree() + levels() - 1; }
  std::string label(NodeId u) const override;
  NodeId parse_label(std::string_view text) const override;

  bool hfc() const { return hfc_; }
  const Network& nucleus() const { return *nucleus_; }
  /// Number of levels l (the nucleus is level 1).
  std::uint32_t levels() const { return static_cast<std::uint32_t>(radix_.size()); }
  /// N_i, 1 <= i <= l.
  std::uint64_t count(std::uint32_t i) const { return radix_[i - 1]; }
  /// Digit X_i of u.
  std::uint64_t digit(std::uint64_t u, std::uint32_t i) const {
    return u / pow_[i - 1] % radix_[i - 1];
  }
  /// The level-i link of u, if u has one.
  std::optional<std::uint64_t> link(std::uint64_t u, std::uint32_t i) const;

 private:
  bool hfc_;
  std::unique_ptr<Network> nucleus_;
  std::vector<std::uint64_t> radix_, pow_;
  std::uint64_t nodes_ = 1;
};

std::unique_ptr<Mfc> build_mfc(const SpecValue& spec, BuildNetwork build_part);

}  // namespace netsched
