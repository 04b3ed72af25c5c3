#pragma once
/// MPI's own implementation of a schedule's collective, on the same inputs: the reference the
/// executor's final buffers are compared with, and the time a user would get without netsched.
///
/// Total exchange is MPI_Alltoall, all-gather MPI_Allgather, broadcast MPI_Bcast, scatter
/// MPI_Scatter, gather MPI_Gather, all-reduce MPI_Allreduce and prefix MPI_Scan (over
/// MPI_Comm_split communicators when the collective has groups), reduce MPI_Reduce, and
/// reduce-scatter MPI_Reduce_scatter_block, with MPI_SUM on 64-bit integers. Route, multicast,
/// matmul and vecmat have no MPI collective: their reference is netsched's own formula (the
/// content function, the matrix product), and the report says so.
#include <optional>
#include <string>
#include <vector>

#include "exec/exec_plan.hpp"
#include "exec/rank_executor.hpp"

namespace netsched::exec {

struct MpiReference {
  std::string name;  ///< "MPI_Alltoall", ..., or "the content function" / "the formula"
  std::optional<std::vector<std::uint8_t>> bytes;   ///< chunk collectives, when checked
  std::optional<std::vector<std::int64_t>> values;  ///< register collectives
  std::optional<double> seconds;  ///< MPI's time for the collective (max over ranks at rank 0)
};

/// Where every timed run starts: after an MPI_Barrier, MPI_Wtime(); under SMPI at one instant of
/// SimGrid's clock for every rank (a barrier's exits spread over several latencies), so the
/// largest time of a rank is the collective's. With `announce` (SMPI
/// timing runs, --announce-timing) each rank prints "netsched-exec: rank R starts timing at T s"
/// on stderr, and under SMPI rank 0 has SimGrid's clock printed as it advances, at most once a
/// wall second ("netsched-exec: simulated clock at T s"): a run stopped at its timeout still
/// shows how long its collective had run unfinished (exec/simulate.hpp, unfinished_seconds).
double start_timing(bool announce);
/// The seconds since t0, printed as "netsched-exec: rank R stops timing at T s" when `announce`.
double stop_timing(double t0, bool announce);

/// Runs MPI's collective for rank `me` (a collective call: every rank must call it) when
/// `run_mpi`; otherwise names the formula the executor falls back to.
MpiReference mpi_reference(const ExecPlan& plan, NodeId me, const ExecOptions& opt, bool run_mpi);

}  // namespace netsched::exec
