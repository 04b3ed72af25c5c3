#include "core/parallel.hpp"

#include <tbb/info.h>

#include <algorithm>
#include <string>

#include "core/errors.hpp"

namespace netsched {

void check_threads(std::uint64_t threads, const char* what) {
  if (threads > kMaxThreads)
    throw InputError(std::string(what) + " " + std::to_string(threads) + " is over the limit " +
                     limit_text("kMaxThreads", kMaxThreads) + " (0 means every core)");
}

unsigned worker_count(unsigned threads) {
  check_threads(threads);
  // the cores this process may use (its affinity mask: one under mpirun's binding), not the
  // machine's; more threads than that are not asked of TBB (which would warn on stderr and
  // run that many anyway)
  const auto cores = static_cast<unsigned>(std::max(1, tbb::info::default_concurrency()));
  return threads ? std::min(threads, cores) : cores;
}

namespace {
thread_local unsigned loop_depth = 0;  // bodies of parallel loops this thread is running
}  // namespace

bool inside_parallel_loop() { return loop_depth > 0; }

InsideLoop::InsideLoop() { ++loop_depth; }
InsideLoop::~InsideLoop() { --loop_depth; }

void parallel_for(std::uint64_t n, unsigned threads,
                  const std::function<void(std::uint64_t, std::uint64_t)>& fn) {
  const unsigned workers = worker_count(threads);
  if (n < kParallelMinIndices || workers == 1) {
    if (n > 0) fn(0, n);
    return;
  }
  const auto loop = [&] {
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, n, kParallelMinIndices / 4),
                      [&](const tbb::blocked_range<std::uint64_t>& r) {
                        const InsideLoop inside;
                        fn(r.begin(), r.end());
                      });
  };
  run_in_workers(workers, loop);
}

}  // namespace netsched
