// libFuzzer harness: an MSCCL-IR file, imported as `netsched msccl import` does.
//
// Why: MSCCL-IR files come from msccl-tools, from hand edits and from strangers, and the importer
// certifies what it reads. The harness parses, checks and runs a file (without the runtime's
// limits: netsched's own structural limits must bound the work), and when the run holds and the
// messages form a chunk collective, rebuilds them as steps on complete(gpus) and checks those
// with the simulator: a run that holds must rebuild into a schedule that holds (the importer's
// two answers agree). Bad files end in InputError; a crash, a sanitizer report, a
// disagreement (abort), a unit over the time limit or memory over the RSS limit is a finding.
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "exec/msccl_ir.hpp"
#include "gen/topology.hpp"
#include "verify/simulator.hpp"

namespace {

/// The budget the importer's estimates are checked against (make fuzz caps RSS at 2 GB).
constexpr std::uint64_t kFuzzBudget = std::uint64_t{512} << 20;
/// GPUs up to which a run that holds is rebuilt and checked as steps.
constexpr std::uint32_t kRebuiltGpus = 64;

void require(bool ok) {
  if (!ok) std::abort();
}

void exercise(std::string_view xml) {
  netsched::exec::MscclImportOptions o;
  o.runtime_limits = false;
  const netsched::exec::MscclImport im = netsched::exec::import_msccl(xml, o);
  const auto& c = im.collective;
  require(c.gpus >= 1);
  require(!im.runs.empty());
  if (!im.decisive().run.verdict.ok() || !c.checked || c.gpus > kRebuiltGpus ||
      netsched::exec::why_no_schedule(c))
    return;
  const std::string spec = "complete(" + std::to_string(c.gpus) + ")";
  const auto net = netsched::build_topology(spec);
  netsched::Schedule s;
  try {
    s = netsched::exec::rebuild_schedule(im, spec);
  } catch (const netsched::InputError&) {
    return;  // messages that cannot be ordered in steps: said so, not a disagreement
  }
  require(netsched::simulate(*net, s).ok());
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
