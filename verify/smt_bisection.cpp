// Exact when the congestion bound (verify/bisection_bound) meets the best cut a local search
// finds. Otherwise, on small networks, Z3 Optimize: Bool s_v (the side of v); sum_v s_v =
// floor(N/2); minimise the number of links (u,v) with s_u != s_v. Symmetry: node 0 is on side 0
// when N is even (swapping the sides maps any bisection to one that has it there). A cut below
// the congestion bound would prove one of the two wrong: it is an internal error.
#include "verify/smt_bisection.hpp"

#include <z3++.h>

#include <chrono>
#include <optional>
#include <stdexcept>

#include "verify/bisection_bound.hpp"
#include "verify/cut_search.hpp"

namespace netsched {

std::string to_string(Bisection::Kind k) {
  switch (k) {
    case Bisection::Kind::Exact:
      return "exact";
    case Bisection::Kind::UpperBound:
      return "upper_bound";
    case Bisection::Kind::Unknown:
      return "unknown";
  }
  return "?";
}

std::uint64_t cut_size(const Graph& g, const std::vector<char>& side) {
  std::uint64_t cut = 0;
  std::vector<NodeId> nb;
  for (std::uint32_t u = 0; u < g.num_nodes(); ++u) {
    g.neighbors(NodeId(u), nb);
    for (NodeId v : nb)
      if (v.v > u && side[u] != side[v.v]) ++cut;
  }
  return cut;
}

namespace {

/// Z3 Optimize's least balanced cut (nullopt if it gives up within the timeout).
std::optional<std::vector<char>> z3_least_cut(const Network& t, unsigned timeout_ms) {
  const std::uint64_t n = t.num_nodes();
  z3::context ctx;
  z3::optimize opt(ctx);
  z3::params p(ctx);
  p.set("timeout", timeout_ms);
  opt.set(p);
  std::vector<z3::expr> s;
  z3::expr_vector ones(ctx);
  for (std::uint64_t v = 0; v < n; ++v) {
    s.push_back(ctx.bool_const(("side_" + std::to_string(v)).c_str()));
    ones.push_back(z3::ite(s.back(), ctx.int_val(1), ctx.int_val(0)));
  }
  opt.add(z3::sum(ones) == ctx.int_val(static_cast<int>(n / 2)));
  if (n % 2 == 0) opt.add(!s[0]);
  z3::expr_vector crossing(ctx);
  std::vector<NodeId> nb;
  for (std::uint32_t u = 0; u < n; ++u) {
    t.neighbors(NodeId(u), nb);
    for (NodeId v : nb)
      if (v.v > u) crossing.push_back(z3::ite(s[u] != s[v.v], ctx.int_val(1), ctx.int_val(0)));
  }
  const z3::expr cut = crossing.empty() ? ctx.int_val(0) : z3::sum(crossing);
  opt.minimize(cut);
  if (opt.check() != z3::sat) return std::nullopt;
  const z3::model m = opt.get_model();
  std::vector<char> side(n, 0);
  for (std::uint64_t v = 0; v < n; ++v) side[v] = m.eval(s[v], true).is_true() ? 1 : 0;
  return side;
}

}  // namespace

Bisection bisection_width(const Network& t, unsigned timeout_ms) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::uint64_t n = t.num_nodes();
  Bisection out;
  out.result = Bisection::Kind::UpperBound;
  if (n >= 2 && n <= kMaxCutSearchNodes) {  // the best cut local search finds
    auto cut = search_balanced_cut(Csr(t));
    out.width = cut.width;
    out.side = std::move(cut.side);
  } else {  // the id halves
    out.side.assign(n, 0);
    for (std::uint64_t v = n / 2; v < n; ++v) out.side[v] = 1;
    out.width = cut_size(t, out.side);
  }
  if (n <= kMaxCongestionBoundNodes) out.lower_bound = congestion_bisection_bound(t).width;
  auto check_bound = [&out] {
    if (out.width < out.lower_bound)
      throw std::logic_error("a balanced cut of " + std::to_string(out.width) +
                             " links, below the congestion bound " +
                             std::to_string(out.lower_bound));
  };
  check_bound();
  if (out.lower_bound == out.width) {
    out.result = Bisection::Kind::Exact;
    out.proof = "congestion";
  } else if (n <= kMaxExactBisection && n >= 2) {
    if (auto side = z3_least_cut(t, timeout_ms)) {
      out.side = std::move(*side);
      out.width = cut_size(t, out.side);
      check_bound();
      out.lower_bound = out.width;
      out.result = Bisection::Kind::Exact;
      out.proof = "z3";
    } else {
      out.result = Bisection::Kind::Unknown;
    }
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace netsched
