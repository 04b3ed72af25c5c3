// libFuzzer harness: a schedule file, read, validated and checked by every engine that applies.
//
// Why: schedule files come from anywhere (other tools, hand edits, an attacker). The harness
// reads one, builds its network and checks it: the dense simulator, and the block and symmetric
// engines where they apply, must all refuse it (InputError) or both return the same
// verdict, first violation and figures — the agreement the engines promise. Work is
// bounded by the file size: networks and tables beyond kFuzzPairs get the checkers' memory
// estimate only (under a budget, as in the other harnesses); their runs are left to the CLI's
// limits, which the catalogue test covers. On a network of switches or directed links the dense
// engine is the one that applies, and the executor's plan (exec/switch_hops.hpp, a third reading
// of the model) must pass a chunk schedule's in-process run exactly when the engine holds it.
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string_view>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/schedule_io.hpp"
#include "exec/loopback.hpp"
#include "gen/topology.hpp"
#include "verify/blocks.hpp"
#include "verify/simulator.hpp"
#include "verify/symmetric.hpp"

namespace {

/// Node-chunk pairs the harness simulates (the dense table stays a few MB).
constexpr std::uint64_t kFuzzPairs = std::uint64_t{1} << 22;
/// The budget the checkers' estimates are checked against (make fuzz caps RSS at 2 GB).
constexpr std::uint64_t kFuzzBudget = std::uint64_t{512} << 20;
/// Transfers a file may make here (rule-form steps are small files for many transfers; the
/// CLI's kMaxTransfers is covered by the catalogue test).
constexpr std::uint64_t kFuzzTransfers = std::uint64_t{1} << 20;

std::optional<netsched::CheckResult> run(const netsched::Network& t, const netsched::Schedule& s,
                                         netsched::Engine e) {
  try {
    return netsched::simulate(t, s, e);
  } catch (const netsched::InputError&) {
    return std::nullopt;
  }
}

void same(const std::optional<netsched::CheckResult>& a,
          const std::optional<netsched::CheckResult>& b) {
  if (a.has_value() != b.has_value()) std::abort();
  if (!a) return;
  if (a->verdict.kind != b->verdict.kind || a->steps != b->steps ||
      a->payload_sum != b->payload_sum || a->transfers != b->transfers)
    std::abort();
  if (a->violation() && !(*a->violation() == *b->violation())) std::abort();
}

/// A switched chunk schedule: the in-process run passes exactly when the engine holds it (a
/// schedule the executor does not take, a selector through a switch, is refused by it alone). A
/// register schedule the engine holds passes its run (the converse need not: numbers can come
/// out right where the symbols say a value was counted twice or written twice at once).
void same_run(const netsched::Schedule& s, const std::optional<netsched::CheckResult>& dense) {
  if (!dense) return;
  std::optional<netsched::exec::ExecPlan> plan;
  try {
    plan.emplace(s);
  } catch (const netsched::InputError&) {
    return;
  }
  netsched::exec::ExecOptions options;
  options.chunk_bytes = 8;
  const bool pass = netsched::exec::run_loopback(*plan, options).pass();
  if (s.collective.combining() ? dense->ok() && !pass : pass != dense->ok()) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  netsched::set_memory_budget(kFuzzBudget);
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const netsched::ScheduleFile f = netsched::schedule_from_json(text, kFuzzTransfers);
    const auto t = netsched::build_switched_schedule_topology(f.schedule.topology);
    const netsched::Collective& c = f.schedule.collective;
    if (static_cast<unsigned __int128>(t->num_nodes()) * c.num_chunks() > kFuzzPairs) {
      // too large to simulate here: the checkers' estimate alone, which must answer from the
      // header (refuse or pass) without allocating what it estimates
      netsched::check_engine_memory(t->num_nodes(), c.num_chunks(), "the fuzzed schedule");
      return 0;
    }
    // a combining collective has one engine, the registers' (auto names it)
    const auto dense =
        run(*t, f.schedule, c.combining() ? netsched::Engine::Auto : netsched::Engine::Dense);
    if (t->needs_switched_model()) {  // the dense engine alone implements the model
      same_run(f.schedule, dense);
      return 0;
    }
    if (!c.combining() && netsched::blocks_apply(f.schedule))
      same(dense, run(*t, f.schedule, netsched::Engine::Blocks));
    if (!c.combining() && netsched::symmetric_applies(f.schedule))
      same(dense, run(*t, f.schedule, netsched::Engine::Symmetric));
  } catch (const netsched::InputError&) {
  }
  return 0;
}
