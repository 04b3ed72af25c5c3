// netsched run FILE: the schedule on real MPI ranks (mpirun + netsched-exec), or in-process.
#include <unistd.h>

#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "app/cli.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/schedule_io.hpp"
#include "core/text.hpp"
#include "exec/loopback.hpp"
#include "exec/process.hpp"

namespace netsched::cli {
namespace {

/// The most ranks `run` starts on this machine without a hostfile (ranks share its cores).
constexpr std::uint64_t kRunMaxLocalRanks = 64;
/// How long mpirun has, once stopped (SIGINT), to stop its ranks before they are killed.
constexpr double kMpirunGraceSeconds = 5;
/// The longest executor error quoted.
constexpr std::size_t kMessageChars = 300;

std::vector<std::string> mpirun_args(std::uint64_t ranks, const std::string& hostfile) {
  std::vector<std::string> a = {"mpirun", "-np", std::to_string(ranks)};
  if (::geteuid() == 0) a.push_back("--allow-run-as-root");
  if (hostfile.empty())
    a.push_back("--oversubscribe");
  else
    a.insert(a.end(), {"--hostfile", hostfile});
  return a;
}

/// Whether the ranks passed, from the report rank 0 writes once every rank has finished;
/// nullopt when there is none (the ranks did not start, or stopped before reporting).
std::optional<bool> report_passed(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  if (!in || !std::getline(in, line)) return std::nullopt;
  const auto j = nlohmann::json::parse(line, nullptr, false);
  if (!j.is_object() || !j.contains("pass") || !j["pass"].is_boolean()) return std::nullopt;
  return j["pass"].get<bool>();
}

/// One line on why mpirun gave no report: the executor's own error, else mpirun's explanation
/// (missing hostfile, too few slots, an unknown host), else its exit status.
std::string start_failure(const exec::ProcessResult& p, std::uint64_t ranks) {
  const std::string marker = "netsched-exec: error: ";
  if (const auto at = p.err.find(marker); at != std::string::npos)
    return one_line(p.err.substr(at + marker.size(), p.err.find('\n', at) - at - marker.size()),
                    kMessageChars);
  const std::string why = exec::first_paragraph(p.err);
  return "mpirun could not run the " + std::to_string(ranks) +
         " ranks: " + (why.empty() ? "it exited with status " + std::to_string(p.exit_code) : why);
}

}  // namespace

Run add_run(CLI::App& app) {
  struct Opts {
    std::string file, hostfile;
    std::uint64_t bytes = 64;
    bool json = false, loopback = false, timing = false, all_ranks = false, dataflow = false;
    double timeout = 0;
  };
  auto o = std::make_shared<Opts>();
  app.add_option("FILE", o->file, "schedule file")->required();
  app.add_option("--bytes", o->bytes,
                 "chunk size m in bytes (register collectives: every register is a vector of m "
                 "bytes, m a multiple of 8)")
      ->check(whole_number(1, exec::kMaxChunkBytes, "kMaxChunkBytes"))
      ->capture_default_str();
  app.add_option("--hostfile", o->hostfile,
                 "OpenMPI hostfile: line order maps nodes to hosts (rank i plays node i)")
      ->check(CLI::ExistingFile);
  app.add_flag("--loopback", o->loopback, "run every rank in this process instead of MPI");
  app.add_flag("--timing", o->timing, "do not write or check chunk bytes (chunk ids still are)");
  app.add_flag("--dataflow", o->dataflow,
               "run as dataflow: each message leaves once its chunks are in and its link is free, "
               "with no step boundary (chunk collectives; exit 2 for a register schedule)");
  auto* all_ranks = app.add_flag("--all-ranks", o->all_ranks, "--json: every rank's result");
  auto* timeout = app.add_option("--timeout", o->timeout,
                                 "seconds before mpirun is stopped (0: none; not with --loopback)")
                      ->check(kNonNegative);
  app.add_flag("--json", o->json, "machine-readable output");
  app.footer(
      "Runs mpirun -np N netsched-exec FILE (OpenMPI), rank i playing node i, and prints "
      "each rank's pass or fail against MPI's own collective. Without --hostfile at most " +
      std::to_string(kRunMaxLocalRanks) +
      " ranks on this machine. Exit 0: every rank passed; 1: a rank failed; 2: bad input.");
  return [o, all_ranks, timeout] {
    const ScheduleFile f = read_schedule_file(o->file);  // bad files: exit 2 before MPI starts
    const std::uint64_t n = f.schedule.collective.nodes();
    if (f.schedule.collective.combining()) exec::ExecPlan::register_lanes(o->bytes);
    refuse_option(all_ranks, o->json, "a run without --json", "--all-ranks adds to --json");
    refuse_option(timeout, !o->loopback, "--loopback", "it stops mpirun");
    const auto execution = o->dataflow ? exec::Execution::Dataflow : exec::Execution::Steps;
    if (o->dataflow)
      if (const std::string why = exec::dataflow_refusal(exec::ExecPlan(f.schedule)); !why.empty())
        throw InputError("--dataflow: " + why);
    if (o->loopback) {
      exec::ExecPlan plan(f.schedule);
      check_memory(plan.run_bytes(o->bytes),
                   "running the " + std::to_string(n) + " ranks in this process (--loopback)");
      exec::RunReport r =
          exec::run_loopback(plan, {o->bytes, !o->timing, {}}, nullptr, {}, execution);
      r.schedule = o->file;
      std::cout << (o->json ? exec::to_json(r, o->all_ranks).dump(2) + "\n" : exec::to_text(r));
      return to_int(r.pass() ? ExitCode::Ok : ExitCode::Violated);
    }
    if (o->hostfile.empty() && n > kRunMaxLocalRanks)
      throw InputError("the schedule has " + std::to_string(n) + " nodes; run starts at most " +
                       std::to_string(kRunMaxLocalRanks) +
                       " ranks on this machine (give --hostfile for a cluster)");
    exec::ExecPlan check(f.schedule);  // the structural check, before any rank starts
    if (o->hostfile.empty())
      check_memory(check.run_bytes(o->bytes),
                   "running the " + std::to_string(n) + " ranks on this machine");
    ScratchDir dir("");
    const std::string report = dir.path() + "/report.json";
    auto args = mpirun_args(n, o->hostfile);
    for (const std::string& x : {executor_path(false), o->file, std::string("--bytes"),
                                 std::to_string(o->bytes), std::string("--report"), report})
      args.push_back(x);
    if (o->timing) args.push_back("--timing");
    if (o->dataflow) args.push_back("--dataflow");
    if (o->json) args.push_back("--json");
    if (o->all_ranks) args.push_back("--all-ranks");
    exec::stop_children_on_signals();  // Ctrl-C stops mpirun and its ranks, not this alone
    // the ranks on this machine are held to the memory budget as they run, not only by the
    // estimate above (a cluster's ranks are not this machine's to watch)
    const exec::ProcessResult p =
        exec::run_process(args, dir.path(), o->timeout, kMpirunGraceSeconds,
                          o->hostfile.empty() ? memory_budget() : 0);
    if (p.timed_out) throw std::runtime_error("mpirun did not finish within --timeout");
    if (p.over_memory) throw InputError("mpirun " + exec::memory_stop_text(p));
    const auto passed = report_passed(report);
    if (!passed) throw InputError(start_failure(p, n));
    std::cout << p.out;
    return to_int(*passed ? ExitCode::Ok : ExitCode::Violated);
  };
}

}  // namespace netsched::cli
