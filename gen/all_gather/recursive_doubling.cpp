#include "gen/all_gather/all_gather.hpp"
#include "gen/plan/schedule_kit.hpp"
// Recursive doubling all-gather (Thakur, Rabenseifner and Gropp 2005, §4.1) on a hypercube,
// whose dimension-e neighbour is the recursive-doubling partner u xor 2^e.

namespace netsched {

Schedule recursive_doubling_all_gather(const Product& cube) {
  const std::uint64_t n = cube.num_nodes();
  Schedule s =
      textbook_schedule(cube, Collective::all_gather(n), PortModel::OnePort, "recursive-doubling");
  Payload everything;
  everything.select = Selector{};  // every chunk the sender holds
  s.payloads.push_back(std::move(everything));
  for (std::uint64_t bit = 1; bit < n; bit <<= 1) {
    Step st;
    for (std::uint64_t u = 0; u < n; ++u)
      st.transfers.push_back(
          {NodeId(static_cast<std::uint32_t>(u)), NodeId(static_cast<std::uint32_t>(u ^ bit)), 0});
    s.steps.push_back(std::move(st));
  }
  return s;
}

}  // namespace netsched
