// Recursive halving reduce-scatter (Thakur, Rabenseifner and Gropp 2005, §4.4) on a hypercube:
// the step of dimension e halves the blocks each node is responsible for.
#include "core/errors.hpp"
#include "gen/plan/program.hpp"
#include "gen/plan/schedule_kit.hpp"
#include "gen/reduce_scatter/reduce_scatter.hpp"

namespace netsched {

Schedule recursive_halving_reduce_scatter(const Product& cube) {
  const std::uint64_t n = cube.num_nodes();
  check_nodes(cube, "recursive-halving", kReduceScatterMaxNodes, "kReduceScatterMaxNodes");
  RegisterProgram p(cube, Collective::reduce_scatter(n), block_registers(n), "recursive-halving");
  recursive_halving_steps(p, n);
  return p.finish();
}

}  // namespace netsched
