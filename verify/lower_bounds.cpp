#include "verify/lower_bounds.hpp"

#include <algorithm>

#include "core/distances.hpp"
#include "core/metrics.hpp"

namespace netsched {

std::optional<LowerBound> lower_bound(const Network& t, const Collective& c, const Csr& csr,
                                      bool unit_messages) {
  switch (c.kind()) {
    case Collective::Kind::Route: {
      const auto d = bfs_distances(csr, c.root().v)[c.target().v];
      if (d == kUnreached) return std::nullopt;
      return LowerBound{d, "distance"};
    }
    case Collective::Kind::Scatter:
    case Collective::Kind::Gather:
    case Collective::Kind::Broadcast: {
      const std::uint64_t lg = ceil_log2(t.num_nodes());
      const std::uint32_t ecc = eccentricity(csr, c.root().v);
      if (ecc == kUnreached) return std::nullopt;
      return LowerBound{std::max<std::uint64_t>(lg, ecc),
                        ecc > lg ? "eccentricity of the root"
                        : c.kind() == Collective::Kind::Gather
                            ? "ceil(log2 N) (what the root holds at most doubles per step)"
                            : "ceil(log2 N) (informed nodes at most double)"};
    }
    case Collective::Kind::TotalExchange: {
      const DistanceStats st = exact_distances(t, csr);
      if (!st.connected) return std::nullopt;
      const std::uint64_t n = t.num_nodes();
      if (unit_messages) {
        const auto sum = static_cast<std::uint64_t>(st.distance_sum);
        return LowerBound{(sum + n - 1) / n,
                          "AS(G) = sum of distances / N (unit messages, one-port)"};
      }
      const std::uint64_t lg = ceil_log2(n);
      return LowerBound{std::max<std::uint64_t>(lg, st.diameter),
                        st.diameter > lg
                            ? "diameter"
                            : "ceil(log2 N) (a node hears from at most 2^t nodes in t steps)"};
    }
    case Collective::Kind::AllGather: {
      const DistanceStats st = exact_distances(t, csr);
      if (!st.connected) return std::nullopt;
      const std::uint64_t lg = ceil_log2(t.num_nodes());
      return LowerBound{std::max<std::uint64_t>(lg, st.diameter),
                        st.diameter > lg
                            ? "diameter"
                            : "ceil(log2 N) (what a node holds at most doubles per step)"};
    }
    case Collective::Kind::Multicast: {
      std::uint64_t best = 0;
      std::string why = "no chunk to deliver";
      for (const auto& g : c.groups()) {
        const auto dist = bfs_distances(csr, g.front().v);
        for (NodeId v : g) {
          if (dist[v.v] == kUnreached) return std::nullopt;
          if (dist[v.v] > best)
            best = dist[v.v], why = "distance from a chunk's origin to its farthest destination";
        }
        if (ceil_log2(g.size()) > best)
          best = ceil_log2(g.size()),
          why = "ceil(log2 |destinations|) (holders of a chunk at most double per step)";
      }
      return LowerBound{best, why};
    }
    case Collective::Kind::AllReduce:
    case Collective::Kind::Reduce:
    case Collective::Kind::ReduceScatter:
    case Collective::Kind::Prefix: {
      // The inputs a register depends on at most double per step (one message in per node).
      std::uint64_t largest = c.groups().empty() ? t.num_nodes() : 0;
      for (const auto& g : c.groups()) largest = std::max<std::uint64_t>(largest, g.size());
      return LowerBound{
          ceil_log2(largest),
          "ceil(log2 group size) (the inputs a node has combined at most double per step)"};
    }
    default:
      return std::nullopt;
  }
}

}  // namespace netsched
