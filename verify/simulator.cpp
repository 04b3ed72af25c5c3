// simulate(): the Engine::Auto dispatch among the chunk engines (dense, blocks, symmetric) and
// the register engine, each run after the structure and memory checks (verify/simulator.hpp).
#include "verify/simulator.hpp"

#include <algorithm>

#include "core/enum_names.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/structure.hpp"
#include "core/text.hpp"
#include "verify/blocks.hpp"
#include "verify/dense.hpp"
#include "verify/port_rules.hpp"
#include "verify/registers.hpp"
#include "verify/symmetric.hpp"

namespace netsched {

CheckResult simulate(const Network& t, const Schedule& s, Engine engine,
                     const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  check_structure(t, s);
  const Collective& c = s.collective;
  if (c.combining()) {
    if (engine != Engine::Auto && engine != Engine::Registers)
      throw InputError(
          "the " + c.name() +
          " combines values in registers: only the registers engine checks it (--engine "
          "auto); the " +
          to_string(engine) + " engine follows chunks");
    return figures_by_rule(simulate_registers(t, s));
  }
  check_schedule_memory(t, s);
  if (t.needs_switched_model()) {  // the dense engine implements the switched model, alone
    if (engine != Engine::Auto && engine != Engine::Dense)
      throw InputError("the " + std::string(to_string(engine)) +
                       " engine on a network of switches or directed links is not implemented "
                       "yet (--engine dense is)");
    return figures_by_rule(simulate_dense(t, s));
  }
  const bool large = over_dense_auto(s);
  const std::uint64_t n = t.num_nodes();
  const unsigned __int128 block_work =
      static_cast<unsigned __int128>(n) * ((n + 63) / 64) * (s.steps.size() + 1);
  if (engine == Engine::Symmetric ||
      (engine == Engine::Auto && block_work > kBlocksMaxWork && symmetric_applies(s))) {
    if (!symmetric_applies(s))
      throw InputError(
          "the symmetric checker handles total exchanges whose payloads are all selectors "
          "naming destinations by digit boxes only; this is a " +
          c.name());
    return figures_by_rule(simulate_symmetric(t, s, 0, progress));
  }
  if (engine == Engine::Blocks || (engine == Engine::Auto && large && blocks_apply(s))) {
    if (!blocks_apply(s))
      throw InputError(
          "the block checker handles total exchanges whose payloads are all selectors; this is a " +
          c.name() +
          (c.kind() == Collective::Kind::TotalExchange ? " with explicit chunk lists" : ""));
    if (block_work > kBlocksMaxWork)
      throw InputError(
          "a total exchange on " + std::to_string(n) + " nodes in " +
          std::to_string(s.steps.size()) +
          " steps is too large for the block engine (N x ceil(N/64) x (steps+1) over the limit " +
          limit_text("kBlocksMaxWork", kBlocksMaxWork) + ")");
    return figures_by_rule(simulate_blocks(t, s, 0, progress));
  }
  return figures_by_rule(simulate_dense(t, s));
}

bool over_dense_auto(const Schedule& s) {
  return static_cast<unsigned __int128>(s.collective.nodes()) * s.collective.num_chunks() >
         static_cast<unsigned __int128>(kDenseAutoPairs);
}

}  // namespace netsched
