#pragma once
/// Multi-dimensional hypernets, the (r, l, Q_k) nets of the RHFC paper §6.1, in the reading of
/// docs/families.md ("Hypernet"): the depth-1 rule as printed, and at depth i the same swap
/// on the nodes whose low i bits are 0 1^(i-1), with N_{i,2} = 2^(k_{i-1} - i) clusters (the
/// printed 2^(k-i-1) read so that depth 1 is the depth-1 net).
///
/// A node is its address read in binary. Depth 0 is the nucleus Q_k (the low k bits). The
/// depth-i net (k_i bits) is l - 1 fields X_{i,l} .. X_{i,2} of c_i = k_{i-1} - i bits above a
/// depth-(i-1) net: k_i = k_{i-1} + (l-1) c_i. Nucleus links flip one of the low k bits. A node
/// whose low i bits are P_i = 0 1^(i-1) has, for each level j = 2..l, a depth-i level-j link
/// to the node with field X_{i,j} and the upper c_i bits U of its depth-(i-1) address
/// exchanged (none where X_{i,j} = U, as the paper leaves that link unassigned).
#include <memory>

#include "gen/topo/kit.hpp"

namespace netsched {

class Hypernet : public Network {
 public:
  Hypernet(std::uint32_t r, std::uint32_t l, std::uint32_t k);
  std::string family() const override { return "hypernet"; }
  std::uint64_t num_nodes() const override { return std::uint64_t{1} << bits_.back(); }
  void neighbors(NodeId u, std::vector<NodeId>& out) const override;
  /// k nucleus links and l - 1 external links.
  std::uint32_t max_degree() const override { return k_ + l_ - 1; }
  /// Fields from depth r, level l down to the nucleus, in binary, separated by dots.
  std::string label(NodeId u) const override;
  NodeId parse_label(std::string_view text) const override;
  /// Nucleus links: the bit they flip (0..k-1); level-j external links: k + j - 2.
  std::optional<std::uint32_t> edge_dimension(NodeId u, NodeId v) const override;
  std::uint32_t dimension_count() const override { return k_ + l_ - 1; }
  /// XOR by a constant built from one nucleus bit p >= r, carried into every field the swap
  /// rules pair with it (k - r candidates).
  std::vector<Permutation> automorphism_candidates() const override;

  std::uint32_t depth() const { return r_; }
  std::uint32_t levels() const { return l_; }
  std::uint32_t k() const { return k_; }
  /// k_i: address bits of the depth-i net (k_0 = k).
  std::uint32_t address_bits(std::uint32_t i) const { return bits_.at(i); }
  /// c_i = k_{i-1} - i: bits of a depth-i cluster address (i >= 1).
  std::uint32_t field_bits(std::uint32_t i) const { return bits_.at(i - 1) - i; }
  /// Field X_{i,j} of u (i >= 1, j = 2..l).
  std::uint32_t field(std::uint32_t u, std::uint32_t i, std::uint32_t j) const;
  /// The depth at whose pattern u's low bits are (1..r), or 0 if none: u's external links.
  std::uint32_t link_depth(std::uint32_t u) const;
  /// u's depth-i level-j neighbour, or u itself where the link is unassigned.
  std::uint32_t swap(std::uint32_t u, std::uint32_t i, std::uint32_t j) const;
  /// The pattern P_i = 0 1^(i-1) as a number (low i bits).
  static std::uint32_t pattern(std::uint32_t i) { return (1u << (i - 1)) - 1; }

 private:
  std::uint32_t shift(std::uint32_t i, std::uint32_t j) const {
    return bits_[i - 1] + (j - 2) * field_bits(i);
  }
  std::uint32_t r_, l_, k_;
  std::vector<std::uint32_t> bits_;  ///< k_0 .. k_r
};

std::unique_ptr<Hypernet> build_hypernet(const SpecValue& spec);

}  // namespace netsched
