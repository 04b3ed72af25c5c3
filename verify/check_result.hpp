#pragma once
/// What every chunk and register engine answers (CheckResult), the engines' names (Engine), and
/// the memory every chunk engine is held to before it allocates.
///
/// Why apart from the simulator: the engines (verify/blocks, verify/symmetric,
/// verify/registers, ...) need these types, and the simulator's Engine::Auto dispatch needs the
/// engines; kept apart, no engine includes the dispatch that includes it.
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

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

/// The dense table's largest size: 2^32 node-chunk pairs (512 MiB of bits; a scatter on 65,536
/// nodes).
inline constexpr std::uint64_t kDenseMaxPairs = std::uint64_t{1} << 32;

/// The block engine's largest job, N x ceil(N/64) x (steps + 1) origin-group-node visits
/// (2^33: about 7 minutes on one core; the 12,000-node HDN exchange needs 2^26), refused
/// before it starts.
inline constexpr std::uint64_t kBlocksMaxWork = std::uint64_t{1} << 33;

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

/// Bytes a node costs the chunk engines besides their chunk tables: the port rules' six
/// counters (24), the block walk's per-node transfer lists and the symmetric engine's
/// union-find and orbit sizes (an empty total exchange on torus(2048,2048) peaks at 90 bytes a
/// node: bench/README.md, the checkers' memory).
inline constexpr std::uint64_t kCheckBytesPerNode = 128;

/// Refuses, before any of it is allocated, a chunk check of `nodes` nodes and `chunks` chunks
/// (0 when not yet known) whose per-node state and chunk table are over the memory budget.
void check_engine_memory(std::uint64_t nodes, std::uint64_t chunks, const std::string& what);
/// check_engine_memory for `s` on `t`.
void check_schedule_memory(const Network& t, const Schedule& s);

}  // namespace netsched
