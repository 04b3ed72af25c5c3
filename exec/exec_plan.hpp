#pragma once
/// What every rank of a real execution needs to know of a schedule, computed once.
///
/// Why separate from the checkers: the executor is a third, independent implementation of the
/// schedule semantics — it moves real bytes between MPI ranks, and a rank only ever looks at
/// its own holdings. It shares the file reader, the structural check and the network builder
/// with the rest of netsched, and nothing of verify/. The plan indexes the schedule's transfers
/// by sender and by receiver (so a rank never scans the whole schedule) and says, per
/// collective, what a rank starts with and what it must end with, in the buffer layout of the
/// matching MPI collective (MPI_Alltoall's receive buffer for a total exchange, ...).
/// Under SimGrid all ranks share one address space, and therefore one plan.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/digits.hpp"
#include "core/errors.hpp"
#include "core/network.hpp"
#include "core/schedule.hpp"
#include "exec/switch_hops.hpp"

namespace netsched::exec {

/// The smallest data part SMPI shares between simulated ranks (8 MiB): SMPI shares memory in
/// blocks of smpi/shared-malloc-blocksize (1 MiB by default), and a smaller part would share the
/// block that holds a message's private header too (observed: chunk ids overwritten by other
/// ranks').
inline constexpr std::uint64_t kSharedDataMin = std::uint64_t{8} << 20;

/// One transfer as a rank sees it: the step, the other end, the payload, and the transfer's
/// index in its step (for messages).
struct PlannedTransfer {
  std::uint32_t step = 0;
  NodeId peer;
  std::uint32_t payload = 0;
  std::uint32_t index = 0;
  /// The step the message's first hop leaves its sender: `step` itself, but earlier for a
  /// message through switches (exec/switch_hops.hpp), which is sent when it arrives.
  std::uint32_t depart = 0;
};

/// The largest chunk size the executor moves (1 GiB): checked before any buffer is allocated.
inline constexpr std::uint64_t kMaxChunkBytes = std::uint64_t{1} << 30;

/// A slot of a rank's final buffer: the chunk it must hold there (MPI's layout).
struct OutputSlot {
  std::uint64_t chunk = 0;
  bool own_void = false;  ///< a total exchange's block i*N+i: MPI copies the rank's own input
};

class ExecPlan {
 public:
  /// Builds the network from the schedule's topology and runs the structural check; throws
  /// InputError (a bad file, exit 2) naming the problem. On a network with switches or
  /// directed links the plan is the endpoints' (exec/switch_hops.hpp).
  explicit ExecPlan(Schedule s);
  ExecPlan(std::unique_ptr<Network> network, Schedule s);

  const Schedule& schedule() const { return s_; }
  const Network& network() const { return *net_; }
  std::uint64_t nodes() const { return s_.collective.nodes(); }

  /// The transfers node v sends / receives, in step order.
  std::span<const PlannedTransfer> sends(NodeId v) const { return span_of(send_at_, send_, v); }
  std::span<const PlannedTransfer> receives(NodeId v) const { return span_of(recv_at_, recv_, v); }
  /// Single-dimension model: the dimension of step s (that of its first transfer).
  std::optional<std::uint32_t> step_dimension(std::uint32_t step) const;
  /// Steps with local register operations (combining schedules).
  const std::vector<std::uint32_t>& compute_steps() const { return compute_steps_; }

  const Digits& digits() const { return digits_; }

  /// Whether the schedule's hops were walked here (a network with switches or directed links):
  /// the arcs and switches were checked by the plan, and its failures say what broke.
  bool walked_hops() const { return walked_hops_; }
  const std::vector<HopFailure>& hop_failures() const { return hop_failures_; }
  /// v's hops into a switch (exec/switch_hops.hpp), in step order.
  std::span<const FirstHop> first_hops(NodeId v) const;

  /// The chunks v holds before the first step.
  std::vector<std::uint64_t> initial_chunks(NodeId v) const;
  /// The slots of v's final buffer, in the layout of the matching MPI collective.
  std::vector<OutputSlot> output_slots(NodeId v) const;

  /// What running every rank of this plan on one machine needs at least, estimated before any
  /// rank starts: each rank's final buffer (its chunks, m bytes and a holding's bookkeeping
  /// each, twice for what it passes on and its messages in flight), or its registers of m
  /// bytes. As dataflow too: a rank has at most one message in flight on each of its links.
  std::uint64_t run_bytes(std::uint64_t chunk_bytes) const;
  /// run_bytes under SMPI with --timing (`simulate`): a rank's registers of at least
  /// kSharedDataMin bytes are shared by every rank (exec/mpi_buffer.hpp), so what stays private
  /// is the register messages of a step: the most a rank sends and receives in one, twice (its
  /// wire buffers and the writes they bring).
  std::uint64_t simulated_run_bytes(std::uint64_t chunk_bytes) const;

  /// Register collectives: the 64-bit lanes of a register of m bytes (m / 8); throws
  /// InputError unless m is a multiple of 8.
  static std::uint64_t register_lanes(std::uint64_t chunk_bytes);
  /// Register collectives: v's registers before the first step (inputs from register_input()),
  /// `lanes` words each: register r's lane e at r * lanes + e.
  std::vector<std::int64_t> initial_registers(NodeId v, std::uint64_t lanes) const;
  /// All-reduce and prefix: v's group and its position in the group's order (nullopt: v is in
  /// no group).
  std::optional<std::pair<std::uint32_t, std::uint32_t>> group_position(NodeId v) const;
  /// A register v must end with, and its required value in every lane.
  struct RequiredRegister {
    std::uint32_t reg = 0;
    std::vector<std::int64_t> lanes;
  };
  /// Register collectives: the registers v must end with and their required values.
  std::vector<RequiredRegister> required_registers(NodeId v, std::uint64_t lanes) const;

  /// A register message's layout (exec/wire.hpp): the distinct source registers of a payload's
  /// moves in the order they first appear, each sent once however many moves read it (as the
  /// checkers' cost counts a payload: its distinct source registers), and for each move the
  /// position of its source among them.
  struct RegisterLayout {
    std::vector<std::uint16_t> sources;
    std::vector<std::uint32_t> slot_of_move;
  };
  /// Register collectives: payload i's layout.
  const RegisterLayout& register_layout(std::uint32_t payload) const { return layouts_[payload]; }

 private:
  static std::span<const PlannedTransfer> span_of(const std::vector<std::uint64_t>& at,
                                                  const std::vector<PlannedTransfer>& xs,
                                                  NodeId v) {
    return {xs.data() + at[v.v], xs.data() + at[v.v + 1]};
  }
  void prepare();
  void index_transfers();
  void index_groups();
  void lay_out_registers();

  std::unique_ptr<Network> net_;
  Schedule s_;
  bool walked_hops_ = false;
  std::vector<std::vector<std::uint32_t>> departs_;  // [step][transfer], when walked_hops_
  std::vector<HopFailure> hop_failures_;
  std::vector<FirstHop> first_hops_;              // by sender, then step
  std::vector<std::uint64_t> send_at_, recv_at_;  // CSR offsets per node
  std::vector<PlannedTransfer> send_, recv_;
  std::vector<std::uint32_t> compute_steps_;
  Digits digits_;
  // all-reduce / prefix: each node's group and position in it
  std::vector<std::uint32_t> group_of_, rank_in_group_;
  std::vector<std::vector<NodeId>> groups_;
  std::vector<RegisterLayout> layouts_;  // per payload (register collectives)
};

/// The plan of a schedule file, read once per address space: every SimGrid rank of one
/// simulation gets the same plan. Throws InputError for a bad file.
std::shared_ptr<const ExecPlan> shared_plan(const std::string& path);

}  // namespace netsched::exec
