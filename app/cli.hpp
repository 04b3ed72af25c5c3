#pragma once
/// The thin CLI: each verb parses its options, calls the library and prints.
#include <CLI/CLI.hpp>
#include <functional>
#include <string>

#include "core/errors.hpp"
#include "verify/simulator.hpp"

namespace netsched::cli {

/// --timeout is given in seconds; the solvers take milliseconds.
inline constexpr unsigned kMillisecondsPerSecond = 1000;

/// What `netsched prove` proves (its WHAT argument, and the top-level help's list).
inline const std::vector<std::string> kProveWhat = {"min-steps", "bisection", "bandwidth", "route",
                                                    "table"};

/// A verb's run function returns the exit code (core/verdict.hpp: ExitCode).
using Run = std::function<int()>;

Run add_info(CLI::App& app);
Run add_export(CLI::App& app);
Run add_gen(CLI::App& app);
Run add_verify(CLI::App& app);
Run add_repair(CLI::App& app);
Run add_route(CLI::App& app);
Run add_claims(CLI::App& app);
Run add_prove(CLI::App& app);
Run add_draw(CLI::App& app);
Run add_sweep(CLI::App& app);
Run add_simulate(CLI::App& app);
Run add_run(CLI::App& app);
Run add_msccl(CLI::App& app);
Run add_mscclpp(CLI::App& app);
Run add_chakra(CLI::App& app);

/// The executor built against OpenMPI (smpi = false) or SimGrid's SMPI: $NETSCHED_EXEC or
/// $NETSCHED_EXEC_SMPI when set, else the build's own.
std::string executor_path(bool smpi);

/// A helper program of the CLI (the executors, the platform check, the replay): the installed
/// copy beside an installed netsched (<prefix>/libexec/netsched/<name>, next to <prefix>/bin),
/// else the build's own at `built`.
std::string helper_path(const std::string& built);

/// A scratch directory under /tmp removed at the end, or the user's --keep directory.
class ScratchDir {
 public:
  explicit ScratchDir(const std::string& keep);
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  ~ScratchDir();
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  bool keep_ = false;
};

/// Whether progress should be drawn (stderr is a terminal and CI is not set).
bool show_progress();
/// Draws "stage done/total" on stderr, throttled; a no-op unless show_progress().
void progress(const std::string& stage, std::uint64_t done, std::uint64_t total);
/// Draws one free-form progress line on stderr (throttled like progress()).
void progress_note(const std::string& line);
/// Ends a progress line.
void progress_done();

/// Throws InputError "OPTION does not apply to WHAT (WHERE)" when `option` was given
/// although it does not apply: options are never silently ignored.
void refuse_option(const CLI::Option* option, bool applies, const std::string& what,
                   const std::string& where);

/// Throws InputError naming the first option given to `app` that is not in
/// `applies` (names as CLI11 gives them: "--steps", "SPEC"; required ones always apply):
/// "--steps does not apply to prove bisection (it takes SPEC, --timeout, --json)". For verbs
/// whose first argument chooses what the others mean.
void refuse_options_outside(const CLI::App& app, const std::vector<std::string>& applies,
                            const std::string& what);

/// CLI11 checks: a number >= 0, > 0 ("must be a number >= 0, got -1").
extern const CLI::Validator kNonNegative;
extern const CLI::Validator kPositive;

/// A CLI11 check on the text that the value is a whole number from lo to hi, never wrapped or
/// clamped: "must be a whole number from 1 to 1125899906842624", or "<value> is over the limit
/// <limit_name> = <hi> (2^k)".
CLI::Validator whole_number(std::uint64_t lo, std::uint64_t hi, const std::string& limit_name);
/// --bytes of a message for a cost model, a choice by size or an export: 1 to kMaxMessageBytes.
extern const CLI::Validator kMessageBytes;

/// An output file's path, checked before any work (core/io.hpp check_output_path).
extern const CLI::Validator kOutputFile;
/// The prefix of a set of output files: its directory exists.
extern const CLI::Validator kOutputPrefix;

/// `--threads N` (0 = every core, at most kMaxThreads), with the verb's own help text.
CLI::Option* add_threads_option(CLI::App& app, unsigned& threads, const std::string& help);

/// `--engine auto|dense|blocks`: how gen and verify simulate chunk schedules.
CLI::Option* add_engine_option(CLI::App& app, std::string& engine);
/// The simulator engine named by the option, and a progress callback for its long runs.
netsched::Engine engine_of(const std::string& name);
/// The root a user names by serial id or label, or with `name` empty the network's first node
/// (id 0, or on a faulty network the first that has not failed).
netsched::NodeId root_node(const netsched::Network& t, const std::string& name);
/// --root's help: what it takes and its default.
inline constexpr const char* kRootHelp =
    "serial id or label (default: the first node, id 0 unless it has failed)";
std::function<void(std::uint64_t, std::uint64_t)> check_progress();

}  // namespace netsched::cli
