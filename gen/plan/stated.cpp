// The stated bounds several rows share (gen/plan/stated.hpp).
#include "gen/plan/stated.hpp"

#include <algorithm>
#include <utility>

#include "core/graph.hpp"
#include "core/metrics.hpp"

namespace netsched {
namespace {

std::uint64_t max_degree(const Csr& g) {
  std::uint64_t d = 0;
  for (std::uint32_t u = 0; u < g.num_nodes(); ++u) d = std::max<std::uint64_t>(d, g.degree(u));
  return d;
}

/// min(N-1, depth * max degree): the rounds of the tree schedule of a BFS tree of that depth.
std::uint64_t tree_rounds(const Csr& g, std::uint64_t depth) {
  return std::min<std::uint64_t>(g.num_nodes() - 1, depth * max_degree(g));
}

}  // namespace

PaperBound stated_bound(std::uint64_t steps, std::string formula) {
  return PaperBound{steps, std::move(formula), "", std::nullopt};
}

std::uint64_t cube_dimensions(const Network& t) {
  std::uint64_t n = 0;
  while ((std::uint64_t{1} << n) < t.num_nodes()) ++n;
  return n;
}

std::optional<PaperBound> cube_steps_bound(const Network& t, const Collective& /*c*/) {
  return stated_bound(cube_dimensions(t), "n = log2 N (one dimension per step)");
}

std::optional<PaperBound> tree_once_bound(const Network& t, const Collective& c) {
  const Csr g(t, 1);
  return stated_bound(tree_rounds(g, eccentricity(g, c.root().v)),
                      "min(N-1, ecc(root) x max degree)");
}

std::optional<PaperBound> tree_twice_bound(const Network& t, const Collective& /*c*/) {
  const Csr g(t, 1);
  const DistanceStats st = distances_all_sources(g, 1);
  if (!st.connected) return std::nullopt;
  return stated_bound(2 * tree_rounds(g, st.diameter), "2 min(N-1, diameter x max degree)");
}

std::optional<PaperBound> diameter_bound(const Network& t, std::uint64_t times, std::uint64_t plus,
                                         const char* formula) {
  const Csr g(t, 1);
  const DistanceStats st = distances_all_sources(g, 1);
  if (!st.connected) return std::nullopt;
  return stated_bound(times * (st.diameter + plus), formula);
}

std::optional<PaperBound> bfs_levels_bound(const Network& t, const Collective& /*c*/) {
  return diameter_bound(t, 1, 0, "the diameter (a BFS level per step)");
}

std::optional<PaperBound> bfb_levels_bound(const Network& t, const Collective& /*c*/) {
  return diameter_bound(t, 1, 0, "the diameter (a node takes the blocks s+1 links away in step s)");
}

std::optional<PaperBound> packing_bound(const Network& t, const Collective& /*c*/) {
  return diameter_bound(t, 1, 2, "the diameter + 2 (the step counts the packing tries)");
}

std::optional<PaperBound> ring_bound(const Network& t, const Collective& /*c*/) {
  return stated_bound(t.num_nodes() - 1, "N-1 (once round the ring)");
}

PaperBound embedded_bound(const Network& t, const EmbeddedPlan& p) {
  return stated_bound(embedded_hops(t, p.rounds, p.order),
                      "the routed sends' hops (a list schedule's every step holds one)");
}

PaperBound routed_bound(const EmbeddedPlan& p) {
  return stated_bound(p.rounds.size(), "the plan's rounds (a routed step each)");
}

}  // namespace netsched
