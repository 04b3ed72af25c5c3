// netsched sweep PATTERN... -o PREFIX [--no-plot] [--no-schedules] [--exchange-max-nodes N]
// netsched sweep --faults SPEC -o PREFIX [--collective C] [--root R] [--bytes M]
//   [--double-faults N [--seed S]] [--every-link | --sample-links N] [--threads T] [--no-plot]
#include <fmt/format.h>

#include <iostream>

#include "app/cli.hpp"
#include "core/errors.hpp"
#include "core/io.hpp"
#include "core/limits.hpp"
#include "draw/fault_sweep.hpp"
#include "draw/gnuplot.hpp"
#include "draw/sweep.hpp"
#include "gen/topology.hpp"

namespace netsched::cli {

namespace {

/// What `sweep` was given.
struct SweepArgs {
  std::vector<std::string> patterns;
  std::string out, collective = "total-exchange", root;
  std::uint64_t bytes = 1, doubles = 0, seed = 1;
  bool no_plot = false, no_schedules = false, json = false, bisection = false, faults = false;
  bool every_link = false;
  std::uint64_t sample_links = 0;
  unsigned threads = 0;
  unsigned bisection_timeout = draw::SweepOptions{}.bisection_timeout_ms / kMillisecondsPerSecond;
  std::uint64_t exchange_max = draw::SweepOptions{}.exchange_max_nodes;
};

/// `sweep --faults SPEC`: every single failed link (one per orbit), repaired or regenerated.
int fault_sweep(const SweepArgs& a) {
  const std::string &spec = a.patterns.front(), &out = a.out, &collective = a.collective;
  const std::uint64_t doubles = a.doubles;
  const bool no_plot = a.no_plot, json = a.json;
  if (doubles > draw::kFaultSweepMaxDoubles)
    throw InputError("sweep --faults: --double-faults " + std::to_string(doubles) +
                     " is over the limit " +
                     limit_text("kFaultSweepMaxDoubles", draw::kFaultSweepMaxDoubles));
  const auto t = build_topology(spec);
  draw::FaultSweepOptions opt;
  opt.double_faults = doubles;
  opt.seed = a.seed;
  opt.collective = collective;
  opt.every_link = a.every_link;
  opt.sample_links = a.sample_links;
  opt.threads = a.threads;
  if (!a.root.empty()) opt.root = t->node(a.root);
  opt.cost.m = static_cast<double>(a.bytes);
  opt.progress = [](const std::string& line) { progress_note(line); };
  const nlohmann::json rows = draw::fault_sweep(*t, opt);
  progress_done();
  const std::string csv = draw::fault_sweep_csv(rows), text = rows.dump(2) + "\n";
  std::vector<std::pair<std::string, std::string_view>> files{{out + ".csv", csv},
                                                              {out + ".json", text}};
  std::string gp, svg;
  if (!no_plot) {
    const std::string title = collective + " on " + t->spec() + ": one failed link";
    gp = draw::fault_sweep_gnuplot(rows, title, out + ".svg");
    svg = draw::gnuplot_svg(
        [&](const std::string& path) { return draw::fault_sweep_gnuplot(rows, title, path); });
    files.insert(files.end(), {{out + ".gp", gp}, {out + ".svg", svg}});
  }
  write_files_atomic(files);
  if (json) {
    std::cout << text;
    return to_int(ExitCode::Ok);
  }
  std::cout << fmt::format("{}: {}.csv, {}.json{}\n", draw::fault_sweep_summary(rows), out, out,
                           no_plot ? "" : fmt::format(", {}.svg (plot), {}.gp", out, out));
  return to_int(ExitCode::Ok);
}

/// A sweep of families: their rows written (CSV, JSON, and unless --no-plot the plot and its
/// gnuplot script, all or none) and printed.
int family_sweep(const SweepArgs& o) {
  const auto points = draw::expand_patterns(o.patterns);
  draw::SweepOptions opt;
  opt.schedules = !o.no_schedules;
  opt.exchange_max_nodes = o.exchange_max;
  opt.bisection = o.bisection;
  opt.bisection_timeout_ms = o.bisection_timeout * kMillisecondsPerSecond;
  opt.progress = [](const std::string& line) { progress_note(line); };
  const nlohmann::json rows = draw::sweep(points, opt);
  progress_done();
  // every file made first, then written together: all of them, or none
  const std::string csv = draw::sweep_csv(rows), json = rows.dump(2) + "\n";
  std::string gp, svg;
  std::vector<std::pair<std::string, std::string_view>> files{{o.out + ".csv", csv},
                                                              {o.out + ".json", json}};
  if (!o.no_plot) {
    gp = draw::sweep_gnuplot(rows, o.out + ".svg");
    svg = draw::run_gnuplot(rows);
    files.insert(files.end(), {{o.out + ".gp", gp}, {o.out + ".svg", svg}});
  }
  write_files_atomic(files);
  if (o.json) {
    std::cout << rows.dump(2) << "\n";
  } else {
    std::cout << fmt::format("{} points: {}.csv, {}.json{}\n", rows.size(), o.out, o.out,
                             o.no_plot ? "" : fmt::format(", {}.svg (plot), {}.gp", o.out, o.out));
    for (const auto& r : rows)
      if (!r["notes"].get<std::string>().empty())
        std::cout << "  " << r["spec"].get<std::string>() << ": " << r["notes"].get<std::string>()
                  << "\n";
  }
  return to_int(ExitCode::Ok);
}

}  // namespace

Run add_sweep(CLI::App& app) {
  auto o = std::make_shared<SweepArgs>();
  app.add_option("PATTERN", o->patterns,
                 "network specs; {lo..hi} makes a range (every occurrence takes the same value), "
                 "e.g. 'torus({3..12},{3..12})' 'hypercube({2..10})'")
      ->required();
  app.add_option("-o,--output", o->out,
                 "prefix: writes PREFIX.csv, PREFIX.json, PREFIX.svg (plot) and PREFIX.gp (its "
                 "gnuplot script)")
      ->required()
      ->check(kOutputPrefix);
  app.add_flag("--no-plot", o->no_plot, "CSV and JSON only (no gnuplot)");
  auto* no_schedules = app.add_flag("--no-schedules", o->no_schedules,
                                    "properties only: no broadcast or total exchange generated");
  auto* exchange_max =
      app.add_option("--exchange-max-nodes", o->exchange_max,
                     "generate the total exchange only up to this many nodes (it grows as N^2)")
          ->check(CLI::Range(std::uint64_t{2}, draw::kSweepMaxExchangeNodes))
          ->capture_default_str();
  auto* bisection = app.add_flag(
      "--bisection", o->bisection,
      "exact bisection width by Z3 on networks of at most 32 nodes (slow: ~20 s at 32)");
  auto* btime = app.add_option("--bisection-timeout", o->bisection_timeout,
                               "--bisection: seconds per point before Z3 gives up")
                    ->check(kPositive)
                    ->capture_default_str();
  app.add_flag("--json", o->json, "print the rows as JSON");
  app.add_flag("--faults", o->faults,
               "one network: every single failed link (one per orbit of the symmetries of the "
               "network and its healthy schedule), the default schedule repaired around it or "
               "regenerated, and the slowdown (docs/faults.md)");
  auto* coll = app.add_option("--collective", o->collective, "--faults: the collective")
                   ->capture_default_str();
  auto* root = app.add_option("--root", o->root, "--faults: the root of a rooted collective");
  auto* bytes = app.add_option("--bytes", o->bytes, "--faults: bytes a chunk, for the cost model")
                    ->check(kMessageBytes)
                    ->capture_default_str();
  auto* doubles = app.add_option("--double-faults", o->doubles,
                                 "--faults: also this many pairs of failed links, drawn at random "
                                 "(rows with a second_link)")
                      ->capture_default_str();
  auto* seed = app.add_option("--seed", o->seed,
                              "--faults: the random seed of the double faults and --sample-links")
                   ->capture_default_str();
  auto* every_link =
      app.add_flag("--every-link", o->every_link,
                   "--faults: repair around every link, not one per orbit (the "
                   "repair breaks ties by node id, so links of an orbit may differ)");
  auto* sample =
      app.add_option("--sample-links", o->sample_links,
                     "--faults: repair around a rooted collective's links at its root and this "
                     "many others drawn at random (--seed), not one per orbit")
          ->check(kPositive);
  every_link->excludes(sample);
  auto* threads = add_threads_option(
      app, o->threads,
      "--faults: faults repaired at once, one a worker (the rows are the same for any)");
  app.footer(
      "Series: one per pattern with a range; patterns without a range join the series of "
      "their family. Columns: docs/cli.md (sweep).");
  return [o, btime, coll, root, bytes, doubles, seed, every_link, sample, threads, no_schedules,
          exchange_max, bisection] {
    for (const CLI::Option* given : {no_schedules, exchange_max, bisection})
      refuse_option(given, !o->faults, "sweep --faults", "it applies to family sweeps");
    refuse_option(btime, o->bisection, "a sweep without --bisection",
                  "--bisection-timeout needs --bisection");
    for (const CLI::Option* given : {coll, root, bytes, doubles, seed, every_link, sample, threads})
      refuse_option(given, o->faults, "a sweep without --faults", "it applies with --faults");
    if (o->faults) {
      if (o->patterns.size() != 1)
        throw InputError("sweep --faults takes one network spec, not " +
                         std::to_string(o->patterns.size()));
      return fault_sweep(*o);
    }
    return family_sweep(*o);
  };
}

}  // namespace netsched::cli
