#pragma once
/// Repairing a healthy schedule around failed links and nodes instead of starting over
/// (`netsched repair`): every transfer that touches no failure is kept as it was; each one over
/// a failed link or from a failed node is replaced by a detour from the node that held its
/// chunks soonest-plus-nearest — the family's fault-tolerant route where a paper gives one
/// (RHFC §4.2 FTR on faulty HFC, HSN and RHS), a shortest surviving path elsewhere, and a
/// path around relays whose ports are full when it is cheaper — and every transfer is re-timed
/// into free ports by list scheduling (the shortest of a few orders). A broadcast or total
/// exchange is also restarted at the fault, the generic algorithm finishing it from what the
/// healthy steps delivered (analysis/restart_repair.hpp); on small networks Z3 then looks for
/// fewer steps, keeping the most healthy transfers (analysis/solved_repair.hpp).
/// Around failed nodes the collective is over the survivors. The result is checked like any
/// schedule, on the faulty network, and set beside the best schedule generated for the faulty
/// network from scratch.
///
/// Why in analysis/: it needs the checker's trace (what each transfer carried), the routers of
/// gen/ and generate_checked, and it concludes which of the two is better.
#include <optional>
#include <string>

#include "analysis/checked.hpp"
#include "analysis/verification.hpp"

namespace netsched {

/// What a repair did to the healthy schedule's transfers, and how it routed its detours.
struct RepairCounts {
  std::uint64_t kept = 0, detoured = 0;
  /// Transfers to failed nodes, or with only chunks the survivors do not need: gone.
  std::uint64_t dropped = 0;
  /// Transfers whose receiver a detour reached first (as a relay): no longer needed.
  std::uint64_t redundant = 0;
  /// Kept transfers whose sender a detour reached late, sent instead by a nearer holder.
  std::uint64_t resourced = 0;
  /// Chunk deliveries left out once placed: the receiver held the chunk, or got it that step.
  std::uint64_t repeats = 0;
  std::uint64_t detour_hops = 0;  ///< the detours' hops (the re-sourced transfers' too)
  std::string router;             ///< the detours' routing algorithm
  /// When a restart at the fault (analysis/restart_repair.hpp) or Z3 (analysis/solved_repair.hpp)
  /// found a repair in fewer steps than the detours': what each found, "; then " between them;
  /// the counts above are then the detour plan's it replaced.
  std::string shorter;
};

struct RepairReport : RepairCounts {
  explicit RepairReport(CheckedSchedule on_its_network) : healthy(std::move(on_its_network)) {}
  CheckedSchedule healthy;                     ///< the schedule on its own network
  std::optional<CheckedSchedule> repaired;     ///< on the faulty network
  std::string repair_failed;                   ///< why there is none (not implemented, a limit)
  std::optional<CheckedSchedule> regenerated;  ///< the default algorithm on the faulty network
  std::string regenerate_failed;
  /// The failed nodes' own chunks (and those only they needed): the collective is now over the
  /// survivors, renumbered.
  std::uint64_t dropped_chunks = 0;
  /// Steps any schedule of the kept one's kind needs on the faulty network (its own bound).
  std::optional<LowerBound> lower;
  /// "repaired" or "regenerated": the cheaper under the cost model (repaired on a tie).
  std::string chosen;
  const CheckedSchedule& best() const { return chosen == "repaired" ? *repaired : *regenerated; }
};

/// Repairs `healthy` (a chunk collective whose network is the faulty network's base) around the
/// failed links and nodes of `faulty`, regenerates the collective on `faulty`, and picks the
/// cheaper under `cost`. InputError when `faulty` is not faulty(<the schedule's network>, ...),
/// when the schedule does not hold, or when neither a repair nor a regeneration exists (each
/// one's reason is kept when only one fails).
RepairReport repair_schedule(const Schedule& healthy, const Network& faulty, const CostModel& cost);
/// The same for a schedule already checked on its own network (a sweep checks it once).
RepairReport repair_schedule(const CheckedSchedule& healthy, const Network& faulty,
                             const CostModel& cost);

}  // namespace netsched
