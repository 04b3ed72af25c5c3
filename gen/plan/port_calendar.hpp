#pragma once
/// The ports a list schedule has left in each step: each hop goes in the first step, from the
/// one its input is ready in, where the port model leaves room. One-port: a node's one send and
/// one receive; all-port: each directed link once.
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

  /// The first step from `from_step` on where `from` -> `to` can go; marks it taken.
  std::uint64_t take(std::uint32_t from, std::uint32_t to, std::uint64_t from_step) {
    const std::uint64_t a = links_ ? arc(from, to) : from, b = links_ ? a : nodes_ + to;
    std::uint64_t s = from_step;
    while (s < busy_.size() && (busy_[s][a] || busy_[s][b])) ++s;
    while (busy_.size() <= s) busy_.emplace_back(width_, 0);
    busy_[s][a] = busy_[s][b] = 1;
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
  std::vector<std::vector<char>> busy_;  ///< per step: sends then receives, or links
};

}  // namespace netsched
