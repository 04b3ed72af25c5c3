// Swing (De Sensi, Bonato, Saam and Hoefler, "Swing: Short-cutting Rings for Higher Bandwidth
// Allreduce", NSDI 2024) on tori: a reduce-scatter and an all-gather like Rabenseifner's (and
// each alone), whose peers swing between directions so that the large early messages travel
// one hop. In step s of a ring dimension a node of even coordinate pairs with the node rho(s)
// ahead, an odd one with the node rho(s) behind, rho(s) = 1 - 2 + 4 - ... (s+1 terms): 1, -1,
// 3, -5, 11, ... (mod the ring's size, the shorter way round). Dimensions take turns, each for
// ceil(log2 size) steps. Peers that are not neighbours are reached along the ring,
// store-and-forward (gen/plan/routed.hpp): an exchange of h hops takes h steps, since in hop
// k a node forwards the copy moving one way if its coordinate minus k is even and the one moving
// the other way otherwise, one send and one receive each.
//
// On 2^k nodes a node and its peer never hold the same block when they meet in the all-gather;
// on other even sizes (a pairing needs an even size: the peer of an even coordinate is odd) they
// may, so a node sends only the blocks its peer lacks. Every block then reaches every node once,
// along a tree, in the same ceil(log2 size) steps a dimension (the plan checks it;
// tests/gen/test_textbook.cpp tries every even ring to 200), and the reduce-scatter runs those
// trees backwards.
//
// An odd ring's coordinates do not pair up. Its last coordinate is folded into the one before
// (Swing's extra step): in the all-gather it hands its block over first and takes every block
// it lacks last, and in between it only relays the exchanges that cross it, so the others swing
// on an even ring whose link across it is two hops. The all-gather's rounds, folds included,
// are one list; the reduce-scatter runs it backwards, each send reversed, so the folded node
// first hands over the partial sums of the blocks it does not keep and last takes its own sum.
#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <stdexcept>
#include <string>

#include "core/errors.hpp"
#include "gen/plan/embedding.hpp"
#include "gen/plan/program.hpp"
#include "gen/plan/routed.hpp"
#include "gen/plan/schedule_kit.hpp"
#include "gen/plan/stated.hpp"
#include "gen/reduce_scatter/reduce_scatter.hpp"

namespace netsched {
namespace {

/// rho(s) = sum_{i=0}^{s} (-2)^i.
std::int64_t rho(std::uint32_t s) {
  std::int64_t sum = 0, term = 1;
  for (std::uint32_t i = 0; i <= s; ++i, term *= -2) sum += term;
  return sum;
}

/// One step of the swing: the dimension and its own step count there.
struct SwingStep {
  std::size_t dim = 0;
  std::uint32_t turn = 0;
};

/// Where Swing runs on t: each dimension's ring of an even size, an odd one less its last
/// coordinate, which is folded into the one before (Swing's extra step: it hands its data on
/// before the exchanges and takes the result back after them) and relays the exchanges that
/// cross it.
class SwingGeometry {
 public:
  explicit SwingGeometry(const Product& t) : t_(t) {
    for (std::size_t d = 0; d < t.dims(); ++d) {
      const std::uint32_t size = t.factors()[d].size;
      ring_.push_back(size - size % 2);
      if (size % 2 != 0) folded_.push_back(d);
    }
  }
  const Product& product() const { return t_; }
  /// The dimensions of odd size, in the order their folds go.
  const std::vector<std::size_t>& folded_dims() const { return folded_; }
  /// Whether u still takes part once the first `folds` folded dimensions are folded.
  bool active(std::uint32_t u, std::size_t folds) const {
    for (std::size_t i = 0; i < folds && i < folded_.size(); ++i)
      if (t_.coord(u, folded_[i]) == ring_[folded_[i]]) return false;
    return true;
  }
  /// Dimensions in turn, each for ceil(log2(ring size)) steps.
  std::vector<SwingStep> steps() const {
    std::vector<std::uint32_t> left(t_.dims()), done(t_.dims(), 0);
    for (std::size_t d = 0; d < t_.dims(); ++d) left[d] = ceil_log2(ring_[d]);
    std::vector<SwingStep> out;
    for (bool more = true; more;) {
      more = false;
      for (std::size_t d = 0; d < t_.dims(); ++d)
        if (done[d] < left[d]) out.push_back({d, done[d]++}), more = true;
    }
    return out;
  }
  /// The path from u to its peer in `step`: along the ring dimension, rho hops in the direction
  /// of u's parity there, or the ring's size less that the other way where that is shorter (the
  /// peer itself in a complete factor); an odd ring's folded coordinate relays a hop across it.
  std::vector<std::uint32_t> peer_path(std::uint32_t u, SwingStep step) const {
    const auto& f = t_.factors()[step.dim];
    const std::int64_t size = ring_[step.dim], c = t_.coord(u, step.dim);
    const std::int64_t ahead = ((rho(step.turn) % size) + size) % size;  // 0 .. size-1
    const std::int64_t forward = 2 * ahead > size ? ahead - size : ahead;
    const std::int64_t shift = c % 2 == 0 ? forward : -forward;
    const auto node_at = [&](std::int64_t coord) {  // a coordinate of the factor itself
      return static_cast<std::uint32_t>(static_cast<std::int64_t>(u) +
                                        (coord - c) *
                                            static_cast<std::int64_t>(t_.stride(step.dim)));
    };
    const auto wrap = [&](std::int64_t coord) { return ((coord % size) + size) % size; };
    const std::int64_t dir = shift > 0 ? 1 : -1, folded = f.size - 1;
    std::vector<std::uint32_t> path{u};
    if (f.kind == Factor::Kind::Complete || size == 2) {
      path.push_back(node_at(wrap(c + shift)));
      return path;
    }
    for (std::int64_t h = 1; h <= std::abs(shift); ++h) {
      const std::int64_t from = wrap(c + dir * (h - 1)), to = wrap(c + dir * h);
      if (folded == size && std::abs(to - from) != 1) path.push_back(node_at(folded));
      path.push_back(node_at(to));
    }
    return path;
  }

 private:
  const Product& t_;
  std::vector<std::uint32_t> ring_;  ///< the ring each dimension swings on (even)
  std::vector<std::size_t> folded_;  ///< the dimensions of odd size
};

/// A send of Swing's all-gather: along its path, the blocks its receiver lacks.
struct SwingSend {
  std::vector<std::uint32_t> path;  ///< sender first, receiver last
  std::vector<std::uint32_t> blocks;
};
/// The all-gather's rounds, in order. The reduce-scatter runs them last to first, each send
/// backwards: the receiver passes the sender the partial sums of the blocks it had from it.
using SwingRounds = std::vector<std::vector<SwingSend>>;

/// Blocks held by each node as the all-gather goes (each node's own at first).
class HeldBlocks {
 public:
  explicit HeldBlocks(std::uint32_t n) : held_(n) {
    for (std::uint32_t u = 0; u < n; ++u) held_[u] = {u};
  }
  /// A round of sends along `paths` (a node receiving at most one), each carrying what its
  /// sender holds and its receiver lacks, taken in once the round is over.
  std::vector<SwingSend> round(std::vector<std::vector<std::uint32_t>> paths) {
    std::vector<SwingSend> out;
    for (auto& path : paths) {
      SwingSend x{std::move(path), {}};
      const auto& mine = held_[x.path.front()];
      const auto& theirs = held_[x.path.back()];
      std::set_difference(mine.begin(), mine.end(), theirs.begin(), theirs.end(),
                          std::back_inserter(x.blocks));
      out.push_back(std::move(x));
    }
    std::vector<std::uint32_t> merged;
    for (const SwingSend& x : out) {
      auto& theirs = held_[x.path.back()];
      merged.clear();
      std::merge(theirs.begin(), theirs.end(), x.blocks.begin(), x.blocks.end(),
                 std::back_inserter(merged));
      theirs.swap(merged);
    }
    return out;
  }
  /// logic_error unless every node ends with every block.
  void check_complete() const {
    for (std::uint32_t u = 0; u < held_.size(); ++u)
      if (held_[u].size() != held_.size())
        throw std::logic_error("swing: node " + std::to_string(u) + " ends with " +
                               std::to_string(held_[u].size()) + " of " +
                               std::to_string(held_.size()) + " blocks");
  }

 private:
  std::vector<std::vector<std::uint32_t>> held_;
};

/// The all-gather's rounds: the folds (each folded node hands what it holds to the node before
/// it), the reduce-scatter's exchanges last to first among the nodes left (a node passing its
/// peer the blocks the peer lacks), then the folds undone in reverse (the node before hands the
/// folded one every block it lacks).
SwingRounds swing_rounds(const SwingGeometry& g) {
  const Product& t = g.product();
  const auto n = static_cast<std::uint32_t>(t.num_nodes());
  const auto& folds = g.folded_dims();
  HeldBlocks held(n);
  SwingRounds rounds;
  const auto fold_paths = [&](std::size_t i, bool undo) {
    std::vector<std::vector<std::uint32_t>> paths;
    for (std::uint32_t u = 0; u < n; ++u)
      if (g.active(u, i) && !g.active(u, i + 1)) {
        const auto before = static_cast<std::uint32_t>(u - t.stride(folds[i]));
        paths.push_back(undo ? std::vector{before, u} : std::vector{u, before});
      }
    return paths;
  };
  for (std::size_t i = 0; i < folds.size(); ++i) rounds.push_back(held.round(fold_paths(i, false)));
  const auto steps = g.steps();
  for (std::size_t s = steps.size(); s-- > 0;) {
    std::vector<std::vector<std::uint32_t>> paths;
    for (std::uint32_t u = 0; u < n; ++u)
      if (g.active(u, folds.size())) paths.push_back(g.peer_path(u, steps[s]));
    rounds.push_back(held.round(std::move(paths)));
  }
  for (std::size_t i = folds.size(); i-- > 0;) rounds.push_back(held.round(fold_paths(i, true)));
  held.check_complete();
  return rounds;
}

}  // namespace

std::uint64_t swing_exchange_hops(const Product& t) {
  const SwingGeometry g(t);
  std::uint64_t hops = 0;
  for (const auto step : g.steps()) hops += g.peer_path(0, step).size() - 1;
  return hops;
}

bool swing_folds(const Product& t) { return !SwingGeometry(t).folded_dims().empty(); }

bool swing_applies(const Product& t) {
  for (const auto& f : t.factors())
    if (f.size < 2 || (f.kind == Factor::Kind::Path && f.size > 2)) return false;
  return true;
}

namespace {

SwingRounds swing_plan(const Product& t, std::uint64_t node_limit, const char* limit_name) {
  if (!swing_applies(t))
    throw InputError("swing needs a product of rings, complete graphs or links; " + t.spec() +
                     " is not");
  check_nodes(t, "swing", node_limit, limit_name);
  return swing_rounds(SwingGeometry(t));
}

std::uint16_t reg(std::uint32_t r) { return static_cast<std::uint16_t>(r); }

/// A round as register copies: the all-gather's sends setting registers first + j for their
/// blocks j (`backwards` false), or the reduce-scatter's, each send backwards combining the
/// partial sums of those blocks.
void copy_round(RegisterProgram& p, std::uint32_t n, const std::vector<SwingSend>& round,
                bool backwards, std::uint32_t first, std::uint16_t transit) {
  std::vector<RoutedCopy> copies;
  for (const SwingSend& x : round) {
    RoutedCopy c{x.path, {}, backwards ? RegOp::Combine : RegOp::Set};
    if (backwards) std::reverse(c.path.begin(), c.path.end());
    for (const std::uint32_t j : x.blocks) c.regs.emplace_back(reg(first + j), reg(first + j));
    copies.push_back(std::move(c));
  }
  // in the order of their senders (routed_phase breaks its ties by the order)
  std::stable_sort(copies.begin(), copies.end(), [](const RoutedCopy& a, const RoutedCopy& b) {
    return a.path.front() < b.path.front();
  });
  routed_phase(p, n, copies, transit);
}

/// The reduce-scatter (block j in register first + j): afterwards u holds the sum of block u.
void reduce_scatter_rounds(RegisterProgram& p, std::uint32_t n, const SwingRounds& rounds,
                           std::uint32_t first, std::uint16_t transit) {
  for (std::size_t r = rounds.size(); r-- > 0;) copy_round(p, n, rounds[r], true, first, transit);
}

}  // namespace

std::uint64_t swing_routed_hops(const Product& t) {
  std::uint64_t hops = 0;
  for (const auto& round : swing_plan(t, kReduceScatterMaxNodes, "kReduceScatterMaxNodes"))
    for (const SwingSend& x : round) hops += x.path.size() - 1;
  return hops;
}

Schedule swing_reduce_scatter(const Product& t) {
  const SwingRounds rounds = swing_plan(t, kReduceScatterMaxNodes, "kReduceScatterMaxNodes");
  const auto n = static_cast<std::uint32_t>(t.num_nodes());
  RegisterProgram p(t, Collective::reduce_scatter(n), block_registers(n), "swing");
  reduce_scatter_rounds(p, n, rounds, 0, reg(n));
  return p.finish();
}

EmbeddedPlan swing_all_gather_plan(const Product& t) {
  const SwingRounds rounds = swing_plan(t, kEmbedMaxNodes, "kEmbedMaxNodes");
  const auto n = static_cast<std::uint32_t>(t.num_nodes());
  EmbeddedPlan out{Collective::all_gather(n), {}, {}};
  for (std::uint32_t u = 0; u < n; ++u) out.order.push_back(u);  // rank u is node u
  for (const auto& round : rounds) {
    auto& logical = out.rounds.emplace_back();
    for (const SwingSend& x : round)
      logical.push_back({x.path.front(), x.path.back(), {x.blocks.begin(), x.blocks.end()}});
  }
  return out;
}

Schedule swing_all_reduce(const Product& t) {
  const SwingRounds rounds = swing_plan(t, kReduceScatterMaxNodes, "kReduceScatterMaxNodes");
  const auto n = static_cast<std::uint32_t>(t.num_nodes());
  RegisterProgram p(t, Collective::vector_all_reduce(n, n), piece_registers(n), "swing");
  const auto transit = reg(2 * n);
  reduce_scatter_rounds(p, n, rounds, 0, transit);
  // u holds the sum of piece u: its output, spread by the all-gather's rounds
  for (std::uint32_t u = 0; u < n; ++u) p.set(reg(n + u), reg(u), {{u, u}});
  for (const auto& round : rounds) copy_round(p, n, round, false, n, transit);
  return p.finish();
}

std::optional<PaperBound> swing_stated_bound(const Network& t, bool twice) {
  const Product* p = swing_product(t);
  if (!p) return std::nullopt;
  const std::uint64_t times = twice ? 2 : 1;
  if (swing_folds(*p)) {
    if (p->num_nodes() > kReduceScatterMaxNodes) return std::nullopt;
    return stated_bound(times * swing_routed_hops(*p),
                        std::string(twice ? "2 x " : "") +
                            "the routed sends' hops, folds and relays too (every step moves one)");
  }
  return stated_bound(times * swing_exchange_hops(*p),
                      std::string(twice ? "2 x " : "") +
                          "the exchanges' hops (an exchange of h hops takes h steps" +
                          (twice ? ", twice)" : ")"));
}

std::optional<PaperBound> swing_embedded_bound(const Network& t) {
  const Product* p = swing_product(t);
  if (!p) return std::nullopt;
  return embedded_bound(t, swing_all_gather_plan(*p));
}

}  // namespace netsched
