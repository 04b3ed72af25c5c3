#pragma once
/// Runs the netsched binary from a test: exit code, stdout and stderr.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/scratch.hpp"

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
  const std::string out = netsched::testing::scratch_path("cli.out");
  const std::string err = netsched::testing::scratch_path("cli.err");
  const std::string cmd =
      prefix + std::string(NETSCHED_BIN) + " " + args + " >" + out + " 2>" + err;
  const int status = std::system(cmd.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
}

inline Run run(const std::string& args) { return run_with("", args); }

}  // namespace
