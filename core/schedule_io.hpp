#pragma once
/// Schedule files, format v1 (docs/schedule-format.md): versioned JSON with columnar steps and
/// an optional verification record whose content hash covers everything else in the file.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "core/errors.hpp"
#include "core/schedule.hpp"
#include "core/structure.hpp"

namespace netsched {

/// What every "tampered" refusal ends with: how to check a schedule that was edited by hand.
inline constexpr std::string_view kEditedScheduleHint =
    " (to check a schedule edited by hand, delete its \"verification\" record: it is then "
    "checked afresh)";

inline constexpr const char* kScheduleFormat = "netsched-schedule";
inline constexpr int kScheduleVersion = 1;

// Limits of the file format, checked while reading (docs/schedule-format.md).
/// Largest matrix side m of a matmul, and largest row and column count of a vecmat.
inline constexpr std::uint64_t kMaxMatrixSize = 4096;
/// Most registers a schedule declares (indices are 16-bit).
inline constexpr std::uint64_t kMaxRegisters = 0xffff;
/// The most pieces a vector all-reduce splits each node's vector into (2 registers a piece), or
/// a pieced broadcast its message into.
inline constexpr std::uint64_t kMaxPieces = 4096;
/// Most digits of a mixed radix, and the largest radix.
inline constexpr std::uint64_t kMaxDigits = 64;
inline constexpr std::uint64_t kMaxRadix = 65536;
/// Largest schedule file read (512 MiB; the 6.48M-node broadcast is 103 MB): checked on the
/// file's size before reading.
inline constexpr std::uint64_t kMaxScheduleBytes = std::uint64_t{1} << 29;

/// What a checker recorded about a schedule.
/// A cut that proves a bandwidth lower bound (analysis/bandwidth_bound.hpp): its sending side S,
/// the links leaving it and their bandwidth (in multiples of the default), and the chunks (or
/// blocks, or messages) every schedule must move across them. Anyone can recount it from S.
struct CutRecord {
  std::vector<std::uint32_t> side;
  std::uint64_t links = 0;
  double bandwidth = 0;
  std::uint64_t chunks = 0;
  bool operator==(const CutRecord&) const = default;
};

/// Lengths on the directed links that prove a total exchange's bandwidth bound
/// (analysis/congestion_bound.hpp): T >= distance_sum / weighted_bandwidth chunk times. Anyone
/// can recount it from the lengths: the pairs' distances under them, and the sum of length x
/// bandwidth over the links.
struct LengthCertificate {
  struct Arc {
    std::uint32_t from = 0, to = 0;
    double length = 0;
    bool operator==(const Arc&) const = default;
  };
  std::vector<Arc> arcs;          ///< the links of nonzero length (every other link has length 0)
  double distance_sum = 0;        ///< sum over ordered pairs of dist_w
  double weighted_bandwidth = 0;  ///< sum over directed links of w_e b_e
  /// The bound the lengths prove, in chunk times.
  double chunk_times() const { return distance_sum / weighted_bandwidth; }
  bool operator==(const LengthCertificate&) const = default;
};

struct VerificationRecord {
  std::string checker;  ///< e.g. "netsched-sim 1"
  std::string verdict;  ///< "holds" or "violated"
  std::uint64_t steps = 0;
  std::uint64_t payload_sum = 0;
  std::uint64_t transfers = 0;
  std::optional<std::uint64_t> bound;        ///< the paper's bound, if any
  std::optional<std::uint64_t> lower_bound;  ///< the lower bound that applies, if known
  std::string content_hash;                  ///< "sha256:<hex>" of the file without this record
  /// The cut certifying the bandwidth bound, where `gen --bytes` computed it.
  std::optional<CutRecord> bandwidth_cut;
  /// The link lengths certifying a total exchange's bandwidth bound, where `gen --bytes` found
  /// them.
  std::optional<LengthCertificate> bandwidth_lengths;
  bool operator==(const VerificationRecord&) const = default;
};

/// A schedule as read from a file.
struct ScheduleFile {
  Schedule schedule;
  std::optional<VerificationRecord> record;
  std::string content_hash;  ///< recomputed from the content
};

/// How steps are written (docs/schedule-format.md "Rule-form steps"): as rules where that makes
/// the file much smaller (Auto: steps of at least kRuleMinTransfers transfers whose rules take
/// under half the columns' bytes), as rules wherever the schedule has digits (Rules), or as
/// columns of transfers (Columns). Rules need the schedule's digits.
enum class StepForm { Auto, Rules, Columns };
std::string to_string(StepForm f);
std::optional<StepForm> step_form_from_name(const std::string& s);
/// Smallest step Auto considers writing as rules.
inline constexpr std::size_t kRuleMinTransfers = 256;

/// Serialises a schedule; when `record` is given its content_hash is set from the content.
std::string schedule_to_json(const Schedule& s,
                             std::optional<VerificationRecord> record = std::nullopt,
                             StepForm form = StepForm::Auto);

/// Parses a schedule file. Throws InputError naming the problem (malformed JSON,
/// wrong format or version, a missing or mistyped field with its step and transfer, a payload
/// index out of range, or a content hash that does not match the verification record).
/// `max_transfers`: the most transfers the file may make (kMaxTransfers), checked before any
/// rule-form step is expanded.
ScheduleFile schedule_from_json(std::string_view text, std::uint64_t max_transfers = kMaxTransfers);

/// Reads and parses a schedule file, refusing (InputError) anything that is not a
/// regular file of at most kMaxScheduleBytes before reading it.
ScheduleFile read_schedule_file(const std::string& path);

/// One payload of `s` as the file writes it (JSON text: a list of chunk ids, a selector object,
/// or {"moves": [...]}).
std::string payload_to_json(const Schedule& s, const Payload& p);

/// A length certificate as JSON: {"arcs": [[from, to, length], ...], "distance_sum",
/// "weighted_bandwidth"}, and back (InputError naming `where` on a malformed one; the
/// numbers are recounted against the network by whoever checks it).
nlohmann::json lengths_to_json(const LengthCertificate& c);
LengthCertificate lengths_from_json(const nlohmann::json& j, const std::string& where);

/// "sha256:<hex>" of a schedule's content (what schedule_to_json writes outside the record).
std::string schedule_content_hash(const Schedule& s, StepForm form = StepForm::Auto);

}  // namespace netsched
