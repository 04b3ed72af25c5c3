#pragma once
/// One rank of a real execution: what it holds, what it sends, what it accepts, what it ends with.
///
/// Why a transport-free state machine: the same rank logic runs under OpenMPI, under SimGrid's
/// SMPI and in-process (tests, `exec/loopback.hpp`), so a difference between them is a
/// transport matter, never a semantics one. A rank sees only its own holdings: a selector is
/// resolved from what this rank holds at the start of the step, explicit chunks it lacks are a
/// causality failure found by the rank that lacks them, and the link, port and dimension rules
/// are checked by each rank for its own transfers (MPI itself would happily send along a link
/// the network does not have). On a network with switches or directed links a rank runs the
/// endpoints' plan (exec/switch_hops.hpp): the plan checked the hops' rules (arcs, switches,
/// ports), and a rank checks its holdings at each message's first hop. A rank that finds a failure
/// still sends one message for every transfer of the plan, so no peer waits forever; the run's
/// verdict is the earliest failure.
///
/// Two ways to run: in steps (start_step, accept, end_step: a rank goes on to its next step once
/// its own transfers of this one are done) or as dataflow (`Execution::Dataflow`: sendable,
/// deliver: each message leaves as soon as the chunks it lists are in, from steps before its
/// own, with no step boundary at all). Dataflow keeps the step semantics — a chunk received in
/// step k is usable from step k+1 on, never by a transfer of step k or earlier — so a schedule
/// holds or fails the same way in both; a transfer whose chunks never come is resolved, and
/// fails, once every receive of the steps before it is in.
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "exec/exec_plan.hpp"

namespace netsched::exec {

/// How a run treats payload bytes.
struct ExecOptions {
  std::uint64_t chunk_bytes = 64;  ///< m: bytes per chunk
  /// Whether chunk bytes are kept and checked. Off for timing runs: messages keep their size
  /// but the data part is not written or read, and only chunk ids are checked.
  bool carry_bytes = true;
  /// Register collectives: where the registers live when not in the rank's own memory — in an
  /// SMPI timing run, memory shared by every simulated rank (registers x lanes words). Their
  /// values are then meaningless: they are neither initialised nor checked (as chunk bytes are
  /// not without carry_bytes); sizes, moves and the rules still are.
  std::span<std::int64_t> shared_registers;
  /// SMPI timing runs (--announce-timing): each rank prints on stderr when it starts and stops
  /// timing, and SimGrid's clock as it advances, so that a run stopped part way still bounds the
  /// collective's time (exec/mpi_reference.hpp, start_timing).
  bool announce_timing = false;
};

/// The earliest thing a rank found wrong: the lowest step, the final check last.
struct RankFailure {
  std::string kind;                   ///< a rule name ("causality", "edge", ...) or "bytes"
  std::optional<std::uint64_t> step;  ///< absent for the final check
  std::string detail;
};

/// A message to send: its destination, its planned transfer, and its encoding.
struct OutMessage {
  const PlannedTransfer* transfer = nullptr;
  std::vector<std::uint64_t> chunks;  ///< chunk messages: the ids carried
  std::vector<std::int64_t> values;   ///< register messages: each move's register, lane by lane
};

/// How a rank runs its transfers (see the file comment).
enum class Execution : std::uint8_t { Steps, Dataflow };

/// Why `plan` cannot run as dataflow, or empty when it can: dataflow moves chunks (a register
/// is read and written in step order).
std::string dataflow_refusal(const ExecPlan& plan);

class RankExecutor {
 public:
  RankExecutor(const ExecPlan& plan, NodeId me, ExecOptions options);

  NodeId me() const { return me_; }
  /// The steps this rank takes part in (sends, receives or computes), ascending.
  const std::vector<std::uint32_t>& active_steps() const { return steps_; }
  /// This rank's planned receives, in step order.
  std::span<const PlannedTransfer> receives() const { return plan_.receives(me_); }
  /// This rank's planned receives of step s.
  std::span<const PlannedTransfer> receives_of(std::uint32_t step) const;

  /// Applies step s's local register operations and returns the messages of s, one per planned
  /// send (checking the rules of this rank's sends).
  std::vector<OutMessage> start_step(std::uint32_t step);
  /// The wire size of a message (chunk messages: header and data).
  std::uint64_t wire_bytes(const OutMessage& msg) const;
  /// The bytes of a chunk message's header (a selector's count and ids; none otherwise).
  std::uint64_t header_bytes(const OutMessage& msg) const;
  /// The wire size of the message `from` will bring, when the schedule fixes it (register moves,
  /// an explicit chunk list); nullopt for a selector, whose size depends on the sender's
  /// holdings. Lets a rank post every such receive at once.
  std::optional<std::uint64_t> expected_bytes(const PlannedTransfer& from) const;
  /// Writes msg's wire form into `out` (wire_bytes(msg) bytes). Without carry_bytes only the
  /// header is written.
  void encode(const OutMessage& msg, std::uint8_t* out) const;
  /// Takes in a message of step s from transfer `from` (checked: size, ids, bytes); its effect
  /// is applied by end_step.
  void accept(const PlannedTransfer& from, const std::uint8_t* wire, std::uint64_t size);
  /// Applies the receipts of step s (they take effect at the end of the step).
  void end_step(std::uint32_t step);

  /// Dataflow: the messages of the sends that may go now, each once (checking their rules). A send
  /// may go when every chunk it lists is held from a step before its own, or when every receive of
  /// the steps before its own is in (then a chunk still missing is a causality failure, as in
  /// steps); and when its link is free: the earlier sends to the same peer have gone and the last
  /// of them is done (sent()). A link carries its messages one at a time in step order, so a
  /// message does not share its link's bandwidth with those of later steps, and reaches its
  /// receiver in the order of its receives. Looks at the first waiting send of each link only.
  std::vector<OutMessage> sendable();
  /// Dataflow: the message of send x has left; its link is free.
  void sent(const PlannedTransfer& x);
  /// Dataflow: takes in a message of transfer `from` and applies it at once (its chunks held
  /// from the step after its own).
  void deliver(const PlannedTransfer& from, const std::uint8_t* wire, std::uint64_t size);
  /// Dataflow: sends not yet handed out by sendable().
  bool sends_left() const { return sends_left_ > 0; }

  /// This rank's final buffer in the MPI collective's layout (chunk collectives, carry_bytes;
  /// a missing chunk's slot is left zero).
  std::vector<std::uint8_t> output_buffer() const;
  /// The final check: every slot of the layout against `reference` (MPI's own result, or the
  /// content function when null), or every required register against `reference_values`.
  void final_check(const std::vector<std::uint8_t>* reference,
                   const std::vector<std::int64_t>* reference_values = nullptr);
  /// This rank's result registers, in the order of ExecPlan::required_registers.
  std::vector<std::int64_t> result_values() const;

  const std::optional<RankFailure>& failure() const { return failure_; }
  std::uint64_t failures() const { return failures_; }
  std::uint64_t chunks_received() const { return chunks_received_; }

 private:
  /// Whether msg's payload is a selector (its message carries its count and ids).
  bool selects(const OutMessage& msg) const;
  struct Held {
    std::uint32_t acquired = 0;  ///< the step from which it is held, by its latest receipt
    std::uint64_t slot = 0;      ///< bytes at slot * m in store_
    std::uint32_t first = 0;     ///< the step from which it is held, by its earliest receipt
  };
  void fail(std::string kind, std::optional<std::uint64_t> step, std::string detail);
  /// The rank's hops into a switch held what they carried (exec/switch_hops.hpp).
  void check_first_hops();
  /// The link, port and dimension rules of send i of `sends` (one step's), as the rank sees
  /// them; none on a walked plan, whose hops the plan checked.
  void check_send_rules(std::uint32_t step, std::span<const PlannedTransfer> sends, std::size_t i);
  /// Checks send i of `sends` (all of one step) and resolves its message.
  OutMessage message(std::span<const PlannedTransfer> sends, std::size_t i);
  /// Whether send x lists its chunks and holds every one from a step before x's (dataflow).
  bool chunks_in(const PlannedTransfer& x) const;
  /// The step from which `chunk` (held as h) was held as of the start of `step` — by its latest
  /// receipt before it, as the step semantics sees it — or nullopt if it was not held yet.
  std::optional<std::uint32_t> acquired_by(std::uint64_t chunk, const Held& h,
                                           std::uint32_t step) const;
  void resolve(std::uint32_t step, const PlannedTransfer& x, std::vector<std::uint64_t>& out);
  void hold(std::uint64_t chunk, std::uint32_t acquired, const std::uint8_t* bytes);
  void accept_chunks(const PlannedTransfer& from, const std::uint8_t* wire, std::uint64_t size);
  void accept_values(const PlannedTransfer& from, const std::uint8_t* wire, std::uint64_t size);
  void compute(std::uint32_t step);
  /// A register message's values: its payload's source registers, lane by lane, as they are now.
  std::vector<std::int64_t> source_values(const PlannedTransfer& x);
  /// Keeps the values of the messages whose first hop leaves this rank in `step` into a switch
  /// (a walked plan): the message sent at its last hop's step carries them, not the registers
  /// as they are by then.
  void keep_departing(std::uint32_t step);
  /// Register r's lanes.
  std::span<std::int64_t> reg(std::uint32_t r);

  const ExecPlan& plan_;
  const Schedule& s_;
  NodeId me_;
  ExecOptions opt_;
  std::vector<std::uint32_t> steps_;
  std::unordered_map<std::uint64_t, Held> held_;
  /// Chunks held more than once: every step each was held from, ascending.
  std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> repeats_;
  std::vector<std::uint8_t> store_;
  std::uint64_t slots_ = 0;
  std::uint64_t lanes_ = 1;  ///< 64-bit lanes per register: chunk_bytes / 8
  /// Register r's lane e at r * lanes_ + e: in own_regs_, or opt_.shared_registers.
  std::vector<std::int64_t> own_regs_;
  std::span<std::int64_t> regs() {
    return opt_.shared_registers.empty() ? std::span(own_regs_) : opt_.shared_registers;
  }
  std::span<const std::int64_t> regs() const {
    return opt_.shared_registers.empty() ? std::span(own_regs_) : opt_.shared_registers;
  }
  struct PendingChunk {
    std::uint64_t chunk;
    std::vector<std::uint8_t> bytes;
  };
  std::vector<PendingChunk> pending_chunks_;
  struct PendingWrite {
    std::uint16_t dst;
    RegOp op;
    std::vector<std::int64_t> values;  ///< one per lane
  };
  std::vector<PendingWrite> pending_writes_;
  /// Register messages through switches that left this rank and are not sent yet (their values);
  /// the sends that wait at switches (indices into plan_.sends(me_)), by the step they leave.
  std::unordered_map<const PlannedTransfer*, std::vector<std::int64_t>> departed_;
  std::vector<std::uint32_t> departing_;
  std::unordered_map<std::uint32_t, std::uint32_t> receipts_;  ///< receipts per step
  // dataflow: each link's sends in step order (indices into plan_.sends(me_)), the first not
  // handed out, whether the link carries a message; the receives not in yet per step
  struct Link {
    NodeId peer;
    std::vector<std::uint32_t> sends;
    std::size_t next = 0;
    bool busy = false;
  };
  std::vector<Link> links_;
  std::unordered_map<std::uint32_t, std::uint32_t> link_of_;  ///< peer -> index in links_
  std::uint64_t sends_left_ = 0;
  std::map<std::uint32_t, std::uint64_t> receives_left_;
  std::optional<RankFailure> failure_;
  std::uint64_t failures_ = 0;
  std::uint64_t chunks_received_ = 0;
};

}  // namespace netsched::exec
