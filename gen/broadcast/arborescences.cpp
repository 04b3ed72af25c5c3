// Edmonds' arborescences: a broadcast's message in pieces down k arc-disjoint spanning trees
// out of the root, k the root's least cut (in copies of the slowest link), each tree's pieces
// pipelined along it, so that the time approaches the message over that cut: the exact bound
// (analysis/bandwidth_bound.hpp, broadcast_bound).
//
// Why: the packed and rarest-first broadcasts choose trees or pieces greedily and stay above
// the bound where the root's cut is narrow and the network irregular (rarest-first at 1,024
// pieces: ccc(3) 1.35x, hypernet(2,2,3) 1.70x). Edmonds' theorem says k arc-disjoint
// arborescences exist, and Lovász's proof of his branching theorem builds them an arc at a
// time: partial trees can all be completed iff every set of nodes has as many free arcs coming
// in as there are trees it does not meet, and while that holds any tree short of spanning has
// an arc that keeps it. Each admission is checked with max-flows, kept one a node: a node whose
// flow used every free copy of the arc has the unit through it taken off and one augmenting path
// sought (not k paths from nothing: 9x faster on hypercube(10), the same trees, since whether k
// units can reach a node does not depend on the flow kept). The trees take turns, an arc each,
// from their shallowest nodes first, so that no tree takes every short way out of the root and
// the pipeline stays short.
//
// A faster link than the slowest (a graph file's weight) counts as that many parallel arcs
// (rounded down, as rarest-first's pieces a step: link_pieces), so trees may share it, each
// sending a piece a step.
#include <algorithm>
#include <limits>
#include <mutex>
#include <numeric>
#include <optional>
#include <stdexcept>

#include "core/errors.hpp"
#include "core/graph.hpp"
#include "core/limits.hpp"
#include "gen/broadcast/broadcast.hpp"
#include "gen/plan/schedule_kit.hpp"
#include "gen/plan/spanning_trees.hpp"
#include "gen/topo/product.hpp"

namespace netsched {
namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

/// The links not yet given to a tree, and the trees as they grow. Arc a is CSR position a, the
/// link from targets[a] into head[a], with `left[a]` parallel copies free.
///
/// Edmonds' branching theorem: the trees can all be completed iff every set U of nodes has as
/// many free arcs coming in as there are trees U does not meet. That is a flow: from a source s
/// one unit to a node s_i for each tree i, from s_i into any node of tree i, then along free
/// arcs; every node v must be reached by k units (the least cut separating v from s counts a
/// set's free arcs in plus the trees meeting it). `Flow` is such a flow to one node.
class Forest {
 public:
  struct Flow {
    std::vector<std::uint8_t> arc;     ///< units on each free arc
    std::vector<std::uint32_t> entry;  ///< where tree i's unit enters, or kNone
  };

  Forest(const Csr& g, std::vector<std::uint32_t> copies, std::uint32_t root, std::uint32_t k)
      : g_(g),
        n_(g.num_nodes()),
        root_(root),
        k_(k),
        head_(g.num_arcs()),
        left_(std::move(copies)),
        out_(n_),
        parent_(k, std::vector<std::uint32_t>(n_, kNone)),
        order_(k, std::vector<std::uint32_t>{root}) {
    for (std::uint32_t v = 0; v < n_; ++v)
      for (const std::uint32_t* u = g.begin(v); u != g.end(v); ++u) {
        const auto a = static_cast<std::uint32_t>(u - g.targets().data());
        head_[a] = v;
        out_[*u].push_back(a);
      }
    for (auto& p : parent_) p[root] = root;
  }
  std::uint32_t trees() const { return k_; }
  const std::vector<std::uint32_t>& parent(std::uint32_t i) const { return parent_[i]; }
  bool spanning(std::uint32_t i) const { return order_[i].size() == n_; }

  /// Grows `flow` to w by one unit; false when no augmenting path is left.
  bool augment(std::uint32_t w, Flow& flow) const {
    // nodes 0..n-1, then s_i at n + i; via: the arc a node was reached by (forward or back),
    // or for a node entered from s_i, n_ + i in `from_tree`
    std::vector<std::uint32_t> via(n_ + k_, kNone), from_tree(n_, kNone);
    std::vector<bool> forward(n_, true);
    std::vector<std::uint32_t> queue;
    for (std::uint32_t i = 0; i < k_; ++i)
      if (flow.entry[i] == kNone) via[n_ + i] = kNone - 1, queue.push_back(n_ + i);
    for (std::size_t q = 0; q < queue.size() && via[w] == kNone && from_tree[w] == kNone; ++q) {
      const std::uint32_t x = queue[q];
      if (x >= n_) {  // s_i: into any node of tree i
        for (const std::uint32_t y : order_[x - n_])
          if (reached(y, via, from_tree))
            continue;
          else
            from_tree[y] = x - n_, queue.push_back(y);
        continue;
      }
      for (const std::uint32_t a : out_[x])
        if (!reached(head_[a], via, from_tree) && flow.arc[a] < left_[a])
          via[head_[a]] = a, forward[head_[a]] = true, queue.push_back(head_[a]);
      for (const std::uint32_t* u = g_.begin(x); u != g_.end(x); ++u) {
        const auto a = static_cast<std::uint32_t>(u - g_.targets().data());
        if (!reached(*u, via, from_tree) && flow.arc[a] > 0)
          via[*u] = a, forward[*u] = false, queue.push_back(*u);
      }
      for (std::uint32_t i = 0; i < k_; ++i)  // back to s_i, whose unit entered here
        if (flow.entry[i] == x && via[n_ + i] == kNone) via[n_ + i] = x, queue.push_back(n_ + i);
    }
    if (!reached(w, via, from_tree)) return false;
    for (std::uint32_t x = w;;) {
      if (from_tree[x] != kNone) {  // entered from s_i: its unit now enters here
        const std::uint32_t i = from_tree[x];
        flow.entry[i] = x;
        if (via[n_ + i] == kNone - 1) return true;  // s_i was reached from s
        x = via[n_ + i];                            // s_i was reached back from its old entry
      } else if (forward[x]) {
        ++flow.arc[via[x]];
        x = g_.targets()[via[x]];
      } else {
        --flow.arc[via[x]];
        x = head_[via[x]];
      }
    }
  }
  /// k units to w into `flow` (cleared first); false when there are fewer.
  bool flow_of(std::uint32_t w, Flow& flow) const {
    flow.arc.assign(head_.size(), 0);
    flow.entry.assign(k_, kNone);
    for (std::uint32_t i = 0; i < k_; ++i)
      if (!augment(w, flow)) return false;
    return true;
  }

  /// Takes off `flow` (to w) a unit that crosses arc a: the flow on from a's head, along arcs
  /// that carry some, meets w or a's tail. At a's tail it closed a cycle through a, which is
  /// taken off, and the flow keeps its k units (false). At w it was a unit to w, taken off on
  /// from a's head and back from a's tail to where it entered (true: one unit less). The way on
  /// exists because with a's unit gone flow would vanish at its head, the way back because it
  /// would appear at its tail; only an entry can account for it.
  bool cancel_unit(std::uint32_t w, std::uint32_t a, Flow& flow) const {
    const std::uint32_t tail = g_.targets()[a], head = head_[a];
    --flow.arc[a];
    std::vector<std::uint32_t> via(n_, kNone);  // the arc a node was reached by
    std::vector<std::uint32_t> queue{head};
    via[head] = a;
    std::uint32_t end = head == w ? w : kNone;
    for (std::size_t q = 0; q < queue.size() && end == kNone; ++q)
      for (const std::uint32_t b : out_[queue[q]])
        if (flow.arc[b] > 0 && via[head_[b]] == kNone) {
          via[head_[b]] = b, queue.push_back(head_[b]);
          if (head_[b] == w || head_[b] == tail) end = head_[b];
        }
    if (end == kNone) throw std::logic_error("arborescences: a unit's way on is lost");
    for (std::uint32_t x = end; x != head; x = g_.targets()[via[x]]) --flow.arc[via[x]];
    if (end == tail) return false;
    via.assign(n_, kNone);
    queue.assign(1, tail);
    via[tail] = a;
    for (std::size_t q = 0;; ++q) {
      const std::uint32_t x = queue.at(q);  // an entry is always met (see above)
      for (std::uint32_t i = 0; i < k_; ++i)
        if (flow.entry[i] == x) {
          flow.entry[i] = kNone;
          for (std::uint32_t y = x; y != tail; y = head_[via[y]]) --flow.arc[via[y]];
          return true;
        }
      for (const std::uint32_t* u = g_.begin(x); u != g_.end(x); ++u) {
        const auto b = static_cast<std::uint32_t>(u - g_.targets().data());
        if (flow.arc[b] > 0 && via[*u] == kNone) via[*u] = b, queue.push_back(*u);
      }
    }
  }

  /// Gives a copy of arc a to tree i (its tail in the tree, its head not) if every node still
  /// gets k units after; `flows[w]` is kept a flow of k units to w. A flow that used every copy
  /// of a loses one unit through it and is augmented once (the admission does not depend on
  /// which flow is kept: it asks whether k units can reach every node).
  bool admit(std::uint32_t i, std::uint32_t a, std::vector<Flow>& flows) {
    const std::uint32_t v = head_[a];
    --left_[a];
    parent_[i][v] = g_.targets()[a];
    order_[i].push_back(v);
    saved_.clear();
    for (std::uint32_t w = 0; w < n_; ++w) {
      if (w == root_ || flows[w].arc[a] <= left_[a])
        continue;  // a tree gaining a node only adds room
      saved_.emplace_back(w, flows[w]);
      if (!cancel_unit(w, a, flows[w]) || augment(w, flows[w])) continue;
      for (auto& [x, flow] : saved_) flows[x] = std::move(flow);
      ++left_[a];
      parent_[i][v] = kNone;
      order_[i].pop_back();
      return false;
    }
    return true;
  }
  /// Tree i's first admissible arc, from its shallowest nodes first; false when none is.
  bool grow(std::uint32_t i, std::vector<Flow>& flows) {
    for (std::size_t j = 0; j < order_[i].size(); ++j)  // admit ends the scan: no stale index
      for (const std::uint32_t a : out_[order_[i][j]])
        if (parent_[i][head_[a]] == kNone && left_[a] > 0 && admit(i, a, flows)) return true;
    return false;
  }

 private:
  bool reached(std::uint32_t x, const std::vector<std::uint32_t>& via,
               const std::vector<std::uint32_t>& from_tree) const {
    return via[x] != kNone || from_tree[x] != kNone;
  }

  const Csr& g_;
  std::uint32_t n_, root_, k_;
  std::vector<std::uint32_t> head_, left_;
  std::vector<std::vector<std::uint32_t>> out_, parent_, order_;
  std::vector<std::pair<std::uint32_t, Flow>> saved_;
};

/// The root's least cut in arc copies: the fewest disjoint paths to any node (flows of a
/// forest whose trees, as many as the root's arc copies, hold only the root).
std::uint32_t root_cut(const Csr& g, const std::vector<std::uint32_t>& copies, std::uint32_t root) {
  std::uint32_t least = 0;
  for (std::uint64_t a = 0; a < g.num_arcs(); ++a)
    if (g.targets()[a] == root) least += copies[a];
  const Forest probe(g, copies, root, least);
  for (std::uint32_t w = 0; w < g.num_nodes(); ++w) {
    if (w == root) continue;
    Forest::Flow flow{std::vector<std::uint8_t>(g.num_arcs(), 0),
                      std::vector<std::uint32_t>(probe.trees(), kNone)};
    std::uint32_t paths = 0;
    while (paths < least && probe.augment(w, flow)) ++paths;
    least = paths;
  }
  return least;
}

/// Each node's depth in the tree of `parent`.
std::vector<std::uint32_t> depths(const std::vector<std::uint32_t>& parent, std::uint32_t root) {
  const auto n = static_cast<std::uint32_t>(parent.size());
  std::vector<std::uint32_t> depth(n, 0);
  for (std::uint32_t w = 0; w < n; ++w) {
    std::uint32_t d = 0;
    for (std::uint32_t x = w; x != root; x = parent[x]) ++d;
    depth[w] = d;
  }
  return depth;
}

/// Lovász's construction of the k arborescences (root_arborescences, without the memo).
std::vector<std::vector<std::uint32_t>> built_arborescences(
    const Network& t, const Csr& g, const std::vector<std::uint32_t>& copies, NodeId root) {
  const std::uint32_t k = g.num_nodes() == 1 ? 0 : root_cut(g, copies, root.v);
  if (g.num_nodes() > 1 && k == 0)
    throw InputError("arborescences: " + t.spec() + " is not connected from root " +
                     std::to_string(root.v));
  // the work: each of the k(N-1) admissions may re-route every node's k units
  const std::uint64_t work =
      mul_sat(mul_sat(mul_sat(k, k), g.num_nodes()), std::max<std::uint64_t>(g.num_arcs(), 1));
  if (work > kArborescencesMaxWork)
    throw limit_error("arborescences on " + t.spec() + ": trees^2 x nodes x arcs", work,
                      "kArborescencesMaxWork", kArborescencesMaxWork);
  check_memory(mul_sat(g.num_nodes(), g.num_arcs() + 4 * std::uint64_t{k}),
               "arborescences' flows on " + t.spec());
  Forest forest(g, copies, root.v, k);
  std::vector<Forest::Flow> flows(g.num_nodes());
  for (std::uint32_t w = 0; w < g.num_nodes(); ++w)
    if (w != root.v && !forest.flow_of(w, flows[w]))
      throw std::logic_error("arborescences: a node has fewer paths than the root's cut");
  // the trees grow in turn, an arc each, so that no tree takes every short way out
  for (bool grew = true; grew;) {
    grew = false;
    for (std::uint32_t i = 0; i < k; ++i) {
      if (forest.spanning(i)) continue;
      if (!forest.grow(i, flows))  // Edmonds, Lovász: a tree short of spanning can grow
        throw std::logic_error("arborescences: tree " + std::to_string(i) + " cannot grow");
      grew = true;
    }
  }
  std::vector<std::vector<std::uint32_t>> trees;
  for (std::uint32_t i = 0; i < k; ++i) trees.push_back(forest.parent(i));
  return trees;
}

/// The last network's arborescences, kept whole with what they were built from: `gen --bytes`
/// asks for the same trees at 1, 2, 4, ... pieces, and on 1,024 nodes they take seconds
/// (hypercube(10): 2 s). The key is the graph itself, its link copies and the root, compared
/// exactly, so a network whose links changed (a graph file rewritten) is built again.
struct LastTrees {
  std::mutex lock;
  std::vector<std::uint64_t> offsets;
  std::vector<std::uint32_t> targets, copies;
  std::uint32_t root = 0;
  std::vector<std::vector<std::uint32_t>> trees;
  bool valid = false;
};

LastTrees& last_trees() {
  static LastTrees last;
  return last;
}

/// Whether t's links are alike: t is the product p itself, or weighted(...) with every link
/// the slowest.
bool links_alike(const Network& t, const Product& p) {
  if (&t == &p) return true;
  const Csr g(t, 1);
  const auto copies = link_pieces(t, g);
  return std::all_of(copies.begin(), copies.end(), [](std::uint32_t c) { return c == 1; });
}

/// Trees written down (hypercube_trees, torus_trees) as t's arborescences out of `root`, once
/// checked on t: every parent a neighbour, no node entered by two trees from one neighbour (so
/// no link of these networks, links alike, in two trees), every node led to the root.
std::vector<std::vector<std::uint32_t>> checked_written_trees(
    const Network& t, std::vector<std::vector<std::uint32_t>> trees, std::uint32_t root) {
  for (std::uint32_t u = 0; u < t.num_nodes(); ++u) {
    if (u == root) continue;
    for (std::size_t i = 0; i < trees.size(); ++i) {
      if (!t.adjacent(NodeId(u), NodeId(trees[i][u])))
        throw std::logic_error("written trees: a parent of node " + std::to_string(u) +
                               " is not its neighbour on " + t.spec());
      for (std::size_t j = 0; j < i; ++j)
        if (trees[i][u] == trees[j][u])
          throw std::logic_error("written trees: two trees enter node " + std::to_string(u) +
                                 " over one link on " + t.spec());
    }
  }
  for (const auto& parent : trees)
    for (std::uint32_t u = 0; u < parent.size(); ++u) {
      std::uint32_t steps = 0;
      for (std::uint32_t w = u; w != root; w = parent[w])
        if (++steps > parent.size())
          throw std::logic_error("written trees: node " + std::to_string(u) +
                                 " does not reach the root on " + t.spec());
    }
  return trees;
}

}  // namespace

std::optional<std::uint32_t> hypercube_trees_dims(const Network& t) {
  const auto* cube = network_as<Product>(t);
  if (!cube || !cube->is_hypercube() || cube->dims() > kHypercubeTreesMaxDims ||
      !links_alike(t, *cube))
    return std::nullopt;
  return static_cast<std::uint32_t>(cube->dims());
}

std::optional<std::pair<std::uint32_t, std::uint32_t>> torus_trees_sides(const Network& t) {
  const auto* torus = network_as<Product>(t);
  if (!torus || torus->dims() != 2 || torus->num_nodes() <= kArborescencesMaxNodes ||
      torus->num_nodes() > kTorusTreesMaxNodes)
    return std::nullopt;
  for (const Factor& f : torus->factors())
    if (f.kind != Factor::Kind::Ring || f.size < 3) return std::nullopt;
  if (!links_alike(t, *torus)) return std::nullopt;
  return std::pair{torus->factors()[0].size, torus->factors()[1].size};
}

bool arborescences_apply(const Network& t) {
  return t.num_nodes() <= kArborescencesMaxNodes || hypercube_trees_dims(t).has_value() ||
         torus_trees_sides(t).has_value();
}

std::vector<std::vector<std::uint32_t>> root_arborescences(const Network& t, NodeId root) {
  if (root.v >= t.num_nodes())
    throw InputError("arborescences: root " + std::to_string(root.v) + " is not a node of " +
                     t.spec());
  if (const auto dims = hypercube_trees_dims(t))
    return checked_written_trees(t, hypercube_trees(*dims, root.v), root.v);
  if (torus_trees_sides(t))
    return checked_written_trees(t, torus_trees(*network_as<Product>(t), root.v), root.v);
  check_nodes(t, "arborescences", kArborescencesMaxNodes, "kArborescencesMaxNodes");
  const Csr g(t, 1);
  const auto copies = link_pieces(t, g);
  LastTrees& last = last_trees();
  {
    const std::lock_guard<std::mutex> hold(last.lock);
    if (last.valid && last.root == root.v && last.offsets == g.offsets() &&
        last.targets == g.targets() && last.copies == copies)
      return last.trees;
  }
  auto trees = built_arborescences(t, g, copies, root);
  const std::lock_guard<std::mutex> hold(last.lock);
  last.offsets = g.offsets();
  last.targets = g.targets();
  last.copies = copies;
  last.root = root.v;
  last.trees = trees;
  last.valid = true;
  return trees;
}

SpanningTrees arborescence_broadcast_trees(const Network& t, NodeId root, std::uint32_t pieces) {
  check_pieces("arborescences broadcast", pieces, kMaxArborescencePieces, "kMaxArborescencePieces");
  const auto trees = root_arborescences(t, root);
  const auto n = static_cast<std::uint32_t>(t.num_nodes());
  SpanningTrees f;
  f.pieces = 1;
  if (trees.empty()) {  // a single node: nothing moves
    f.parent.assign(pieces, {root.v});
    f.step.assign(pieces, {0});
    return f;
  }
  std::vector<std::vector<std::uint32_t>> depth;
  std::vector<std::uint32_t> deepest, given(trees.size(), 0);
  for (const auto& tree : trees) {
    depth.push_back(depths(tree, root.v));
    deepest.push_back(*std::max_element(depth.back().begin(), depth.back().end()));
  }
  // the whole broadcast, not only these trees: its per-link lists, transfers and check
  check_memory(
      mul_sat(mul_sat(pieces, n), kTreeBroadcastBytes),
      "a broadcast in " + std::to_string(pieces) + " pieces down arborescences on " + t.spec());
  f.parent.resize(pieces);
  f.step.resize(pieces);
  for (std::uint32_t c = 0; c < pieces; ++c) {
    // each piece to the tree it finishes on soonest: a deep tree takes fewer
    std::size_t j = 0;
    for (std::size_t i = 1; i < trees.size(); ++i)
      if (given[i] + deepest[i] < given[j] + deepest[j]) j = i;
    f.parent[c] = trees[j];
    f.step[c].resize(n);
    for (std::uint32_t w = 0; w < n; ++w)
      f.step[c][w] = w == root.v ? 0 : given[j] + depth[j][w] - 1;
    f.steps = std::max(f.steps, given[j] + deepest[j]);
    ++given[j];
  }
  return f;
}

}  // namespace netsched
