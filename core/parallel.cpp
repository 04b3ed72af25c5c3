#include "core/parallel.hpp"

#include <tbb/info.h>

#include <algorithm>

namespace netsched {

unsigned worker_count(unsigned threads) {
  // the cores this process may use (its affinity mask: one under mpirun's binding), not the
  // machine's
  return threads ? threads : static_cast<unsigned>(std::max(1, tbb::info::default_concurrency()));
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
