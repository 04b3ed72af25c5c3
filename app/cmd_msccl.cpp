// netsched msccl export FILE -o X.xml | netsched msccl import X.xml -o FILE (exec/msccl_ir.hpp)
#include <fmt/format.h>

#include <iostream>

#include "analysis/checked.hpp"
#include "app/cli.hpp"
#include "core/io.hpp"
#include "core/schedule_io.hpp"
#include "exec/msccl_ir.hpp"
#include "gen/topology.hpp"

namespace netsched::cli {
namespace {

constexpr std::uint32_t kMaxTbStepsOption = 1u << 20;

/// The network an imported file runs on: --network, else the "<algorithm> on <spec>" name.
std::string network_of(const std::string& given, const std::string& xml) {
  if (!given.empty()) return build_topology(given)->spec();
  const auto name_at = xml.find("name=\"");
  const auto on = xml.find(" on ", name_at);
  const auto end = xml.find('"', name_at + 6);
  if (name_at == std::string::npos || on == std::string::npos || on > end)
    throw std::invalid_argument("give --network SPEC: the algo's name does not say its network");
  std::string spec = xml.substr(on + 4, end - on - 4);
  for (const auto& [ent, ch] : {std::pair<std::string, std::string>{"&quot;", "\""},
                                {"&amp;", "&"},
                                {"&lt;", "<"},
                                {"&gt;", ">"},
                                {"&apos;", "'"}})
    for (std::size_t p; (p = spec.find(ent)) != std::string::npos;) spec.replace(p, ent.size(), ch);
  return build_topology(spec)->spec();
}

}  // namespace

Run add_msccl(CLI::App& app) {
  struct Opts {
    std::string file, output, network, name;
    std::uint32_t max_tb_steps = exec::kMscclMaxStepsPerTb;
    bool json = false;
  };
  auto o = std::make_shared<Opts>();
  app.require_subcommand(1);
  auto* ex = app.add_subcommand("export",
                                "write a schedule as MSCCL-IR XML (all-gather, total "
                                "exchange as alltoall, broadcast)");
  ex->add_option("FILE", o->file, "schedule file")->required();
  ex->add_option("-o,--output", o->output, "XML file (- for standard output)")->required();
  ex->add_option("--name", o->name, "the algo's name (default: '<algorithm> on <network>')");
  ex->add_option("--max-tb-steps", o->max_tb_steps,
                 "steps per threadblock before a peer's sequence moves to the next channel")
      ->check(CLI::Range(8u, kMaxTbStepsOption))
      ->capture_default_str();
  ex->add_flag("--json", o->json, "machine-readable summary");
  auto* im = app.add_subcommand(
      "import", "rebuild a step schedule from MSCCL-IR XML, check it, and write it");
  im->add_option("FILE", o->file, "MSCCL-IR XML file")->required();
  im->add_option("-o,--output", o->output, "schedule file (- for standard output)")->required();
  im->add_option("--network", o->network, "the network (default: from the algo's name)");
  im->add_flag("--json", o->json, "machine-readable summary");
  return [o, ex] {
    if (ex->parsed()) {
      const ScheduleFile f = read_schedule_file(o->file);
      const exec::ExecPlan plan(f.schedule);
      exec::MscclFigures fig;
      const std::string xml = exec::export_msccl(plan, {o->name, o->max_tb_steps, "Simple"}, &fig);
      write_file_atomic(o->output, xml);
      const nlohmann::json j{
          {"output", o->output},     {"gpus", plan.nodes()}, {"threadblocks", fig.threadblocks},
          {"send_steps", fig.steps}, {"nops", fig.nops},     {"channels", fig.channels}};
      if (o->output != "-")
        std::cout << (o->json ? j.dump(2) + "\n"
                              : fmt::format("{}: {} gpus, {} threadblocks, {} send steps, {} nops, "
                                            "{} channel(s)\n",
                                            o->output, plan.nodes(), fig.threadblocks, fig.steps,
                                            fig.nops, fig.channels));
      return to_int(ExitCode::Ok);
    }
    const std::string xml = read_file(o->file, exec::kMscclMaxBytes, "256 MiB (MSCCL-IR files)");
    const std::string spec = network_of(o->network, xml);
    const auto t = build_topology(spec);
    const CheckedSchedule c = check_schedule(*t, exec::import_msccl(xml, spec));
    const auto& v = c.verification();
    const nlohmann::json j{{"holds", c.holds()},
                           {"steps", v.check.steps},
                           {"payload_sum", v.check.payload_sum},
                           {"network", spec}};
    if (!c.holds()) {
      std::cerr << o->file << ": the rebuilt schedule is violated: " << *v.check.violation()
                << "\n";
      return to_int(ExitCode::Violated);
    }
    write_schedule(o->output, c);
    if (o->output != "-")
      std::cout << (o->json ? j.dump(2) + "\n"
                            : fmt::format("{}: rebuilt {} on {}: holds, {} steps, payload sum {}\n",
                                          o->output, c.schedule().collective.name(), spec,
                                          v.check.steps, v.check.payload_sum));
    return to_int(ExitCode::Ok);
  };
}

}  // namespace netsched::cli
