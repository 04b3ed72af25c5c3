#pragma once
/// One rank of a real execution: what it holds, what it sends, what it accepts, what it ends with.
///
/// Why a transport-free state machine: the same rank logic runs under OpenMPI, under SimGrid's
/// SMPI and in-process (tests, `exec/loopback.hpp`), so a difference between them is a
/// transport matter, never a semantics one. A rank sees only its own holdings: a selector is
/// resolved from what this rank holds at the start of the step, explicit chunks it lacks are a
/// causality failure found by the rank that lacks them, and the link, port and dimension rules
/// are checked by each rank for its own transfers (MPI itself would happily send along a link
/// the network does not have). A rank that finds a failure still sends one message for every
/// transfer of the plan, so no peer waits forever; the run's verdict is the earliest failure.
#include <cstdint>
#include <optional>
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
};

/// The first thing a rank found wrong.
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

class RankExecutor {
 public:
  RankExecutor(const ExecPlan& plan, NodeId me, ExecOptions options);

  NodeId me() const { return me_; }
  /// The steps this rank takes part in (sends, receives or computes), ascending.
  const std::vector<std::uint32_t>& active_steps() const { return steps_; }
  /// This rank's planned receives of step s.
  std::span<const PlannedTransfer> receives_of(std::uint32_t step) const;

  /// Applies step s's local register operations and returns the messages of s, one per planned
  /// send (checking the rules of this rank's sends).
  std::vector<OutMessage> start_step(std::uint32_t step);
  /// The wire size of a message (chunk messages: header and data).
  std::uint64_t wire_bytes(const OutMessage& msg) const;
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
  struct Held {
    std::uint32_t acquired = 0;
    std::uint64_t slot = 0;  ///< bytes at slot * m in store_
  };
  void fail(std::string kind, std::optional<std::uint64_t> step, std::string detail);
  void check_send_rules(std::uint32_t step, const PlannedTransfer& x, std::uint64_t sends_here);
  void resolve(std::uint32_t step, const PlannedTransfer& x, std::vector<std::uint64_t>& out);
  void hold(std::uint64_t chunk, std::uint32_t acquired, const std::uint8_t* bytes);
  void accept_chunks(const PlannedTransfer& from, const std::uint8_t* wire, std::uint64_t size);
  void accept_values(const PlannedTransfer& from, const std::uint8_t* wire, std::uint64_t size);
  void compute(std::uint32_t step);
  /// Register r's lanes.
  std::span<std::int64_t> reg(std::uint32_t r);

  const ExecPlan& plan_;
  const Schedule& s_;
  NodeId me_;
  ExecOptions opt_;
  std::vector<std::uint32_t> steps_;
  std::unordered_map<std::uint64_t, Held> held_;
  std::vector<std::uint8_t> store_;
  std::uint64_t slots_ = 0;
  std::uint64_t lanes_ = 1;         ///< 64-bit lanes per register: chunk_bytes / 8
  std::vector<std::int64_t> regs_;  ///< register r's lane e at r * lanes_ + e
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
  std::uint32_t receipts_this_step_ = 0;
  std::optional<RankFailure> failure_;
  std::uint64_t failures_ = 0;
  std::uint64_t chunks_received_ = 0;
};

}  // namespace netsched::exec
