#pragma once
/// Family sweeps: the properties of a family (N, degree, diameter, average distance, cost) and
/// the steps of its paper schedules with their bounds over a range of instances, as CSV, JSON
/// and a gnuplot figure like the papers' comparison plots.
///
/// Why here: a sweep is `info` and checked generation (analysis/) over many specs; the figure is
/// drawn by gnuplot (Debian's gnuplot-nox), not by hand.
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/errors.hpp"

namespace netsched::draw {

/// The most instances one sweep computes, checked after expanding the patterns.
inline constexpr std::uint64_t kSweepMaxPoints = 256;
/// The largest network one point of a sweep may be (its exact facts and schedules are computed:
/// a point of 2^27 nodes is minutes on its own), checked for every point before any work.
inline constexpr std::uint64_t kSweepMaxNodes = std::uint64_t{1} << 20;
/// The most nodes of all points together: a sweep's work is the sum of its points' (four
/// points at the per-point limit are a few minutes).
inline constexpr std::uint64_t kSweepMaxTotalNodes = std::uint64_t{1} << 22;

/// One instance to compute: its spec and the series (line of the plot) it belongs to.
struct SweepPoint {
  std::string series, spec;
};

/// Expands each pattern's "{lo..hi}" (every occurrence in a pattern takes the same value,
/// lo <= hi); a pattern without a range is one point of the series named by its family.
/// Throws InputError on a malformed range or more than kSweepMaxPoints points.
std::vector<SweepPoint> expand_patterns(const std::vector<std::string>& patterns);

/// The largest --exchange-max-nodes (a total exchange grows as N^2 messages).
inline constexpr std::uint64_t kSweepMaxExchangeNodes = std::uint64_t{1} << 15;

/// Nodes up to which --bisection asks Z3 for the exact bisection width (hypercube(5), 32 nodes:
/// about 20 s; larger ones rarely finish).
inline constexpr std::uint64_t kSweepBisectionMaxNodes = 32;

/// Z3's time for one point's bisection width in a sweep.
inline constexpr unsigned kSweepBisectionTimeoutMs = 10'000;

struct SweepOptions {
  bool schedules = true;                    ///< generate broadcast and total exchange
  std::uint64_t exchange_max_nodes = 1024;  ///< total exchange only up to this many nodes
  bool bisection = false;                   ///< exact bisection width by Z3 (small networks)
  unsigned bisection_timeout_ms = kSweepBisectionTimeoutMs;
  std::function<void(const std::string&)> progress;
};

/// The columns of the CSV, in order.
const std::vector<std::string>& sweep_columns();

/// One row per point (keys = sweep_columns(); null where a value does not apply, with the
/// reason in "notes").
nlohmann::json sweep(const std::vector<SweepPoint>& points, const SweepOptions& options);

/// The rows as CSV (header first).
std::string sweep_csv(const nlohmann::json& rows);

/// The gnuplot script of the figure (diameter, broadcast and total-exchange steps against N,
/// log axes; the paper's values as open points), writing an SVG to `output`.
std::string sweep_gnuplot(const nlohmann::json& rows, const std::string& output);

/// Runs gnuplot on sweep_gnuplot(rows) in a private temporary directory; the SVG it wrote. Throws
/// std::runtime_error when gnuplot is missing or fails.
std::string run_gnuplot(const nlohmann::json& rows);

}  // namespace netsched::draw
