// netsched run FILE: the schedule on real MPI ranks (mpirun + netsched-exec), or in-process.
#include <unistd.h>

#include <iostream>

#include "app/cli.hpp"
#include "core/schedule_io.hpp"
#include "exec/loopback.hpp"
#include "exec/process.hpp"

namespace netsched::cli {
namespace {

/// The most ranks `run` starts on this machine without a hostfile (ranks share its cores).
constexpr std::uint64_t kRunMaxLocalRanks = 64;

std::vector<std::string> mpirun_args(std::uint64_t ranks, const std::string& hostfile) {
  std::vector<std::string> a = {"mpirun", "-np", std::to_string(ranks)};
  if (::geteuid() == 0) a.push_back("--allow-run-as-root");
  if (hostfile.empty())
    a.push_back("--oversubscribe");
  else
    a.insert(a.end(), {"--hostfile", hostfile});
  return a;
}

}  // namespace

Run add_run(CLI::App& app) {
  struct Opts {
    std::string file, hostfile;
    std::uint64_t bytes = 64;
    bool json = false, loopback = false, timing = false, all_ranks = false;
    double timeout = 0;
  };
  auto o = std::make_shared<Opts>();
  app.add_option("FILE", o->file, "schedule file")->required();
  app.add_option("--bytes", o->bytes,
                 "chunk size m in bytes (register collectives: every register is a vector of m "
                 "bytes, m a multiple of 8)")
      ->check(CLI::Range(std::uint64_t{1}, exec::kMaxChunkBytes))
      ->capture_default_str();
  app.add_option("--hostfile", o->hostfile,
                 "OpenMPI hostfile: line order maps nodes to hosts (rank i plays node i)");
  app.add_flag("--loopback", o->loopback, "run every rank in this process instead of MPI");
  app.add_flag("--timing", o->timing, "do not write or check chunk bytes (chunk ids still are)");
  app.add_flag("--all-ranks", o->all_ranks, "--json: every rank's result");
  app.add_option("--timeout", o->timeout, "seconds before mpirun is stopped (0: none)")
      ->check(kNonNegative);
  app.add_flag("--json", o->json, "machine-readable output");
  app.footer(
      "Runs mpirun -np N netsched-exec FILE (OpenMPI), rank i playing node i, and prints "
      "each rank's pass or fail against MPI's own collective. Without --hostfile at most " +
      std::to_string(kRunMaxLocalRanks) +
      " ranks on this machine. Exit 0: every rank passed; 1: a rank failed; 2: bad input.");
  return [o] {
    const ScheduleFile f = read_schedule_file(o->file);  // bad files: exit 2 before MPI starts
    const std::uint64_t n = f.schedule.collective.nodes();
    if (f.schedule.collective.combining()) exec::ExecPlan::register_lanes(o->bytes);
    if (o->loopback) {
      exec::ExecPlan plan(f.schedule);
      exec::RunReport r = exec::run_loopback(plan, {o->bytes, !o->timing});
      r.schedule = o->file;
      std::cout << (o->json ? exec::to_json(r, o->all_ranks).dump(2) + "\n" : exec::to_text(r));
      return to_int(r.pass() ? ExitCode::Ok : ExitCode::Violated);
    }
    if (o->hostfile.empty() && n > kRunMaxLocalRanks)
      throw std::invalid_argument("the schedule has " + std::to_string(n) +
                                  " nodes; run starts at most " +
                                  std::to_string(kRunMaxLocalRanks) +
                                  " ranks on this machine (give --hostfile for a cluster)");
    exec::ExecPlan check(f.schedule);  // the structural check, before any rank starts
    ScratchDir dir("");
    auto args = mpirun_args(n, o->hostfile);
    for (const std::string& x :
         {executor_path(false), o->file, std::string("--bytes"), std::to_string(o->bytes)})
      args.push_back(x);
    if (o->timing) args.push_back("--timing");
    if (o->json) args.push_back("--json");
    if (o->all_ranks) args.push_back("--all-ranks");
    const exec::ProcessResult p = exec::run_process(args, dir.path(), o->timeout);
    std::cout << p.out;
    if (p.timed_out) throw std::runtime_error("mpirun did not finish within --timeout");
    if (p.exit_code != 0 && p.exit_code != 1) {
      std::cerr << p.err;
      return to_int(p.exit_code == 2 ? ExitCode::BadInput : ExitCode::InternalError);
    }
    return p.exit_code;
  };
}

}  // namespace netsched::cli
