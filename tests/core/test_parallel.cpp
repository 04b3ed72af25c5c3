// The parallel loops (core/parallel.hpp): a loop nested in another runs in the enclosing
// loop's workers, so a cap on the outer loop's workers holds inside it too, and no arena is
// made per nested call (a fault sweep of 42,000 rows, each taking CSR snapshots, spent most of
// its time in TBB and grew to 1.4 GB when each snapshot made one).
#include <catch2/catch.hpp>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>

#include "core/parallel.hpp"

using namespace netsched;

TEST_CASE("parallel loops: a nested loop runs in the enclosing loop's workers", "[core]") {
  CHECK_FALSE(inside_parallel_loop());
  std::mutex mutex;
  std::set<std::thread::id> outer, inner;
  bool nested_inside = true;
  parallel_items(
      8, 1, [] { return 0; },
      [&](int&, std::uint64_t) {
        {
          const std::lock_guard<std::mutex> hold(mutex);
          outer.insert(std::this_thread::get_id());
          nested_inside = nested_inside && inside_parallel_loop();
        }
        // every core asked for, above kParallelMinIndices: on its own it would use them all
        // (each block waits a little, so that an arena of its own would have its other
        // workers join in)
        parallel_for(4 * kParallelMinIndices, 0, [&](std::uint64_t, std::uint64_t) {
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
          const std::lock_guard<std::mutex> hold(mutex);
          inner.insert(std::this_thread::get_id());
        });
      },
      [](int&) {});
  CHECK(nested_inside);
  CHECK(outer.size() == 1);  // one worker asked for
  CHECK(inner == outer);     // and the nested loops kept to it
  CHECK_FALSE(inside_parallel_loop());
  // on its own the same loop may use every core, and covers its range once
  std::uint64_t covered = 0;
  parallel_for(4 * kParallelMinIndices, 0, [&](std::uint64_t b, std::uint64_t e) {
    const std::lock_guard<std::mutex> hold(mutex);
    covered += e - b;
  });
  CHECK(covered == 4 * kParallelMinIndices);
}
