// Logical rounds carried by the network (gen/plan/embedding.hpp): shortest paths from
// breadth-first trees, hops list-scheduled under the one-port rule (at the endpoints of a
// switched network; its switches forward on every arc at once).

#include "gen/plan/embedding.hpp"

#include <algorithm>
#include <stdexcept>
#include <unordered_map>

#include "core/errors.hpp"
#include "core/graph.hpp"
#include "core/metrics.hpp"
#include "gen/plan/hamiltonian.hpp"
#include "gen/plan/port_calendar.hpp"
#include "gen/plan/schedule_kit.hpp"

namespace netsched {
namespace {

/// Shortest paths (along the arcs) from every node, by a breadth-first tree each, built when
/// first asked for.
class RankPaths {
 public:
  explicit RankPaths(const Network& t) : g_(arc_csr(t)), trees_(g_.num_nodes()) {}
  /// The nodes from a to b (a first).
  std::vector<std::uint32_t> between(std::uint32_t a, std::uint32_t b) {
    auto& tree = trees_[a];
    if (tree.parent.empty()) tree = bfs_tree(g_, a);
    std::vector<std::uint32_t> path{b};
    while (path.back() != a) path.push_back(tree.parent[path.back()]);
    std::reverse(path.begin(), path.end());
    return path;
  }

 private:
  Csr g_;
  std::vector<BfsTree> trees_;
};

void check_order(const Network& t, const std::vector<std::uint32_t>& order) {
  if (order.size() != t.num_endpoints())
    throw std::logic_error("embedding: a rank order of " + std::to_string(order.size()) +
                           " ranks for " + std::to_string(t.num_endpoints()) + " endpoints");
}

}  // namespace

std::vector<std::uint32_t> rank_order(const Network& t, const char* algorithm) {
  check_nodes(t, algorithm, kEmbedMaxNodes, "kEmbedMaxNodes");
  if (t.switched()) {  // the endpoints in id order: a machine file lists them box by box
    std::vector<std::uint32_t> order(t.num_endpoints());
    for (std::uint32_t r = 0; r < order.size(); ++r) order[r] = r;
    return order;
  }
  if (auto cycle = hamiltonian_cycle(t)) return *cycle;
  const Csr g(t, 1);
  BfsTree tree = bfs_tree(g, 0);
  if (tree.order.size() != t.num_nodes())
    throw InputError(std::string(algorithm) + ": " + t.spec() + " is not connected");
  return std::move(tree.order);
}

Schedule embed_rounds(const Network& t, Collective collective, const char* algorithm,
                      const LogicalRounds& rounds, const std::vector<std::uint32_t>& order) {
  check_order(t, order);
  Schedule s = textbook_schedule(t, std::move(collective), PortModel::OnePort, algorithm);
  RankPaths paths(t);
  const Csr links(t, 1);
  // one-port; on a switched network at the endpoints only, switches forwarding on every arc
  PortCalendar ports =
      t.switched() ? PortCalendar(links, t.num_endpoints()) : PortCalendar(t.num_nodes());
  // per rank, the step from which it holds each chunk it received (its own: from step 0)
  std::vector<std::unordered_map<std::uint64_t, std::uint32_t>> held(order.size());
  const auto ready = [&](std::uint32_t rank, const std::vector<std::uint64_t>& chunks) {
    std::uint32_t r = 0;
    for (const std::uint64_t c : chunks) {
      if (s.collective.origin(c).v == order[rank]) continue;
      const auto at = held[rank].find(c);
      if (at == held[rank].end())
        throw std::logic_error(std::string(algorithm) + ": rank " + std::to_string(rank) +
                               " sends chunk " + std::to_string(c) + " it never received");
      r = std::max(r, at->second);
    }
    return r;
  };
  for (const auto& round : rounds)
    for (const LogicalSend& x : round) {
      const auto payload = static_cast<std::uint32_t>(s.payloads.size());
      s.payloads.push_back(Payload::of_chunks(x.chunks));
      const auto path = paths.between(order[x.from], order[x.to]);
      std::uint32_t at = ready(x.from, x.chunks);
      for (std::size_t h = 1; h < path.size(); ++h) {
        const auto step = static_cast<std::uint32_t>(ports.take(path[h - 1], path[h], at));
        if (s.steps.size() <= step) s.steps.resize(step + 1);
        s.steps[step].transfers.push_back({NodeId(path[h - 1]), NodeId(path[h]), payload});
        at = step + 1;
      }
      for (const std::uint64_t c : x.chunks) {
        const auto [it, fresh] = held[x.to].try_emplace(c, at);
        if (!fresh) it->second = std::min(it->second, at);
      }
    }
  share_equal_payloads(s);
  return s;
}

Schedule embed_plan(const Network& t, const EmbeddedPlan& p, const char* algorithm) {
  return embed_rounds(t, p.collective, algorithm, p.rounds, p.order);
}

std::uint64_t embedded_hops(const Network& t, const LogicalRounds& rounds,
                            const std::vector<std::uint32_t>& order) {
  check_order(t, order);
  const Csr g(t, 1);
  std::vector<std::vector<std::uint32_t>> dist(order.size());
  std::uint64_t hops = 0;
  for (const auto& round : rounds)
    for (const LogicalSend& x : round) {
      auto& d = dist[order[x.from]];
      if (d.empty()) d = bfs_distances(g, order[x.from]);
      hops += d[order[x.to]];
    }
  return hops;
}

}  // namespace netsched
