#pragma once
/// Repairing a total exchange whose payloads are all selectors (the HDN's and the packed
/// exchanges, at sizes where only the block checker holds them: 144 million chunks on the
/// 12,000-node HDN) around failed links, without a node-by-chunk trace: each transfer over a
/// failed link is taken out of its step and its selector sent, in steps inserted after that
/// step, along a shortest surviving path to its receiver. The relays forward what they got in
/// the step before ("acquired_in" that step alone); every later selector's acquisition window is
/// renumbered so that it admits what it admitted before — the receiver's detoured chunks among
/// them — and never a relay's copy. The result is checked like any schedule.
///
/// Why beside analysis/repair.cpp and not in it: the detour repair there walks the dense
/// simulator's trace (which chunk each transfer carried), which at this size does not fit; this
/// one works on the selectors alone, as the block checker does.
#include <cstdint>
#include <string>

#include "core/schedule.hpp"
#include "gen/topo/faulty.hpp"

namespace netsched {

/// What the repair did.
struct SelectorDetours {
  Schedule schedule;  ///< on f (checked by the caller)
  std::uint64_t kept = 0, detoured = 0, detour_hops = 0;
  std::uint64_t inserted_steps = 0;  ///< steps added for the detours
  std::uint64_t in_free_ports = 0;   ///< detour hops laid into healthy steps' free ports
};

/// `s` (a total exchange whose payloads are all selectors, on f's base network) repaired around
/// f's failed links. InputError when f has failed nodes (the survivors' exchange renumbers the
/// chunks a selector names: regenerate), when the survivors are disconnected, and for the
/// single-dimension model. With `defer`, a detour goes in as late as its receiver allows (before
/// it first sends what the transfer brought), where detours of several steps share the
/// inserted steps; without, right after the step it is taken out of.
SelectorDetours selector_detours(const Schedule& s, const FaultyNetwork& f, bool defer);

}  // namespace netsched
