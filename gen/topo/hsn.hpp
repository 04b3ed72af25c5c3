#pragma once
/// Hierarchical swapped networks HSN(l,G) and recursive RHS(l_r,...,l_1,G) (RHFC paper §5.1).
///
/// HSN(l,G) has M^l nodes, M = |G|; a node is a digit string X_l..X_2 X_1 (radix M, X_1 the
/// nucleus node, least significant in the serial id). Nucleus links change X_1 along G's
/// edges. For every level i = 2..l the swap rule joins X_l..X_i..X_2 X_1 to the node with X_i
/// and X_1 exchanged. Where X_i = X_1 the swap would be a self-loop: that node simply has no
/// level-i link (HSN is then not regular). RHS(l_r,...,l_1,G) = HSN(l_r, RHS(l_{r-1},...,G)),
/// RHS(l_1,G) = HSN(l_1,G).
#include <memory>

#include "gen/topo/kit.hpp"

namespace netsched {

class Hsn : public Network {
 public:
  Hsn(std::uint32_t levels, std::unique_ptr<Network> nucleus);
  std::string family() const override { return "hsn"; }
  std::uint64_t num_nodes() const override { return nodes_; }
  void neighbors(NodeId u, std::vector<NodeId>& out) const override;
  /// Nucleus links plus one swap link per level 2..l.
  std::uint32_t max_degree() const override { return nucleus_->max_degree() + l_ - 1; }
  std::string label(NodeId u) const override;
  NodeId parse_label(std::string_view text) const override;
  /// Nucleus links: the nucleus's dimension (0 if it defines none); level-i swap links:
  /// nucleus dimensions + i - 2.
  std::optional<std::uint32_t> edge_dimension(NodeId u, NodeId v) const override;
  std::uint32_t dimension_count() const override {
    return std::max(1u, nucleus_->dimension_count()) + l_ - 1;
  }

  std::uint32_t levels() const { return l_; }
  /// Most level counts l_r, ..., l_1 an rhs(...) spec lists.
  static constexpr std::size_t kMaxLevelCounts = 32;
  const Network& nucleus() const { return *nucleus_; }
  std::uint64_t radix() const { return m_; }
  /// Digit X_i of u (1-based, X_1 = nucleus node).
  std::uint64_t digit(std::uint64_t u, std::uint32_t i) const { return u / pow_[i - 1] % m_; }
  /// Depth r of the recursion and the innermost nucleus (G of RHS(l_r,...,l_1,G)).
  std::uint32_t depth() const;
  const Network& innermost() const;
  /// l_r, ..., l_1.
  std::vector<std::uint32_t> level_counts() const;

 private:
  std::uint32_t l_;
  std::unique_ptr<Network> nucleus_;
  std::uint64_t m_, nodes_;
  std::vector<std::uint64_t> pow_;
};

std::unique_ptr<Network> build_hsn(const SpecValue& spec, BuildNetwork build_part);

}  // namespace netsched
