// Files written whole or not at all (core/io.hpp): a signal during a write leaves no
// temporary behind, and an output path that cannot be written is refused before any work.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include "core/errors.hpp"
#include "core/io.hpp"

using namespace netsched;

namespace {

namespace fs = std::filesystem;

/// A fresh scratch directory under the system's temporary one.
fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / (name + "." + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

/// Forks a writer of `bytes` bytes to `target`; SIGTERM it once its temporary appears. Returns
/// whether the signal came while the temporary existed (the writer may finish first).
bool interrupt_a_write(const fs::path& target, std::size_t bytes) {
  const std::string tmp = target.string() + ".tmp.";
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    write_file_atomic(target.string(), std::string(bytes, 'x'));
    ::_exit(0);
  }
  const std::string temp = tmp + std::to_string(child);
  bool caught = false;
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!caught && std::chrono::steady_clock::now() < until) {
    if (fs::exists(temp)) {
      ::kill(child, SIGTERM);
      caught = true;
    } else if (::waitpid(child, nullptr, WNOHANG) == child) {
      return false;  // finished before its temporary was seen
    }
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  CHECK(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGTERM);
  CHECK_FALSE(fs::exists(temp));
  return caught;
}

}  // namespace

TEST_CASE("a signal during a write removes the temporary and leaves the target as it was") {
  const fs::path dir = scratch("netsched_io");
  const fs::path target = dir / "out.json";
  bool caught = false;
  for (std::size_t mb = 64; !caught && mb <= 1024; mb *= 2) {
    fs::remove(target);
    caught = interrupt_a_write(target, mb << 20);
  }
  CHECK(caught);
  CHECK_FALSE(fs::exists(target));
  fs::remove_all(dir);
}

TEST_CASE("an output path is checked before any work") {
  const fs::path dir = scratch("netsched_out");
  CHECK_NOTHROW(check_output_path((dir / "new.json").string()));
  CHECK_NOTHROW(check_output_path("-"));
  CHECK_THROWS_WITH(check_output_path(dir.string()),
                    "will not write " + dir.string() +
                        ": it exists and is not a regular file (a directory, FIFO or device; - "
                        "means standard output)");
  CHECK_THROWS_WITH(check_output_path((dir / "none" / "x.json").string()),
                    "cannot write " + (dir / "none" / "x.json").string() + ": no directory " +
                        (dir / "none").string());
  fs::remove_all(dir);
}
