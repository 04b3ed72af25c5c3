// Register rounds carried through switches (gen/plan/register_embedding.hpp): paths that cross
// switches only, hops list-scheduled one-port at the endpoints, each arc once a step.
#include "gen/plan/register_embedding.hpp"

#include <algorithm>
#include <deque>

#include "core/errors.hpp"
#include "gen/plan/embedding.hpp"
#include "gen/plan/port_calendar.hpp"
#include "gen/plan/schedule_kit.hpp"

namespace netsched {
namespace {

constexpr std::uint32_t kUnseen = ~std::uint32_t{0};

/// Breadth-first from endpoint a along the arcs, through switches only: each node's parent on a
/// shortest such path (kUnseen: none); an endpoint other than a is reached but not passed.
std::vector<std::uint32_t> switch_tree(const Network& t, const Csr& arcs, std::uint32_t a) {
  std::vector<std::uint32_t> parent(arcs.num_nodes(), kUnseen);
  std::deque<std::uint32_t> queue{a};
  parent[a] = a;
  while (!queue.empty()) {
    const std::uint32_t u = queue.front();
    queue.pop_front();
    for (const std::uint32_t* w = arcs.begin(u); w != arcs.end(u); ++w) {
      if (parent[*w] != kUnseen) continue;
      parent[*w] = u;
      if (t.is_switch(NodeId(*w))) queue.push_back(*w);
    }
  }
  return parent;
}

/// Shortest paths through switches only, a tree per source endpoint, built when first asked for.
class SwitchPaths {
 public:
  SwitchPaths(const Network& t, const Csr& arcs) : t_(t), arcs_(arcs), trees_(t.num_endpoints()) {}
  /// The nodes from endpoint a to endpoint b (a first); empty when there is no such path.
  std::vector<std::uint32_t> between(std::uint32_t a, std::uint32_t b) {
    const auto& parent = tree(a);
    if (parent[b] == kUnseen || a == b) return {};
    std::vector<std::uint32_t> path{b};
    while (path.back() != a) path.push_back(parent[path.back()]);
    std::reverse(path.begin(), path.end());
    return path;
  }

 private:
  const std::vector<std::uint32_t>& tree(std::uint32_t a) {
    if (trees_[a].empty()) trees_[a] = switch_tree(t_, arcs_, a);
    return trees_[a];
  }
  const Network& t_;
  const Csr& arcs_;
  std::vector<std::vector<std::uint32_t>> trees_;
};

/// When each register of each rank may next be read and written, as the list schedule places
/// messages and operations: a message's sources are read at its first hop's step, its moves
/// land at the end of its last hop's step, an operation reads and writes at the start of its step.
class RegisterTimes {
 public:
  RegisterTimes(std::uint64_t ranks, std::uint64_t registers)
      : registers_(registers), cells_(ranks * registers) {}
  /// The first step a message of `x` may leave.
  std::uint32_t readable(const RegisterSend& x) const {
    std::uint32_t step = 0;
    for (const Move& mv : x.moves) step = std::max(step, at(x.from, mv.src).ready);
    return step;
  }
  /// The first step a message of `x` may land in.
  std::uint32_t landable(const RegisterSend& x) const {
    std::uint32_t step = 0;
    for (const Move& mv : x.moves) step = std::max(step, at(x.to, mv.dst).land);
    return step;
  }
  void sent(const RegisterSend& x, std::uint32_t depart, std::uint32_t landed) {
    for (const Move& mv : x.moves) read(x.from, mv.src, depart);
    for (const Move& mv : x.moves) {
      Cell& c = at(x.to, mv.dst);
      c.ready = std::max(c.ready, landed + 1);
      c.land = std::max(c.land, landed + 1);  // one write a step: a set and another conflict
      c.compute = std::max(c.compute, landed + 1);
    }
  }
  /// The first step `op` may go in, and marks it done there.
  std::uint32_t place(const RankOp& op) {
    Cell& dst = at(op.rank, op.dst);
    const std::uint32_t step =
        std::max({at(op.rank, op.a).ready, at(op.rank, op.b).ready, dst.compute});
    read(op.rank, op.a, step), read(op.rank, op.b, step);
    dst.ready = std::max(dst.ready, step);
    dst.land = std::max(dst.land, step);
    dst.compute = std::max(dst.compute, step);
    return step;
  }

 private:
  struct Cell {
    std::uint32_t ready = 0;    ///< its last write is in from this step
    std::uint32_t land = 0;     ///< a message may land from this step (its reads are done)
    std::uint32_t compute = 0;  ///< an operation may write it from this step
  };
  Cell& at(std::uint32_t rank, std::uint16_t r) { return cells_[rank * registers_ + r]; }
  const Cell& at(std::uint32_t rank, std::uint16_t r) const {
    return cells_[rank * registers_ + r];
  }
  void read(std::uint32_t rank, std::uint16_t r, std::uint32_t step) {
    Cell& c = at(rank, r);
    c.land = std::max(c.land, step);
    c.compute = std::max(c.compute, step + 1);
  }
  std::uint64_t registers_;
  std::vector<Cell> cells_;
};

class RegisterEmbedding {
 public:
  RegisterEmbedding(const Network& t, const RegisterPlan& p, const char* algorithm)
      : t_(t),
        arcs_(arc_csr(t)),
        paths_(t, arcs_),
        links_(t, 1),
        ports_(links_, t.num_endpoints()),
        times_(t.num_endpoints(), p.registers.size()),
        algorithm_(algorithm) {
    s_ = textbook_schedule(t, p.collective, PortModel::OnePort, algorithm);
    s_.registers = p.registers;
  }

  Schedule run(const RegisterPlan& p) {
    for (const RegisterRound& round : p.rounds) {
      for (const RankOp& op : round.compute) compute(op);
      for (const RegisterSend& x : round.sends) send(x);
    }
    return std::move(s_);
  }

 private:
  Step& step(std::uint64_t at) {
    if (s_.steps.size() <= at) s_.steps.resize(at + 1);
    return s_.steps[at];
  }

  void compute(const RankOp& op) {
    step(times_.place(op)).compute.push_back({op.dst, op.a, op.b, op.op, {{op.rank, op.rank}}});
  }

  void send(const RegisterSend& x) {
    const auto path = paths_.between(x.from, x.to);
    if (path.empty())
      throw InputError(std::string(algorithm_) + ": " + t_.spec() + " joins endpoint " +
                       std::to_string(x.from) + " to endpoint " + std::to_string(x.to) +
                       " only through other endpoints, which would apply a register message "
                       "passing through");
    const auto hops = static_cast<std::uint32_t>(path.size() - 1);
    const std::uint32_t land = times_.landable(x);
    std::uint32_t at = std::max(times_.readable(x), land >= hops ? land - hops + 1 : 0);
    const auto payload = static_cast<std::uint32_t>(s_.payloads.size());
    Payload own;  // one a message (see the header)
    own.moves = x.moves;
    s_.payloads.push_back(std::move(own));
    std::uint32_t depart = 0, last = 0;
    for (std::size_t h = 1; h < path.size(); ++h) {
      last = static_cast<std::uint32_t>(ports_.take(path[h - 1], path[h], at));
      if (h == 1) depart = last;
      step(last).transfers.push_back({NodeId(path[h - 1]), NodeId(path[h]), payload});
      at = last + 1;
    }
    times_.sent(x, depart, last);
  }

  const Network& t_;
  Csr arcs_;
  SwitchPaths paths_;
  Csr links_;
  PortCalendar ports_;
  RegisterTimes times_;
  const char* algorithm_;
  Schedule s_;
};

/// A Hamiltonian cycle of a digraph by depth-first search, each node's successors in the order
/// given, within kSwitchedRingSearch steps.
class RingSearch {
 public:
  explicit RingSearch(const std::vector<std::vector<std::uint32_t>>& next)
      : next_(next), on_(next.size(), 0) {}
  std::optional<std::vector<std::uint32_t>> from(std::uint32_t start) {
    path_ = {start};
    on_[start] = 1;
    if (extend()) return path_;
    return std::nullopt;
  }

 private:
  bool extend() {
    const std::uint32_t u = path_.back();
    if (path_.size() == next_.size())
      return std::find(next_[u].begin(), next_[u].end(), path_.front()) != next_[u].end();
    for (const std::uint32_t v : next_[u]) {
      if (on_[v] || ++steps_ > kSwitchedRingSearch) continue;
      on_[v] = 1, path_.push_back(v);
      if (extend()) return true;
      on_[v] = 0, path_.pop_back();
    }
    return false;
  }
  const std::vector<std::vector<std::uint32_t>>& next_;
  std::vector<char> on_;
  std::vector<std::uint32_t> path_;
  std::uint64_t steps_ = 0;
};

}  // namespace

std::optional<std::vector<std::uint32_t>> switched_ring(const Network& t) {
  const std::uint64_t n = t.num_endpoints();
  if (!t.needs_switched_model() || n < 2 || t.num_nodes() > kReduceScatterMaxNodes)
    return std::nullopt;
  const Csr arcs = arc_csr(t);
  std::vector<std::vector<std::uint32_t>> next(n);  // by id distance: id order first
  for (std::uint32_t u = 0; u < n; ++u) {
    const auto parent = switch_tree(t, arcs, u);
    for (std::uint64_t d = 1; d < n; ++d) {
      const auto v = static_cast<std::uint32_t>((u + d) % n);
      if (parent[v] != kUnseen) next[u].push_back(v);
    }
  }
  return RingSearch(next).from(0);
}

bool switch_paths_exist(const Network& t,
                        const std::vector<std::pair<std::uint32_t, std::uint32_t>>& pairs) {
  if (!t.needs_switched_model() || t.num_nodes() > kEmbedMaxNodes) return false;
  const Csr arcs = arc_csr(t);
  SwitchPaths paths(t, arcs);
  return std::all_of(pairs.begin(), pairs.end(), [&](const auto& pair) {
    return !paths.between(pair.first, pair.second).empty();
  });
}

bool switched_ring_applies(const Network& t) { return switched_ring(t).has_value(); }

std::vector<std::uint32_t> switched_ring_order(const Network& t, const char* algorithm) {
  check_nodes(t, algorithm, kReduceScatterMaxNodes, "kReduceScatterMaxNodes");
  if (auto ring = switched_ring(t)) return std::move(*ring);
  throw InputError(std::string(algorithm) + ": " + t.spec() +
                   " has no ring of its endpoints in which each reaches the next through "
                   "switches only (a register message may not rest at an endpoint; searched " +
                   std::to_string(kSwitchedRingSearch) + " steps, kSwitchedRingSearch)");
}

Schedule embed_register_plan(const Network& t, const RegisterPlan& p, const char* algorithm) {
  check_nodes(t, algorithm, kEmbedMaxNodes, "kEmbedMaxNodes");
  return RegisterEmbedding(t, p, algorithm).run(p);
}

}  // namespace netsched
