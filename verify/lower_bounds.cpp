#include "verify/lower_bounds.hpp"

#include <algorithm>

#include "core/distances.hpp"
#include "core/metrics.hpp"

namespace netsched {
namespace {

/// The most transfers one node takes in per step, and ceil(log_(k+1) n) with its words.
struct Fan {
  std::uint64_t k = 1;
  std::uint64_t arcs_per_step = 0;  ///< the most transfers of one step, all nodes together

  std::uint64_t grow(std::uint64_t n) const {  // ceil(log_(k+1) n)
    std::uint64_t steps = 0;
    for (std::uint64_t reach = 1; reach<n; reach = reach> n / (k + 1) ? n : reach * (k + 1))
      ++steps;
    return steps;
  }
  std::string log_text() const {
    return k == 1 ? "ceil(log2 N)" : "ceil(log_" + std::to_string(k + 1) + " N)";
  }
  std::string grows() const {
    return k == 1 ? "at most doubles" : "grows at most " + std::to_string(k + 1) + "-fold";
  }
};

Fan fan_of(const Csr& csr, std::optional<std::uint32_t> ports) {
  Fan f;
  std::uint64_t degree = 0;
  for (std::uint32_t v = 0; v < csr.num_nodes(); ++v)
    degree = std::max<std::uint64_t>(degree, csr.degree(v));
  f.k = ports ? std::max<std::uint64_t>(1, std::min<std::uint64_t>(*ports, degree)) : degree;
  f.k = std::max<std::uint64_t>(f.k, 1);
  f.arcs_per_step = std::max<std::uint64_t>(
      1, ports ? std::min<std::uint64_t>(csr.num_arcs(), std::uint64_t{csr.num_nodes()} * *ports)
               : csr.num_arcs());
  return f;
}

/// On a network of switches: copies are made at endpoints only (a switch does not copy), so the
/// endpoints holding a chunk, with the copies on their way, grow at most (k+1)-fold per step, k
/// the most an endpoint sends per step (what a broadcast and an all-gather need); and a chunk
/// crosses one link per step, so it reaches an endpoint no sooner than its distance (over links
/// either way: no longer than along arcs). Nothing else is claimed.
std::optional<LowerBound> switched_lower_bound(const Network& t, const Collective& c,
                                               const Csr& csr, std::optional<std::uint32_t> ports) {
  const std::uint64_t e = t.num_endpoints();
  Fan fan;
  for (std::uint32_t v = 0; v < e; ++v) fan.k = std::max<std::uint64_t>(fan.k, csr.degree(v));
  if (ports) fan.k = std::max<std::uint64_t>(1, std::min<std::uint64_t>(*ports, fan.k));
  // the farthest endpoint from the chunks' origins (every endpoint for all-to-all collectives)
  std::uint64_t far = 0;
  const bool rooted = c.kind() == Collective::Kind::Broadcast ||
                      c.kind() == Collective::Kind::Scatter || c.kind() == Collective::Kind::Gather;
  if (c.kind() == Collective::Kind::Route) {
    const auto d = bfs_distances(csr, c.root().v)[c.target().v];
    return d == kUnreached ? std::nullopt : std::optional(LowerBound{d, "distance"});
  }
  if (!rooted && c.kind() != Collective::Kind::AllGather &&
      c.kind() != Collective::Kind::TotalExchange)
    return std::nullopt;
  for (std::uint32_t o = 0; o < e; ++o) {
    if (rooted && o != c.root().v) continue;
    const auto d = bfs_distances(csr, o);
    for (std::uint32_t v = 0; v < e; ++v) far = std::max<std::uint64_t>(far, d[v]);
  }
  if (far == kUnreached) return std::nullopt;
  // only a broadcast and an all-gather need copies: a scatter's, gather's or exchange's chunks
  // may all travel together into a switch and out of it each on its own arc in two steps
  const bool copies =
      c.kind() == Collective::Kind::Broadcast || c.kind() == Collective::Kind::AllGather;
  const std::uint64_t lg = copies ? fan.grow(e) : 0;
  return LowerBound{std::max(lg, far), far > lg ? "the farthest endpoint (switches are transit)"
                                                : fan.log_text() +
                                                      " over the endpoints (copies are made at "
                                                      "endpoints only; a switch does not copy)"};
}

}  // namespace

std::optional<LowerBound> lower_bound(const Network& t, const Collective& c, const Csr& csr,
                                      bool unit_messages, std::optional<std::uint32_t> ports) {
  if (t.switched()) return switched_lower_bound(t, c, csr, ports);
  const Fan fan = fan_of(csr, ports);
  switch (c.kind()) {
    case Collective::Kind::Route: {
      const auto d = bfs_distances(csr, c.root().v)[c.target().v];
      if (d == kUnreached) return std::nullopt;
      return LowerBound{d, "distance"};
    }
    case Collective::Kind::Scatter:
    case Collective::Kind::Gather:
    case Collective::Kind::Broadcast: {
      const std::uint64_t lg = fan.grow(t.num_nodes());
      const std::uint32_t ecc = eccentricity(csr, c.root().v);
      if (ecc == kUnreached) return std::nullopt;
      return LowerBound{std::max<std::uint64_t>(lg, ecc),
                        ecc > lg ? "eccentricity of the root"
                        : c.kind() == Collective::Kind::Gather
                            ? fan.log_text() + " (what the root holds " + fan.grows() + " per step)"
                        : fan.k == 1 ? "ceil(log2 N) (informed nodes at most double)"
                                     : fan.log_text() + " (the informed nodes grow at most " +
                                           std::to_string(fan.k + 1) + "-fold per step)"};
    }
    case Collective::Kind::TotalExchange: {
      const DistanceStats st = exact_distances(t, csr);
      if (!st.connected) return std::nullopt;
      const std::uint64_t n = t.num_nodes();
      if (unit_messages) {
        const auto sum = static_cast<std::uint64_t>(st.distance_sum);
        if (fan.arcs_per_step == n)
          return LowerBound{(sum + n - 1) / n,
                            "AS(G) = sum of distances / N (unit messages, one-port)"};
        return LowerBound{(sum + fan.arcs_per_step - 1) / fan.arcs_per_step,
                          "sum of distances / " + std::to_string(fan.arcs_per_step) +
                              " (unit messages, at most that many transfers per step)"};
      }
      const std::uint64_t lg = fan.grow(n);
      return LowerBound{std::max<std::uint64_t>(lg, st.diameter),
                        st.diameter > lg ? "diameter"
                        : fan.k == 1
                            ? "ceil(log2 N) (a node hears from at most 2^t nodes in t steps)"
                            : fan.log_text() +
                                  " (a node hears from at most (k+1)^t "
                                  "nodes in t steps, k = " +
                                  std::to_string(fan.k) + ")"};
    }
    case Collective::Kind::AllGather: {
      const DistanceStats st = exact_distances(t, csr);
      if (!st.connected) return std::nullopt;
      const std::uint64_t lg = fan.grow(t.num_nodes());
      return LowerBound{std::max<std::uint64_t>(lg, st.diameter),
                        st.diameter > lg
                            ? "diameter"
                            : fan.log_text() + " (what a node holds " + fan.grows() + " per step)"};
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
        if (fan.grow(g.size()) > best)
          best = fan.grow(g.size()),
          why = fan.k == 1
                    ? "ceil(log2 |destinations|) (holders of a chunk at most double per step)"
                    : "ceil(log_(k+1) |destinations|), k = " + std::to_string(fan.k);
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
      return LowerBound{fan.grow(largest),
                        fan.k == 1 ? "ceil(log2 group size) (the inputs a node has combined at "
                                     "most double per step)"
                                   : "ceil(log_(k+1) group size), k = " + std::to_string(fan.k)};
    }
    default:
      return std::nullopt;
  }
}

std::optional<LowerBound> routed_lower_bound(const Network& t, const Collective& c,
                                             const Csr& csr) {
  auto out = lower_bound(t, c, csr, false, std::nullopt);
  if (out && out->steps > 1)
    out = LowerBound{1, "routed: one step joins any two nodes (all-port needs " +
                            std::to_string(out->steps) + ": " + out->reason + ")"};
  return out;
}

}  // namespace netsched
