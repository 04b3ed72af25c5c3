#pragma once
/// A route for every ordered pair of a network's nodes, chosen so that no link carries much
/// more than its share: the routes of SimGrid platforms, and of routed schedules' cost.
///
/// Why netsched chooses them: MPI's algorithms talk between any two ranks, so a platform needs
/// routes, and routes decide how fast those algorithms are. SimGrid's own shortest-path routing
/// breaks ties the same way every time and piles routes onto a few links (hypercube(7): 729
/// routes on the busiest link direction against a mean of 64), which slows every multi-hop MPI
/// algorithm and biases every comparison with the papers' one-hop schedules. The routes here:
/// dimension order on products (ties on even rings split both ways: on tori and hypercubes every
/// link carries its share), the papers' routing functions on the families that have them (HDN,
/// dualcube, RHFC, hypernets), and elsewhere shortest paths chosen link by link to balance load.
/// The load figures are reported beside every comparison; the platform check
/// (netsched-platform-check) recounts them from SimGrid's own route lookup. A routed schedule
/// (PortModel::Routed) is costed on these routes, so its predicted time and SimGrid's share a
/// route for every message.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "core/network.hpp"

namespace netsched {

/// The most nodes routes are computed for (one route per ordered pair is held in memory and
/// written into the platform).
inline constexpr std::uint64_t kRoutesMaxNodes = 1024;

class RouteTable {
 public:
  /// The routes of `t`; throws InputError above kRoutesMaxNodes or when a router's
  /// walk leaves the links (a netsched bug) or the network is disconnected.
  explicit RouteTable(const Network& t);
  std::uint32_t nodes() const { return n_; }
  /// How the routes were chosen ("dimension order, ring ties split", "hdn-routing", ...).
  const std::string& policy() const { return policy_; }
  /// The nodes after u on the route from u to v (empty for u == v).
  std::span<const std::uint32_t> route(std::uint32_t u, std::uint32_t v) const {
    const std::size_t k = static_cast<std::size_t>(u) * n_ + v;
    return {hops_.data() + at_[k], hops_.data() + at_[k + 1]};
  }

 private:
  void balanced_shortest_paths(const Network& t);
  std::uint32_t n_ = 0;
  std::string policy_;
  std::vector<std::uint64_t> at_;
  std::vector<std::uint32_t> hops_;
};

/// How evenly the routes of all ordered pairs use the link directions.
struct LinkLoad {
  std::uint64_t max = 0;    ///< routes over the busiest link direction
  double mean = 0;          ///< routes per link direction, over all of them
  std::uint64_t links = 0;  ///< link directions (2 per link)
  double ratio() const { return mean > 0 ? static_cast<double>(max) / mean : 0; }
};
LinkLoad link_load(const RouteTable& r, const Network& t);

}  // namespace netsched
