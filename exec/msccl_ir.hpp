#pragma once
/// MSCCL-IR XML: schedules for GPU collective runtimes (MSCCL, RCCL's MSCCL path), out and back.
///
/// Why both directions, and why both run the program: a runtime executes threadblocks, not
/// synchronous steps, so the export has to say with dependencies what the steps said with
/// time. Both directions therefore hold the XML to the same standard: the MSCCL runtime's own
/// execution of it (exec/msccl_run.hpp) must end with every gpu's output buffer right, with no
/// race and no deadlock. An export that fails that is netsched's bug and is never written; an
/// import that fails it is a wrong program, whatever steps it could be rebuilt into.
///
/// Export of reductions (all-reduce, reduce, reduce-scatter): exec/msccl_export_registers.cpp
/// says how registers become slots and moves become steps.
///
/// Export (all-gather, total exchange as alltoall, broadcast, scatter, gather): every rank is a
/// GPU; chunk c sits in the input buffer at its origin, in the output buffer at its
/// destinations (MPI's layout), and in a scratch slot of its own at a node it only passes
/// through. A chunk sent to a node that already holds it (its origin, or a second copy) is left
/// out, so no buffer slot is written twice and the input buffer never. A transfer is one send
/// step per run of consecutive offsets in the sender's threadblock for that peer and a matching
/// receive step in the receiver's; a send depends on the receive that brought its chunk, and a
/// rank's transfers are chained (sends apart from receives) so the one-port order survives.
/// Dependencies inside one threadblock are left to program order, as msccl-tools' ncclize does;
/// a step with more than one dependency gets nop steps carrying the others. A peer's sequence
/// longer than a threadblock may hold moves to the next channel.
///
/// Import: the run decides; then, for the chunk collectives netsched's files describe, the
/// messages are placed in synchronous steps (a message at the step its sender's and its
/// receiver's orders allow, strictly after the message that brought what it carries) and the
/// rebuilt schedule is checked by the simulator on the network.
#include <optional>
#include <string>
#include <string_view>

#include "core/errors.hpp"
#include "core/schedule.hpp"
#include "exec/exec_plan.hpp"
#include "exec/msccl_program.hpp"
#include "exec/msccl_run.hpp"

namespace netsched::exec {

struct MscclOptions {
  std::string name;  ///< the algo's name; default "<algorithm> on <topology>"
  std::uint32_t max_steps_per_tb = static_cast<std::uint32_t>(MscclLimits{}.steps_per_tb);
  std::string proto = "Simple";
  bool runtime_limits = true;  ///< refuse what the MSCCL runtime would refuse to load
  bool inplace = false;        ///< an in-place program (the runtime's aliasing of the buffers)
  std::int64_t min_bytes = 0, max_bytes = 0;  ///< the size window (maxBytes 0: no limit)
};

/// Figures of an exported algo.
struct MscclFigures {
  std::uint64_t threadblocks = 0, steps = 0, nops = 0, channels = 0;
  std::uint64_t dropped = 0;     ///< chunks left out: sent to a node that already held them
  std::uint64_t longest_tb = 0;  ///< the most steps (nops included) of one threadblock
};

/// How a program is checked on import (and an export before it is written).
struct MscclImportOptions {
  std::optional<std::uint32_t> root;
  bool runtime_limits = true;  ///< the runtime's limits (MscclLimits) apply
  std::uint32_t max_steps_per_tb = static_cast<std::uint32_t>(MscclLimits{}.steps_per_tb);
  /// The message size the connections' buffering is for (the runtime's nBytes); default the
  /// algo's maxBytes, or no largest size when it has none.
  std::optional<std::uint64_t> bytes;
};

/// One way the runtime may call the program, and its run.
struct MscclModeRun {
  std::string mode;  ///< "out-of-place" or "in-place"
  MscclRun run;
};

/// A read and run MSCCL-IR file.
struct MscclImport {
  MscclProgram program;
  MscclCollective collective;
  MscclBuffering buffering;
  std::vector<MscclModeRun> runs;  ///< each mode the algo declares, out of place first
  /// When the decisive run deadlocks only for want of buffering: the largest message size at
  /// which it completes (more chunks share an operation at smaller sizes), if there is one.
  std::optional<std::uint64_t> completes_up_to;
  /// The run that decides: the first that does not hold, else the first.
  const MscclModeRun& decisive() const;
};

/// The schedule as an MSCCL-IR program, checked: imported back (written, read, checked
/// structurally with the runtime's limits unless options say otherwise, and run in the mode it
/// declares at its largest size) before it is returned. Throws InputError for a collective
/// MSCCL-IR has no layout for here (prefix, matrix products, reductions over groups), a
/// schedule whose own run fails, a program beyond the runtime's limits, or an in-place program
/// the schedule cannot be written as; std::logic_error if an out-of-place program's run fails
/// (a netsched bug).
MscclProgram export_program(const ExecPlan& plan, const MscclOptions& options,
                            MscclFigures* figures = nullptr);
/// export_program as XML.
std::string export_msccl(const ExecPlan& plan, const MscclOptions& options,
                         MscclFigures* figures = nullptr);

/// The most steps of a threadblock where no MSCCL runtime's limit applies.
inline constexpr std::uint32_t kUnlimitedStepsPerTb = 1U << 20;
/// The schedule as an MSCCL-IR program without the MSCCL runtimes' limits, checked and run
/// (rooted collectives at the schedule's root): the common ground of the exports to engines
/// that have none of those limits (MSCCL++ plans, Chakra traces).
MscclImport export_unlimited(const ExecPlan& plan);

/// Parses and checks the program: structurally (the runtime's limits unless told otherwise),
/// then a run in each mode it declares. Throws InputError for a file that is not a well-formed
/// program.
MscclImport import_msccl(std::string_view xml, const MscclImportOptions& options = {});
/// import_msccl of a program already in memory.
MscclImport check_program(MscclProgram program, const MscclImportOptions& options = {});

/// The runtime's message size (nBytes = count x type size x sizeMultiplier) of a collective
/// whose every node's message is `bytes` as gen --bytes counts it (per destination for scatter,
/// gather and total exchange; per block for reduce-scatter): ngpus x bytes for the all-gather,
/// the reduce-scatter and the alltoall, `bytes` for the others.
std::uint64_t msccl_message_bytes(const Collective& c, std::uint64_t bytes);

/// One program of a size-set: the sizes it was chosen at (indices into the list) and the window
/// of the runtime's nBytes it is selected for.
struct MscclWindow {
  std::size_t first = 0, last = 0;
  std::int64_t min_bytes = 0, max_bytes = 0;  ///< maxBytes 0: no limit
};
/// Consecutive sizes (ascending, the runtime's nBytes) with the same choice share a program;
/// a program's window runs from its first size to just below the next program's first, the
/// first from 0 and the last without limit. Throws InputError unless the sizes ascend.
std::vector<MscclWindow> msccl_windows(const std::vector<std::uint64_t>& nbytes,
                                       const std::vector<std::string>& choices);

/// Why the run's messages cannot be written as a netsched schedule, if they cannot: the
/// collective has no chunk form in netsched's files (reductions) or more than one chunk per rank.
std::optional<std::string> why_no_schedule(const MscclCollective& c);
/// The run's messages as synchronous steps on `topology` (routed when `routed`: the network
/// carries a message between any two gpus; else one-port when no node sends or receives twice
/// in a step, and all-port otherwise). Throws InputError with why_no_schedule's reason, or when
/// the messages cannot be ordered in steps.
Schedule rebuild_schedule(const MscclImport& im, const std::string& topology, bool routed = false);

}  // namespace netsched::exec
