// MPI's collectives as SMPI trace replays (exec/smpi_trace.hpp).
#include "exec/smpi_trace.hpp"

#include <fmt/format.h>

#include <limits>
#include <sstream>
#include <string_view>
#include <vector>

#include "core/errors.hpp"
#include "exec/exec_plan.hpp"
#include "exec/simulate.hpp"

namespace netsched::exec {
namespace {

using K = Collective::Kind;

/// The executor's elements as SMPI 3.32 names them in a trace (src/smpi/mpi/smpi_datatype.cpp):
/// MPI_INT64_T for the register collectives (an algorithm may refuse a datatype: rab refuses it
/// and takes MPI_DOUBLE; the test that holds the replay to the run checks rab is refused alike),
/// MPI_BYTE for the chunk collectives.
constexpr const char* kInt64Id = "20";
constexpr const char* kByteId = "6";
constexpr std::uint64_t kInt64Bytes = 8;
/// What marks the replay's end line (smpi_replay_log_args): the clock, then this.
constexpr std::string_view kEndMark = "|Simulation time";

/// An MPI count (bytes or elements) as the int MPI takes; InputError past an int.
std::string mpi_int(std::uint64_t count) {
  if (count > static_cast<std::uint64_t>(std::numeric_limits<int>::max()))
    throw InputError(fmt::format("MPI's count {} is over an int's", count));
  return std::to_string(count);
}

/// MPI's call for the collective as the executor makes it (exec/mpi_reference.cpp): the trace
/// action without the rank, and a rank's largest buffer in bytes.
struct MpiCall {
  std::string action;
  std::uint64_t largest = 0;
};

MpiCall mpi_call(const Collective& c, std::uint64_t ranks, std::uint64_t m) {
  const std::string root = std::to_string(c.root().v);
  if (c.combining()) {  // 8-byte lanes, the pieces of a block one vector
    const std::uint64_t count = ExecPlan::register_lanes(m) * c.pieces();
    const std::string n = mpi_int(count), dt = std::string(" ") + kInt64Id;
    switch (c.kind()) {
      case K::ReduceScatter: {
        std::string action = "reducescatter";
        for (std::uint64_t r = 0; r < ranks; ++r) action += " " + n;
        return {action + " 0" + dt, count * kInt64Bytes * ranks};
      }
      case K::Reduce:
        return {"reduce " + n + " 0 " + root + dt, count * kInt64Bytes};
      default:
        return {"allreduce " + n + " 0" + dt, count * kInt64Bytes};
    }
  }
  const std::string bytes = mpi_int(m), dts = std::string(" ") + kByteId + " " + kByteId;
  switch (c.kind()) {
    case K::TotalExchange:
      return {"alltoall " + bytes + " " + bytes + dts, m * ranks};
    case K::AllGather: {  // a block of p pieces is one MPI block
      const std::string block = mpi_int(m * c.pieces());
      return {"allgather " + block + " " + block + dts, m * c.pieces() * ranks};
    }
    case K::Broadcast:  // a pieced broadcast's pieces are one MPI message
      return {"bcast " + mpi_int(m * c.num_chunks()) + " " + root + " " + kByteId,
              m * c.num_chunks()};
    case K::Scatter:
      return {"scatter " + bytes + " " + bytes + " " + root + dts, m * ranks};
    default:
      return {"gather " + bytes + " " + bytes + " " + root + dts, m * ranks};
  }
}

}  // namespace

std::string smpi_trace(const Collective& c, std::uint64_t ranks, std::uint64_t m) {
  const auto coll = smpi_collective(c);
  if (!coll || !smpi_trace_replays(*coll))
    throw InputError("SMPI's trace replay has no MPI collective for " + c.name());
  const MpiCall call = mpi_call(c, ranks, m);
  constexpr std::uint64_t kLineBytes = 64;  // a rank's id, init, finalize, the action's name
  const std::uint64_t estimate = ranks * (call.action.size() + kLineBytes);
  if (estimate > kSmpiTraceMaxBytes)
    throw InputError(fmt::format(
        "SMPI's trace of {} on {} ranks would take about {} bytes, over kSmpiTraceMaxBytes = {}",
        c.name(), ranks, estimate, kSmpiTraceMaxBytes));
  std::ostringstream out;
  for (std::uint64_t r = 0; r < ranks; ++r) out << r << " init\n";
  for (std::uint64_t r = 0; r < ranks; ++r) out << r << ' ' << call.action << '\n';
  for (std::uint64_t r = 0; r < ranks; ++r) out << r << " finalize\n";
  return out.str();
}

std::uint64_t smpi_replay_bytes(const Collective& c, std::uint64_t ranks, std::uint64_t m) {
  return 2 * mpi_call(c, ranks, m).largest + ranks * kSmpiReplayRankBytes + kSmpiReplayBaseBytes;
}

std::vector<std::string> smpi_replay_log_args() {
  // the replay's last rank logs "Simulation time ..." when it ends: the clock first, then kEndMark
  return {"--log=smpi_replay.thresh:info", "--log=smpi_replay.fmt:%.12r|%m%n"};
}

std::optional<double> smpi_replay_seconds(const std::string& output) {
  const auto at = output.rfind(kEndMark);
  if (at == std::string::npos) return std::nullopt;
  const auto newline = output.rfind('\n', at);
  const std::size_t from = newline == std::string::npos ? 0 : newline + 1;
  const std::string clock = output.substr(from, at - from);
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
