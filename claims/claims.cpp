#include "claims/claims.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string_view>

#include "core/enum_names.hpp"
#include "core/errors.hpp"

namespace netsched::claims {

namespace {
constexpr std::array<EnumName<ClaimVerdict>, 5> kVerdictNames{{
    {ClaimVerdict::Holds, "HOLDS"},
    {ClaimVerdict::Fails, "FAILS"},
    {ClaimVerdict::Inconsistent, "INCONSISTENT"},
    {ClaimVerdict::Unproven, "UNPROVEN"},
    {ClaimVerdict::NotCheckable, "NOT-CHECKABLE"},
}};
}  // namespace

std::string to_string(ClaimVerdict v) { return name_of(kVerdictNames, v); }

std::optional<ClaimVerdict> verdict_from_name(const std::string& s) {
  return value_named(kVerdictNames, s);
}

std::vector<Claim> all_claims() {
  std::vector<Claim> out;
  add_hdn2012(out);
  add_te2013(out);
  add_te2013_restated(out);
  add_dualcube(out);
  add_rhfc(out);
  add_rhfc_structure(out);
  add_rhfc_hypernet(out);
  add_dimakopoulos(out);
  return out;
}

Result evaluate(const Claim& c) {
  Result r = c.check();
  if (r.rerun.empty())
    r.rerun = c.heavy ? command({"claims", "--only", c.id, "--heavy", "--json"})
                      : command({"claims", "--only", c.id, "--json"});
  const bool compared_only =
      r.verdict == ClaimVerdict::Inconsistent || r.verdict == ClaimVerdict::Unproven;
  if ((compared_only && !r.comparison) || (r.comparison && verdict_of(*r.comparison) != r.verdict))
    throw std::logic_error("claim " + c.id + ": the verdict " + to_string(r.verdict) +
                           " is not the one its comparison gives");
  return r;
}

Result holds(std::string evidence) {
  return {ClaimVerdict::Holds, std::move(evidence), {}, {}, {}};
}
Result fails(std::string evidence, std::string corrected) {
  return {ClaimVerdict::Fails, std::move(evidence), std::move(corrected), {}, {}};
}
Result not_checkable(std::string why) {
  return {ClaimVerdict::NotCheckable, std::move(why), {}, {}, {}};
}

std::string command(const std::vector<std::string>& words) {
  std::string out = "netsched";
  for (const std::string& w : words) {
    const bool plain = !w.empty() && std::all_of(w.begin(), w.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) ||
             std::string_view("._/:=,+-").find(c) != std::string_view::npos;
    });
    out += " ";
    if (plain) {
      out += w;
      continue;
    }
    out += "'";
    for (char c : w) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    out += "'";
  }
  return out;
}

std::vector<Claim> select_claims(const std::vector<Claim>& all, const std::string& selector,
                                 bool heavy) {
  std::vector<Claim> out;
  const auto exact =
      std::find_if(all.begin(), all.end(), [&](const Claim& c) { return c.id == selector; });
  if (exact != all.end()) {
    out.push_back(*exact);
  } else {
    for (const Claim& c : all)
      if (selector.empty() || c.id.starts_with(selector)) out.push_back(c);
  }
  if (out.empty())
    throw InputError("claims --only " + selector +
                     ": no claim has this id or an id starting with it (see "
                     "'netsched claims')");
  const bool all_heavy =
      std::all_of(out.begin(), out.end(), [](const Claim& c) { return c.heavy; });
  if (!heavy && all_heavy)
    throw InputError("claims --only " + selector + ": " +
                     (out.size() == 1 ? "the claim is" : "these claims are") +
                     " checked on large instances: add --heavy");
  std::erase_if(out, [&](const Claim& c) { return c.heavy && !heavy; });
  return out;
}

std::string info_command(const std::string& spec) { return command({"info", spec, "--json"}); }

std::string gen_command(const std::string& spec, const std::string& collective,
                        const std::vector<std::string>& more) {
  std::vector<std::string> words{"gen", spec, collective};
  words.insert(words.end(), more.begin(), more.end());
  words.insert(words.end(), {"--check-only", "--json"});
  return command(words);
}

std::string num(double v) {
  if (std::fabs(v - std::round(v)) < 1e-9 && std::fabs(v) < 1e18)
    return std::to_string(static_cast<long long>(std::llround(v)));
  std::ostringstream ss;
  ss.precision(6);
  ss << v;
  return ss.str();
}

nlohmann::json to_json(const Claim& c, const Result& r) {
  nlohmann::json j;
  j["id"] = c.id;
  j["source"] = c.source;
  j["statement"] = c.statement;
  j["instances"] = c.instances;
  j["verdict"] = to_string(r.verdict);
  j["evidence"] = r.evidence;
  if (!r.corrected.empty()) j["corrected"] = r.corrected;
  j["rerun"] = r.rerun;
  if (r.comparison) {
    constexpr std::array<const char*, 3> kBasis = {"measured", "one-sided", "two-printings"};
    constexpr std::array<const char*, 3> kRelation = {"=", "<=", ">="};
    j["basis"] = kBasis.at(static_cast<std::size_t>(r.comparison->basis));
    if (!r.comparison->other_place.empty()) j["other_place"] = r.comparison->other_place;
    auto& obs = j["observations"] = nlohmann::json::array();
    for (const auto& o : r.comparison->observations) {
      nlohmann::json e = {{"instance", o.instance},
                          {"quantity", o.quantity},
                          {"printed", o.printed.value()},
                          {"measured", o.measured},
                          {"relation", kRelation.at(static_cast<std::size_t>(o.relation))},
                          {"holds", satisfied(o)}};
      if (o.corrected) e["corrected"] = *o.corrected;
      if (!o.command.empty()) e["command"] = o.command;
      obs.push_back(e);
    }
  }
  return j;
}

namespace {

/// A section of a paper: its number ("§3", or "abstract"), its title, and the numbered items
/// (tables, theorems, figures, algorithms, equations) it holds, as sources name them.
struct Section {
  std::string name, title;
  std::vector<std::string> items;
};

/// The papers in registry order: the id prefix of their sources, their titles, their sections.
struct Paper {
  std::string prefix, title;
  std::vector<Section> sections;
};
const std::vector<Paper>& papers() {
  static const std::vector<Paper> list = {
      {"li-peng-chu-2012",
       "Li, Peng, Chu: Hierarchical Dual-Net: A Flexible Interconnection Network and its Routing "
       "Algorithm (2012)",
       {{"abstract", "Abstract", {}},
        {"§1", "Introduction", {}},
        {"§2", "The Hierarchical Dual-Net", {"Figure 1", "Figure 2", "Figure 3"}},
        {"§3",
         "Topological Properties of HDN",
         {"Table 1", "Theorem 1", "Table 2", "Table 3", "Figure 7", "Figure 8", "Figure 9"}},
        {"§4", "Routing on HDN", {"Table 4", "Algorithm 1", "Theorem 2", "Figure 10", "Figure 11"}},
        {"§5", "Broadcasting on HDN", {"Algorithm 2", "Theorem 3"}},
        {"§6", "Concluding Remarks", {}}}},
      {"li-chu-2013",
       "Li, Chu: Total Exchange Routing on Hierarchical Dual-Nets (2013)",
       {{"abstract", "Abstract", {}},
        {"§1", "Introduction", {}},
        {"§2",
         "The Hierarchical Dual-Net",
         {"Figure 1", "Table 1", "Theorem 1", "Table 2", "Table 3"}},
        {"§3", "Routing on HDN", {"Table 4", "Theorem 2", "Algorithm 1"}},
        {"§4",
         "Total Exchange Routing on HDN",
         {"Figure 2", "Figure 3", "Algorithm 2", "Theorem 3"}},
        {"§5", "Concluding Remarks", {}}}},
      {"li-peng-dualcube",
       "Li, Peng: Algorithms of Routing and Matrix Multiplication on Dualcube",
       {{"abstract", "Abstract", {}},
        {"§1", "Introduction", {}},
        {"§2", "Dualcube Interconnection Network", {"Figure 1", "Figure 2", "Table 1"}},
        {"§3",
         "Model and Algorithms for Communications on Dualcube",
         {"Algorithm 1", "Algorithm 2", "Algorithm 3", "Algorithm 4"}},
        {"§4",
         "Parallel Prefix Computation and Vector-Matrix Multiplication",
         {"Algorithm 5", "Algorithm 6"}},
        {"§5",
         "Parallel Matrix Multiplication",
         {"Figure 3", "Algorithm 7", "Figure 4", "Figure 5"}},
        {"§6", "Conclusion and Future Work", {}}}},
      {"yeh-parhami",
       "Yeh, Parhami: Recursive Hierarchical Fully-Connected Networks: A Class of Low-Degree "
       "Small-Diameter Interconnection Networks",
       {{"abstract", "Abstract", {}},
        {"§1", "Introduction", {}},
        {"§2", "Multi-level Fully-Connected (MFC) Networks", {"Theorem 2.1", "eq. (1)"}},
        {"§3",
         "Recursive Hierarchical Fully-Connected Networks",
         {"Figure 1", "Definition 3.1", "Definition 3.2", "Lemma 3.1", "eq. (2)", "Theorem 3.2",
          "eq. (3)", "Theorem 3.3"}},
        {"§4", "Parallel Algorithms on RHFC Networks", {"Lemma 4.1", "Theorem 4.2"}},
        {"§5",
         "Fully-Linked RHFC Networks",
         {"Definition 5.1", "Figure 2", "Theorem 5.1", "Theorem 5.2"}},
        {"§6", "Partially-Linked RHFC Networks", {"eq. (6)"}},
        {"§7", "Scaling Up RHFC Networks", {}},
        {"§8", "Conclusion", {}}}},
      {"dimakopoulos",
       "Dimakopoulos, Dimopoulos: Decomposition of Total Exchange for Multidimensional "
       "Interconnects",
       {{"abstract", "Abstract", {}},
        {"§1", "Introduction", {}},
        {"§2", "Multidimensional Networks", {}},
        {"§3", "Lower Bound for Total Exchange", {"Theorem 1", "Corollary 1", "Figure 1"}},
        {"§4",
         "Total Exchange Algorithm",
         {"Figure 2", "Table 1", "Figure 3", "Algorithm A1", "Algorithm A2"}},
        {"§5", "Optimality Conditions", {"Theorem 2", "Corollary 2", "Theorem 3"}},
        {"§6", "Summary", {}}}}};
  return list;
}

std::string paper_of(const Claim& c) { return c.source.substr(0, c.source.find(' ')); }

/// The section a claim's source names first: "§N" (by its integer part), "abstract", or the
/// section holding the first numbered item it names ("Fig." read as "Figure"); empty if none.
std::string section_in(const Paper& paper, const Claim& c) {
  std::string place = c.source.substr(std::min(c.source.size(), paper.prefix.size()));
  for (std::size_t at = place.find("Fig. "); at != std::string::npos; at = place.find("Fig. "))
    place.replace(at, 5, "Figure ");
  std::size_t best = std::string::npos;
  std::string section;
  const auto consider = [&](std::size_t at, const std::string& name) {
    if (at != std::string::npos && at < best) best = at, section = name;
  };
  for (const Section& s : paper.sections) {
    if (s.name == "abstract") {
      consider(place.find("abstract"), s.name);
      continue;
    }
    for (std::size_t at = place.find(s.name); at != std::string::npos;
         at = place.find(s.name, at + 1)) {
      const std::size_t end = at + s.name.size();  // "§3" but not "§30"; "§3.1" is in §3
      if (end == place.size() || !std::isdigit(static_cast<unsigned char>(place[end]))) {
        consider(at, s.name);
        break;
      }
    }
    for (const std::string& item : s.items)
      for (std::size_t at = place.find(item); at != std::string::npos;
           at = place.find(item, at + 1)) {
        const std::size_t end = at + item.size();
        if (end == place.size() ||
            (!std::isdigit(static_cast<unsigned char>(place[end])) && place[end] != '.')) {
          consider(at, s.name);
          break;
        }
      }
  }
  return section;
}

/// "| section | claims | NOT-CHECKABLE |" for one paper: each claim counted once, in the
/// section its source names first.
void sections_table(std::ostringstream& md, const std::vector<std::pair<Claim, Result>>& results,
                    const Paper& paper) {
  std::map<std::string, std::pair<int, int>> count;
  for (const auto& [c, r] : results)
    if (paper_of(c) == paper.prefix) {
      auto& n = count[section_in(paper, c)];
      ++n.first;
      n.second += r.verdict == ClaimVerdict::NotCheckable;
    }
  md << "| section | claims | of them NOT-CHECKABLE |\n|---|---|---|\n";
  for (const Section& s : paper.sections)
    md << "| " << s.name << (s.name == "abstract" ? "" : " " + s.title) << " | "
       << count[s.name].first << " | " << count[s.name].second << " |\n";
  if (count.count(""))
    throw std::logic_error("claims of " + paper.prefix + " name no section of it");
  md << "\n";
}

/// One bullet per claim that does not hold: what is wrong, the correction, the witness.
void summary(std::ostringstream& md, const std::vector<std::pair<Claim, Result>>& results,
             const Paper& paper) {
  std::map<std::string, int> count;
  for (const auto& [c, r] : results)
    if (paper_of(c) == paper.prefix) count[to_string(r.verdict)]++;
  md << "### " << paper.title << "\n\n";
  for (const auto& [v, n] : count) md << v << ": " << n << ". ";
  md << "\n\n";
  sections_table(md, results, paper);
  for (const auto& [c, r] : results) {
    if (paper_of(c) != paper.prefix || r.verdict == ClaimVerdict::Holds) continue;
    const std::string place =
        c.source.size() > paper.prefix.size() ? c.source.substr(paper.prefix.size() + 1) : "";
    md << "- **" << to_string(r.verdict) << "** `" << c.id << "` (" << place << "): " << c.statement
       << ".";
    if (!r.corrected.empty()) md << " Corrected: " << r.corrected << ".";
    if (const auto w = witness_of(r); !w.empty())
      md << " " << w
         << (r.comparison->basis == Basis::TwoPrintings ? " (" + r.comparison->other_place + ")"
                                                        : "")
         << ".";
    else  // a qualitative verdict: its evidence up to the first full stop
      md << " " << r.evidence.substr(0, r.evidence.find(". ")) << ".";
    md << "\n";
  }
  md << "\n";
}

/// Observations listed under "Differs on" before "and N more" (the JSON has every one).
constexpr std::size_t kDifferingShown = 12;

/// "- **Differs on:** ..." : every observation that breaks the statement (a table's differing
/// cells), when there is more than the witness.
void differing(std::ostringstream& md, const Result& r) {
  if (!r.comparison) return;
  std::vector<const Observation*> bad;
  for (const auto& o : r.comparison->observations)
    if (!satisfied(o)) bad.push_back(&o);
  if (bad.size() < 2) return;
  md << "- **Differs on (" << bad.size() << " of " << r.comparison->observations.size() << "):** ";
  for (std::size_t i = 0; i < bad.size() && i < kDifferingShown; ++i)
    md << (i ? "; " : "") << bad[i]->instance << " " << bad[i]->quantity << " "
       << num(bad[i]->printed.value()) << " vs " << num(bad[i]->measured);
  if (bad.size() > kDifferingShown) md << "; and " << bad.size() - kDifferingShown << " more";
  md << "\n";
}

}  // namespace

std::string to_markdown(const std::vector<std::pair<Claim, Result>>& results) {
  std::ostringstream md;
  md << "# Errata report: the claims of the five papers, checked\n\n"
     << "Generated by `netsched claims --heavy --md` from the registry in `claims/`; do not edit "
        "by hand.\n"
     << "Every verdict is computed: a check puts the printed value (formula evaluated or number\n"
     << "printed) next to netsched's measurement, or next to the same quantity printed elsewhere,\n"
     << "and the comparison decides. HOLDS (on the listed instances), FAILS (with a witness),\n"
     << "INCONSISTENT (the paper contradicts itself: both places cited), UNPROVEN (one side\n"
     << "established, which is said), NOT-CHECKABLE (why). Each entry gives the command that\n"
     << "re-runs its witness. Degenerate instances (a 1-dimensional base, r = 1) are checked like\n"
     << "any other: a statement claimed for all n fails on n = 1 if it does not hold there, and\n"
     << "the correction says \"for n >= 2\".\n\n"
     << "Every HOLDS and FAILS carries its observations (printed and measured values, in the\n"
     << "details below and in `claims --json`); a correctness statement is a count (wrong\n"
     << "results, hops that are not links) printed 0. `claims --check` (CI) also moves each\n"
     << "printed value in turn past its measured one and requires the verdict to flip, and\n"
     << "re-runs every claim with each printed constant of its check's source (each\n"
     << "`printed(...)` site in `claims/`) moved up or down, requiring the verdict to follow.\n\n"
     << "Each paper's summary counts its claims by the section they come from: a claim is\n"
     << "counted once, in the section its source names first (a section, or the section that\n"
     << "holds the table, theorem, figure, algorithm or equation it names).\n\n";
  std::map<std::string, int> count;
  for (const auto& [c, r] : results) count[to_string(r.verdict)]++;
  md << "| verdict | claims |\n|---|---|\n";
  for (const auto& [v, n] : count) md << "| " << v << " | " << n << " |\n";
  md << "\n## Summary per paper\n\n";
  for (const auto& p : papers()) summary(md, results, p);
  md << "## Every claim\n";
  std::string paper;
  for (const auto& [c, r] : results) {
    if (paper_of(c) != paper) {
      paper = paper_of(c);
      md << "\n### " << paper << "\n\n";
    }
    md << "#### " << c.id << " — " << to_string(r.verdict) << "\n\n"
       << "- **Source:** " << c.source << "\n"
       << "- **Claim:** " << c.statement << "\n"
       << "- **Checked on:** " << c.instances << "\n"
       << "- **Evidence:** " << r.evidence << "\n";
    if (!r.corrected.empty()) md << "- **Corrected:** " << r.corrected << "\n";
    differing(md, r);
    md << "- **Re-run:** `" << r.rerun << "`\n\n";
  }
  return md.str();
}

}  // namespace netsched::claims
