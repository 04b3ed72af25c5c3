// Run reports of the executor (exec/report.hpp).
#include "exec/report.hpp"

#include <algorithm>
#include <limits>
#include <sstream>

namespace netsched::exec {

RankResult rank_result(const RankExecutor& r, double local_seconds) {
  return {r.me().v, r.failure(), r.failures(), r.chunks_received(), local_seconds};
}

nlohmann::json to_json(const RankResult& r) {
  nlohmann::json j{{"rank", r.rank},
                   {"pass", !r.failure},
                   {"failures", r.failures},
                   {"chunks_received", r.chunks_received},
                   {"local_seconds", r.local_seconds}};
  if (r.failure) {
    j["failure"] = {{"kind", r.failure->kind}, {"detail", r.failure->detail}};
    j["failure"]["step"] = r.failure->step ? nlohmann::json(*r.failure->step) : nlohmann::json();
  }
  return j;
}

RankResult rank_result_from_json(const nlohmann::json& j) {
  RankResult r;
  r.rank = j.at("rank").get<std::uint32_t>();
  r.failures = j.at("failures").get<std::uint64_t>();
  r.chunks_received = j.at("chunks_received").get<std::uint64_t>();
  r.local_seconds = j.at("local_seconds").get<double>();
  if (j.contains("failure")) {
    const auto& f = j["failure"];
    r.failure = RankFailure{f.at("kind").get<std::string>(), std::nullopt,
                            f.at("detail").get<std::string>()};
    if (!f.at("step").is_null()) r.failure->step = f["step"].get<std::uint64_t>();
  }
  return r;
}

std::uint64_t RunReport::ranks_failed() const {
  return static_cast<std::uint64_t>(std::count_if(
      results.begin(), results.end(), [](const RankResult& r) { return r.failure.has_value(); }));
}

const RankResult* RunReport::first_failure() const {
  const RankResult* best = nullptr;
  auto key = [](const RankResult& r) {
    return std::pair(r.failure->step.value_or(std::numeric_limits<std::uint64_t>::max()), r.rank);
  };
  for (const RankResult& r : results)
    if (r.failure && (!best || key(r) < key(*best))) best = &r;
  return best;
}

nlohmann::json to_json(const RunReport& r, bool all_ranks) {
  nlohmann::json j{{"schedule", r.schedule},
                   {"topology", r.topology},
                   {"collective", r.collective},
                   {"algorithm", r.algorithm},
                   {"transport", r.transport},
                   {"ranks", r.ranks},
                   {"steps", r.steps},
                   {"chunk_bytes", r.chunk_bytes},
                   {"bytes_checked", r.carry_bytes},
                   {"execution", r.execution},
                   {"reference", r.reference},
                   {"pass", r.pass()},
                   {"ranks_failed", r.ranks_failed()}};
  if (r.register_values_checked) j["register_values_checked"] = *r.register_values_checked;
  if (const RankResult* f = r.first_failure()) j["first_failure"] = to_json(*f);
  j["schedule_seconds"] =
      r.schedule_seconds ? nlohmann::json(*r.schedule_seconds) : nlohmann::json();
  j["mpi_seconds"] = r.mpi_seconds ? nlohmann::json(*r.mpi_seconds) : nlohmann::json();
  j["mpi_algorithm"] = r.mpi_algorithm;
  double local = 0;
  for (const RankResult& x : r.results) local = std::max(local, x.local_seconds);
  j["local_seconds_max"] = local;
  if (all_ranks) {
    j["per_rank"] = nlohmann::json::array();
    for (const RankResult& x : r.results) j["per_rank"].push_back(to_json(x));
  }
  return j;
}

std::string to_text(const RunReport& r) {
  std::ostringstream os;
  os << r.collective << " by " << r.algorithm << " on " << r.topology << ": " << r.ranks
     << " ranks, " << r.steps << " steps" << (r.execution == "dataflow" ? " run as dataflow" : "")
     << ", " << r.chunk_bytes << "-byte chunks (" << r.transport << ")\n";
  if (r.pass()) {
    os << "PASS: every rank holds what " << r.collective << " requires"
       << (r.register_values_checked == false
               ? " (register moves and sizes; values not checked: the registers are shared by "
                 "the simulated ranks)"
           : r.register_values_checked ? ", every register's value identical to " + r.reference
           : r.carry_bytes             ? ", byte-identical to " + r.reference
                                       : " (chunk ids; bytes not carried)")
       << "\n";
  } else {
    const RankResult* f = r.first_failure();
    os << "FAIL: " << r.ranks_failed() << " of " << r.ranks << " ranks; first: rank " << f->rank
       << (f->failure->step ? " step " + std::to_string(*f->failure->step)
                            : std::string(" at the end"))
       << ": " << f->failure->kind << ": " << f->failure->detail << "\n";
    int shown = 0;
    constexpr int kShown = 10;
    for (const RankResult& x : r.results)
      if (x.failure && x.rank != f->rank && shown++ < kShown)
        os << "  rank " << x.rank << ": " << x.failure->kind << ": " << x.failure->detail << "\n";
  }
  if (r.schedule_seconds) os << "schedule time: " << *r.schedule_seconds << " s\n";
  if (r.mpi_seconds)
    os << r.reference << " (" << r.mpi_algorithm << ") time: " << *r.mpi_seconds << " s\n";
  return os.str();
}

}  // namespace netsched::exec
