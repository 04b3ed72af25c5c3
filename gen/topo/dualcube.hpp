#pragma once
/// The dualcube F_r of the dualcube paper §2: nodes are (2r-1)-bit strings u_{n-1}..u_0,
/// n = 2r-1; u and v are adjacent iff they differ in exactly one bit i and
///   i <= r-2 requires u_{n-1} = v_{n-1} = 0 (class-0 cluster links),
///   r-1 <= i <= n-2 requires u_{n-1} = v_{n-1} = 1 (class-1 cluster links),
///   i = n-1 is the cross edge.
/// The serial id is the bit string read as a binary number; the label is the bit string as a
/// binary literal, "0b" + u_{n-1}..u_0 (plain integers always name serial ids).
#include <memory>

#include "gen/topo/kit.hpp"

namespace netsched {

class Dualcube : public Network {
 public:
  explicit Dualcube(std::uint32_t r);
  std::string family() const override { return "dualcube"; }
  std::uint64_t num_nodes() const override { return 1ull << bits_; }
  void neighbors(NodeId u, std::vector<NodeId>& out) const override;
  std::uint32_t degree(NodeId) const override { return r_; }
  std::uint32_t max_degree() const override { return r_; }
  std::string label(NodeId u) const override;
  NodeId parse_label(std::string_view text) const override;
  /// The bit position in which u and v differ (cross edges: bit n-1).
  std::optional<std::uint32_t> edge_dimension(NodeId u, NodeId v) const override;
  std::uint32_t dimension_count() const override { return bits_; }

  std::uint32_t r() const { return r_; }
  std::uint32_t bits() const { return bits_; }
  /// Class bit (u_{n-1}).
  std::uint32_t class_of(std::uint32_t u) const { return (u >> (bits_ - 1)) & 1u; }
  /// Bit position of neighbour s^(i) of the paper's notation, 0 <= i <= r-1.
  std::uint32_t dimension_bit(std::uint32_t u, std::uint32_t i) const;

 private:
  std::uint32_t r_, bits_;
};

std::unique_ptr<Dualcube> build_dualcube(const SpecValue& spec);

}  // namespace netsched
