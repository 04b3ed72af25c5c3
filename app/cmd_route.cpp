// netsched route SPEC U V | SPEC --all   [--algorithm A] [--json]
#include <fmt/format.h>

#include <iostream>
#include <nlohmann/json.hpp>

#include "analysis/route_report.hpp"
#include "app/cli.hpp"
#include "core/errors.hpp"
#include "core/metrics.hpp"
#include "core/text.hpp"
#include "gen/algorithms.hpp"
#include "gen/route/router.hpp"
#include "papers/papers.hpp"
#include "verify/route_sweep.hpp"

namespace netsched::cli {
namespace {
/// The longest label a text route shows (a graph file's labels may be long or hold newlines).
constexpr std::size_t kShownLabelChars = 80;
}  // namespace

Run add_route(CLI::App& app) {
  struct Opts {
    std::string spec, u, v, algorithm = "auto";
    bool all = false, json = false;
    unsigned threads = 0;
  };
  auto o = std::make_shared<Opts>();
  app.add_option("SPEC", o->spec, "network spec")->required();
  auto* u_opt = app.add_option("U", o->u, "source (serial id or label)");
  auto* v_opt = app.add_option("V", o->v, "target (serial id or label)");
  app.add_flag("--all", o->all, "check the routes of every ordered pair");
  app.add_option("--algorithm", o->algorithm, "router (default: the family's paper algorithm)")
      ->capture_default_str();
  auto* threads = add_threads_option(app, o->threads, "worker threads for --all");
  app.add_flag("--json", o->json, "machine-readable output");
  return [o, u_opt, v_opt, threads] {
    refuse_option(threads, o->all, "one route", "--threads applies to --all");
    refuse_option(u_opt, !o->all, "--all", "--all routes every pair; give U and V without it");
    refuse_option(v_opt, !o->all, "--all", "--all routes every pair; give U and V without it");
    auto t = build_topology(o->spec);
    auto router = make_router(*t, o->algorithm);
    const auto bound = routing_bound(*t, router->name());
    nlohmann::json j = route_head_json(*t, *router);
    if (!o->all) {
      if (o->u.empty() || o->v.empty()) throw InputError("route needs U and V, or --all");
      j = route_json(*t, *router, t->node(o->u), t->node(o->v));
      if (o->json) {
        std::cout << j.dump(2) << "\n";
      } else {
        std::string p;
        for (std::size_t i = 0; i < j["labels"].size(); ++i)
          p += (i ? " -> " : "") + one_line(j["labels"][i].get<std::string>(), kShownLabelChars);
        std::cout << p << "\n";
        std::cout << fmt::format(
            "length {}, distance {}, bound {}\n", j["length"].get<std::uint64_t>(),
            j["distance"].get<std::uint64_t>(),
            bound ? std::to_string(bound->steps) + " (" + bound->source + ")" : "none");
      }
      return to_int(ExitCode::Ok);
    }
    check_route_sweep_size(t->num_nodes());
    router->prepare_bulk();
    const Csr g = sorted_csr(*t);
    const auto sweep = sweep_routes(
        g, [&](NodeId a, NodeId b, NodePath& p) { router->route(a, b, p); },
        bound ? std::optional<std::uint64_t>(bound->steps) : std::nullopt, o->threads,
        [](std::uint64_t d, std::uint64_t n) { progress("sources", d, n); });
    progress_done();
    if (sweep.invalid)
      throw std::logic_error(router->name() + " produced an invalid route: " + *sweep.invalid);
    auto pair = [&](const RouteSweep::Pair& p) {
      return nlohmann::json{{"u", t->serial_of(NodeId(p.u))},
                            {"v", t->serial_of(NodeId(p.v))},
                            {"u_label", t->label(NodeId(p.u))},
                            {"v_label", t->label(NodeId(p.v))},
                            {"length", p.length},
                            {"distance", p.distance}};
    };
    j["pairs"] = sweep.pairs;
    j["max_length"] = sweep.max_length;
    j["max_stretch"] = sweep.max_stretch;
    j["avg_length"] =
        sweep.pairs ? static_cast<double>(sweep.total_length) / static_cast<double>(sweep.pairs)
                    : 0.0;
    j["within_bound"] = bound ? nlohmann::json(sweep.within_bound) : nlohmann::json(nullptr);
    j["first_over_bound"] =
        sweep.first_over_bound ? pair(*sweep.first_over_bound) : nlohmann::json(nullptr);
    j["longest"] = sweep.longest ? pair(*sweep.longest) : nlohmann::json(nullptr);
    if (o->json) {
      std::cout << j.dump(2) << "\n";
    } else {
      std::cout << fmt::format("{} on {}: {} ordered pairs, every route a valid walk\n",
                               router->name(), t->spec(), sweep.pairs);
      std::cout << fmt::format("  max length {}, average {:.4f}, max stretch {:.4f}\n",
                               sweep.max_length, j["avg_length"].get<double>(), sweep.max_stretch);
      if (bound)
        std::cout << fmt::format("  bound {} ({}): {}\n", bound->steps, bound->source,
                                 sweep.within_bound
                                     ? "every route within it"
                                     : "EXCEEDED, first by " + j["first_over_bound"].dump());
    }
    return to_int(ExitCode::Ok);
  };
}

}  // namespace netsched::cli
