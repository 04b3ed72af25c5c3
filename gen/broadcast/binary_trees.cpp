// Pipelined tree broadcasts in pieces: MPI's binary tree and NCCL's double binary tree (Sanders,
// Speck and Traff, "Two-tree algorithms for full bandwidth broadcast, reduction and scan", 2009),
// as logical rounds between ranks (gen/plan/embedding.hpp): piece by piece, each rank passes
// a piece to its children as soon as it has it.
#include <algorithm>
#include <bit>

#include "core/errors.hpp"
#include "gen/broadcast/broadcast.hpp"
#include "gen/plan/embedding.hpp"
#include "gen/plan/schedule_kit.hpp"

namespace netsched {
namespace {

/// A rooted tree over relative ranks 0..n-1: children[r].
using Tree = std::vector<std::vector<std::uint64_t>>;

/// The heap-ordered binary tree: r's children are 2r+1 and 2r+2.
Tree heap_tree(std::uint64_t n) {
  Tree t(n);
  for (std::uint64_t r = 1; r < n; ++r) t[(r - 1) / 2].push_back(r);
  return t;
}

/// An in-order binary tree over positions lo..hi (rooted at the one with the most trailing zero
/// bits, so that with 2^h - 1 positions the leaves are the odd ones); returns its root.
std::uint64_t in_order(Tree& t, std::uint64_t lo, std::uint64_t hi,
                       const std::vector<std::uint64_t>& rank_of_position) {
  std::uint64_t mid = lo;
  for (std::uint64_t x = lo; x <= hi; ++x)
    if (std::countr_zero(x) > std::countr_zero(mid)) mid = x;
  const std::uint64_t me = rank_of_position[mid];
  if (lo < mid) t[me].push_back(in_order(t, lo, mid - 1, rank_of_position));
  if (mid < hi) t[me].push_back(in_order(t, mid + 1, hi, rank_of_position));
  return me;
}

/// Rank 0 above an in-order tree of the other ranks, placed at positions shifted by `shift`.
Tree root_over_in_order(std::uint64_t n, std::uint64_t shift) {
  Tree t(n);
  if (n < 2) return t;
  const std::uint64_t m = n - 1;
  std::vector<std::uint64_t> rank_of_position(m + 1);
  for (std::uint64_t r = 1; r < n; ++r) rank_of_position[(r - 1 + shift) % m + 1] = r;
  t[0].push_back(in_order(t, 1, m, rank_of_position));
  return t;
}

/// Pieces down the trees (piece k down trees[k % trees.size()]), a rank passing a piece to its
/// children in tree order; one logical round per piece.
EmbeddedPlan pieces_down(const Network& t, NodeId root, std::uint32_t pieces,
                         const std::vector<Tree>& trees, const char* name) {
  const std::uint64_t n = t.num_endpoints();
  EmbeddedPlan p{Collective::pieced_broadcast(n, root, pieces), rank_order(t, name), {}};
  const auto at = std::find(p.order.begin(), p.order.end(), root.v) - p.order.begin();
  const auto rank = [&](std::uint64_t r) {
    return static_cast<std::uint32_t>((r + static_cast<std::uint64_t>(at)) % n);
  };
  for (std::uint32_t k = 0; k < pieces; ++k) {
    const Tree& tree = trees[k % trees.size()];
    auto& round = p.rounds.emplace_back();
    std::vector<std::uint64_t> level{0};
    while (!level.empty()) {  // breadth first, so a parent's send comes before its children's
      std::vector<std::uint64_t> next;
      for (const std::uint64_t r : level)
        for (const std::uint64_t c : tree[r]) {
          round.push_back({rank(r), rank(c), {k}});
          next.push_back(c);
        }
      level = std::move(next);
    }
  }
  return p;
}

}  // namespace

EmbeddedPlan binary_tree_broadcast_plan(const Network& t, NodeId root, std::uint32_t pieces) {
  check_pieces("binary-tree", pieces, kMaxTreePieces, "kMaxTreePieces");
  return pieces_down(t, root, pieces, {heap_tree(t.num_nodes())}, "binary-tree");
}

EmbeddedPlan double_binary_tree_broadcast_plan(const Network& t, NodeId root,
                                               std::uint32_t pieces) {
  check_pieces("double-binary-tree", pieces, kMaxTreePieces, "kMaxTreePieces");
  const std::uint64_t n = t.num_nodes();
  return pieces_down(t, root, pieces, {root_over_in_order(n, 0), root_over_in_order(n, 1)},
                     "double-binary-tree");
}

}  // namespace netsched
