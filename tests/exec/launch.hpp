#pragma once
// The executor under a launcher, for the tests of real runs: mpirun (OpenMPI) or smpirun on a
// platform written from the schedule's network; and simulate's options for a checked schedule.
#include <unistd.h>

#include <fstream>
#include <string>
#include <vector>

#include "analysis/checked.hpp"
#include "exec/platform.hpp"
#include "exec/process.hpp"
#include "exec/simulate.hpp"
#include "gen/topology.hpp"
#include "tests/helpers.hpp"

namespace netsched::test {

/// mpirun (OpenMPI) or smpirun (SimGrid) on the executor; returns (exit code, stdout).
inline exec::ProcessResult run_executor(bool smpi, const std::string& file, const Schedule& s,
                                        const netsched::test::TempDir& dir,
                                        const std::vector<std::string>& extra = {}) {
  const std::uint64_t n = s.collective.nodes();
  std::vector<std::string> args;
  if (smpi) {
    const exec::Platform p =
        exec::network_platform(*build_switched_schedule_topology(s.topology), {});
    std::ofstream(dir.path + "/p.xml") << p.xml;
    std::ofstream(dir.path + "/h.txt") << p.hostfile;
    args = {"smpirun",
            "-np",
            std::to_string(n),
            "-platform",
            dir.path + "/p.xml",
            "-hostfile",
            dir.path + "/h.txt",
            "--cfg=smpi/privatization:no",
            "--cfg=smpi/simulate-computation:no",
            "--cfg=smpi/iprobe:1e-9",
            "--log=root.thresh:warning",
            NETSCHED_EXEC_SMPI_PATH};
  } else {
    args = {"mpirun", "-np", std::to_string(n), "--oversubscribe"};
    if (::geteuid() == 0) args.push_back("--allow-run-as-root");
    args.push_back(NETSCHED_EXEC_PATH);
  }
  args.push_back(file);
  args.insert(args.end(), {"--bytes", "40", "--json"});
  args.insert(args.end(), extra.begin(), extra.end());
  return exec::run_process(args, dir.path, 120);
}

/// simulate's options for the checked schedule c with scratch in dir: the built programs, the
/// sizes and MPI algorithms given, and c's steps and payload sum for the alpha-beta column.
inline exec::SimulateOptions sim_options(const TempDir& dir, const CheckedSchedule& c,
                                         std::vector<std::uint64_t> bytes,
                                         std::vector<std::string> algorithms) {
  exec::SimulateOptions o;
  o.bytes = std::move(bytes);
  o.algorithms = std::move(algorithms);
  o.executor = NETSCHED_EXEC_SMPI_PATH;
  o.platform_check = NETSCHED_PLATFORM_CHECK_PATH;
  o.smpi_replay = NETSCHED_SMPI_REPLAY_PATH;
  o.workdir = dir.path;
  o.steps = c.verification().check.steps;
  o.payload_sum = c.verification().check.payload_sum;
  return o;
}

}  // namespace netsched::test
