#include "app/deadline.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>

#include "app/cli.hpp"
#include "core/verdict.hpp"

namespace netsched::cli {

std::string unknown_at_deadline(bool json, nlohmann::json fields, const std::string& line) {
  if (!json) return line + " (deadline reached)\n";
  fields["reason"] = "deadline reached";
  return fields.dump(2) + "\n";
}

CommandDeadline::CommandDeadline(unsigned seconds)
    : at_(std::chrono::steady_clock::now() + std::chrono::seconds(seconds)),
      seconds_(seconds),
      thread_([this] { watch(); }) {}

CommandDeadline::~CommandDeadline() {
  finish();
  thread_.join();
}

unsigned CommandDeadline::remaining_ms() const {
  const auto left =
      std::chrono::duration_cast<std::chrono::milliseconds>(at_ - std::chrono::steady_clock::now());
  return static_cast<unsigned>(std::max<std::int64_t>(1, left.count()));
}

void CommandDeadline::so_far(std::string text) {
  std::lock_guard<std::mutex> lock(mu_);
  so_far_ = std::move(text);
}

void CommandDeadline::finish() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    finished_ = true;
  }
  cv_.notify_all();
}

void CommandDeadline::watch() {
  std::unique_lock<std::mutex> lock(mu_);
  if (cv_.wait_until(lock, at_ + kGrace, [this] { return finished_; })) return;
  // Still running after the deadline and its grace: answer unknown with what is proven.
  progress_done();
  std::fwrite(so_far_.data(), 1, so_far_.size(), stdout);
  std::fflush(stdout);
  std::cerr << "netsched: the deadline of " << seconds_
            << " s (--timeout) passed: answering unknown with what was proven so far\n";
  std::_Exit(to_int(ExitCode::Unknown));
}

}  // namespace netsched::cli
