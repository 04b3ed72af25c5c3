#pragma once
/// MSCCL++ execution plans (the JSON MSCCL++'s executor reads, src/core/executor/
/// execution_plan.cc): read, written, exported from a checked schedule and run with symbolic
/// data, as exec/msccl_ir.hpp does for MSCCL-IR.
///
/// Why a plan of its own and not MSCCL-IR again: MSCCL++ has no connections that buffer
/// messages. A gpu writes into a peer's registered buffer (put) and tells it with a semaphore
/// (signal); the peer waits on it. So ordering is by signals, waits and barriers, and a put
/// lands at once in the peer's memory, where it may race with the peer's own accesses.
///
/// What netsched reads and runs (exec/mscclpp/run.cpp): memory channels; the operations nop,
/// barrier, signal, wait, rlxsignal, rlxwait, flush, put, get, copy, re (reduce), res
/// (reduce and put), rre (read remote and reduce) and rres. Port channels (proxies), packets,
/// switch channels (NVLS), semaphores and pipelines are read but not run: the run answers
/// unknown and names the first of them (docs/engines.md).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/errors.hpp"
#include "core/verdict.hpp"

namespace netsched::exec {

/// A chunk range in a buffer: local ('i', 'o', 's') or a peer's (`remote` names the threadblock's
/// remote buffer reference, an index into its remote_buffer_refs list).
struct PlanBuffer {
  char type = 'i';                     ///< local buffer; unused when remote
  std::optional<std::int64_t> remote;  ///< buffer_id
  std::int64_t index = 0, size = 1;
};

struct PlanOp {
  std::string name;
  std::vector<PlanBuffer> src, dst;
  std::vector<std::int64_t> channels;  ///< channel_ids: indices into the threadblock's channels
  std::string channel_type;            ///< "memory", "port", "switch", or empty
  std::optional<std::int64_t> barrier_id, barrier_tbs;  ///< barrier_id, num_threadblocks
  std::string other_key;  ///< a key this reader does not run (tbg_info, switch_channel_id, ...)
};

struct PlanThreadblock {
  std::vector<PlanOp> ops;
  std::vector<std::int64_t> memory_channels;  ///< the gpu's memory channels it uses, in order
  std::vector<std::int64_t> remote_buffers;   ///< the gpu's remote buffers it reaches, in order
  bool other_channels = false;                ///< port or switch channels
};

struct PlanRemoteBuffer {
  std::int64_t rank = 0;
  char type = 'o';
};

struct PlanGpu {
  std::int64_t input_chunks = 0, output_chunks = 0, scratch_chunks = 0;
  std::vector<PlanThreadblock> threadblocks;
  std::vector<std::int64_t> memory_peers;  ///< its memory channels, each to this peer
  std::vector<PlanRemoteBuffer> remote_buffers;
  std::int64_t semaphores = 0;
  std::int64_t chunks(char type) const {
    return type == 'i' ? input_chunks : type == 'o' ? output_chunks : scratch_chunks;
  }
};

struct Plan {
  std::string name, collective, protocol = "Simple";
  bool inplace = false;
  std::uint64_t min_message_size = 0, max_message_size = ~std::uint64_t{0};
  std::vector<PlanGpu> gpus;
};

/// The largest plan read (64 MiB), and the most operations all gpus' threadblocks may hold in
/// all, both checked before the work they bound.
inline constexpr std::uint64_t kPlanMaxBytes = std::uint64_t{1} << 26;
inline constexpr std::uint64_t kPlanMaxOps = std::uint64_t{1} << 22;
inline constexpr std::int64_t kPlanMaxBufferChunks = std::int64_t{1} << 20;

/// What a plan must compute, and how its run ended.
struct PlanRun {
  std::string coll;  ///< the collective as the MSCCL runtimes name it (allgather, ...)
  std::uint32_t gpus = 0, per_rank = 1;
  std::optional<std::uint32_t> root;
  Verdict verdict;  ///< holds, violated (race, deadlock, result, input-write), or unknown
  std::uint64_t ops = 0, puts = 0, signals = 0;  ///< operations run, puts and signals among them
};

/// Runs a plan with symbolic data as MSCCL++'s executor would (threadblocks in parallel, each
/// in order; a wait met by its channel's next signal; a barrier by its threadblocks) and checks
/// every output chunk. Throws InputError for a plan whose references do not resolve (a channel,
/// remote buffer or chunk range that is not there, channels that do not pair), or beyond the
/// run's budgets.
PlanRun run_plan(const Plan& p, std::optional<std::uint32_t> root = std::nullopt);

/// The schedule as an MSCCL++ plan: netsched's MSCCL-IR program of it (exec/msccl_ir.hpp),
/// each gpu's steps in the order its run ended them, one threadblock a gpu over memory channels
/// (a send a put into the peer's buffer and a signal, a receive a wait), checked by run_plan
/// before it is returned. A receive whose slot the receiver touched before lands in a fresh
/// scratch chunk and is copied or reduced into place after the wait, so no put overwrites what a
/// peer still reads. Throws InputError as export_program does; std::logic_error if the plan's
/// run fails (a netsched bug).
class ExecPlan;
Plan export_plan(const ExecPlan& plan, const std::string& name = "");

/// Reads a plan: every key the executor reads, of the type it reads, in range. Throws
/// InputError naming the key ("MSCCL++ plan: gpus[1].threadblocks[0].ops[3].src_buff[0]: ...").
Plan parse_plan(std::string_view json);
/// The plan as the executor's JSON.
std::string write_plan(const Plan& p);

}  // namespace netsched::exec
