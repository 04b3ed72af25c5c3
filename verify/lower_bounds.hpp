#pragma once
/// Lower bounds on the steps of any schedule of a collective under a port model, from the
/// network alone:
/// the yardstick a paper's algorithm and a Z3 optimum are measured against.
#include <optional>
#include <string>

#include "core/graph.hpp"
#include "core/network.hpp"
#include "core/schedule.hpp"

namespace netsched {

struct LowerBound {
  std::uint64_t steps = 0;
  std::string reason;
};

/// A lower bound on the steps of any schedule of `collective` on `t` in which each node sends
/// and receives at most `ports` transfers per step (1: one-port; nullopt: all-port, a node's
/// links): broadcast max(ceil(log_(k+1) N), ecc(root)) where k is the most transfers a node can
/// receive per step; route: the distance; ... nullopt where none is implemented.
/// `unit_messages`: every transfer carries exactly one chunk (total exchange then needs
/// sum d(u,v) / (chunks moved per step) steps: one-port moves at most N chunks one hop).
std::optional<LowerBound> lower_bound(const Network& t, const Collective& collective,
                                      const Csr& csr, bool unit_messages = false,
                                      std::optional<std::uint32_t> ports = 1);

/// The bound under the routed model, where one step joins any two nodes with no limit per node:
/// 1 step when the all-port bound says something must move, else that bound (0 steps, or
/// nullopt where none is implemented).
std::optional<LowerBound> routed_lower_bound(const Network& t, const Collective& collective,
                                             const Csr& csr);

}  // namespace netsched
