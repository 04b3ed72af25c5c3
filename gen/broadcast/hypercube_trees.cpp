#include "gen/broadcast/broadcast.hpp"
// Johnsson and Ho's n edge-disjoint spanning binomial trees of hypercube(n) ("Optimum Broadcasting
// and Personalized Communication in Hypercubes", IEEE Trans. Computers 38(9), 1989): the
// arborescences of a hypercube's broadcast, written down at once instead of built by Lovász's
// proof, whose flows take minutes beyond 1,024 nodes (gen/broadcast/arborescences.cpp).
//
// With x = node xor root, tree j takes the root's link in dimension j; a node whose bit j is set
// hangs from x with its next set bit after j (cyclically) cleared, e_j from the root itself, and
// a node whose bit j is clear from x with bit j set. Into a node x each tree comes over its own
// dimension: a clear bit j of x is tree j's, a set bit j is the tree of the set bit before it
// (cyclically), so the trees share no arc. Tree j's depth is popcount(x) where bit j is set,
// popcount(x) + 2 where it is clear: at most n + 1.
#include <stdexcept>
#include <string>

namespace netsched {
namespace {

/// The set bit of x after bit j, cyclically over n bits (j itself when it is x's only one).
std::uint32_t next_set_bit(std::uint32_t x, std::uint32_t j, std::uint32_t n) {
  for (std::uint32_t k = 1; k <= n; ++k)
    if ((x >> ((j + k) % n)) & 1U) return (j + k) % n;
  throw std::logic_error("hypercube trees: x has no set bit");
}

}  // namespace

std::vector<std::vector<std::uint32_t>> hypercube_trees(std::uint32_t dims, std::uint32_t root) {
  if (dims == 0 || dims > kHypercubeTreesMaxDims)
    throw std::logic_error("hypercube trees: " + std::to_string(dims) + " dimensions");
  const std::uint32_t nodes = std::uint32_t{1} << dims;
  std::vector<std::vector<std::uint32_t>> trees(dims, std::vector<std::uint32_t>(nodes, root));
  for (std::uint32_t j = 0; j < dims; ++j)
    for (std::uint32_t u = 0; u < nodes; ++u) {
      const std::uint32_t x = u ^ root, bit_j = std::uint32_t{1} << j;
      if (x == 0 || x == bit_j) continue;  // the root, and the root's child: root's parent
      const std::uint32_t flip =
          (x & bit_j) == 0 ? bit_j : std::uint32_t{1} << next_set_bit(x, j, dims);
      trees[j][u] = u ^ flip;
    }
  return trees;
}

}  // namespace netsched
