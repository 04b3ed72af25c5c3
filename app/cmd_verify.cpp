// netsched verify FILE [--json] [--smt] [--engine E] [--ts --tw --m]
#include <fmt/format.h>

#include <iostream>

#include "analysis/fault_check.hpp"
#include "analysis/verification.hpp"
#include "app/cli.hpp"
#include "app/deadline.hpp"
#include "core/errors.hpp"
#include "gen/topology.hpp"
#include "papers/papers.hpp"
#include "verify/smt_checker.hpp"

namespace netsched::cli {
namespace {

/// The --network of verify: faulty(<the schedule's network>, ...).
std::unique_ptr<FaultyNetwork> faulty_network_of(const std::string& spec, const Schedule& s) {
  std::unique_ptr<Network> t = build_topology(spec);
  const std::string given = t->spec();
  auto f = take_as<FaultyNetwork>(t);
  if (!f || f->base().spec() != s.topology)
    throw InputError("--network must be faulty(" + s.topology +
                     ", links=[...], nodes=[...]), got " + given);
  return f;
}

struct VerifyOptions {
  std::string file;
  bool json = false, smt = false;
  unsigned timeout = kDefaultSolverTimeoutMs / kMillisecondsPerSecond;
  CostModel cost;
  std::string engine = "auto";
  std::string network;
};

/// verify --smt: Z3's answer on `s`, printed; its exit code.
int verify_by_smt(const VerifyOptions& o, const Network& t, const Schedule& s) {
  CommandDeadline deadline(o.timeout);
  deadline.so_far(unknown_at_deadline(o.json, {{"checker", "z3"}, {"answer", "unknown"}},
                                      o.file + ": z3 says unknown"));
  const SmtVerdict v = smt_check(t, s, deadline.remaining_ms());
  deadline.finish();
  const Verdict& verdict = v.verdict;
  nlohmann::json j;
  j["checker"] = "z3";
  j["answer"] = to_string(verdict.kind);
  j["ok"] = verdict.ok();
  j["seconds"] = v.seconds;
  j["state_variables"] = v.variables;
  j["terms"] = v.terms;
  if (verdict.violation) j["violation"] = violation_json(*verdict.violation);
  if (verdict.kind == Verdict::Kind::Unknown) j["reason"] = verdict.reason;
  if (o.json)
    std::cout << j.dump(2) << "\n";
  else
    std::cout << fmt::format("{}: z3 says {}{} ({:.2f} s, {} state variables, {} terms)\n", o.file,
                             to_string(verdict.kind),
                             verdict.violation ? ": " + to_string(*verdict.violation) : "",
                             v.seconds, v.variables, v.terms);
  return to_int(exit_code(verdict));
}

/// The simulator's verification of `s`, as text.
void print_verification(const std::string& file, const Schedule& s, const FaultyNetwork* faulty,
                        const Verification& v, const nlohmann::json& j) {
  std::cout << fmt::format("{}: {} of {} on {} ({}, {})\n", file,
                           v.check.ok() ? "holds" : "VIOLATED", s.collective.name(),
                           faulty ? faulty->spec() : s.topology, to_string(s.model), s.algorithm);
  if (!j["steps"].is_null())
    std::cout << fmt::format("  steps {}  payload sum {}  transfers {}  cost {}  ({} simulation)\n",
                             v.check.steps, v.check.payload_sum, v.check.transfers,
                             j["cost"]["value"].get<double>(), to_string(v.check.engine));
  else
    std::cout << fmt::format("  no cost: a step breaks a rule  ({} simulation)\n",
                             to_string(v.check.engine));
  if (!v.check.engine_note.empty()) std::cout << "  " << v.check.engine_note << "\n";
  if (v.bound)
    std::cout << fmt::format("  {} {} ({}; {})\n", bound_kind(*v.bound), v.bound->steps,
                             v.bound->formula, v.bound->source);
  if (v.lower) std::cout << fmt::format("  lower bound {} ({})\n", v.lower->steps, v.lower->reason);
  if (const auto& cut = v.bandwidth_cut)
    std::cout << fmt::format(
        "  bandwidth bound {:.6g} chunk times, certified by a cut of {} links of bandwidth "
        "{:.6g} that {} chunk(s) must cross from a side of {} nodes (recounted)\n",
        static_cast<double>(cut->chunks) / cut->bandwidth, cut->links, cut->bandwidth, cut->chunks,
        cut->side.size());
  if (const auto& w = v.bandwidth_lengths)
    std::cout << fmt::format(
        "  bandwidth bound {:.6g} chunk times, certified by lengths on {} directed links: the "
        "pairs' distances {:.6g} over length x bandwidth {:.6g} (recounted)\n",
        w->chunk_times(), w->arcs.size(), w->distance_sum, w->weighted_bandwidth);
  if (!v.check.ok()) std::cout << "  violation: " << *v.check.violation() << "\n";
}

}  // namespace

Run add_verify(CLI::App& app) {
  auto o = std::make_shared<VerifyOptions>();
  app.add_option("FILE", o->file, "schedule file")->required();
  app.add_flag("--json", o->json, "machine-readable output");
  app.add_flag("--smt", o->smt,
               "check with the Z3 encoding instead of the simulator (small schedules)");
  auto* timeout =
      app.add_option("--timeout", o->timeout,
                     "--smt: deadline in seconds for the whole check (then unknown, exit 4)")
          ->check(kPositive)
          ->capture_default_str();
  auto* ts = app.add_option("--ts", o->cost.ts, "startup time per step (t_s, >= 0)")
                 ->check(kNonNegative)
                 ->capture_default_str();
  auto* tw = app.add_option("--tw", o->cost.tw, "time per word (t_w, >= 0)")
                 ->check(kNonNegative)
                 ->capture_default_str();
  auto* m = app.add_option("--m", o->cost.m, "words per chunk (m, >= 0)")
                ->check(kNonNegative)
                ->capture_default_str();
  auto* engine = add_engine_option(app, o->engine);
  auto* network = app.add_option(
      "--network", o->network,
      "check against faulty(<the schedule's network>, links=..., nodes=...) instead: a transfer "
      "over a failed link or touching a failed node is a violation");
  app.footer(
      "Exit 0: the schedule holds; 1: it violates a rule (the first violation is printed); "
      "2: the file is not a readable schedule, or its verification record does not match; "
      "4 (--smt only): Z3 answered unknown.");
  return [o, timeout, ts, tw, m, engine, network] {
    refuse_option(timeout, o->smt, "the simulator", "--timeout applies to --smt");
    refuse_option(network, !o->smt, "--smt", "--network applies to the simulator");
    for (const CLI::Option* opt : {ts, tw, m, engine})
      refuse_option(opt, !o->smt, "--smt", "Z3 answers holds or violated, without cost or engine");
    const ScheduleFile f = read_schedule_file(o->file);
    auto t = build_switched_schedule_topology(f.schedule.topology);
    if (o->smt) return verify_by_smt(*o, *t, f.schedule);
    const std::unique_ptr<FaultyNetwork> faulty =
        o->network.empty() ? nullptr : faulty_network_of(o->network, f.schedule);
    Verification v =
        faulty ? verify_under_faults(*faulty, f.schedule, engine_of(o->engine), check_progress())
               : verify_schedule(*t, f.schedule, engine_of(o->engine), check_progress());
    progress_done();
    if (f.record && !faulty) {
      check_record(*f.record, v.record(), *t, f.schedule.collective);
      v.bandwidth_cut = f.record->bandwidth_cut;  // recounted by check_record
      v.bandwidth_lengths = f.record->bandwidth_lengths;
    }
    const auto j = v.to_json(f.schedule, o->cost);
    if (o->json) {
      std::cout << j.dump(2) << "\n";
    } else {
      print_verification(o->file, f.schedule, faulty.get(), v, j);
    }
    return to_int(exit_code(v.check.verdict));
  };
}

}  // namespace netsched::cli
