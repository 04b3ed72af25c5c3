#pragma once
/// MSCCL-IR XML: schedules for GPU collective runtimes (MSCCL, RCCL's MSCCL path), out and back.
///
/// Why both directions: a runtime executes threadblocks, not synchronous steps, so the export
/// has to say with dependencies what the steps said with time; reading the XML back, rebuilding
/// a step schedule from those dependencies alone and checking it with the simulator shows that
/// nothing the schedule's correctness rests on was lost.
///
/// Export (all-gather, total exchange as alltoall, broadcast): every rank is a GPU; chunk c sits
/// in the input buffer at its origin, in the output buffer at its destinations (MPI's layout),
/// and in a scratch slot of its own at a node it only passes through. A transfer is one send
/// step per run of consecutive offsets in the sender's threadblock for that peer and a matching
/// receive step in the receiver's; a step depends on the receive that brought its chunk, and a
/// rank's transfers are chained (the first step of a transfer depends on the last of the rank's
/// previous one, sends and receives apart) so the one-port order survives. A step with more
/// than one dependency gets "nop" steps carrying the others, as msccl-tools does. A peer's
/// sequence longer than a threadblock may hold is spread over channels.
///
/// Import: matches sends and receives per (sender, receiver, channel) in threadblock order,
/// names each chunk from the buffer it is read from, and gives every matched pair the earliest
/// step its threadblock order (not earlier than the previous step) and its dependencies
/// (strictly later) allow; transfers of one pair landing in one step merge.
#include <string>
#include <string_view>

#include "core/schedule.hpp"
#include "exec/exec_plan.hpp"

namespace netsched::exec {

/// Steps per threadblock the newer MSCCL runtime accepts (MSCCL_MAX_NUM_STEPS); older ones 64.
inline constexpr std::uint32_t kMscclMaxStepsPerTb = 256;
/// The largest MSCCL-IR file read (256 MiB), checked before parsing.
inline constexpr std::uint64_t kMscclMaxBytes = std::uint64_t{1} << 28;

struct MscclOptions {
  std::string name;  ///< the algo's name; default "<algorithm> on <topology>"
  std::uint32_t max_steps_per_tb = kMscclMaxStepsPerTb;
  std::string proto = "Simple";
};

/// Figures of an exported algo.
struct MscclFigures {
  std::uint64_t threadblocks = 0, steps = 0, nops = 0, channels = 0;
};

/// The schedule as MSCCL-IR XML. Throws std::invalid_argument for a collective MSCCL-IR has no
/// layout for here (anything but all-gather, total exchange and broadcast) or a schedule whose
/// run fails (the executor's in-process run resolves its selectors).
std::string export_msccl(const ExecPlan& plan, const MscclOptions& options,
                         MscclFigures* figures = nullptr);

/// Rebuilds a step schedule on `topology` from MSCCL-IR XML (any producer's, within the layout
/// above: i/o/s buffers, s/r/cpy/nop steps). Throws std::invalid_argument naming the problem
/// (malformed XML, a missing attribute, an unmatched send, a dependency cycle, ...).
Schedule import_msccl(std::string_view xml, const std::string& topology);

}  // namespace netsched::exec
