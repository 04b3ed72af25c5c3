#pragma once
/// One lock for the C libraries whose state is global: igraph 0.10 as Debian builds it
/// (IGRAPH_THREAD_SAFE is 0: its error handler and its FINALLY stack are process-wide) and
/// Graphviz's cgraph (agseterrf). netsched calls them from parallel loops (the fault sweep's
/// rows each build, check and bound schedules), so every use holds this lock from its first
/// igraph or cgraph call until its last object is destroyed.
/// nauty needs none: Debian builds it with thread-local state (its nauty.h defines USE_TLS).
/// A holder runs no parallel loop: while a thread waits for one, TBB may hand it another row,
/// which would enter the lock again on the same thread (the bounds take their snapshots on
/// one thread, Csr(t, 1)).
#include <mutex>

namespace netsched {

/// Held while the returned lock lives; recursive, so a holder may call another user.
[[nodiscard]] inline std::unique_lock<std::recursive_mutex> lock_c_libraries() {
  static std::recursive_mutex mutex;
  return std::unique_lock<std::recursive_mutex>(mutex);
}

}  // namespace netsched
