#include "analysis/checked.hpp"

#include <limits>
#include <stdexcept>

#include "core/distances.hpp"
#include "core/io.hpp"
#include "core/limits.hpp"
#include "core/schedule_rules.hpp"
#include "core/structure.hpp"
#include "gen/broadcast/broadcast.hpp"
#include "gen/collectives.hpp"
#include "gen/combine/combine.hpp"
#include "gen/exchange/total_exchange.hpp"
#include "gen/generic/tree_collectives.hpp"
#include "gen/route/router.hpp"
#include "papers/papers.hpp"

namespace netsched {
namespace {

Schedule generate_schedule(const Network& t, const GenRequest& r);

/// The generated schedule, declaring the family's id digits when its generator declared none
/// (what rule-form files describe steps with).
Schedule generate(const Network& t, const GenRequest& r) {
  Schedule s = generate_schedule(t, r);
  if (s.digits.empty()) s.digits = t.id_digits();
  return s;
}

Schedule generate_schedule(const Network& t, const GenRequest& r) {
  const auto names = collective_algorithms(t, r.collective);
  if (names.empty())
    throw std::invalid_argument(r.collective + " has no algorithm for the " + t.family() +
                                " family (netsched gen SPEC --list shows what applies)");
  const std::string a = choose_algorithm(names, r.algorithm, r.collective, t);
  if (a == "tree-scatter") return tree_scatter(t, r.root);
  if (a == "tree-gather") return tree_gather(t, r.root);
  if (a == "tree-all-gather") return tree_all_gather(t, r.root);
  if (a == "tree-all-reduce") return tree_all_reduce(t, r.root);
  if (a == "tree-reduce") return tree_reduce(t, r.root);
  if (a == "tree-reduce-scatter") return tree_reduce_scatter(t);
  if (r.collective == "broadcast") return make_broadcast(t, r.root, a);
  if (a == "one2allp") return dualcube_one2allp(t, r.root);
  if (r.collective == "total-exchange") return make_total_exchange(t, a);
  if (r.collective == "cube-dimension") return rhs_cube_dimension(t, r.dimension);
  if (r.collective == "route") {
    if (!r.source || !r.target)
      throw std::invalid_argument("gen route needs --source and --target");
    const auto router = make_router(t, a);
    return route_schedule(t, *router, *r.source, *r.target);
  }
  return make_combining(t, r.collective, a, r.root);
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
  if (r.collective != "total-exchange") return;  // the others grow linearly in N
  const auto names = collective_algorithms(t, r.collective);
  if (names.empty()) return;
  const std::string a = choose_algorithm(names, r.algorithm, r.collective, t);
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

CheckedSchedule check_schedule(const Network& t, Schedule s, Engine engine,
                               const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  Verification v = verify_schedule(t, s, engine, progress);
  return CheckedSchedule(std::move(s), std::move(v));
}

const std::vector<std::string>& generated_collectives() { return collective_names(); }

const std::vector<std::string>& rooted_collectives() {
  static const std::vector<std::string> names{"broadcast", "scatter",   "gather",     "reduce",
                                              "vecmat",    "multicast", "all-gather", "all-reduce"};
  return names;
}

CheckedSchedule generate_checked(
    const Network& t, const GenRequest& request, Engine engine,
    const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  check_planned_size(t, request);
  CheckedSchedule c = check_schedule(t, generate(t, request), engine, progress);
  const Schedule& s = c.schedule();
  if (!c.holds() && !s.algorithm.ends_with("-as-printed"))
    throw std::logic_error("generator " + s.algorithm + " produced an invalid schedule: " +
                           to_string(*c.verification().check.violation()));
  return c;
}

void write_schedule(const std::string& path, const CheckedSchedule& s, StepForm form) {
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
  write_file_atomic(path, text);
}

}  // namespace netsched
