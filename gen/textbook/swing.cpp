// Swing (De Sensi, Bonato, Saam and Hoefler, "Swing: Short-cutting Rings for Higher Bandwidth
// Allreduce", NSDI 2024) on tori: a reduce-scatter and an all-gather like Rabenseifner's (and
// each alone), whose peers swing between directions so that the large early messages travel
// one hop. In step s of a ring dimension a node of even coordinate pairs with the node rho(s)
// ahead, an odd one with the node rho(s) behind, rho(s) = 1 - 2 + 4 - ... (s+1 terms): 1, -1,
// 3, -5, 11, ... Dimensions take turns. Peers that are not neighbours are reached along the ring,
// store-and-forward (gen/combine/routed.hpp): an exchange of h hops takes h steps, since in hop
// k a node forwards the copy moving right if its coordinate minus k is even and the one moving
// left otherwise, one send and one receive each.
#include <algorithm>
#include <cstdlib>

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

std::uint32_t log2_exact(std::uint32_t size) {
  std::uint32_t k = 0;
  while ((std::uint32_t{1} << k) < size) ++k;
  return k;
}

/// One step of the swing: the dimension and its own step count there.
struct SwingStep {
  std::size_t dim = 0;
  std::uint32_t turn = 0;
};

/// Dimensions in turn, each for log2(size) steps.
std::vector<SwingStep> swing_steps(const Product& t) {
  std::vector<std::uint32_t> left(t.dims()), done(t.dims(), 0);
  for (std::size_t d = 0; d < t.dims(); ++d) left[d] = log2_exact(t.factors()[d].size);
  std::vector<SwingStep> steps;
  for (bool more = true; more;) {
    more = false;
    for (std::size_t d = 0; d < t.dims(); ++d)
      if (done[d] < left[d]) steps.push_back({d, done[d]++}), more = true;
  }
  return steps;
}

/// The path from u to its peer in `step`: along the ring dimension, rho hops in the direction
/// of u's parity there (the peer itself in a complete factor).
std::vector<std::uint32_t> peer_path(const Product& t, std::uint32_t u, SwingStep step) {
  const auto& f = t.factors()[step.dim];
  const std::int64_t size = f.size, c = t.coord(u, step.dim);
  const std::int64_t shift = c % 2 == 0 ? rho(step.turn) : -rho(step.turn);
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

/// reach[s][u]: the nodes whose blocks u is responsible for after step s-1 of the
/// reduce-scatter (u and everything its peers of steps s.. reach); each step halves them.
std::vector<std::vector<std::vector<std::uint32_t>>> responsibilities(
    const Product& t, const std::vector<SwingStep>& steps) {
  const auto n = static_cast<std::uint32_t>(t.num_nodes());
  std::vector<std::vector<std::vector<std::uint32_t>>> reach(
      steps.size() + 1, std::vector<std::vector<std::uint32_t>>(n));
  for (std::uint32_t u = 0; u < n; ++u) reach[steps.size()][u] = {u};
  for (std::size_t s = steps.size(); s-- > 0;)
    for (std::uint32_t u = 0; u < n; ++u) {
      const std::uint32_t peer = peer_path(t, u, steps[s]).back();
      auto& r = reach[s][u];
      r = reach[s + 1][u];
      r.insert(r.end(), reach[s + 1][peer].begin(), reach[s + 1][peer].end());
      std::sort(r.begin(), r.end());
      if (std::adjacent_find(r.begin(), r.end()) != r.end())
        throw std::logic_error("swing: the peers of a step overlap");
    }
  return reach;
}

}  // namespace

std::uint64_t swing_exchange_hops(const Product& t) {
  std::uint64_t hops = 0;
  for (const auto step : swing_steps(t)) hops += peer_path(t, 0, step).size() - 1;
  return hops;
}

bool swing_applies(const Product& t) {
  for (const auto& f : t.factors()) {
    const bool power_of_two = f.size >= 2 && (f.size & (f.size - 1)) == 0;
    if (!power_of_two || (f.kind == Factor::Kind::Path && f.size > 2)) return false;
  }
  return true;
}

namespace {

/// The steps and responsibilities of Swing on t, after checking that it applies.
struct SwingPlan {
  std::vector<SwingStep> steps;
  std::vector<std::vector<std::vector<std::uint32_t>>> reach;
};

SwingPlan swing_plan(const Product& t, std::uint64_t node_limit, const char* limit_name) {
  if (!swing_applies(t))
    throw InputError(
        "swing needs a product of rings, complete graphs or links whose sizes are "
        "powers of two; " +
        t.spec() + " is not");
  check_nodes(t, "swing", node_limit, limit_name);
  SwingPlan plan{swing_steps(t), {}};
  plan.reach = responsibilities(t, plan.steps);
  return plan;
}

std::uint16_t reg(std::uint32_t r) { return static_cast<std::uint16_t>(r); }

/// Exchange s as register copies: u sends its peer registers first + j, applied with `op`, for
/// the blocks j the peer keeps after it (`peers_blocks`: the reduce-scatter, combining partial
/// sums) or those u holds after it (the all-gather, setting sums).
void exchange(RegisterProgram& p, const Product& t, const SwingPlan& plan, std::size_t s,
              bool peers_blocks, std::uint32_t first, RegOp op, std::uint16_t transit) {
  const auto n = static_cast<std::uint32_t>(t.num_nodes());
  std::vector<RoutedCopy> copies;
  for (std::uint32_t u = 0; u < n; ++u) {
    RoutedCopy c{peer_path(t, u, plan.steps[s]), {}, op};
    for (const std::uint32_t j : plan.reach[s + 1][peers_blocks ? c.path.back() : u])
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
  // the reduce-scatter's steps in reverse: u passes on the blocks it holds
  for (std::size_t s = plan.steps.size(); s-- > 0;) {
    auto& round = out.rounds.emplace_back();
    for (std::uint32_t u = 0; u < n; ++u) {
      const auto& held = plan.reach[s + 1][u];
      round.push_back({u, peer_path(t, u, plan.steps[s]).back(), {held.begin(), held.end()}});
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
