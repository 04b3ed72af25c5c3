#pragma once
/// Runs the netsched binary from a test: exit code, stdout and stderr.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {

struct Run {
  int code;
  std::string out, err;
};

inline std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Runs `prefix` + the binary + `args` through the shell (a prefix such as "ulimit -v N;").
inline Run run_with(const std::string& prefix, const std::string& args) {
  // ctest runs test cases in parallel processes: keep each process's files apart
  const auto dir = std::filesystem::temp_directory_path();
  const std::string tag = std::to_string(::getpid());
  const std::string out = (dir / ("netsched_cli_out." + tag)).string();
  const std::string err = (dir / ("netsched_cli_err." + tag)).string();
  const std::string cmd =
      prefix + std::string(NETSCHED_BIN) + " " + args + " >" + out + " 2>" + err;
  const int status = std::system(cmd.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
}

inline Run run(const std::string& args) { return run_with("", args); }

}  // namespace
