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

struct MscclGpu {
  std::int64_t i_chunks = 0, o_chunks = 0, s_chunks = 0;
  std::vector<MscclTb> tbs;
  std::int64_t chunks(char buf) const {
    return buf == 'i' ? i_chunks : buf == 'o' ? o_chunks : s_chunks;
  }
  bool operator==(const MscclGpu&) const = default;
};

struct MscclProgram {
  std::string name, proto = "Simple", coll;
  std::int64_t nchannels = 1, nchunksperloop = 0;
  bool inplace = false, outofplace = true;
  std::int64_t min_bytes = 0, max_bytes = 0;
  std::vector<MscclGpu> gpus;
  bool operator==(const MscclProgram&) const = default;
};

/// The collectives MSCCL-IR names (`coll`) that the dataflow run knows the result of.
inline constexpr std::string_view kMscclCollectives[] = {"allgather",     "alltoall",  "broadcast",
                                                         "reducescatter", "allreduce", "scatter",
                                                         "gather",        "reduce"};

// The MSCCL runtime's limits that are not powers of two (msccl_struct.h; see MscclLimits).
inline constexpr std::int64_t kMscclMaxCount = 71;            // cnt < MSCCL_MAX_COUNT (72)
inline constexpr std::int64_t kMscclMaxOffset = 32767;        // int16_t offsets
inline constexpr std::int64_t kMscclMaxDependentTb = 127;     // int8_t dependentBid
inline constexpr std::int64_t kMscclMaxAttributeChars = 255;  // MSCCL_MAX_STR_LEN

/// The MSCCL runtime's limits (RCCL's msccl_struct.h and msccl_parser.h). A file beyond them
/// is refused by the runtime when it loads, so export never writes one and import refuses one,
/// unless told to ignore them (another runtime's build may differ).
struct MscclLimits {
  std::int64_t steps_per_tb = 256;            ///< MSCCL_MAX_NUM_STEPS (older runtimes: 64)
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
