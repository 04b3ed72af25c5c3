#include "gen/generic/tree_collectives.hpp"

#include <algorithm>

#include "gen/broadcast/broadcast.hpp"
#include "gen/combine/program.hpp"

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

Schedule tree_all_reduce(const Network& t, NodeId root) {
  const Rounds rounds = greedy_broadcast(t, root.v);
  RegisterProgram p(t, Collective::all_reduce(t.num_nodes()), {"data", "sum"}, "tree-all-reduce");
  p.set(1, 0);
  for (std::size_t i = rounds.size(); i-- > 0;) {
    for (const auto& [parent, child] : rounds[i]) p.send(child, parent, {{1, 1, RegOp::Combine}});
    p.end_step();
  }
  for (const auto& r : rounds) {
    for (const auto& [parent, child] : r) p.send(parent, child, {{1, 1, RegOp::Set}});
    p.end_step();
  }
  return p.finish();
}

}  // namespace netsched
