
#include <algorithm>
#include <array>
#include <queue>
#include <stdexcept>

#include "core/errors.hpp"
#include "core/metrics.hpp"
#include "gen/broadcast/broadcast.hpp"
#include "gen/plan/program.hpp"
#include "gen/scatter_gather/scatter_gather.hpp"

namespace netsched {
namespace {

Schedule empty_schedule(const Network& t, Collective c, const std::string& algorithm) {
  Schedule s;
  s.topology = t.spec();
  s.collective = std::move(c);
  s.model = PortModel::OnePort;
  s.algorithm = algorithm;
  return s;
}

/// Appends `rounds` as steps whose every transfer carries payload `payload`, reversed in time
/// and direction when `upwards`.
void append_rounds(Schedule& s, const Rounds& rounds, bool upwards, std::uint32_t payload) {
  for (std::size_t i = 0; i < rounds.size(); ++i) {
    const auto& r = rounds[upwards ? rounds.size() - 1 - i : i];
    Step st;
    for (const auto& [parent, child] : r)
      st.transfers.push_back(upwards ? Transfer{NodeId(child), NodeId(parent), payload}
                                     : Transfer{NodeId(parent), NodeId(child), payload});
    s.steps.push_back(std::move(st));
  }
}

/// Everything the sender holds (an unconstrained selector).
Payload everything_held() {
  Payload p;
  p.select = Selector{};
  return p;
}

}  // namespace

Schedule tree_scatter(const Network& t, NodeId root) {
  const Rounds rounds = greedy_broadcast(t, root.v);
  // Subtrees bottom-up: a child is informed after its parent, so later rounds hold deeper nodes.
  std::vector<std::vector<std::uint64_t>> subtree(t.num_nodes());
  for (std::uint32_t v = 0; v < t.num_nodes(); ++v) subtree[v] = {v};
  for (std::size_t i = rounds.size(); i-- > 0;)
    for (const auto& [parent, child] : rounds[i])
      subtree[parent].insert(subtree[parent].end(), subtree[child].begin(), subtree[child].end());
  Schedule s = empty_schedule(t, Collective::scatter(t.num_nodes(), root), "tree-scatter");
  for (const auto& r : rounds) {
    Step st;
    for (const auto& [parent, child] : r) {
      auto chunks = subtree[child];
      std::sort(chunks.begin(), chunks.end());
      st.transfers.push_back(
          {NodeId(parent), NodeId(child), static_cast<std::uint32_t>(s.payloads.size())});
      s.payloads.push_back(Payload::of_chunks(std::move(chunks)));
    }
    s.steps.push_back(std::move(st));
  }
  return s;
}

Schedule tree_gather(const Network& t, NodeId root) {
  Schedule s = empty_schedule(t, Collective::gather(t.num_nodes(), root), "tree-gather");
  s.payloads.push_back(everything_held());
  append_rounds(s, greedy_broadcast(t, root.v), true, 0);
  return s;
}

Schedule tree_all_gather(const Network& t, NodeId root) {
  Schedule s = empty_schedule(t, Collective::all_gather(t.num_nodes()), "tree-all-gather");
  s.payloads.push_back(everything_held());
  const Rounds rounds = greedy_broadcast(t, root.v);
  append_rounds(s, rounds, true, 0);
  append_rounds(s, rounds, false, 0);
  return s;
}

namespace {

/// Register 1 := register 0, then the rounds reversed with Combine into the parents' register 1.
void combine_up(RegisterProgram& p, const Rounds& rounds) {
  p.set(1, 0);
  for (std::size_t i = rounds.size(); i-- > 0;) {
    for (const auto& [parent, child] : rounds[i]) p.send(child, parent, {{1, 1, RegOp::Combine}});
    p.end_step();
  }
}

}  // namespace

Schedule tree_all_reduce(const Network& t, NodeId root) {
  const Rounds rounds = greedy_broadcast(t, root.v);
  RegisterProgram p(t, Collective::all_reduce(t.num_nodes()), {"data", "sum"}, "tree-all-reduce");
  combine_up(p, rounds);
  for (const auto& r : rounds) {
    for (const auto& [parent, child] : r) p.send(parent, child, {{1, 1, RegOp::Set}});
    p.end_step();
  }
  return p.finish();
}

Schedule tree_reduce(const Network& t, NodeId root) {
  RegisterProgram p(t, Collective::reduce(t.num_nodes(), root), {"data", "sum"}, "tree-reduce");
  combine_up(p, greedy_broadcast(t, root.v));
  return p.finish();
}

}  // namespace netsched

namespace netsched {
namespace {

/// The reduce-scatter tasks of tree_reduce_scatter, list-scheduled one-port.
class ReduceScatterPlan {
 public:
  ReduceScatterPlan(const Network& t, const Csr& g) : g_(g), n_(g.num_nodes()) {
    parent_.resize(std::size_t{n_} * n_);
    depth_.resize(std::size_t{n_} * n_);
    waiting_.assign(std::size_t{n_} * n_, 0);
    ready_.resize(n_);
    for (std::uint32_t j = 0; j < n_; ++j) {
      const BfsTree tree = bfs_tree(g_, j);
      if (tree.order.size() != n_) throw disconnected_error(t, NodeId(j), tree.order.size());
      for (std::uint32_t v : tree.order) {
        parent_[at(v, j)] = tree.parent[v];
        depth_[at(v, j)] = v == j ? 0 : depth_[at(tree.parent[v], j)] + 1;
        if (v != j) ++waiting_[at(tree.parent[v], j)];
      }
      for (std::uint32_t v = 0; v < n_; ++v)
        if (v != j && waiting_[at(v, j)] == 0) ready_[v].push({depth_[at(v, j)], j});
    }
  }
  /// Steps of (sender, receiver, block).
  std::vector<std::vector<std::array<std::uint32_t, 3>>> run() {
    std::vector<std::vector<std::array<std::uint32_t, 3>>> steps;
    std::uint64_t left = std::uint64_t{n_} * (n_ - 1);
    std::vector<char> receiving(n_);
    while (left > 0) {
      std::fill(receiving.begin(), receiving.end(), 0);
      steps.emplace_back();
      const auto start = static_cast<std::uint32_t>(steps.size() % n_);
      for (std::uint32_t i = 0; i < n_; ++i) send_one((start + i) % n_, receiving, steps.back());
      left -= steps.back().size();
      for (const auto& [v, p, j] : steps.back())
        if (p != j && --waiting_[at(p, j)] == 0) ready_[p].push({depth_[at(p, j)], j});
    }
    return steps;
  }

 private:
  const Csr& g_;
  std::uint32_t n_;
  std::vector<std::uint32_t> parent_, depth_, waiting_;  // indexed v * n + j
  std::vector<std::priority_queue<std::pair<std::uint32_t, std::uint32_t>>> ready_;

  std::size_t at(std::uint32_t v, std::uint32_t j) const { return std::size_t{v} * n_ + j; }
  /// v sends its deepest ready block whose receiver is free (ready tasks it skips wait).
  void send_one(std::uint32_t v, std::vector<char>& receiving,
                std::vector<std::array<std::uint32_t, 3>>& step) {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> skipped;
    while (!ready_[v].empty()) {
      const auto [d, j] = ready_[v].top();
      ready_[v].pop();
      const std::uint32_t p = parent_[at(v, j)];
      if (!receiving[p]) {
        receiving[p] = 1;
        step.push_back({v, p, j});
        break;
      }
      skipped.emplace_back(d, j);
    }
    for (const auto& x : skipped) ready_[v].push(x);
  }
};

}  // namespace

Schedule tree_reduce_scatter(const Network& t) {
  const std::uint64_t n = t.num_nodes();
  if (n > kTreeReduceScatterMaxNodes)
    throw InputError("tree reduce-scatter: " + std::to_string(n) +
                     " nodes, over the limit kTreeReduceScatterMaxNodes = 1024 (N "
                     "trees, N^2 tasks and N registers per node)");
  const Csr g(t, 1);
  RegisterProgram p(t, Collective::reduce_scatter(n), block_registers(n), "tree-reduce-scatter");
  for (const auto& step : ReduceScatterPlan(t, g).run()) {
    for (const auto& [v, parent, j] : step)
      p.send(v, parent,
             {{static_cast<std::uint16_t>(j), static_cast<std::uint16_t>(j), RegOp::Combine}});
    p.end_step();
  }
  return p.finish();
}

}  // namespace netsched
