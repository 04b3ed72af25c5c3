// netsched msccl export FILE -o X.xml | netsched msccl import X.xml [-o FILE] (exec/msccl_ir.hpp)
#include <fmt/format.h>

#include <iostream>

#include "analysis/checked.hpp"
#include "analysis/size_choice.hpp"
#include "app/cli.hpp"
#include "core/errors.hpp"
#include "core/io.hpp"
#include "core/limits.hpp"
#include "core/schedule_io.hpp"
#include "exec/msccl_ir.hpp"
#include "exec/platform.hpp"
#include "gen/algorithms.hpp"
#include "gen/topology.hpp"

namespace netsched::cli {
namespace {

constexpr std::uint32_t kMaxTbStepsOption = 1u << 20;

struct Opts {
  std::string file, output, network, name;
  std::string spec, collective, sizes, root_name, ports = "one-port", latency = "1us",
                                                  bandwidth = "1GBps";
  std::uint32_t max_tb_steps = static_cast<std::uint32_t>(exec::MscclLimits{}.steps_per_tb);
  std::optional<std::uint32_t> root;
  std::optional<std::uint64_t> bytes;
  bool json = false, no_limits = false, routed = false, inplace = false;
  std::string proto = "Simple";
  std::int64_t min_bytes = 0, max_bytes = 0;
};

/// The network an imported file runs on: --network, else the catalogue network named after
/// " on " in the algo's name. A name never makes netsched read a file: a name naming one is
/// taken as naming none (files come through --network only). Null when neither names one.
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
  if (reads_files(parsed)) return nullptr;  // links then go unchecked, and the output says how
  return build_topology(parsed);
}

int run_export(const Opts& o) {
  const ScheduleFile f = read_schedule_file(o.file);
  const exec::ExecPlan plan(f.schedule);
  exec::MscclFigures fig;
  const exec::MscclOptions options{o.name,    o.max_tb_steps, o.proto,    !o.no_limits,
                                   o.inplace, o.min_bytes,    o.max_bytes};
  const exec::MscclProgram p = exec::export_program(plan, options, &fig);
  write_file_atomic(o.output, exec::write_msccl(p));
  const std::string mode = o.inplace ? "in-place" : "out-of-place";
  const nlohmann::json j{{"output", o.output},
                         {"gpus", plan.nodes()},
                         {"threadblocks", fig.threadblocks},
                         {"send_steps", fig.steps},
                         {"nops", fig.nops},
                         {"channels", fig.channels},
                         {"longest_threadblock", fig.longest_tb},
                         {"max_tb_steps", o.max_tb_steps},
                         {"dropped_chunks", fig.dropped},
                         {"mode", mode},
                         {"proto", o.proto},
                         {"min_bytes", o.min_bytes},
                         {"max_bytes", o.max_bytes},
                         {"runtime_limits", !o.no_limits},
                         {"run", "holds"}};
  if (o.output != "-")
    std::cout << (o.json ? j.dump(2) + "\n"
                         : fmt::format("{}: {} gpus, {} threadblocks (at most {} steps, the "
                                       "limit {}), {} send steps, {} nops, {} channel(s); read "
                                       "back, the {} {} run holds\n",
                                       o.output, plan.nodes(), fig.threadblocks, fig.longest_tb,
                                       o.max_tb_steps, fig.steps, fig.nops, fig.channels, mode,
                                       o.proto));
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

/// What import reports beyond the verdict: the program, its modes' runs, what was skipped.
nlohmann::json import_json(const Opts& o, const exec::MscclImport& im, const Network* net) {
  const exec::MscclCollective& c = im.collective;
  const exec::MscclRun& run = im.decisive().run;
  nlohmann::json j{{"file", o.file},
                   {"coll", c.coll},
                   {"gpus", c.gpus},
                   {"chunks_per_rank", c.per_rank},
                   {"messages", run.messages.size()},
                   {"chunk_moves", run.chunk_moves},
                   {"buffering", im.buffering.describe()},
                   {"skipped_elements", im.program.skipped},
                   {"skipped_count", im.program.skipped_count},
                   {"network", net ? nlohmann::json(net->spec()) : nlohmann::json(nullptr)}};
  std::uint64_t copies = 0;
  for (const exec::MscclGpu& g : im.program.gpus) copies += g.copies.size();
  j["copies"] = copies;
  j["modes"] = nlohmann::json::array();
  for (const exec::MscclModeRun& r : im.runs)
    j["modes"].push_back({{"mode", r.mode}, {"verdict", to_string(r.run.verdict.kind)}});
  if (c.root) j["root"] = *c.root;
  return j;
}

int run_import(const Opts& o) {
  const std::string xml = read_file(o.file, exec::kMscclMaxBytes, "256 MiB (MSCCL-IR files)");
  exec::MscclImportOptions io;
  io.root = o.root;
  io.runtime_limits = !o.no_limits;
  io.max_steps_per_tb = o.max_tb_steps;
  io.bytes = o.bytes;
  const exec::MscclImport im = exec::import_msccl(xml, io);
  const exec::MscclCollective& c = im.collective;
  const auto net = network_of(o, im.program.name);
  if (net && net->num_nodes() != c.gpus)
    throw InputError(fmt::format("the network {} has {} nodes, the algo {} gpus", net->spec(),
                                 net->num_nodes(), c.gpus));
  if (!o.output.empty() && !net)
    throw InputError("-o needs the network the schedule runs on: give --network");
  if (!o.output.empty())
    if (const auto why = exec::why_no_schedule(c)) throw InputError("-o: " + *why);
  nlohmann::json j = import_json(o, im, net.get());
  const exec::MscclModeRun& decisive = im.decisive();
  auto verdict = [&](const Verdict& v, const std::string& what) {
    j["holds"] = v.ok();
    j["verdict"] = std::string(to_string(v.kind));
    if (v.violation) {
      j["rule"] = std::string(to_string(v.violation->rule));
      j["message"] = v.violation->message;
      j["failed"] = what;
    }
    if (v.kind == Verdict::Kind::Unknown) j["reason"] = v.reason;
    const std::string smaller =
        v.violation && im.completes_up_to
            ? fmt::format(
                  "; it completes at messages up to {} bytes, where more chunks share an "
                  "operation (maxBytes=\"{}\" selects it only there)",
                  *im.completes_up_to, *im.completes_up_to)
            : "";
    if (im.completes_up_to) j["completes_up_to_bytes"] = *im.completes_up_to;
    if (o.json) std::cout << j.dump(2) << "\n";
    if (v.violation)
      std::cerr << o.file << ": " << what << " is violated: " << *v.violation << smaller << "\n";
    if (v.kind == Verdict::Kind::Unknown && !o.json)
      std::cout << o.file << ": unknown: " << v.reason << " (" << decisive.mode << ", "
                << im.buffering.describe() << ")\n";
    return to_int(exit_code(v));
  };
  const std::string run_name = "the " + decisive.mode + " MSCCL run";
  if (!decisive.run.verdict.ok()) return verdict(decisive.run.verdict, run_name);
  if (net && !o.routed)
    if (const auto bad = link_violation(decisive.run, *net))
      return verdict(Verdict::violated(*bad), run_name);
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
  std::string modes;
  for (const exec::MscclModeRun& r : im.runs) modes += (modes.empty() ? "" : " and ") + r.mode;
  std::cout << fmt::format(
      "{}: holds: the MSCCL run of {} on {} gpus ({} chunk(s) per rank, {}; {}) ends with every "
      "output chunk right, no race, no deadlock; {}; {}{}\n",
      o.file, c.coll, c.gpus, c.per_rank, modes, im.buffering.describe(),
      !net       ? "links not checked (no network: --network SPEC)"
      : o.routed ? "routed on " + net->spec() + " (--routed: links not checked)"
                 : "every message follows a link of " + net->spec(),
      rebuilt,
      im.program.skipped_count
          ? fmt::format("; {} element(s) the runtime skips, skipped", im.program.skipped_count)
          : "");
  return to_int(ExitCode::Ok);
}

/// --sizes "4K,1M,64M": netsched's per-node message sizes, as gen --bytes takes them.
std::vector<std::uint64_t> size_list(const std::string& text) {
  std::vector<std::uint64_t> out;
  std::size_t at = 0;
  constexpr std::size_t kMaxSizes = 64;
  while (at <= text.size()) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    out.push_back(parse_bytes(text.substr(at, comma - at)));
    if (out.back() == 0) throw InputError("--sizes: a size of 0 bytes moves nothing");
    if (out.size() > kMaxSizes)
      throw InputError("--sizes: more than " + std::to_string(kMaxSizes) + " sizes");
    at = comma + 1;
  }
  return out;
}

/// msccl export-set: gen --bytes at each size, one program for each run of sizes that chose
/// the same schedule, each selected for its window of the runtime's message sizes.
int run_export_set(const Opts& o) {
  const auto t = build_topology(o.spec);
  GenRequest req(o.collective, "auto");
  if (rooted_collective(o.collective)) req.root = root_node(*t, o.root_name);
  const std::vector<std::uint64_t> sizes = size_list(o.sizes);
  std::vector<CheckedSchedule> chosen;
  std::vector<std::uint64_t> nbytes;
  std::vector<std::string> keys;
  for (const std::uint64_t bytes : sizes) {
    const CostModel cost{exec::latency_seconds(o.latency),
                         1 / exec::bandwidth_bytes_per_second(o.bandwidth),
                         static_cast<double>(bytes)};
    SizeChoice c = choose_for_size(*t, req, cost, port_budget_from_name(o.ports));
    const Schedule& s = c.best->schedule();
    nbytes.push_back(exec::msccl_message_bytes(s.collective, bytes));
    keys.push_back(schedule_content_hash(s));
    chosen.push_back(std::move(*c.best));
  }
  const auto windows = exec::msccl_windows(nbytes, keys);
  nlohmann::json j = nlohmann::json::array();
  std::vector<std::pair<std::string, std::string>> files;
  for (std::size_t w = 0; w < windows.size(); ++w) {
    const Schedule& s = chosen[windows[w].first].schedule();
    exec::MscclOptions options{o.name,
                               o.max_tb_steps,
                               o.proto,
                               !o.no_limits,
                               o.inplace,
                               windows[w].min_bytes,
                               windows[w].max_bytes};
    exec::MscclFigures fig;
    files.emplace_back(o.output + "." + std::to_string(w) + ".xml",
                       exec::write_msccl(exec::export_program(exec::ExecPlan(s), options, &fig)));
    j.push_back(
        {{"file", files.back().first},
         {"algorithm", s.algorithm},
         {"pieces", s.collective.pieces()},
         {"chosen_at_bytes", std::vector<std::uint64_t>(
                                 sizes.begin() + static_cast<std::ptrdiff_t>(windows[w].first),
                                 sizes.begin() + static_cast<std::ptrdiff_t>(windows[w].last) + 1)},
         {"min_bytes", windows[w].min_bytes},
         {"max_bytes", windows[w].max_bytes},
         {"longest_threadblock", fig.longest_tb}});
  }
  std::vector<std::pair<std::string, std::string_view>> out(files.begin(), files.end());
  write_files_atomic(out);
  if (o.json) {
    std::cout << j.dump(2) << "\n";
    return to_int(ExitCode::Ok);
  }
  for (const auto& row : j)
    std::cout << fmt::format(
        "{}: {} in {} piece(s), chosen at {} B a node; selected for "
        "messages of {} to {} B (the runtime's nBytes); read back, it holds\n",
        row["file"].get<std::string>(), row["algorithm"].get<std::string>(),
        row["pieces"].get<std::uint64_t>(), row["chosen_at_bytes"].dump(),
        row["min_bytes"].get<std::int64_t>(),
        row["max_bytes"].get<std::int64_t>() == 0
            ? std::string("any")
            : std::to_string(row["max_bytes"].get<std::int64_t>()));
  return to_int(ExitCode::Ok);
}

/// The options every writing verb shares: the runtime's build and the program's kind.
void add_program_options(CLI::App* sub, Opts& o) {
  sub->add_option("--max-tb-steps", o.max_tb_steps,
                  "steps a threadblock may hold, nops included (the runtime's "
                  "MSCCL_MAX_NUM_STEPS); a longer sequence moves on to the next channel")
      ->check(CLI::Range(8u, kMaxTbStepsOption))
      ->capture_default_str();
  sub->add_flag("--no-runtime-limits", o.no_limits,
                "write programs beyond the MSCCL runtime's limits (threadblocks per channel, "
                "16-bit offsets, ...)");
  sub->add_flag("--inplace", o.inplace,
                "an in-place program (inplace=1 outofplace=0), checked with the buffers aliased "
                "as the runtime lays them out");
  sub->add_option("--proto", o.proto, "the runtime's protocol: Simple, LL or LL128")
      ->check(CLI::IsMember({"Simple", "LL", "LL128"}))
      ->capture_default_str();
  sub->add_option("--name", o.name, "the algo's name (default: '<algorithm> on <network>')");
  sub->add_flag("--json", o.json, "machine-readable summary");
}

CLI::App* add_export(CLI::App& app, Opts& o) {
  auto* ex = app.add_subcommand("export",
                                "write a schedule as MSCCL-IR XML (all-gather, total exchange "
                                "as alltoall, broadcast, scatter, gather, all-reduce, reduce, "
                                "reduce-scatter), read back and run as the runtime would");
  ex->add_option("FILE", o.file, "schedule file")->required();
  ex->add_option("-o,--output", o.output, "XML file (- for standard output)")
      ->required()
      ->check(kOutputFile);
  add_program_options(ex, o);
  ex->add_option("--min-bytes", o.min_bytes,
                 "the smallest message (the runtime's nBytes) the algo is selected for")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  ex->add_option("--max-bytes", o.max_bytes,
                 "the largest message it is selected for (0: no limit); the read-back run's "
                 "buffering is at this size")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  return ex;
}

CLI::App* add_export_set(CLI::App& app, Opts& o) {
  auto* set = app.add_subcommand(
      "export-set",
      "gen --bytes at each of a list of sizes, and one MSCCL-IR program for each run of sizes "
      "that chose the same schedule, selected for its window of message sizes (minBytes, "
      "maxBytes): PREFIX.0.xml, PREFIX.1.xml, ...");
  set->add_option("SPEC", o.spec, "network spec")->required();
  set->add_option("COLLECTIVE", o.collective,
                  "all-gather, all-reduce, reduce-scatter, total-exchange, broadcast, scatter, "
                  "gather or reduce")
      ->required()
      ->check(CLI::IsMember({"all-gather", "all-reduce", "reduce-scatter", "total-exchange",
                             "broadcast", "scatter", "gather", "reduce"}));
  set->add_option("--sizes", o.sizes,
                  "ascending message sizes a node contributes, as gen --bytes takes them "
                  "(4K,1M,64M)")
      ->required();
  set->add_option("-o,--output", o.output, "the files' prefix")->required()->check(kOutputPrefix);
  set->add_option("--root", o.root_name, std::string("a rooted collective's root: ") + kRootHelp);
  set->add_option("--ports", o.ports, "the port model the machine has, as gen --ports")
      ->capture_default_str();
  set->add_option("--latency", o.latency, "link latency, as gen --latency")->capture_default_str();
  set->add_option("--bandwidth", o.bandwidth, "link bandwidth, as gen --bandwidth")
      ->capture_default_str();
  add_program_options(set, o);
  return set;
}

CLI::App* add_import(CLI::App& app, Opts& o) {
  auto* im = app.add_subcommand(
      "import",
      "run MSCCL-IR XML as the MSCCL runtime does and check every output chunk; with a network, "
      "check its links and rebuild it as a step schedule");
  im->add_option("FILE", o.file, "MSCCL-IR XML file")->required();
  im->add_option("-o,--output", o.output,
                 "write the rebuilt step schedule (- for standard output; needs the network)")
      ->check(kOutputFile);
  im->add_option("--network", o.network,
                 "the network (default: a catalogue network named in the algo's name after ' on "
                 "'; never a file)");
  im->add_option("--root", o.root, "the root of a broadcast, scatter, gather or reduce");
  im->add_flag("--routed", o.routed,
               "the network routes messages between any two gpus: no link is checked, and the "
               "rebuilt schedule is routed");
  im->add_flag("--no-runtime-limits", o.no_limits,
               "check programs beyond the MSCCL runtime's limits too");
  im->add_option("--bytes", o.bytes,
                 "the message size (the runtime's nBytes) the connections' buffering is checked "
                 "at (default: the algo's maxBytes; without one microsoft/msccl's 134217728; "
                 "maxBytes 0: any size, one chunk an operation)")
      ->check(kMessageBytes);
  im->add_option("--max-tb-steps", o.max_tb_steps,
                 "the steps a threadblock may hold (the runtime build's MSCCL_MAX_NUM_STEPS)")
      ->check(CLI::Range(1u, kMaxTbStepsOption))
      ->capture_default_str();
  im->add_flag("--json", o.json, "machine-readable verdict");
  return im;
}

}  // namespace

Run add_msccl(CLI::App& app) {
  auto o = std::make_shared<Opts>();
  app.require_subcommand(1);
  CLI::App* ex = add_export(app, *o);
  CLI::App* set = add_export_set(app, *o);
  add_import(app, *o);
  return [o, ex, set] {
    if (ex->parsed()) return run_export(*o);
    return set->parsed() ? run_export_set(*o) : run_import(*o);
  };
}

}  // namespace netsched::cli
