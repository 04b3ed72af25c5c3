#pragma once
/// SimGrid's clock, printed on stderr as a simulation advances by the SMPI programs simulate runs
/// (the executor with --announce-timing, netsched-smpi-replay), and read back by
/// exec::unfinished_seconds when a run is stopped at its timeout.
///
/// Why the programs print it themselves: SimGrid prints its clock on SIGINT from inside the
/// signal handler (not async-signal-safe), and a replay stopped so printed nothing before it was
/// killed; a line printed on the way does not depend on the handler.

namespace netsched::exec {

/// How a clock line starts; the simulated seconds follow.
inline constexpr const char* kClockMark = "netsched-exec: simulated clock at ";

}  // namespace netsched::exec

#ifdef SMPI_SHARED_MALLOC  // an SMPI build (smpi's mpi.h included first)
#include <chrono>
#include <cstdio>
#include <simgrid/s4u/Engine.hpp>

namespace netsched::exec {

/// Prints SimGrid's clock as the simulation advances: at its first advance, then at most once a
/// wall second. One process simulates every rank: the first call registers it, later ones do
/// nothing.
inline void print_clock_as_it_advances() {
  static bool registered = false;
  if (registered) return;
  registered = true;
  simgrid::s4u::Engine::on_time_advance_cb(
      [last = std::chrono::steady_clock::now() - std::chrono::seconds(1)](double) mutable {
        const auto now = std::chrono::steady_clock::now();
        if (now - last < std::chrono::seconds(1)) return;
        last = now;
        std::fprintf(stderr, "%s%.12f s\n", kClockMark, simgrid::s4u::Engine::get_clock());
      });
}

}  // namespace netsched::exec
#endif
