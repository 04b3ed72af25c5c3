// Vector prefix (MPI_Scan) by a pipelined chain in id order: node v adds its piece k to the
// prefix of piece k it got from v-1 and passes the sum to v+1, piece after piece, so after the
// pipe fills every node forwards a piece a step (a scan of p pieces in about N-2+p steps of one
// piece, where MPI's linear and recursive-doubling scans send the whole vector N-1 or log2 N
// times). The order is the ids', which the prefix fixes; where v and v+1 are not neighbours the
// hop is routed on a shortest path, its relays holding the sum in transit registers. Each move
// is placed in the first step its input is ready and the port model lets it go (a list
// schedule), pieces in turn, so piece k+1 follows piece k down the chain.
#include <algorithm>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "core/errors.hpp"
#include "core/graph.hpp"
#include "core/limits.hpp"
#include "core/metrics.hpp"
#include "gen/broadcast/broadcast.hpp"
#include "gen/plan/port_calendar.hpp"
#include "gen/plan/program.hpp"
#include "gen/plan/schedule_kit.hpp"
#include "gen/prefix/prefix.hpp"

namespace netsched {
namespace {

/// A shortest path from v to v+1 for every v < N-1, v first. Among the shortest, each step
/// takes the link that has carried fewest hops so far, then the neighbour that has relayed
/// fewest (then the smallest id); under one-port the relays count first. A link (all-port) or
/// a relay's port (one-port) shared by many hops slows the pipe.
std::vector<std::vector<std::uint32_t>> chain_hops(const Csr& g, PortModel model) {
  std::vector<std::vector<std::uint32_t>> hops;
  std::vector<std::uint64_t> relayed(g.num_nodes(), 0), carried(g.num_arcs(), 0);
  for (std::uint32_t v = 0; v + 1 < g.num_nodes(); ++v) {
    const auto dist = bfs_distances(g, v + 1);
    if (dist[v] == kUnreached)
      throw InputError("chain prefix: node " + std::to_string(v + 1) + " cannot be reached from " +
                       std::to_string(v));
    std::vector<std::uint32_t> path{v};
    while (path.back() != v + 1) {
      const std::uint32_t u = path.back();
      const std::uint32_t* best = nullptr;
      const auto load = [&](const std::uint32_t* w) {
        const std::uint64_t link = carried[w - g.targets().data()],
                            relay = *w == v + 1 ? 0 : relayed[*w];
        return model == PortModel::OnePort ? std::tuple(relay, link, *w)
                                           : std::tuple(link, relay, *w);
      };
      for (const std::uint32_t* w = g.begin(u); w != g.end(u); ++w)
        if (dist[*w] + 1 == dist[u] && (!best || load(w) < load(best))) best = w;
      ++carried[best - g.targets().data()];
      if (*best != v + 1) ++relayed[*best];
      path.push_back(*best);
    }
    hops.push_back(std::move(path));
  }
  return hops;
}

/// The transit registers of every node and the step boundaries over which each holds a value
/// (boundary b lies between steps b-1 and b): a value received in step a and sent on in step f
/// holds boundaries a+1 .. f, so a register is read and rewritten in one step at most.
class TransitRegisters {
 public:
  explicit TransitRegisters(std::uint32_t nodes) : held_(nodes) {}
  /// A register of `node` free over the boundaries from+1 .. to, now taken; its index from 0.
  std::uint32_t take(std::uint32_t node, std::uint64_t from, std::uint64_t to) {
    auto& regs = held_[node];
    for (std::uint32_t r = 0;; ++r) {
      if (r == regs.size()) regs.emplace_back();
      auto& ranges = regs[r];  // first boundary -> last, disjoint
      const auto next = ranges.upper_bound(to);
      if (next != ranges.begin() && std::prev(next)->second > from) continue;
      ranges.emplace(from + 1, to);
      count_ = std::max(count_, r + 1);
      return r;
    }
  }
  std::uint32_t count() const { return count_; }

 private:
  std::vector<std::vector<std::map<std::uint64_t, std::uint64_t>>> held_;
  std::uint32_t count_ = 0;
};

/// A move of the schedule: in `step`, over from -> to.
struct PlacedMove {
  std::uint64_t step;
  std::uint32_t from, to;
  Move move;
};

/// Every move of the chain, placed: pieces in turn, each down the chain node by node.
std::vector<PlacedMove> place_moves(const Csr& g, PortModel model,
                                    const std::vector<std::vector<std::uint32_t>>& hops,
                                    std::uint32_t pieces, std::uint16_t transit_base,
                                    TransitRegisters& transit) {
  PortCalendar ports = model == PortModel::OnePort ? PortCalendar(g.num_nodes()) : PortCalendar(g);
  std::vector<PlacedMove> out;
  std::vector<std::uint64_t> at;  // the steps of one hop's links
  for (std::uint32_t k = 0; k < pieces; ++k) {
    const auto result = static_cast<std::uint16_t>(pieces + k);
    std::uint64_t ready = 0;  // node v's prefix of piece k can be sent from this step on
    for (const auto& path : hops) {
      at.clear();
      for (std::size_t i = 0; i + 1 < path.size(); ++i) {
        at.push_back(ports.take(path[i], path[i + 1], i == 0 ? ready : at.back() + 1));
      }
      std::uint16_t src = result;  // v's prefix, then a relay's transit register
      for (std::size_t i = 0; i + 1 < path.size(); ++i) {
        const bool last = i + 2 == path.size();
        const std::uint16_t dst =
            last ? result
                 : static_cast<std::uint16_t>(transit_base +
                                              transit.take(path[i + 1], at[i], at[i + 1]));
        out.push_back(
            {at[i], path[i], path[i + 1], {src, dst, last ? RegOp::Combine : RegOp::Set}});
        src = dst;
      }
      ready = at.back() + 1;
    }
  }
  return out;
}

}  // namespace

Schedule chain_prefix(const Network& t, std::uint32_t pieces, PortModel model) {
  const char* what = "a chain prefix";
  check_pieces("chain prefix", pieces, kMaxChainPieces, "kMaxChainPieces");
  check_nodes(t, what, kReduceScatterMaxNodes, "kReduceScatterMaxNodes");
  check_tree_registers(t, 2 * std::uint64_t{pieces}, what);
  const Csr g(t, 1);
  const auto hops = chain_hops(g, model);
  std::uint64_t links = 0;
  for (const auto& path : hops) links += path.size() - 1;
  // the moves, and the port calendar's steps (about the links plus the pieces, twice over for
  // relays)
  constexpr std::uint64_t kMoveBytes = 64;
  const std::uint64_t width = model == PortModel::OnePort ? 2 * g.num_nodes() : g.num_arcs();
  check_memory(add_sat(mul_sat(mul_sat(links, pieces), kMoveBytes),
                       mul_sat(2 * (links + std::uint64_t{pieces}), width)),
               std::string(what) + " on " + t.spec() + " in " + std::to_string(pieces) + " pieces");
  const auto base = static_cast<std::uint16_t>(2 * pieces);
  TransitRegisters transit(g.num_nodes());
  auto moves = place_moves(g, model, hops, pieces, base, transit);
  check_tree_registers(t, base + std::uint64_t{transit.count()}, what);  // the relays' too
  auto names = piece_registers(pieces);
  for (std::uint32_t r = 0; r < transit.count(); ++r)
    names.push_back("transit" + std::to_string(r));
  RegisterProgram prog(t, Collective::prefix(t.num_nodes(), {}, pieces), std::move(names),
                       model == PortModel::OnePort ? "chain" : "all-port-chain");
  for (std::uint32_t k = 0; k < pieces; ++k)  // every node's own piece starts its prefix
    prog.set(static_cast<std::uint16_t>(pieces + k), static_cast<std::uint16_t>(k));
  std::stable_sort(moves.begin(), moves.end(),
                   [](const PlacedMove& a, const PlacedMove& b) { return a.step < b.step; });
  for (std::size_t i = 0; i < moves.size();) {
    const std::uint64_t step = moves[i].step;
    for (; i < moves.size() && moves[i].step == step; ++i)
      prog.send(moves[i].from, moves[i].to, {moves[i].move});
    prog.end_step();
  }
  Schedule s = prog.finish();
  s.model = model;
  return s;
}

}  // namespace netsched
