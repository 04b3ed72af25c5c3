#pragma once
/// An MSCCL-IR program run as the MSCCL runtime runs it, with symbolic data, and its final
/// buffers compared with what the collective must produce.
///
/// Why a run and not a rebuilt step schedule: a runtime executes threadblocks, not steps. Each
/// threadblock runs its steps in program order; a step first waits for the steps it depends on
/// (a dependency on step s of threadblock t is met when t finishes a step at or after s that
/// sets its flag, `hasdep`); nops are folded into the next step. A step moves its `cnt` chunks
/// in primitive operations of at most `chunks_per_op` chunks each (the runtime's maxAllowedCount
/// at the message size); a connection holds `ops` operations before a send waits for the
/// receiver (NCCL_STEPS slots, 4 a Simple operation, 1 an LL or LL128 one): see MscclBuffering.
/// Chunks carry symbolic values (which input chunk of which gpu; a reduction is the multiset of
/// its inputs), so the final output buffers say exactly what every gpu computed.
///
/// Buffers. Out of place, each gpu's input, output and scratch buffers are apart. In place they
/// alias as the runtime lays them out for the collective (msccl_lifecycle.cc): all-reduce,
/// broadcast, reduce and alltoall use one buffer; all-gather's and gather's input is the gpu's
/// block of its output; reduce-scatter's and scatter's output is the gpu's block of its input.
///
/// Soundness. Deadlock: a threadblock only ever waits for more data, more room or a higher
/// flag, so more buffering can only let a program progress further; the run uses the least
/// buffering the runtime gives at any size the program may run at (its largest), so a program
/// that completes here completes at every size. One loop of the kernel is run: the runtime's
/// loops over larger messages repeat the program in order on each threadblock and connection.
/// Data: every access to a chunk is checked against the earlier accesses with vector clocks over
/// all threadblocks of all gpus, ordered by program order, dependencies and each send before its
/// matching receive (so orderings that hold only through other gpus' messages count). Two
/// accesses of which one writes and which nothing orders are a race and the program is refused,
/// so every execution the runtime may take reads what this run reads.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "core/verdict.hpp"
#include "exec/msccl_program.hpp"
#include "exec/symbolic_memory.hpp"

namespace netsched::exec {

/// Budgets of the run, checked from the program before it starts.
inline constexpr std::uint64_t kMscclMaxChunkMoves = std::uint64_t{1} << 28;  ///< sum of cnt
inline constexpr std::uint64_t kMscclMaxClockWords = std::uint64_t{1} << 28;  ///< vector clocks

/// The runtime's buffering of a connection at one message size (RCCL's and
/// msccl-executor-nccl's mscclSetupCount in msccl_setup.cc, with the smaller of their default
/// buffer sizes; docs/engines.md).
struct MscclBuffering {
  std::string proto = "Simple";
  std::optional<std::uint64_t> bytes;  ///< the message size nBytes (nullopt: no largest size)
  std::uint32_t ops = 2;               ///< operations a connection holds before a send waits
  std::uint32_t chunks_per_op = 1;     ///< maxAllowedCount: chunks one operation moves
  /// "Simple at 1048576 B: 2 operations of up to 16 chunks a connection".
  std::string describe() const;
};
/// The buffering of program `p` at `bytes` (the runtime's nBytes), else at the largest message
/// it is selected for (its maxBytes; kMscclDefaultMaxBytes without one; maxBytes 0: no largest,
/// one chunk an operation). Throws InputError for `bytes` outside the program's window or a
/// protocol the runtime does not know.
MscclBuffering msccl_buffering(const MscclProgram& p, std::optional<std::uint64_t> bytes);
/// The largest message p is selected for (nullopt: no limit).
std::optional<std::uint64_t> largest_message(const MscclProgram& p);
/// maxAllowedCount at `bytes` (1 with no largest size).
std::uint32_t chunks_per_op(const MscclProgram& p, std::optional<std::uint64_t> bytes);
/// The largest message at which an operation moves at least `chunks` chunks.
std::uint64_t largest_bytes_for(const MscclProgram& p, std::uint32_t chunks);

/// What the program must compute.
struct MscclCollective {
  std::string coll;  ///< as the runtimes spell it (reduce_scatter read as reducescatter)
  std::uint32_t gpus = 0;
  std::uint32_t per_rank = 1;  ///< c: chunks per rank (MPI's count in chunks)
  std::optional<std::uint32_t> root;
  bool checked = true;  ///< false for custom: no postcondition
  /// How many input chunks gpu g starts with (custom: every declared one).
  std::int64_t input_chunks(std::uint32_t g) const;
  /// The output chunks gpu g must end with (0: its output is not checked).
  std::int64_t output_chunks(std::uint32_t g) const;
};

/// The collective a program computes: `coll` with the chunk count from nchunksperloop (else the
/// gpus' buffers) and the root from `root`, else from the one gpu with input (broadcast, scatter)
/// or output (gather, reduce) chunks or that reads its input or writes its output. Throws
/// InputError when the buffers do not fit the collective or the root is unclear.
MscclCollective msccl_collective(const MscclProgram& p, std::optional<std::uint32_t> root);

/// Where a gpu's input, output and scratch buffers start in its memory, in chunks: apart out of
/// place (input, output, scratch); in place as the runtime aliases them for the collective
/// (`in_chunks`/`out_chunks`: the larger of what is declared and what the collective needs).
struct MscclRegions {
  std::int64_t i = 0, o = 0, s = 0;
};
MscclRegions msccl_regions(const MscclCollective& c, bool in_place, std::uint32_t g,
                           std::int64_t in_chunks, std::int64_t out_chunks);

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

/// How one run calls the program.
struct MscclRunOptions {
  bool in_place = false;
  MscclBuffering buffering;
};

/// The run: the verdict (holds; violated with deadlock, race, input-write or result; unknown for
/// a custom program, which has no postcondition), and what happened, for rebuilding steps.
struct MscclRun {
  Verdict verdict;
  std::vector<MscclRunStep> steps;
  std::vector<std::size_t> waits_from, waits_to;  ///< a step met its dependency when `from` ended
  std::vector<MscclMessage> messages;
  std::vector<MscclDataEdge> data;
  std::vector<std::size_t> order;  ///< the run steps in the order they ended
  std::uint64_t chunk_moves = 0;
};

/// Runs a program that passed check_msccl. Throws InputError when it exceeds the
/// run's budgets (named above) or its buffers do not hold the collective in this mode.
MscclRun run_msccl(const MscclProgram& p, const MscclCollective& c, const MscclRunOptions& o);

}  // namespace netsched::exec
