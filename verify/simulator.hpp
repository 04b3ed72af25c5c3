#pragma once
/// The simulator checker: every rule of ARCHITECTURE.md's schedule semantics, with a precise
/// witness for the first violation. Independent of the generators: it sees only the schedule and
/// the network's adjacency.
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "core/errors.hpp"
#include "core/network.hpp"
#include "core/schedule.hpp"
#include "core/verdict.hpp"

namespace netsched {

/// How chunk schedules are simulated: a dense node x chunk table (Dense), origin by origin with
/// destination blocks (Blocks: total exchanges of selector payloads, verify/blocks.hpp), or the
/// dense table unless it would exceed kDenseAutoPairs node-chunk pairs and the blocks apply
/// (Auto). Both give the same result; register schedules have their own simulation (Registers,
/// never chosen by the caller).
enum class Engine { Auto, Dense, Blocks, Symmetric, Registers };
// Limits of the dense engine, checked before its table is allocated.
/// Auto picks the block engine (where it applies) above this many node-chunk pairs.
inline constexpr std::uint64_t kDenseAutoPairs = std::uint64_t{1} << 26;
/// Whether s's node x chunk table is over kDenseAutoPairs: where Auto turns to the block engine,
/// and the fault repair and sweep work on selectors rather than a trace.
bool over_dense_auto(const Schedule& s);
/// The dense table's largest size: 2^32 node-chunk pairs (512 MiB of bits; a scatter on 65,536
/// nodes).
inline constexpr std::uint64_t kDenseMaxPairs = std::uint64_t{1} << 32;
/// The block engine's largest job, N x ceil(N/64) x (steps + 1) origin-group-node visits
/// (2^33: about 7 minutes on one core; the 12,000-node HDN exchange needs 2^26), refused
/// before it starts.
inline constexpr std::uint64_t kBlocksMaxWork = std::uint64_t{1} << 33;
/// With acquisition-time selectors each pair also keeps a 16-bit time: at most 2^30 pairs
/// and 65534 steps.
inline constexpr std::uint64_t kDenseMaxTimedPairs = std::uint64_t{1} << 30;
inline constexpr std::uint64_t kDenseMaxTimedSteps = 65534;

/// The engines a caller may choose.
inline constexpr Engine kEngines[] = {Engine::Auto, Engine::Dense, Engine::Blocks,
                                      Engine::Symmetric};

/// What the chunk and register simulations answer: the verdict (the first violation in the
/// order of ARCHITECTURE.md's rules), the figures of the schedule, and the engine that ran.
/// The figures (steps, payload sum, transfers) are those of the whole run when every step obeyed
/// the step rules (the schedule holds, or fails delivery only); simulate() reports them as zero
/// when a step rule is broken, whatever the engine.
struct CheckResult {
  Verdict verdict;
  std::uint64_t steps = 0;
  std::uint64_t payload_sum = 0;  ///< sum over steps of the largest payload
  std::uint64_t transfers = 0;
  /// Registers engine, when every step obeyed the rules: how many of the collective's result
  /// registers differ from the required ones (the violation names the first).
  std::uint64_t wrong_results = 0;
  Engine engine = Engine::Dense;  ///< Dense, Blocks, Symmetric or Registers
  std::string engine_note;        ///< what the engine relied on (symmetric: generators, orbits;
                                  ///< registers: batches)
  bool ok() const { return verdict.ok(); }
  const std::optional<Violation>& violation() const { return verdict.violation; }
};
std::ostream& operator<<(std::ostream& os, const CheckResult& r);

/// A schedule that breaks a step rule has no cost: every engine reports its figures as zero
/// then (how far it got is an accident of its order of work); delivery failures keep them.
CheckResult figures_by_rule(CheckResult r);

/// Version string written into verification records.
inline constexpr const char* kSimulatorVersion = "netsched-sim 1";

std::string to_string(Engine e);
std::optional<Engine> engine_from_name(const std::string& name);

/// Checks `s` on `t`. Throws InputError for input that is not a schedule of this
/// network at all (node or chunk ids out of range, node count differing from the topology, a
/// single-dimension schedule on a family without dimensions). `progress` (done, total) is
/// called during long block simulations.
/// Bytes a node costs the chunk engines besides their chunk tables: the port rules' six
/// counters (24), the block walk's per-node transfer lists and the symmetric engine's
/// union-find and orbit sizes (an empty total exchange on torus(2048,2048) peaks at 90 bytes a
/// node: bench/README.md, the checkers' memory).
inline constexpr std::uint64_t kCheckBytesPerNode = 128;
/// Refuses, before any of it is allocated, a chunk check of `nodes` nodes and `chunks` chunks
/// (0 when not yet known) whose per-node state and chunk table are over the memory budget.
void check_engine_memory(std::uint64_t nodes, std::uint64_t chunks, const std::string& what);

CheckResult simulate(const Network& t, const Schedule& s, Engine engine = Engine::Auto,
                     const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});

/// What the dense simulation saw step by step (for pictures): the chunks each node holds at the
/// start, and for every step that obeyed the step rules, the chunks each transfer carried and the
/// chunks its receiver held after the step. Steps from the first broken step rule on are absent.
struct StepTrace {
  std::vector<std::uint64_t> initial;               ///< [node]
  std::vector<std::vector<std::uint64_t>> carried;  ///< [step][transfer]
  /// When keep_chunks is set: the chunks each transfer carried, sorted [step][transfer].
  bool keep_chunks = false;
  std::vector<std::vector<std::vector<std::uint64_t>>> chunks;
  std::vector<std::vector<std::pair<std::uint32_t, std::uint64_t>>>
      held_after;  ///< [step][transfer]: (receiver, chunks held)
};

/// simulate() with the dense engine (its limits apply), recording a StepTrace. Throws
/// InputError for register schedules (they move values, not chunks).
CheckResult simulate_traced(const Network& t, const Schedule& s, StepTrace& trace);

}  // namespace netsched
