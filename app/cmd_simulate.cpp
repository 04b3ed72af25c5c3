// netsched simulate FILE: the schedule vs MPI's own algorithms on SimGrid (exec/simulate.hpp).
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>

#include "analysis/async_cost.hpp"
#include "analysis/verification.hpp"
#include "app/cli.hpp"
#include "core/limits.hpp"
#include "core/schedule_io.hpp"
#include "exec/exec_plan.hpp"
#include "exec/process.hpp"
#include "exec/rank_executor.hpp"
#include "exec/simulate.hpp"
#include "exec/smpi_trace.hpp"
#include "gen/route/route_table.hpp"
#include "gen/topology.hpp"

namespace netsched::cli {

std::string executor_path(bool smpi) {
  const char* env = std::getenv(smpi ? "NETSCHED_EXEC_SMPI" : "NETSCHED_EXEC");
  if (env && *env) return env;
  return helper_path(smpi ? NETSCHED_EXEC_SMPI_PATH : NETSCHED_EXEC_PATH);
}

ScratchDir::ScratchDir(const std::string& keep) {
  if (!keep.empty()) {
    std::filesystem::create_directories(keep);
    path_ = std::filesystem::absolute(keep).string();
    keep_ = true;
    return;
  }
  std::string tmpl = (std::filesystem::temp_directory_path() / "netsched.XXXXXX").string();
  if (!mkdtemp(tmpl.data())) throw std::runtime_error("cannot create a directory in /tmp");
  path_ = tmpl;
}

ScratchDir::~ScratchDir() {
  std::error_code ec;
  if (!keep_) std::filesystem::remove_all(path_, ec);
}

namespace {

struct SimOpts {
  std::string file, keep;
  std::vector<std::uint64_t> bytes{1024};
  std::vector<std::string> algorithms, cfg;
  exec::LinkModel links;
  std::string model = "CM02";
  bool json = false, no_anchor = false, dataflow = false, mpi_trace_replay = false;
  unsigned jobs = 2;
  double timeout = exec::kDefaultRunTimeout;
};

/// Text output that streams: the platforms first, then each row as its run ends, with a
/// progress line on a terminal.
exec::SimulateProgress streaming(const std::shared_ptr<std::optional<double>>& mine) {
  exec::SimulateProgress p;
  auto own = std::make_shared<std::string>("netsched");  // the schedule's platform, once known
  p.ready = [own](const exec::SimulateResult& r) {
    *own = r.own_platform();
    std::cout << r.collective << " by " << r.algorithm << " on " << r.topology << ": " << r.ranks
              << " simulated hosts, links " << r.links.bandwidth << " / " << r.links.latency << ", "
              << r.network_model << " model\n"
              << exec::platform_text(r) << std::flush;
  };
  p.row = [mine, own](const exec::SimRow& row, std::size_t done, std::size_t total) {
    if (row.steps_row() && row.platform == *own) *mine = row.seconds;
    progress_done();
    std::cout << exec::row_text(row, *mine, std::nullopt) << std::endl;
    progress("simulate runs", done, total);
  };
  return p;
}

/// Checks the memory the runs need before any starts, and says whether MPI's algorithms are
/// timed by SMPI's trace replay: when asked, or, for a register collective, when running MPI's
/// program might take more than the budget (its algorithms' temporaries, private to each rank,
/// may be as large as its registers, estimated as twice them; the replay's are shared; every
/// run is also stopped once it holds more than the budget). A chunk collective's MPI runs are not
/// estimated: the executor shares their large buffers, and what an algorithm allocates beside
/// them differs too much between algorithms (bruck's all-gather a whole receive buffer, ring's
/// nothing) for one estimate, while the replay aborts many of them (docs/engines.md).
bool mpi_by_trace_replay(const SimOpts& o, const Schedule& s, std::uint64_t ranks) {
  const Collective& c = s.collective;
  const bool mpi =
      o.algorithms != std::vector<std::string>{"none"} && exec::smpi_collective(c).has_value();
  std::optional<exec::ExecPlan> plan;  // registers of 8 MiB a rank or more are shared
  if (c.combining()) plan.emplace(s);
  const auto what = [&](std::uint64_t m) {
    return std::to_string(ranks) + " ranks' " + (plan ? "registers" : "chunks") + " at " +
           std::to_string(m) + " bytes " + (plan ? "a register" : "a chunk");
  };
  // SMPI's scan is not in the trace replay; it receives every earlier rank's vector at once
  const bool replayable = mpi && exec::smpi_trace_replays(*exec::smpi_collective(c)),
             scan = mpi && !replayable;
  bool replay = o.mpi_trace_replay && replayable;
  for (std::uint64_t m : o.bytes)
    if (plan) {
      check_memory(plan->simulated_run_bytes(m), "simulating " + what(m));
      replay = replay || (replayable && plan->run_bytes(m) > memory_budget());
    }
  for (std::uint64_t m : o.bytes)
    if (replay)
      check_memory(exec::smpi_replay_bytes(c, ranks, m),
                   "SMPI's trace replay of MPI's algorithms on " + what(m));
    else if (mpi && plan)
      check_memory(add_sat(plan->run_bytes(m),
                           scan ? mul_sat(mul_sat(ranks, ranks) / 2, mul_sat(m, c.pieces())) : 0),
                   "simulating MPI's algorithms on " + what(m) +
                       " (their buffers private to each rank" +
                       (scan ? ", and MPI_Scan's copy of every earlier rank's vector" : "") +
                       "; --algorithms none times the schedule alone)");
  return replay;
}

int simulate_file(const SimOpts& o) {
  const ScheduleFile f = read_schedule_file(o.file);
  const auto t = build_switched_schedule_topology(f.schedule.topology);
  const Verification v = verify_schedule(*t, f.schedule, Engine::Auto, {});
  if (!v.check.ok()) {
    std::cerr << o.file << ": the schedule is violated (" << *v.check.violation()
              << "); netsched verify shows why\n";
    return to_int(ExitCode::Violated);
  }
  if (o.dataflow)
    if (const std::string why = exec::dataflow_refusal(exec::ExecPlan(f.schedule)); !why.empty())
      throw InputError("--dataflow: " + why);
  const bool trace_replay = mpi_by_trace_replay(o, f.schedule, t->num_endpoints());
  ScratchDir dir(o.keep);
  exec::SimulateOptions so;
  so.links = o.links;
  so.bytes = o.bytes;
  so.algorithms = o.algorithms;
  so.anchor = !o.no_anchor;
  so.dataflow = o.dataflow;
  so.network_model = o.model;
  so.simgrid_cfg = o.cfg;
  so.executor = executor_path(true);
  so.platform_check = helper_path(NETSCHED_PLATFORM_CHECK_PATH);
  so.replay = helper_path(NETSCHED_S4U_REPLAY_PATH);
  so.smpi_replay = helper_path(NETSCHED_SMPI_REPLAY_PATH);
  so.workdir = dir.path();
  so.timeout_seconds = o.timeout;
  so.memory_bytes = memory_budget();
  so.mpi_trace_replay = trace_replay;
  so.jobs = o.jobs;
  so.steps = v.check.steps;
  so.payload_sum = v.check.payload_sum;
  if (!follows_links(f.schedule.model) && t->num_nodes() > kRoutesMaxNodes)
    throw InputError(
        "a routed schedule's step model is priced on netsched's routes, computed for "
        "at most " +
        limit_text("kRoutesMaxNodes", kRoutesMaxNodes) + " nodes");
  // every transfer on its own link's speed; a routed one on its route, sharing links
  if (t->weighted() || !follows_links(f.schedule.model))
    so.alpha_beta = [&, lat = exec::latency_seconds(o.links.latency),
                     bw = exec::bandwidth_bytes_per_second(o.links.bandwidth)](std::uint64_t m) {
      std::string why;
      const CostModel cost{lat, 1 / bw, static_cast<double>(m)};
      return synchronous_time(*t, f.schedule, cost, why)
          .value_or(cost.of(v.check.steps, v.check.payload_sum));
    };
  if (o.dataflow)
    so.dataflow_model = [&, lat = exec::latency_seconds(o.links.latency),
                         bw =
                             exec::bandwidth_bytes_per_second(o.links.bandwidth)](std::uint64_t m) {
      return dataflow_time(*t, f.schedule, CostModel{lat, 1 / bw, static_cast<double>(m)}).seconds;
    };
  const bool stream = !o.json && ::isatty(STDOUT_FILENO);
  auto mine = std::make_shared<std::optional<double>>();
  exec::stop_children_on_signals();
  const auto r = exec::simulate(*t, std::filesystem::absolute(o.file).string(), f.schedule, so,
                                stream ? streaming(mine) : exec::SimulateProgress{});
  progress_done();
  if (o.json)
    std::cout << exec::to_json(r).dump(2) << "\n";
  else if (!stream)
    std::cout << exec::to_text(r);
  else {  // the rows were streamed as they finished
    for (auto [m, ab] : r.alpha_beta) std::cout << exec::fastest_text(r, m);
    std::cout << exec::answered_text(r);
  }
  for (const auto& row : r.rows)
    if (row.what == "schedule" && row.pass == std::optional<bool>(false))
      return to_int(ExitCode::Violated);
  return to_int(r.answered() ? ExitCode::Ok : ExitCode::Unknown);
}

}  // namespace

Run add_simulate(CLI::App& app) {
  auto o = std::make_shared<SimOpts>();
  app.add_option("FILE", o->file, "schedule file")->required();
  app.add_option("--bytes", o->bytes, "chunk sizes m in bytes (comma-separated)")
      ->delimiter(',')
      ->check(whole_number(1, exec::kMaxChunkBytes, "kMaxChunkBytes"))
      ->capture_default_str();
  app.add_option("--bandwidth", o->links.bandwidth,
                 "bandwidth of every link and direction (a weighted link's is a multiple of it)")
      ->capture_default_str();
  app.add_option("--latency", o->links.latency,
                 "latency of every link (a weighted link's is a multiple of it)")
      ->capture_default_str();
  app.add_option("--algorithms", o->algorithms,
                 "MPI algorithms to time (default: every one SMPI offers for the collective; none: "
                 "only the schedule); an algorithm SMPI lacks is refused before any run")
      ->delimiter(',');
  app.add_option("--model", o->model,
                 "SimGrid network model (CM02: latency + size/bandwidth; "
                 "SMPI, LV08: SimGrid's calibrated models)")
      ->capture_default_str();
  app.add_option("--simgrid-cfg", o->cfg,
                 "a SimGrid setting KEY:VALUE for every run, over the defaults "
                 "network/crosstraffic:0 (repeatable)");
  app.add_flag("--no-anchor", o->no_anchor, "skip the run on SimGrid's torus cluster");
  app.add_flag("--mpi-trace-replay", o->mpi_trace_replay,
               "time MPI's algorithms by SMPI's trace replay (smpirun -replay: the same "
               "algorithms, every buffer shared by the ranks); chosen without asking for a "
               "register collective whose MPI program would exceed the memory budget; an "
               "algorithm the replay aborts is run as MPI's program, held to the budget");
  app.add_flag("--dataflow", o->dataflow,
               "also time the schedule run as dataflow: each message leaves once its chunks are in "
               "and its link is free, with no step boundary (chunk collectives)");
  app.add_option("--jobs", o->jobs, "smpirun processes at once (1 to 64)")
      ->check(CLI::Range(1u, exec::kSimulateMaxJobs))
      ->capture_default_str();
  app.add_option("--timeout", o->timeout, "seconds per smpirun (0: none)")
      ->check(kNonNegative)
      ->capture_default_str();
  app.add_option("--keep", o->keep, "keep the platforms and outputs in this directory");
  app.add_flag("--json", o->json, "machine-readable output");
  app.footer(
      "Runs netsched-exec-smpi under smpirun (SimGrid 3.32) on a platform written from the "
      "schedule's network, with a route for every pair chosen to balance link load (the "
      "load SimGrid sees is printed). Exit 0: every run answered and the schedule's check "
      "passed; 1: the schedule is violated or failed its check; 2: bad input; 4: not every run "
      "answered (timed out or SimGrid failed: the row says which). SIGINT and SIGTERM stop every "
      "smpirun and remove the scratch directory.");
  return [o] { return simulate_file(*o); };
}

}  // namespace netsched::cli
