#pragma once
/// The one parallel mechanism of netsched: Intel oneTBB (Debian's libtbb-dev), bounded to a
/// number of workers. Exceptions thrown by a worker reach the caller (a std::thread pool would
/// terminate the process instead).
///
/// Two shapes cover every parallel loop here: parallel_for over an index range cut into blocks
/// (cheap per index: degrees, adjacency, colour refinement), and parallel_items over a few
/// large items (a BFS, 64 origins of a total exchange) where each worker keeps its own scratch
/// state, made once per worker and merged at the end.
#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <cstdint>
#include <functional>

namespace netsched {

/// Below this many indices parallel_for runs on the calling thread (a task costs more).
inline constexpr std::uint64_t kParallelMinIndices = 4096;

/// The most worker threads any option or API call may ask for: one cap for every verb, the
/// MPI verifier and the APIs (a TBB arena of 65,537 threads crashed; a count of 2^31 wrapped to
/// "every core").
inline constexpr unsigned kMaxThreads = 1024;

/// The workers to use: `threads`, or every core for 0. Throws InputError above kMaxThreads.
unsigned worker_count(unsigned threads);
/// Throws InputError naming kMaxThreads when `threads` exceeds it (`what` names the option).
void check_threads(std::uint64_t threads, const char* what = "--threads");

/// Whether the calling thread runs inside a parallel loop. A loop nested in another (a CSR
/// snapshot taken by each row of a parallel fault sweep) then runs in the enclosing loop's
/// workers, not in an arena of its own: a new arena per nested call left the sweep's workers
/// spinning in TBB for over half their time.
bool inside_parallel_loop();

/// Marks the calling thread as running a parallel loop's body while it lives.
struct InsideLoop {
  InsideLoop();
  ~InsideLoop();
  InsideLoop(const InsideLoop&) = delete;
  InsideLoop& operator=(const InsideLoop&) = delete;
};

/// Runs loop() on at most `threads` workers: in a TBB arena of its own, or, called inside
/// another parallel loop, in that loop's workers.
template <class Loop>
void run_in_workers(unsigned threads, const Loop& loop) {
  if (inside_parallel_loop()) return loop();
  tbb::task_arena arena(static_cast<int>(worker_count(threads)));
  arena.execute(loop);
}

/// Runs fn(begin, end) over [0, n) in blocks, on at most `threads` workers (0 = all cores).
void parallel_for(std::uint64_t n, unsigned threads,
                  const std::function<void(std::uint64_t, std::uint64_t)>& fn);

/// Runs body(state, i) for every item i in [0, items), one item at a time, on at most `threads`
/// workers; each worker's state comes from make() and is handed to merge(state) once at the end
/// (from one thread at a time, in no particular order: merges must commute).
template <class Make, class Body, class Merge>
void parallel_items(std::uint64_t items, unsigned threads, Make make, Body body, Merge merge) {
  using State = decltype(make());
  tbb::enumerable_thread_specific<State> states(make);
  const auto loop = [&] {
    tbb::parallel_for(
        tbb::blocked_range<std::uint64_t>(0, items, 1),
        [&](const tbb::blocked_range<std::uint64_t>& r) {
          const InsideLoop inside;
          State& s = states.local();
          for (std::uint64_t i = r.begin(); i != r.end(); ++i) body(s, i);
        },
        tbb::simple_partitioner());
  };
  run_in_workers(threads, loop);
  for (State& s : states) merge(s);
}

}  // namespace netsched
