// libFuzzer harness: MSCCL++ execution plans (exec/mscclpp/plan.hpp). Every input is read and,
// when it is a plan, run; the only acceptable failure is an InputError (one clear line), and a
// plan written back must read back the same.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "exec/mscclpp/plan.hpp"

namespace {

/// The budget the reader's estimates are checked against (make fuzz caps RSS at 2 GB).
constexpr std::uint64_t kFuzzBudget = std::uint64_t{512} << 20;

void require(bool ok) {
  if (!ok) std::abort();
}

void exercise(std::string_view text) {
  const netsched::exec::Plan p = netsched::exec::parse_plan(text);
  const std::string again = netsched::exec::write_plan(p);
  require(netsched::exec::write_plan(netsched::exec::parse_plan(again)) == again);
  const netsched::exec::PlanRun r = netsched::exec::run_plan(p);
  require(r.gpus == p.gpus.size());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  netsched::set_memory_budget(kFuzzBudget);
  try {
    exercise(std::string_view(reinterpret_cast<const char*>(data), size));
  } catch (const netsched::InputError&) {
  }
  return 0;
}
