#pragma once
/// Cube-connected cycles CCC(n): each node w of the n-cube replaced by an n-node cycle
/// (w,0..n-1); (w,i) has cycle links to (w,i±1 mod n) and a cube link to (w xor 2^i, i).
/// Serial id = w*n + i; label "(w,i)" with w as an integer. n = 2 makes the cycle one link.
#include <memory>

#include "gen/topo/kit.hpp"

namespace netsched {

class Ccc : public Network {
 public:
  explicit Ccc(std::uint32_t n);
  std::string family() const override { return "ccc"; }
  std::uint64_t num_nodes() const override { return n_ << n_; }
  void neighbors(NodeId u, std::vector<NodeId>& out) const override;
  std::uint32_t degree(NodeId) const override { return n_ >= 3 ? 3 : n_; }
  std::uint32_t max_degree() const override { return n_ >= 3 ? 3 : n_; }
  std::string label(NodeId u) const override;
  NodeId parse_label(std::string_view text) const override;
  std::uint32_t n() const { return n_; }
  /// The largest n: n 2^n nodes stay below 2^32.
  static constexpr std::uint64_t kMaxN = 27;

 private:
  std::uint32_t n_;
};

std::unique_ptr<Ccc> build_ccc(const SpecValue& spec);

}  // namespace netsched
