// A network of switches (fat-trees, leaf-spines, dragonflies, GPU boxes): the endpoints in a row
// at the bottom, each switch in the tier of its hops from the nearest endpoint, a tier ordered
// by where its neighbours below stand, so that a pod or a box stays together.
#include <algorithm>
#include <numeric>

#include "core/graph.hpp"
#include "core/metrics.hpp"
#include "draw/layout.hpp"

namespace netsched::draw {
namespace {

/// Hops from the nearest endpoint: the core's breadth-first forest from all of them at once (the
/// network is connected, so every node hangs below one), read down its order.
std::vector<std::uint32_t> tiers_of(const Network& t, const Csr& g) {
  std::vector<std::uint32_t> endpoints(t.num_endpoints());
  std::iota(endpoints.begin(), endpoints.end(), 0U);
  const BfsTree forest = bfs_forest(g, endpoints);
  std::vector<std::uint32_t> tier(g.num_nodes(), 0);
  for (const std::uint32_t v : forest.order)
    if (forest.parent[v] != v) tier[v] = tier[forest.parent[v]] + 1;
  return tier;
}

/// The nodes of tier k in drawing order: endpoints by id, a switch by the mean x of its
/// neighbours in the tier below (by id where equal).
std::vector<std::uint32_t> ordered_tier(const Csr& g, const std::vector<std::uint32_t>& tier,
                                        std::uint32_t k, const std::vector<Point>& pos) {
  std::vector<std::uint32_t> members;
  std::vector<double> key(g.num_nodes(), 0);
  for (std::uint32_t v = 0; v < g.num_nodes(); ++v) {
    if (tier[v] != k) continue;
    members.push_back(v);
    double sum = 0, count = 0;
    for (const std::uint32_t* w = g.begin(v); w != g.end(v); ++w)
      if (tier[*w] + 1 == k) sum += pos[*w].x, ++count;
    key[v] = count > 0 ? sum / count : static_cast<double>(v);
  }
  if (k > 0)
    std::stable_sort(members.begin(), members.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return key[a] < key[b]; });
  return members;
}

}  // namespace

NetworkLayout layout_tiers(const Network& t) {
  const Csr g(t, 1);
  const std::vector<std::uint32_t> tier = tiers_of(t, g);
  const std::uint32_t top = *std::max_element(tier.begin(), tier.end());
  const double width = static_cast<double>(t.num_endpoints());
  constexpr double kTierGap = 4;  // rows apart, in units of neighbouring endpoints
  NetworkLayout l;
  l.pos.resize(g.num_nodes());
  for (std::uint32_t k = 0; k <= top; ++k) {
    const std::vector<std::uint32_t> row = ordered_tier(g, tier, k, l.pos);
    const double step = width / static_cast<double>(row.size());  // spread over the endpoints'
    for (std::size_t i = 0; i < row.size(); ++i)
      l.pos[row[i]] = {step * (static_cast<double>(i) + 0.5), -kTierGap * k};
  }
  const std::uint64_t endpoints = t.num_endpoints();
  l.kinds = {"endpoint link", "switch link"};
  l.kind_of = [endpoints](NodeId u, NodeId v) {
    return u.v < endpoints || v.v < endpoints ? 0u : 1u;
  };
  l.method =
      "endpoints in a row, each switch in the tier of its hops from the endpoints, a tier "
      "ordered by its neighbours below";
  return l;
}

}  // namespace netsched::draw
