// netsched info SPEC [--json] [--basic]
#include <fmt/format.h>

#include <iostream>

#include "analysis/info.hpp"
#include "app/cli.hpp"
#include "gen/topology.hpp"

namespace netsched::cli {
namespace {

std::string show(const nlohmann::json& v) {
  if (v.is_null()) return "-";
  if (v.is_number_float()) return fmt::format("{:.6f}", v.get<double>());
  if (v.is_string()) return v.get<std::string>();
  return v.dump();
}

void print_text(const nlohmann::json& j) {
  std::cout << j["spec"].get<std::string>() << "\n";
  for (const char* key : {"nodes",
                          "endpoints",
                          "switches",
                          "edges",
                          "arcs",
                          "endpoint_bandwidth_out",
                          "endpoint_bandwidth_in",
                          "degree_min",
                          "degree_max",
                          "port_degree_min",
                          "port_degree_max",
                          "diameter",
                          "radius",
                          "avg_distance",
                          "avg_distance_incl_self",
                          "average_status",
                          "vertex_transitive",
                          "vertex_orbits",
                          "distance_method",
                          "node_connectivity",
                          "link_connectivity",
                          "connectivity_note",
                          "link_speeds_note"}) {
    if (j.contains(key)) std::cout << fmt::format("  {:<24}{}\n", key, show(j[key]));
  }
  if (j.contains("connected") && !j["connected"].get<bool>())
    std::cout << "  DISCONNECTED: some nodes cannot reach each other\n";
  if (j.contains("faults")) {
    const auto& f = j["faults"];
    std::cout << fmt::format("  faults of {} ({} nodes, diameter {}):\n", show(f["base"]),
                             show(f["base_nodes"]), show(f["base_diameter"]));
    std::cout << fmt::format("    failed links  {}\n    failed nodes  {}\n",
                             show(f["failed_links"]), show(f["failed_nodes"]));
  }
  if (!j["paper"].empty()) {
    std::cout << "  papers' formulas:\n";
    for (const auto& f : j["paper"]) {
      std::string verdict = "not computed";
      if (f.contains("matches")) {
        verdict =
            f["matches"].get<bool>() ? "matches" : "DIFFERS (computed " + show(f["computed"]) + ")";
        if (f.contains("matches_ports") && f["matches_ports"].get<bool>())
          verdict += ", matches the port count " + show(f["computed_ports"]);
        if (f.contains("matches_incl_self") && f["matches_incl_self"].get<bool>())
          verdict += ", matches the average including self-pairs";
      } else if (f.contains("holds")) {
        verdict = f["holds"].get<bool>() ? "bound holds (computed " + show(f["computed"]) + ")"
                                         : "BOUND FAILS (computed " + show(f["computed"]) + ")";
      }
      std::cout << fmt::format("    {:<13}{:<48} = {:<12} {}   [{}]\n",
                               f["property"].get<std::string>(), f["formula"].get<std::string>(),
                               show(f["value"]), verdict, f["source"].get<std::string>());
    }
  }
}

}  // namespace

Run add_info(CLI::App& app) {
  struct Opts {
    std::string spec;
    bool json = false, basic = false;
    unsigned threads = 0;
  };
  auto o = std::make_shared<Opts>();
  app.add_option("SPEC", o->spec, "network spec, e.g. 'hdn(torus(2,3,5), sn=[{0,1},{1,2}])'")
      ->required();
  app.add_flag("--json", o->json, "machine-readable output");
  app.add_flag("--basic", o->basic, "nodes, edges and degrees only (no distance facts)");
  add_threads_option(app, o->threads, "worker threads");
  app.footer(
      "Distance facts are exact: one BFS per automorphism-orbit representative (orbits by nauty's "
      "Traces), or a bit-parallel BFS from every node when that is cheaper.");
  return [o] {
    auto t = build_switched_topology(o->spec);
    InfoOptions opt;
    opt.distances = !o->basic;
    opt.threads = o->threads;
    opt.progress = [](const std::string& s, std::uint64_t d, std::uint64_t n) {
      progress(s, d, n);
    };
    const auto j = topology_info(*t, opt);
    progress_done();
    if (o->json)
      std::cout << j.dump(2) << "\n";
    else
      print_text(j);
    return to_int(ExitCode::Ok);
  };
}

}  // namespace netsched::cli
