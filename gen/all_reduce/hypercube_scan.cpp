// All-reduce and prefix on a hypercube by the standard dimension scan: one step per bit, from
// the least significant up (so that, when a subcube merges with its partner across bit b, every
// node of the lower half precedes every node of the upper half in id order). n steps of one
// word. The ids of hypercube(n) are n-bit numbers and v -- v^(1<<b) are its links.
#include "core/errors.hpp"
#include "gen/all_reduce/all_reduce.hpp"
#include "gen/plan/program.hpp"
#include "gen/topo/product.hpp"

namespace netsched {
namespace {

std::uint32_t cube_bits(const Product& t) {
  if (!t.is_hypercube()) throw InputError("the dimension scan needs a hypercube, not " + t.spec());
  return ceil_log2(t.num_nodes());
}

Schedule scan(const Product& t, bool prefix) {
  const std::uint32_t bits = cube_bits(t);
  const auto n = static_cast<std::uint32_t>(t.num_nodes());
  if (!prefix) {
    RegisterProgram p(t, Collective::all_reduce(n), {"data", "sum"}, "dimension-sum");
    p.set(1, 0);
    for (std::uint32_t b = 0; b < bits; ++b)
      scan_step(p, n, [b](std::uint32_t v) { return v ^ (1u << b); }, {{1, {}}});
    return p.finish();
  }
  RegisterProgram p(t, Collective::prefix(n), {"data", "pf", "sum"}, "dimension-prefix");
  p.set(2, 0);
  p.set(1, 0);
  for (std::uint32_t b = 0; b < bits; ++b)
    scan_step(p, n, [b](std::uint32_t v) { return v ^ (1u << b); }, {{2, {1}}});
  return p.finish();
}

}  // namespace

Schedule hypercube_all_reduce(const Product& t) { return scan(t, false); }
Schedule hypercube_prefix(const Product& t) { return scan(t, true); }

}  // namespace netsched
