#pragma once
/// List scheduling of a chunk schedule's transfers into synchronous steps under a port model:
/// the re-timer of `netsched repair` (detours among the kept transfers, analysis/repair.hpp)
/// and of fitting a schedule to fewer ports than it assumes (`gen --ports`, and `gen --bytes`
/// under a k-port or one-port budget). Every transfer is a job that may go once the jobs that
/// brought its chunks to its sender are done, and no earlier than its release step; each step
/// hands out free ports to the ready jobs in the order of the step they are due (Graham's list
/// scheduling).
///
/// Why in analysis/: it works on the checker's trace (what each transfer carried), and what it
/// builds is checked like any schedule.
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "analysis/checked.hpp"
#include "core/network.hpp"
#include "core/schedule.hpp"

namespace netsched {

/// A transfer to place: its ends, the chunks it carries, the step before which it may not start,
/// the step it should take (the order in which free ports are handed out), and the jobs that
/// deliver its chunks to its sender.
struct RetimeJob {
  std::uint32_t from = 0, to = 0;
  std::vector<std::uint64_t> chunks;
  std::uint64_t release = 0, due = 0;
  std::vector<std::uint32_t> after;
  /// Jobs it may share a step with but not go before (a register read at the start of a step
  /// and its overwrite at the end of it).
  std::vector<std::uint32_t> with;
  bool local = false;  ///< a local operation: it takes no port
};

/// The jobs of a schedule being rebuilt in step order, with the first delivery of every chunk
/// to every node, so that a job waits for the jobs that delivered its chunks to its sender.
class JobList {
 public:
  explicit JobList(const Collective& c) : c_(c) {}

  /// Transfer a -> b of step k as it was: released at step k, due at step k; its chunks arrive
  /// at b the step after a holds them all, or after k if sooner.
  void keep(std::uint64_t k, std::uint32_t a, std::uint32_t b, std::vector<std::uint64_t> chunks);
  /// A new job; its dependencies from what a holds so far.
  std::uint32_t add(std::uint32_t a, std::uint32_t b, std::vector<std::uint64_t> chunks,
                    std::uint64_t release, std::uint64_t due);
  /// Job `job` delivers its chunks to `node`, held from `step` on (the first delivery listed
  /// counts: later jobs from `node` wait for it).
  void arrive(std::uint32_t node, std::uint32_t job, std::uint64_t step);
  /// The step from which v holds all of `chunks` (a step to come, for what a listed job brings);
  /// nullopt if it does not.
  std::optional<std::uint64_t> held_since(std::uint32_t v,
                                          const std::vector<std::uint64_t>& chunks) const;
  std::vector<RetimeJob>& jobs() { return jobs_; }
  const std::vector<RetimeJob>& jobs() const { return jobs_; }

 private:
  struct Held {
    std::uint32_t job;
    std::uint64_t step;
  };
  struct Key {
    std::uint32_t node;
    std::uint64_t chunk;
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const { return hash_mix(k.node, k.chunk); }
  };
  const Collective& c_;
  std::vector<RetimeJob> jobs_;
  std::unordered_map<Key, Held, KeyHash> held_;
};

/// The order in which ready jobs take free ports: by the step they are due, or the job with
/// the longest chain of jobs waiting on it first (then by due; Hu's highest-level-first rule,
/// the generic total exchange's "farthest message first").
enum class RetimeOrder : std::uint8_t { Due, LongestChain };

/// The jobs in steps (each step: the indices of its jobs, in increasing order), list-scheduled
/// under `model` (k sends and k receives a node under k-port; one message a link direction
/// always), with at least `min_steps` steps (a schedule re-timed with nothing to move keeps its
/// idle last steps). A job's `after` and `with` name only jobs before it in the list.
std::vector<std::vector<std::uint32_t>> retime(const std::vector<RetimeJob>& jobs, const Network& t,
                                               PortModel model, std::uint32_t ports,
                                               std::uint64_t min_steps,
                                               RetimeOrder order = RetimeOrder::Due);

/// The shortest of four list schedules of `jobs` (the first with at least `min_steps` steps):
/// each job released at its step (kept transfers go no earlier than their step, or as soon as
/// their chunks are in) or at once, ready jobs taking free ports by the step they are due or
/// longest chain first. Neither order is always the shorter.
std::vector<std::vector<std::uint32_t>> shortest_placement(const std::vector<RetimeJob>& jobs,
                                                           const Network& t, PortModel model,
                                                           std::uint32_t ports,
                                                           std::uint64_t min_steps);

/// `like` with its steps replaced by the placed jobs (explicit chunk payloads, equal ones
/// shared).
Schedule with_placed_jobs(Schedule like, const std::vector<RetimeJob>& jobs,
                          const std::vector<std::vector<std::uint32_t>>& steps);

/// A schedule that holds, re-timed by list scheduling to `model` (one-port, or k-port with
/// `ports`) when it assumes more ports, and checked on t; returned as it is when it already fits.
/// A chunk schedule's transfers wait for the transfers that brought their chunks (the checker's
/// trace); a register schedule's transfers and local operations keep the order of every two
/// accesses to a node's register of which one writes. List scheduling is greedy, so it may take
/// fewer steps than the schedule had, or more where fewer would do: where the steps as they are
/// already hold under `model` and are no more, they are kept instead (named "<algorithm> as
/// K-port"). InputError for a schedule that does not hold, and for a trace beyond the checker's
/// limits.
CheckedSchedule fit_ports(const CheckedSchedule& c, const Network& t, PortModel model,
                          std::uint32_t ports);

/// A register schedule's transfers and local operations list-scheduled under `model` (k-port:
/// `ports`), each keeping its order with every other access to a register it touches (a
/// schedule whose steps need not respect any port rule: repair lays its detours out this way).
/// Not checked: the caller checks.
Schedule relaid_registers(const Schedule& s, const Network& t, PortModel model, std::uint32_t ports,
                          RetimeOrder order = RetimeOrder::Due);

/// Whether a schedule under `s`'s model never sends more than `model` with `ports` allows.
bool fits_ports(const Schedule& s, PortModel model, std::uint32_t ports);

}  // namespace netsched
