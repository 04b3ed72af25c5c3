// netsched msccl export FILE -o X.xml | netsched msccl import X.xml [-o FILE] (exec/msccl_ir.hpp)
#include <fmt/format.h>

#include <iostream>

#include "analysis/checked.hpp"
#include "app/cli.hpp"
#include "core/errors.hpp"
#include "core/io.hpp"
#include "core/schedule_io.hpp"
#include "exec/msccl_ir.hpp"
#include "gen/topology.hpp"

namespace netsched::cli {
namespace {

constexpr std::uint32_t kMaxTbStepsOption = 1u << 20;

struct Opts {
  std::string file, output, network, name;
  std::uint32_t max_tb_steps = static_cast<std::uint32_t>(exec::MscclLimits{}.steps_per_tb);
  std::optional<std::uint32_t> root;
  bool json = false, no_limits = false, routed = false;
};

/// The network an imported file runs on: --network, else the catalogue network named after
/// " on " in the algo's name. A name never makes netsched read a file: `file(...)` there is
/// refused, files come through --network only. Null when neither names one.
std::unique_ptr<Network> network_of(const Opts& o, const std::string& algo_name) {
  if (!o.network.empty()) return build_topology(o.network);
  const auto on = algo_name.find(" on ");
  if (on == std::string::npos) return nullptr;
  const std::string spec = algo_name.substr(on + 4);
  SpecValue parsed;
  try {
    parsed = parse_spec(spec);
  } catch (const SpecError&) {
    return nullptr;  // a free-text name, not a spec
  }
  if (reads_files(parsed))
    throw InputError(
        "the algo's name names a network read from a file; an imported file never makes "
        "netsched read another: give --network");
  return build_topology(parsed);
}

int run_export(const Opts& o) {
  const ScheduleFile f = read_schedule_file(o.file);
  const exec::ExecPlan plan(f.schedule);
  exec::MscclFigures fig;
  const std::string xml =
      exec::export_msccl(plan, {o.name, o.max_tb_steps, "Simple", !o.no_limits}, &fig);
  write_file_atomic(o.output, xml);
  const nlohmann::json j{{"output", o.output},
                         {"gpus", plan.nodes()},
                         {"threadblocks", fig.threadblocks},
                         {"send_steps", fig.steps},
                         {"nops", fig.nops},
                         {"channels", fig.channels},
                         {"dropped_chunks", fig.dropped},
                         {"run", "holds"}};
  if (o.output != "-")
    std::cout << (o.json ? j.dump(2) + "\n"
                         : fmt::format("{}: {} gpus, {} threadblocks, {} send steps, {} nops, "
                                       "{} channel(s); the MSCCL run holds\n",
                                       o.output, plan.nodes(), fig.threadblocks, fig.steps,
                                       fig.nops, fig.channels));
  return to_int(ExitCode::Ok);
}

/// The first message of the run that does not follow a link of `net`.
std::optional<Violation> link_violation(const exec::MscclRun& run, const Network& net) {
  for (const exec::MscclMessage& m : run.messages)
    if (!net.adjacent(NodeId(m.from), NodeId(m.to)))
      return Violation{Rule::Edge,
                       std::nullopt,
                       std::nullopt,
                       NodeId(m.from),
                       std::nullopt,
                       fmt::format("gpu {} sends to gpu {}, which is not its neighbour on {}",
                                   m.from, m.to, net.spec())};
  return std::nullopt;
}

int run_import(const Opts& o) {
  const std::string xml = read_file(o.file, exec::kMscclMaxBytes, "256 MiB (MSCCL-IR files)");
  const exec::MscclImport im = exec::import_msccl(xml, o.root, !o.no_limits);
  const exec::MscclCollective& c = im.collective;
  const auto net = network_of(o, im.program.name);
  if (net && net->num_nodes() != c.gpus)
    throw InputError(fmt::format("the network {} has {} nodes, the algo {} gpus", net->spec(),
                                 net->num_nodes(), c.gpus));
  if (!o.output.empty() && !net)
    throw InputError("-o needs the network the schedule runs on: give --network");
  if (!o.output.empty())
    if (const auto why = exec::why_no_schedule(c)) throw InputError("-o: " + *why);
  nlohmann::json j{{"file", o.file},
                   {"coll", c.coll},
                   {"gpus", c.gpus},
                   {"chunks_per_rank", c.per_rank},
                   {"messages", im.run.messages.size()},
                   {"chunk_moves", im.run.chunk_moves},
                   {"network", net ? nlohmann::json(net->spec()) : nlohmann::json(nullptr)}};
  if (c.root) j["root"] = *c.root;
  auto verdict = [&](const Verdict& v, const std::string& what) {
    j["holds"] = v.ok();
    j["verdict"] = std::string(to_string(v.kind));
    if (v.violation) {
      j["rule"] = std::string(to_string(v.violation->rule));
      j["message"] = v.violation->message;
      j["failed"] = what;
    }
    if (o.json) std::cout << j.dump(2) << "\n";
    if (!v.ok()) std::cerr << o.file << ": " << what << " is violated: " << *v.violation << "\n";
    return to_int(exit_code(v));
  };
  if (!im.run.verdict.ok()) return verdict(im.run.verdict, "the MSCCL run");
  if (net && !o.routed)
    if (const auto bad = link_violation(im.run, *net))
      return verdict(Verdict::violated(*bad), "the MSCCL run");
  std::string rebuilt = "not rebuilt as steps";
  if (net && !exec::why_no_schedule(c)) {
    const CheckedSchedule s =
        check_schedule(*net, exec::rebuild_schedule(im, net->spec(), o.routed));
    j["steps"] = s.verification().check.steps;
    j["port_model"] = to_string(s.schedule().model);
    if (!s.holds()) return verdict(s.verification().check.verdict, "the rebuilt schedule");
    if (!o.output.empty()) write_schedule(o.output, s);
    rebuilt = fmt::format("rebuilt as {} {} steps that hold", s.verification().check.steps,
                          to_string(s.schedule().model));
  }
  if (o.output == "-") return to_int(ExitCode::Ok);
  if (o.json) return verdict(Verdict::holds(), "");
  std::cout << fmt::format(
      "{}: holds: the MSCCL run of {} on {} gpus ({} chunk(s) per rank) ends with every output "
      "chunk right, no race, no deadlock; {}; {}\n",
      o.file, c.coll, c.gpus, c.per_rank,
      !net       ? "links not checked (no network: --network SPEC)"
      : o.routed ? "routed on " + net->spec() + " (--routed: links not checked)"
                 : "every message follows a link of " + net->spec(),
      rebuilt);
  return to_int(ExitCode::Ok);
}

}  // namespace

Run add_msccl(CLI::App& app) {
  auto o = std::make_shared<Opts>();
  app.require_subcommand(1);
  auto* ex = app.add_subcommand("export",
                                "write a schedule as MSCCL-IR XML (all-gather, total exchange "
                                "as alltoall, broadcast, scatter, gather, all-reduce, reduce, "
                                "reduce-scatter), run and checked");
  ex->add_option("FILE", o->file, "schedule file")->required();
  ex->add_option("-o,--output", o->output, "XML file (- for standard output)")->required();
  ex->add_option("--name", o->name, "the algo's name (default: '<algorithm> on <network>')");
  ex->add_option("--max-tb-steps", o->max_tb_steps,
                 "steps per threadblock before a peer's sequence moves to the next channel")
      ->check(CLI::Range(8u, kMaxTbStepsOption))
      ->capture_default_str();
  ex->add_flag("--no-runtime-limits", o->no_limits,
               "write programs beyond the MSCCL runtime's limits (steps per threadblock, "
               "threadblocks per channel, 16-bit offsets, ...)");
  ex->add_flag("--json", o->json, "machine-readable summary");
  auto* im = app.add_subcommand(
      "import",
      "run MSCCL-IR XML as the MSCCL runtime does and check every output chunk; with a network, "
      "check its links and rebuild it as a step schedule");
  im->add_option("FILE", o->file, "MSCCL-IR XML file")->required();
  im->add_option("-o,--output", o->output,
                 "write the rebuilt step schedule (- for standard output; needs the network)");
  im->add_option("--network", o->network,
                 "the network (default: a catalogue network named in the algo's name after ' on "
                 "'; never a file)");
  im->add_option("--root", o->root, "the root of a broadcast, scatter, gather or reduce");
  im->add_flag("--routed", o->routed,
               "the network routes messages between any two gpus: no link is checked, and the "
               "rebuilt schedule is routed");
  im->add_flag("--no-runtime-limits", o->no_limits,
               "check programs beyond the MSCCL runtime's limits too");
  im->add_flag("--json", o->json, "machine-readable verdict");
  return [o, ex] { return ex->parsed() ? run_export(*o) : run_import(*o); };
}

}  // namespace netsched::cli
