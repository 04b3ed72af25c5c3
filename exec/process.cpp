// Child processes for the MPI launchers (exec/process.hpp).
#include "exec/process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include "core/limits.hpp"
#include "core/text.hpp"

extern char** environ;  // NOLINT(readability-redundant-declaration): POSIX, for posix_spawnp

namespace netsched::exec {
namespace {

constexpr mode_t kFileMode = 0644;  // rw-r--r--

/// The process groups of the running children, read by the signal handler (lock-free slots).
constexpr std::size_t kMaxChildren = 256;
std::array<std::atomic<pid_t>, kMaxChildren> children{};
std::atomic<int> arrived{0};

void on_signal(int sig) {
  arrived.store(sig);
  for (auto& c : children) {
    const pid_t pid = c.load();
    if (pid > 0) kill(-pid, SIGKILL);
  }
}

/// Registers a child's process group for the handler while it runs.
class ChildSlot {
 public:
  explicit ChildSlot(pid_t pid) {
    for (auto& c : children) {
      pid_t empty = 0;
      if (c.compare_exchange_strong(empty, pid)) {
        slot_ = &c;
        break;
      }
    }
    if (arrived.load() != 0) kill(-pid, SIGKILL);  // the signal came while it started
  }
  ChildSlot(const ChildSlot&) = delete;
  ChildSlot& operator=(const ChildSlot&) = delete;
  ~ChildSlot() {
    if (slot_) slot_->store(0);
  }

 private:
  std::atomic<pid_t>* slot_ = nullptr;
};

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

/// argv[0] started in a process group of its own, its output in the two files, its input empty.
pid_t spawn_in_group(const std::vector<std::string>& argv, const std::string& out_path,
                     const std::string& err_path) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, out_path.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, kFileMode);
  posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, err_path.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, kFileMode);
  posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attr, 0);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int rc = posix_spawnp(&pid, args[0], &fa, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&attr);
  if (rc != 0)
    throw std::runtime_error("cannot start " + argv[0] + ": " + std::string(strerror(rc)));
  return pid;
}

/// A process's parent and group (/proc/PID/stat: pid (comm) state ppid pgrp ...).
struct ProcessIds {
  long pid = 0, ppid = 0, pgrp = 0;
};

std::optional<ProcessIds> process_ids(const std::string& pid) {
  const std::string stat = slurp("/proc/" + pid + "/stat");
  const std::size_t comm_end = stat.rfind(')');
  if (comm_end == std::string::npos) return std::nullopt;
  std::istringstream in(stat.substr(comm_end + 1));
  std::string state;
  ProcessIds ids;
  if (!(in >> state >> ids.ppid >> ids.pgrp)) return std::nullopt;
  ids.pid = std::stol(pid);
  return ids;
}

/// Every process /proc lists.
std::vector<ProcessIds> all_processes() {
  std::vector<ProcessIds> all;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    if (const auto ids = process_ids(name)) all.push_back(*ids);
  }
  return all;
}

/// The processes whose parent is `parent`.
std::vector<long> children_of(long parent) {
  std::vector<long> out;
  for (const ProcessIds& p : all_processes())
    if (p.ppid == parent) out.push_back(p.pid);
  return out;
}

/// RssAnon of /proc/PID/status in bytes, 0 when it says none.
std::uint64_t anonymous_bytes(long pid) {
  constexpr std::uint64_t kKiB = 1024;
  std::istringstream status(slurp("/proc/" + std::to_string(pid) + "/status"));
  for (std::string key; status >> key;)
    if (std::uint64_t kib = 0; key == "RssAnon:" && status >> kib) return kib * kKiB;
  return 0;
}

}  // namespace

std::vector<long> process_tree(int pid) {
  std::unordered_map<long, std::vector<long>> by_parent;
  std::vector<long> todo;
  for (const ProcessIds& p : all_processes()) {
    by_parent[p.ppid].push_back(p.pid);
    if (p.pgrp == pid) todo.push_back(p.pid);  // the group, whoever started its members
  }
  std::unordered_set<long> seen;
  std::vector<long> out;
  while (!todo.empty()) {
    const long p = todo.back();
    todo.pop_back();
    if (!seen.insert(p).second) continue;
    out.push_back(p);
    const auto at = by_parent.find(p);
    if (at != by_parent.end()) todo.insert(todo.end(), at->second.begin(), at->second.end());
  }
  return out;
}

std::uint64_t tree_memory_bytes(int pid) {
  std::uint64_t total = 0;
  for (const long p : process_tree(pid)) total += anonymous_bytes(p);
  return total;
}

std::string memory_stop_text(const ProcessResult& p) {
  return "stopped at the memory budget: its processes held " + bytes_text(p.peak_memory) +
         ", over " + bytes_text(p.memory_limit) + " (--max-memory sets it)";
}

void stop_children_on_signals() {
  // orphans of the children (mpirun's ranks, once the handler has killed mpirun) become this
  // process's children, where run_process finds them
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}

int interrupted() { return arrived.load(); }

ProcessResult run_process(const std::vector<std::string>& argv, const std::string& workdir,
                          double timeout_seconds, double grace_seconds,
                          std::uint64_t memory_bytes) {
  if (const int sig = interrupted()) throw Interrupted(sig);
  static std::atomic<unsigned> counter{0};
  const std::string stem = workdir + "/proc" + std::to_string(counter++);
  const std::string out_path = stem + ".out", err_path = stem + ".err";
  const pid_t pid = spawn_in_group(argv, out_path, err_path);
  const ChildSlot slot(pid);
  ProcessResult r;
  r.memory_limit = memory_bytes;
  const auto start = std::chrono::steady_clock::now();
  int status = 0;
  constexpr auto kPoll = std::chrono::milliseconds(20);
  bool leader_ended = false;
  std::optional<double> stopped_at;  // seconds after the start
  std::vector<long> stopped_tree;    // the group and its descendants when it was stopped
  double next_sample = 0;
  // after SIGINT the group's other processes may outlive the leader (smpirun's shell, SimGrid
  // under it still printing): their output is awaited until the group is gone or the grace ends
  while (!leader_ended || (stopped_at && kill(-pid, 0) == 0)) {
    if (!leader_ended && waitpid(pid, &status, WNOHANG) != 0) {
      leader_ended = true;
      continue;
    }
    const double waited =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (memory_bytes > 0 && !stopped_at && waited >= next_sample) {
      next_sample = waited + kMemorySampleSeconds;
      r.peak_memory = std::max(r.peak_memory, tree_memory_bytes(pid));
      r.over_memory = r.peak_memory > memory_bytes;
    }
    if (!stopped_at && (r.over_memory || (timeout_seconds > 0 && waited > timeout_seconds))) {
      r.timed_out = !r.over_memory;
      stopped_at = waited;
      stopped_tree = process_tree(pid);  // their parents may end first and leave them
      kill(-pid, grace_seconds > 0 ? SIGINT : SIGKILL);
    }
    if (stopped_at && waited > *stopped_at + grace_seconds) {
      kill(-pid, SIGKILL);
      if (!leader_ended) waitpid(pid, &status, 0);
      break;
    }
    std::this_thread::sleep_for(kPoll);
  }
  // what the group started in groups of its own (mpirun's ranks) may outlive it; after a
  // signal killed the group, they are this process's children (stop_children_on_signals)
  std::vector<long> doomed = stopped_tree;
  if (interrupted()) {
    const std::vector<long> orphans = children_of(getpid());
    doomed.insert(doomed.end(), orphans.begin(), orphans.end());
  }
  for (const long p : doomed) kill(static_cast<pid_t>(p), SIGKILL);
  for (const long p : doomed)  // gone before this returns: those now this process's children
    if (p != pid) waitpid(static_cast<pid_t>(p), nullptr, 0);
  if (!r.stopped() && WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  r.out = slurp(out_path);
  r.err = slurp(err_path);
  unlink(out_path.c_str());
  unlink(err_path.c_str());
  if (const int sig = interrupted()) throw Interrupted(sig);
  return r;
}

std::string first_paragraph(const std::string& err) {
  std::istringstream in(err);
  std::string line, out;
  while (std::getline(in, line)) {
    const bool banner = line.find_first_not_of("- ") == std::string::npos;
    if (banner && out.empty()) continue;
    if (banner) break;  // a blank line or the box's closing dashes end the paragraph
    const std::size_t from = line.find_first_not_of(" \t");
    out += (out.empty() ? "" : " ") + line.substr(from, line.find_last_not_of(" \t\r") + 1 - from);
  }
  constexpr std::size_t kMaxChars = 300;
  return one_line(out, kMaxChars);
}

std::optional<std::string> json_line(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line))
    if (!line.empty() && line.front() == '{' && line.back() == '}') return line;
  return std::nullopt;
}

}  // namespace netsched::exec
