#pragma once
/// Symbolic GPU memory for the runs that check GPU programs (MSCCL-IR, MSCCL++): each chunk
/// holds which input chunks it combines, and each access is checked against the earlier ones
/// with vector clocks.
///
/// Why shared: both runs decide the same two things about a program's memory — what every
/// chunk ends up holding, and whether two accesses of which one writes could happen in either
/// order (a race) — and only differ in what orders a program's steps (threadblocks, flags and
/// connections; or signals, waits and barriers).
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace netsched::exec {

/// A symbolic chunk: the input chunks it combines, as (gpu << 32 | input offset), sorted; null
/// is a chunk nobody wrote.
using MscclValue = std::shared_ptr<const std::vector<std::uint64_t>>;
/// The gpu and the input offset of one contribution of an MscclValue.
inline constexpr unsigned kContributionGpuShift = 32;  ///< gpu in the high half, offset below
inline std::uint64_t contribution(std::uint64_t gpu, std::uint64_t off) {
  return gpu << kContributionGpuShift | off;
}
inline std::uint64_t contribution_gpu(std::uint64_t c) { return c >> kContributionGpuShift; }
inline std::uint64_t contribution_offset(std::uint64_t c) {
  return c & ((std::uint64_t{1} << kContributionGpuShift) - 1);
}
/// Input chunk `off` of `gpu` as a value.
MscclValue input_value(std::uint64_t gpu, std::uint64_t off);

/// The most contributions all reduced values may hold in all (a reduction of reductions grows).
inline constexpr std::uint64_t kMscclMaxContributions = std::uint64_t{1} << 27;

/// Reductions of symbolic values: the merged multiset of their inputs, or garbage (a value no
/// collective wants) when one is unwritten or the inputs outnumber the gpus. Throws InputError
/// beyond kMscclMaxContributions in all.
class ValueCombiner {
 public:
  explicit ValueCombiner(std::uint64_t gpus) : gpus_(gpus) {}
  MscclValue combine(const MscclValue& a, const MscclValue& b);

 private:
  std::uint64_t gpus_, contributions_ = 0;
};

/// "input chunk 3 of gpu 1", "nothing", "a reduction of 4 inputs": how messages name a value.
std::string describe(const MscclValue& v);
/// The value a collective puts in output chunk k of gpu g (per_rank chunks a rank), as the
/// sorted contributions: one input for the chunk collectives, one from every gpu for
/// reductions. `coll` is the runtimes' name (allgather, reducescatter, ...).
std::vector<std::uint64_t> expected_value(const std::string& coll, std::uint64_t gpus,
                                          std::uint64_t per_rank, std::uint64_t root,
                                          std::uint64_t g, std::uint64_t k);
/// "input chunk 5 of gpu 2", or "the reduction of input chunk 5 of every gpu".
std::string describe_expected(const std::vector<std::uint64_t>& want);

/// Counts of a thread of execution's steps (a threadblock's) that are ordered before its
/// current point, one entry per thread of the whole program.
using VectorClock = std::vector<std::uint32_t>;
inline constexpr std::size_t kNoThread = std::numeric_limits<std::size_t>::max();

/// One access: the thread, its step index there, and the program's name for the step.
struct MemoryAccess {
  std::size_t thread = kNoThread;
  std::uint32_t index = 0;
  std::size_t step = 0;
};

/// What a chunk holds and who last wrote and read it.
struct SymbolicSlot {
  MscclValue value;
  MemoryAccess write;
  std::vector<MemoryAccess> reads;  ///< since the write, one per thread
};

/// An earlier access the new one is not ordered after.
struct Conflict {
  MemoryAccess other;
  bool other_writes = false;
};

/// Records a read by `a` (whose clock is `clock`), or the write it races with.
std::optional<Conflict> record_read(SymbolicSlot& s, const MemoryAccess& a,
                                    const VectorClock& clock);
/// Records a write by `a`, or the write or read it races with.
std::optional<Conflict> record_write(SymbolicSlot& s, const MemoryAccess& a,
                                     const VectorClock& clock);
/// Raises every entry of `into` to `from`'s.
void join(VectorClock& into, const VectorClock& from);

}  // namespace netsched::exec
