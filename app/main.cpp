// netsched: generate communication schedules for interconnection networks and prove them.
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <map>
#include <mutex>

#include "app/cli.hpp"
#include "gen/spec.hpp"

namespace netsched::cli {
namespace {
/// Progress lines are redrawn at most this often.
constexpr std::chrono::milliseconds kProgressInterval{200};
}  // namespace

bool show_progress() {
  static const bool on = ::isatty(STDERR_FILENO) && !std::getenv("CI");
  return on;
}

void progress(const std::string& stage, std::uint64_t done, std::uint64_t total) {
  if (!show_progress()) return;
  static std::mutex mu;  // checkers report from several threads
  std::lock_guard<std::mutex> lock(mu);
  static auto last = std::chrono::steady_clock::time_point{};
  const auto now = std::chrono::steady_clock::now();
  if (done != total && now - last < kProgressInterval) return;
  last = now;
  std::cerr << "\r\033[K" << stage << " " << done << "/" << total << std::flush;
}

void progress_done() {
  if (show_progress()) std::cerr << "\r\033[K" << std::flush;
}

void add_engine_option(CLI::App& app, std::string& engine) {
  app.add_option("--engine", engine,
                 "chunk simulation: dense (node x chunk table), blocks (total exchanges of "
                 "selectors, origin "
                 "groups with destination boxes) or auto (dense unless it would exceed 2^26 "
                 "node-chunk pairs)")
      ->check(CLI::IsMember([] {
        std::vector<std::string> names;
        for (netsched::Engine e : netsched::kEngines) names.push_back(netsched::to_string(e));
        return names;
      }()))
      ->capture_default_str();
}

netsched::Engine engine_of(const std::string& name) {
  return netsched::engine_from_name(name).value_or(
      netsched::Engine::Auto);  // the option checks the name
}

std::function<void(std::uint64_t, std::uint64_t)> check_progress() {
  return [](std::uint64_t done, std::uint64_t total) { progress("checking origins", done, total); };
}

}  // namespace netsched::cli

namespace {

/// Ends any progress line, prints the one error line, and gives the exit code.
int fail(const std::string& message, netsched::ExitCode code) {
  netsched::cli::progress_done();
  std::cerr << "netsched: " << message << "\n";
  return netsched::to_int(code);
}

}  // namespace

int main(int argc, char** argv) {
  const int bad_input = netsched::to_int(netsched::ExitCode::BadInput);
  CLI::App app{"netsched: communication schedules for interconnection networks, verified"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "netsched 0.1.0");
  std::map<CLI::App*, netsched::cli::Run> runs;
  auto add = [&](const char* name, const char* desc, auto adder) {
    CLI::App* sub = app.add_subcommand(name, desc);
    runs[sub] = adder(*sub);
  };
  add("info", "exact properties of a network and the papers' formulas for it",
      netsched::cli::add_info);
  add("export", "write a network's edges as an edge list, Graphviz dot or JSON",
      netsched::cli::add_export);
  add("gen", "generate a schedule (broadcast, route), check it, write it", netsched::cli::add_gen);
  add("verify", "check a schedule file: rules, cost, bounds", netsched::cli::add_verify);
  add("route", "route one pair, or check the routes of every pair (--all)",
      netsched::cli::add_route);
  add("prove", "Z3 proofs: min-steps (optimal schedules, unsat below)", netsched::cli::add_prove);
  add("claims", "every numbered claim of the papers, checked, with its verdict",
      netsched::cli::add_claims);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "netsched: " << e.what()
              << "\n(run 'netsched --help' or 'netsched VERB --help')\n";
    return bad_input;
  }
  using netsched::ExitCode;
  for (auto& [sub, run] : runs) {
    if (!sub->parsed()) continue;
    try {
      return run();
    } catch (const netsched::SpecError& e) {
      return fail(e.what(), ExitCode::BadInput);
    } catch (const std::invalid_argument& e) {
      return fail(e.what(), ExitCode::BadInput);
    } catch (const std::logic_error& e) {
      return fail(std::string("internal error: ") + e.what(), ExitCode::InternalError);
    } catch (const std::bad_alloc&) {
      return fail("out of memory", ExitCode::BadInput);
    } catch (const std::exception& e) {
      return fail(e.what(), ExitCode::BadInput);
    }
  }
  return bad_input;
}