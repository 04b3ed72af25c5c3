// MPI's own collectives as the executor's reference (exec/mpi_reference.hpp).
#include "exec/mpi_reference.hpp"

#include <mpi.h>

#include <cstdio>
#include <cstring>
#include <span>

#ifdef SMPI_SHARED_MALLOC  // an SMPI build: its simulated ranks are SimGrid actors
#include <simgrid/s4u/Actor.hpp>
#endif

#include "core/verdict.hpp"
#include "exec/mpi_buffer.hpp"
#include "exec/smpi_clock.hpp"
#include "exec/wire.hpp"

namespace netsched::exec {
namespace {

using K = Collective::Kind;

int my_rank() {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}

/// A buffer of `count` chunks (or registers) of m bytes (shared memory in SMPI timing runs, when
/// large); block b holds chunk chunk_of(b) when `fill` (checked runs only).
template <class ChunkOf>
std::unique_ptr<WireBuffer> blocks(std::uint64_t count, const ExecOptions& opt, bool fill,
                                   ChunkOf chunk_of) {
  auto buf = std::make_unique<WireBuffer>(count * opt.chunk_bytes, 0, !opt.carry_bytes);
  if (fill && opt.carry_bytes)
    for (std::uint64_t b = 0; b < count; ++b)
      fill_chunk(chunk_of(b), std::span(buf->data() + b * opt.chunk_bytes, opt.chunk_bytes));
  return buf;
}

/// chunk_of for a buffer blocks() leaves unfilled.
std::uint64_t unfilled(std::uint64_t) { return 0; }

/// The chunk collectives: MPI_Alltoall / Allgather / Bcast / Scatter / Gather.
void chunk_collective(const ExecPlan& plan, NodeId me, const ExecOptions& opt, MpiReference& out,
                      double& seconds) {
  const Collective& c = plan.schedule().collective;
  const std::uint64_t n = plan.nodes();
  const int m = static_cast<int>(opt.chunk_bytes);
  const int root = static_cast<int>(c.root().v);
  const bool at_root = me == c.root();
  std::unique_ptr<WireBuffer> send, recv;
  switch (c.kind()) {
    case K::TotalExchange:
      out.name = "MPI_Alltoall";
      send = blocks(n, opt, true, [&](std::uint64_t j) { return me.v * n + j; });
      recv = blocks(n, opt, false, unfilled);
      break;
    case K::AllGather:  // a block of p pieces is one MPI block of p chunks
      out.name = "MPI_Allgather";
      send = blocks(c.pieces(), opt, true, [&](std::uint64_t k) { return me.v * c.pieces() + k; });
      recv = blocks(c.num_chunks(), opt, false, unfilled);
      break;
    case K::Broadcast:  // a pieced broadcast's pieces are one MPI message, in order
      out.name = "MPI_Bcast";
      recv = blocks(c.num_chunks(), opt, at_root, [](std::uint64_t k) { return k; });
      break;
    case K::Scatter:
      out.name = "MPI_Scatter";
      send = blocks(at_root ? n : 0, opt, true, [](std::uint64_t i) { return i; });
      recv = blocks(1, opt, false, unfilled);
      break;
    default:  // gather
      out.name = "MPI_Gather";
      send = blocks(1, opt, true, [&](std::uint64_t) { return std::uint64_t{me.v}; });
      recv = blocks(at_root ? n : 0, opt, false, unfilled);
      break;
  }
  const double t0 = start_timing(opt.announce_timing);
  if (c.kind() == K::TotalExchange)
    MPI_Alltoall(send->data(), m, MPI_BYTE, recv->data(), m, MPI_BYTE, MPI_COMM_WORLD);
  else if (c.kind() == K::AllGather)
    MPI_Allgather(send->data(), static_cast<int>(send->size()), MPI_BYTE, recv->data(),
                  static_cast<int>(send->size()), MPI_BYTE, MPI_COMM_WORLD);
  else if (c.kind() == K::Broadcast)
    MPI_Bcast(recv->data(), static_cast<int>(recv->size()), MPI_BYTE, root, MPI_COMM_WORLD);
  else if (c.kind() == K::Scatter)
    MPI_Scatter(send->data(), m, MPI_BYTE, recv->data(), m, MPI_BYTE, root, MPI_COMM_WORLD);
  else
    MPI_Gather(send->data(), m, MPI_BYTE, recv->data(), m, MPI_BYTE, root, MPI_COMM_WORLD);
  seconds = stop_timing(t0, opt.announce_timing);
  if (opt.carry_bytes) out.bytes.emplace(recv->data(), recv->data() + recv->size());
}

/// All-reduce and prefix over the collective's groups (MPI_Comm_split), reduce, reduce-scatter.
/// In SMPI timing runs the registers are shared by every simulated rank (exec/mpi_buffer.hpp):
/// their values mean nothing, so MPI's result is not kept to check against.
void register_collective(const ExecPlan& plan, NodeId me, const ExecOptions& opt, MpiReference& out,
                         double& seconds) {
  const Collective& c = plan.schedule().collective;
  const std::uint64_t lanes = ExecPlan::register_lanes(opt.chunk_bytes);
  // a vector all-reduce's or prefix's pieces are one MPI vector: registers 0..p-1 in, p..2p-1 out;
  // a reduce-scatter's block j of p pieces is MPI's block j (registers j*p .. j*p + p-1)
  const int count = static_cast<int>(lanes * c.pieces());
  const auto init = blocks(plan.schedule().registers.size(), opt, false, unfilled);
  const auto result = blocks(c.pieces(), opt, false, unfilled);
  if (!init->shared())
    std::memcpy(init->data(), plan.initial_registers(me, lanes).data(), init->size());
  MPI_Comm comm = MPI_COMM_NULL;
  if (c.kind() == K::AllReduce || c.kind() == K::Prefix) {
    const auto at = plan.group_position(me);
    MPI_Comm_split(MPI_COMM_WORLD, at ? static_cast<int>(at->first) : MPI_UNDEFINED,
                   at ? static_cast<int>(at->second) : 0, &comm);
  }
  const double t0 = start_timing(opt.announce_timing);
  if (c.kind() == K::AllReduce) {
    out.name = "MPI_Allreduce";
    if (comm != MPI_COMM_NULL)
      MPI_Allreduce(init->data(), result->data(), count, MPI_INT64_T, MPI_SUM, comm);
  } else if (c.kind() == K::Prefix) {
    out.name = "MPI_Scan";
    if (comm != MPI_COMM_NULL)
      MPI_Scan(init->data(), result->data(), count, MPI_INT64_T, MPI_SUM, comm);
  } else if (c.kind() == K::Reduce) {
    out.name = "MPI_Reduce";
    MPI_Reduce(init->data(), result->data(), count, MPI_INT64_T, MPI_SUM,
               static_cast<int>(c.root().v), MPI_COMM_WORLD);
  } else {
    out.name = "MPI_Reduce_scatter_block";
    MPI_Reduce_scatter_block(init->data(), result->data(), count, MPI_INT64_T, MPI_SUM,
                             MPI_COMM_WORLD);
  }
  seconds = stop_timing(t0, opt.announce_timing);
  if (comm != MPI_COMM_NULL) MPI_Comm_free(&comm);
  if (init->shared()) return;
  // the values this rank must end with, in required_registers' order (none off-group/off-root)
  out.values.emplace();
  if (plan.required_registers(me, lanes).empty()) return;
  out.values->resize(static_cast<std::size_t>(count));
  std::memcpy(out.values->data(), result->data(), result->size());
}

#ifdef SMPI_SHARED_MALLOC
/// How many times the second agreement's span the start waits beyond it: the exits of that
/// agreement spread over at most about one span (the same reduction on the same network).
constexpr double kStartSpans = 4;

/// Sleeps every simulated rank until one instant of SimGrid's clock, which every rank shares.
/// A barrier's exits spread over several latencies (six microseconds on hypercube(6)'s 1 µs
/// links), and a rank timed from its own exit would not count what it missed: MPI's 8-byte
/// binomial broadcast timed so took 1.4 µs for six rounds of messages (bench/README.md
/// item 31). Two agreements on the latest clock give the span of one; the start is beyond the
/// second's exits by kStartSpans of it. A rank still short of it would start late: it stops
/// the run instead.
void common_start() {
  const auto latest = [] {
    const double now = MPI_Wtime();
    double out = now;
    MPI_Allreduce(&now, &out, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return out;
  };
  const double first = latest();
  const double second = latest();
  const double start = second + kStartSpans * (second - first);
  if (MPI_Wtime() > start) {
    std::fprintf(stderr, "netsched-exec: error: rank %d reached the common start late\n",
                 my_rank());
    MPI_Abort(MPI_COMM_WORLD, to_int(ExitCode::InternalError));
  }
  simgrid::s4u::this_actor::sleep_until(start);
}
#endif

}  // namespace

double start_timing(bool announce) {
  MPI_Barrier(MPI_COMM_WORLD);
#ifdef SMPI_SHARED_MALLOC
  common_start();
  // from the start on: its first line, printed at once, is then past every rank's start
  if (announce && my_rank() == 0) print_clock_as_it_advances();
#endif
  const double t0 = MPI_Wtime();
  if (announce)
    std::fprintf(stderr, "netsched-exec: rank %d starts timing at %.12f s\n", my_rank(), t0);
  return t0;
}

double stop_timing(double t0, bool announce) {
  const double t = MPI_Wtime();
  if (announce)
    std::fprintf(stderr, "netsched-exec: rank %d stops timing at %.12f s\n", my_rank(), t);
  return t - t0;
}

MpiReference mpi_reference(const ExecPlan& plan, NodeId me, const ExecOptions& opt, bool run_mpi) {
  MpiReference out;
  const K kind = plan.schedule().collective.kind();
  const bool chunked = kind == K::TotalExchange || kind == K::AllGather || kind == K::Broadcast ||
                       kind == K::Scatter || kind == K::Gather;
  const bool reduced =
      kind == K::AllReduce || kind == K::Prefix || kind == K::Reduce || kind == K::ReduceScatter;
  if (!run_mpi || (!chunked && !reduced)) {
    out.name = plan.schedule().collective.combining() ? "the formula" : "the content function";
    return out;
  }
  double seconds = 0;
  if (chunked)
    chunk_collective(plan, me, opt, out, seconds);
  else
    register_collective(plan, me, opt, out, seconds);
  out.seconds = seconds;
  return out;
}

}  // namespace netsched::exec
