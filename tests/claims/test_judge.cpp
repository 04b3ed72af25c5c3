// The verdict of a claim is computed from its observations: a changed printed value changes it.
#include <catch2/catch.hpp>
#include <limits>
#include <set>
#include <sstream>

#include "claims/claims.hpp"

using namespace netsched;
using claims::Basis;
using claims::ClaimVerdict;
using claims::Observation;
using claims::Relation;

namespace {

claims::Comparison comparison(Basis b, std::vector<Observation> obs) {
  return {b, "elsewhere", obs};
}

Observation obs(double printed, double measured, Relation r = Relation::Equal) {
  return {"x", "q", claims::printed(printed), measured, r, {}, {}};
}

}  // namespace

TEST_CASE("verdict_of compares printed with measured under each basis and relation") {
  using claims::verdict_of;
  CHECK(verdict_of(comparison(Basis::Measured, {obs(3, 3), obs(4, 4)})) == ClaimVerdict::Holds);
  CHECK(verdict_of(comparison(Basis::Measured, {obs(3, 3), obs(4, 5)})) == ClaimVerdict::Fails);
  CHECK(verdict_of(comparison(Basis::Measured, {obs(5, 4, Relation::AtMost)})) ==
        ClaimVerdict::Holds);
  CHECK(verdict_of(comparison(Basis::Measured, {obs(3, 4, Relation::AtMost)})) ==
        ClaimVerdict::Fails);
  CHECK(verdict_of(comparison(Basis::OneSided, {obs(4, 5, Relation::AtLeast)})) ==
        ClaimVerdict::Unproven);
  CHECK(verdict_of(comparison(Basis::OneSided, {obs(4, 3, Relation::AtLeast)})) ==
        ClaimVerdict::Fails);
  CHECK(verdict_of(comparison(Basis::TwoPrintings, {obs(7, 7)})) == ClaimVerdict::Holds);
  CHECK(verdict_of(comparison(Basis::TwoPrintings, {obs(7, 8)})) == ClaimVerdict::Inconsistent);
  CHECK(verdict_of(comparison(Basis::Measured, {})) == ClaimVerdict::NotCheckable);
  CHECK(verdict_of(comparison(Basis::Measured, {obs(0.1 + 0.2, 0.3)})) == ClaimVerdict::Holds);
}

TEST_CASE("judged names the first broken observation and checks a proposed correction") {
  auto o = obs(16, 18);
  o.instance = "rdn(hypercube(1),1)";
  o.quantity = "chunk-steps";
  o.command = "netsched gen X";
  const auto r = claims::measured({obs(3, 3), o}, "how", "the fix");
  CHECK(r.verdict == ClaimVerdict::Fails);
  CHECK(r.evidence.find("witness rdn(hypercube(1),1): chunk-steps printed 16, measured 18") == 0);
  CHECK(r.evidence.find("printed above measured on 0, below on 1 of 2") != std::string::npos);
  CHECK(r.rerun == "netsched gen X");
  CHECK(r.corrected == "the fix");
  auto wrong_fix = obs(1, 2);
  wrong_fix.corrected = 3;
  CHECK_THROWS_AS(claims::measured({wrong_fix}, "how", "a wrong fix"), std::logic_error);
  CHECK(claims::measured({obs(2, 2)}, "how", "unused").corrected.empty());
}

TEST_CASE("flip_failure finds a verdict that does not follow a printed value") {
  CHECK(claims::flip_failure(
            comparison(Basis::Measured, {obs(2, 2), obs(5, 4, Relation::AtMost)})) == std::nullopt);
  CHECK(claims::flip_failure(comparison(Basis::TwoPrintings, {obs(1, 1)})) == std::nullopt);
  CHECK(claims::flip_failure(comparison(Basis::OneSided, {obs(3, 3, Relation::AtLeast)})) ==
        std::nullopt);
  CHECK(claims::flip_failure(comparison(Basis::Measured, {})) == "no observations");
  // a large count: a move of 1 would fall inside the rounding tolerance
  CHECK(claims::flip_failure(comparison(Basis::TwoPrintings, {obs(2147483648.0, 2147483648.0)})) ==
        std::nullopt);
  // a measured value no printed one can match (NaN) cannot be repaired
  const auto nan = std::numeric_limits<double>::quiet_NaN();
  CHECK(claims::flip_failure(comparison(Basis::Measured, {obs(1, nan)})).has_value());
}

TEST_CASE("a claim's verdict flips when its printed values are changed") {
  // Cheap claims of every kind of verdict; each is evaluated, then its observations are edited.
  // (cheap enough for the sanitizer build: no all-pairs distances of large networks)
  const std::set<std::string> ids = {
      "dc.many2manym.terms", "dc.all2allb.terms", "dc.one2allp.forms",
      "te13.thm3.cost",      "te13.example-fig2", "hdn12.table2.hdn-diameter",
      "hdn12.example-route", "hdn12.table4",      "hdn12.bisection",
      "hdn12.broadcast-sn",  "rhfc.thm5.2",       "rhfc.hypernet.nr2"};
  std::set<ClaimVerdict> seen;
  std::size_t evaluated = 0;
  bool one_sided = false;
  for (const auto& c : claims::all_claims()) {
    if (!ids.count(c.id)) continue;
    INFO(c.id);
    ++evaluated;
    const auto r = claims::evaluate(c);
    REQUIRE(r.comparison);
    CHECK(claims::verdict_of(*r.comparison) == r.verdict);
    seen.insert(r.verdict);
    one_sided = one_sided || r.comparison->basis == Basis::OneSided;
    CHECK(claims::flip_failure(*r.comparison) == std::nullopt);
    CHECK_FALSE(r.rerun.empty());
    const auto j = claims::to_json(c, r);
    CHECK(j["observations"].size() == r.comparison->observations.size());
    CHECK(j["verdict"] == claims::to_string(r.verdict));
  }
  CHECK(evaluated == ids.size());
  CHECK(seen == std::set<ClaimVerdict>{ClaimVerdict::Holds, ClaimVerdict::Fails,
                                       ClaimVerdict::Inconsistent});
  CHECK(one_sided);  // hdn12.bisection: repaired it is UNPROVEN, not HOLDS
}

TEST_CASE("the errata report opens with a summary per paper naming each witness") {
  std::vector<std::pair<claims::Claim, claims::Result>> results;
  for (const auto& c : claims::all_claims())
    if (c.id == "hdn12.broadcast-sn" || c.id == "te13.example-fig2" || c.id == "dc.all2allb.terms")
      results.emplace_back(c, claims::evaluate(c));
  REQUIRE(results.size() == 3);
  const std::string md = claims::to_markdown(results);
  const auto summary = md.find("## Summary per paper");
  const auto every = md.find("## Every claim");
  REQUIRE(summary != std::string::npos);
  REQUIRE(every > summary);
  const std::string head = md.substr(summary, every - summary);
  CHECK(head.find("**FAILS** `hdn12.broadcast-sn`") != std::string::npos);
  CHECK(head.find("Corrected: T(B_1) + ... + T(B_q)") != std::string::npos);
  CHECK(head.find("witness hypercube(3): broadcast steps of the dimension-by-dimension algorithm "
                  "printed 1, measured 3") != std::string::npos);
  CHECK(head.find("**INCONSISTENT** `te13.example-fig2`") != std::string::npos);
  CHECK(head.find("(li-chu-2013 Theorem 3 with") != std::string::npos);  // the other place
  CHECK(head.find("dc.all2allb.terms") == std::string::npos);            // it holds
  CHECK(md.find("- **Re-run:** `netsched gen 'hypercube(3)' broadcast --algorithm binomial-tree "
                "--check-only --json`") != std::string::npos);
}

TEST_CASE("the errata report counts every claim in the section of its paper it comes from") {
  std::vector<std::pair<claims::Claim, claims::Result>> results;
  for (const auto& c : claims::all_claims())  // formatting needs no evaluation
    results.emplace_back(c, claims::not_checkable("not evaluated here"));
  const std::string md = claims::to_markdown(results);  // throws if a claim names no section
  // the tables' counts add up to the registry, paper by paper
  std::size_t counted = 0;
  std::istringstream lines(md.substr(0, md.find("## Every claim")));
  for (std::string line; std::getline(lines, line);)
    if (line.starts_with("| §") || line.starts_with("| abstract")) {
      const auto a = line.find(" | ") + 3;
      counted += std::stoul(line.substr(a, line.find(" | ", a) - a));
    }
  CHECK(counted == results.size());
  CHECK(md.find("| §4 Routing on HDN | ") != std::string::npos);
  CHECK(md.find("| §7 Scaling Up RHFC Networks | ") != std::string::npos);
}

namespace {

/// A synthetic claim: `check` as its check.
claims::Claim claim_checking(std::function<claims::Result()> check) {
  return {"test.claim", "nowhere", "a statement", "an instance", false, std::move(check)};
}

/// The flip check on the source of `c`: what did not flip, and how many sites it read.
std::pair<std::vector<std::string>, std::size_t> source_flips(const claims::Claim& c) {
  claims::Result r;
  const auto sites = claims::printed_sites_read([&] { r = claims::evaluate(c); });
  return {claims::site_flip_failures(c, r, sites), sites.size()};
}

}  // namespace

TEST_CASE("a printed site is read, recorded and moved") {
  using claims::SiteMove;
  CHECK(claims::printed(5).value() == 5);  // no run: as written
  double seen = 0;
  const auto sites = claims::printed_sites_read([&] { seen = claims::printed(5).value(); });
  REQUIRE(sites.size() == 1);
  CHECK(seen == 5);
  CHECK(sites[0].file == "tests/claims/test_judge.cpp");  // project-relative
  CHECK(sites[0].name().starts_with("tests/claims/test_judge.cpp:"));
  claims::with_printed_site_moved(sites[0], SiteMove::Up, [&] {
    seen = claims::printed(5).value();  // another site: not moved
  });
  CHECK(seen == 5);
  CHECK(claims::moved_value(5, SiteMove::Up) == 6);
  CHECK(claims::moved_value(5000, SiteMove::Down) == 4995);
  CHECK(claims::moved_value(2, SiteMove::FarUp) == 2002);
  CHECK(claims::moved_value(-3, SiteMove::FarDown) == -3003);
  // one run at a time
  CHECK_THROWS_AS(claims::printed_sites_read([] { (void)claims::printed_sites_read([] {}); }),
                  std::logic_error);
}

TEST_CASE("the source flip check finds printed constants the verdict does not follow") {
  SECTION("a compared constant flips, one far from its bound too") {
    const auto [failures, read] = source_flips(claim_checking([] {
      return claims::measured(
          {claims::observed("i", "q", claims::printed(3), 3),
           claims::observed("i", "bound", claims::printed(1), 50, Relation::AtLeast)},
          "how");
    }));
    CHECK(failures.empty());
    CHECK(read == 2);
  }
  SECTION("a constant read and not compared") {
    const auto [failures, read] = source_flips(claim_checking([] {
      const double unused = claims::printed(7).value();
      (void)unused;
      return claims::measured({claims::observed("i", "q", claims::printed(3), 3)}, "how");
    }));
    CHECK(read == 2);
    REQUIRE(failures.size() == 1);
    CHECK(failures[0].find("the verdict stays HOLDS") != std::string::npos);
  }
  SECTION("a corrected value that follows the printed one") {
    const auto [failures, read] = source_flips(claim_checking([] {
      auto o = claims::observed("i", "q", claims::printed(4), 3);
      o.corrected = o.printed.value() - 1;  // a correction must not be derived from the printing
      return claims::measured({o}, "how", "three");
    }));
    REQUIRE(failures.size() == 1);
    CHECK(failures[0].find("the check throws") != std::string::npos);
  }
  SECTION("a qualitative verdict decided on a printed constant") {
    const auto [failures, read] = source_flips(claim_checking([] {
      return claims::printed(64).value() == 64 ? claims::holds("64 nodes")
                                               : claims::fails("not 64 nodes");
    }));
    CHECK(failures.empty());
    CHECK(read == 1);
  }
  SECTION("a FAILS verdict must at least change its printed values") {
    const auto [failures, read] = source_flips(claim_checking([] {
      const double ignored = claims::printed(9).value();
      (void)ignored;
      return claims::measured({claims::observed("i", "q", claims::printed(4), 3)}, "how");
    }));
    REQUIRE(failures.size() == 1);
    CHECK(failures[0].find("stay the same") != std::string::npos);
  }
  SECTION("a comparison whose printed value was read before the run (a cache)") {
    static const claims::Printed cached = claims::printed(3);
    const auto [failures, read] = source_flips(claim_checking(
        [] { return claims::measured({claims::observed("i", "q", cached, 3)}, "how"); }));
    CHECK(read == 0);
    REQUIRE(failures.size() == 1);
    CHECK(failures[0] == "its comparison was made without reading a printed site");
  }
}

TEST_CASE("every claim's verdict follows the printed constants in its source") {
  // the cheap claims of every kind (as above); `claims --check` (CI) runs this on all of them
  const std::set<std::string> ids = {"dc.many2manym.terms", "te13.thm3.cost",  "te13.example-fig2",
                                     "hdn12.table4",        "hdn12.bisection", "te13.table2.ccc",
                                     "rhfc.thm5.2"};
  std::size_t evaluated = 0;
  for (const auto& c : claims::all_claims()) {
    if (!ids.count(c.id)) continue;
    INFO(c.id);
    ++evaluated;
    const auto [failures, read] = source_flips(c);
    std::string what;
    for (const auto& f : failures) what += f + "\n";
    CHECK(what.empty());
    CHECK(read > 0);
  }
  CHECK(evaluated == ids.size());
}
