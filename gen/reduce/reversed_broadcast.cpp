// A vector reduce is a pipelined broadcast run backwards. Reduction and broadcast are dual over
// the same trees: where the broadcast first delivers piece k to node v over the link from u in
// step s, the reduce has v send its partial sum of piece k back over that link in the mirrored
// step, combined into u's. v's children got the piece from v later, so they send before v does;
// the steps, the loads on every link and the port model are the broadcast's. So every pipelined
// broadcast (chain, binary and double binary tree, packed trees, rarest-first, arborescences)
// gives a large-message reduce, instead of one written per algorithm.
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "gen/plan/program.hpp"
#include "gen/plan/schedule_kit.hpp"
#include "gen/reduce/reduce.hpp"

namespace netsched {
namespace {

/// Per step of the reduce, per directed link (from << 32 | to), the moves it carries: every
/// first delivery of the broadcast mirrored (a piece a node already held is not sent back).
std::vector<std::map<std::uint64_t, std::vector<Move>>> mirrored_moves(const Schedule& broadcast) {
  const Collective& c = broadcast.collective;
  const std::uint64_t p = c.pieces(), last = broadcast.steps.size() - 1;
  std::vector<char> held(c.nodes() * p, 0);
  for (std::uint64_t k = 0; k < p; ++k) held[c.root().v * p + k] = 1;
  std::vector<std::map<std::uint64_t, std::vector<Move>>> steps(broadcast.steps.size());
  for (std::uint64_t s = 0; s <= last; ++s)
    for (const Transfer& x : broadcast.steps[s].transfers) {
      const Payload& payload = broadcast.payloads.at(x.payload);
      if (payload.select)
        throw std::logic_error("a reduce run backwards from " + broadcast.algorithm +
                               ": its broadcast sends a selector, not a list of pieces");
      for (const std::uint64_t k : payload.chunks) {
        char& at = held[x.to.v * p + k];
        if (at) continue;
        at = 1;  // into the root, the partial sum goes to the result register p + k
        const auto dst = static_cast<std::uint16_t>(x.from == c.root() ? p + k : k);
        steps[last - s][static_cast<std::uint64_t>(x.to.v) << 32 | x.from.v].push_back(
            {static_cast<std::uint16_t>(k), dst, RegOp::Combine});
      }
    }
  return steps;
}

}  // namespace

Schedule reduce_by_reversed_broadcast(const Network& t, const Schedule& broadcast) {
  const Collective& c = broadcast.collective;
  if (c.kind() != Collective::Kind::Broadcast)
    throw std::logic_error("a reduce runs a broadcast backwards, not " + with_article(c.name()));
  const std::uint32_t p = c.pieces();
  check_tree_registers(t, 2 * std::uint64_t{p}, "a reduce run backwards from a broadcast");
  RegisterProgram prog(t, Collective::reduce(c.nodes(), c.root(), p), piece_registers(p),
                       broadcast.algorithm);
  for (std::uint32_t k = 0; k < p; ++k)  // the root's own pieces start its sums
    prog.set(static_cast<std::uint16_t>(p + k), static_cast<std::uint16_t>(k),
             {{c.root().v, c.root().v}});
  if (!broadcast.steps.empty())
    for (auto& step : mirrored_moves(broadcast)) {
      if (step.empty()) continue;  // every delivery of that step was a piece already held
      for (auto& [link, moves] : step)
        prog.send(static_cast<std::uint32_t>(link >> 32), static_cast<std::uint32_t>(link),
                  std::move(moves));
      prog.end_step();
    }
  Schedule s = prog.finish();
  s.model = broadcast.model;
  s.ports = broadcast.ports;
  return s;
}

}  // namespace netsched
