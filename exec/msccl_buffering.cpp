// The MSCCL runtime's buffering of a connection at one message size (exec/msccl_run.hpp).
//
// Followed: RCCL's and msccl-executor-nccl's src/misc/msccl/msccl_setup.cc (mscclSetupCount:
// stepSize, chunkEffectiveSize, maxAllowedCount), src/device/msccl_kernel_impl.h (a step of
// `count` chunks is ceil(count / maxAllowedCount) primitive operations) and the protocols'
// primitives (a Simple operation takes MSCCL_CHUNKSTEPS = 4 of the connection's NCCL_STEPS = 8
// slots, an LL or LL128 operation one). Where the two runtimes' defaults differ (the LL and
// LL128 buffer sizes), the smaller is taken: less buffering never lets a program complete that
// more would not.
#include <fmt/format.h>

#include <algorithm>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/text.hpp"
#include "exec/msccl_run.hpp"

namespace netsched::exec {
namespace {

constexpr std::uint32_t kNcclSteps = 8;        // NCCL_STEPS: slots of a connection
constexpr std::uint32_t kMscclChunkSteps = 4;  // MSCCL_CHUNKSTEPS: slots of a Simple operation
/// DEFAULT_BUFFSIZE (4 MiB) / NCCL_STEPS: the Simple protocol's step, in both runtimes.
constexpr std::uint64_t kSimpleStepBytes = (std::uint64_t{1} << 22) / kNcclSteps;
/// LL: (LINES_PER_THREAD 8 x MAX_NTHREADS x NCCL_STEPS x 16 B) / NCCL_STEPS, halved for the
/// flags: RCCL (256 threads) 16,384 B, NCCL (512 threads) 32,768 B.
constexpr std::uint64_t kLlChunkBytes = 16384;
/// LL128: ELEMS_PER_THREAD x MAX_NTHREADS x 8 B a step, 7 of 8 (RCCL) or 15 of 16 (NCCL) words
/// data: RCCL (28 x 256) 50,176 B, NCCL (120 x 640) 576,000 B.
constexpr std::uint64_t kLl128ChunkBytes = 50176;

std::uint64_t effective_chunk_bytes(const std::string& proto, const MscclCollInfo& coll) {
  if (proto == "LL") return kLlChunkBytes;
  if (proto == "LL128") return kLl128ChunkBytes;
  return kSimpleStepBytes * static_cast<std::uint64_t>(coll.simple_steps);
}

}  // namespace

std::string MscclBuffering::describe() const {
  return fmt::format("{} at {}: {} operation{} of up to {} chunk{} a connection", proto,
                     bytes ? fmt::format("{} B", *bytes) : std::string("any size"), ops,
                     ops == 1 ? "" : "s", chunks_per_op, chunks_per_op == 1 ? "" : "s");
}

std::optional<std::uint64_t> largest_message(const MscclProgram& p) {
  const std::int64_t max = p.max_bytes.value_or(kMscclDefaultMaxBytes);
  return max > 0 ? std::optional<std::uint64_t>(static_cast<std::uint64_t>(max)) : std::nullopt;
}

MscclBuffering msccl_buffering(const MscclProgram& p, std::optional<std::uint64_t> bytes) {
  MscclBuffering b;
  b.proto = p.proto;
  if (p.proto != "Simple" && p.proto != "LL" && p.proto != "LL128")
    throw InputError("MSCCL-IR: proto '" + one_line(p.proto, kMscclMaxAttributeChars) +
                     "' is not one the runtime knows (Simple, LL, LL128)");
  const std::optional<std::uint64_t> largest = largest_message(p);
  if (bytes && (static_cast<std::int64_t>(*bytes) < p.min_bytes || (largest && *bytes > *largest)))
    throw InputError(fmt::format(
        "--bytes {} is outside the algo's window of {} to {} bytes: the runtime never runs it "
        "at that size",
        *bytes, p.min_bytes, largest ? std::to_string(*largest) : "any"));
  b.bytes = bytes ? bytes : largest;
  b.ops = kNcclSteps / (p.proto == "Simple" ? kMscclChunkSteps : 1);
  b.chunks_per_op = chunks_per_op(p, b.bytes);
  return b;
}

std::uint32_t chunks_per_op(const MscclProgram& p, std::optional<std::uint64_t> bytes) {
  const MscclCollInfo* coll = msccl_coll(p.coll);
  const std::int64_t ncpl = p.nchunksperloop.value_or(1);
  if (!bytes || !coll || ncpl < 1 || *bytes == 0) return 1;
  const std::uint64_t chunk =
      (*bytes + static_cast<std::uint64_t>(ncpl) - 1) / static_cast<std::uint64_t>(ncpl);
  const std::uint64_t fit = effective_chunk_bytes(p.proto, *coll) / chunk;
  return static_cast<std::uint32_t>(
      std::clamp<std::uint64_t>(fit, 1, static_cast<std::uint64_t>(kMscclMaxCount)));
}

std::uint64_t largest_bytes_for(const MscclProgram& p, std::uint32_t chunks) {
  const MscclCollInfo* coll = msccl_coll(p.coll);
  const auto ncpl =
      static_cast<std::uint64_t>(std::max<std::int64_t>(1, p.nchunksperloop.value_or(1)));
  if (!coll || chunks == 0) return 0;
  return mul_sat(ncpl, effective_chunk_bytes(p.proto, *coll) / chunks);
}

}  // namespace netsched::exec
