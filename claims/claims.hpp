#pragma once
/// The claims registry: every numbered claim of the five papers as an executable check with a
/// verdict and its evidence. It sits above gen/ and verify/ (it runs generators and checks
/// their output), so that the checkers themselves never call a generator.
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace netsched::claims {

enum class Verdict { Holds, Fails, Inconsistent, NotCheckable, Pending };
std::string to_string(Verdict v);
std::optional<Verdict> verdict_from_name(const std::string& s);

struct Result {
  Verdict verdict = Verdict::Pending;
  std::string evidence;   ///< how it was established, with the witness where it fails
  std::string corrected;  ///< the corrected formula, where the check finds one
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

// One function per paper (claims/<paper>.cpp).
void add_hdn2012(std::vector<Claim>& out);
void add_te2013(std::vector<Claim>& out);
void add_dualcube(std::vector<Claim>& out);
void add_rhfc(std::vector<Claim>& out);
void add_dimakopoulos(std::vector<Claim>& out);

/// A claim's outcome as JSON: id, source, statement, instances, verdict, evidence, corrected.
nlohmann::json to_json(const Claim& c, const Result& r);
/// The errata report (docs/CLAIMS.md) from evaluated claims.
std::string to_markdown(const std::vector<std::pair<Claim, Result>>& results);

// ---- helpers for the paper files ----
Result holds(std::string evidence);
Result fails(std::string evidence, std::string corrected = {});
Result inconsistent(std::string evidence);
Result pending(std::string why);
/// Formats a number without trailing zeros.
std::string num(double v);

}  // namespace netsched::claims
