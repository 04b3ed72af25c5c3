#pragma once
/// MPI's collectives timed by SMPI's own trace replay (`smpirun -replay`). A run of MPI's program
/// keeps each rank's buffers, and the temporaries MPI's algorithms allocate, private to the
/// rank: a reduce-scatter on 256 ranks at 1 MiB a rank needs about 137 GB, and bruck's
/// all-gather there is killed by the kernel. The replay runs the same collective algorithm
/// (SMPI's code, chosen by the same smpi/<collective> setting) from a time-independent trace,
/// with every buffer shared by the simulated ranks and no data copied nor reduced; `simulate`
/// never simulates computation, so the time is the same (tests/exec/test_exec.cpp holds the two
/// within 0.1 % on every algorithm the replay finishes), in well under a GB.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/schedule.hpp"

namespace netsched::exec {

/// The largest trace simulate writes: a reduce-scatter's action lists every rank's count, so the
/// trace grows with the square of the ranks (2,048 ranks: about 29 MB).
inline constexpr std::uint64_t kSmpiTraceMaxBytes = std::uint64_t{64} << 20;
/// What SimGrid itself holds a replayed rank (its actor, request queues), on top of the buffers.
inline constexpr std::uint64_t kSmpiReplayRankBytes = std::uint64_t{1} << 20;
/// What a replay holds whatever its size (SimGrid, the platform, the parsed trace).
inline constexpr std::uint64_t kSmpiReplayBaseBytes = std::uint64_t{64} << 20;

/// The trace of MPI's collective for `c` (smpi_collective, exec/simulate.hpp: the replay has every
/// one) at m bytes a chunk or register, MPI called as the executor
/// calls it (exec/mpi_reference.cpp: bytes for chunks, m / 8 int64 lanes times the pieces for
/// registers), every rank starting at time 0. Throws InputError when MPI has no such collective, a
/// count is over an int's, or the trace would exceed kSmpiTraceMaxBytes.
std::string smpi_trace(const Collective& c, std::uint64_t ranks, std::uint64_t m);
/// The most memory the replay needs: its send and receive buffers (each at most a rank's
/// largest, which the algorithms' temporaries share) and SimGrid's own per rank and base.
std::uint64_t smpi_replay_bytes(const Collective& c, std::uint64_t ranks, std::uint64_t m);
/// smpirun's log settings under which the replay prints its end clock at full precision.
std::vector<std::string> smpi_replay_log_args();
/// The simulated seconds in a replay's output (the line smpi_replay_log_args asks for); nullopt
/// when there is none (the replay failed).
std::optional<double> smpi_replay_seconds(const std::string& output);

}  // namespace netsched::exec
