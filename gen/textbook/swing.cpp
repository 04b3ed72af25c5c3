// Swing (De Sensi, Bonato, Saam and Hoefler, "Swing: Short-cutting Rings for Higher Bandwidth
// Allreduce", NSDI 2024) on tori: a reduce-scatter and an all-gather like Rabenseifner's (and
// each alone), whose peers swing between directions so that the large early messages travel
// one hop. In step s of a ring dimension a node of even coordinate pairs with the node rho(s)
// ahead, an odd one with the node rho(s) behind, rho(s) = 1 - 2 + 4 - ... (s+1 terms): 1, -1,
// 3, -5, 11, ... (mod the ring's size, the shorter way round). Dimensions take turns, each for
// ceil(log2 size) steps. Peers that are not neighbours are reached along the ring,
// store-and-forward (gen/combine/routed.hpp): an exchange of h hops takes h steps, since in hop
// k a node forwards the copy moving one way if its coordinate minus k is even and the one moving
// the other way otherwise, one send and one receive each.
//
// On 2^k nodes a node and its peer never hold the same block when they meet in the all-gather;
// on other even sizes (a pairing needs an even size: the peer of an even coordinate is odd) they
// may, so a node sends only the blocks its peer lacks. Every block then reaches every node once,
// along a tree, in the same ceil(log2 size) steps a dimension (the plan checks it;
// tests/gen/test_textbook.cpp tries every even ring to 200), and the reduce-scatter runs those
// trees backwards.
#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <stdexcept>
#include <string>

#include "core/errors.hpp"
#include "gen/combine/program.hpp"
#include "gen/combine/routed.hpp"
#include "gen/textbook/embedding.hpp"
#include "gen/textbook/textbook.hpp"

namespace netsched {
namespace {

/// rho(s) = sum_{i=0}^{s} (-2)^i.
std::int64_t rho(std::uint32_t s) {
  std::int64_t sum = 0, term = 1;
  for (std::uint32_t i = 0; i <= s; ++i, term *= -2) sum += term;
  return sum;
}

std::uint32_t ceil_log2(std::uint32_t size) {
  std::uint32_t k = 0;
  while ((std::uint32_t{1} << k) < size) ++k;
  return k;
}

/// One step of the swing: the dimension and its own step count there.
struct SwingStep {
  std::size_t dim = 0;
  std::uint32_t turn = 0;
};

/// Dimensions in turn, each for ceil(log2(size)) steps.
std::vector<SwingStep> swing_steps(const Product& t) {
  std::vector<std::uint32_t> left(t.dims()), done(t.dims(), 0);
  for (std::size_t d = 0; d < t.dims(); ++d) left[d] = ceil_log2(t.factors()[d].size);
  std::vector<SwingStep> steps;
  for (bool more = true; more;) {
    more = false;
    for (std::size_t d = 0; d < t.dims(); ++d)
      if (done[d] < left[d]) steps.push_back({d, done[d]++}), more = true;
  }
  return steps;
}

/// The path from u to its peer in `step`: along the ring dimension, rho hops in the direction
/// of u's parity there, or the size less that the other way where that is shorter (the peer
/// itself in a complete factor).
std::vector<std::uint32_t> peer_path(const Product& t, std::uint32_t u, SwingStep step) {
  const auto& f = t.factors()[step.dim];
  const std::int64_t size = f.size, c = t.coord(u, step.dim);
  const std::int64_t ahead = ((rho(step.turn) % size) + size) % size;  // 0 .. size-1
  const std::int64_t forward = 2 * ahead > size ? ahead - size : ahead;
  const std::int64_t shift = c % 2 == 0 ? forward : -forward;
  const auto node_at = [&](std::int64_t coord) {
    const std::int64_t wrapped = ((coord % size) + size) % size;
    return static_cast<std::uint32_t>(static_cast<std::int64_t>(u) +
                                      (wrapped - c) *
                                          static_cast<std::int64_t>(t.stride(step.dim)));
  };
  std::vector<std::uint32_t> path{u};
  const bool direct = f.kind == Factor::Kind::Complete || size == 2;
  const std::int64_t dir = shift > 0 ? 1 : -1;
  for (std::int64_t h = direct ? std::abs(shift) : 1; h <= std::abs(shift); ++h)
    path.push_back(node_at(c + dir * h));
  return path;
}

/// sent[s][u]: the blocks u passes its peer in step s of the all-gather (which takes the steps
/// last to first), those it holds and the peer does not. The reduce-scatter takes the steps
/// first to last and in step s sends the peer the partial sums of sent[s][peer], the blocks u
/// had from the peer.
using BlockSends = std::vector<std::vector<std::vector<std::uint32_t>>>;

BlockSends all_gather_sends(const Product& t, const std::vector<SwingStep>& steps) {
  const auto n = static_cast<std::uint32_t>(t.num_nodes());
  std::vector<std::vector<std::uint32_t>> held(n);
  for (std::uint32_t u = 0; u < n; ++u) held[u] = {u};
  BlockSends sent(steps.size(), std::vector<std::vector<std::uint32_t>>(n));
  std::vector<std::uint32_t> merged;
  for (std::size_t s = steps.size(); s-- > 0;) {
    std::vector<std::uint32_t> peer(n);
    for (std::uint32_t u = 0; u < n; ++u) {
      peer[u] = peer_path(t, u, steps[s]).back();
      std::set_difference(held[u].begin(), held[u].end(), held[peer[u]].begin(),
                          held[peer[u]].end(), std::back_inserter(sent[s][u]));
    }
    for (std::uint32_t u = 0; u < n; ++u) {
      merged.clear();
      std::merge(held[u].begin(), held[u].end(), sent[s][peer[u]].begin(), sent[s][peer[u]].end(),
                 std::back_inserter(merged));
      held[u].swap(merged);
    }
  }
  for (std::uint32_t u = 0; u < n; ++u)
    if (held[u].size() != n)
      throw std::logic_error("swing: node " + std::to_string(u) + " ends with " +
                             std::to_string(held[u].size()) + " of " + std::to_string(n) +
                             " blocks");
  return sent;
}

}  // namespace

std::uint64_t swing_exchange_hops(const Product& t) {
  std::uint64_t hops = 0;
  for (const auto step : swing_steps(t)) hops += peer_path(t, 0, step).size() - 1;
  return hops;
}

bool swing_applies(const Product& t) {
  for (const auto& f : t.factors())
    if (f.size < 2 || f.size % 2 != 0 || (f.kind == Factor::Kind::Path && f.size > 2)) return false;
  return true;
}

namespace {

/// The steps and responsibilities of Swing on t, after checking that it applies.
struct SwingPlan {
  std::vector<SwingStep> steps;
  BlockSends sent;
};

SwingPlan swing_plan(const Product& t, std::uint64_t node_limit, const char* limit_name) {
  if (!swing_applies(t))
    throw InputError(
        "swing needs a product of rings, complete graphs or links of even sizes (an odd "
        "ring's coordinates do not pair up: Swing's extra step for them is not implemented); " +
        t.spec() + " is not");
  check_nodes(t, "swing", node_limit, limit_name);
  SwingPlan plan{swing_steps(t), {}};
  plan.sent = all_gather_sends(t, plan.steps);
  return plan;
}

std::uint16_t reg(std::uint32_t r) { return static_cast<std::uint16_t>(r); }

/// Exchange s as register copies: u sends its peer registers first + j, applied with `op`, for
/// the blocks j the peer passed u in the all-gather (`peers_blocks`: the reduce-scatter,
/// combining partial sums) or those u passes it (the all-gather, setting sums).
void exchange(RegisterProgram& p, const Product& t, const SwingPlan& plan, std::size_t s,
              bool peers_blocks, std::uint32_t first, RegOp op, std::uint16_t transit) {
  const auto n = static_cast<std::uint32_t>(t.num_nodes());
  std::vector<RoutedCopy> copies;
  for (std::uint32_t u = 0; u < n; ++u) {
    RoutedCopy c{peer_path(t, u, plan.steps[s]), {}, op};
    for (const std::uint32_t j : plan.sent[s][peers_blocks ? c.path.back() : u])
      c.regs.emplace_back(reg(first + j), reg(first + j));
    copies.push_back(std::move(c));
  }
  routed_phase(p, n, copies, transit);
}

/// The reduce-scatter (block j in register first + j): afterwards u holds the sum of block u.
void reduce_scatter_phases(RegisterProgram& p, const Product& t, const SwingPlan& plan,
                           std::uint32_t first, std::uint16_t transit) {
  for (std::size_t s = 0; s < plan.steps.size(); ++s)
    exchange(p, t, plan, s, true, first, RegOp::Combine, transit);
}

}  // namespace

Schedule swing_reduce_scatter(const Product& t) {
  const SwingPlan plan = swing_plan(t, kReduceScatterMaxNodes, "kReduceScatterMaxNodes");
  const auto n = static_cast<std::uint32_t>(t.num_nodes());
  RegisterProgram p(t, Collective::reduce_scatter(n), block_registers(n), "swing");
  reduce_scatter_phases(p, t, plan, 0, reg(n));
  return p.finish();
}

EmbeddedPlan swing_all_gather_plan(const Product& t) {
  const SwingPlan plan = swing_plan(t, kEmbedMaxNodes, "kEmbedMaxNodes");
  const auto n = static_cast<std::uint32_t>(t.num_nodes());
  EmbeddedPlan out{Collective::all_gather(n), {}, {}};
  for (std::uint32_t u = 0; u < n; ++u) out.order.push_back(u);  // rank u is node u
  // the reduce-scatter's steps in reverse: u passes on the blocks its peer lacks
  for (std::size_t s = plan.steps.size(); s-- > 0;) {
    auto& round = out.rounds.emplace_back();
    for (std::uint32_t u = 0; u < n; ++u) {
      const auto& sent = plan.sent[s][u];
      round.push_back({u, peer_path(t, u, plan.steps[s]).back(), {sent.begin(), sent.end()}});
    }
  }
  return out;
}

Schedule swing_all_reduce(const Product& t) {
  const SwingPlan plan = swing_plan(t, kReduceScatterMaxNodes, "kReduceScatterMaxNodes");
  const auto n = static_cast<std::uint32_t>(t.num_nodes());
  RegisterProgram p(t, Collective::vector_all_reduce(n, n), piece_registers(n), "swing");
  const auto transit = reg(2 * n);
  reduce_scatter_phases(p, t, plan, 0, transit);
  // u holds the sum of piece u: its output, sent back along the steps in reverse
  for (std::uint32_t u = 0; u < n; ++u) p.set(reg(n + u), reg(u), {{u, u}});
  for (std::size_t s = plan.steps.size(); s-- > 0;)
    exchange(p, t, plan, s, false, n, RegOp::Set, transit);
  return p.finish();
}

}  // namespace netsched
