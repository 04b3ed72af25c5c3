// netsched: generate communication schedules for interconnection networks and prove them.
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string_view>

#include "app/cli.hpp"
#include "core/errors.hpp"
#include "core/io.hpp"
#include "core/limits.hpp"
#include "core/parallel.hpp"
#include "core/text.hpp"
#include "exec/process.hpp"
#include "gen/spec.hpp"

namespace netsched::cli {
namespace {
/// Progress lines are redrawn at most this often.
constexpr std::chrono::milliseconds kProgressInterval{200};
}  // namespace

namespace {
bool quiet = false;
}  // namespace

bool show_progress() {
  static const bool on = ::isatty(STDERR_FILENO) && !std::getenv("CI");
  return on && !quiet;
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

void progress_note(const std::string& line) {
  if (!show_progress()) return;
  static std::mutex mu;
  std::lock_guard<std::mutex> lock(mu);
  std::cerr << "\r\033[K" << line << std::flush;
}

void progress_done() {
  if (show_progress()) std::cerr << "\r\033[K" << std::flush;
}

namespace {
/// A CLI11 check that the value is a number above (or, with `zero`, at least) 0.
CLI::Validator number_check(bool zero) {
  return CLI::Validator(
      [zero](std::string& text) -> std::string {
        try {
          std::size_t used = 0;
          const double x = std::stod(text, &used);
          if (used == text.size() && (zero ? x >= 0 : x > 0)) return {};
        } catch (const std::exception&) {
        }
        return std::string("must be a number ") + (zero ? ">= 0" : "> 0") + ", got " +
               netsched::quoted_value(text);
      },
      zero ? "NUMBER>=0" : "NUMBER>0");
}
}  // namespace

const CLI::Validator kNonNegative = number_check(true);
const CLI::Validator kPositive = number_check(false);

CLI::Validator whole_number(std::uint64_t lo, std::uint64_t hi, const std::string& limit_name) {
  return CLI::Validator(
      [=](std::string& v) -> std::string {
        const std::string range =
            "must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
        if (v.empty() || v.find_first_not_of("0123456789") != std::string::npos) return range;
        std::uint64_t x = 0;
        const auto parsed = std::from_chars(v.data(), v.data() + v.size(), x);
        if (parsed.ec == std::errc::result_out_of_range || x > hi)
          return quoted_value(v) + " is over the limit " + limit_text(limit_name, hi);
        return x < lo ? range : std::string();
      },
      std::to_string(lo) + ".." + std::to_string(hi));
}

namespace {
/// A CLI11 check made of a check that throws InputError: its message, or none.
CLI::Validator checking(void (*check)(const std::string&), const std::string& name) {
  return CLI::Validator(
      [check](std::string& value) -> std::string {
        try {
          check(value);
          return {};
        } catch (const InputError& e) {
          return e.what();
        }
      },
      name);
}

void check_output_prefix(const std::string& prefix) {
  if (prefix.empty() || prefix == kStdoutPath)
    throw InputError("a prefix of file names, not standard output");
  check_directory_of(prefix);
}
}  // namespace

const CLI::Validator kOutputFile = checking(check_output_path, "FILE");

const CLI::Validator kOutputPrefix = checking(check_output_prefix, "PREFIX");

const CLI::Validator kMessageBytes = whole_number(1, kMaxMessageBytes, "kMaxMessageBytes");

CLI::Option* add_threads_option(CLI::App& app, unsigned& threads, const std::string& help) {
  return app
      .add_option(
          "--threads", threads,
          help + " (0 = all cores; more than the cores the process may use run as that many)")
      ->check(whole_number(0, kMaxThreads, "kMaxThreads"));
}

void refuse_option(const CLI::Option* option, bool applies, const std::string& what,
                   const std::string& where) {
  if (option->count() > 0 && !applies)
    throw InputError(option->get_name() + " does not apply to " + what + " (" + where + ")");
}

void refuse_options_outside(const CLI::App& app, const std::vector<std::string>& applies,
                            const std::string& what) {
  for (const CLI::Option* option : app.get_options()) {
    const std::string name = option->get_name();
    if (option->count() == 0 || option->get_required() || name == "--help" ||
        std::find(applies.begin(), applies.end(), name) != applies.end())
      continue;
    std::string list;
    for (const std::string& a : applies) list += (list.empty() ? "" : ", ") + a;
    throw InputError(name + " does not apply to " + what + " (it takes " +
                     (list.empty() ? "no options" : list) + ")");
  }
}

CLI::Option* add_engine_option(CLI::App& app, std::string& engine) {
  return app
      .add_option("--engine", engine,
                  "chunk simulation: dense (node x chunk table), blocks (total exchanges of "
                  "selectors: origin groups with destination boxes), symmetric (blocks for one "
                  "origin per orbit of the symmetries that map the schedule onto itself) or auto "
                  "(dense up to 2^26 node-chunk pairs, then blocks, then symmetric beyond the "
                  "block engine's limit)")
      ->check(CLI::IsMember([] {
        std::vector<std::string> names;
        for (netsched::Engine e : netsched::kEngines) names.push_back(netsched::to_string(e));
        return names;
      }()))
      ->capture_default_str();
}

netsched::NodeId root_node(const netsched::Network& t, const std::string& name) {
  const netsched::NodeId root = name.empty() ? netsched::NodeId(0) : t.node(name);
  if (t.is_switch(root))
    throw netsched::InputError("node '" + t.label(root) +
                               "' is a switch: a root is an endpoint (a switch only forwards)");
  return root;
}

std::string helper_path(const std::string& built) {
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const auto installed = self.parent_path().parent_path() / "libexec" / "netsched" /
                           std::filesystem::path(built).filename();
    if (std::filesystem::is_regular_file(installed, ec)) return installed.string();
  }
  return built;
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

/// Whether the command line asks for JSON (then errors are JSON on stdout too).
bool wants_json(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    if (std::string_view(argv[i]) == "--json") return true;
  return false;
}

/// Ends any progress line, prints the one error line (and under --json the error as JSON on
/// stdout), and gives the exit code.
int fail(const std::string& raw, netsched::ExitCode code, bool json) {
  netsched::cli::progress_done();
  constexpr std::size_t kMaxMessageChars = 1000;
  const std::string message = netsched::one_line(raw, kMaxMessageChars);  // one line, always
  std::cerr << "netsched: " << message << "\n";
  if (json)
    std::cout << nlohmann::json{{"error", message}, {"exit", netsched::to_int(code)}}.dump()
              << std::endl;
  return netsched::to_int(code);
}

/// Runs a verb, turning every exception into its one line and exit code.
int run_verb(const netsched::cli::Run& run, bool json) {
  using netsched::ExitCode;
  try {
    return run();
  } catch (const netsched::exec::Interrupted& e) {
    // the children are gone and the scratch directories removed on the way here: end as the
    // signal would have ended us
    netsched::cli::progress_done();
    std::signal(e.signal, SIG_DFL);
    std::raise(e.signal);
    return 128 + e.signal;
  } catch (const netsched::InputError& e) {  // bad input: specs, files, options, limits
    return fail(e.what(), ExitCode::BadInput, json);
  } catch (const std::logic_error& e) {  // a broken invariant (InputError is not one)
    return fail(std::string("internal error: ") + e.what(), ExitCode::InternalError, json);
  } catch (const std::bad_alloc&) {
    return fail("out of memory", ExitCode::BadInput, json);
  } catch (const std::exception& e) {
    return fail(e.what(), ExitCode::BadInput, json);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const bool json = wants_json(argc, argv);
  CLI::App app{"netsched: communication schedules for interconnection networks, verified"};
  app.require_subcommand(1);
  app.fallthrough();  // --quiet is accepted after the verb too
  app.set_version_flag("--version", "netsched 0.1.0");
  std::string max_memory;
  app.add_option("--max-memory", max_memory,
                 "the memory a command may plan to use (8G, 512M, bytes): every input's work is "
                 "estimated and refused over it, and simulate and run stop a SimGrid or mpirun "
                 "run that holds more (default: half the machine's memory, or of ulimit -v)")
      ->check(CLI::Validator(
          [](std::string& v) -> std::string {
            try {
              netsched::parse_bytes(v);
              return {};
            } catch (const netsched::InputError& e) {
              return e.what();
            }
          },
          "SIZE"));
  app.add_flag("-q,--quiet", netsched::cli::quiet,
               "nothing on stdout but a schedule written with -o -, no progress: the exit code "
               "is the answer (errors still go to stderr)");
  app.footer("Exit codes:\n" + netsched::exit_code_table());
  std::map<CLI::App*, netsched::cli::Run> runs;
  auto add = [&](const char* name, const std::string& desc, auto adder) {
    CLI::App* sub = app.add_subcommand(name, desc);
    runs[sub] = adder(*sub);
  };
  add("info", "exact properties of a network and the papers' formulas for it",
      netsched::cli::add_info);
  add("export", "write a network's edges as an edge list, Graphviz dot or JSON",
      netsched::cli::add_export);
  add("gen",
      "generate a schedule of any collective, check it, write it ('gen SPEC --list': what "
      "applies to a network)",
      netsched::cli::add_gen);
  add("verify", "check a schedule file: rules, cost, bounds", netsched::cli::add_verify);
  add("repair", "mend a schedule around failed links, or regenerate it on the survivors",
      netsched::cli::add_repair);
  add("route", "route one pair, or check the routes of every pair (--all)",
      netsched::cli::add_route);
  std::string proofs;
  for (const auto& w : netsched::cli::kProveWhat) proofs += (proofs.empty() ? "" : ", ") + w;
  add("prove", ("Z3 proofs: " + proofs).c_str(), netsched::cli::add_prove);
  add("draw", "pictures: a network as SVG, a schedule step by step as an HTML viewer",
      netsched::cli::add_draw);
  add("sweep", "a family's properties and schedule steps over a range, as CSV, JSON and a plot",
      netsched::cli::add_sweep);
  add("run", "run a schedule on MPI ranks (OpenMPI): real bytes, checked against MPI's own",
      netsched::cli::add_run);
  add("simulate", "time a schedule and MPI's own algorithms on the network with SimGrid",
      netsched::cli::add_simulate);
  add("msccl", "MSCCL-IR XML: export a schedule for GPU runtimes, import one back and check it",
      netsched::cli::add_msccl);
  add("mscclpp",
      "MSCCL++ execution plans: export a schedule for MSCCL++'s executor, import one and check it",
      netsched::cli::add_mscclpp);
  add("chakra",
      "Chakra execution traces of a schedule for ASTRA-sim's custom collectives, and its "
      "network's ns-3 topology",
      netsched::cli::add_chakra);
  add("claims", "every numbered claim of the papers, checked, with its verdict",
      netsched::cli::add_claims);
  if (argc > 1 && argv[1][0] != '-') {
    std::vector<std::string> names;
    for (const auto& [sub, run] : runs) names.push_back(sub->get_name());
    std::sort(names.begin(), names.end());
    std::string verbs;
    for (const auto& name : names) verbs += (verbs.empty() ? "" : ", ") + name;
    if (std::find(names.begin(), names.end(), argv[1]) == names.end())
      return fail(std::string("unknown verb '") + argv[1] + "' (verbs: " + verbs + ")",
                  netsched::ExitCode::BadInput, json);
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return fail(std::string(e.what()) + " (run 'netsched --help' or 'netsched VERB --help')",
                netsched::ExitCode::BadInput, json);
  }
  if (!max_memory.empty()) netsched::set_memory_budget(netsched::parse_bytes(max_memory));
  std::ostream null_stream(nullptr);
  if (netsched::cli::quiet) std::cout.rdbuf(null_stream.rdbuf());
  for (auto& [sub, run] : runs)
    if (sub->parsed()) return run_verb(run, json);
  return netsched::to_int(netsched::ExitCode::BadInput);
}
