#pragma once
/// Running smpirun and mpirun: a child process with its output captured, a wall-clock limit and
/// a memory limit.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace netsched::exec {

struct ProcessResult {
  int exit_code = -1;  ///< the child's exit status; -1 when it was killed or did not start
  bool timed_out = false;
  /// Stopped because its processes held more memory than the run's limit.
  bool over_memory = false;
  /// The most memory its processes held at one sample (tree_memory_bytes; with a memory limit).
  std::uint64_t peak_memory = 0;
  std::uint64_t memory_limit = 0;  ///< the limit it ran under (0: none)
  std::string out, err;
  /// Stopped by run_process, at the timeout or the memory limit (not ended by itself).
  bool stopped() const { return timed_out || over_memory; }
};

/// Process `pid`'s group and every descendant of it, in whatever group: the processes a run
/// started (mpirun gives each rank a process group of its own).
std::vector<long> process_tree(int pid);
/// The memory the processes of process_tree(pid) hold: the sum of their resident anonymous memory
/// (RssAnon in /proc/PID/status: heaps, stacks, what MPI's algorithms allocate). SMPI's shared
/// buffers are mappings of one file, mapped again for every rank, and are not counted: their
/// resident set size counts each mapping (tens of GB for a run that holds under 1 GB), and their
/// proportional set size (Pss) takes a walk of every page table to read, up to a second for such
/// a run. 0 when /proc says nothing of them.
std::uint64_t tree_memory_bytes(int pid);

/// Runs argv[0] (looked up in PATH) with its output in files under `workdir`, stopping its
/// process group after `timeout_seconds` (0: no limit): with SIGINT first when `grace_seconds`
/// is above 0 (SimGrid then prints its clock and every actor's state, and exits), with SIGKILL
/// once the grace is over or at once without one, and then every descendant it had when it was
/// stopped, in whatever group. Throws std::runtime_error when the program cannot be started, and
/// Interrupted once SIGINT or SIGTERM has arrived (the child's process group is killed first,
/// then every orphan of it: stop_children_on_signals makes them this process's children). With
/// `memory_bytes` above 0 the memory of the group and its descendants is sampled every
/// kMemorySampleSeconds and the group is stopped as at the timeout once they hold more.
ProcessResult run_process(const std::vector<std::string>& argv, const std::string& workdir,
                          double timeout_seconds = 0, double grace_seconds = 0,
                          std::uint64_t memory_bytes = 0);
/// "stopped at the memory budget: its processes held X, over Y (--max-memory sets it)", for a
/// result stopped over its memory limit.
std::string memory_stop_text(const ProcessResult& p);
/// How often run_process samples a group's memory (a read of a few counters per process).
inline constexpr double kMemorySampleSeconds = 0.5;

/// Thrown by run_process after SIGINT or SIGTERM: the caller unwinds (its scratch directories
/// are removed by their destructors) and the program ends by the signal.
struct Interrupted : std::runtime_error {
  explicit Interrupted(int sig) : std::runtime_error("interrupted"), signal(sig) {}
  int signal;
};

/// Installs the SIGINT and SIGTERM handlers: every running child's process group is killed at
/// once and the next run_process call (or the one waiting) throws Interrupted. Makes this
/// process a child subreaper (prctl), so that what a child started in groups of its own
/// (mpirun's ranks) becomes this process's when the child dies, and is killed then too.
void stop_children_on_signals();
/// The signal that arrived (0: none).
int interrupted();

/// The first paragraph of a program's error output on one line, banner lines of dashes skipped
/// ("There are not enough slots available ..." from mpirun's boxed explanation); empty when
/// there is none.
std::string first_paragraph(const std::string& err);

/// The first line of `text` that parses as a JSON object, if any (the executor prints one).
std::optional<std::string> json_line(const std::string& text);

}  // namespace netsched::exec
