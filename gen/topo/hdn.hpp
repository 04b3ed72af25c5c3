#pragma once
/// Hierarchical dual-net HDN(B,k,S) and recursive dual-net RDN(B,k), as ARCHITECTURE.md defines
/// them.
///
/// HDN(B,0) = B, a product of vertex-transitive factors. Level i (1..k): the cluster
/// G = HDN(B,i-1) has N_{i-1} nodes, each in exactly one copy of B. Two nodes of G share a
/// level-i super-node iff they lie in the same base copy and agree on every base coordinate
/// outside SN^i's dimensions; s_i = |SN^i|, n_i = N_{i-1}/s_i super-nodes per cluster.
/// HDN(B,i) has 2 n_i clusters; node (c,U,x,p) has class c, cluster U, super-node x and
/// position p (its SN^i coordinates); the cross edge joins (0,U,x,p) and (1,x,U,p).
/// Serial id = ((c n_i + U) n_i + x) s_i + p at the top level.
///
/// Re-indexing (a node of G as (x,p)): G's node lies in base copy `copy` (0..N_{i-1}/N_0-1)
/// at base coordinates b; x = copy * (N_0/s_i) + (b's coordinates outside SN^i, mixed radix),
/// p = b's coordinates inside SN^i (mixed radix, lower dimension more significant).
#include <memory>

#include "core/digits.hpp"
#include "gen/topo/kit.hpp"
#include "gen/topo/product.hpp"

namespace netsched {

class Hdn : public Network {
 public:
  /// One dual-construction level.
  struct Level {
    std::vector<std::uint32_t> dims;     ///< base dimensions of SN^i, increasing
    std::uint64_t s = 1;                 ///< super-node size s_i
    std::uint64_t n = 1;                 ///< super-nodes per cluster n_i
    std::uint64_t nodes = 1;             ///< N_i
    std::uint64_t copies_below = 1;      ///< base copies in a cluster: N_{i-1}/N_0
    std::uint64_t outside = 1;           ///< N_0/s_i
    std::vector<std::uint32_t> out_of;   ///< base id -> coordinates outside SN^i
    std::vector<std::uint32_t> pos_of;   ///< base id -> coordinates inside SN^i
    std::vector<std::uint32_t> base_of;  ///< out*s + pos -> base id
  };
  /// The top-level representation (c,U,x,p) of a node.
  struct Quad {
    std::uint64_t c, U, x, p;
  };

  Hdn(std::string family, std::unique_ptr<Product> base,
      std::vector<std::vector<std::uint32_t>> supernodes);
  std::string family() const override { return family_; }
  /// Built as rdn(...): an RDN, the HDN whose supernodes are the whole base.
  bool is_rdn() const { return family_ == "rdn"; }
  std::uint64_t num_nodes() const override { return nodes_; }
  void neighbors(NodeId u, std::vector<NodeId>& out) const override;
  std::uint32_t degree(NodeId u) const override;
  /// Base links plus one cross link per level.
  std::uint32_t max_degree() const override {
    return base_->max_degree() + static_cast<std::uint32_t>(levels_.size());
  }
  std::uint32_t port_degree(NodeId u) const override;
  std::string label(NodeId u) const override;
  NodeId parse_label(std::string_view text) const override;
  /// Automorphisms lifted level by level through the dual-construction (see hdn.cpp).
  /// Lifts of the base's candidates level by level, at most kMaxLiftedCandidates per level.
  /// The cap is stated, not silent: candidates only speed up orbit finding — one left out makes
  /// the vertex classes finer, which `info` then separates by distance profiles or hands to
  /// Traces — and it keeps verifying them (each O(N)) linear in the levels.
  std::vector<Permutation> automorphism_candidates() const override;
  /// The top level's digits, hdn_digits(*this).at.back().
  std::vector<std::uint32_t> id_digits() const override;
  /// Most lifted candidate automorphisms kept per level (see automorphism_candidates).
  static constexpr std::size_t kMaxLiftedCandidates = 96;
  /// Base links: their base dimension; level-j cross links: base dimensions + j - 1.
  std::optional<std::uint32_t> edge_dimension(NodeId u, NodeId v) const override;
  std::uint32_t dimension_count() const override {
    return static_cast<std::uint32_t>(base_->dims() + k());
  }
  /// The level-j cross neighbour of node u (1 <= j <= k).
  std::uint64_t cross_neighbor(std::size_t j, std::uint64_t u) const;

  const Product& base() const { return *base_; }
  std::size_t k() const { return levels_.size(); }
  /// Level i, 1 <= i <= k.
  const Level& level(std::size_t i) const { return levels_[i - 1]; }
  /// Nodes of HDN(B,j) (j = 0 is the base).
  std::uint64_t nodes_at(std::size_t j) const {
    return j ? levels_[j - 1].nodes : base_->num_nodes();
  }
  /// Base copies in HDN(B,j).
  std::uint64_t copies_at(std::size_t j) const { return nodes_at(j) / base_->num_nodes(); }

  /// Serial id in HDN(B,j) of the node in base copy `copy` at base node `b`.
  std::uint64_t join(std::size_t j, std::uint64_t copy, std::uint64_t b) const;
  /// Inverse of join: (copy, base node) of serial id `id` in HDN(B,j).
  std::pair<std::uint64_t, std::uint64_t> split(std::size_t j, std::uint64_t id) const;
  /// (c,U,x,p) of serial id `id` in HDN(B,j), j >= 1.
  Quad quad(std::size_t j, std::uint64_t id) const;
  /// Serial id in HDN(B,j) of (c,U,x,p), j >= 1.
  std::uint64_t serial(std::size_t j, const Quad& q) const;
  /// Diameter of SN^i by the product formula (sum of its factors' diameters).
  std::uint32_t supernode_diameter(std::size_t i) const;

 private:
  /// The level-j cross neighbour of the node in base copy `copy` (of HDN(B,k)) at base node b.
  std::uint64_t cross_of(std::size_t j, std::uint64_t copy, std::uint64_t b) const;

  std::string family_;
  std::unique_ptr<Product> base_;
  std::vector<Level> levels_;
  std::uint64_t nodes_;
};

/// Builds hdn(B, sn=[...]) or rdn(B,k).
std::unique_ptr<Hdn> build_hdn(const SpecValue& spec, BuildNetwork build_part);

/// The digits of the serial ids of HDN(B,j), j = 0..k, which make every set of the HDN
/// exchange a digit box: D(0) = the base's (one per factor); D(j) = [class] ++ X(j) [cluster]
/// ++ X(j) [super-node] ++ (SN^j dimensions) [position], where X(j) = C(j-1) ++ (base
/// dimensions outside SN^j) and C(j) = [class] ++ X(j) ++ C(j-1) are the digits of a level-j
/// node's base copy. `xlen[j]` = |X(j)|.
struct HdnDigits {
  std::vector<Digits> at;
  std::vector<std::size_t> xlen;
};
HdnDigits hdn_digits(const Hdn& h);

}  // namespace netsched
