#pragma once
/// Small balanced cuts of large networks, by local search. The exact bisection width (Z3,
/// verify/smt_bisection) stops at 64 nodes; a paper's "the bisection width is N/4" on larger
/// instances can still be refuted by one balanced cut with fewer links, and supported (not
/// proven) by failing to find one. The cut returned is a witness anyone can re-count.
#include <cstdint>
#include <vector>

#include "core/graph.hpp"

namespace netsched {

/// Starting partitions and FM passes per start by default (a pass stops early at no gain).
inline constexpr unsigned kCutSearchStarts = 8, kCutSearchPasses = 20;

struct CutSearchOptions {
  unsigned starts = kCutSearchStarts;      ///< BFS balls from spread-out nodes, then random halves
  unsigned max_passes = kCutSearchPasses;  ///< Fiduccia–Mattheyses passes per start
  std::uint64_t seed = 1;  ///< the random starts' seed (the search is deterministic)
};

struct BalancedCut {
  std::uint64_t width = 0;  ///< links crossing the cut
  std::vector<char> side;   ///< side[v] in {0, 1}; sizes floor(N/2) and ceil(N/2)
};

/// The smallest balanced cut found: the id halves, then every start refined by FM passes that
/// move one node at a time, alternating sides so the halves stay balanced, and keep the best
/// prefix of each pass. N >= 2.
BalancedCut search_balanced_cut(const Csr& g, const CutSearchOptions& options = {});

}  // namespace netsched
