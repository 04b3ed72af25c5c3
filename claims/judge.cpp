// The verdict of a claim is computed here and nowhere else: from observations that put what a
// paper prints next to what netsched measured (or what the paper prints elsewhere). A check
// supplies the values and how it obtained them; this file decides and words the witness.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "claims/claims.hpp"

namespace netsched::claims {
namespace {

/// Observations listed in a HOLDS tally before "..." (the JSON has all of them).
constexpr std::size_t kTallyShown = 6;
constexpr double kRelativeTolerance = 1e-9;

bool equal(double a, double b) {
  return std::fabs(a - b) <= kRelativeTolerance * std::max(1.0, std::fabs(a));
}

bool satisfies(double printed, double value, Relation r) {
  switch (r) {
    case Relation::Equal:
      return equal(printed, value);
    case Relation::AtMost:
      return value <= printed || equal(printed, value);
    case Relation::AtLeast:
      return value >= printed || equal(printed, value);
  }
  return false;
}

std::string measured_name(Basis b) {
  return b == Basis::TwoPrintings ? "printed elsewhere" : "measured";
}

/// What the statement needs of the two values, e.g. " (the statement needs measured <= printed)".
std::string relation_text(Basis b, Relation r) {
  const std::string m = b == Basis::TwoPrintings ? "the value printed elsewhere" : "measured";
  switch (r) {
    case Relation::Equal:
      return "";
    case Relation::AtMost:
      return " (the statement needs " + m + " <= printed)";
    case Relation::AtLeast:
      return " (the statement needs " + m + " >= printed)";
  }
  return "";
}

/// "printed above measured on 3, below on 2" — the direction of every difference.
std::string directions(const Comparison& c) {
  std::size_t above = 0, below = 0;
  for (const auto& o : c.observations)
    if (!equal(o.printed.value(), o.measured)) (o.printed.value() > o.measured ? above : below)++;
  std::string s = "printed above " + measured_name(c.basis) + " on " + std::to_string(above) +
                  ", below on " + std::to_string(below);
  return s + " of " + std::to_string(c.observations.size()) + " comparisons";
}

std::string witness_text(const Comparison& c, const Observation& o) {
  std::string s = "witness " + o.instance + ": " + o.quantity + " printed " +
                  num(o.printed.value()) + ", " + measured_name(c.basis) + " " + num(o.measured);
  if (o.corrected) s += ", corrected " + num(*o.corrected);
  return s + relation_text(c.basis, o.relation);
}

std::string tally_text(const Comparison& c) {
  std::string s;
  for (std::size_t i = 0; i < c.observations.size() && i < kTallyShown; ++i) {
    const auto& o = c.observations[i];
    s += (i ? "; " : "") + o.instance + ": " + o.quantity + " " + num(o.measured);
  }
  if (c.observations.size() > kTallyShown) s += "; ...";
  return s;
}

}  // namespace

bool satisfied(const Observation& o) {
  return satisfies(o.printed.value(), o.measured, o.relation);
}

ClaimVerdict verdict_of(const Comparison& c) {
  if (c.observations.empty()) return ClaimVerdict::NotCheckable;
  const bool all = std::all_of(c.observations.begin(), c.observations.end(), satisfied);
  switch (c.basis) {
    case Basis::Measured:
      return all ? ClaimVerdict::Holds : ClaimVerdict::Fails;
    case Basis::OneSided:
      return all ? ClaimVerdict::Unproven : ClaimVerdict::Fails;
    case Basis::TwoPrintings:
      return all ? ClaimVerdict::Holds : ClaimVerdict::Inconsistent;
  }
  return ClaimVerdict::NotCheckable;
}

std::optional<std::string> flip_failure(const Comparison& c) {
  if (c.observations.empty()) return "no observations";
  const ClaimVerdict good =
      c.basis == Basis::OneSided ? ClaimVerdict::Unproven : ClaimVerdict::Holds;
  const ClaimVerdict bad =
      c.basis == Basis::TwoPrintings ? ClaimVerdict::Inconsistent : ClaimVerdict::Fails;
  Comparison repaired = c;
  for (auto& o : repaired.observations) o.printed = o.printed.with_value(o.measured);
  if (verdict_of(repaired) != good)
    return "with every printed value equal to its measured one the verdict is " +
           to_string(verdict_of(repaired));
  for (std::size_t i = 0; i < c.observations.size(); ++i) {
    Comparison broken = repaired;
    auto& o = broken.observations[i];
    // far enough that no rounding tolerance absorbs it
    const double move = std::max(1.0, std::fabs(o.measured) * 1e-6);
    o.printed = o.printed.with_value(o.relation == Relation::AtLeast ? o.measured + move
                                                                     : o.measured - move);
    if (verdict_of(broken) != bad)
      return "with " + o.instance + ": " + o.quantity + " printed " + num(o.printed.value()) +
             " the verdict stays " + to_string(verdict_of(broken));
  }
  return std::nullopt;
}

namespace {

bool good(ClaimVerdict v) { return v == ClaimVerdict::Holds || v == ClaimVerdict::Unproven; }

std::vector<double> printed_values(const Result& r) {
  std::vector<double> out;
  if (r.comparison)
    for (const auto& o : r.comparison->observations) out.push_back(o.printed.value());
  return out;
}

/// Whether `moved` (the claim with a printed site moved) follows the move away from `before`.
bool follows(const Result& before, const Result& moved) {
  if (good(before.verdict)) return !good(moved.verdict);
  return moved.verdict != before.verdict || printed_values(moved) != printed_values(before) ||
         moved.evidence != before.evidence;
}

}  // namespace

std::vector<std::string> site_flip_failures(const Claim& c, const Result& r,
                                            const std::vector<PrintedSite>& sites) {
  std::vector<std::string> out;
  if (r.comparison && sites.empty())
    out.push_back("its comparison was made without reading a printed site");
  for (const auto& site : sites) {
    std::string why;
    bool flipped = false;
    for (const SiteMove move : kSiteMoves) {
      try {
        with_printed_site_moved(site, move, [&] {
          const Result moved = evaluate(c);
          flipped = follows(r, moved);
          why = good(r.verdict) ? "the verdict stays " + to_string(moved.verdict)
                                : "its verdict, printed values and evidence stay the same";
        });
      } catch (const std::exception& e) {
        why = "moved " + to_string(move) + ", the check throws: " + e.what();
        break;  // a check must judge any printed value, not fail on it
      }
      if (flipped) break;
    }
    if (!flipped)
      out.push_back("with the printed value at " + site.name() + " moved up or down, " + why);
  }
  return out;
}

Result judged(Comparison c, const std::string& context, std::string corrected) {
  for (const auto& o : c.observations)
    if (o.corrected && !satisfies(*o.corrected, o.measured, o.relation))
      throw std::logic_error("the corrected statement " + corrected + " does not hold on " +
                             o.instance + ": " + num(*o.corrected) + " vs " + num(o.measured));
  Result r;
  r.verdict = verdict_of(c);
  std::string context_text = context;
  if (!context_text.empty() && context_text.back() != '.') context_text += '.';
  const auto bad = std::find_if(c.observations.begin(), c.observations.end(),
                                [](const Observation& o) { return !satisfied(o); });
  const std::string where = c.basis == Basis::TwoPrintings ? " (" + c.other_place + ")" : "";
  if (c.observations.empty()) {
    r.evidence = "nothing could be compared: " + context_text;
  } else if (bad == c.observations.end()) {
    r.evidence = (c.basis == Basis::OneSided
                      ? "nothing contradicts the statement"
                      : "the statement holds against " + measured_name(c.basis) + where) +
                 " on all " + std::to_string(c.observations.size()) + " comparisons (" +
                 tally_text(c) + ")";
    r.evidence += ". " + context_text;
  } else {
    r.evidence = witness_text(c, *bad) + where + "; " + directions(c) + ". " + context_text;
    r.rerun = bad->command;
  }
  const auto with_correction = std::count_if(c.observations.begin(), c.observations.end(),
                                             [](const Observation& o) { return o.corrected; });
  if (!corrected.empty() && r.verdict != ClaimVerdict::Holds && with_correction > 0)
    r.evidence += " The corrected statement matches all " + std::to_string(with_correction) +
                  " comparisons it applies to.";
  if (r.verdict != ClaimVerdict::Holds) r.corrected = std::move(corrected);
  r.comparison = std::move(c);
  return r;
}

std::string witness_of(const Result& r) {
  if (!r.comparison) return {};
  for (const auto& o : r.comparison->observations)
    if (!satisfied(o)) return witness_text(*r.comparison, o);
  return {};
}

Result measured(std::vector<Observation> obs, const std::string& context, std::string corrected) {
  return judged({Basis::Measured, {}, std::move(obs)}, context, std::move(corrected));
}

Result two_printings(const std::string& other_place, std::vector<Observation> obs,
                     const std::string& context) {
  return judged({Basis::TwoPrintings, other_place, std::move(obs)}, context);
}

}  // namespace netsched::claims
