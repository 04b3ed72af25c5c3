// netsched mscclpp export FILE -o PLAN.json | netsched mscclpp import PLAN.json (MSCCL++
// execution plans: exec/mscclpp/plan.hpp)
#include <fmt/format.h>

#include <iostream>

#include "app/cli.hpp"
#include "core/errors.hpp"
#include "core/io.hpp"
#include "core/schedule_io.hpp"
#include "exec/exec_plan.hpp"
#include "exec/mscclpp/plan.hpp"

namespace netsched::cli {
namespace {

struct PlanOpts {
  std::string file, output, name;
  std::optional<std::uint32_t> root;
  bool json = false;
};

int run_plan_export(const PlanOpts& o) {
  const ScheduleFile f = read_schedule_file(o.file);
  const exec::Plan p = exec::export_plan(exec::ExecPlan(f.schedule), o.name);
  write_file_atomic(o.output, exec::write_plan(p));
  std::uint64_t ops = 0;
  for (const exec::PlanGpu& g : p.gpus)
    for (const exec::PlanThreadblock& tb : g.threadblocks) ops += tb.ops.size();
  const nlohmann::json j{{"output", o.output},
                         {"gpus", p.gpus.size()},
                         {"collective", p.collective},
                         {"operations", ops},
                         {"run", "holds"}};
  if (o.output != "-")
    std::cout << (o.json ? j.dump(2) + "\n"
                         : fmt::format("{}: {} on {} gpus, {} operations over memory channels; "
                                       "read back, the plan's run holds\n",
                                       o.output, p.collective, p.gpus.size(), ops));
  return to_int(ExitCode::Ok);
}

int run_plan_import(const PlanOpts& o) {
  const std::string text = read_file(o.file, exec::kPlanMaxBytes, "kPlanMaxBytes");
  const exec::Plan p = exec::parse_plan(text);
  const exec::PlanRun r = exec::run_plan(p, o.root);
  nlohmann::json j{{"file", o.file},
                   {"collective", r.coll},
                   {"gpus", r.gpus},
                   {"chunks_per_rank", r.per_rank},
                   {"inplace", p.inplace},
                   {"operations_run", r.ops},
                   {"puts", r.puts},
                   {"signals", r.signals},
                   {"verdict", to_string(r.verdict.kind)},
                   {"holds", r.verdict.ok()}};
  if (r.root) j["root"] = *r.root;
  if (r.verdict.violation) {
    j["rule"] = std::string(to_string(r.verdict.violation->rule));
    j["message"] = r.verdict.violation->message;
  }
  if (r.verdict.kind == Verdict::Kind::Unknown) j["reason"] = r.verdict.reason;
  if (o.json) std::cout << j.dump(2) << "\n";
  if (r.verdict.violation)
    std::cerr << o.file << ": the MSCCL++ run is violated: " << *r.verdict.violation << "\n";
  else if (!o.json && r.verdict.kind == Verdict::Kind::Unknown)
    std::cout << o.file << ": unknown: " << r.verdict.reason << "\n";
  else if (!o.json)
    std::cout << fmt::format(
        "{}: holds: the MSCCL++ run of {} on {} gpus ({} chunk(s) per rank, {}) ends with every "
        "output chunk right, no race, no deadlock ({} operations, {} puts, {} signals)\n",
        o.file, r.coll, r.gpus, r.per_rank, p.inplace ? "in-place" : "out-of-place", r.ops, r.puts,
        r.signals);
  return to_int(exit_code(r.verdict));
}

}  // namespace

Run add_mscclpp(CLI::App& app) {
  auto o = std::make_shared<PlanOpts>();
  app.require_subcommand(1);
  auto* ex = app.add_subcommand(
      "export",
      "write a schedule as an MSCCL++ execution plan (JSON: a threadblock a gpu, puts and "
      "signals over memory channels), read back and run as the executor would");
  ex->add_option("FILE", o->file, "schedule file")->required();
  ex->add_option("-o,--output", o->output, "plan file (- for standard output)")
      ->required()
      ->check(kOutputFile);
  ex->add_option("--name", o->name, "the plan's name (default: '<algorithm> on <network>')");
  ex->add_flag("--json", o->json, "machine-readable summary");
  auto* im = app.add_subcommand(
      "import",
      "run an MSCCL++ execution plan as the executor does, with symbolic data, and check every "
      "output chunk, races and deadlocks (memory channels; other channels answer unknown)");
  im->add_option("FILE", o->file, "plan file")->required();
  im->add_option("--root", o->root, "the root of a broadcast, scatter, gather or reduce");
  im->add_flag("--json", o->json, "machine-readable verdict");
  im->footer(
      "Exit 0: holds; 1: a race, deadlock, input write or wrong result; 2: not a plan "
      "netsched can read; 4: unknown (operations the run does not implement).");
  return [o, ex] { return ex->parsed() ? run_plan_export(*o) : run_plan_import(*o); };
}

}  // namespace netsched::cli
