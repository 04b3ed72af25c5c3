// netsched gen SPEC COLLECTIVE [--root R | --source U --target V] [--algorithm A] -o FILE
#include <fmt/format.h>

#include <iostream>

#include "analysis/checked.hpp"
#include "app/cli.hpp"
#include "gen/topology.hpp"

namespace netsched::cli {
namespace {

void print_generated(const std::string& out, const Schedule& s, const Verification& v, bool json) {
  if (json) {
    std::cout << v.to_json(s, {}).dump(2) << "\n";
    return;
  }
  std::cout << fmt::format("wrote {}: {} on {} by {}, {} steps, {} transfers, checked: holds\n",
                           out, s.collective.name(), s.topology, s.algorithm, v.check.steps,
                           v.check.transfers);
  if (v.bound)
    std::cout << fmt::format("  paper bound {} ({}; {}){}\n", v.bound->steps, v.bound->formula,
                             v.bound->source, v.check.steps <= v.bound->steps ? "" : "  EXCEEDED");
  if (v.lower) std::cout << fmt::format("  lower bound {} ({})\n", v.lower->steps, v.lower->reason);
  std::cout << fmt::format("  cost (steps, payload sum) = ({}, {})", v.check.steps,
                           v.check.payload_sum);
  if (v.bound && v.bound->payload_sum)
    std::cout << fmt::format("; paper ({}, {})", v.bound->steps, *v.bound->payload_sum);
  std::cout << "\n";
}

}  // namespace

Run add_gen(CLI::App& app) {
  struct Opts {
    std::string spec, collective, root = "0", source, target, algorithm = "auto", out;
    std::uint64_t dimension = 0;
    bool json = false;
    std::string engine = "auto";
  };
  auto o = std::make_shared<Opts>();
  app.add_option("SPEC", o->spec, "network spec")->required();
  app.add_option(
         "COLLECTIVE", o->collective,
         "broadcast, route, scatter (dualcube: one2allp), total-exchange; all-reduce, prefix "
         "(hypercube, dualcube); cluster-sum, cluster-prefix, matmul, vecmat (from --root), "
         "all-gather (All2allB), "
         "multicast (Many2manyM from the cluster of --root) on dualcubes; cube-dimension (RHS: "
         "hypercube dimension --dimension emulated, Theorem 5.1)")
      ->required()
      ->check(CLI::IsMember(generated_collectives()));
  app.add_option("--root", o->root, "broadcast root (serial id or label)")->capture_default_str();
  app.add_option("--source", o->source, "route source (serial id or label)");
  app.add_option("--target", o->target, "route target (serial id or label)");
  app.add_option("--dimension", o->dimension, "cube-dimension: the hypercube dimension to emulate")
      ->capture_default_str();
  app.add_option("--algorithm", o->algorithm, "generator (default: the family's paper algorithm)")
      ->capture_default_str();
  app.add_option("-o,--output", o->out, "schedule file to write (atomically)")->required();
  app.add_flag("--json", o->json, "print the verification as JSON");
  add_engine_option(app, o->engine);
  app.footer(
      "The schedule is checked by the simulator before it is written; a generator bug is an "
      "error (exit 3) and no file is written.");
  return [o] {
    auto t = build_topology(o->spec);
    GenRequest req(o->collective, o->algorithm);
    req.dimension = o->dimension;
    if (o->collective == "route") {
      if (o->source.empty() || o->target.empty())
        throw std::invalid_argument("gen route needs --source and --target");
      req.source = t->node(o->source);
      req.target = t->node(o->target);
    } else if (o->collective != "total-exchange" && o->collective != "cube-dimension") {
      req.root = t->node(o->root);
    }
    const CheckedSchedule c = generate_checked(*t, req, engine_of(o->engine), check_progress());
    progress_done();
    const Schedule& s = c.schedule();
    const Verification& v = c.verification();
    if (!c.holds()) {
      std::cerr << "netsched: " << s.algorithm
                << " reproduces the paper's algorithm as printed, and it is wrong: "
                << *v.check.violation() << "\nno file written\n";
      return to_int(exit_code(v.check.verdict));
    }
    write_schedule(o->out, c);
    print_generated(o->out, s, v, o->json);
    return to_int(ExitCode::Ok);
  };
}

}  // namespace netsched::cli
