#pragma once
/// An MSCCL-IR program in memory: what `<algo>` XML says, read and written in one place, and
/// its structural check (every attribute in range, every send matched by a receive, the MSCCL
/// runtime's own limits).
///
/// Why one model for both directions: the export builds a program and the import reads one,
/// and both go through the same structural check and the same dataflow run
/// (exec/msccl_run.hpp) — so an exported file is checked exactly as a foreign one is, before it
/// is written. The semantics are the MSCCL runtime's (RCCL's `msccl_parser.cc` and
/// `msccl_kernel_impl.h`), not msccl-tools' intentions: an `s` step's dst and an `r` step's src
/// are not read by the runtime and are not read here either.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/errors.hpp"

namespace netsched::exec {

/// The step types of MSCCL-IR.
enum class MscclOp : std::uint8_t {
  Send,                ///< s: send src
  Recv,                ///< r: receive into dst
  RecvCopySend,        ///< rcs: receive into dst and send it on
  RecvReduceSend,      ///< rrs: send src (+) what is received
  RecvReduceCopy,      ///< rrc: dst = src (+) what is received
  RecvReduceCopySend,  ///< rrcs: dst = src (+) what is received, and send dst
  Copy,                ///< cpy: dst = src
  Reduce,              ///< re: dst = dst (+) src
  Nop                  ///< nop: only a dependency, folded into the next step by the runtime
};

/// What a step type does: one row per type, the only place these facts are written.
struct MscclOpInfo {
  MscclOp op;
  std::string_view name;
  bool receives, sends;  ///< takes a message from the recv peer / gives one to the send peer
  bool reads_src;        ///< reads its src reference locally
  bool writes_dst;       ///< writes its dst reference locally
  bool reads_dst;        ///< reads dst before writing it (re)
};
inline constexpr MscclOpInfo kMscclOps[] = {
    {MscclOp::Send, "s", false, true, true, false, false},
    {MscclOp::Recv, "r", true, false, false, true, false},
    {MscclOp::RecvCopySend, "rcs", true, true, false, true, false},
    {MscclOp::RecvReduceSend, "rrs", true, true, true, false, false},
    {MscclOp::RecvReduceCopy, "rrc", true, false, true, true, false},
    {MscclOp::RecvReduceCopySend, "rrcs", true, true, true, true, false},
    {MscclOp::Copy, "cpy", false, false, true, true, false},
    {MscclOp::Reduce, "re", false, false, true, true, true},
    {MscclOp::Nop, "nop", false, false, false, false, false},
};
const MscclOpInfo& info(MscclOp op);
std::optional<MscclOp> msccl_op_from_name(std::string_view name);
/// Whether the step combines what it receives (or its dst) with src.
bool reduces(MscclOp op);

/// A place in a GPU's buffers: 'i' input, 'o' output, 's' scratch; offsets in chunks.
struct MscclRef {
  char buf = 'i';
  std::int64_t off = -1;
  bool operator==(const MscclRef&) const = default;
};

struct MscclStep {
  MscclOp op = MscclOp::Nop;
  MscclRef src, dst;
  std::int64_t cnt = 0;
  std::int64_t depid = -1, deps = -1;  ///< the threadblock and step waited for (-1: none)
  bool hasdep = false;                 ///< some step waits for this one (sets the flag)
  bool operator==(const MscclStep&) const = default;
};

struct MscclTb {
  std::int64_t send = -1, recv = -1, chan = 0;  ///< peers (-1: none) and channel
  std::vector<MscclStep> steps;
  bool operator==(const MscclTb&) const = default;
};

/// `<copy i_off=".." o_off=".." [cnt=".."]/>` under a `<gpu>`: written by msccl-tools' first
/// ncclize (2021) for a chunk that is both in the gpu's input and its output. Both runtimes skip
/// the element, so it moves nothing: netsched reads it as the in-place map it states (input chunk
/// i_off is output chunk o_off), which makes the program an in-place one.
struct MscclCopy {
  std::int64_t i_off = 0, o_off = 0, cnt = 1;
  bool operator==(const MscclCopy&) const = default;
};

struct MscclGpu {
  std::int64_t i_chunks = 0, o_chunks = 0, s_chunks = 0;
  std::vector<MscclTb> tbs;
  std::vector<MscclCopy> copies;
  std::int64_t chunks(char buf) const {
    return buf == 'i' ? i_chunks : buf == 'o' ? o_chunks : s_chunks;
  }
  bool operator==(const MscclGpu&) const = default;
};

struct MscclProgram {
  std::string name, proto = "Simple", coll;
  std::int64_t nchannels = 1;
  std::optional<std::int64_t> nchunksperloop;  ///< absent: the runtimes refuse to load it
  std::optional<bool> inplace, outofplace;     ///< as the file states them (absent: nullopt)
  std::int64_t min_bytes = 0;
  /// The largest message selected for: 0 no limit; absent, microsoft/msccl's default (the one
  /// runtime that loads a file without it), kMscclDefaultMaxBytes.
  std::optional<std::int64_t> max_bytes;
  std::vector<MscclGpu> gpus;
  /// Elements the runtimes skip (they read only <algo>, <gpu>, <tb> and <step>), as
  /// "<name> in <gpu 0>", at most kMscclMaxSkippedListed of them; `skipped_count` counts all.
  std::vector<std::string> skipped;
  std::uint64_t skipped_count = 0;
  bool operator==(const MscclProgram&) const = default;
};
inline constexpr std::size_t kMscclMaxSkippedListed = 20;
/// microsoft/msccl's maxBytes when the file has none (src/graph/topo.cc: 1 << 27, "128 MB").
inline constexpr std::int64_t kMscclDefaultMaxBytes = std::int64_t{1} << 27;

/// How a runtime may call the program, from its attributes: `outofplace` as stated, else not
/// when the algo is in-place; in place when `inplace` is 1 or a `<copy>` states the in-place
/// map. The runtimes select a program only for the calls it declares (RCCL's and
/// msccl-executor-nccl's msccl_lifecycle.cc, microsoft/msccl's tuning.cc).
struct MscclModes {
  bool out_of_place = true, in_place = false;
};
MscclModes msccl_modes(const MscclProgram& p);

/// What a collective (`coll`) is to the runtime: one row per collective, the only place these
/// facts are written (RCCL's msccl_parser.cc and msccl_lifecycle.cc).
enum class MscclInPlace : std::uint8_t {
  Same,           ///< sendbuff == recvbuff (all-reduce, broadcast, reduce, alltoall, custom)
  InputInOutput,  ///< sendbuff == recvbuff + rank's block (all-gather, gather)
  OutputInInput,  ///< recvbuff == sendbuff + rank's block (reduce-scatter, scatter)
};
struct MscclCollInfo {
  std::string_view name;      ///< as the runtimes spell it
  std::string_view alias;     ///< another runtime's spelling (microsoft/msccl), or empty
  bool rooted;                ///< has a root (broadcast, scatter, gather, reduce)
  bool size_multiplied;       ///< nBytes = count x size x ngpus (sizeMultiplier = nRanks)
  MscclInPlace in_place;      ///< how in-place buffers alias
  std::int64_t simple_steps;  ///< the Simple protocol's chunk steps (chunkSteps) on the host
  bool checked;               ///< the run knows its result (custom: no postcondition)
};
inline constexpr MscclCollInfo kMscclColls[] = {
    {"allgather", "", false, true, MscclInPlace::InputInOutput, 4, true},
    {"alltoall", "", false, true, MscclInPlace::Same, 4, true},
    {"broadcast", "", true, false, MscclInPlace::Same, 1, true},
    {"reducescatter", "reduce_scatter", false, true, MscclInPlace::OutputInInput, 4, true},
    {"allreduce", "", false, false, MscclInPlace::Same, 4, true},
    {"scatter", "", true, false, MscclInPlace::OutputInInput, 4, true},
    {"gather", "", true, false, MscclInPlace::InputInOutput, 4, true},
    {"reduce", "", true, false, MscclInPlace::Same, 1, true},
    {"custom", "", false, false, MscclInPlace::Same, 4, false},
};
/// The row of `coll` (either spelling), or nullptr.
const MscclCollInfo* msccl_coll(std::string_view coll);

// The MSCCL runtime's limits that are not powers of two (msccl_struct.h; see MscclLimits).
inline constexpr std::int64_t kMscclMaxCount = 71;            // cnt < MSCCL_MAX_COUNT (72)
inline constexpr std::int64_t kMscclMaxOffset = 32767;        // int16_t offsets
inline constexpr std::int64_t kMscclMaxDependentTb = 127;     // int8_t dependentBid
inline constexpr std::int64_t kMscclMaxAttributeChars = 255;  // MSCCL_MAX_STR_LEN
inline constexpr std::int64_t kMscclMaxInt = 2147483647;      // int attributes (strtol to int)

/// The MSCCL runtimes' limits (RCCL's and msccl-executor-nccl's msccl_struct.h and
/// msccl_parser.h). A file beyond them is refused by the runtime when it loads, so export never
/// writes one and import refuses one, unless told otherwise (another runtime's build may
/// differ: `--max-tb-steps`, `--no-runtime-limits`).
struct MscclLimits {
  /// MSCCL_MAX_NUM_STEPS: RCCL's msccl_struct.h and msccl-executor-nccl's makefiles/common.mk
  /// default (64); the parser refuses a step whose `s` reaches it, nops included. (microsoft/msccl,
  /// the first runtime, allowed 256.)
  std::int64_t steps_per_tb = 64;
  std::int64_t tbs_per_gpu = 1024;            ///< MSCCL_MAX_NUM_THREAD_BLOCKS (32 x MAXCHANNELS)
  std::int64_t peers_per_channel = 32;        ///< MSCCL_MAX_NUM_THREAD_BLOCKS_PER_CHANNEL, per side
  std::int64_t channels = 32;                 ///< MAXCHANNELS
  std::int64_t max_count = kMscclMaxCount;    ///< cnt < MSCCL_MAX_COUNT (72)
  std::int64_t max_offset = kMscclMaxOffset;  ///< offsets are int16_t in mscclTransmission
  std::int64_t max_dep_tb = kMscclMaxDependentTb;  ///< dependentBid is int8_t
  std::int64_t xml_nodes_per_gpu = 4096;  ///< MSCCL_MAX_NODES: algo + gpus + its tbs and steps
  std::int64_t children = 1024;           ///< MSCCL_MAX_SUBS: gpus, a gpu's tbs, a tb's steps
  std::int64_t attribute_chars = kMscclMaxAttributeChars;  ///< the algo's name
};

/// Structural limits of netsched's reader, whatever the runtime: checked before the run
/// allocates anything per chunk.
inline constexpr std::int64_t kMscclMaxBufferChunks = std::int64_t{1} << 20;
inline constexpr std::int64_t kMscclMaxSlots = std::int64_t{1} << 26;  ///< all GPUs' buffers
/// The largest MSCCL-IR file read (256 MiB), checked before parsing.
inline constexpr std::uint64_t kMscclMaxBytes = std::uint64_t{1} << 28;

/// Reads `<algo>` XML. Throws InputError naming the problem: not XML, a second root,
/// an unknown element, a missing or non-integer attribute, a step type MSCCL-IR does not have.
MscclProgram parse_msccl(std::string_view xml);
/// The program as XML, in msccl-tools' old format (`<step s type srcbuf srcoff ...>`).
std::string write_msccl(const MscclProgram& p);

/// The structural check: ids in order, peers and channels in range, every offset and count
/// used by a step inside its declared buffer, dependencies on steps that exist, nops followed
/// by a step that waits (as the runtime requires), and every connection's sends matched by
/// receives of the same counts. With `limits`, the runtime's limits too. Throws
/// InputError with one line naming the gpu, threadblock and step.
void check_msccl(const MscclProgram& p, const MscclLimits* limits);

/// "gpu 3 tb 2 step 5 (rcs)": how messages name a step.
std::string step_name(std::size_t gpu, std::size_t tb, std::size_t step, MscclOp op);

}  // namespace netsched::exec
