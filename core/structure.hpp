#pragma once
/// The one structural check every engine runs first.
///
/// Why here: the dense simulator, the block engine, the register checker and the Z3 checker
/// must see the same file and give the same exit code. So whether a file is a schedule of this
/// network at all — node counts, node and chunk ids, payload and register indices, the kind of
/// payload the collective moves, the port model's needs, the step limit — is decided once,
/// here, before any engine allocates anything. What remains for the engines is the schedule's
/// behaviour: links, ports, causality, delivery (a Violation, exit 1), never exit 2.
#include "core/errors.hpp"
#include "core/network.hpp"
#include "core/schedule.hpp"

namespace netsched {

/// The most steps a schedule may have (2^22): a file is refused above it before any engine runs.
inline constexpr std::uint64_t kMaxSteps = std::uint64_t{1} << 22;
/// The most transfers a schedule may have over all its steps (2^28).
inline constexpr std::uint64_t kMaxTransfers = std::uint64_t{1} << 28;
/// The most ports a k-port schedule may declare: more than any node of a network netsched
/// builds has links (a node's sends are bounded by its links anyway).
inline constexpr std::uint64_t kMaxPorts = 1024;
/// Memory one transfer costs while it is read or made and then checked (the transfer, its share
/// of payloads and the checker's index entries): measured 109 B generating and 125 B reading and
/// verifying the 16.8M-transfer total exchange on torus(32,32); checked against the memory budget.
inline constexpr std::uint64_t kBytesPerTransfer = 128;

/// "step S transfer T: ", the prefix of every message about one transfer.
inline std::string step_transfer(std::uint64_t step, std::uint64_t transfer) {
  return "step " + std::to_string(step) + " transfer " + std::to_string(transfer) + ": ";
}

/// Throws InputError naming the first structural problem of `s` as a schedule of
/// `t`: a node count differing from the network, a collective, group or transfer naming a node
/// out of range, a payload index or chunk id out of range, register moves in a chunk
/// collective (or chunks in a register one), a register index out of range, digits that do not
/// fit, a single-dimension model on a family without dimensions, a k-port model without 2 to
/// kMaxPorts ports (or ports under another model), more than kMaxSteps steps or
/// kMaxTransfers transfers.
void check_structure(const Network& t, const Schedule& s);

}  // namespace netsched
