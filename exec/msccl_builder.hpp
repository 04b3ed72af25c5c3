#pragma once
/// What both MSCCL-IR exporters share (exec/msccl_export.cpp for chunk collectives,
/// exec/msccl_export_registers.cpp for reductions): a gpu's threadblocks under construction,
/// steps appended with their dependencies as nops, and the channel a threadblock pair goes on.
///
/// Why a builder of its own: the two exporters differ in what a transfer means (chunks placed
/// by MPI's layout, or registers placed in buffer slots and reduced), not in how steps, nops,
/// threadblocks and channels are laid out for the runtime.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "exec/loopback.hpp"
#include "exec/msccl_ir.hpp"

namespace netsched::exec::detail {

using StepRef = std::pair<int, int>;  ///< (tb, step) on one gpu

/// A gpu's program under construction, with what an exporter must remember about it.
struct Gpu {
  MscclGpu ir;
  std::map<std::tuple<int, int, int>, int> index;  ///< (send, recv, chan) -> tb
  std::map<std::pair<int, int>, int> senders_on;   ///< (chan, side 0 send / 1 receive) -> tbs
  std::map<std::uint64_t, std::int64_t> slot;      ///< transit chunk -> scratch slot
  std::map<std::uint64_t, StepRef> arrival;        ///< chunk -> the receive that brought it
  std::optional<StepRef> last_send, last_recv;
  /// The threadblock of (send peer, receive peer, channel), made when first asked for.
  int tb(int send, int recv, int chan);
  std::size_t steps(int tb) const { return ir.tbs[static_cast<std::size_t>(tb)].steps.size(); }
  MscclStep& step(const StepRef& r) {
    return ir.tbs[static_cast<std::size_t>(r.first)].steps[static_cast<std::size_t>(r.second)];
  }
  /// A new scratch slot.
  MscclRef scratch() { return {'s', ir.s_chunks++}; }
};

/// Threadblocks, steps, nops and channels of one program; an exporter drives it.
class ProgramBuilder {
 protected:
  ProgramBuilder(const ExecPlan& plan, const MscclOptions& o);

  /// The chunks each transfer carries in the schedule's own run; throws InputError when the run
  /// fails (only a passing schedule is exported).
  Carried passing_run() const;

  /// Appends `st` to tb of gpu g waiting for `deps` (nops carry all but the last; a dependency
  /// inside the same threadblock is program order already and is left out).
  StepRef append(Gpu& g, int tb, MscclStep st, const std::vector<StepRef>& deps);
  /// The channel a new pair (u, v) starts on: the lowest with room for one more sending
  /// threadblock at u and receiving one at v.
  int first_channel(const Gpu& u, const Gpu& v) const;
  /// The pair's channel, moved on to the next one when the sender's or the receiver's
  /// threadblock has no room for `need` more steps.
  int pair_channel(std::uint32_t from, std::uint32_t to, std::size_t need);
  /// The program: `coll`, the channels used, `chunks_per_loop`, every gpu.
  MscclProgram program(const std::string& coll, std::int64_t chunks_per_loop);

  const ExecPlan& plan_;
  const MscclOptions& o_;
  const MscclLimits limits_;
  std::vector<Gpu> gpus_;
  std::map<std::pair<std::uint32_t, std::uint32_t>, int> pair_channel_;
  std::int64_t channels_ = 0;
  MscclFigures figures_;
};

/// Throws InputError unless a threadblock may hold at least the steps a transfer needs, the
/// protocol is one the runtime knows and the size window is one.
void check_options(const MscclOptions& o);

/// The register collectives' program (exec/msccl_export_registers.cpp): all-reduce (as
/// allreduce, its pieces as chunks), reduce and reduce-scatter, each reduction a
/// receive-reduce-copy or reduce step. Throws InputError for other register collectives.
MscclProgram export_register_program(const ExecPlan& plan, const MscclOptions& o,
                                     MscclFigures* figures);

}  // namespace netsched::exec::detail
