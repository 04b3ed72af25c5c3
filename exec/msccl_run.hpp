#pragma once
/// An MSCCL-IR program run as the MSCCL runtime runs it, with symbolic data, and its final
/// buffers compared with what the collective must produce.
///
/// Why a run and not a rebuilt step schedule: a runtime executes threadblocks, not steps. Each
/// threadblock runs its steps in program order; a step first waits for the steps it depends on
/// (a dependency on step s of threadblock t is met when t finishes a step at or after s that
/// sets its flag, `hasdep`); a send puts its chunks into the connection to its peer, which
/// buffers `kMscclConnectionChunks` chunks (the runtime's 8 slots at 4 per chunk), so a send
/// does not wait for the receiver unless the connection is full; nops are folded into the next
/// step. Chunks carry symbolic values (which input chunk of which gpu; a reduction is the
/// multiset of its inputs), so the final output buffers say exactly what every gpu computed.
///
/// Soundness. Deadlock: a threadblock only ever waits for more data, more room or a higher
/// flag, so more buffering can only let a program progress further; a program that completes
/// with the smallest buffering the runtime guarantees completes with any. Data: every access to
/// a chunk is checked against the earlier accesses with vector clocks over the gpu's
/// threadblocks (program order and dependencies). Two accesses of which one writes and which
/// neither orders are a race and the program is refused, so every execution the runtime may
/// take reads what this run reads. (Orderings that only hold through other gpus' messages are
/// not used: such a program is refused although it might be correct — sound, not complete.)
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "core/verdict.hpp"
#include "exec/msccl_program.hpp"

namespace netsched::exec {

/// Chunks a connection buffers before a send waits (NCCL_STEPS 8 / MSCCL_CHUNKSTEPS 4 with the
/// Simple protocol; LL and LL128 buffer more, and more buffering never deadlocks more).
inline constexpr std::uint32_t kMscclConnectionChunks = 2;
/// Budgets of the run, checked from the program before it starts.
inline constexpr std::uint64_t kMscclMaxChunkMoves = std::uint64_t{1} << 28;  ///< sum of cnt
inline constexpr std::uint64_t kMscclMaxClockWords = std::uint64_t{1} << 26;  ///< vector clocks
/// The most contributions all reduced values may hold in all (a reduction of reductions grows).
inline constexpr std::uint64_t kMscclMaxContributions = std::uint64_t{1} << 27;

/// What the program must compute.
struct MscclCollective {
  std::string coll;
  std::uint32_t gpus = 0;
  std::uint32_t per_rank = 1;  ///< c: chunks per rank (MPI's count in chunks)
  std::optional<std::uint32_t> root;
  /// Whether gpu g starts with input chunks, and how many.
  std::int64_t input_chunks(std::uint32_t g) const;
  /// The output chunks gpu g must end with (0: its output is not checked).
  std::int64_t output_chunks(std::uint32_t g) const;
};

/// The collective a program computes: `coll` with the chunk count from the gpus' buffers and
/// the root from `root`, else from the one gpu with input (broadcast, scatter) or output
/// (gather, reduce) chunks or that reads its input or writes its output. Throws
/// InputError when the buffers do not fit the collective or the root is unclear.
MscclCollective msccl_collective(const MscclProgram& p, std::optional<std::uint32_t> root);

/// A symbolic chunk: the input chunks it combines, as (gpu << 32 | input offset), sorted; null
/// is a chunk nobody wrote.
using MscclValue = std::shared_ptr<const std::vector<std::uint64_t>>;
/// The gpu and the input offset of one contribution of an MscclValue.
inline constexpr unsigned kContributionGpuShift = 32;  ///< gpu in the high half, offset below
inline std::uint64_t contribution_gpu(std::uint64_t c) { return c >> kContributionGpuShift; }
inline std::uint64_t contribution_offset(std::uint64_t c) {
  return c & ((std::uint64_t{1} << kContributionGpuShift) - 1);
}

/// One message of the run: a send step's chunks into its peer's receive step.
struct MscclMessage {
  std::uint32_t from = 0, to = 0;
  std::size_t send_step = 0, recv_step = 0;  ///< indices into MscclRun::steps
  std::vector<MscclValue> values;            ///< per chunk, what was sent
};

/// A step the runtime executes (nops folded into the next step's waits).
struct MscclRunStep {
  std::uint32_t gpu = 0, tb = 0, position = 0;
  MscclOp op = MscclOp::Nop;
};

/// A data dependency the run observed: step `to` read (to send: `sending`) a chunk that step
/// `from` wrote (`received`: from a message; else by a local copy or reduction).
struct MscclDataEdge {
  std::size_t from = 0, to = 0;
  bool received = false, sending = false;
};

/// The run: the verdict (holds; or violated with deadlock, race, input-write or result), and
/// what happened, for rebuilding steps.
struct MscclRun {
  Verdict verdict;
  std::vector<MscclRunStep> steps;
  std::vector<std::size_t> waits_from, waits_to;  ///< a step met its dependency when `from` ended
  std::vector<MscclMessage> messages;
  std::vector<MscclDataEdge> data;
  std::uint64_t chunk_moves = 0;
};

/// Runs a program that passed check_msccl. Throws InputError when it exceeds the
/// run's budgets (named above).
MscclRun run_msccl(const MscclProgram& p, const MscclCollective& c);

/// "input chunk 3 of gpu 1", "nothing", "a reduction of 4 inputs": how messages name a value.
std::string describe(const MscclValue& v);

}  // namespace netsched::exec
