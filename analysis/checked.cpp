#include "analysis/checked.hpp"

#include <limits>
#include <stdexcept>

#include "analysis/bandwidth_bound.hpp"
#include "analysis/congestion_bound.hpp"
#include "analysis/optimum.hpp"
#include "core/distances.hpp"
#include "core/errors.hpp"
#include "core/io.hpp"
#include "core/limits.hpp"
#include "core/schedule_rules.hpp"
#include "core/structure.hpp"
#include "gen/algorithms.hpp"
#include "papers/papers.hpp"

namespace netsched {
namespace {

/// The generated schedule, declaring the family's id digits when its generator declared none
/// (what rule-form files describe steps with).
Schedule generate_with_digits(const Network& t, const GenRequest& r) {
  const AlgorithmInfo& row = choose_algorithm(t, r.collective, r.algorithm);
  Schedule s = row.solved ? solved_schedule(t, r, row) : generate(t, r);
  if (s.digits.empty()) s.digits = t.id_digits();
  return s;
}

/// Above this many nodes the greedy exchange's sum of distances is not computed: N(N-1) chunks
/// of one hop each are already more than kMaxTransfers.
constexpr std::uint64_t kGreedyExchangeMeasuredNodes = std::uint64_t{1} << 14;

/// How many transfers a total exchange by `algorithm` will make, known before it is made: the
/// greedy exchange moves every message alone along a shortest path (the sum of distances); the
/// others make at most N transfers in each step of their paper's or stated bound (one-port).
/// nullopt when neither is known.
std::optional<std::uint64_t> planned_exchange_transfers(const Network& t,
                                                        const std::string& algorithm) {
  const std::uint64_t n = t.num_nodes();
  if (algorithm == "greedy") {
    if (n > kGreedyExchangeMeasuredNodes) return mul_sat(n, n - 1);
    const Csr csr(t);
    const auto sum = exact_distances(t, csr).distance_sum;
    return sum > std::numeric_limits<std::uint64_t>::max()
               ? std::numeric_limits<std::uint64_t>::max()
               : static_cast<std::uint64_t>(sum);
  }
  const auto bound = paper_bound(t, Collective::total_exchange(n), algorithm);
  if (!bound) return std::nullopt;
  return mul_sat(bound->steps, n);
}

/// Refuses, before generating, a schedule too large to make and check.
void check_planned_size(const Network& t, const GenRequest& r) {
  // every collective delivers to at least N - 1 nodes, one transfer each, and its check holds
  // per-node state: both known from N before the generator starts
  const std::uint64_t n = t.num_nodes();
  const std::string collective = "the " + r.collective;
  check_memory(mul_sat(n - 1, kBytesPerTransfer),
               "generating " + collective + " on " + std::to_string(n) + " nodes");
  check_engine_memory(n, 0, collective);
  if (r.collective != "total-exchange") return;  // the others grow linearly in N
  const std::string a(choose_algorithm(t, r.collective, r.algorithm).name);
  const auto transfers = planned_exchange_transfers(t, a);
  if (!transfers) return;
  const std::string what =
      "the " + a + " total exchange on " + std::to_string(t.num_nodes()) + " nodes";
  if (*transfers > kMaxTransfers)
    throw limit_error(what + ": its transfers (bound x N)", *transfers, "kMaxTransfers",
                      kMaxTransfers);
  check_memory(mul_sat(*transfers, kBytesPerTransfer), what);
}

}  // namespace

void CheckedSchedule::certify(const Network& t, const CutRecord& cut) {
  const std::string wrong =
      recount(t, CutCertificate{cut.side, cut.links, cut.bandwidth, cut.chunks});
  if (!wrong.empty()) throw std::logic_error("a bandwidth cut that does not recount: " + wrong);
  verification_.bandwidth_cut = cut;
}

void CheckedSchedule::certify(const Network& t, const LengthCertificate& lengths) {
  const std::string wrong = recount(t, lengths);
  if (!wrong.empty()) throw std::logic_error("link lengths that do not recount: " + wrong);
  verification_.bandwidth_lengths = lengths;
}

CheckedSchedule check_schedule(const Network& t, Schedule s, Engine engine,
                               const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  Verification v = verify_schedule(t, s, engine, progress);
  return CheckedSchedule(std::move(s), std::move(v));
}

CheckedSchedule generate_checked(
    const Network& t, const GenRequest& request, Engine engine,
    const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  check_planned_size(t, request);
  CheckedSchedule c = check_schedule(t, generate_with_digits(t, request), engine, progress);
  const Schedule& s = c.schedule();
  if (!c.holds() && !s.algorithm.ends_with("-as-printed"))
    throw std::logic_error("generator " + s.algorithm + " produced an invalid schedule: " +
                           to_string(*c.verification().check.violation()));
  return c;
}

std::string schedule_file_text(const CheckedSchedule& s, StepForm form) {
  if (!s.holds())
    throw std::logic_error("refusing to write a schedule that does not hold: " +
                           to_string(*s.verification().check.violation()));
  const std::string text = schedule_to_json(s.schedule(), s.verification().record(), form);
  // A file with rule-form steps is read back first: it must say the schedule that was checked.
  // (Inside a JSON string every quote is escaped, so the key cannot be matched by a string.)
  if (text.find("\"rules\":[") != std::string::npos)
    if (const auto step = first_different_step(schedule_from_json(text).schedule, s.schedule()))
      throw std::logic_error("the rule form of step " + std::to_string(*step) +
                             " does not reproduce the checked step");
  return text;
}

void write_schedule(const std::string& path, const CheckedSchedule& s, StepForm form) {
  write_file_atomic(path, schedule_file_text(s, form));
}

}  // namespace netsched
