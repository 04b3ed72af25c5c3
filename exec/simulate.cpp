// A schedule against MPI's own algorithms on SimGrid (exec/simulate.hpp).
#include "exec/simulate.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <thread>

#include "core/collective_names.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/text.hpp"
#include "exec/process.hpp"
#include "exec/smpi_clock.hpp"
#include "exec/smpi_trace.hpp"

namespace netsched::exec {
namespace {

/// SimGrid's probe poll (seconds of simulated time per MPI_Iprobe inside MPI_Probe): SMPI's
/// default, 1e-4, would add 100 us to every receive of the executor.
constexpr const char* kProbeCost = "1e-9";
/// Wall seconds an smpirun past its timeout has, after SIGINT, to print SimGrid's clock and end.
constexpr double kStopGraceSeconds = 10;
/// What SimGrid logs when SIGINT stops it, and the format that puts its clock first, to the
/// picosecond (%e: a space, which smpirun's own script would split an argument at).
constexpr const char* kStoppedMark = "CTRL-C pressed";
constexpr const char* kStopLogLevel = "--log=ker_engine.thresh:info";
constexpr const char* kStopLogFormat = "--log=ker_engine.fmt:[%.12r]%e[%c/%p]%e%m%n";
/// What the executor prints with --announce-timing (exec/mpi_reference.hpp, start_timing).
constexpr const char* kRankMark = "netsched-exec: rank ";
constexpr const char* kStartsMark = " starts timing at ";
constexpr const char* kStopsMark = " stops timing at ";

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path);
}

/// One smpirun to make.
struct Job {
  SimRow row;
  std::string platform_xml, hostfile;
  std::uint64_t registers = 0;  ///< a register collective's registers a rank (shared memory)
};

/// In workdir, the trace of MPI's collective at m bytes (".txt") and the list smpirun -replay
/// reads (".list": its one line names the trace, shared by every rank).
std::string trace_file(const std::string& workdir, std::uint64_t m, const char* extension) {
  return workdir + "/smpi-trace-" + std::to_string(m) + extension;
}

std::vector<std::string> smpirun_args(const Job& j, const std::string& schedule,
                                      const SimulateOptions& o, std::uint64_t ranks,
                                      const std::string& coll) {
  const bool traced = j.row.timed_by == TimedBy::SmpiTraceReplay;
  std::vector<std::string> a = {"smpirun",   "-np",          std::to_string(ranks),
                                "-platform", j.platform_xml, "-hostfile",
                                j.hostfile};
  if (traced) {
    a.push_back("-replay");
    a.push_back(trace_file(o.workdir, j.row.bytes, ".list"));
  }
  for (const std::string& x : std::vector<std::string>{
           "--cfg=smpi/privatization:no", "--cfg=smpi/simulate-computation:no",
           "--cfg=network/model:" + o.network_model, std::string("--cfg=smpi/iprobe:") + kProbeCost,
           "--cfg=smpi/shared-malloc-blocksize:" +
               std::to_string(shared_block_bytes(ranks, j.row.bytes, j.registers)),
           "--log=root.thresh:warning", kStopLogLevel, kStopLogFormat})
    a.push_back(x);
  for (const std::string& c : simgrid_config(o.simgrid_cfg)) a.push_back("--cfg=" + c);
  if (j.row.what == "mpi" && smpi_selectable(coll))
    a.push_back("--cfg=smpi/" + coll + ":" + j.row.algorithm);
  if (traced) {  // netsched-smpi-replay: SimGrid's replay, its clock printed on the way
    for (const std::string& x : smpi_replay_log_args()) a.push_back(x);
    a.push_back(o.smpi_replay);
    return a;
  }
  for (const std::string& x :
       {o.executor, schedule, std::string("--bytes"), std::to_string(j.row.bytes),
        std::string("--timing"), std::string("--json"), std::string("--only"),
        std::string(j.row.what == "mpi" ? "mpi" : "schedule"), std::string("--mpi-label"),
        j.row.algorithm, std::string("--announce-timing")})
    a.push_back(x);
  if (j.row.dataflow) a.push_back("--dataflow");
  return a;
}

/// One line saying what went wrong: the first line SimGrid marks CRITICAL (its message, not the
/// backtrace after it), else the first that says error, else the exit status.
std::string failure_text(const ProcessResult& p, double timeout) {
  if (p.timed_out) return fmt::format("timed out after {:g} s (--timeout)", timeout);
  if (p.over_memory) return memory_stop_text(p);
  std::istringstream in(p.err);
  std::string line, best;
  while (std::getline(in, line) && best.empty())
    if (line.find("CRITICAL") != std::string::npos) best = line;
  for (std::istringstream again(p.err); best.empty() && std::getline(again, line);)
    if (line.find("error") != std::string::npos || line.find("Error") != std::string::npos)
      best = line;
  // else the C library's own complaint ("free(): invalid pointer"), no log line nor backtrace
  for (std::istringstream again(p.err); best.empty() && std::getline(again, line);)
    if (line.find("(): ") != std::string::npos && line.front() != '[' && line.front() != ' ')
      best = line + " (exit status " + std::to_string(p.exit_code) + ")";
  if (const auto tag = best.find("] "); tag != std::string::npos && best.front() == '[')
    best = best.substr(
        best.find("] ", tag + 2) == std::string::npos ? tag + 2 : best.find("] ", tag + 2) + 2);
  for (char& c : best)
    if (static_cast<unsigned char>(c) < 0x20) c = ' ';
  constexpr std::size_t kMaxText = 200;
  if (best.size() > kMaxText) best = best.substr(0, kMaxText) + "...";
  constexpr int kKilled = 128 + 9;  // the shell's status of a process SIGKILL ended
  if (best.empty() && p.exit_code == kKilled)
    return "smpirun exited with status 137: killed by SIGKILL, as the kernel kills a process when "
           "memory runs out (--mpi-trace-replay shares MPI's buffers)";
  return best.empty() ? "smpirun exited with status " + std::to_string(p.exit_code) : best;
}

/// netsched-s4u-replay's arguments: the same platform, model and settings as smpirun's.
std::vector<std::string> replay_args(const Job& j, const SimulateOptions& o) {
  std::vector<std::string> a = {o.replay,
                                j.platform_xml,
                                j.hostfile,
                                j.row.algorithm,
                                std::to_string(j.row.bytes),
                                "--cfg=network/model:" + o.network_model,
                                "--log=root.thresh:warning"};
  for (const std::string& c : simgrid_config(o.simgrid_cfg)) a.push_back("--cfg=" + c);
  return a;
}

/// Times j's row: runs its program (the S4U replay, SMPI's trace replay, or the executor under
/// smpirun), each stopped at the timeout and the memory budget. An MPI algorithm SMPI's trace
/// replay fails (SimGrid aborts it, not a stop) is run as MPI's program instead, the replay's
/// failure kept in the row.
void run_job(Job& j, const std::string& schedule, const SimulateOptions& o, std::uint64_t ranks,
             const std::string& coll) {
  const bool s4u = j.row.timed_by == TimedBy::S4uReplay;
  const ProcessResult p =
      run_process(s4u ? replay_args(j, o) : smpirun_args(j, schedule, o, ranks, coll), o.workdir,
                  o.timeout_seconds, s4u ? 0 : kStopGraceSeconds, o.memory_bytes);
  j.row.peak_memory = p.peak_memory;
  if (p.stopped() && !s4u)
    j.row.unfinished_after =
        unfinished_seconds(p.err, ranks, j.row.timed_by == TimedBy::SmpiTraceReplay);
  if (j.row.timed_by == TimedBy::SmpiTraceReplay) {
    j.row.seconds = p.stopped() ? std::nullopt : smpi_replay_seconds(p.err + p.out);
    if (j.row.seconds) return;
    const std::string why = failure_text(p, o.timeout_seconds);
    if (p.stopped()) {  // the program would take longer still (it copies and reduces)
      j.row.error = "SMPI's trace replay: " + why;
      return;
    }
    j.row.replay_error = why;
    j.row.timed_by = TimedBy::Smpirun;
    run_job(j, schedule, o, ranks, coll);
    return;
  }
  const auto line = json_line(p.out);
  if (!line) {
    j.row.error = failure_text(p, o.timeout_seconds);
    return;
  }
  const auto js = nlohmann::json::parse(*line);
  const char* key = s4u ? "seconds" : j.row.what == "mpi" ? "mpi_seconds" : "schedule_seconds";
  if (js.contains(key) && js[key].is_number()) j.row.seconds = js[key].get<double>();
  if (j.row.what == "schedule") {
    j.row.pass = js.at("pass").get<bool>();
    j.row.values_unchecked = !js.value("register_values_checked", true);
  }
}

/// The number a line of `text` has right after `prefix`, when the line starts so.
std::optional<double> number_after(const std::string& line, const std::string& prefix) {
  if (line.rfind(prefix, 0) != 0) return std::nullopt;
  try {
    return std::stod(line.substr(prefix.size()));
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace

std::optional<double> unfinished_seconds(const std::string& err, std::uint64_t ranks, bool replay) {
  std::optional<double> clock;
  const auto saw_clock = [&](std::optional<double> t) {
    if (t) clock = std::max(clock.value_or(*t), *t);
  };
  std::map<std::uint64_t, double> started;
  std::set<std::uint64_t> stopped;
  std::istringstream in(err);
  for (std::string line; std::getline(in, line);) {
    if (line.find(kStoppedMark) != std::string::npos) saw_clock(number_after(line, "["));
    saw_clock(number_after(line, kClockMark));
    const auto rank = number_after(line, kRankMark);
    if (!rank || *rank < 0 || *rank >= static_cast<double>(ranks)) continue;
    const auto id = static_cast<std::uint64_t>(*rank);
    if (const auto at = line.find(kStartsMark); at != std::string::npos) {
      if (const auto t = number_after(line.substr(at), kStartsMark)) started[id] = *t;
    } else if (line.find(kStopsMark) != std::string::npos) {
      stopped.insert(id);
    }
  }
  if (!clock) return std::nullopt;
  // SMPI's trace replay starts every rank at 0; the executor's ranks each at its announced time,
  // and a rank that had not stopped timing by the clock has run at least clock - start
  std::optional<double> longest;
  if (replay) longest = *clock;
  for (const auto& [id, start] : started)
    if (!stopped.contains(id)) longest = std::max(longest.value_or(0.0), *clock - start);
  if (!longest || *longest <= 0) return std::nullopt;
  return longest;
}

std::uint64_t shared_block_bytes(std::uint64_t ranks, std::uint64_t m, std::uint64_t registers) {
  constexpr std::uint64_t kDefaultBlock = std::uint64_t{1} << 20,
                          kMaxBlock = std::uint64_t{1} << 30;
  const std::uint64_t per_rank = std::max(kSharedBuffersPerRank * ranks, registers) * m;
  const std::uint64_t need = ranks * per_rank / kSharedMapsBudget;
  return std::clamp(std::bit_ceil(need), kDefaultBlock, kMaxBlock);
}

std::optional<std::string> smpi_collective(const Collective& c) {
  using K = Collective::Kind;
  const std::string_view name = names_of(c.kind()).smpi;  // kCollectiveNames
  // MPI's all-reduce and scan run over every rank: a grouped one is not MPI's
  const bool grouped = (c.kind() == K::AllReduce || c.kind() == K::Prefix) && !c.groups().empty();
  if (name.empty() || grouped) return std::nullopt;
  return std::string(name);
}

namespace {

/// The list SimGrid prints after `marker` when smpirun is given `cfg` with a value it does not
/// know, on a one-host platform ("Valid algorithms: a, b, c." / "Valid models are: a, b.").
std::vector<std::string> ask_smpirun(const std::string& cfg, const std::string& marker,
                                     const std::string& workdir) {
  const std::string xml = workdir + "/one-host.xml", hosts = workdir + "/one-host.txt";
  write_file(xml,
             "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM "
             "\"https://simgrid.org/simgrid.dtd\">\n<platform version=\"4.1\"><zone id=\"z\" "
             "routing=\"Full\"><host id=\"h\" speed=\"1Gf\"/></zone></platform>\n");
  write_file(hosts, "h\n");
  constexpr double kAskSeconds = 60;
  const ProcessResult p = run_process({"smpirun", "-np", "1", "-platform", xml, "-hostfile", hosts,
                                       "--cfg=" + cfg + ":netsched-asks", "true"},
                                      workdir, kAskSeconds);
  const auto at = p.err.find(marker);
  if (at == std::string::npos)
    throw std::runtime_error("smpirun did not list the values of " + cfg + ": " +
                             failure_text(p, kAskSeconds));
  std::istringstream in(p.err.substr(at + marker.size(), p.err.find('.', at) - at - marker.size()));
  std::vector<std::string> out;
  std::string name;
  while (std::getline(in, name, ',')) {
    name.erase(0, name.find_first_not_of(' '));
    if (!name.empty() && name != "default" && name != "automatic") out.push_back(name);
  }
  return out;
}

/// Refuses more runs than kSimulateMaxRuns, or runs whose timeouts add up to more than
/// kSimulateMaxWorstHours: each size's schedule and anchor runs, and each MPI algorithm's.
void check_run_count(const SimulateOptions& o, std::size_t algorithms) {
  // an algorithm SMPI's trace replay fails is run as MPI's program too (run_job)
  const std::uint64_t runs = o.bytes.size() * (algorithms * (o.mpi_trace_replay ? 2 : 1) + 2);
  if (runs > kSimulateMaxRuns)
    throw InputError(fmt::format(
        "{} chunk sizes x {} algorithms are {} runs; simulate makes at most {} (kSimulateMaxRuns)",
        o.bytes.size(), algorithms, runs, kSimulateMaxRuns));
  const double worst_hours = static_cast<double>(runs) * o.timeout_seconds / o.jobs / 3600;
  if (worst_hours > kSimulateMaxWorstHours)
    throw InputError(fmt::format(
        "{} runs of up to {} s each, {} at a time, may take {:.1f} hours, over the limit "
        "kSimulateMaxWorstHours = {} (lower --timeout, or give fewer --bytes or --algorithms)",
        runs, o.timeout_seconds, o.jobs, worst_hours, kSimulateMaxWorstHours));
}

/// The MPI algorithms asked for: none, every one SMPI has for the collective, or those named
/// (an algorithm SMPI lacks refused).
std::vector<std::string> asked_algorithms(const SimulateOptions& o,
                                          const std::optional<std::string>& coll) {
  if (o.algorithms == std::vector<std::string>{"none"}) return {};
  if (!coll) {
    if (!o.algorithms.empty())
      throw InputError("--algorithms: MPI has no collective for this schedule");
    return {};
  }
  const auto known = smpi_algorithms(*coll, o.workdir);
  for (const std::string& a : o.algorithms)
    if (std::find(known.begin(), known.end(), a) == known.end())
      throw InputError("--algorithms: SMPI has no " + *coll + " algorithm '" + a + "' (" +
                       fmt::format("{}", fmt::join(known, ", ")) + ")");
  return o.algorithms.empty() ? known : o.algorithms;
}

/// Refuses what cannot run before anything runs: a model SimGrid does not have, an algorithm
/// SMPI does not have for the collective, more runs than the limits above.
std::vector<std::string> checked_algorithms(const SimulateOptions& o,
                                            const std::optional<std::string>& coll) {
  const auto models = simgrid_network_models(o.workdir);
  if (std::find(models.begin(), models.end(), o.network_model) == models.end())
    throw InputError("--model " + o.network_model + " is not a SimGrid network model (" +
                     fmt::format("{}", fmt::join(models, ", ")) + ")");
  if (o.jobs < 1 || o.jobs > kSimulateMaxJobs)
    throw InputError(
        fmt::format("--jobs {} (1 to {}, kSimulateMaxJobs)", o.jobs, kSimulateMaxJobs));
  simgrid_config(o.simgrid_cfg);
  std::vector<std::string> chosen = asked_algorithms(o, coll);
  check_run_count(o, chosen.size());
  return chosen;
}

/// How MPI's `algorithm` is timed: by SMPI's trace replay when asked, by its S4U replay when it
/// is in kReplayed and the ranks are more than SMPI's waitall finishes, else by running it.
TimedBy mpi_timed_by(const std::string& coll, const std::string& algorithm, std::uint64_t ranks,
                     const SimulateOptions& o) {
  if (!smpi_trace_replays(coll)) return TimedBy::Smpirun;
  if (o.mpi_trace_replay) return TimedBy::SmpiTraceReplay;
  const bool s4u = ranks > o.replay_above_ranks &&
                   std::any_of(std::begin(kReplayed), std::end(kReplayed), [&](const auto& x) {
                     return x.first == coll && x.second == algorithm;
                   });
  return s4u ? TimedBy::S4uReplay : TimedBy::Smpirun;
}

/// SMPI's trace of MPI's collective at each size, and the list naming it, in the work directory
/// (trace_file); throws InputError (before any run) for a trace over its limit.
void write_traces(const Collective& c, std::uint64_t ranks, const SimulateOptions& o) {
  for (std::uint64_t m : o.bytes) {
    const std::string trace = trace_file(o.workdir, m, ".txt");
    write_file(trace, smpi_trace(c, ranks, m));
    write_file(trace_file(o.workdir, m, ".list"), trace + "\n");
  }
}

/// SimGrid's own look at a platform's routes.
PlatformFacts check_platform(const Platform& p, const std::string& xml, const std::string& hosts,
                             const SimulateOptions& o) {
  constexpr double kCheckSeconds = 600;
  const ProcessResult r = run_process({o.platform_check, xml, hosts}, o.workdir, kCheckSeconds);
  const auto line = json_line(r.out);
  if (!line)
    throw std::runtime_error("SimGrid could not load the " + p.kind +
                             " platform: " + failure_text(r, kCheckSeconds));
  const auto j = nlohmann::json::parse(*line);
  return {p.kind,
          p.routes,
          j.at("pairs").get<std::uint64_t>(),
          j.at("links").get<std::uint64_t>(),
          j.at("max").get<std::uint64_t>(),
          j.at("mean").get<double>()};
}

/// Whether smpirun, a shell script that splits and expands its arguments again, passes `path`
/// as it is: letters, digits and / . _ - + only.
bool smpirun_passes(const std::string& path) {
  return std::all_of(path.begin(), path.end(), [](char ch) {
    return std::isalnum(static_cast<unsigned char>(ch)) ||
           std::string_view("/._-+").find(ch) != std::string_view::npos;
  });
}

/// The schedule's path as smpirun's runs are given it: the file itself, or a link to it in the
/// work directory where smpirun would split or expand its name.
std::string schedule_for_smpirun(const std::string& path, const SimulateOptions& o) {
  if (!smpirun_passes(o.workdir))
    throw InputError("simulate's work directory '" + o.workdir +
                     "' has a character smpirun cannot pass (it splits and expands its arguments "
                     "again): give --keep DIR, or set TMPDIR, to a path of letters, digits and "
                     "/._-+");
  if (smpirun_passes(path)) return path;
  const std::string link = o.workdir + "/schedule.json";
  std::error_code ec;
  std::filesystem::remove(link, ec);
  std::filesystem::create_symlink(std::filesystem::absolute(path), link);
  return link;
}

}  // namespace

std::vector<std::string> smpi_algorithms(const std::string& collective,
                                         const std::string& workdir) {
  if (!smpi_selectable(collective)) return {kSmpiOnlyAlgorithm};
  return ask_smpirun("smpi/" + collective, "Valid algorithms: ", workdir);
}

std::vector<std::string> simgrid_network_models(const std::string& workdir) {
  return ask_smpirun("network/model", "Valid models are: ", workdir);
}

/// The characters a --simgrid-cfg setting may hold: none that smpirun's shell would split at,
/// expand or interpret.
constexpr const char* kSimgridCfgCharacters =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/_.:-+,=";

std::vector<std::string> simgrid_config(const std::vector<std::string>& user) {
  auto key = [](const std::string& kv) { return kv.substr(0, kv.find(':')); };
  std::map<std::string, std::string> cfg;
  for (const char* d : kDefaultSimgridCfg) cfg[key(d)] = d;
  for (const std::string& kv : user) {
    if (kv.find(':') == std::string::npos || kv.front() == ':')
      throw InputError("--simgrid-cfg '" + quoted_value(kv) + "' is not KEY:VALUE");
    // smpirun (SimGrid 3.32) reads each --cfg as `for OPT in ${1#*=}`: split at spaces, globbed
    if (kv.find_first_not_of(kSimgridCfgCharacters) != std::string::npos)
      throw InputError("--simgrid-cfg '" + quoted_value(kv) +
                       "': smpirun splits a setting at spaces and expands wildcards; give one "
                       "KEY:VALUE per --simgrid-cfg, of letters, digits and / _ . : - + , =");
    cfg[key(kv)] = kv;
  }
  const auto given = [&](const std::string& k) {
    return std::any_of(user.begin(), user.end(),
                       [&](const std::string& kv) { return key(kv) == k; });
  };
  const bool crosstraffic = cfg.at("network/crosstraffic") != "network/crosstraffic:0";
  if (crosstraffic && given("maxmin/concurrency-limit"))
    throw InputError(
        "--simgrid-cfg: crosstraffic with a concurrency limit makes SimGrid's makespans 41 % too "
        "long; give one or the other");
  if (crosstraffic) cfg.erase("maxmin/concurrency-limit");
  std::vector<std::string> out;
  for (const auto& [k, kv] : cfg) out.push_back(kv);
  return out;
}

bool SimulateResult::all_answered() const {
  return std::all_of(rows.begin(), rows.end(),
                     [](const SimRow& r) { return r.seconds.has_value(); });
}

bool SimulateResult::answered() const {
  const auto timed_mpi = [&](std::uint64_t bytes) {
    return std::any_of(rows.begin(), rows.end(), [&](const SimRow& y) {
      return y.what == "mpi" && y.bytes == bytes && y.seconds;
    });
  };
  for (const SimRow& x : rows) {
    if (x.what == "schedule" && !x.seconds) return false;
    if (x.what == "mpi" && !timed_mpi(x.bytes)) return false;
  }
  return true;
}

std::string SimulateResult::own_platform() const {
  return platforms.empty() ? "netsched" : platforms.front().kind;
}

const SimRow* SimulateResult::fastest_mpi(std::uint64_t bytes) const {
  const std::string own = own_platform();
  const SimRow* best = nullptr;
  for (const SimRow& x : rows)
    if (x.what == "mpi" && x.bytes == bytes && x.platform == own && x.seconds &&
        (!best || *x.seconds < *best->seconds))
      best = &x;
  return best;
}

std::optional<double> SimulateResult::schedule_seconds(std::uint64_t bytes) const {
  const std::string own = own_platform();
  for (const SimRow& x : rows)
    if (x.bytes == bytes && x.steps_row() && x.platform == own) return x.seconds;
  return std::nullopt;
}

SimulateResult simulate(const Network& net, const std::string& schedule_path, const Schedule& s,
                        const SimulateOptions& o, const SimulateProgress& progress) {
  const std::uint64_t n = net.num_endpoints();  // the ranks: a switch is none
  if (n > kSimulateMaxRanks)
    throw InputError("simulate runs at most " + std::to_string(kSimulateMaxRanks) +
                     " ranks; the schedule has " + std::to_string(n));
  SimulateResult r{schedule_path,
                   s.topology,
                   s.collective.name(),
                   s.algorithm,
                   "",
                   n,
                   {},
                   {},
                   {},
                   {},
                   o.links,
                   o.network_model,
                   simgrid_config(o.simgrid_cfg),
                   {}};
  const std::string runs_schedule = schedule_for_smpirun(schedule_path, o);
  const auto coll = smpi_collective(s.collective);
  r.smpi_collective = coll.value_or("");
  const std::vector<std::string> algorithms = checked_algorithms(o, coll);
  if (o.mpi_trace_replay && !algorithms.empty() && smpi_trace_replays(*coll)) {
    if (o.smpi_replay.empty()) throw std::logic_error("simulate: no netsched-smpi-replay path");
    write_traces(s.collective, n, o);
  }
  std::vector<Platform> platforms{network_platform(net, o.links)};
  if (o.anchor)
    if (auto t = torus_cluster_platform(net, o.links)) platforms.push_back(*t);
  std::vector<std::pair<std::string, std::string>> files;  // (xml, hostfile) per platform
  for (std::size_t i = 0; i < platforms.size(); ++i) {
    files.push_back({o.workdir + "/platform" + std::to_string(i) + ".xml",
                     o.workdir + "/hosts" + std::to_string(i) + ".txt"});
    write_file(files.back().first, platforms[i].xml);
    write_file(files.back().second, platforms[i].hostfile);
    r.platforms.push_back(check_platform(platforms[i], files[i].first, files[i].second, o));
    platforms[i].xml.clear();  // a million routes need not stay in memory
  }
  const double bw = bandwidth_bytes_per_second(o.links.bandwidth);
  const bool all_pairs = coll == "alltoall" || coll == "allgather";
  std::vector<Job> jobs;
  for (std::uint64_t m : o.bytes) {
    for (std::size_t i = 0; i < platforms.size(); ++i)
      for (const bool dataflow : {false, true})
        if (!dataflow || o.dataflow)
          jobs.push_back({{m,
                           "schedule",
                           s.algorithm,
                           platforms[i].kind,
                           {},
                           {},
                           "",
                           TimedBy::Smpirun,
                           dataflow},
                          files[i].first,
                          files[i].second});
    for (const std::string& a : algorithms)
      jobs.push_back(
          {{m, "mpi", a, platforms[0].kind, {}, {}, "", mpi_timed_by(r.smpi_collective, a, n, o)},
           files[0].first,
           files[0].second});
    if (o.dataflow && o.dataflow_model)
      if (const auto t = o.dataflow_model(m)) r.dataflow_model.push_back({m, *t});
    r.alpha_beta.push_back(
        {m, o.alpha_beta ? o.alpha_beta(m)
                         : static_cast<double>(o.steps) * latency_seconds(o.links.latency) +
                               static_cast<double>(o.payload_sum * m) / bw});
    if (all_pairs)  // every pair's message is a whole block: m x its pieces, as MPI is given it
      r.fluid_bound.push_back({m, static_cast<double>(r.platforms.front().max_load) *
                                      static_cast<double>(m * s.collective.pieces()) / bw});
  }
  for (Job& j : jobs) j.registers = s.registers.size();
  if (progress.ready) progress.ready(r);
  std::atomic<std::size_t> next{0}, done{0};
  std::mutex report;
  std::exception_ptr failure;
  auto worker = [&] {
    try {
      for (std::size_t k; (k = next++) < jobs.size();) {
        run_job(jobs[k], runs_schedule, o, n, r.smpi_collective);
        const std::lock_guard lock(report);
        ++done;
        if (progress.row) progress.row(jobs[k].row, done, jobs.size());
      }
    } catch (...) {
      const std::lock_guard lock(report);
      if (!failure) failure = std::current_exception();
      next = jobs.size();
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < std::max(1u, o.jobs); ++t) pool.emplace_back(worker);
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  for (Job& j : jobs) r.rows.push_back(std::move(j.row));
  return r;
}

namespace {

/// What a row run as MPI's program after SMPI's trace replay failed says of that.
std::string replay_failure_text(const SimRow& x) {
  return x.replay_error.empty()
             ? ""
             : "  (run as MPI's program: SMPI's trace replay failed: " + x.replay_error + ")";
}

std::optional<double> bound_for(const SimulateResult& r, std::uint64_t m) {
  for (auto [bytes, t] : r.fluid_bound)
    if (bytes == m) return t;
  return std::nullopt;
}

}  // namespace

nlohmann::json to_json(const SimulateResult& r) {
  nlohmann::json j{{"schedule", r.schedule},
                   {"topology", r.topology},
                   {"collective", r.collective},
                   {"algorithm", r.algorithm},
                   {"ranks", r.ranks},
                   {"smpi_collective", r.smpi_collective},
                   {"bandwidth", r.links.bandwidth},
                   {"latency", r.links.latency},
                   {"network_model", r.network_model},
                   {"simgrid_cfg", r.simgrid_cfg},
                   {"all_answered", r.all_answered()},
                   {"answered", r.answered()},
                   {"fastest_mpi", nlohmann::json::array()},
                   {"platforms", nlohmann::json::array()},
                   {"rows", nlohmann::json::array()},
                   {"alpha_beta", nlohmann::json::array()},
                   {"dataflow_model", nlohmann::json::array()},
                   {"fluid_bound", nlohmann::json::array()}};
  for (const PlatformFacts& p : r.platforms)
    j["platforms"].push_back({{"platform", p.kind},
                              {"routes", p.routes},
                              {"pairs", p.pairs},
                              {"link_directions_used", p.links},
                              {"max_link_load", p.max_load},
                              {"mean_link_load", p.mean_load},
                              {"max_over_mean", p.ratio()}});
  for (const SimRow& x : r.rows) {
    nlohmann::json row{
        {"bytes", x.bytes}, {"what", x.what}, {"algorithm", x.algorithm}, {"platform", x.platform}};
    row["seconds"] = x.seconds ? nlohmann::json(*x.seconds) : nlohmann::json();
    if (x.pass) row["pass"] = *x.pass;
    if (x.values_unchecked) row["register_values_checked"] = false;
    if (!x.error.empty()) row["error"] = x.error;
    if (x.unfinished_after) row["unfinished_after_seconds"] = *x.unfinished_after;
    if (!x.replay_error.empty()) row["smpi_trace_replay_error"] = x.replay_error;
    if (x.peak_memory > 0) row["peak_memory_bytes"] = x.peak_memory;
    if (x.timed_by == TimedBy::S4uReplay) row["timed_by"] = "s4u-replay";
    if (x.timed_by == TimedBy::SmpiTraceReplay) row["timed_by"] = "smpi-trace-replay";
    if (x.what == "schedule") row["execution"] = x.dataflow ? "dataflow" : "steps";
    if (const auto b = bound_for(r, x.bytes); b && x.what == "mpi") row["fluid_bound_seconds"] = *b;
    j["rows"].push_back(row);
  }
  for (auto [m, t] : r.alpha_beta) {
    j["alpha_beta"].push_back({{"bytes", m}, {"seconds", t}});
    if (const SimRow* f = r.fastest_mpi(m)) {
      nlohmann::json best{{"bytes", m},
                          {"algorithm", f->algorithm},
                          {"platform", f->platform},
                          {"seconds", *f->seconds}};
      if (const auto mine = r.schedule_seconds(m)) best["schedule_over_it"] = *mine / *f->seconds;
      j["fastest_mpi"].push_back(best);
    }
  }
  for (auto [m, t] : r.dataflow_model)
    j["dataflow_model"].push_back({{"bytes", m}, {"seconds", t}});
  for (auto [m, t] : r.fluid_bound) j["fluid_bound"].push_back({{"bytes", m}, {"seconds", t}});
  return j;
}

std::string row_text(const SimRow& x, std::optional<double> mine, std::optional<double> bound) {
  std::string line =
      fmt::format("  {:>8} B  {:<9}{:<29} {:<22}", x.bytes, x.what == "mpi" ? "MPI" : "netsched",
                  x.algorithm + (x.dataflow ? " (dataflow)" : ""), x.platform);
  if (!x.seconds && x.unfinished_after) {
    line += fmt::format(
        "no time: {}; still unfinished {:.4e} s of simulated time after it began, "
        "so its time is at least that",
        x.error, *x.unfinished_after);
    if (mine && x.what == "mpi")
      line += fmt::format(": at least {:.2f}x the schedule", *x.unfinished_after / *mine);
    return line + replay_failure_text(x);
  }
  if (!x.seconds) return line + "no time: " + x.error + replay_failure_text(x);
  line += fmt::format("{:>12.4e} s", *x.seconds);
  if (mine && x.dataflow) line += fmt::format("  {:.2f}x the run in steps", *x.seconds / *mine);
  if (mine && x.what == "mpi") line += fmt::format("  {:.2f}x the schedule", *x.seconds / *mine);
  if (bound && x.what == "mpi")
    line += fmt::format("  {:.2f}x the direct-send fluid time", *x.seconds / *bound);
  if (x.pass) line += *x.pass ? "  (check passed)" : "  (CHECK FAILED)";
  if (x.values_unchecked) line += "  (register values not checked: shared by the ranks)";
  if (x.timed_by == TimedBy::S4uReplay)
    line += "  (S4U replay of its pattern: SMPI's waitall does not finish this size)";
  if (x.timed_by == TimedBy::SmpiTraceReplay)
    line += "  (SMPI's trace replay: the same algorithm, its buffers shared by the ranks)";
  return line + replay_failure_text(x);
}

namespace {

/// The rows at `bytes`: the schedule's first, in their order, then MPI's fastest first, those
/// without a time last.
std::vector<const SimRow*> sorted_rows(const SimulateResult& r, std::uint64_t bytes) {
  std::vector<const SimRow*> out;
  for (const SimRow& x : r.rows)
    if (x.bytes == bytes) out.push_back(&x);
  std::stable_sort(out.begin(), out.end(), [](const SimRow* a, const SimRow* b) {
    const auto key = [](const SimRow* x) {
      return std::tuple(x->what == "mpi", !x->seconds,
                        x->what == "mpi" ? x->seconds.value_or(0) : 0.0);
    };
    return key(a) < key(b);
  });
  return out;
}

}  // namespace

std::string fastest_text(const SimulateResult& r, std::uint64_t bytes) {
  const SimRow* f = r.fastest_mpi(bytes);
  if (!f) return {};
  std::string line = fmt::format("  {:>8} B  fastest MPI: {} on {}, {:.4e} s", bytes, f->algorithm,
                                 f->platform, *f->seconds);
  if (const auto mine = r.schedule_seconds(bytes))
    line += fmt::format("; the schedule {:.2f}x it", *mine / *f->seconds);
  return line + "\n";
}

std::string answered_text(const SimulateResult& r) {
  std::uint64_t silent = 0;
  for (const SimRow& x : r.rows) silent += x.seconds ? 0 : 1;
  if (silent == 0) return {};
  return fmt::format("{} of {} runs gave no time (see 'no time' above){}\n", silent, r.rows.size(),
                     r.answered() ? "; the schedule's runs and MPI's fastest did" : "");
}

std::string platform_text(const SimulateResult& r) {
  std::string out;
  for (const PlatformFacts& p : r.platforms)
    out += fmt::format(
        "platform {}: routes {}; SimGrid's route lookup over {} pairs: busiest link direction "
        "{} routes, mean {:.1f} (max/mean {:.2f})\n",
        p.kind, p.routes, p.pairs, p.max_load, p.mean_load, p.ratio());
  for (auto [m, t] : r.fluid_bound)
    out += fmt::format(
        "direct-send fluid time at {} B: {:.4e} s (every rank sends its message, m bytes "
        "times the schedule's pieces, straight to every other along these routes, links shared "
        "perfectly: busiest link x message / bandwidth; a lower bound for algorithms that send "
        "that way, not for those that relay)\n",
        m, t);
  out += "SimGrid settings: " + fmt::format("{}", fmt::join(r.simgrid_cfg, " ")) + "\n";
  return out;
}

std::string to_text(const SimulateResult& r) {
  std::string out = fmt::format("{} by {} on {}: {} simulated hosts, links {} / {}, {} model\n",
                                r.collective, r.algorithm, r.topology, r.ranks, r.links.bandwidth,
                                r.links.latency, r.network_model) +
                    platform_text(r);
  for (auto [m, ab] : r.alpha_beta) {
    const std::optional<double> mine = r.schedule_seconds(m);
    for (const SimRow* x : sorted_rows(r, m)) out += row_text(*x, mine, bound_for(r, m)) + "\n";
    out += fmt::format("  {:>8} B  step model alpha-beta cost: {:.4e} s\n", m, ab);
    for (auto [bytes, t] : r.dataflow_model)
      if (bytes == m) out += fmt::format("  {:>8} B  dataflow model cost: {:.4e} s\n", m, t);
    out += fastest_text(r, m);
  }
  if (r.smpi_collective.empty())
    out += "(simulate times no MPI algorithm for " + r.collective +
           (r.collective == "prefix" || r.collective == "all-reduce" ? " over groups" : "") + ")\n";
  out += answered_text(r);
  return out;
}

}  // namespace netsched::exec
