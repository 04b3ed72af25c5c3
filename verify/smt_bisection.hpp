#pragma once
/// Bisection width: the fewest links whose removal splits the nodes into two halves (sizes
/// floor(N/2) and ceil(N/2)). Exact by Z3 Optimize on small networks, with the witness cut;
/// larger ones get an upper bound from the best cut a local search finds.
#include <string>
#include <vector>

#include "core/network.hpp"
#include "core/verdict.hpp"

namespace netsched {

struct Bisection {
  /// Exact (Z3 Optimize proved the minimum), UpperBound (a cut, no search), Unknown (Z3 gave up;
  /// width is its best cut).
  enum class Kind { Exact, UpperBound, Unknown };
  Kind result = Kind::Unknown;
  std::uint64_t width = 0;  ///< the exact width, or the best upper bound
  std::vector<char> side;   ///< the witness cut: side[v] in {0, 1}
  double seconds = 0;
};

/// Nodes up to which Z3 Optimize is asked for the exact width.
inline constexpr std::uint64_t kMaxExactBisection = 64;
/// Nodes up to which a local search looks for a small cut (beyond: the id halves only).
inline constexpr std::uint64_t kMaxCutSearchNodes = std::uint64_t{1} << 20;

/// Exact for at most kMaxExactBisection nodes (unless Z3 gives up: "unknown" with the best cut
/// it had), otherwise "upper_bound": up to kMaxCutSearchNodes the smallest balanced cut a local
/// search finds (verify/cut_search.hpp), re-counted; beyond, the cut of the id halves.
Bisection bisection_width(const Network& t, unsigned timeout_ms = kDefaultSolverTimeoutMs);

std::string to_string(Bisection::Kind k);

/// Links crossing the cut.
std::uint64_t cut_size(const Graph& g, const std::vector<char>& side);

}  // namespace netsched
