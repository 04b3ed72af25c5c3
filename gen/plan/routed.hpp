#pragma once
/// Register copies along explicit paths, scheduled store-and-forward: every datum has its own
/// transit registers, and each step moves every datum whose next hop keeps the step one-port
/// (longest remaining path first). Used where a paper's "get" names a node that is not a
/// neighbour (dualcube matrix multiplication).
#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "gen/plan/program.hpp"

namespace netsched {

struct RoutedCopy {
  std::vector<std::uint32_t> path;  ///< source first, destination last
  std::vector<std::pair<std::uint16_t, std::uint16_t>>
      regs;               ///< (source register, destination register)
  RegOp op = RegOp::Set;  ///< how the destination takes it
};

/// Emits the steps of one phase (all copies read their sources as of the phase's start, if no
/// destination of the phase is also a source). Transit registers are `transit`, transit+1, ...
/// (|regs| per copy of more than one hop; a one-hop copy needs none), declared as needed.
/// Returns the number of steps.
inline std::size_t routed_phase(RegisterProgram& p, std::uint32_t nodes,
                                const std::vector<RoutedCopy>& copies, std::uint16_t transit) {
  std::size_t width = 0, slots = 0;
  std::vector<std::size_t> slot(copies.size(), 0);
  for (std::size_t c = 0; c < copies.size(); ++c)
    if (copies[c].path.size() > 2) {
      width = std::max(width, copies[c].regs.size());
      slot[c] = slots++;
    }
  if (transit + slots * width > std::numeric_limits<std::uint16_t>::max())
    throw InputError("routed_phase: the copies need " + std::to_string(transit + slots * width) +
                     " registers, over the format's 65,535");
  p.ensure_registers(transit + slots * width, "t");
  std::vector<std::size_t> hop(copies.size(), 0);
  std::vector<std::size_t> order(copies.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::vector<std::uint32_t> busy_send(nodes, 0), busy_recv(nodes, 0);
  std::size_t steps = 0;
  for (std::uint32_t stamp = 1;; ++stamp) {
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return copies[a].path.size() - hop[a] > copies[b].path.size() - hop[b];
    });
    bool moved = false, left = false;
    for (std::size_t c : order) {
      const auto& path = copies[c].path;
      if (hop[c] + 1 >= path.size()) continue;
      left = true;
      const std::uint32_t from = path[hop[c]], to = path[hop[c] + 1];
      if (busy_send[from] == stamp || busy_recv[to] == stamp) continue;
      busy_send[from] = busy_recv[to] = stamp;
      std::vector<Move> moves;
      const bool first = hop[c] == 0, last = hop[c] + 2 == path.size();
      for (std::size_t r = 0; r < copies[c].regs.size(); ++r) {
        const auto t = static_cast<std::uint16_t>(transit + slot[c] * width + r);
        moves.push_back({first ? copies[c].regs[r].first : t, last ? copies[c].regs[r].second : t,
                         last ? copies[c].op : RegOp::Set});
      }
      p.send(from, to, moves);
      ++hop[c];
      moved = true;
    }
    if (!left) break;
    if (!moved) throw std::logic_error("routed_phase: no progress");
    p.end_step();
    ++steps;
  }
  return steps;
}

}  // namespace netsched
