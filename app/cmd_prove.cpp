// netsched prove min-steps SPEC COLLECTIVE [--root R] [--steps T | --max-steps T] [--timeout S]
// [--json] [-o FILE]
#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>

#include "analysis/bandwidth_bound.hpp"
#include "analysis/checked.hpp"
#include "analysis/congestion_bound.hpp"
#include "analysis/optimum.hpp"
#include "analysis/route_proof.hpp"
#include "app/cli.hpp"
#include "app/deadline.hpp"
#include "core/errors.hpp"
#include "gen/algorithms.hpp"
#include "verify/smt_bisection.hpp"
#include "verify/smt_synthesis.hpp"

namespace netsched::cli {

namespace {

// Each paper algorithm's step count (its schedule checked by the simulator) next to the
// unit-message one-port optimum proven by Z3 (unsat one step below): analysis/optimum.hpp.
int print_optimum_table(unsigned timeout) {
  std::cout << "| network | collective | paper algorithm | its steps | proven optimum | z3 answer "
               "below | seconds |\n"
            << "|---|---|---|---|---|---|---|\n";
  for (const OptimumRow& r : optimum_table(timeout * kMillisecondsPerSecond)) {
    const MinSteps& m = r.optimum;
    const std::string optimum =
        m.result == Optimum::Optimal
            ? std::to_string(m.upper_bound)
            : std::to_string(m.lower_bound) + ".." + std::to_string(m.upper_bound);
    std::cout << fmt::format("| `{}` | {} | {} | {} | {} | {} | {:.2f} |\n", r.spec, r.collective,
                             r.algorithm, r.steps, optimum,
                             m.queries.empty() ? "-"
                                               : to_string(m.queries.back().second) + " at " +
                                                     std::to_string(m.queries.back().first),
                             m.seconds);
  }
  return to_int(ExitCode::Ok);
}

struct ProveOpts {
  std::string what, spec, collective, root, out, algorithm = "auto", fault = "none";
  std::uint64_t steps = 0, max_steps = 0;
  unsigned timeout = kDefaultSolverTimeoutMs / kMillisecondsPerSecond;
  bool json = false, plain = false, no_generator = false;
};

/// The proof vocabulary of `prove route` for a verdict: proved, refuted, unknown.
std::string proof_word(Verdict::Kind k) {
  return k == Verdict::Kind::Holds      ? "proved"
         : k == Verdict::Kind::Violated ? "refuted"
                                        : "unknown";
}

int prove_route(const ProveOpts& o) {
  if (o.spec.empty()) throw InputError("prove route needs SPEC");
  auto t = build_topology(o.spec);
  const RouteFault fault = o.fault == "skip-last-cross" ? RouteFault::SkipLastCross
                           : o.fault == "wrong-mask"    ? RouteFault::WrongMask
                                                        : RouteFault::None;
  CommandDeadline deadline(o.timeout);
  deadline.so_far(unknown_at_deadline(o.json, {{"topology", t->spec()}, {"result", "unknown"}},
                                      t->spec() + ": unknown"));
  const RouteProof r = prove_routes(*t, o.algorithm, deadline.remaining_ms(), fault);
  deadline.finish();
  const std::string why = r.verdict.violation ? r.verdict.violation->message : r.verdict.reason;
  nlohmann::json j{{"topology", t->spec()}, {"result", proof_word(r.verdict.kind)},
                   {"bound", r.bound},      {"bound_source", r.bound_source},
                   {"pairs", r.pairs},      {"compared_with_router", r.sampled},
                   {"seconds", r.seconds},  {"fault", o.fault}};
  j["counterexample"] = r.counterexample
                            ? nlohmann::json{r.counterexample->first.v, r.counterexample->second.v}
                            : nlohmann::json(nullptr);
  if (!why.empty()) j["why"] = why;
  if (o.json) {
    std::cout << j.dump(2) << "\n";
  } else {
    const std::string claim =
        fmt::format("every hop a link and at most {} hops ({})", r.bound, r.bound_source);
    if (r.verdict.ok())
      std::cout << fmt::format("{}: proved for all {} ordered pairs: {} ({:.2f} s)\n", t->spec(),
                               r.pairs, claim, r.seconds);
    else
      std::cout << fmt::format("{}: {}: {} ({:.2f} s)\n", t->spec(), proof_word(r.verdict.kind),
                               claim, r.seconds);
    if (r.sampled)
      std::cout << fmt::format("  the encoded machine equals the router on {} pairs\n", r.sampled);
    if (!why.empty()) std::cout << "  " << why << "\n";
  }
  return to_int(exit_code(r.verdict));
}

/// "exactly W (how)" or "at most W, at least L".
std::string bisection_text(const Bisection& b) {
  if (b.result != Bisection::Kind::Exact)
    return fmt::format("at most {}, at least {} (the congestion bound){}", b.width, b.lower_bound,
                       b.result == Bisection::Kind::Unknown ? "; Z3 did not decide in time" : "");
  return fmt::format("exactly {} ({})", b.width,
                     b.proof == "z3" ? "Z3 Optimize proved no balanced cut is smaller"
                                     : "a balanced cut meets the congestion bound");
}

int prove_bisection(const ProveOpts& o) {
  if (o.spec.empty()) throw InputError("prove bisection needs SPEC");
  auto t = build_topology(o.spec);
  CommandDeadline deadline(o.timeout);
  deadline.so_far(unknown_at_deadline(o.json, {{"topology", t->spec()}, {"result", "unknown"}},
                                      "bisection width of " + t->spec() + ": unknown"));
  const Bisection b = bisection_width(*t, deadline.remaining_ms());
  deadline.finish();
  nlohmann::json j{{"topology", t->spec()}, {"result", to_string(b.result)},
                   {"width", b.width},      {"lower_bound", b.lower_bound},
                   {"proof", b.proof},      {"seconds", b.seconds}};
  std::vector<std::uint32_t> half;
  for (std::uint32_t v = 0; v < b.side.size(); ++v)
    if (b.side[v]) half.push_back(v);
  j["side_1"] = half;
  if (o.json)
    std::cout << j.dump(2) << "\n";
  else
    std::cout << fmt::format("bisection width of {}: {} ({:.2f} s)\n", t->spec(), bisection_text(b),
                             b.seconds);
  return to_int(b.result == Bisection::Kind::Unknown ? ExitCode::Unknown : ExitCode::Ok);
}

/// The collectives `prove bandwidth` bounds.
const std::vector<std::string> kBandwidthCollectives = {"broadcast", "all-gather", "reduce-scatter",
                                                        "all-reduce", "total-exchange"};

/// A bound's JSON with what every `prove bandwidth` answer says: the network, the collective,
/// the schedules the bound applies to, and that its certificate was recounted.
nlohmann::json stamped(nlohmann::json j, const Network& t, const std::string& collective,
                       const std::string& applies_to) {
  j["topology"] = t.spec();
  j["collective"] = collective;
  j["applies_to"] = applies_to;
  j["recounted"] = true;
  return j;
}

/// `prove bandwidth SPEC total-exchange`: the link lengths of analysis/congestion_bound.hpp,
/// recounted before they are printed.
int prove_exchange_bandwidth(const ProveOpts& o, const Network& t) {
  if (!o.root.empty()) throw InputError("--root applies to a broadcast only");
  const CongestionBound b = total_exchange_bound(t, [](std::uint64_t done, std::uint64_t total) {
    progress("bandwidth bound: rounds", done, total);
  });
  progress_done();
  if (const std::string wrong = recount(t, b.lengths); !wrong.empty())
    throw std::logic_error("the total exchange's link lengths do not recount: " + wrong);
  if (o.json) {
    nlohmann::json j = stamped(to_json(b), t, o.collective, "all-port schedules");
    if (t.switched()) j["endpoints"] = t.num_endpoints();
    std::cout << j.dump(2) << "\n";
    return to_int(ExitCode::Ok);
  }
  std::cout << fmt::format(
      "total-exchange on {}: all-port schedules need at least {:.6g} chunk times of bandwidth "
      "(x m / the default bandwidth)\n  lengths on {} of the {}: the {}pairs' distances sum to "
      "{:.6g}, length x bandwidth to {:.6g}\n  found by {} (at most {:.4g}x the bound: the "
      "best lengths are in between); the lengths recounted\n",
      t.spec(), b.chunk_times, b.lengths.arcs.size(), t.needs_switched_model() ? "arcs" : "links",
      t.switched() ? "endpoint " : "", b.lengths.distance_sum, b.lengths.weighted_bandwidth, b.how,
      b.routed_chunk_times / b.chunk_times);
  return to_int(ExitCode::Ok);
}

/// How an all-reduce's bound adds up: the reduce-scatter's and the all-gather's cuts.
std::string all_reduce_text(const std::optional<BandwidthBound>& scatter) {
  if (!scatter) return " (twice: in the reduce-scatter, then in the all-gather)";
  return fmt::format(
      " in the all-gather; the reduce-scatter's cut: {} arc{} of bandwidth {:.6g} into {} nodes "
      "must carry {} chunks ({:.6g} chunk times)",
      scatter->cut.links, scatter->cut.links == 1 ? "" : "s", scatter->cut.bandwidth,
      scatter->cut.side.size(), scatter->cut.chunks, scatter->chunk_times);
}

/// `prove bandwidth SPEC COLLECTIVE`: the exact all-port bandwidth bound and its cut
/// (analysis/bandwidth_bound.hpp), the cut recounted before it is printed.
int prove_bandwidth(const ProveOpts& o) {
  if (o.spec.empty() || o.collective.empty())
    throw InputError("prove bandwidth needs SPEC and COLLECTIVE");
  if (std::find(kBandwidthCollectives.begin(), kBandwidthCollectives.end(), o.collective) ==
      kBandwidthCollectives.end())
    throw InputError(
        "prove bandwidth bounds broadcast, all-gather, reduce-scatter, all-reduce or "
        "total-exchange; "
        "not '" +
        o.collective + "'");
  const auto t = build_switched_topology(o.spec);
  if (o.collective == "total-exchange") return prove_exchange_bandwidth(o, *t);
  const bool rooted = o.collective == "broadcast";
  if (!rooted && !o.root.empty()) throw InputError("--root applies to a broadcast only");
  const NodeId root = root_node(*t, o.root);  // by default the first survivor, as gen's
  const auto sinks = [](std::uint64_t done, std::uint64_t total) {
    progress("bandwidth bound: sinks", done, total);
  };
  const bool all_reduce = o.collective == "all-reduce";
  const BandwidthBound b = rooted                             ? broadcast_bound(*t, root)
                           : o.collective == "reduce-scatter" ? reduce_scatter_bound(*t, sinks)
                                                              : all_gather_bound(*t, sinks);
  // An all-reduce as a reduce-scatter and an all-gather: the sum of their bounds, twice the
  // all-gather's on links as fast both ways. That is argued for schedules of that shape only
  // (docs/bandwidth.md), and the output says so.
  const std::optional<BandwidthBound> scatter =
      all_reduce && t->directed() ? std::optional(reduce_scatter_bound(*t, sinks)) : std::nullopt;
  progress_done();
  for (const CutCertificate* c : {&b.cut, scatter ? &scatter->cut : nullptr})
    if (const std::string wrong = c ? recount(*t, *c) : ""; !wrong.empty())
      throw std::logic_error("the bandwidth bound's cut does not recount: " + wrong);
  const double factor = !all_reduce ? 1 : scatter ? 1 + scatter->chunk_times / b.chunk_times : 2;
  const std::string applies_to =
      all_reduce ? "all-port all-reduces made as a reduce-scatter and then an all-gather"
                 : "all-port schedules";
  if (o.json) {
    nlohmann::json j = stamped(to_json(b), *t, o.collective, applies_to);
    if (rooted) j["root"] = t->label(root);
    j["chunk_times"] = factor * b.chunk_times;
    if (scatter) j["reduce_scatter"] = to_json(*scatter);
    if (t->switched()) j["endpoints"] = t->num_endpoints();
    std::cout << j.dump(2) << "\n";
    return to_int(ExitCode::Ok);
  }
  std::cout << fmt::format(
      "{} on {}: {} need at least {:.6g} chunk times of bandwidth (x m / "
      "the default bandwidth)\n  cut: {} of {} nodes on the {} side, {} {} of bandwidth "
      "{:.6g} must carry {} chunk{}{}\n  found by {}; the cut recounted\n",
      rooted ? "broadcast from node " + t->label(root) : o.collective, t->spec(), applies_to,
      factor * b.chunk_times, b.cut.side.size(), t->num_nodes(),
      b.cut.entering ? "receiving" : "sending", b.cut.links,
      std::string(t->directed() ? "arc" : "link") + (b.cut.links == 1 ? "" : "s"), b.cut.bandwidth,
      b.cut.chunks, b.cut.chunks == 1 ? "" : "s", all_reduce ? all_reduce_text(scatter) : "",
      b.how);
  return to_int(ExitCode::Ok);
}

/// What min-steps has established so far, as the watchdog would print it at the deadline.
struct SoFar {
  nlohmann::json j;
  std::string key = "result";  ///< "answer" for --steps, as in the finished output
  std::uint64_t lower = 0;
  std::string lower_from;
  std::optional<std::uint64_t> upper;
  std::string upper_from;
  std::string render(bool json, const std::string& head) const {
    nlohmann::json p = j;
    p[key] = "unknown";
    p["reason"] = "deadline reached";
    p["lower_bound"] = lower;
    p["lower_bound_from"] = lower_from;
    p["upper_bound"] = upper ? nlohmann::json(*upper) : nlohmann::json(nullptr);
    p["upper_bound_from"] = upper ? nlohmann::json(upper_from) : nlohmann::json(nullptr);
    if (json) return p.dump(2) + "\n";
    return fmt::format("{}: {} (deadline reached) — at least {} ({}), {}\n", head,
                       upper ? fmt::format("between {} and {} steps", lower, *upper)
                             : fmt::format("at least {} steps", lower),
                       lower, lower_from,
                       upper ? fmt::format("at most {} ({})", *upper, upper_from)
                             : std::string("no unit-message one-port schedule known"));
  }
};

/// Progress and the deadline's partial answer, kept current after every z3 query.
std::function<void(std::uint64_t, const std::string&)> track_queries(SoFar& so_far,
                                                                     CommandDeadline& deadline,
                                                                     bool json,
                                                                     const std::string& head) {
  const auto t0 = std::chrono::steady_clock::now();
  return [&so_far, &deadline, json, head, t0](std::uint64_t steps, const std::string& what) {
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    progress_note(fmt::format("min-steps: {} steps: {} (lower bound {}, {:.1f} s)", steps, what,
                              so_far.lower, elapsed));
    if (what == "unsat" && steps + 1 > so_far.lower) {
      so_far.lower = steps + 1;
      so_far.lower_from = "z3: unsat at " + std::to_string(steps) + " steps";
    }
    if (what == "sat") {
      so_far.upper = steps;
      so_far.upper_from = "z3";
    }
    if (what != "asking z3") so_far.j["queries"].push_back({{"steps", steps}, {"answer", what}});
    deadline.so_far(so_far.render(json, head));
  };
}

/// `prove min-steps --steps T`: one feasibility question (unsat at once below a known bound).
int decide_steps(const ProveOpts& o, const Network& t, const Collective& c,
                 const SynthesisOptions& opt, nlohmann::json& j,
                 std::optional<Schedule>& schedule) {
  const LowerBound lb = min_steps_lower_bound(t, c);
  j["steps"] = o.steps;
  j["lower_bound"] = lb.steps;
  j["lower_bound_from"] = lb.reason;
  FeasibilityResult r;
  if (o.steps < lb.steps) {
    r.answer = Feasibility::Unsat;
    j["answered_by"] = "the lower bound";
  } else {
    r = feasible(t, c, o.steps, opt);
    j["answered_by"] = "z3";
  }
  j["answer"] = to_string(r.answer);
  j["seconds"] = r.seconds;
  if (r.answer == Feasibility::Unknown) j["reason"] = r.reason;
  schedule = r.schedule;
  if (!o.json)
    std::cout << fmt::format("{} on {} in {} steps: {} ({}; lower bound {}: {}) ({:.2f} s)\n",
                             c.name(), t.spec(), o.steps, to_string(r.answer),
                             j["answered_by"].get<std::string>(), lb.steps, lb.reason, r.seconds);
  return to_int(r.answer == Feasibility::Unknown ? ExitCode::Unknown : ExitCode::Ok);
}

/// The bracket in words: "optimal: 12 steps" or "between 15 and 21 steps", with both proofs.
std::string bracket_text(const MinSteps& r) {
  const std::string lower = fmt::format("at least {} ({})", r.lower_bound, r.lower_source);
  const std::string upper = r.schedule
                                ? fmt::format("at most {} ({})", r.upper_bound, r.upper_source)
                                : std::string("no unit-message one-port schedule known");
  const std::string head =
      r.result == Optimum::Optimal ? fmt::format("optimal: {} steps", r.upper_bound)
      : r.schedule ? fmt::format("between {} and {} steps", r.lower_bound, r.upper_bound)
                   : fmt::format("at least {} steps", r.lower_bound);
  return head + " — " + lower + ", " + upper;
}

/// `prove min-steps`: the bracket — the lower bound with its proof (a theorem, or z3's unsat one
/// below), the best checked schedule's steps as the upper bound, narrowed by z3 in between.
int search_optimum(const ProveOpts& o, const Network& t, const Collective& c,
                   const SynthesisOptions& opt, const std::optional<Schedule>& known,
                   nlohmann::json& j, std::optional<Schedule>& schedule) {
  const auto r = min_steps(t, c, o.max_steps, opt, known ? &*known : nullptr);
  j.update(min_steps_json(r));
  schedule = r.schedule;
  if (!o.json)
    std::cout << fmt::format("{} on {}: {} ({:.2f} s)\n", c.name(), t.spec(), bracket_text(r),
                             r.seconds);
  return to_int(exit_code(verdict_kind(r.result)));
}

int prove_min_steps(const ProveOpts& o) {
  if (o.spec.empty() || o.collective.empty())
    throw InputError("prove min-steps needs SPEC and COLLECTIVE");
  auto t = build_topology(o.spec);
  const Collective c = min_steps_collective(*t, o.collective, root_node(*t, o.root));
  CommandDeadline deadline(o.timeout);
  SoFar so_far;
  const LowerBound lb = min_steps_lower_bound(*t, c);
  so_far.lower = lb.steps;
  so_far.lower_from = lb.reason;
  std::optional<Schedule> known;
  if (!o.steps && !o.no_generator) known = best_known_schedule(*t, c);
  if (known) {
    so_far.upper = known->steps.size();
    so_far.upper_from = known->algorithm + " (checked by the simulator)";
  }
  if (o.steps) so_far.key = "answer";
  so_far.j["topology"] = t->spec();
  so_far.j["collective"] = c.name();
  so_far.j["queries"] = nlohmann::json::array();
  const std::string head = c.name() + " on " + t->spec();
  deadline.so_far(so_far.render(o.json, head));
  SynthesisOptions opt;
  opt.deadline = deadline.at();
  opt.timeout_ms = std::numeric_limits<unsigned>::max();  // the deadline decides
  opt.on_query = track_queries(so_far, deadline, o.json, head);
  if (o.plain) opt.distance = opt.doubling = opt.counting = opt.symmetry = false;
  nlohmann::json j;
  j["topology"] = t->spec();
  j["collective"] = c.name();
  std::optional<Schedule> schedule;
  const int code = o.steps ? decide_steps(o, *t, c, opt, j, schedule)
                           : search_optimum(o, *t, c, opt, known, j, schedule);
  deadline.finish();
  progress_done();
  if (schedule && !o.out.empty()) write_schedule(o.out, check_schedule(*t, *schedule));
  if (o.json) std::cout << j.dump(2) << "\n";
  return code;
}

/// The options each WHAT reads; any other given is refused, never ignored.
const std::map<std::string, std::vector<std::string>> kProveOptions = {
    {"min-steps",
     {"SPEC", "COLLECTIVE", "--root", "--steps", "--max-steps", "--timeout", "--output", "--json",
      "--no-redundant", "--no-generator"}},
    {"bisection", {"SPEC", "--timeout", "--json"}},
    {"bandwidth", {"SPEC", "COLLECTIVE", "--root", "--json"}},
    {"route", {"SPEC", "--algorithm", "--fault", "--timeout", "--json"}},
    {"table", {"--timeout"}},
};

}  // namespace

Run add_prove(CLI::App& app) {
  auto o = std::make_shared<ProveOpts>();
  app.add_option(
         "WHAT", o->what,
         "min-steps, bisection, bandwidth (the all-port bandwidth bound: exact with its cut, or "
         "for a total exchange from lengths on the links), route "
         "(all pairs at once, bit-vectors), or table (paper algorithms against proven optima, "
         "markdown)")
      ->required()
      ->check(CLI::IsMember(kProveWhat));
  app.add_option("SPEC", o->spec, "network spec");
  app.add_option("COLLECTIVE", o->collective,
                 "min-steps: broadcast, scatter, gather, all-gather or total-exchange; bandwidth: "
                 "broadcast, all-gather, reduce-scatter, all-reduce or total-exchange");
  app.add_option("--root", o->root,
                 std::string("root of broadcast, scatter, gather: ") + kRootHelp);
  app.add_option("--steps", o->steps, "decide this one step count (sat / unsat / unknown)");
  app.add_option("--max-steps", o->max_steps, "give up above this many steps");
  app.add_option("--timeout", o->timeout,
                 "deadline in seconds for the whole command: each Z3 query gets what is left; "
                 "at the deadline the answer is unknown (exit 4) with what was proven so far")
      ->check(kPositive)
      ->capture_default_str();
  app.add_option("-o,--output", o->out, "write the schedule found (checked by the simulator)")
      ->check(kOutputFile);
  app.add_flag("--json", o->json, "machine-readable output");
  app.add_option("--algorithm", o->algorithm, "route: the routing algorithm")
      ->capture_default_str();
  app.add_option("--fault", o->fault,
                 "route: prove a deliberately broken variant (to see a refutation)")
      ->check(CLI::IsMember({"none", "skip-last-cross", "wrong-mask"}))
      ->capture_default_str();
  app.add_flag("--no-redundant", o->plain,
               "leave out the redundant constraints (R1-R4, docs/smt.md)");
  app.add_flag("--no-generator", o->no_generator,
               "do not start from a generator's schedule; search upwards with z3 alone");
  app.footer(
      "Unit messages, one-port. sat, unsat and unknown are three different answers: a result is "
      "'optimal' only when T-1 is unsat and T is sat.");
  app.get_option("--steps")->excludes("--max-steps")->excludes("--no-generator");
  return [o, &app] {
    refuse_options_outside(app, kProveOptions.at(o->what), "prove " + o->what);
    if (o->what == "table") return print_optimum_table(o->timeout);
    if (o->what == "route") return prove_route(*o);
    if (o->what == "bisection") return prove_bisection(*o);
    if (o->what == "bandwidth") return prove_bandwidth(*o);
    return prove_min_steps(*o);
  };
}

}  // namespace netsched::cli
