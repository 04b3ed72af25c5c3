// netsched gen SPEC COLLECTIVE [--root R | --source U --target V] [--ports P] [--algorithm A
//   [--pieces P] | --bytes M [--latency L] [--bandwidth B]] -o FILE
#include <fmt/format.h>

#include <algorithm>
#include <iostream>

#include "analysis/checked.hpp"
#include "analysis/retime.hpp"
#include "analysis/size_choice.hpp"
#include "app/cli.hpp"
#include "core/errors.hpp"
#include "core/io.hpp"
#include "exec/platform.hpp"
#include "gen/algorithms.hpp"
#include "gen/topology.hpp"
#include "papers/papers.hpp"

namespace netsched::cli {
namespace {

/// The summary goes to stdout, or to stderr when the schedule itself went to stdout (-o -).
void print_generated(const std::string& out, const Schedule& s, const Verification& v, bool json) {
  std::ostream& os = out == kStdoutPath ? std::cerr : std::cout;
  if (json) {
    os << v.to_json(s, {}).dump(2) << "\n";
    return;
  }
  os << fmt::format("{}: {} on {} by {}, {} steps, {} transfers, checked: holds ({} engine)\n",
                    out.empty() ? "generated (no file written)" : "wrote " + out,
                    s.collective.name(), s.topology, s.algorithm, v.check.steps, v.check.transfers,
                    to_string(v.check.engine));
  if (!v.check.engine_note.empty()) os << "  " << v.check.engine_note << "\n";
  if (v.bound)
    os << fmt::format("  {} {} ({}; {}){}\n", bound_kind(*v.bound), v.bound->steps,
                      v.bound->formula, v.bound->source,
                      v.check.steps <= v.bound->steps ? "" : "  EXCEEDED");
  if (v.lower) os << fmt::format("  lower bound {} ({})\n", v.lower->steps, v.lower->reason);
  os << fmt::format("  cost (steps, payload sum) = ({}, {})", v.check.steps, v.check.payload_sum);
  if (v.bound && v.bound->payload_sum)
    os << fmt::format("; paper ({}, {})", v.bound->steps, *v.bound->payload_sum);
  os << "\n";
}

/// The candidates of --bytes, the choice and the lower bounds: a table, or JSON.
void print_size_choice(const std::string& out, const SizeChoice& c, const CostModel& cost,
                       const PortBudget& budget, bool json) {
  std::ostream& os = out == kStdoutPath ? std::cerr : std::cout;
  const std::string chosen = c.best->schedule().algorithm;
  const double lower =
      (c.latency ? c.latency->seconds : 0) + (c.bandwidth ? c.bandwidth->seconds : 0);
  if (json) {
    nlohmann::json j;
    j["bytes"] = cost.m;
    j["latency_s"] = cost.ts;
    j["seconds_per_byte"] = cost.tw;
    j["ports"] = budget.name();
    j["chosen"] = chosen;
    j["candidates"] = nlohmann::json::array();
    for (const auto& k : c.candidates)
      j["candidates"].push_back(
          {{"algorithm", k.algorithm},
           {"model", k.model},
           {"admitted", k.admitted},
           {"chosen", k.chosen},
           {"why_not", k.why_not},
           {"retimed_to", k.retimed_to},
           {"padded_bytes", k.padded_bytes},
           {"steps", k.steps},
           {"payload_sum", k.payload_sum},
           {"seconds", k.seconds},
           {"async_seconds",
            k.async_seconds ? nlohmann::json(*k.async_seconds) : nlohmann::json(nullptr)}});
    const auto bound = [](const std::optional<TimeBound>& b) {
      return b ? nlohmann::json{{"seconds", b->seconds}, {"reason", b->reason}}
               : nlohmann::json(nullptr);
    };
    j["latency_bound"] = bound(c.latency);
    j["bandwidth_bound"] = bound(c.bandwidth);
    j["lower_bound_s"] = lower;
    os << j.dump(2) << "\n";
    return;
  }
  os << fmt::format("candidates at {} B per chunk, {} latency, {} B/s per link, {}:\n", cost.m,
                    fmt::format("{:.3g} s", cost.ts), fmt::format("{:.3g}", 1 / cost.tw),
                    budget.name());
  constexpr std::size_t kLeastLabelWidth = 22;
  std::size_t width = kLeastLabelWidth;  // the labels' column
  for (const auto& k : c.candidates) width = std::max(width, k.algorithm.size());
  for (const auto& k : c.candidates) {
    if (!k.admitted && k.steps == 0) {
      os << fmt::format("    {:<{}} -  {}\n", k.algorithm, width, k.why_not);
      continue;
    }
    os << fmt::format(
        "  {} {:<{}} {:>12.6g} s  {:>6} steps, payload sum {:<8} {:<9} {}{}{}\n",
        k.chosen ? "*" : " ", k.algorithm, width, k.seconds, k.steps, k.payload_sum, k.model,
        k.async_seconds ? fmt::format("step-free {:.6g} s", *k.async_seconds) : "",
        k.padded_bytes > 0 ? fmt::format("  (padded to {:.0f} B)", k.padded_bytes) : "",
        k.admitted ? "" : "  (" + k.why_not + ")");
  }
  if (c.latency)
    os << fmt::format("  latency bound   {:.6g} s  ({})\n", c.latency->seconds, c.latency->reason);
  if (c.bandwidth)
    os << fmt::format("  bandwidth bound {:.6g} s  ({})\n", c.bandwidth->seconds,
                      c.bandwidth->reason);
  const double best = c.best_seconds;
  if (lower > 0)
    os << fmt::format(
        "  chosen {}: {:.6g} s, {:.3g}x the lower bound {:.6g} s (latency + "
        "bandwidth)\n",
        chosen, best, best / lower, lower);
}

/// "broadcast, scatter, ... and multicast": the rooted collectives of the table.
std::string rooted_list() {
  std::vector<std::string> names;
  for (const auto& c : collective_table())
    if (c.rooted) names.emplace_back(c.name);
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  return out;
}

/// gen SPEC --list: per collective the algorithms that apply, the default and where each
/// comes from.
int print_generator_list(const Network& t, bool json) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& c : collective_names()) {
    nlohmann::json e;
    e["collective"] = c;
    const auto rows = algorithms_for(t, c);
    e["algorithms"] = nlohmann::json::array();
    for (const AlgorithmInfo* a : rows)
      e["algorithms"].push_back({{"name", a->name},
                                 {"origin", a->origin},
                                 {"bound", a->bound},
                                 {"pipelined", a->pipelined}});
    e["default"] = rows.empty() ? nlohmann::json(nullptr) : nlohmann::json(rows.front()->name);
    e["why"] = rows.empty()                 ? no_algorithm_reason(t)
               : rows.front()->from_paper() ? "the paper's algorithm for this family"
               : rows.front()->origin.starts_with("textbook")
                   ? "no paper gives one for this family: the textbook algorithm (MPI's)"
                   : "no paper gives one for this family: netsched's generic algorithm";
    out.push_back(e);
  }
  if (json) {
    std::cout << out.dump(2) << "\n";
    return to_int(ExitCode::Ok);
  }
  std::cout << t.spec() << "\n";
  for (const auto& e : out) {
    std::cout << fmt::format("  {:<16}", e["collective"].get<std::string>());
    if (e["algorithms"].empty()) {
      std::cout << "-  (" << e["why"].get<std::string>() << ")\n";
      continue;
    }
    std::cout << fmt::format("default {}  ({})\n", e["default"].get<std::string>(),
                             e["why"].get<std::string>());
    for (const auto& a : e["algorithms"])
      std::cout << fmt::format("      {:<24}{}{}\n", a["name"].get<std::string>(),
                               a["origin"].get<std::string>(),
                               a["pipelined"].get<bool>() ? " [pipelined: --pieces]" : "");
  }
  return to_int(ExitCode::Ok);
}

/// gen's options.
struct GenOpts {
  std::string spec, collective, root, source, target, algorithm = "auto", out;
  std::uint64_t dimension = 0;
  std::uint32_t pieces = 0;
  bool json = false, list = false, check_only = false;
  std::string engine = "auto", step_form = "auto";
  std::uint64_t bytes = 0;
  std::string ports = "one-port", latency = "1us", bandwidth = "1GBps";
};

/// gen --bytes: the fastest checked schedule for the size, written, with every candidate.
int gen_for_size(const GenOpts& o, const Network& t, const GenRequest& req) {
  const CostModel cost{exec::latency_seconds(o.latency),
                       1 / exec::bandwidth_bytes_per_second(o.bandwidth),
                       static_cast<double>(o.bytes)};
  const PortBudget budget = port_budget_from_name(o.ports);
  const SizeChoice choice = choose_for_size(t, req, cost, budget);
  if (!o.check_only) write_schedule(o.out, *choice.best, *step_form_from_name(o.step_form));
  if (!o.json)
    print_generated(o.check_only ? "" : o.out, choice.best->schedule(), choice.best->verification(),
                    false);
  print_size_choice(o.out, choice, cost, budget, o.json);
  return to_int(ExitCode::Ok);
}

/// gen with an algorithm (or the family's): the schedule, re-timed to --ports when given,
/// checked and written.
int gen_one(const GenOpts& o, const Network& t, const GenRequest& req, bool fit,
            const CLI::Option* engine) {
  CheckedSchedule c = generate_checked(t, req, engine_of(o.engine), check_progress());
  progress_done();
  if (fit && c.holds()) {
    const PortBudget budget = port_budget_from_name(o.ports);
    c = fit_ports(c, t, budget.model, budget.ports);
  }
  const Schedule& s = c.schedule();
  refuse_option(engine, !s.collective.combining(), o.collective,
                "a register collective is checked by the register engine");
  const Verification& v = c.verification();
  if (!c.holds()) {
    std::cerr << "netsched: " << s.algorithm
              << " reproduces the paper's algorithm as printed, and it is wrong: "
              << *v.check.violation() << "\nno file written\n";
    return to_int(exit_code(v.check.verdict));
  }
  if (!o.check_only) write_schedule(o.out, c, *step_form_from_name(o.step_form));
  print_generated(o.check_only ? "" : o.out, s, v, o.json);
  return to_int(ExitCode::Ok);
}

/// The request gen's options make: the collective, the algorithm, its pieces (when given), and
/// the nodes it names (route's source and target, a root).
GenRequest request_of(const GenOpts& o, const Network& t, bool pieces_given) {
  GenRequest req(o.collective, o.algorithm);
  req.dimension = o.dimension;
  if (pieces_given) {
    const AlgorithmInfo& a = choose_algorithm(t, o.collective, o.algorithm);
    if (!a.pipelined)
      throw InputError("--pieces applies to a pipelined algorithm; " + std::string(a.name) +
                       " sends each message whole");
    req.pieces = o.pieces;
  }
  if (o.collective == "route") {
    if (o.source.empty() || o.target.empty())
      throw InputError("gen route needs --source and --target");
    req.source = t.node(o.source);
    req.target = t.node(o.target);
  } else if (rooted_collective(o.collective)) {
    req.root = root_node(t, o.root);
  }
  return req;
}

}  // namespace

Run add_gen(CLI::App& app) {
  auto o = std::make_shared<GenOpts>();
  app.add_option("SPEC", o->spec, "network spec")->required();
  app.add_option(
         "COLLECTIVE", o->collective,
         "on every connected network: broadcast, scatter, gather, all-gather, total-exchange, "
         "all-reduce, route; on some families: prefix, cluster-sum, cluster-prefix, matmul, "
         "vecmat, multicast, cube-dimension (--list shows what applies)")
      ->check(CLI::IsMember(collective_names()));
  auto* root =
      app.add_option("--root", o->root, std::string("the collective's root: ") + kRootHelp);
  auto* source = app.add_option("--source", o->source, "route source (serial id or label)");
  auto* target = app.add_option("--target", o->target, "route target (serial id or label)");
  auto* dimension = app.add_option("--dimension", o->dimension,
                                   "cube-dimension: the hypercube dimension to emulate")
                        ->capture_default_str();
  app.add_option("--algorithm", o->algorithm, "generator (default: the family's paper algorithm)")
      ->capture_default_str();
  app.add_option("-o,--output", o->out,
                 "schedule file to write (atomically; - for standard output)")
      ->check(kOutputFile);
  app.add_flag("--list", o->list,
               "list every collective, the algorithms that apply to SPEC, the default and why");
  app.add_flag("--json", o->json, "print the verification as JSON");
  app.add_flag("--check-only", o->check_only,
               "generate and check, write no file (for schedules too large to keep)");
  app.add_option("--step-form", o->step_form,
                 "how steps are written: auto (as rules where that makes the file much "
                 "smaller), rules (wherever the schedule has digits) or columns (every transfer "
                 "listed); docs/schedule-format.md")
      ->check(CLI::IsMember({"auto", "rules", "columns"}))
      ->capture_default_str();
  auto* pieces = app.add_option("--pieces", o->pieces,
                                "a pipelined algorithm (--list says which): cut each message "
                                "into this many pieces (default: the algorithm's own; with "
                                "--bytes gen tries 1, 2, 4, ... and keeps the cheapest)")
                     ->check(kPositive);
  auto* engine = add_engine_option(app, o->engine);
  auto* bytes = app.add_option("--bytes", o->bytes,
                               "choose the fastest checked schedule for chunks of this many "
                               "bytes (each node's message; per destination for scatter, gather "
                               "and total exchange; per block for reduce-scatter): every "
                               "algorithm that applies is generated, checked and costed")
                    ->check(kMessageBytes);
  auto* ports = app.add_option("--ports", o->ports,
                               "the port model the machine has (one-port, K-port, all-port, or "
                               "routed: the network routes messages between any two nodes): a "
                               "schedule that assumes more ports is re-timed to it by list "
                               "scheduling and checked (with --bytes: every candidate)")
                    ->capture_default_str();
  auto* latency =
      app.add_option(
             "--latency", o->latency,
             "with --bytes: link latency (SimGrid units; a weighted link's is a multiple of it)")
          ->capture_default_str();
  auto* bandwidth = app.add_option("--bandwidth", o->bandwidth,
                                   "with --bytes: bandwidth of every link and direction (a "
                                   "weighted link's is a multiple of it)")
                        ->capture_default_str();
  app.footer(
      "The schedule is checked by the simulator before it is written; a generator bug is an "
      "error (exit 3) and no file is written.");
  return [o, root, source, target, dimension, pieces, engine, bytes, ports, latency, bandwidth] {
    if (o->list) return print_generator_list(*build_switched_topology(o->spec), o->json);
    if (o->collective.empty() || (o->out.empty() != o->check_only))
      throw CLI::ValidationError(
          "gen needs COLLECTIVE and either -o FILE or --check-only (or --list)");
    const std::string& col = o->collective;
    refuse_option(root, rooted_collective(col), col, "--root applies to " + rooted_list());
    refuse_option(source, col == "route", col, "--source applies to route");
    refuse_option(target, col == "route", col, "--target applies to route");
    refuse_option(dimension, col == "cube-dimension", col, "--dimension applies to cube-dimension");
    for (const CLI::Option* given : {latency, bandwidth})
      refuse_option(given, bytes->count() > 0, col, "it applies with --bytes");
    if (bytes->count() > 0 && o->algorithm != "auto")
      throw InputError("--bytes chooses the algorithm: drop --algorithm " + o->algorithm);
    if (bytes->count() > 0 && pieces->count() > 0)
      throw InputError("--bytes chooses the pieces: drop --pieces");
    auto t = build_switched_topology(o->spec);
    if (t->needs_switched_model() && ports->count() > 0)
      throw InputError(
          "--ports on a network of switches or directed links is not implemented yet (its "
          "schedules are one-port at the endpoints, all-port at the switches)");
    const GenRequest req = request_of(*o, *t, pieces->count() > 0);
    if (bytes->count() > 0) return gen_for_size(*o, *t, req);
    return gen_one(*o, *t, req, ports->count() > 0, engine);
  };
}

}  // namespace netsched::cli
