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
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/schedule.hpp"
#include "exec/platform.hpp"

namespace netsched::exec {

/// The most ranks `simulate` runs (SMPI holds every rank in one process).
inline constexpr std::uint64_t kSimulateMaxRanks = 4096;

/// SMPI maps every shared buffer block by block (smpi/shared-malloc-blocksize, 1 MiB by
/// default), and Linux allows a process 65,530 mappings (vm.max_map_count): 1,024 ranks with
/// 64 MiB total-exchange buffers would need over 100,000 and SMPI aborts ("Could not map folded
/// virtual memory"). The block SMPI is given (a power of two, 1 MiB to 1 GiB) keeps
/// kSharedBuffersPerRank buffers of n chunks of m bytes per rank within kSharedMapsBudget
/// mappings.
inline constexpr std::uint64_t kSharedMapsBudget = 32768, kSharedBuffersPerRank = 4;
std::uint64_t shared_block_bytes(std::uint64_t ranks, std::uint64_t m);

struct SimulateOptions {
  LinkModel links;
  std::vector<std::uint64_t> bytes{1024};  ///< chunk sizes m
  /// MPI algorithms to time; empty = every one SMPI offers for the collective; {"none"} = none.
  std::vector<std::string> algorithms;
  bool anchor = true;                  ///< also run on SimGrid's torus cluster when it applies
  std::string network_model = "CM02";  ///< SimGrid network model (CM02: latency + size/bandwidth)
  std::string executor;                ///< path of netsched-exec-smpi
  std::string workdir;                 ///< where platforms and outputs go
  double timeout_seconds = 0;          ///< per smpirun
  unsigned jobs = 2;                   ///< smpirun processes at once
  /// The schedule's steps and payload sum (the step model's cost), for the alpha-beta column.
  std::uint64_t steps = 0, payload_sum = 0;
};

/// One timed run.
struct SimRow {
  std::uint64_t bytes = 0;
  std::string what;       ///< "schedule" or "mpi"
  std::string algorithm;  ///< the schedule's algorithm, or the MPI algorithm
  std::string platform;   ///< "netsched" or "simgrid-torus-cluster"
  std::optional<double> seconds;
  std::optional<bool> pass;  ///< the schedule's check (chunk ids in timing runs)
  std::string error;         ///< why there is no time (SMPI refused the algorithm, timed out, ...)
};

struct SimulateResult {
  std::string schedule, topology, collective, algorithm, smpi_collective;
  std::uint64_t ranks = 0;
  std::vector<SimRow> rows;
  std::vector<std::pair<std::uint64_t, double>> alpha_beta;  ///< (bytes, seconds)
  LinkModel links;
  std::string network_model;
};

/// SMPI's name for the collective ("alltoall", "bcast", ...), nullopt when MPI has none.
std::optional<std::string> smpi_collective(const Collective& c);
/// The algorithms SMPI implements for `collective`, asked from smpirun (its "Valid algorithms"
/// list), without the meta entries "default" and "automatic".
std::vector<std::string> smpi_algorithms(const std::string& collective, const std::string& workdir);

/// Runs everything; throws std::invalid_argument for a bad file or option.
SimulateResult simulate(const std::string& schedule_path, const Schedule& s,
                        const SimulateOptions& options);

nlohmann::json to_json(const SimulateResult& r);
std::string to_text(const SimulateResult& r);

}  // namespace netsched::exec
