#pragma once
/// The fastest checked schedule for a message size (`netsched gen ... --bytes M`): every
/// algorithm of the table that applies is generated and checked, costed in the alpha-beta model
/// (CostModel: steps x latency + sum of the steps' largest payloads x bytes / bandwidth; on a
/// network whose links differ in speed, each step's slowest transfer on its own link), and
/// the cheapest one the port model admits is chosen, beside the lower bounds no schedule can
/// beat: a latency bound (steps) and a bandwidth bound (bytes through the busiest node's ports,
/// across a balanced cut, or, for reductions, the messages every element needs over all ports).
///
/// Why in analysis/: it needs the generators (gen/), the checker (checked.hpp) and the bounds
/// (verify/), and it concludes something from them together.
#include <optional>
#include <string>
#include <vector>

#include "analysis/checked.hpp"
#include "analysis/verification.hpp"

namespace netsched {

/// The port model a user's machine has: a schedule that assumes more ports is re-timed to it
/// (analysis/retime.hpp).
struct PortBudget {
  PortModel model = PortModel::OnePort;  ///< OnePort, KPort, AllPort or Routed
  std::uint32_t ports = 1;               ///< KPort: k
  /// Whether a schedule under `s`'s model may run on this machine (one-port and
  /// single-dimension schedules run anywhere; k-port needs k ports; all-port needs all-port;
  /// routed needs a network that routes, which runs every schedule).
  bool admits(const Schedule& s) const;
  std::string name() const;  ///< "one-port", "4-port", "all-port", "routed"
  /// Sends (and receives) per node and step: 1, k, or nullopt for all-port and routed.
  std::optional<std::uint32_t> node_ports() const;
};
/// Parses "one-port", "all-port", "routed" or "k-port:K" / "K-port" (K in 1..kMaxPorts);
/// InputError otherwise.
PortBudget port_budget_from_name(const std::string& text);

struct SizeCandidate {
  std::string algorithm;
  std::string model;      ///< the schedule's port model, e.g. "one-port"
  bool admitted = false;  ///< the budget admits it and its schedule holds
  bool chosen = false;    ///< it is SizeChoice::best
  std::string why_not;    ///< when not admitted: the model, a limit, or the violation
  /// The budget's port model when the generated schedule assumed more ports and was re-timed
  /// to it (analysis/retime.hpp); empty when it ran as generated.
  std::string retimed_to;
  /// The message as the schedule's pieces carry it, when they do not divide it: every piece a
  /// whole number of bytes (8-byte lanes of a vector) and all alike, the last ones padded; the
  /// times are for this size. 0 when the pieces divide the message.
  double padded_bytes = 0;
  std::uint64_t steps = 0, payload_sum = 0;
  double seconds = 0;                   ///< CostModel::of(steps, payload_sum)
  std::optional<double> async_seconds;  ///< the step-free time (analysis/async_cost.hpp)
};

/// A lower bound on the time of any schedule under the budget, with how it was obtained.
struct TimeBound {
  double seconds = 0;
  std::string reason;
};

struct SizeChoice {
  std::vector<SizeCandidate> candidates;  ///< in table order
  std::optional<CheckedSchedule> best;    ///< the cheapest admitted candidate
  double best_seconds = 0;                ///< its time (every link at its own speed)
  std::size_t best_candidate = 0;         ///< its row in `candidates`
  std::optional<TimeBound> latency;       ///< steps any schedule needs, times the latency
  std::optional<TimeBound> bandwidth;     ///< bytes some port or cut must carry
};

/// Generates every algorithm of `request.collective` that applies to `t` (request.algorithm is
/// ignored), checks each, and picks the cheapest under `cost` that `budget` admits. InputError
/// when no candidate is admitted.
/// The most chunk deliveries a choice by size plans over all its candidates: each candidate is
/// generated, checked and priced, a collective that ends with every node holding or combining
/// every node's block (all-gather, total exchange, reduce-scatter, all-reduce) makes N(N-1)
/// deliveries, the others N-1. At 2^23, hypercube(9)'s total exchange is chosen in 11 to 15 s
/// (routed, one-port); hypercube(10)'s all-gather took 40 s and 1.1 GB (bench/README.md, 33).
inline constexpr std::uint64_t kSizeChoiceMaxDeliveries = std::uint64_t{1} << 23;

SizeChoice choose_for_size(const Network& t, const GenRequest& request, const CostModel& cost,
                           const PortBudget& budget);

}  // namespace netsched
