// Rarest first: an all-port all-gather in pieces where, in every step, every node takes over
// each link into it one piece it lacks from that neighbour, choosing first the pieces the
// fewest nodes hold (ties broken at random, seeded, so a run is reproducible). A piece a node
// takes counts as held at once for the nodes that choose after it in the same step: without
// that, a root's neighbours took the same pieces from it (a broadcast 1.35x the bound on
// dualcube(3), 1.02x with it) and products needed twice the pieces to meet the bound. The same
// run from one root's pieces is a broadcast.
//
// Why: the packed trees (packed_trees.cpp) fix a tree per piece and then pack the trees' edges
// into steps; off products their sum of largest loads stays 1.1-2.3x the cut bound. Taking the
// rarest pieces first keeps every link busy with a piece its head still lacks, which reaches
// the cut bound (analysis/bandwidth_bound.hpp) within a few per cent once a block is cut into
// enough pieces, on irregular networks too (a hypernet's narrow cut). A node receives every
// piece once, so the receipts form a spanning tree per piece: the schedule is SpanningTrees, and
// the reduce-scatter and all-reduce along them come with it (spanning_trees.hpp).
//
// Links at their own speeds (a graph file's weights): a link takes as many pieces a step as its
// bandwidth holds of the slowest link's, so that every link is busy for about as long in a step.
//
// A broadcast's run holds the root's pieces alone, so it goes to 16,384 nodes where the
// all-gather's, N blocks in pieces, stops at 256. A node's choice walks only the holder counts
// some piece has (not all N + 1), or, where it has fewer pieces on offer than there are such
// counts (a broadcast's pipeline front), sorts those pieces by their counts: the same choice.
#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <optional>

#include "core/errors.hpp"
#include "core/graph.hpp"
#include "core/limits.hpp"
#include "core/metrics.hpp"
#include "core/mix.hpp"
#include "gen/plan/schedule_kit.hpp"
#include "gen/plan/spanning_trees.hpp"

namespace netsched {
namespace {

constexpr std::uint64_t kRarestFirstSeed = 20261127;

/// A random 32-bit key from a piece, a node and a step: the tie-break among equally rare
/// pieces, the same on every run.
std::uint64_t tie_break(std::uint64_t piece, std::uint64_t node, std::uint64_t step) {
  constexpr int kHalf = 32;  // the high half: the key's low half is the tie-break
  return mix(mix(mix(kRarestFirstSeed, piece), node), step) >> kHalf;
}

/// One run: who holds which piece, and which pieces have how many holders (a bit a piece).
class RarestFirst {
 public:
  /// An all-gather's run (every node's block in `pieces` pieces), or with a root a broadcast's
  /// (the root's message in `pieces` pieces).
  RarestFirst(const Csr& g, std::uint32_t pieces, std::vector<std::uint32_t> link_pieces,
              std::optional<std::uint32_t> root = std::nullopt)
      : g_(g),
        link_pieces_(std::move(link_pieces)),
        n_(g.num_nodes()),
        total_(root ? pieces : n_ * pieces),
        words_((total_ + 63) / 64),
        holds_(static_cast<std::size_t>(n_) * words_, 0),
        at_level_(static_cast<std::size_t>(n_ + 1) * words_, 0),
        holders_(total_, 1),
        at_level_count_(n_ + 1, 0),
        nonempty_((n_ + 1 + 63) / 64, 0),
        held_(n_, root ? 0 : pieces),
        offered_(words_) {
    out_.pieces = pieces;
    out_.parent.assign(total_, std::vector<std::uint32_t>(n_, 0));
    out_.step.assign(total_, std::vector<std::uint32_t>(n_, 0));
    for (std::uint32_t c = 0; c < total_; ++c) {
      set(holds_, root ? *root : c / pieces, c);
      set(at_level_, 1, c);
    }
    count_at_level(1, static_cast<std::int64_t>(total_));
    if (root) held_[*root] = total_;
  }

  SpanningTrees run() {
    std::vector<Receipt> receipts;
    while (std::any_of(held_.begin(), held_.end(), [&](std::uint32_t h) { return h < total_; })) {
      receipts.clear();
      for (std::uint32_t v = 0; v < n_; ++v)
        if (held_[v] < total_) choose(v, receipts);
      if (receipts.empty()) throw std::logic_error("rarest-first: a step delivered nothing");
      for (const Receipt& r : receipts) apply(r);
      ++out_.steps;
    }
    return std::move(out_);
  }

 private:
  struct Receipt {
    std::uint32_t node, piece, from;
  };
  using Candidate = std::pair<std::uint64_t, std::uint32_t>;  ///< tie-break key, piece

  const std::uint64_t* row(const std::vector<std::uint64_t>& bits, std::uint32_t r) const {
    return bits.data() + static_cast<std::size_t>(r) * words_;
  }
  void set(std::vector<std::uint64_t>& bits, std::uint32_t r, std::uint32_t piece) const {
    bits[static_cast<std::size_t>(r) * words_ + piece / 64] |= std::uint64_t{1} << (piece % 64);
  }
  void clear(std::vector<std::uint64_t>& bits, std::uint32_t r, std::uint32_t piece) const {
    bits[static_cast<std::size_t>(r) * words_ + piece / 64] &= ~(std::uint64_t{1} << (piece % 64));
  }
  bool holds(std::uint32_t node, std::uint32_t piece) const {
    return (row(holds_, node)[piece / 64] >> (piece % 64)) & 1U;
  }

  /// A piece chosen this step counts as held at once: the nodes that choose after see it less
  /// rare (a root's neighbours take different pieces from it).
  void promote(std::uint32_t piece) {
    count_at_level(holders_[piece], -1);
    clear(at_level_, holders_[piece], piece);
    set(at_level_, ++holders_[piece], piece);
    count_at_level(holders_[piece], 1);
  }
  /// Adds `delta` to the pieces at `level`, keeping the bit of the levels that have some.
  void count_at_level(std::uint32_t level, std::int64_t delta) {
    auto& count = at_level_count_[level];
    if (count == 0) ++nonempty_levels_;
    count = static_cast<std::uint32_t>(count + delta);
    if (count == 0) --nonempty_levels_;
    const std::uint64_t bit = std::uint64_t{1} << (level % 64);
    nonempty_[level / 64] = count == 0 ? nonempty_[level / 64] & ~bit : nonempty_[level / 64] | bit;
  }
  /// The least level from `from` on that has pieces, or n_ + 1.
  std::uint32_t next_level(std::uint32_t from) const {
    for (std::uint32_t w = from / 64; w < nonempty_.size(); ++w) {
      std::uint64_t bits = nonempty_[w];
      if (w == from / 64) bits &= ~std::uint64_t{0} << (from % 64);
      if (bits != 0) return w * 64 + static_cast<std::uint32_t>(std::countr_zero(bits));
    }
    return n_ + 1;
  }

  void apply(const Receipt& r) {
    set(holds_, r.node, r.piece);
    ++held_[r.node];
    out_.parent[r.piece][r.node] = r.from;
    out_.step[r.piece][r.node] = out_.steps;
  }

  /// Node v's receipts of this step: the pieces it lacks and a neighbour holds, rarest first
  /// (level by level of holder counts, a random key among equals), each from a neighbour whose
  /// link into v has room left (link_pieces_ of them a step).
  void choose(std::uint32_t v, std::vector<Receipt>& receipts) {
    const std::uint64_t* mine = row(holds_, v);
    for (std::uint32_t w = 0; w < words_; ++w) {
      std::uint64_t offered = 0;
      for (const std::uint32_t* u = g_.begin(v); u != g_.end(v); ++u) offered |= row(holds_, *u)[w];
      offered_[w] = offered & ~mine[w];
    }
    free_.clear();
    for (const std::uint32_t* u = g_.begin(v); u != g_.end(v); ++u)
      free_.insert(free_.end(), link_pieces_[static_cast<std::size_t>(u - g_.begin(0))], *u);
    std::uint64_t offered = 0;
    for (std::uint32_t w = 0; w < words_; ++w) offered += std::popcount(offered_[w]);
    // the same choice either way: through v's few pieces where they are fewer than the levels
    // (a broadcast's pipeline), else through the levels
    if (offered < nonempty_levels_)
      choose_by_pieces(v, receipts);
    else
      choose_by_levels(v, receipts);
  }

  /// Level by level, only those with pieces (a piece promoted meanwhile is seen at its new
  /// level, as the nodes choosing after see it).
  void choose_by_levels(std::uint32_t v, std::vector<Receipt>& receipts) {
    for (std::uint32_t level = next_level(1); level <= n_; level = next_level(level + 1)) {
      if (free_.empty()) return;
      candidates_.clear();
      const std::uint64_t* here = row(at_level_, level);
      for (std::uint32_t w = 0; w < words_; ++w)
        for (std::uint64_t bits = offered_[w] & here[w]; bits != 0; bits &= bits - 1) {
          const std::uint32_t x = w * 64 + static_cast<std::uint32_t>(std::countr_zero(bits));
          candidates_.emplace_back(tie_break(x, v, out_.steps), x);
        }
      take_from_level(v, receipts);
    }
  }

  /// v's pieces with their holder counts, a level at a time from the rarest (a piece v takes
  /// leaves with its level; no other piece changes level while v chooses).
  void choose_by_pieces(std::uint32_t v, std::vector<Receipt>& receipts) {
    rarity_.clear();
    std::uint32_t level = std::numeric_limits<std::uint32_t>::max();
    for (std::uint32_t w = 0; w < words_; ++w)
      for (std::uint64_t bits = offered_[w]; bits != 0; bits &= bits - 1) {
        const std::uint32_t x = w * 64 + static_cast<std::uint32_t>(std::countr_zero(bits));
        rarity_.emplace_back(holders_[x], x);
        level = std::min(level, holders_[x]);
      }
    for (std::size_t rest = 0; rest < rarity_.size() && !free_.empty();) {
      candidates_.clear();
      std::uint32_t next = std::numeric_limits<std::uint32_t>::max();
      for (std::size_t i = rest; i < rarity_.size(); ++i)
        if (rarity_[i].first == level) {
          candidates_.emplace_back(tie_break(rarity_[i].second, v, out_.steps), rarity_[i].second);
          std::swap(rarity_[i], rarity_[rest++]);
        } else {
          next = std::min(next, rarity_[i].first);
        }
      take_from_level(v, receipts);
      level = next;
    }
  }

  /// Assigns this level's candidates in key order to free links; only as many are sorted at a
  /// time as could fill the free links a few times over.
  void take_from_level(std::uint32_t v, std::vector<Receipt>& receipts) {
    auto first = candidates_.begin();
    while (first != candidates_.end() && !free_.empty()) {
      const std::ptrdiff_t batch = std::min<std::ptrdiff_t>(
          candidates_.end() - first, kBatchPerLink * static_cast<std::ptrdiff_t>(free_.size()));
      std::nth_element(first, first + batch - 1, candidates_.end());
      std::sort(first, first + batch);
      for (auto c = first; c != first + batch && !free_.empty(); ++c) {
        const auto from = std::find_if(free_.begin(), free_.end(),
                                       [&](std::uint32_t u) { return holds(u, c->second); });
        if (from == free_.end()) continue;
        receipts.push_back({v, c->second, *from});
        free_.erase(from);
        offered_[c->second / 64] &= ~(std::uint64_t{1} << (c->second % 64));
        promote(c->second);
      }
      first += batch;
    }
  }

  /// Candidates sorted at a time per free link of the node.
  static constexpr std::ptrdiff_t kBatchPerLink = 4;

  const Csr& g_;
  std::vector<std::uint32_t> link_pieces_;  ///< by CSR position: a link's pieces a step
  std::uint32_t n_, total_, words_;
  std::vector<std::uint64_t> holds_;     ///< row v: the pieces node v holds
  std::vector<std::uint64_t> at_level_;  ///< row c: the pieces c nodes hold
  std::vector<std::uint32_t> holders_;   ///< how many nodes hold each piece, or receive it now
  std::vector<std::uint32_t> at_level_count_;  ///< how many pieces each row of at_level_ has
  std::vector<std::uint64_t> nonempty_;        ///< a bit a level: whether it has pieces
  std::uint32_t nonempty_levels_ = 0;          ///< how many levels have pieces
  using Rarity = std::pair<std::uint32_t, std::uint32_t>;  ///< holders, piece
  std::vector<Rarity> rarity_;                             ///< choose_by_pieces' pieces
  std::vector<std::uint32_t> held_;                        ///< how many pieces each node holds
  std::vector<std::uint64_t> offered_;                     ///< v's neighbours' pieces v lacks
  std::vector<Candidate> candidates_;
  std::vector<std::uint32_t>
      free_;  ///< v's neighbours, once for each piece their link has room for
  SpanningTrees out_;
};

}  // namespace

bool rarest_first_applies(const Network& t) { return t.num_nodes() <= kRarestFirstMaxNodes; }

bool rarest_first_broadcast_applies(const Network& t) {
  return t.num_nodes() <= kRarestFirstBroadcastMaxNodes;
}

std::vector<std::uint32_t> link_pieces(const Network& t, const Csr& g) {
  std::vector<std::uint32_t> out(g.num_arcs(), 1);
  if (!t.weighted()) return out;
  const auto speed = [&](std::uint32_t from, std::uint32_t to) {
    return t.link_speed(NodeId(from), NodeId(to)).bandwidth;
  };
  double slowest = std::numeric_limits<double>::infinity();
  for (std::uint32_t v = 0; v < g.num_nodes(); ++v)
    for (const std::uint32_t* u = g.begin(v); u != g.end(v); ++u)
      slowest = std::min(slowest, speed(*u, v));
  for (std::uint32_t v = 0; v < g.num_nodes(); ++v)
    for (const std::uint32_t* u = g.begin(v); u != g.end(v); ++u) {
      const double ratio = std::floor(speed(*u, v) / slowest * (1 + 1e-9));
      out[static_cast<std::size_t>(u - g.begin(0))] = static_cast<std::uint32_t>(
          std::clamp<double>(ratio, 1, static_cast<double>(kRarestFirstMaxLinkPieces)));
    }
  return out;
}

namespace {

/// The network's graph, once its size (at most `max_nodes`, named `limit`), its pieces in all
/// (`total`) and its connectivity pass.
Csr checked_graph(const Network& t, std::uint32_t pieces, std::uint64_t total,
                  std::uint64_t max_nodes, const char* limit) {
  if (pieces == 0) throw InputError("rarest-first: pieces must be at least 1, got 0");
  check_nodes(t, "rarest-first", max_nodes, limit);
  if (total > kRarestFirstMaxPieces)
    throw limit_error("rarest-first on " + t.spec() + " in " + std::to_string(pieces) +
                          " pieces a message: its pieces in all",
                      total, "kRarestFirstMaxPieces", kRarestFirstMaxPieces);
  Csr g(t, 1);
  const auto dist = bfs_distances(g, 0);
  for (std::uint32_t v = 1; v < g.num_nodes(); ++v)
    if (dist[v] == kUnreached)
      throw InputError("rarest-first: " + t.spec() + " is not connected (" + std::to_string(v) +
                       " cannot be reached from 0)");
  return g;
}

}  // namespace

SpanningTrees rarest_first_trees(const Network& t, std::uint32_t pieces) {
  const Csr g = checked_graph(t, pieces, std::uint64_t{t.num_nodes()} * pieces,
                              kRarestFirstMaxNodes, "kRarestFirstMaxNodes");
  return RarestFirst(g, pieces, link_pieces(t, g)).run();
}

SpanningTrees rarest_first_broadcast_trees(const Network& t, NodeId root, std::uint32_t pieces) {
  const Csr g = checked_graph(t, pieces, pieces, kRarestFirstBroadcastMaxNodes,
                              "kRarestFirstBroadcastMaxNodes");
  if (root.v >= t.num_nodes())
    throw InputError("rarest-first: root " + std::to_string(root.v) + " is not a node of " +
                     t.spec());
  // the whole broadcast, not only the run: the trees, the per-link lists, transfers and check
  check_memory(mul_sat(mul_sat(pieces, t.num_nodes()), kTreeBroadcastBytes),
               "a rarest-first broadcast in " + std::to_string(pieces) + " pieces on " + t.spec());
  return RarestFirst(g, pieces, link_pieces(t, g), root.v).run();
}

}  // namespace netsched
