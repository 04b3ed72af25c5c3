// Whole files or none (core/io.hpp): temporaries renamed into place, removed on a signal.
#include "core/io.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <mutex>
#include <stdexcept>

#include "core/errors.hpp"
#include "core/text.hpp"

namespace netsched {

namespace {

/// What the temporaries of `name` start with: "<name>.tmp." (the writer's pid follows).
std::string temp_prefix(const std::string& name) { return name + ".tmp."; }

/// This process's temporary of `path`: "<path>.tmp.<pid>".
std::string temp_name(const std::string& path) {
  return temp_prefix(path) + std::to_string(::getpid());
}

/// Removes "<path>.tmp.<pid>" files left by processes that no longer run (a killed writer).
void remove_stale_temps(const std::filesystem::path& target) {
  const std::filesystem::path dir =
      target.parent_path().empty() ? std::filesystem::path(".") : target.parent_path();
  const std::string prefix = temp_prefix(target.filename().string());
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) continue;
    const std::string pid = name.substr(prefix.size());
    if (pid.find_first_not_of("0123456789") != std::string::npos || pid.size() > 9) continue;
    const auto id = static_cast<pid_t>(std::stol(pid));
    if (id != ::getpid() && ::kill(id, 0) != 0 && errno == ESRCH)
      std::filesystem::remove(e.path(), ec);
  }
}

void write_stdout(std::string_view content) {
  if (std::fwrite(content.data(), 1, content.size(), stdout) != content.size() ||
      std::fflush(stdout) != 0)
    throw std::runtime_error(std::string("cannot write to standard output: ") +
                             std::strerror(errno));
}

/// fsync of the directory holding `path`, so that the rename itself is durable.
void sync_directory(const std::filesystem::path& path) {
  const std::filesystem::path dir =
      path.parent_path().empty() ? std::filesystem::path(".") : path.parent_path();
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd < 0) return;  // durability is best effort where the directory cannot be opened
  (void)::fsync(fd);
  ::close(fd);
}

}  // namespace

namespace {

/// Refuses a path that is not, or will not be, a regular file of its own.
void check_writable(const std::string& path) {
  std::error_code ec;
  const auto st = std::filesystem::symlink_status(path, ec);
  if (!ec && std::filesystem::is_symlink(st))
    throw InputError("will not write " + one_line_path(path) +
                     ": it is a symbolic link (give the file it points to)");
  if (!ec && std::filesystem::exists(st) && !std::filesystem::is_regular_file(st))
    throw InputError("will not write " + one_line_path(path) +
                     ": it exists and is not a regular file (a directory, FIFO or "
                     "device; - means standard output)");
}

/// The temporaries being written, for the signal handler to remove: fixed slots, each a path
/// published by its flag, so the handler reads them without locks or allocation.
constexpr std::size_t kTempSlots = 16, kTempPathMax = 4096;
struct TempSlot {
  std::atomic<bool> used{false};
  std::array<char, kTempPathMax> path{};
};
std::array<TempSlot, kTempSlots> temp_slots;
constexpr std::array<int, 3> kCleanedSignals = {SIGINT, SIGTERM, SIGHUP};
std::array<struct sigaction, kCleanedSignals.size()> previous_actions{};

/// Removes the temporaries being written, then does what the signal did before: calls the
/// handler that was there (as it was installed, with or without SA_SIGINFO), or ends the
/// process as the signal would have.
void remove_temps_on_signal(int sig, siginfo_t* info, void* context) {
  for (TempSlot& t : temp_slots)
    if (t.used.load(std::memory_order_acquire)) ::unlink(t.path.data());
  for (std::size_t i = 0; i < kCleanedSignals.size(); ++i) {
    if (kCleanedSignals[i] != sig) continue;
    const struct sigaction& before = previous_actions[i];
    if ((before.sa_flags & SA_SIGINFO) != 0) return before.sa_sigaction(sig, info, context);
    if (before.sa_handler == SIG_IGN) return;
    if (before.sa_handler != SIG_DFL) return before.sa_handler(sig);
  }
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

/// Holds `tmp` in a slot while it is written and renamed (a path too long for a slot, or more
/// writers than slots, are left to remove_stale_temps).
class TempRegistration {
 public:
  explicit TempRegistration(const std::string& tmp) {
    static std::once_flag installed;
    std::call_once(installed, [] {
      for (std::size_t i = 0; i < kCleanedSignals.size(); ++i) {
        // the flags the signal had (SA_RESTART or not) are kept: only the handler changes
        sigaction(kCleanedSignals[i], nullptr, &previous_actions[i]);
        struct sigaction sa {};
        sa.sa_sigaction = remove_temps_on_signal;
        sa.sa_flags = (previous_actions[i].sa_flags & ~SA_RESETHAND) | SA_SIGINFO;
        sigemptyset(&sa.sa_mask);
        sigaction(kCleanedSignals[i], &sa, nullptr);
      }
    });
    if (tmp.size() >= kTempPathMax) return;
    static std::mutex claim;
    std::lock_guard<std::mutex> lock(claim);
    for (TempSlot& t : temp_slots)
      if (!t.used.load(std::memory_order_relaxed)) {
        std::copy(tmp.begin(), tmp.end(), t.path.begin());
        t.path[tmp.size()] = '\0';
        t.used.store(true, std::memory_order_release);
        slot_ = &t;
        return;
      }
  }
  ~TempRegistration() {
    if (slot_) slot_->used.store(false, std::memory_order_release);
  }
  TempRegistration(const TempRegistration&) = delete;
  TempRegistration& operator=(const TempRegistration&) = delete;

 private:
  TempSlot* slot_ = nullptr;
};

/// `content` in the temporary of `path`, synced; returns the temporary's name. Throws
/// std::runtime_error (the temporary removed) when it cannot be written.
std::string write_temporary(const std::string& path, std::string_view content) {
  remove_stale_temps(path);
  const std::string tmp = temp_name(path);
  std::remove(tmp.c_str());  // a stale temporary of an earlier process with our pid
  std::FILE* f = std::fopen(tmp.c_str(), "wbx");  // x: never through a link planted there
  if (!f)
    throw std::runtime_error("cannot write " + one_line_path(path) + ": " + std::strerror(errno));
  const bool ok = std::fwrite(content.data(), 1, content.size(), f) == content.size() &&
                  std::fflush(f) == 0 && ::fsync(::fileno(f)) == 0;
  const bool closed = std::fclose(f) == 0;
  if (!ok || !closed) {
    const std::string why = std::strerror(errno);
    std::remove(tmp.c_str());
    throw std::runtime_error("cannot write " + one_line_path(path) + ": " + why);
  }
  return tmp;
}

}  // namespace

void check_directory_of(const std::string& path) {
  const std::filesystem::path dir = std::filesystem::path(path).parent_path();
  std::error_code ec;
  if (!dir.empty() && !std::filesystem::is_directory(dir, ec))
    throw InputError("no directory " + one_line_path(dir.string()));
}

void check_output_path(const std::string& path) {
  if (path == kStdoutPath) return;
  check_writable(path);
  try {
    check_directory_of(path);
  } catch (const InputError& e) {
    throw InputError("cannot write " + one_line_path(path) + ": " + e.what());
  }
}

void write_file_atomic(const std::string& path, std::string_view content) {
  if (path == kStdoutPath) return write_stdout(content);
  write_files_atomic({{path, content}});
}

void write_files_atomic(const std::vector<std::pair<std::string, std::string_view>>& files) {
  for (const auto& [path, content] : files) check_writable(path);
  std::vector<std::string> temps;
  std::vector<std::unique_ptr<TempRegistration>> held;  // removed by a signal until renamed
  try {
    for (const auto& [path, content] : files) {
      held.push_back(std::make_unique<TempRegistration>(temp_name(path)));
      temps.push_back(write_temporary(path, content));
    }
  } catch (...) {
    for (const std::string& t : temps) std::remove(t.c_str());
    throw;
  }
  for (std::size_t i = 0; i < files.size(); ++i)
    if (std::rename(temps[i].c_str(), files[i].first.c_str()) != 0) {
      const std::string why = std::strerror(errno);
      for (std::size_t j = i; j < temps.size(); ++j) std::remove(temps[j].c_str());
      throw std::runtime_error("cannot write " + one_line_path(files[i].first) + ": " + why);
    }
  for (const auto& [path, content] : files) sync_directory(path);
}

std::string one_line_path(std::string_view path) {
  constexpr std::size_t kShown = 200;
  return one_line(path, kShown);
}

namespace {

/// Closes a file descriptor when it goes out of scope.
struct FdCloser {
  int fd;
  ~FdCloser() { ::close(fd); }
};

std::string cannot_read(const std::string& path, const std::string& why) {
  return "cannot read " + one_line_path(path) + ": " + why;
}

}  // namespace

std::string read_file(const std::string& path, std::uint64_t max_bytes, const std::string& limit) {
  // Opened without blocking and checked on the open descriptor, so the path cannot turn into a
  // FIFO or a device between the check and the read; read at most max_bytes + 1 bytes, so a
  // file whose size stat does not tell (/proc) is bounded too.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0)
    throw InputError(cannot_read(path, errno == ENOENT ? "no such file" : std::strerror(errno)));
  const FdCloser closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) throw InputError(cannot_read(path, std::strerror(errno)));
  if (!S_ISREG(st.st_mode)) throw InputError(cannot_read(path, "not a regular file"));
  const auto too_large = [&](std::uint64_t size) {
    return InputError(cannot_read(path, std::to_string(size) + " bytes, over the limit " + limit +
                                            " = " + std::to_string(max_bytes)));
  };
  if (static_cast<std::uint64_t>(st.st_size) > max_bytes)
    throw too_large(static_cast<std::uint64_t>(st.st_size));
  std::string out;
  out.resize(static_cast<std::size_t>(st.st_size));
  std::size_t have = 0;
  constexpr std::size_t kBlock = std::size_t{1} << 16;
  for (;;) {
    if (have == out.size()) {
      if (have > max_bytes) throw too_large(have);
      out.resize(have + kBlock);
    }
    const ssize_t got = ::read(fd, out.data() + have, out.size() - have);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw InputError(cannot_read(path, std::strerror(errno)));
    if (got == 0) break;
    have += static_cast<std::size_t>(got);
  }
  if (have > max_bytes) throw too_large(have);
  out.resize(have);
  return out;
}

}  // namespace netsched
