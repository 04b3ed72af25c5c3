#pragma once
/// The claims registry: every numbered claim of the five papers as an executable check with a
/// verdict and its evidence. It sits above gen/ and verify/ (it runs generators and checks
/// their output), so that the checkers themselves never call a generator.
///
/// A verdict is not written into the code: a check collects observations — what the paper
/// prints for an instance next to what netsched measured there (or what the paper prints at
/// another place) — and `verdict_of` turns them into the verdict. Changing a printed value
/// changes the verdict: `claims --check` moves every printed value of every comparison, and every
/// printed site inside the checks (claims/printed.hpp), and requires the verdict to follow.
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "claims/printed.hpp"
#include "core/errors.hpp"

namespace netsched::claims {

enum class ClaimVerdict { Holds, Fails, Inconsistent, Unproven, NotCheckable };
std::string to_string(ClaimVerdict v);
std::optional<ClaimVerdict> verdict_from_name(const std::string& s);

/// How the measured value must relate to the printed one for the statement to hold.
enum class Relation {
  Equal,   ///< an exact count, formula or table entry
  AtMost,  ///< an upper bound: measured <= printed
  AtLeast  ///< a lower bound: measured >= printed
};

/// What the printed values are compared with, and so which verdicts a comparison can give.
enum class Basis {
  Measured,  ///< netsched's measurement: HOLDS or FAILS
  OneSided,  ///< only one side is established (a bound met, its tightness open): UNPROVEN or FAILS
  TwoPrintings,  ///< the same quantity printed at another place: HOLDS or INCONSISTENT
};

/// One instance of a claim: the printed statement's value and the value it is compared with.
struct Observation {
  std::string instance;  ///< the paper's notation and the spec, e.g. "F_5 = dualcube(3)"
  std::string quantity;  ///< "nodes", "diameter", "payload sum", ...
  Printed printed;       ///< the printed statement evaluated here (formula or printed number)
  double measured = 0;   ///< netsched's value, or (TwoPrintings) the value printed elsewhere
  Relation relation = Relation::Equal;
  std::optional<double> corrected;  ///< the corrected statement's value, where one is proposed
  std::string command;              ///< the netsched command that recomputes `measured`
};

/// An observation with neither a correction nor a re-run command of its own.
inline Observation observed(std::string instance, std::string quantity, Printed printed,
                            double measured, Relation relation = Relation::Equal) {
  return {std::move(instance), std::move(quantity), printed, measured, relation, {}, {}};
}

struct Comparison {
  Basis basis = Basis::Measured;
  std::string other_place;  ///< TwoPrintings: where the value compared with is printed
  std::vector<Observation> observations;
};

struct Result {
  ClaimVerdict verdict = ClaimVerdict::NotCheckable;
  std::string evidence;   ///< how it was established, with the witness where it fails
  std::string corrected;  ///< the corrected statement, where the check finds one
  std::optional<Comparison> comparison;  ///< the observations the verdict was computed from
  std::string rerun;                     ///< the command that re-runs the witness
};

struct Claim {
  std::string id;         ///< stable id, e.g. "hdn12.thm1.nodes"
  std::string source;     ///< paper file and place
  std::string statement;  ///< the claim as printed
  std::string instances;  ///< what it is checked on
  bool heavy = false;     ///< only with --heavy (slow instances)
  std::function<Result()> check;
};

/// Every claim, in registry order.
std::vector<Claim> all_claims();
/// Runs a claim's check; fills in the re-run command where the check names none. A logic_error
/// if the verdict is not its comparison's (INCONSISTENT and UNPROVEN exist only as comparisons).
Result evaluate(const Claim& c);

// One function per paper (claims/<paper>.cpp; the RHFC paper's in three files).
void add_hdn2012(std::vector<Claim>& out);
void add_te2013(std::vector<Claim>& out);
/// The HDN paper's claims the 2013 paper restates (§2), as te13.* claims: the same checks under
/// the 2013 paper's ids and places (claims/hdn2012.cpp).
void add_te2013_restated(std::vector<Claim>& out);
void add_dualcube(std::vector<Claim>& out);
void add_rhfc(std::vector<Claim>& out);
void add_rhfc_structure(std::vector<Claim>& out);  // claims/rhfc_structure.cpp
void add_rhfc_hypernet(std::vector<Claim>& out);   // claims/rhfc_hypernet.cpp
void add_dimakopoulos(std::vector<Claim>& out);

/// A claim's outcome as JSON: id, source, statement, instances, verdict, evidence, corrected,
/// rerun and the observations.
nlohmann::json to_json(const Claim& c, const Result& r);
/// The errata report (docs/CLAIMS.md) from evaluated claims.
std::string to_markdown(const std::vector<std::pair<Claim, Result>>& results);

// ---- the verdict of a comparison (claims/judge.cpp) ----
/// Whether one observation satisfies its relation (equal within 1e-9 relative).
bool satisfied(const Observation& o);
/// The verdict the observations give: Measured: HOLDS if all satisfied, else FAILS; OneSided:
/// UNPROVEN if all satisfied, else FAILS; TwoPrintings: HOLDS if all equal, else INCONSISTENT.
/// No observations: NOT-CHECKABLE.
ClaimVerdict verdict_of(const Comparison& c);
/// Whether the verdict follows the printed values (the flip check `claims --check` runs on every
/// comparison): with every printed value set to satisfy its relation the verdict must be the
/// good one (HOLDS; UNPROVEN one-sided), and with any one printed value moved to break its
/// relation the bad one (FAILS; INCONSISTENT for two printings). Returns what did not flip, or
/// nullopt.
std::optional<std::string> flip_failure(const Comparison& c);
/// The flip check on the checks' source: `c`, whose evaluation gave `r` and read `sites`, re-run
/// with each site moved (a little up, down, then far up, down, until one changes it). A good
/// verdict (HOLDS, UNPROVEN) must turn bad (FAILS, INCONSISTENT); any other must change its
/// verdict, its printed values or its evidence. A comparison that read no site fails too. Returns
/// what did not flip, a line each.
std::vector<std::string> site_flip_failures(const Claim& c, const Result& r,
                                            const std::vector<PrintedSite>& sites);
/// A result computed from `c`: the verdict by verdict_of, the evidence the tally (or the first
/// observation that breaks the statement, with where printed and measured differ) followed by
/// `context` (how the values were obtained, the convention used). `corrected`, when given, must
/// hold on every observation that carries a corrected value (a logic_error otherwise).
Result judged(Comparison c, const std::string& context, std::string corrected = {});
/// "witness INSTANCE: QUANTITY printed P, measured M" for the first observation that breaks the
/// statement; empty when none does.
std::string witness_of(const Result& r);
/// Shorthands for the common kinds.
Result measured(std::vector<Observation> obs, const std::string& context,
                std::string corrected = {});
Result two_printings(const std::string& other_place, std::vector<Observation> obs,
                     const std::string& context);

// ---- verdicts without a comparison ----
/// A qualitative statement established on the listed instances (or a witness found: a check
/// returns fails only on the path where it found one).
Result holds(std::string evidence);
Result fails(std::string evidence, std::string corrected = {});
/// The check was not possible; `why` says what stopped it.
Result not_checkable(std::string why);
/// Formats a number without trailing zeros.
std::string num(double v);
/// The netsched command that prints the facts of a spec (sizes, degree, distances).
std::string info_command(const std::string& spec);
/// The verdicts recorded in claims/expected.txt ("id VERDICT" per line), built in.
std::string_view recorded_verdicts();
/// The claims `--only SELECTOR` names: the claim whose id is SELECTOR if there is one, else
/// every claim whose id starts with it (a group such as hdn12.thm). Throws
/// InputError when none matches, or when every match is heavy and `heavy` is off.
std::vector<Claim> select_claims(const std::vector<Claim>& all, const std::string& selector,
                                 bool heavy);
/// A netsched command line as a shell reads it: "netsched" and each word, quoted where the
/// shell would otherwise split or expand it (specs hold parentheses, spaces and braces).
std::string command(const std::vector<std::string>& words);
/// The re-run command of a generated schedule: gen, checked and summarised, nothing written.
std::string gen_command(const std::string& spec, const std::string& collective,
                        const std::vector<std::string>& more = {});

}  // namespace netsched::claims
