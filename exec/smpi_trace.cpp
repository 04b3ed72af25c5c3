// MPI's register collectives as SMPI trace replays (exec/smpi_trace.hpp).
#include "exec/smpi_trace.hpp"

#include <fmt/format.h>

#include <limits>
#include <sstream>
#include <string_view>
#include <vector>

#include "core/errors.hpp"
#include "exec/exec_plan.hpp"

namespace netsched::exec {
namespace {

using K = Collective::Kind;

/// The executor's element, MPI_INT64_T (an algorithm may refuse a datatype: rab refuses it and
/// takes MPI_DOUBLE), as SMPI 3.32 names it in a trace (src/smpi/mpi/smpi_datatype.cpp), and its
/// bytes. The test that holds the replay to the run checks rab is refused alike.
constexpr const char* kInt64Id = "20";
constexpr std::uint64_t kElementBytes = 8;
/// What marks the replay's end line (smpi_replay_log_args): the clock, then this.
constexpr std::string_view kEndMark = "|Simulation time";

/// MPI's count for the collective: the executor's, as mpi_reference.cpp calls MPI.
std::uint64_t mpi_count(const Collective& c, std::uint64_t m) {
  const std::uint64_t count = ExecPlan::register_lanes(m) * c.pieces();
  if (count > static_cast<std::uint64_t>(std::numeric_limits<int>::max()))
    throw InputError(fmt::format("MPI's count {} is over an int's", count));
  return count;
}

}  // namespace

bool smpi_trace_applies(const Collective& c) {
  return c.kind() == K::ReduceScatter || c.kind() == K::Reduce ||
         (c.kind() == K::AllReduce && c.groups().empty());
}

std::string smpi_trace(const Collective& c, std::uint64_t ranks, std::uint64_t m) {
  if (!smpi_trace_applies(c))
    throw InputError("SMPI's trace replay has no MPI collective for " + c.name());
  const std::string count = std::to_string(mpi_count(c, m));
  // a line a rank: its id, the action, its arguments (a reduce-scatter's: every rank's count)
  const std::uint64_t arguments = c.kind() == K::ReduceScatter ? ranks : 1;
  const std::uint64_t estimate = ranks * (arguments * (count.size() + 1) + 32);
  if (estimate > kSmpiTraceMaxBytes)
    throw InputError(fmt::format(
        "SMPI's trace of {} on {} ranks would take about {} bytes, over kSmpiTraceMaxBytes = {}",
        c.name(), ranks, estimate, kSmpiTraceMaxBytes));
  std::string action;
  if (c.kind() == K::ReduceScatter) {
    action = "reducescatter";
    for (std::uint64_t r = 0; r < ranks; ++r) action += " " + count;
    action += " 0 ";  // no computation
  } else if (c.kind() == K::Reduce) {
    action = "reduce " + count + " 0 " + std::to_string(c.root().v) + " ";
  } else {
    action = "allreduce " + count + " 0 ";
  }
  action += kInt64Id;
  std::ostringstream out;
  for (std::uint64_t r = 0; r < ranks; ++r) out << r << " init\n";
  for (std::uint64_t r = 0; r < ranks; ++r) out << r << ' ' << action << '\n';
  for (std::uint64_t r = 0; r < ranks; ++r) out << r << " finalize\n";
  return out.str();
}

std::uint64_t smpi_replay_bytes(const Collective& c, std::uint64_t ranks, std::uint64_t m) {
  const std::uint64_t per_call = mpi_count(c, m) * kElementBytes;
  const std::uint64_t vector = c.kind() == K::ReduceScatter ? per_call * ranks : per_call;
  return 2 * vector + ranks * kSmpiReplayRankBytes + kSmpiReplayBaseBytes;
}

std::vector<std::string> smpi_replay_log_args() {
  // the replay's last rank logs "Simulation time ..." when it ends: the clock first, then kEndMark
  return {"--log=smpi_replay.thresh:info", "--log=smpi_replay.fmt:%.12r|%m%n"};
}

std::optional<double> smpi_replay_seconds(const std::string& output) {
  const auto at = output.rfind(kEndMark);
  if (at == std::string::npos) return std::nullopt;
  const auto start = output.rfind('\n', at);
  const std::string clock = output.substr(start == std::string::npos ? 0 : start + 1,
                                          at - (start == std::string::npos ? 0 : start + 1));
  try {
    std::size_t used = 0;
    const double seconds = std::stod(clock, &used);
    if (used != clock.size()) return std::nullopt;
    return seconds;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace netsched::exec
