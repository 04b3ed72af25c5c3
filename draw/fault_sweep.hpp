#pragma once
/// What each single failed link costs a collective (`netsched sweep --faults`): one link per
/// orbit of the symmetries of the network and of its healthy schedule (analysis/
/// schedule_symmetry.hpp: the links of an orbit break the same transfers, up to a relabelling),
/// or every link, the default schedule repaired around it and regenerated on the faulty network,
/// the cheaper kept, and the slowdown against the healthy schedule; as rows, CSV and a gnuplot
/// figure of the distribution. The repair and the regeneration run on each orbit's first link
/// only: they are heuristics that break ties by node id, so another link of the orbit may cost
/// them a step more or less (`every_link` runs them all).
///
/// Why in draw/: like the family sweeps it is a table and a picture over many checked runs, made
/// from analysis/ (repair_schedule) and plotted by gnuplot.
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "analysis/verification.hpp"
#include "core/network.hpp"
#include "core/schedule.hpp"

namespace netsched::draw {

/// The most links a fault sweep walks (one repair and one regeneration each, per orbit).
inline constexpr std::uint64_t kFaultSweepMaxLinks = 65536;
/// The most double faults a sweep samples.
inline constexpr std::uint64_t kFaultSweepMaxDoubles = 4096;

/// The cost model's defaults: 1 us latency, 1 GB/s (seconds a byte), 1 byte a chunk.
inline constexpr double kFaultSweepLatency = 1e-6, kFaultSweepSecondsPerByte = 1e-9;

struct FaultSweepOptions {
  std::string collective = "total-exchange";
  std::optional<NodeId> root;  ///< rooted collectives (default: node 0)
  bool every_link = false;     ///< one row per link rather than per orbit
  /// When > 0, instead of the orbits: a rooted collective's links at its root (rows with
  /// `at_root`), then this many distinct links of the others drawn uniformly from `seed`, each
  /// its own row (with `sampled_from`, the network's links).
  std::uint64_t sample_links = 0;
  CostModel cost{kFaultSweepLatency, kFaultSweepSecondsPerByte, 1};
  /// After the single faults, this many pairs of distinct links, drawn uniformly from `seed`.
  std::uint64_t double_faults = 0;
  std::uint64_t seed = 1;
  /// Rows made at once, each on its own worker (0 = every core); the rows are the same for any.
  unsigned threads = 0;
  /// Called after each row, from one worker at a time.
  std::function<void(const std::string&)> progress;
};

/// The links of t, each as (smaller id, larger id), in orbits under the symmetries of t that map
/// `healthy` (a schedule on t that holds) onto itself: each orbit's links in order, the orbits
/// by their first link.
std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> link_orbits(
    const Network& t, const Schedule& healthy);

/// One row per link orbit: link, labels, orbit_size, healthy/repaired/regenerated steps and
/// seconds, chosen, slowdown (the kept schedule's time over the healthy one's), note; then one
/// per sampled double fault, with its second_link (and orbit_size 1).
nlohmann::json fault_sweep(const Network& t, const FaultSweepOptions& options);
std::string fault_sweep_csv(const nlohmann::json& rows);
/// "8 links in 1 orbit, one link of each repaired; the worst single fault costs 2.19x"
/// ("32 links, each repaired; ..." when every orbit is one link; "4 of 8 links (the root's 2
/// and 2 drawn at random), each repaired; ..." for a sample), or, when no orbit has a
/// schedule, "...; no fault has a schedule (<the first row's note>)"; with double faults
/// "...; 20 sampled double faults, the worst 1.4x".
std::string fault_sweep_summary(const nlohmann::json& rows);
/// The figure: slowdown of each link orbit, sorted, bar widths the orbit sizes (so the x axis
/// counts links).
std::string fault_sweep_gnuplot(const nlohmann::json& rows, const std::string& title,
                                const std::string& output);

}  // namespace netsched::draw
