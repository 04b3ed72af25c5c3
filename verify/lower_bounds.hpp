#pragma once
/// Lower bounds on the steps of any one-port schedule of a collective, from the network alone:
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

/// A lower bound on the steps of any schedule of `collective` on `t` (one-port): broadcast
/// max(ceil(log2 N), ecc(root)); route: the distance; ... nullopt where none is implemented.
/// `unit_messages`: every transfer carries exactly one chunk (total exchange then needs AS(G)
/// steps: each step moves at most N chunks one hop, and they must travel sum d(u,v) hops).
std::optional<LowerBound> lower_bound(const Network& t, const Collective& collective,
                                      const Csr& csr, bool unit_messages = false);

}  // namespace netsched
