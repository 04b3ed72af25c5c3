#pragma once
/// Running smpirun and mpirun: a child process with its output captured and a wall-clock limit.
#include <optional>
#include <string>
#include <vector>

namespace netsched::exec {

struct ProcessResult {
  int exit_code = -1;  ///< the child's exit status; -1 when it was killed or did not start
  bool timed_out = false;
  std::string out, err;
};

/// Runs argv[0] (looked up in PATH) with its output in files under `workdir`, killing its
/// process group after `timeout_seconds` (0: no limit). Throws std::runtime_error when the
/// program cannot be started.
ProcessResult run_process(const std::vector<std::string>& argv, const std::string& workdir,
                          double timeout_seconds = 0);

/// The first line of `text` that parses as a JSON object, if any (the executor prints one).
std::optional<std::string> json_line(const std::string& text);

}  // namespace netsched::exec
