// netsched repair FILE --network 'faulty(G, links=[...], nodes=[...])' [-o FILE2]
// [--bytes M --latency L --bandwidth B] [--keep best|repaired|regenerated] [--json]
#include <fmt/format.h>

#include <iostream>
#include <nlohmann/json.hpp>

#include "analysis/repair.hpp"
#include "app/cli.hpp"
#include "core/errors.hpp"
#include "core/schedule_io.hpp"
#include "exec/platform.hpp"
#include "gen/topology.hpp"

namespace netsched::cli {
namespace {

struct RepairOpts {
  std::string file, network, out, keep = "best", latency = "1us", bandwidth = "1GBps";
  std::uint64_t bytes = 1;
  bool json = false;
};

nlohmann::json figures(const std::optional<CheckedSchedule>& c, const std::string& why,
                       const CostModel& cost) {
  if (!c) return {{"none", why}};
  const auto& v = c->verification().check;
  return {{"algorithm", c->schedule().algorithm},
          {"steps", v.steps},
          {"payload_sum", v.payload_sum},
          {"seconds", cost.of(v.steps, v.payload_sum)}};
}

std::string line(const char* what, const nlohmann::json& j) {
  if (j.contains("none"))
    return fmt::format("  {:<12} none: {}\n", what, j["none"].get<std::string>());
  return fmt::format("  {:<12} {:>6} steps, payload sum {:>6}, {:.6g} s  ({})\n", what,
                     j["steps"].get<std::uint64_t>(), j["payload_sum"].get<std::uint64_t>(),
                     j["seconds"].get<double>(), j["algorithm"].get<std::string>());
}

/// What the collective became over the survivors of failed nodes (empty when none failed).
std::string survivors_line(const Collective& c, std::uint64_t survivors, const RepairReport& r) {
  if (survivors == c.nodes()) return "";
  if (c.combining())
    return fmt::format("  the {} now combines the inputs of the {} survivors; {} gone\n", c.name(),
                       survivors,
                       c.nodes() - survivors == 1
                           ? std::string("the failed node's input is")
                           : fmt::format("the {} failed nodes' inputs are", c.nodes() - survivors));
  return fmt::format(
      "  the collective is now over the {} survivors: {} chunks of the failed "
      "nodes gone, {} transfers dropped (to failed nodes, or carrying only their "
      "chunks)\n",
      survivors, r.dropped_chunks, r.dropped);
}

int repair(const RepairOpts& o) {
  const ScheduleFile f = read_schedule_file(o.file);
  const auto faulty = build_topology(o.network);
  const CostModel cost{exec::latency_seconds(o.latency),
                       1 / exec::bandwidth_bytes_per_second(o.bandwidth),
                       static_cast<double>(o.bytes)};
  const RepairReport r = repair_schedule(f.schedule, *faulty, cost);
  std::string chosen = o.keep == "best" ? r.chosen : o.keep;
  if (chosen == "repaired" && !r.repaired)
    throw InputError("--keep repaired: no repair (" + r.repair_failed + ")");
  if (chosen == "regenerated" && !r.regenerated)
    throw InputError("--keep regenerated: no regenerated schedule (" + r.regenerate_failed + ")");
  const CheckedSchedule& kept = chosen == "repaired" ? *r.repaired : *r.regenerated;
  const auto& lower = kept.verification().lower;  // the bound for schedules of the kept one's kind
  if (!o.out.empty()) write_schedule(o.out, kept);
  nlohmann::json j{{"network", faulty->spec()},
                   {"healthy", figures(r.healthy, "", cost)},
                   {"repaired", figures(r.repaired, r.repair_failed, cost)},
                   {"regenerated", figures(r.regenerated, r.regenerate_failed, cost)},
                   {"lower_bound", lower ? nlohmann::json(lower->steps) : nlohmann::json()},
                   {"kept", r.kept},
                   {"detoured", r.detoured},
                   {"resourced", r.resourced},
                   {"redundant", r.redundant},
                   {"repeats", r.repeats},
                   {"detour_hops", r.detour_hops},
                   {"dropped", r.dropped},
                   {"dropped_chunks", r.dropped_chunks},
                   {"router", r.router},
                   {"shorter", r.shorter},
                   {"chosen", chosen},
                   {"written", o.out}};
  if (o.json) {
    std::cout << j.dump(2) << "\n";
    return to_int(ExitCode::Ok);
  }
  std::cout << fmt::format(
                   "{} under {}: {} transfers kept, {} detoured{}{} in {} hops{}{}\n", o.file,
                   faulty->spec(), r.kept, r.detoured,
                   r.resourced ? fmt::format(", {} sent from nearer holders", r.resourced) : "",
                   r.redundant
                       ? fmt::format(", {} left out (a detour brings their chunks)", r.redundant)
                       : "",
                   r.detour_hops, r.router.empty() ? "" : " (" + r.router + ")",
                   r.repeats ? fmt::format("; {} repeat {} of a chunk left out", r.repeats,
                                           r.repeats == 1 ? "delivery" : "deliveries")
                             : "")
            << (r.shorter.empty() ? "" : "  then a shorter repair by " + r.shorter + "\n")
            << survivors_line(f.schedule.collective, faulty->num_nodes(), r)
            << line("healthy", j["healthy"]) << line("repaired", j["repaired"])
            << line("regenerated", j["regenerated"])
            << (lower ? fmt::format("  {:<12} {:>6} steps  ({})\n", "lower bound", lower->steps,
                                    lower->reason)
                      : "")
            << fmt::format("kept: {} ({}){}\n", chosen,
                           o.keep == "best"
                               ? "the cheaper at " + std::to_string(o.bytes) + " B a chunk"
                               : "--keep",
                           o.out.empty() ? "" : "; wrote " + o.out);
  return to_int(ExitCode::Ok);
}

}  // namespace

Run add_repair(CLI::App& app) {
  auto o = std::make_shared<RepairOpts>();
  app.add_option("FILE", o->file, "schedule file (made for the healthy network)")->required();
  app.add_option("--network", o->network,
                 "the faulty network: faulty(G, links=[...], nodes=[...]), G the schedule's")
      ->required();
  app.add_option("-o,--output", o->out, "write the kept schedule (checked) here")
      ->check(kOutputFile);
  app.add_option("--keep", o->keep,
                 "best (the cheaper of repaired and regenerated), repaired or regenerated")
      ->check(CLI::IsMember({"best", "repaired", "regenerated"}))
      ->capture_default_str();
  app.add_option("--bytes", o->bytes, "bytes a chunk, for the cost model")
      ->check(kMessageBytes)
      ->capture_default_str();
  app.add_option("--latency", o->latency, "link latency (SimGrid units)")->capture_default_str();
  app.add_option("--bandwidth", o->bandwidth, "link bandwidth (SimGrid units)")
      ->capture_default_str();
  app.add_flag("--json", o->json, "machine-readable output");
  app.footer(
      "Keeps every transfer that touches no failure; carries each one over a failed link or from "
      "a failed node along a surviving path (FTR on faulty HFC, HSN and RHS; shortest paths "
      "elsewhere; around relays with no free port) from the nearest node that holds its chunks, "
      "and re-times every transfer into free ports; around failed nodes the collective is over "
      "the survivors. Checks the result "
      "on the faulty network, regenerates the collective there too and keeps the cheaper "
      "(docs/faults.md).");
  return [o] { return repair(*o); };
}

}  // namespace netsched::cli
