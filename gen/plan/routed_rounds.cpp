// Logical rounds as routed steps (gen/plan/embedding.hpp): the network carries every send.
//
// Why beside embed_rounds: MPI's algorithms do not wait for a message to be stored and forwarded
// at every node on its way; the network routes it, at one software latency. Under the routed
// port model each logical round is one step, and the cost model prices it on the routes the
// network uses (analysis/async_cost.hpp), so these schedules are compared with MPI's own on the
// terms MPI runs on.
#include <algorithm>
#include <stdexcept>

#include "core/errors.hpp"
#include "gen/plan/embedding.hpp"
#include "gen/plan/schedule_kit.hpp"

namespace netsched {

Schedule route_plan(const Network& t, const EmbeddedPlan& p, const char* algorithm) {
  if (p.order.size() != t.num_nodes())
    throw std::logic_error(std::string(algorithm) + ": a rank order of " +
                           std::to_string(p.order.size()) + " ranks for " +
                           std::to_string(t.num_nodes()) + " nodes");
  LinkChunks steps(p.rounds.size());
  for (std::size_t k = 0; k < p.rounds.size(); ++k)
    for (const LogicalSend& x : p.rounds[k]) {
      auto& chunks = steps[k][static_cast<std::uint64_t>(p.order[x.from]) << 32 | p.order[x.to]];
      chunks.insert(chunks.end(), x.chunks.begin(), x.chunks.end());
    }
  for (auto& step : steps)  // two sends of a round between one pair: one message, each chunk once
    for (auto& [pair, chunks] : step) {
      std::sort(chunks.begin(), chunks.end());
      chunks.erase(std::unique(chunks.begin(), chunks.end()), chunks.end());
    }
  return link_chunk_schedule(t, p.collective, PortModel::Routed, algorithm, steps);
}

}  // namespace netsched
