#include "papers/generic.hpp"

#include <algorithm>

#include "core/metrics.hpp"
#include "gen/algorithms.hpp"
#include "gen/all_gather/all_gather.hpp"
#include "gen/broadcast/broadcast.hpp"
#include "gen/plan/embedding.hpp"
#include "gen/plan/schedule_kit.hpp"
#include "gen/reduce_scatter/reduce_scatter.hpp"
#include "gen/scatter_gather/scatter_gather.hpp"

namespace netsched::papers::generic {
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

/// The plan of an embedded textbook algorithm (gen/plan/embedding.hpp), or nullopt.
std::optional<EmbeddedPlan> embedded_plan(const Network& t, const Collective& c,
                                          const std::string& a) {
  using Kind = Collective::Kind;
  if (a == "bruck" && c.kind() == Kind::AllGather) return bruck_all_gather_plan(t);
  if (a == "bruck" && c.kind() == Kind::TotalExchange) return bruck_exchange_plan(t);
  if (a == "binomial" && c.kind() == Kind::Scatter) return binomial_scatter_plan(t, c.root());
  if (a == "binomial" && c.kind() == Kind::Gather) return binomial_gather_plan(t, c.root());
  if (a == "binary-tree") return binary_tree_broadcast_plan(t, c.root(), c.pieces());
  if (a == "double-binary-tree") return double_binary_tree_broadcast_plan(t, c.root(), c.pieces());
  if (a == "swing" && c.kind() == Kind::AllGather)
    if (const auto* p = network_as<Product>(t); p && swing_applies(*p))
      return swing_all_gather_plan(*p);
  return std::nullopt;
}

/// Swing's bound for its reduce-scatter, or twice it for the all-reduce: the exchanges' hops,
/// or where a ring of odd size is folded, every routed send's hops (none over the generator's
/// kReduceScatterMaxNodes: the sends are not laid out there).
std::optional<PaperBound> swing_bound(const Product& p, bool twice) {
  const std::uint64_t times = twice ? 2 : 1;
  if (swing_folds(p)) {
    if (p.num_nodes() > kReduceScatterMaxNodes) return std::nullopt;
    return PaperBound{times * swing_routed_hops(p),
                      std::string(twice ? "2 x " : "") +
                          "the routed sends' hops, folds and relays too (every step moves one)",
                      kSource, std::nullopt};
  }
  return PaperBound{times * swing_exchange_hops(p),
                    std::string(twice ? "2 x " : "") +
                        "the exchanges' hops (an exchange of h hops takes h steps" +
                        (twice ? ", twice)" : ")"),
                    kSource, std::nullopt};
}

/// The stated bound, under kSource whatever the algorithm's origin.
std::optional<PaperBound> stated(const Network& t, const Collective& c, const std::string& a) {
  const std::uint64_t nodes = t.num_nodes();
  // a reduce of pieces is a broadcast's schedule run backwards: at most the broadcast's steps
  const bool one_root =
      c.kind() == Collective::Kind::Broadcast || c.kind() == Collective::Kind::Reduce;
  if (a == "direct" && c.kind() == Collective::Kind::TotalExchange)
    return PaperBound{1, "1 (every block at once, routed)", kSource, std::nullopt};
  if (a.starts_with("routed-"))
    if (const auto plan = embedded_plan(t, c, a.substr(std::string_view("routed-").size())))
      return PaperBound{plan->rounds.size(), "the plan's rounds (a routed step each)", kSource,
                        std::nullopt};
  if (const auto plan = embedded_plan(t, c, a))
    return PaperBound{embedded_hops(t, plan->rounds, plan->order),
                      "the routed sends' hops (a list schedule's every step holds one)", kSource,
                      std::nullopt};
  if (a == "recursive-doubling" || a == "recursive-halving" || a == "rabenseifner" ||
      a == "all-port-dimension" || a == "pipelined-dimension-prefix") {
    std::uint64_t n = 0;
    while ((std::uint64_t{1} << n) < nodes) ++n;
    if (a == "rabenseifner")
      return PaperBound{2 * n, "2n (halving, then doubling)", kSource, std::nullopt};
    if (a == "pipelined-dimension-prefix")
      return PaperBound{c.pieces() + n - 1, "p + n - 1 (piece k crosses dimension b in step k + b)",
                        kSource, std::nullopt};
    return PaperBound{n, "n = log2 N (one dimension per step)", kSource, std::nullopt};
  }
  if (a == "swing" && c.kind() != Collective::Kind::AllGather)
    if (const auto* p = network_as<Product>(t); p && swing_applies(*p))
      return swing_bound(*p, c.kind() != Collective::Kind::ReduceScatter);
  if (a == "chain" && c.kind() != Collective::Kind::Prefix)  // the prefix's: none, measured
    return PaperBound{nodes - 2 + c.pieces(), "N-2+p (the pipe fills, then a piece a step)",
                      kSource, std::nullopt};
  if (a == "rarest-first" && one_root) {
    // a node that lacks a piece its BFS parent holds takes at least one piece that step, so a
    // node at depth d holds min(p, t - d + 1) pieces after step t (induction on t)
    const Csr g(t, 1);
    return PaperBound{c.pieces() + eccentricity(g, c.root().v) - 1,
                      "p + ecc(root) - 1 (a node at depth d holds min(p, t-d+1) pieces after "
                      "step t: its parent has one it lacks)",
                      kSource, std::nullopt};
  }
  if (a == "arborescences" && one_root) {
    // a tree given n pieces takes n + depth - 1 steps; a piece goes where it ends soonest, so
    // no tree ends later than all p pieces down one tree of depth at most N - 1 would; on a
    // hypercube the n trees are all n + 1 deep, on a 2-D torus the four a + b - 1, so they take
    // the pieces in turn
    if (const auto n = hypercube_trees_dims(t))
      return PaperBound{(c.pieces() + *n - 1) / *n + *n,
                        "ceil(p/n) + n (Johnsson and Ho's n trees, each n + 1 deep, take the "
                        "pieces in turn)",
                        kSource, std::nullopt};
    if (const auto sides = torus_trees_sides(t))
      return PaperBound{(c.pieces() + 3) / 4 + sides->first + sides->second - 2,
                        "ceil(p/4) + a + b - 2 (four trees, each a + b - 1 deep, take the pieces "
                        "in turn)",
                        kSource, std::nullopt};
    return PaperBound{c.pieces() + nodes - 2,
                      "p + N - 2 (p pieces down one tree of depth at most N - 1, a step apart)",
                      kSource, std::nullopt};
  }
  if (a == "ring" && c.kind() == Collective::Kind::AllReduce)
    return PaperBound{2 * (nodes - 1), "2(N-1) (round the ring twice)", kSource, std::nullopt};
  if (a == "ring") return PaperBound{nodes - 1, "N-1 (once round the ring)", kSource, std::nullopt};
  if (a == "tree-reduce-scatter") {
    const std::uint64_t n = t.num_nodes();
    return PaperBound{n * (n - 1), "N(N-1) (every step completes a task)", kSource, std::nullopt};
  }
  const bool tree_once = a == "tree-scatter" || a == "tree-gather" || a == "tree-reduce" ||
                         (a == "greedy" && c.kind() == Collective::Kind::Broadcast);
  const bool tree_twice = a == "tree-all-gather" || a == "tree-all-reduce";
  const bool exchange = a == "greedy" && c.kind() == Collective::Kind::TotalExchange;
  if (!tree_once && !tree_twice && !exchange && a != "flood" && a != "balanced" &&
      a != "packed-trees" && a != "bfb")
    return std::nullopt;
  const Csr g(t, 1);
  if (tree_once) {
    const std::uint32_t ecc = eccentricity(g, c.root().v);
    return PaperBound{tree_rounds(g, ecc), "min(N-1, ecc(root) x max degree)", kSource,
                      std::nullopt};
  }
  const DistanceStats st = distances_all_sources(g, 1);
  if (!st.connected) return std::nullopt;
  if (a == "bfb" && c.kind() == Collective::Kind::AllReduce)
    return PaperBound{2 * st.diameter, "twice the diameter (BFB's levels up, then down)", kSource,
                      std::nullopt};
  if (a == "bfb")
    return PaperBound{st.diameter,
                      "the diameter (a node takes the blocks s+1 links away in step s)", kSource,
                      std::nullopt};
  if (a == "flood" && c.kind() == Collective::Kind::AllReduce)
    return PaperBound{2 * st.diameter, "twice the diameter (up the trees, then down)", kSource,
                      std::nullopt};
  if (a == "flood")
    return PaperBound{st.diameter, "the diameter (a BFS level per step)", kSource, std::nullopt};
  if (a == "packed-trees" && c.kind() == Collective::Kind::AllReduce)
    return PaperBound{2 * (st.diameter + 2), "twice the diameter + 2 (up the trees, then down)",
                      kSource, std::nullopt};
  if (a == "packed-trees" && one_root) {
    // the pipeline of pieces: the diameter + ceil(pieces (N-1) / directed links) + 1
    const std::uint64_t arcs = g.num_arcs();
    const std::uint64_t spread = (c.pieces() * (nodes - 1) + arcs - 1) / arcs;
    return PaperBound{st.diameter + spread + 1,
                      "the diameter + ceil(p(N-1) / directed links) + 1 (a pipeline of pieces)",
                      kSource, std::nullopt};
  }
  if (a == "packed-trees")
    return PaperBound{st.diameter + 2, "the diameter + 2 (the step counts the packing tries)",
                      kSource, std::nullopt};
  if (a == "balanced")
    return PaperBound{st.diameter + 2, "the diameter + 2 (the step counts the packing tries)",
                      kSource, std::nullopt};
  if (tree_twice)
    return PaperBound{2 * tree_rounds(g, st.diameter), "2 min(N-1, diameter x max degree)", kSource,
                      std::nullopt};
  return PaperBound{static_cast<std::uint64_t>(st.distance_sum), "sum of distances d(x,y)", kSource,
                    std::nullopt};
}

}  // namespace

std::optional<PaperBound> bound(const Network& t, const Collective& c, const std::string& a) {
  auto b = stated(t, c, a);
  const AlgorithmInfo* row = find_algorithm(c.name(), a);
  if (b && row && row->origin.starts_with("textbook")) b->source = kTextbookSource;
  return b;
}

}  // namespace netsched::papers::generic
