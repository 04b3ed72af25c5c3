#pragma once
/// What a run reports: per rank pass or fail with its first failure, and the run's verdict.
///
/// Shared by every transport (OpenMPI, SMPI, in-process) so their reports read the same and
/// `netsched run` / `netsched simulate` can parse what the executor prints (one JSON object).
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "exec/rank_executor.hpp"

namespace netsched::exec {

struct RankResult {
  std::uint32_t rank = 0;
  std::optional<RankFailure> failure;
  std::uint64_t failures = 0;
  std::uint64_t chunks_received = 0;
  double local_seconds = 0;  ///< time in the rank's own bookkeeping (resolve, encode, accept)
};

RankResult rank_result(const RankExecutor& r, double local_seconds);
nlohmann::json to_json(const RankResult& r);
RankResult rank_result_from_json(const nlohmann::json& j);

struct RunReport {
  std::string schedule;  ///< path
  std::string collective, algorithm, topology, transport;
  std::uint64_t ranks = 0, steps = 0, chunk_bytes = 0;
  bool carry_bytes = true;
  /// Register collectives: whether the final register values were checked against the
  /// reference — not when the registers lived in memory every simulated rank shares
  /// (ExecOptions::shared_registers); nullopt for chunk collectives.
  std::optional<bool> register_values_checked;
  /// "steps" or "dataflow" (exec/rank_executor.hpp Execution)
  std::string execution = "steps";
  std::string reference;  ///< what the final buffers were compared with ("MPI_Alltoall", ...)
  std::vector<RankResult> results;
  std::optional<double> schedule_seconds;  ///< wall (or simulated) time of the steps
  std::optional<double> mpi_seconds;       ///< the same collective by MPI's own implementation
  std::string mpi_algorithm;               ///< as selected (SMPI) or "library default"
  std::uint64_t ranks_failed() const;
  bool pass() const { return ranks_failed() == 0; }
  /// The earliest failure over all ranks (lowest step; the final check last; then lowest rank).
  const RankResult* first_failure() const;
};

nlohmann::json to_json(const RunReport& r, bool all_ranks);
/// A few lines for people: the verdict, the first failure, failing ranks (at most 10).
std::string to_text(const RunReport& r);

}  // namespace netsched::exec
