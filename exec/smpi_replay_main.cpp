// netsched-smpi-replay: SMPI's trace replay of MPI's collectives (what `smpirun -replay LIST`
// runs when given no program: SimGrid's smpireplaymain), which also prints SimGrid's clock as
// the simulation advances (exec/smpi_clock.hpp).
//
// Why its own program: a replay stopped at simulate's --timeout should still bound the
// collective's time, by the clock it had reached. SimGrid's replay program prints nothing until
// it ends, and SimGrid's SIGINT handler, which prints the clock, does not always get to (it is
// not async-signal-safe). The replay itself is SimGrid's: the same calls in the same order as
// smpireplaymain, so a test holds its times to those of the MPI program's runs.
#include <mpi.h>
#include <smpi/smpi.h>

#include <cstdio>
#include <cstdlib>
#include <simgrid/s4u/Actor.hpp>
#include <xbt/replay.hpp>

#include "exec/smpi_clock.hpp"

int main(int argc, char* argv[]) {
  const simgrid::s4u::Actor* self = simgrid::s4u::Actor::self();
  const char* replay = self ? self->get_property("smpi_replay") : nullptr;
  const char* instance = self ? self->get_property("instance_id") : nullptr;
  const char* rank_text = self ? self->get_property("rank") : nullptr;
  if (!replay || !instance || !rank_text) {
    std::fprintf(stderr,
                 "netsched-smpi-replay: run it by smpirun -replay LIST netsched-smpi-replay\n");
    return 2;
  }
  char* end = nullptr;
  const long rank = std::strtol(rank_text, &end, 10);  // NOLINT(*-magic-numbers): base 10
  if (end == rank_text || *end != '\0' || rank < 0) {
    std::fprintf(stderr, "netsched-smpi-replay: SMPI gave rank '%s'\n", rank_text);
    return 2;
  }
  // a trace shared by every rank (a list of one line) is named in a property; a rank's own in
  // its first argument
  if (const char* shared = self->get_property("tracefile")) xbt_replay_set_tracefile(shared);
  smpi_replay_init(instance, static_cast<int>(rank), 0);
  if (rank == 0) netsched::exec::print_clock_as_it_advances();
  smpi_replay_main(static_cast<int>(rank), argc > 1 ? argv[1] : nullptr);
  return 0;
}
