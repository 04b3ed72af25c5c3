#pragma once
/// Bisection width: the fewest links whose removal splits the nodes into two halves (sizes
/// floor(N/2) and ceil(N/2)). Exact by Z3 Optimize on small networks, with the witness cut;
/// larger ones get an upper bound from explicit cuts.
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

/// Exact for at most kMaxExactBisection nodes (unless Z3 gives up: "unknown" with the best cut
/// it had), otherwise "upper_bound" from the cut of the id halves.
Bisection bisection_width(const Network& t, unsigned timeout_ms = kDefaultSolverTimeoutMs);

std::string to_string(Bisection::Kind k);

/// Links crossing the cut.
std::uint64_t cut_size(const Graph& g, const std::vector<char>& side);

}  // namespace netsched
