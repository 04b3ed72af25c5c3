#pragma once
/// `netsched simulate`: a schedule and MPI's own algorithms for the same collective, timed by
/// SimGrid on the schedule's network.
///
/// Why compare this way: the step model counts steps and the largest payload per step; it
/// cannot say whether a paper's algorithm beats what MPI libraries already do (pairwise, Bruck,
/// ring, binomial trees, ...) on the same links. SimGrid/SMPI runs the very executor that
/// passes the byte check (exec/mpi_exec.cpp) and, in separate runs on the same platform, MPI's
/// collective with each algorithm SMPI implements (the list is asked from SimGrid itself), all
/// under the same flow-level network model. The schedule is also run on SimGrid's own torus
/// cluster for tori and hypercubes (the anchor), and the step model's alpha-beta cost is
/// reported beside them.
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/errors.hpp"
#include "core/schedule.hpp"
#include "exec/platform.hpp"

namespace netsched::exec {

/// The most ranks `simulate` runs (SMPI holds every rank in one process).
inline constexpr std::uint64_t kSimulateMaxRanks = 4096;

/// SMPI maps every shared buffer block by block (smpi/shared-malloc-blocksize, 1 MiB by
/// default), and Linux allows a process 65,530 mappings (vm.max_map_count): 1,024 ranks with
/// 64 MiB total-exchange buffers would need over 100,000 and SMPI aborts ("Could not map folded
/// virtual memory"). The block SMPI is given (a power of two, 1 MiB to 1 GiB) keeps
/// kSharedBuffersPerRank buffers of n chunks of m bytes per rank, or a register collective's
/// `registers` of m bytes if more, within kSharedMapsBudget mappings.
inline constexpr std::uint64_t kSharedMapsBudget = 32768, kSharedBuffersPerRank = 4;
std::uint64_t shared_block_bytes(std::uint64_t ranks, std::uint64_t m, std::uint64_t registers = 0);

/// SimGrid settings every run gets unless the user overrides the key: no reverse-direction ACK
/// flows (crosstraffic adds them, which charges schedules that use both directions of a link
/// 5 % more). Not a concurrency limit: `maxmin/concurrency-limit:8` leaves a one-port
/// schedule's makespan unchanged but makes MPI's all-at-once alltoall (basic_linear) 39 %
/// slower on hypercube(7) at 64 KiB (5.84 ms against 4.20 ms; its S4U replay 4.53 against 4.20)
/// — a bias toward the papers.
inline constexpr const char* kDefaultSimgridCfg[] = {"network/crosstraffic:0"};
/// Wall-clock seconds one smpirun may take unless told otherwise.
inline constexpr double kDefaultRunTimeout = 300;
/// The most smpirun processes at once (each holds every rank of a simulation).
inline constexpr unsigned kSimulateMaxJobs = 64;
/// The most runs one simulate makes (chunk sizes x (algorithms + the schedule's)).
inline constexpr std::uint64_t kSimulateMaxRuns = 4096;
/// Above this many ranks the all-at-once algorithms (kReplayed) are timed by an S4U replay of
/// their pattern (exec/s4u_replay.cpp): SMPI's waitall, a loop of waitany, is quadratic in the
/// requests: without a concurrency limit 256 ranks of basic_linear do not finish in 300 s, 1,024
/// not in 900 s; 128 take 30 s. The replay matches SMPI at 64 and 128 ranks (within 0.3 %).
inline constexpr std::uint64_t kReplayAboveRanks = 128;
/// (SMPI collective, algorithm) pairs whose pattern netsched-s4u-replay knows.
inline constexpr std::pair<std::string_view, std::string_view> kReplayed[] = {
    {"alltoall", "basic_linear"}};
/// The longest a simulate may take in the worst case (every run reaching its --timeout, --jobs at
/// a time); more is refused before any run (--timeout 0 waits without bound, as asked).
inline constexpr double kSimulateMaxWorstHours = 12;

struct SimulateOptions {
  LinkModel links;
  std::vector<std::uint64_t> bytes{1024};  ///< chunk sizes m
  /// MPI algorithms to time; empty = every one SMPI offers for the collective; {"none"} = none.
  std::vector<std::string> algorithms;
  bool anchor = true;  ///< also run on SimGrid's torus cluster when it applies
  /// Also time the schedule run as dataflow (netsched-exec --dataflow), beside its steps.
  bool dataflow = false;
  std::string network_model = "CM02";    ///< SimGrid network model (CM02: latency + size/bandwidth)
  std::vector<std::string> simgrid_cfg;  ///< KEY:VALUE settings over kDefaultSimgridCfg
  std::string executor;                  ///< path of netsched-exec-smpi
  std::string platform_check;            ///< path of netsched-platform-check
  std::string replay;                    ///< path of netsched-s4u-replay
  std::string smpi_replay;               ///< path of netsched-smpi-replay (SMPI's trace replay)
  std::uint64_t replay_above_ranks = kReplayAboveRanks;  ///< replay kReplayed above this
  /// Time MPI's algorithms by SMPI's trace replay (exec/smpi_trace.hpp: the same algorithms, every
  /// buffer shared by the ranks) instead of running MPI's program.
  bool mpi_trace_replay = false;
  std::string workdir;                          ///< where platforms and outputs go
  double timeout_seconds = kDefaultRunTimeout;  ///< per smpirun (0: none)
  /// Each run's memory: stopped once its processes hold more (exec/process.hpp; 0: no limit).
  std::uint64_t memory_bytes = 0;
  unsigned jobs = 2;  ///< smpirun processes at once
  /// The schedule's steps and payload sum (the step model's cost), for the alpha-beta column.
  std::uint64_t steps = 0, payload_sum = 0;
  /// The step model's time at m bytes a chunk when the caller prices it itself (links of
  /// different speeds: analysis/async_cost.hpp); else steps and payload sum at the defaults.
  std::function<double(std::uint64_t m)> alpha_beta;
  /// With `dataflow`: the dataflow model's time at m bytes a chunk (analysis/async_cost.hpp),
  /// printed beside the dataflow run.
  std::function<std::optional<double>(std::uint64_t m)> dataflow_model;
};

/// What timed a run: smpirun running the program (the executor, or MPI's collective in it), the
/// S4U replay of an MPI algorithm's pattern (kReplayed), or SMPI's trace replay of MPI's
/// collective (SimulateOptions::mpi_trace_replay).
enum class TimedBy { Smpirun, S4uReplay, SmpiTraceReplay };

/// One timed run.
struct SimRow {
  std::uint64_t bytes = 0;
  std::string what;       ///< "schedule" or "mpi"
  std::string algorithm;  ///< the schedule's algorithm, or the MPI algorithm
  std::string platform;   ///< "netsched" or "simgrid-torus-cluster"
  std::optional<double> seconds;
  std::optional<bool> pass;  ///< the schedule's check (chunk ids in timing runs)
  std::string error;         ///< why there is no time (SMPI refused the algorithm, timed out, ...)
  TimedBy timed_by = TimedBy::Smpirun;
  bool dataflow = false;  ///< the schedule run as dataflow (exec/rank_executor.hpp)
  /// A register collective's values were not checked (its registers shared by the ranks).
  bool values_unchecked = false;
  /// A run stopped at its timeout: the simulated seconds its collective had run unfinished by
  /// then, so its time is at least this (unfinished_seconds).
  std::optional<double> unfinished_after = std::nullopt;
  /// SMPI's trace replay failed this MPI algorithm (SimGrid aborted it): why, and the row is
  /// then its program run (timed_by Smpirun).
  std::string replay_error = {};
  /// The most memory the run's processes held at one sample (exec/process.hpp; 0: not sampled).
  std::uint64_t peak_memory = 0;
  /// The schedule's own row, run in steps: what the other rows are compared with.
  bool steps_row() const { return what == "schedule" && !dataflow; }
};

/// A platform and its routes as SimGrid itself sees them (netsched-platform-check).
struct PlatformFacts {
  std::string kind, routes;
  std::uint64_t pairs = 0, links = 0, max_load = 0;
  double mean_load = 0;
  double ratio() const { return mean_load > 0 ? static_cast<double>(max_load) / mean_load : 0; }
};

/// A run stopped at its timeout (its error output): how long, in simulated seconds, its
/// collective had run unfinished, a lower bound on its time. The clock is the latest SimGrid
/// reached by then: the executor prints it as it advances (--announce-timing), and SimGrid prints
/// it when SIGINT stops it (ker_engine's "CTRL-C pressed" line). Each rank of the executor
/// prints when it starts and stops timing; the bound is the clock less the start of a rank that
/// had not stopped, the longest such. SMPI's trace replay (`replay`: netsched-smpi-replay, which
/// prints the clock too) starts every rank at 0. Empty without a clock or an unfinished rank.
std::optional<double> unfinished_seconds(const std::string& err, std::uint64_t ranks, bool replay);

struct SimulateResult {
  std::string schedule, topology, collective, algorithm, smpi_collective;
  std::uint64_t ranks = 0;
  std::vector<SimRow> rows;
  std::vector<std::pair<std::uint64_t, double>> alpha_beta;  ///< (bytes, seconds)
  /// (bytes, seconds): the direct-send fluid time, the busiest link's routes x m / bandwidth when
  /// every rank sends m bytes straight to every other along the routes and links are shared
  /// perfectly (all-to-all and all-gather; empty for the others). A lower bound for algorithms
  /// that send that way (basic_linear, pair), not for those that relay (bruck, rdb).
  std::vector<std::pair<std::uint64_t, double>> fluid_bound;
  std::vector<PlatformFacts> platforms;
  LinkModel links;
  std::string network_model;
  std::vector<std::string> simgrid_cfg;  ///< the settings every run had
  /// (bytes, seconds): the dataflow model's time (SimulateOptions::dataflow_model).
  std::vector<std::pair<std::uint64_t, double>> dataflow_model;
  /// Whether every run gave a time.
  bool all_answered() const;
  /// Whether the simulation answered: every run of the schedule gave a time, and at each size
  /// where MPI's algorithms ran at least one of them did (one refused or stopped is a row with
  /// its reason, not a failed simulation).
  bool answered() const;
  /// The platform netsched writes for the network ("netsched", "netsched-switched"): the first;
  /// SimGrid's own torus cluster, the anchor, comes after it.
  std::string own_platform() const;
  /// The fastest MPI run at `bytes` on own_platform() that gave a time, or null: the schedule's
  /// run is set against it on the same platform, the same routes.
  const SimRow* fastest_mpi(std::uint64_t bytes) const;
  /// The schedule's run in steps on own_platform() at `bytes`: what the rows compare with.
  std::optional<double> schedule_seconds(std::uint64_t bytes) const;
};

/// The settings smpirun gets: kDefaultSimgridCfg with the user's KEY:VALUE over it (without the
/// concurrency limit when the user turns crosstraffic on). Throws InputError for an
/// entry without a colon, or crosstraffic with a concurrency limit.
std::vector<std::string> simgrid_config(const std::vector<std::string>& user);
/// SimGrid's network models, asked from smpirun.
std::vector<std::string> simgrid_network_models(const std::string& workdir);

/// SMPI's name for the collective ("alltoall", "bcast", ...), nullopt when simulate times none.
std::optional<std::string> smpi_collective(const Collective& c);
/// SMPI's collective that has one algorithm and no setting to choose it: MPI_Scan (every rank
/// sends its vector to every later rank), timed under the name kSmpiOnlyAlgorithm by running it.
inline constexpr const char* kSmpiUnselectable = "scan";
inline constexpr const char* kSmpiOnlyAlgorithm = "default";
/// Whether SMPI has a setting that chooses the algorithm of its collective `coll`.
inline bool smpi_selectable(const std::string& coll) { return coll != kSmpiUnselectable; }
/// Whether SMPI's trace replay has an action for its collective `coll` (it has none for scan).
inline bool smpi_trace_replays(const std::string& coll) { return coll != kSmpiUnselectable; }
/// The algorithms SMPI implements for `collective`, asked from smpirun (its "Valid algorithms"
/// list), without the meta entries "default" and "automatic"; kSmpiOnlyAlgorithm alone for
/// kSmpiUnselectable.
std::vector<std::string> smpi_algorithms(const std::string& collective, const std::string& workdir);

/// What simulate reports while it works: the platforms once SimGrid has checked them (the
/// result holds no rows yet), then each row as its run ends (row, runs done, runs in all).
struct SimulateProgress {
  std::function<void(const SimulateResult&)> ready;
  std::function<void(const SimRow&, std::size_t, std::size_t)> row;
};

/// Runs everything for `s` on `net` (the network the caller built from its file, not built
/// again here); throws InputError for a bad file or option (an algorithm SMPI does not have, a
/// model SimGrid does not have, too many runs), checked before any run starts.
SimulateResult simulate(const Network& net, const std::string& schedule_path, const Schedule& s,
                        const SimulateOptions& options, const SimulateProgress& progress = {});
/// The platforms' route figures, the fluid bounds and the SimGrid settings, as text.
std::string platform_text(const SimulateResult& r);
/// One row as a line of text (what the streaming output prints).
std::string row_text(const SimRow& row, std::optional<double> schedule_seconds,
                     std::optional<double> fluid_bound);

nlohmann::json to_json(const SimulateResult& r);
std::string to_text(const SimulateResult& r);
/// The closing line at `bytes`: MPI's fastest run and the schedule against it (empty when no MPI
/// run gave a time).
std::string fastest_text(const SimulateResult& r, std::uint64_t bytes);
/// How many runs gave no time, and whether the simulation answered all the same (empty when every
/// run gave one).
std::string answered_text(const SimulateResult& r);

}  // namespace netsched::exec
