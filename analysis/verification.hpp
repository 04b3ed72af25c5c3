#pragma once
/// A schedule's full verification: the simulator verdict, its cost, the paper's bound and the
/// lower bound, as JSON (the keys of `netsched verify --json`) and as a file record.
///
/// Why here: the verdict comes from verify/, the paper's bound from papers/; the record that a
/// schedule file carries needs both, so it is put together above them.
#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "core/schedule_io.hpp"
#include "papers/papers.hpp"
#include "verify/lower_bounds.hpp"
#include "verify/simulator.hpp"

namespace netsched {

/// Alpha-beta cost parameters: step time = t_s + t_w * m * (largest payload of the step).
/// (`netsched gen --bytes`: t_s the link latency in seconds, t_w seconds per byte, m the bytes
/// of one chunk.)
struct CostModel {
  double ts = 1, tw = 1, m = 1;
  /// The cost of `steps` steps whose largest payloads sum to `payload_sum` chunks.
  double of(std::uint64_t steps, std::uint64_t payload_sum) const {
    return static_cast<double>(steps) * ts + static_cast<double>(payload_sum) * tw * m;
  }
};

struct Verification {
  CheckResult check;
  std::optional<PaperBound> bound;
  std::optional<LowerBound> lower;
  /// The cut certifying the exact bandwidth bound (analysis/bandwidth_bound.hpp), where one was
  /// computed for this schedule (gen --bytes) or read from its file; recounted before it is set.
  std::optional<CutRecord> bandwidth_cut;
  /// The link lengths certifying a total exchange's bandwidth bound
  /// (analysis/congestion_bound.hpp), likewise; recounted before it is set.
  std::optional<LengthCertificate> bandwidth_lengths;
  /// JSON with ok, steps, payload_sum, transfers, cost, bound, lower_bound, within_bound,
  /// bandwidth_cut and bandwidth_lengths (when there are), violation (when not ok).
  nlohmann::json to_json(const Schedule& s, const CostModel& cost) const;
  /// The record stored in a schedule file.
  VerificationRecord record() const;
};

/// A violation as JSON: rule, message, step, transfer, node, chunk (null where absent).
nlohmann::json violation_json(const Violation& v);

/// A check's result with the paper's bound and the lower bound that apply to `s` on `t`.
Verification verification_of(const Network& t, const Schedule& s, CheckResult check);

/// Runs the simulator and computes the bounds.
Verification verify_schedule(
    const Network& t, const Schedule& s, Engine engine = Engine::Auto,
    const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});

/// Throws InputError ("tampered: ...") when a file's record disagrees with a fresh
/// verification of its content.
void check_record(const VerificationRecord& recorded, const VerificationRecord& fresh);
/// As above, and a recorded bandwidth cut recounted on `t`: its links and bandwidth from its
/// side, and the chunks the collective must move across it (an all-gather's or reduce-scatter's
/// |S| blocks, a broadcast's one message with the root on the side). InputError "tampered"
/// otherwise.
void check_record(const VerificationRecord& recorded, const VerificationRecord& fresh,
                  const Network& t, const Collective& c);

}  // namespace netsched
