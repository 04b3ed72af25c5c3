// netsched claims [--only PREFIX] [--json | --md] [--check] [--heavy] [--write-expected FILE]
#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "app/cli.hpp"
#include "claims/claims.hpp"
#include "core/io.hpp"

namespace netsched::cli {
namespace {
/// Characters of a claim's evidence the table shows (the full text is in --json and --md).
constexpr std::size_t kEvidenceShown = 140;
/// Largest file of recorded verdicts read by --check (a line per claim).
constexpr std::uint64_t kMaxExpectedBytes = std::uint64_t{1} << 20;
using ClaimResults = std::vector<std::pair<claims::Claim, claims::Result>>;

struct CheckCount {
  std::size_t changed = 0;  ///< verdicts that differ from the recorded ones, or do not follow
  std::size_t moved = 0;    ///< printed sites moved
};

/// claims --check: every verdict against `recorded` ("id VERDICT" lines), and against its
/// printed values and sites (each printed to stderr); with `whole_registry`, recorded claims no
/// longer in the registry too.
CheckCount compare_with_recorded(const ClaimResults& results,
                                 const std::vector<std::vector<claims::PrintedSite>>& sites,
                                 const std::string& recorded, bool whole_registry) {
  std::map<std::string, std::string> expected;
  std::istringstream in(recorded);
  for (std::string id, verdict; in >> id >> verdict;) expected[id] = verdict;
  std::size_t changed = 0, moved = 0;
  for (std::size_t i = 0; i < results.size(); ++i) {
    const auto& [c, r] = results[i];
    auto it = expected.find(c.id);
    const std::string now = claims::to_string(r.verdict);
    if (it == expected.end()) {
      std::cerr << fmt::format("claim {}: {} but no verdict is recorded\n", c.id, now);
      ++changed;
    } else if (it->second != now) {
      std::cerr << fmt::format("claim {}: recorded {}, now {}: {}\n", c.id, it->second, now,
                               r.evidence);
      ++changed;
    }
    if (it != expected.end()) expected.erase(it);
    if (r.comparison)
      if (const auto why = claims::flip_failure(*r.comparison)) {
        std::cerr << fmt::format("claim {}: its verdict does not follow its printed values: {}\n",
                                 c.id, *why);
        ++changed;
      }
    progress("claims --check: moving the printed sites of " + c.id, i, results.size());
    for (const auto& why : claims::site_flip_failures(c, r, sites[i])) {
      std::cerr << fmt::format("claim {}: its verdict does not follow its source: {}\n", c.id, why);
      ++changed;
    }
    moved += sites[i].size();
  }
  progress_done();
  if (whole_registry)
    for (const auto& [id, v] : expected) {
      std::cerr << fmt::format("claim {}: recorded {} but no longer in the registry\n", id, v);
      ++changed;
    }
  return {changed, moved};
}

/// The claims' verdicts as JSON, the errata report, or a table.
void print_claims(const ClaimResults& results, bool json, bool md) {
  if (json) {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& [c, r] : results) j.push_back(claims::to_json(c, r));
    std::cout << j.dump(2) << "\n";
  } else if (md) {
    std::cout << claims::to_markdown(results);
  } else {
    std::map<std::string, int> count;
    for (const auto& [c, r] : results) {
      count[claims::to_string(r.verdict)]++;
      std::cout << fmt::format("{:<14} {:<40} {}\n", claims::to_string(r.verdict), c.id,
                               r.evidence.substr(0, kEvidenceShown));
    }
    for (const auto& [v, n] : count) std::cout << fmt::format("{}: {}  ", v, n);
    std::cout << "\n";
  }
}

}  // namespace

Run add_claims(CLI::App& app) {
  struct Opts {
    std::string only, expected, write_expected;
    bool json = false, md = false, check = false, heavy = false;
  };
  auto o = std::make_shared<Opts>();
  app.add_option("--only", o->only,
                 "the claim with this id, or else every claim whose id starts with it (a group "
                 "such as hdn12.thm)");
  app.add_flag("--json", o->json,
               "a JSON list of {id, source, statement, instances, verdict, evidence, corrected, "
               "rerun, basis, observations} (docs/cli.md)");
  app.add_flag("--md", o->md, "the errata report (docs/CLAIMS.md)");
  app.add_flag("--check", o->check,
               "compare every verdict with the recorded one; exit 1 on any difference");
  app.add_option("--expected", o->expected,
                 "recorded verdicts (id VERDICT per line; default: claims/expected.txt as built "
                 "into netsched)");
  app.add_flag("--heavy", o->heavy, "include the claims on large instances");
  app.add_option("--write-expected", o->write_expected, "record the verdicts of this run in FILE")
      ->check(kOutputFile);
  return [o] {
    // every input read and every output checked before the claims run (minutes with --heavy)
    if (!o->expected.empty() && !o->check) throw InputError("--expected applies with --check");
    const std::string recorded =
        !o->check             ? std::string()
        : o->expected.empty() ? std::string(claims::recorded_verdicts())
                              : read_file(o->expected, kMaxExpectedBytes, "kMaxExpectedBytes");
    ClaimResults results;
    std::vector<std::vector<claims::PrintedSite>> sites;  // what each claim read
    const auto all = claims::select_claims(claims::all_claims(), o->only, o->heavy);
    std::size_t done = 0;
    for (const auto& c : all) {
      progress("claims " + c.id, done++, all.size());
      claims::Result r;
      try {
        sites.push_back(claims::printed_sites_read([&] { r = claims::evaluate(c); }));
      } catch (const std::exception& e) {
        throw std::logic_error("claim " + c.id + " could not be evaluated: " + e.what());
      }
      results.emplace_back(c, r);
    }
    progress_done();
    if (!o->write_expected.empty()) {
      std::string text;
      for (const auto& [c, r] : results) text += c.id + " " + claims::to_string(r.verdict) + "\n";
      write_file_atomic(o->write_expected, text);
    }
    int code = 0;
    if (o->check) {
      const auto [changed, moved] =
          compare_with_recorded(results, sites, recorded, o->only.empty() && o->heavy);
      (o->json || o->md ? std::cerr : std::cout) << fmt::format(
          "claims --check: {} claims evaluated, {} printed sites moved, {} changed\n",
          results.size(), moved, changed);
      code = to_int(changed ? ExitCode::Violated : ExitCode::Ok);
      if (!o->json && !o->md) return code;
    }
    print_claims(results, o->json, o->md);
    return code;
  };
}

}  // namespace netsched::cli
