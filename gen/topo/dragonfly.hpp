#pragma once
/// The dragonfly (Kim, Dally, Scott and Abts 2008): g groups of a routers, all routers of a
/// group joined to each other, p endpoints a router and h global links a router. The a h global
/// ports of a group, in order (router r has ports r h .. r h + h - 1), go round the other groups:
/// port t of group G leads to group G + 1 + (t mod (g-1)) (mod g), to the port of the same
/// round there (the "consecutive" arrangement), so that with g = a h + 1, the default, every two
/// groups share one global link. g - 1 must divide a h, and no two routers may be joined twice.
/// Ids: endpoints first, node(G,r,e) = (G a + r) p + e; then router(G,r).
#include <memory>

#include "gen/topo/kit.hpp"

namespace netsched {

class Dragonfly : public Network {
 public:
  Dragonfly(std::uint32_t a, std::uint32_t p, std::uint32_t h, std::uint32_t g);
  std::string family() const override { return "dragonfly"; }
  std::uint64_t num_nodes() const override { return endpoints_ + routers_; }
  std::uint64_t num_endpoints() const override { return endpoints_; }
  void neighbors(NodeId u, std::vector<NodeId>& out) const override;
  std::uint32_t degree(NodeId u) const override { return u.v < endpoints_ ? 1 : max_degree(); }
  std::uint32_t max_degree() const override { return p_ + a_ - 1 + h_; }
  std::string label(NodeId u) const override;
  NodeId parse_label(std::string_view text) const override;
  /// The router at the other end of global port t of router r of group `group`.
  std::uint64_t global_peer(std::uint64_t group, std::uint64_t r, std::uint64_t t) const;
  /// The largest a, p, h and g: the node count is checked against kMaxNodes besides.
  static constexpr std::uint64_t kMaxDragonflyArg = 1 << 16;

 private:
  std::uint32_t a_, p_, h_, g_;
  std::uint64_t endpoints_, routers_;
};

std::unique_ptr<Dragonfly> build_dragonfly(const SpecValue& spec);

}  // namespace netsched
