#pragma once
/// Bisection width: the fewest links whose removal splits the nodes into two halves (sizes
/// floor(N/2) and ceil(N/2)). Exact, with the witness cut, where the congestion bound
/// (verify/bisection_bound.hpp) meets the best cut a local search finds, or else by Z3 Optimize
/// on small networks; otherwise the best cut found, between the two bounds.
#include <string>
#include <vector>

#include "core/network.hpp"
#include "core/verdict.hpp"

namespace netsched {

struct Bisection {
  /// Exact (proved: see `proof`), UpperBound (a cut, no proof it is least), Unknown (Z3 gave
  /// up; width is the best cut found).
  enum class Kind { Exact, UpperBound, Unknown };
  Kind result = Kind::Unknown;
  std::uint64_t width = 0;        ///< the exact width, or the best upper bound
  std::uint64_t lower_bound = 0;  ///< the congestion bound (or the exact width)
  /// How an exact width was proved: "congestion" (the bound meets the cut) or "z3".
  std::string proof;
  std::vector<char> side;  ///< the witness cut: side[v] in {0, 1}
  double seconds = 0;
};

/// Nodes up to which Z3 Optimize is asked for the exact width.
inline constexpr std::uint64_t kMaxExactBisection = 64;
/// Nodes up to which a local search looks for a small cut (beyond: the id halves only).
inline constexpr std::uint64_t kMaxCutSearchNodes = std::uint64_t{1} << 20;

/// Up to kMaxCutSearchNodes the smallest balanced cut a local search finds
/// (verify/cut_search.hpp), re-counted; beyond, the cut of the id halves. "exact" when the
/// congestion bound (up to kMaxCongestionBoundNodes) equals it; otherwise, for at most
/// kMaxExactBisection nodes, Z3 Optimize's least cut ("unknown" if it gives up within
/// timeout_ms); otherwise "upper_bound".
Bisection bisection_width(const Network& t, unsigned timeout_ms = kDefaultSolverTimeoutMs);

std::string to_string(Bisection::Kind k);

/// Links crossing the cut.
std::uint64_t cut_size(const Graph& g, const std::vector<char>& side);

}  // namespace netsched
