// Recursive halving reduce-scatter (Thakur, Rabenseifner and Gropp 2005, §4.4) on a hypercube:
// the step of dimension e halves the blocks each node is responsible for.
#include "core/errors.hpp"
#include "gen/combine/program.hpp"
#include "gen/textbook/textbook.hpp"

namespace netsched {

Schedule recursive_halving_reduce_scatter(const Product& cube) {
  const std::uint64_t n = cube.num_nodes();
  if (n > kReduceScatterMaxNodes)
    throw InputError("recursive-halving: " + std::to_string(n) + " nodes, over the limit " +
                     limit_text("kReduceScatterMaxNodes", kReduceScatterMaxNodes));
  std::vector<std::string> registers;
  for (std::uint64_t j = 0; j < n; ++j) registers.push_back("block" + std::to_string(j));
  RegisterProgram p(cube, Collective::reduce_scatter(n), std::move(registers),
                    "recursive-halving");
  // Before the step of bit e, node u is responsible for the blocks that agree with u on every
  // bit above e; it keeps those that agree on bit e too and sends the others to u xor 2^e.
  for (std::uint64_t bit = n >> 1; bit >= 1; bit >>= 1) {
    const std::uint64_t above = ~((bit << 1) - 1);
    for (std::uint64_t u = 0; u < n; ++u) {
      const std::uint64_t partner = u ^ bit;
      std::vector<Move> moves;
      for (std::uint64_t j = 0; j < n; ++j)
        if ((j & above) == (u & above) && (j & bit) == (partner & bit))
          moves.push_back({static_cast<std::uint16_t>(j), static_cast<std::uint16_t>(j),
                           RegOp::Combine});
      p.send(static_cast<std::uint32_t>(u), static_cast<std::uint32_t>(partner), moves);
    }
    p.end_step();
  }
  return p.finish();
}

}  // namespace netsched
