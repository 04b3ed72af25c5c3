// Rabenseifner's all-reduce (Thakur, Rabenseifner and Gropp 2005, §4.5) on a hypercube: a
// recursive-halving reduce-scatter of the vector's N pieces, then a recursive-doubling
// all-gather of the reduced pieces; 2 log2 N steps moving 2 (N-1)/N of the vector.
#include "core/errors.hpp"
#include "gen/all_reduce/all_reduce.hpp"
#include "gen/plan/program.hpp"
#include "gen/plan/schedule_kit.hpp"
#include "gen/reduce_scatter/reduce_scatter.hpp"

namespace netsched {

void recursive_halving_steps(RegisterProgram& p, std::uint64_t n) {
  // Before the step of bit e, node u is responsible for the blocks that agree with u on every
  // bit above e; it keeps those that agree on bit e too and sends the others to u xor 2^e.
  for (std::uint64_t bit = n >> 1; bit >= 1; bit >>= 1) {
    const std::uint64_t above = ~((bit << 1) - 1);
    for (std::uint64_t u = 0; u < n; ++u) {
      const std::uint64_t partner = u ^ bit;
      std::vector<Move> moves;
      for (std::uint64_t j = 0; j < n; ++j)
        if ((j & above) == (u & above) && (j & bit) == (partner & bit))
          moves.push_back(
              {static_cast<std::uint16_t>(j), static_cast<std::uint16_t>(j), RegOp::Combine});
      p.send(static_cast<std::uint32_t>(u), static_cast<std::uint32_t>(partner), moves);
    }
    p.end_step();
  }
}

Schedule rabenseifner_all_reduce(const Product& cube) {
  const std::uint64_t n = cube.num_nodes();
  check_nodes(cube, "rabenseifner", kReduceScatterMaxNodes, "kReduceScatterMaxNodes");
  RegisterProgram p(cube, Collective::vector_all_reduce(n, static_cast<std::uint32_t>(n)),
                    piece_registers(n), "rabenseifner");
  recursive_halving_steps(p, n);
  // node u holds the sum of piece u: it becomes u's output, and is doubled out from there
  for (std::uint64_t u = 0; u < n; ++u) {
    const auto node = static_cast<std::uint32_t>(u);
    p.set(static_cast<std::uint16_t>(n + u), static_cast<std::uint16_t>(u), {{node, node}});
  }
  for (std::uint64_t bit = 1; bit < n; bit <<= 1) {
    const std::uint64_t known = ~(bit - 1);  // u knows the pieces that agree on bits >= e
    for (std::uint64_t u = 0; u < n; ++u) {
      std::vector<Move> moves;
      for (std::uint64_t j = 0; j < n; ++j)
        if ((j & known) == (u & known))
          moves.push_back(
              {static_cast<std::uint16_t>(n + j), static_cast<std::uint16_t>(n + j), RegOp::Set});
      p.send(static_cast<std::uint32_t>(u), static_cast<std::uint32_t>(u ^ bit), moves);
    }
    p.end_step();
  }
  return p.finish();
}

}  // namespace netsched
