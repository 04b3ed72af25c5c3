#pragma once
/// The ports a list schedule has left in each step: each hop goes in the first step, from the
/// one its input is ready in, where the port model leaves room. One-port: a node's one send and
/// one receive; all-port: each directed link once; a switched network: one-port at the
/// endpoints and each directed link once (switches are all-port).
///
/// Why one class: the embedded MPI algorithms (gen/plan/embedding.cpp) and the chain prefix
/// (gen/prefix/chain_prefix.cpp) both place routed hops this way.
#include <cstdint>
#include <vector>

#include "core/graph.hpp"

namespace netsched {

class PortCalendar {
 public:
  /// One-port, over `nodes` nodes.
  explicit PortCalendar(std::uint64_t nodes) : width_(2 * nodes), nodes_(nodes) {}
  /// All-port, over the directed links of g (which must outlive the calendar).
  explicit PortCalendar(const Csr& g) : width_(g.num_arcs()), links_(&g) {}
  /// A switched network (core/network.hpp): one-port at the endpoints 0..endpoints-1, and
  /// every directed link of g once a step (switches are all-port).
  PortCalendar(const Csr& g, std::uint64_t endpoints)
      : width_(g.num_arcs() + 2 * endpoints), nodes_(endpoints), links_(&g), mixed_(true) {}

  /// The first step from `from_step` on where `from` -> `to` can go; marks it taken.
  std::uint64_t take(std::uint32_t from, std::uint32_t to, std::uint64_t from_step) {
    std::uint64_t use[3];
    std::size_t n = 0;
    if (links_) use[n++] = arc(from, to);
    if (!links_ || mixed_) {  // a node's send and receive ports (an endpoint's, when mixed)
      const std::uint64_t base = mixed_ ? links_->num_arcs() : 0;
      if (from < nodes_) use[n++] = base + from;
      if (to < nodes_) use[n++] = base + nodes_ + to;
    }
    const auto busy = [&](std::uint64_t s) {
      for (std::size_t i = 0; i < n; ++i)
        if (busy_[s][use[i]]) return true;
      return false;
    };
    std::uint64_t s = from_step;
    while (s < busy_.size() && busy(s)) ++s;
    while (busy_.size() <= s) busy_.emplace_back(width_, 0);
    for (std::size_t i = 0; i < n; ++i) busy_[s][use[i]] = 1;
    return s;
  }

 private:
  std::uint64_t arc(std::uint32_t from, std::uint32_t to) const {
    const std::uint32_t* at = links_->begin(from);
    while (*at != to) ++at;  // a hop follows a link
    return static_cast<std::uint64_t>(at - links_->targets().data());
  }
  std::uint64_t width_, nodes_ = 0;
  const Csr* links_ = nullptr;
  bool mixed_ = false;
  std::vector<std::vector<char>> busy_;  ///< per step: sends then receives, or links
};

}  // namespace netsched
