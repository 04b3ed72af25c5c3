// netsched gen SPEC COLLECTIVE [--root R | --source U --target V] [--algorithm A] -o FILE
#include <fmt/format.h>

#include <iostream>

#include "app/cli.hpp"
#include "core/io.hpp"
#include "gen/broadcast/broadcast.hpp"
#include "gen/combine/combine.hpp"
#include "gen/exchange/total_exchange.hpp"
#include "gen/route/router.hpp"
#include "analysis/verification.hpp"

namespace netsched::cli {

Run add_gen(CLI::App& app) {
  struct Opts {
    std::string spec, collective, root = "0", source, target, algorithm = "auto", out;
    std::uint64_t dimension = 0;
    bool json = false;
    std::string engine = "auto";
  };
  auto o = std::make_shared<Opts>();
  app.add_option("SPEC", o->spec, "network spec")->required();
  std::vector<std::string> collectives{"broadcast", "route", "scatter", "total-exchange", "cube-dimension"};
  for (const auto& c : combining_collective_names()) collectives.push_back(c);
  app.add_option("COLLECTIVE", o->collective,
                 "broadcast, route, scatter (dualcube: one2allp), total-exchange; all-reduce, prefix "
                 "(hypercube, dualcube); cluster-sum, cluster-prefix, matmul, vecmat (from --root), all-gather (All2allB), "
                 "multicast (Many2manyM from the cluster of --root) on dualcubes; cube-dimension (RHS: "
                 "hypercube dimension --dimension emulated, Theorem 5.1)")
      ->required()
      ->check(CLI::IsMember(collectives));
  app.add_option("--root", o->root, "broadcast root (serial id or label)")->capture_default_str();
  app.add_option("--source", o->source, "route source (serial id or label)");
  app.add_option("--target", o->target, "route target (serial id or label)");
  app.add_option("--dimension", o->dimension, "cube-dimension: the hypercube dimension to emulate")->capture_default_str();
  app.add_option("--algorithm", o->algorithm, "generator (default: the family's paper algorithm)")->capture_default_str();
  app.add_option("-o,--output", o->out, "schedule file to write (atomically)")->required();
  app.add_flag("--json", o->json, "print the verification as JSON");
  add_engine_option(app, o->engine);
  app.footer("The schedule is checked by the simulator before it is written; a generator bug is an "
             "error (exit 3) and no file is written.");
  return [o] {
    auto t = build_topology(o->spec);
    Schedule s;
    if (o->collective == "broadcast") {
      s = make_broadcast(*t, t->node(o->root), o->algorithm);
    } else if (o->collective == "scatter") {
      if (t->family() != "dualcube")
        throw std::invalid_argument("scatter is implemented for dualcubes only so far (one2allp)");
      s = dualcube_one2allp(*t, t->node(o->root));
    } else if (o->collective == "total-exchange") {
      s = make_total_exchange(*t, o->algorithm);
    } else if (o->collective == "cube-dimension") {
      s = rhs_cube_dimension(*t, o->dimension);
    } else if (o->collective != "route") {
      s = make_combining(*t, o->collective, o->algorithm, t->node(o->root));
    } else {
      if (o->source.empty() || o->target.empty())
        throw std::invalid_argument("gen route needs --source and --target");
      auto r = make_router(*t, o->algorithm);
      s = route_schedule(*t, *r, t->node(o->source), t->node(o->target));
    }
    const Verification v = verify_schedule(*t, s, engine_of(o->engine), check_progress());
    progress_done();
    if (!v.check.ok && s.algorithm.ends_with("-as-printed")) {
      std::cerr << "netsched: " << s.algorithm << " reproduces the paper's algorithm as printed, and it is wrong: "
                << *v.check.violation << "\nno file written\n";
      return 1;
    }
    if (!v.check.ok)
      throw std::logic_error("generator " + s.algorithm + " produced an invalid schedule: " +
                             v.check.violation->rule + ": " + v.check.violation->message);
    write_file_atomic(o->out, schedule_to_json(s, v.record()));
    const auto j = v.to_json(s, {});
    if (o->json) {
      std::cout << j.dump(2) << "\n";
    } else {
      std::cout << fmt::format("wrote {}: {} on {} by {}, {} steps, {} transfers, checked: holds\n", o->out,
                               s.collective.name(), s.topology, s.algorithm, v.check.steps, v.check.transfers);
      if (v.bound)
        std::cout << fmt::format("  paper bound {} ({}; {}){}\n", v.bound->steps, v.bound->formula, v.bound->source,
                                 v.check.steps <= v.bound->steps ? "" : "  EXCEEDED");
      if (v.lower) std::cout << fmt::format("  lower bound {} ({})\n", v.lower->steps, v.lower->reason);
      std::cout << fmt::format("  cost (steps, payload sum) = ({}, {})", v.check.steps, v.check.payload_sum);
      if (v.bound && v.bound->payload_sum)
        std::cout << fmt::format("; paper ({}, {})", v.bound->steps, *v.bound->payload_sum);
      std::cout << "\n";
    }
    return 0;
  };
}

}  // namespace netsched::cli
