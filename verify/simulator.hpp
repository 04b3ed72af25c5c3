#pragma once
/// The simulator checker: every rule of DESIGN.md's schedule semantics, with a precise witness
/// for the first violation. Independent of the generators: it sees only the schedule and the
/// network's adjacency.
#include <functional>
#include <optional>
#include <ostream>
#include <string>

#include "core/schedule.hpp"
#include "core/network.hpp"

namespace netsched {

/// The first broken rule. Rules: "edge", "empty-payload", "causality", "port-send",
/// "port-receive", "port-link", "dimension", "delivery".
struct Violation {
  std::string rule;
  std::optional<std::uint64_t> step;      ///< 0-based; absent for delivery
  std::optional<std::uint64_t> transfer;  ///< index within the step
  std::optional<NodeId> node;
  std::optional<std::uint64_t> chunk;
  std::string message;                    ///< e.g. "step 3 transfer 2: node 5 sends twice (to 6 and to 9)"
};
std::ostream& operator<<(std::ostream& os, const Violation& v);

struct CheckResult {
  bool ok = false;
  std::optional<Violation> violation;
  std::uint64_t steps = 0;
  std::uint64_t payload_sum = 0;  ///< sum over steps of the largest payload
  std::uint64_t transfers = 0;
  std::string engine;             ///< "dense", "blocks" or "registers"
};
std::ostream& operator<<(std::ostream& os, const CheckResult& r);

/// Version string written into verification records.
inline constexpr const char* kSimulatorVersion = "netsched-sim 1";

/// How chunk schedules are simulated: a dense node x chunk table (Dense), origin by origin with
/// destination blocks (Blocks: total exchanges of selector payloads, verify/blocks.hpp), or the
/// dense table unless it would exceed 2^26 node-chunk pairs and the blocks apply (Auto). Both
/// give the same result; register schedules have their own simulation.
enum class Engine { Auto, Dense, Blocks };
inline constexpr Engine kEngines[] = {Engine::Auto, Engine::Dense, Engine::Blocks};
std::string to_string(Engine e);
std::optional<Engine> engine_from_name(const std::string& name);

/// Checks `s` on `t`. Throws std::invalid_argument for input that is not a schedule of this
/// network at all (node or chunk ids out of range, node count differing from the topology, a
/// single-dimension schedule on a family without dimensions). `progress` (done, total) is
/// called during long block simulations.
CheckResult simulate(const Network& t, const Schedule& s, Engine engine = Engine::Auto,
                     const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});

}  // namespace netsched
