// netsched prove min-steps SPEC COLLECTIVE [--root R] [--steps T | --max-steps T] [--timeout S] [--json] [-o FILE]
#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>

#include "app/cli.hpp"
#include "core/io.hpp"
#include "core/schedule_io.hpp"
#include "gen/broadcast/broadcast.hpp"
#include "gen/exchange/total_exchange.hpp"
#include "verify/report.hpp"
#include "verify/smt_synthesis.hpp"

namespace netsched::cli {

Run add_prove(CLI::App& app) {
  struct Opts {
    std::string what, spec, collective, root = "0", out;
    std::uint64_t steps = 0, max_steps = 0;
    unsigned timeout = 60;
    bool json = false, plain = false, no_generator = false;
  };
  auto o = std::make_shared<Opts>();
  app.add_option("WHAT", o->what, "min-steps")->required()->check(CLI::IsMember({"min-steps"}));
  app.add_option("SPEC", o->spec, "network spec")->required();
  app.add_option("COLLECTIVE", o->collective, "broadcast, scatter, gather, all-gather or total-exchange")
      ->required()
      ->check(CLI::IsMember({"broadcast", "scatter", "gather", "all-gather", "total-exchange"}));
  app.add_option("--root", o->root, "root of broadcast, scatter, gather")->capture_default_str();
  app.add_option("--steps", o->steps, "decide this one step count (sat / unsat / unknown)");
  app.add_option("--max-steps", o->max_steps, "give up above this many steps");
  app.add_option("--timeout", o->timeout, "seconds per Z3 query")->capture_default_str();
  app.add_option("-o,--output", o->out, "write the schedule found (checked by the simulator)");
  app.add_flag("--json", o->json, "machine-readable output");
  app.add_flag("--no-redundant", o->plain, "leave out the redundant constraints (R1-R4, docs/smt.md)");
  app.add_flag("--no-generator", o->no_generator, "do not start from a generator's schedule; search upwards with z3 alone");
  app.footer("Unit messages, one-port. sat, unsat and unknown are three different answers: a result is "
             "'optimal' only when T-1 is unsat and T is sat.");
  return [o] {
    auto t = build_topology(o->spec);
    const std::uint64_t n = t->num_nodes();
    const NodeId root = t->node(o->root);
    Collective c = o->collective == "broadcast" ? Collective::broadcast(n, root)
                   : o->collective == "scatter" ? Collective::scatter(n, root)
                   : o->collective == "gather"  ? Collective::gather(n, root)
                   : o->collective == "all-gather" ? Collective::all_gather(n)
                                                   : Collective::total_exchange(n);
    SynthesisOptions opt;
    opt.timeout_ms = o->timeout * 1000;
    if (o->plain) opt.distance = opt.doubling = opt.counting = opt.symmetry = false;
    nlohmann::json j;
    j["topology"] = t->spec();
    j["collective"] = c.name();
    std::optional<Schedule> schedule;
    int code = 0;
    if (o->steps) {
      const auto r = feasible(*t, c, o->steps, opt);
      j["steps"] = o->steps;
      j["answer"] = to_string(r.answer);
      j["seconds"] = r.seconds;
      if (r.answer == Feasibility::Unknown) j["reason"] = r.reason;
      schedule = r.schedule;
      code = r.answer == Feasibility::Unknown ? 4 : 0;
      if (!o->json) std::cout << fmt::format("{} on {} in {} steps: {} ({:.2f} s)\n", c.name(), t->spec(), o->steps, to_string(r.answer), r.seconds);
    } else {
      // A unit-message generator's schedule, when one exists, gives the upper bound.
      std::optional<Schedule> known;
      if (!o->no_generator) {
        if (c.kind() == Collective::Kind::Broadcast) known = make_broadcast(*t, root);
        else if (c.kind() == Collective::Kind::TotalExchange) {
          const auto names = total_exchange_names(*t);
          if (std::find(names.begin(), names.end(), "a2") != names.end()) known = make_total_exchange(*t, "a2");
        }
      }
      const auto r = min_steps(*t, c, o->max_steps, opt, known ? &*known : nullptr);
      j["result"] = r.result;
      j["steps"] = r.result == "optimal" ? nlohmann::json(r.upper_bound) : nlohmann::json(nullptr);
      j["lower_bound"] = r.lower_bound;
      j["upper_bound"] = r.schedule ? nlohmann::json(r.upper_bound) : nlohmann::json(nullptr);
      j["upper_bound_from"] = r.schedule ? nlohmann::json(r.upper_source) : nlohmann::json(nullptr);
      j["seconds"] = r.seconds;
      nlohmann::json q = nlohmann::json::array();
      for (const auto& [steps, answer] : r.queries) q.push_back({{"steps", steps}, {"answer", answer}});
      j["queries"] = q;
      schedule = r.schedule;
      code = r.result == "unknown" ? 4 : 0;
      if (!o->json)
        std::cout << fmt::format("{} on {}: {} — no schedule below {} steps (unsat), {} ({:.2f} s)\n", c.name(), t->spec(), r.result,
                                 r.lower_bound, r.schedule ? "a schedule with " + std::to_string(r.upper_bound) + " steps from " + r.upper_source
                                                           : std::string("no schedule found"),
                                 r.seconds);
    }
    if (schedule && !o->out.empty()) {
      const Verification v = verify_schedule(*t, *schedule);
      write_file_atomic(o->out, schedule_to_json(*schedule, v.record()));
    }
    if (o->json) std::cout << j.dump(2) << "\n";
    return code;
  };
}

}  // namespace netsched::cli
