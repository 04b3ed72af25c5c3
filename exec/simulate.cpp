// A schedule against MPI's own algorithms on SimGrid (exec/simulate.hpp).
#include "exec/simulate.hpp"

#include <atomic>
#include <bit>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "exec/process.hpp"
#include "gen/topology.hpp"

namespace netsched::exec {
namespace {

/// SimGrid's probe poll (seconds of simulated time per MPI_Iprobe inside MPI_Probe): SMPI's
/// default, 1e-4, would add 100 us to every receive of the executor.
constexpr const char* kProbeCost = "1e-9";

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path);
}

/// One smpirun to make.
struct Job {
  SimRow row;
  std::string platform_xml, hostfile;
};

std::vector<std::string> smpirun_args(const Job& j, const std::string& schedule,
                                      const SimulateOptions& o, std::uint64_t ranks,
                                      const std::string& coll) {
  std::vector<std::string> a = {"smpirun",
                                "-np",
                                std::to_string(ranks),
                                "-platform",
                                j.platform_xml,
                                "-hostfile",
                                j.hostfile,
                                "--cfg=smpi/privatization:no",
                                "--cfg=smpi/simulate-computation:no",
                                "--cfg=network/model:" + o.network_model,
                                std::string("--cfg=smpi/iprobe:") + kProbeCost,
                                "--cfg=smpi/shared-malloc-blocksize:" +
                                    std::to_string(shared_block_bytes(ranks, j.row.bytes)),
                                "--log=root.thresh:warning"};
  if (j.row.what == "mpi") a.push_back("--cfg=smpi/" + coll + ":" + j.row.algorithm);
  for (const std::string& x :
       {o.executor, schedule, std::string("--bytes"), std::to_string(j.row.bytes),
        std::string("--timing"), std::string("--json"), std::string("--only"),
        std::string(j.row.what == "mpi" ? "mpi" : "schedule"), std::string("--mpi-label"),
        j.row.algorithm})
    a.push_back(x);
  return a;
}

/// The last line of stderr that says what went wrong (SimGrid prints CRITICAL lines).
std::string failure_text(const ProcessResult& p) {
  if (p.timed_out) return "timed out";
  std::istringstream in(p.err);
  std::string line, best;
  while (std::getline(in, line))
    if (line.find("CRITICAL") != std::string::npos || line.find("error") != std::string::npos ||
        best.empty())
      best = line;
  constexpr std::size_t kMaxText = 300;
  if (best.size() > kMaxText) best = best.substr(0, kMaxText) + "...";
  return best.empty() ? "smpirun exited with " + std::to_string(p.exit_code) : best;
}

void run_job(Job& j, const std::string& schedule, const SimulateOptions& o, std::uint64_t ranks,
             const std::string& coll) {
  const ProcessResult p =
      run_process(smpirun_args(j, schedule, o, ranks, coll), o.workdir, o.timeout_seconds);
  const auto line = json_line(p.out);
  if (!line) {
    j.row.error = failure_text(p);
    return;
  }
  const auto js = nlohmann::json::parse(*line);
  const char* key = j.row.what == "mpi" ? "mpi_seconds" : "schedule_seconds";
  if (js.contains(key) && js[key].is_number()) j.row.seconds = js[key].get<double>();
  if (j.row.what == "schedule") j.row.pass = js.at("pass").get<bool>();
}

}  // namespace

std::uint64_t shared_block_bytes(std::uint64_t ranks, std::uint64_t m) {
  constexpr std::uint64_t kDefaultBlock = std::uint64_t{1} << 20,
                          kMaxBlock = std::uint64_t{1} << 30;
  const std::uint64_t need = ranks * kSharedBuffersPerRank * (ranks * m) / kSharedMapsBudget;
  return std::clamp(std::bit_ceil(need), kDefaultBlock, kMaxBlock);
}

std::optional<std::string> smpi_collective(const Collective& c) {
  using K = Collective::Kind;
  switch (c.kind()) {
    case K::TotalExchange:
      return "alltoall";
    case K::AllGather:
      return "allgather";
    case K::Broadcast:
      return "bcast";
    case K::Scatter:
      return "scatter";
    case K::Gather:
      return "gather";
    case K::AllReduce:
      return c.groups().empty() ? std::optional<std::string>("allreduce") : std::nullopt;
    case K::Reduce:
      return "reduce";
    case K::ReduceScatter:
      return "reduce_scatter";
    default:
      return std::nullopt;
  }
}

std::vector<std::string> smpi_algorithms(const std::string& collective,
                                         const std::string& workdir) {
  const std::string xml = workdir + "/one-host.xml", hosts = workdir + "/one-host.txt";
  write_file(xml,
             "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM "
             "\"https://simgrid.org/simgrid.dtd\">\n<platform version=\"4.1\"><zone id=\"z\" "
             "routing=\"Full\"><host id=\"h\" speed=\"1Gf\"/></zone></platform>\n");
  write_file(hosts, "h\n");
  const ProcessResult p = run_process({"smpirun", "-np", "1", "-platform", xml, "-hostfile", hosts,
                                       "--cfg=smpi/" + collective + ":netsched-asks", "true"},
                                      workdir, 60);
  const std::string marker = "Valid algorithms: ";
  const auto at = p.err.find(marker);
  if (at == std::string::npos)
    throw std::runtime_error("smpirun did not list the algorithms of " + collective + ": " +
                             failure_text(p));
  std::istringstream in(p.err.substr(at + marker.size(), p.err.find('.', at) - at - marker.size()));
  std::vector<std::string> out;
  std::string name;
  while (std::getline(in, name, ',')) {
    name.erase(0, name.find_first_not_of(' '));
    if (!name.empty() && name != "default" && name != "automatic") out.push_back(name);
  }
  return out;
}

SimulateResult simulate(const std::string& schedule_path, const Schedule& s,
                        const SimulateOptions& o) {
  const auto net = build_topology(s.topology);
  const std::uint64_t n = net->num_nodes();
  if (n > kSimulateMaxRanks)
    throw std::invalid_argument("simulate runs at most " + std::to_string(kSimulateMaxRanks) +
                                " ranks; the schedule has " + std::to_string(n));
  SimulateResult r{schedule_path, s.topology,     s.collective.name(), s.algorithm, "", n, {}, {},
                   o.links,       o.network_model};
  const auto coll = smpi_collective(s.collective);
  r.smpi_collective = coll.value_or("");
  const Platform mine = network_platform(*net, o.links);
  std::vector<Platform> platforms{mine};
  if (o.anchor)
    if (auto t = torus_cluster_platform(*net, o.links)) platforms.push_back(*t);
  std::vector<std::pair<std::string, std::string>> files;  // (xml, hostfile) per platform
  for (std::size_t i = 0; i < platforms.size(); ++i) {
    files.push_back({o.workdir + "/platform" + std::to_string(i) + ".xml",
                     o.workdir + "/hosts" + std::to_string(i) + ".txt"});
    write_file(files.back().first, platforms[i].xml);
    write_file(files.back().second, platforms[i].hostfile);
  }
  std::vector<std::string> algorithms = o.algorithms;
  if (coll && algorithms.empty()) algorithms = smpi_algorithms(*coll, o.workdir);
  if (!coll || algorithms == std::vector<std::string>{"none"}) algorithms.clear();
  std::vector<Job> jobs;
  for (std::uint64_t m : o.bytes) {
    for (std::size_t i = 0; i < platforms.size(); ++i)
      jobs.push_back({{m, "schedule", s.algorithm, platforms[i].kind, {}, {}, ""},
                      files[i].first,
                      files[i].second});
    for (const std::string& a : algorithms)
      jobs.push_back({{m, "mpi", a, mine.kind, {}, {}, ""}, files[0].first, files[0].second});
    const double bw = bandwidth_bytes_per_second(o.links.bandwidth);
    r.alpha_beta.push_back({m, static_cast<double>(o.steps) * latency_seconds(o.links.latency) +
                                   static_cast<double>(o.payload_sum * m) / bw});
  }
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t k; (k = next++) < jobs.size();)
      run_job(jobs[k], schedule_path, o, n, r.smpi_collective);
  };
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < std::max(1u, o.jobs); ++t) pool.emplace_back(worker);
  for (auto& t : pool) t.join();
  for (Job& j : jobs) r.rows.push_back(std::move(j.row));
  return r;
}

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
                   {"rows", nlohmann::json::array()},
                   {"alpha_beta", nlohmann::json::array()}};
  for (const SimRow& x : r.rows) {
    nlohmann::json row{
        {"bytes", x.bytes}, {"what", x.what}, {"algorithm", x.algorithm}, {"platform", x.platform}};
    row["seconds"] = x.seconds ? nlohmann::json(*x.seconds) : nlohmann::json();
    if (x.pass) row["pass"] = *x.pass;
    if (!x.error.empty()) row["error"] = x.error;
    j["rows"].push_back(row);
  }
  for (auto [m, t] : r.alpha_beta) j["alpha_beta"].push_back({{"bytes", m}, {"seconds", t}});
  return j;
}

std::string to_text(const SimulateResult& r) {
  constexpr int kWhat = 9, kAlgorithm = 26, kPlatform = 22, kSeconds = 12, kDigits = 4;
  std::ostringstream os;
  os << r.collective << " by " << r.algorithm << " on " << r.topology << ": " << r.ranks
     << " simulated hosts, links " << r.links.bandwidth << " / " << r.links.latency << ", "
     << r.network_model << " model\n";
  for (auto [m, ab] : r.alpha_beta) {
    os << "chunk size " << m << " B" << std::scientific << std::setprecision(kDigits) << ":\n";
    std::optional<double> mine;
    for (const SimRow& x : r.rows)
      if (x.bytes == m && x.what == "schedule" && x.platform == "netsched") mine = x.seconds;
    for (const SimRow& x : r.rows) {
      if (x.bytes != m) continue;
      os << "  " << std::left << std::setw(kWhat) << (x.what == "mpi" ? "MPI" : "netsched")
         << std::setw(kAlgorithm) << x.algorithm << std::setw(kPlatform) << x.platform;
      if (x.seconds)
        os << std::right << std::setw(kSeconds) << *x.seconds << " s";
      else
        os << "no time: " << x.error;
      if (x.seconds && mine && x.what == "mpi")
        os << "  " << std::fixed << std::setprecision(2) << *x.seconds / *mine << "x the schedule"
           << std::scientific << std::setprecision(kDigits);
      if (x.pass) os << (*x.pass ? "  (check passed)" : "  (CHECK FAILED)");
      os << "\n";
    }
    os << "  step model alpha-beta cost: " << ab << " s\n" << std::defaultfloat;
  }
  if (r.smpi_collective.empty()) os << "(MPI has no collective for " << r.collective << ")\n";
  return os.str();
}

}  // namespace netsched::exec
