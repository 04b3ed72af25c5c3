#pragma once
/// `--timeout S` as a wall-clock deadline for a whole command, not per solver query.
///
/// Why: Z3 honours its own timeout only where it checks its resource limit, and some of its
/// preprocessing does not; a search also asks many queries. So the command computes one
/// deadline, gives each query what is left, and a watchdog thread stops the process shortly
/// after the deadline if it is still running: it prints what was proven so far (kept current
/// by the command through so_far()) and exits 4 (unknown).
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

namespace netsched::cli {

/// What the watchdog prints for a command with nothing proven yet: `fields` plus
/// "reason": "deadline reached" as JSON, or `line` + " (deadline reached)".
std::string unknown_at_deadline(bool json, nlohmann::json fields, const std::string& line);

class CommandDeadline {
 public:
  /// How long after the deadline the watchdog waits for the command to answer by itself.
  static constexpr std::chrono::milliseconds kGrace{1000};

  explicit CommandDeadline(unsigned seconds);
  ~CommandDeadline();
  CommandDeadline(const CommandDeadline&) = delete;
  CommandDeadline& operator=(const CommandDeadline&) = delete;

  std::chrono::steady_clock::time_point at() const { return at_; }
  /// Milliseconds left (at least 1, so that a solver never reads 0 as "no limit").
  unsigned remaining_ms() const;
  /// What the watchdog prints on stdout if it has to stop the command (replaces the last).
  void so_far(std::string text);
  /// The command answers by itself: the watchdog stays silent from now on.
  void finish();

 private:
  void watch();
  std::chrono::steady_clock::time_point at_;
  unsigned seconds_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool finished_ = false;
  std::string so_far_;
  std::thread thread_;
};

}  // namespace netsched::cli
