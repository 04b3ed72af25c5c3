// netsched-s4u-replay PLATFORM.xml HOSTFILE ALGORITHM BYTES [--cfg=KEY:VALUE]...: the
// communication pattern of an all-at-once MPI algorithm, replayed by SimGrid's S4U on the
// platform simulate wrote, timed, printed as one JSON line {"seconds": T}.
//
// Why a replay: SMPI runs MPI's alltoall basic_linear by posting every receive and send and
// waiting for all of them, and its waitall is a loop of waitany, quadratic in the requests:
// 1,024 ranks do not finish in 900 s of wall time. The pattern itself is simple — every rank
// sends m bytes to every other, all at once — so this program posts exactly those messages, in
// the algorithm's order (receives from rank+1 upward, sends from rank-1 downward, as SimGrid's
// alltoall-basic-linear.cpp posts them; the order matters under maxmin/concurrency-limit), one
// actor per rank on the hostfile's host, and waits for all of them with one wait_all. Same
// platform, same routes, same network model and settings; no MPI protocol costs (SMPI's
// defaults for them are zero). simulate says in the row that it is a replay, and a test holds
// the replay to SMPI's own time where SMPI finishes.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <simgrid/s4u.hpp>
#include <string>
#include <vector>

namespace {

namespace s4u = simgrid::s4u;

/// The mailbox of messages from rank `from` to rank `to`.
s4u::Mailbox* channel(std::size_t from, std::size_t to) {
  return s4u::Mailbox::by_name(std::to_string(from) + ">" + std::to_string(to));
}

/// One rank of alltoall basic_linear: every receive posted, every send posted, all awaited.
void basic_linear_rank(std::size_t rank, std::size_t ranks, std::uint64_t bytes) {
  static char token;  // S4U sends a pointer: the simulated size is what counts
  std::vector<s4u::CommPtr> comms;
  std::vector<void*> received(ranks, nullptr);
  for (std::size_t i = (rank + 1) % ranks; i != rank; i = (i + 1) % ranks)
    comms.push_back(channel(i, rank)->get_async<void>(&received[i]));
  for (std::size_t i = (rank + ranks - 1) % ranks; i != rank; i = (i + ranks - 1) % ranks)
    comms.push_back(channel(rank, i)->put_async(&token, bytes));
  s4u::Comm::wait_all(comms);
}

}  // namespace

int main(int argc, char** argv) {
  s4u::Engine engine(&argc, argv);  // takes the --cfg=KEY:VALUE arguments out of argv
  if (argc != 5 || std::string(argv[3]) != "basic_linear") {
    std::fprintf(stderr,
                 "usage: netsched-s4u-replay PLATFORM.xml HOSTFILE basic_linear BYTES "
                 "[--cfg=KEY:VALUE]...\n");
    return 2;
  }
  engine.load_platform(argv[1]);
  std::ifstream in(argv[2]);
  std::vector<s4u::Host*> hosts;
  for (std::string name; std::getline(in, name);)
    if (!name.empty()) hosts.push_back(s4u::Host::by_name(name));
  const std::uint64_t bytes = std::strtoull(argv[4], nullptr, 10);
  for (std::size_t r = 0; r < hosts.size(); ++r)
    s4u::Actor::create("rank" + std::to_string(r), hosts[r],
                       [r, n = hosts.size(), bytes] { basic_linear_rank(r, n, bytes); });
  engine.run();
  std::printf("{\"seconds\": %.9e}\n", s4u::Engine::get_clock());
  return 0;
}
