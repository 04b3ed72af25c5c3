// Vector prefix on a hypercube by the dimension scan (gen/all_reduce/hypercube_scan.cpp: MPICH's
// recursive-doubling MPI_Scan), pipelined over pieces for all-port nodes: piece k crosses
// dimension b in step k + b, so in every step after the first n-1 each of a node's n links
// carries a piece and each piece's scan is the one-word scan. p + n - 1 steps of one piece,
// where the chain scan (chain_prefix.cpp) passes about a piece a step through one link of a node
// and the dimension scan unpipelined sends the whole vector n times.
#include <string>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "gen/broadcast/broadcast.hpp"
#include "gen/plan/program.hpp"
#include "gen/plan/schedule_kit.hpp"
#include "gen/prefix/prefix.hpp"
#include "gen/topo/product.hpp"

namespace netsched {

Schedule pipelined_dimension_prefix(const Product& cube, std::uint32_t pieces) {
  const char* what = "a pipelined dimension prefix";
  if (!cube.is_hypercube()) throw InputError(std::string(what) + " needs a hypercube");
  check_pieces("pipelined dimension prefix", pieces, kMaxChainPieces, "kMaxChainPieces");
  check_nodes(cube, what, kReduceScatterMaxNodes, "kReduceScatterMaxNodes");
  const std::uint64_t p = pieces;
  check_tree_registers(cube, 3 * p, what);
  const auto n = static_cast<std::uint32_t>(cube.num_nodes());
  const std::uint32_t bits = ceil_log2(n);
  constexpr std::uint64_t kTransferBytes = 32;  // a transfer and its share of the steps
  check_memory(mul_sat(mul_sat(n, bits), mul_sat(p, kTransferBytes)),
               std::string(what) + " on " + cube.spec() + " in " + std::to_string(p) + " pieces");
  // piece k: its input in register k, its prefix in p + k, the subcube's total in 2p + k
  auto names = piece_registers(p);
  for (std::uint64_t k = 0; k < p; ++k) names.push_back("total" + std::to_string(k));
  RegisterProgram prog(cube, Collective::prefix(n, {}, pieces), std::move(names),
                       "pipelined-dimension-prefix");
  for (std::uint64_t k = 0; k < p; ++k) {
    prog.set(static_cast<std::uint16_t>(p + k), static_cast<std::uint16_t>(k));
    prog.set(static_cast<std::uint16_t>(2 * p + k), static_cast<std::uint16_t>(k));
  }
  for (std::uint64_t step = 0; step + 1 < p + bits; ++step) {
    for (std::uint32_t b = 0; b < bits; ++b) {
      if (step < b || step - b >= p) continue;  // piece step - b crosses dimension b
      const std::uint64_t k = step - b;
      const std::vector<ScanChannel> piece{
          {static_cast<std::uint16_t>(2 * p + k), {static_cast<std::uint16_t>(p + k)}}};
      const std::vector<Move> up = scan_moves(piece, true), down = scan_moves(piece, false);
      for (std::uint32_t v = 0; v < n; ++v) {
        const std::uint32_t w = v ^ (1u << b);
        prog.send(v, w, v < w ? up : down);
      }
    }
    prog.end_step();
  }
  Schedule s = prog.finish();
  s.model = PortModel::AllPort;
  return s;
}

}  // namespace netsched
