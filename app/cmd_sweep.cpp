// netsched sweep PATTERN... -o PREFIX [--no-plot] [--no-schedules] [--exchange-max-nodes N]
#include <fmt/format.h>

#include <iostream>

#include "app/cli.hpp"
#include "core/io.hpp"
#include "draw/sweep.hpp"

namespace netsched::cli {

Run add_sweep(CLI::App& app) {
  struct Opts {
    std::vector<std::string> patterns;
    std::string out;
    bool no_plot = false, no_schedules = false, json = false, bisection = false;
    unsigned bisection_timeout = draw::SweepOptions{}.bisection_timeout_ms / kMillisecondsPerSecond;
    std::uint64_t exchange_max = draw::SweepOptions{}.exchange_max_nodes;
  };
  auto o = std::make_shared<Opts>();
  app.add_option("PATTERN", o->patterns,
                 "network specs; {lo..hi} makes a range (every occurrence takes the same value), "
                 "e.g. 'torus({3..12},{3..12})' 'hypercube({2..10})'")
      ->required();
  app.add_option("-o,--output", o->out,
                 "prefix: writes PREFIX.csv, PREFIX.json, PREFIX.svg (plot) and PREFIX.gp (its "
                 "gnuplot script)")
      ->required();
  app.add_flag("--no-plot", o->no_plot, "CSV and JSON only (no gnuplot)");
  app.add_flag("--no-schedules", o->no_schedules,
               "properties only: no broadcast or total exchange generated");
  app.add_option("--exchange-max-nodes", o->exchange_max,
                 "generate the total exchange only up to this many nodes (it grows as N^2)")
      ->check(CLI::Range(std::uint64_t{2}, draw::kSweepMaxExchangeNodes))
      ->capture_default_str();
  app.add_flag("--bisection", o->bisection,
               "exact bisection width by Z3 on networks of at most 32 nodes (slow: ~20 s at 32)");
  auto* btime = app.add_option("--bisection-timeout", o->bisection_timeout,
                               "--bisection: seconds per point before Z3 gives up")
                    ->check(kPositive)
                    ->capture_default_str();
  app.add_flag("--json", o->json, "print the rows as JSON");
  app.footer(
      "Series: one per pattern with a range; patterns without a range join the series of "
      "their family. Columns: docs/cli.md (sweep).");
  return [o, btime] {
    refuse_option(btime, o->bisection, "a sweep without --bisection",
                  "--bisection-timeout needs --bisection");
    const auto points = draw::expand_patterns(o->patterns);
    draw::SweepOptions opt;
    opt.schedules = !o->no_schedules;
    opt.exchange_max_nodes = o->exchange_max;
    opt.bisection = o->bisection;
    opt.bisection_timeout_ms = o->bisection_timeout * kMillisecondsPerSecond;
    opt.progress = [](const std::string& line) { progress_note(line); };
    const nlohmann::json rows = draw::sweep(points, opt);
    progress_done();
    // every file made first, then written together: all of them, or none
    const std::string csv = draw::sweep_csv(rows), json = rows.dump(2) + "\n";
    std::string gp, svg;
    std::vector<std::pair<std::string, std::string_view>> files{{o->out + ".csv", csv},
                                                                {o->out + ".json", json}};
    if (!o->no_plot) {
      gp = draw::sweep_gnuplot(rows, o->out + ".svg");
      svg = draw::run_gnuplot(rows);
      files.insert(files.end(), {{o->out + ".gp", gp}, {o->out + ".svg", svg}});
    }
    write_files_atomic(files);
    if (o->json) {
      std::cout << rows.dump(2) << "\n";
    } else {
      std::cout << fmt::format(
          "{} points: {}.csv, {}.json{}\n", rows.size(), o->out, o->out,
          o->no_plot ? "" : fmt::format(", {}.svg (plot), {}.gp", o->out, o->out));
      for (const auto& r : rows)
        if (!r["notes"].get<std::string>().empty())
          std::cout << "  " << r["spec"].get<std::string>() << ": " << r["notes"].get<std::string>()
                    << "\n";
    }
    return to_int(ExitCode::Ok);
  };
}

}  // namespace netsched::cli
