#pragma once
/// A repair that restarts at the fault: the healthy schedule's first k steps as far as they
/// still hold on the faulty network (transfers over a failed link, and those whose sender no
/// longer gets what it sent, left out), then the generic algorithm from what every node holds
/// after them — the greedy broadcast from every holder at once, or the greedy total exchange
/// from where every message stands — re-timed by list scheduling. The shortest over a few k;
/// a restart that keeps no healthy transfer is not one (it is regenerating).
///
/// Why: a detour repair keeps every healthy transfer in its order, and where the fault sits
/// near a broadcast's root every later step waits on the detour (the 12,000-node HDN around its
/// root's link {0,1}: 20 steps where regenerating takes 19); a total exchange whose healthy
/// schedule is tight (A2 on a torus) has no free ports for the detours. Restarting keeps the
/// healthy progress and lets the generic algorithm route around the fault from there.
/// (Each restart point costs one greedy run: on hsn(3,hypercube(2))'s exchange, 112 nodes,
/// a few milliseconds.)
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "core/schedule.hpp"
#include "gen/topo/faulty.hpp"
#include "verify/simulator.hpp"

namespace netsched {

/// The most restart points tried: every step of a schedule of at most this many, evenly spaced
/// steps beyond (and the first step a failure touches).
inline constexpr std::uint64_t kRestartPoints = 64;
/// The restarts of fewest steps that are then re-timed by list scheduling (each re-timing is
/// four list schedules of every transfer: the most of the work).
inline constexpr std::size_t kRestartsRetimed = 4;

/// The healthy chunk's id among the survivors' (nullopt: no survivor needs it).
using SurvivorChunk = std::function<std::optional<std::uint64_t>(std::uint64_t)>;

struct RestartedRepair {
  Schedule schedule;           ///< on the faulty network (checked by the caller)
  std::uint64_t prefix = 0;    ///< healthy steps it starts with
  std::uint64_t kept = 0;      ///< healthy transfers kept in them
  std::uint64_t left_out = 0;  ///< healthy transfers of those steps left out
  std::string finish;          ///< the algorithm that finishes it
  /// "restarting after 2 healthy steps (1 transfer kept, 2 left out), then the greedy
  /// broadcast: 19 steps".
  std::string text() const;
};

/// `healthy`'s header on `f` for the survivors' collective: its topology, the survivors' ids
/// (the base's when only links failed), its steps left as they are.
Schedule on_survivors(Schedule healthy, const FaultyNetwork& f, const Collective& survivors);

/// The restarted repair of `healthy` (a unit-message one-port broadcast or total exchange, its
/// trace with chunks) on `f` for the survivors' collective `survivors`, when one is shorter
/// than `steps_to_beat`; nullopt otherwise, and for other collectives and models.
std::optional<RestartedRepair> restarted_repair(const Schedule& healthy, const StepTrace& trace,
                                                const FaultyNetwork& f, const Collective& survivors,
                                                const SurvivorChunk& chunk_of,
                                                std::uint64_t steps_to_beat);

}  // namespace netsched
