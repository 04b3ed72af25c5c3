#pragma once
/// RHFC paper §4.2: on-line fault-tolerant routing FTR(l, x, y) on HFC, HSN and RHS networks
/// with failed links and nodes, implemented as printed, and the fault condition it is run under.
///
/// Why a file of its own: FTR is a paper algorithm with its own choices where the paper leaves
/// one open (how x'' is picked, what "a small number of faults" means); they are fixed here and
/// documented in docs/algorithms.md, and the claim rhfc.ftr-penalty measures the printed
/// penalty bound against this implementation.
#include <cstdint>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "core/schedule.hpp"
#include "gen/topo/faulty.hpp"

namespace netsched {

/// A route found by FTR, in the base network's ids, and the Case (ii) diversions it took.
struct FtrRoute {
  NodePath path;                          ///< base ids, path.front() == x, path.back() == y
  std::vector<std::uint32_t> diversions;  ///< the level of each Case (ii) diversion, in order
};

/// FTR(l, x, y) on `f`, whose base must be an HFC, HSN or RHS (x and y base ids, both alive).
/// Level 1 (the nucleus) is routed by BFS over the surviving nucleus links — the paper assumes
/// an on-line fault-tolerant nucleus algorithm; BFS is the one chosen. Case (ii) picks x'' as the
/// survivor of the current nucleus nearest to the packet (BFS order, ties by smaller id) whose
/// level-i link is normal, ends at a survivor and enters a level-i cluster not yet visited by
/// this level-i routing. Throws InputError naming the reason when FTR cannot deliver
/// (a nucleus cut by the faults, or no such x'').
FtrRoute rhfc_ftr(const FaultyNetwork& f, NodeId x, NodeId y);

/// The fault condition chosen for "a small number of faults": f = failed nodes + failed links
/// satisfies f < kappa(G) (the nucleus's node connectivity: no nucleus copy is cut) and
/// 2f < N_i - 1 at every level i >= 2 (a nucleus always has a normal link into an unvisited
/// cluster). Returns "" when it holds, else the reason.
std::string ftr_condition(const FaultyNetwork& f);

}  // namespace netsched
