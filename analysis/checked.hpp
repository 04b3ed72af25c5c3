#pragma once
/// Checked generation: the one way to get a schedule out of the library. A generator (gen/)
/// produces a Schedule; only check_schedule() turns it into a CheckedSchedule, after the
/// simulator (verify/) has judged it and the papers' bounds (papers/) are attached. Writing a
/// schedule file takes a CheckedSchedule, so "no schedule leaves unchecked" is a property of the
/// types, not a habit of each caller (CLI, claims, props, demo).
#include <optional>
#include <string>

#include "analysis/verification.hpp"
#include "core/network.hpp"
#include "core/schedule_io.hpp"
#include "gen/algorithms.hpp"

namespace netsched {

/// A schedule together with its verification; made only by check_schedule().
class CheckedSchedule {
 public:
  const Schedule& schedule() const { return schedule_; }
  const Verification& verification() const { return verification_; }
  /// Whether the simulator found the schedule to hold.
  bool holds() const { return verification_.check.ok(); }
  /// Attaches the cut that certifies the collective's exact bandwidth bound on t, recounted
  /// first (a cut that does not recount is a netsched bug: std::logic_error).
  void certify(const Network& t, const CutRecord& cut);
  /// Attaches the link lengths that certify a total exchange's bandwidth bound on t, recounted
  /// first (likewise).
  void certify(const Network& t, const LengthCertificate& lengths);

 private:
  CheckedSchedule(Schedule s, Verification v)
      : schedule_(std::move(s)), verification_(std::move(v)) {}
  friend CheckedSchedule check_schedule(
      const Network& t, Schedule s, Engine engine,
      const std::function<void(std::uint64_t, std::uint64_t)>& progress);
  Schedule schedule_;
  Verification verification_;
};

/// Runs the simulator on `s` and computes its bounds.
CheckedSchedule check_schedule(
    const Network& t, Schedule s, Engine engine = Engine::Auto,
    const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});

/// Generates and checks. A violated schedule is a generator bug (std::logic_error naming the
/// generator and the violation), except for an algorithm reproduced "-as-printed" from a paper,
/// which comes back violated so that the caller can show the paper's error.
CheckedSchedule generate_checked(
    const Network& t, const GenRequest& request, Engine engine = Engine::Auto,
    const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});

/// The file text of `s` with its verification record (what write_schedule writes). Throws
/// std::logic_error for a schedule that does not hold, or whose rule-form steps read back as
/// another schedule.
std::string schedule_file_text(const CheckedSchedule& s, StepForm form = StepForm::Auto);

/// Writes `s` with its verification record, atomically. Throws std::logic_error for a schedule
/// that does not hold: no violated schedule is ever written. `form`: how steps are written.
void write_schedule(const std::string& path, const CheckedSchedule& s,
                    StepForm form = StepForm::Auto);

}  // namespace netsched
