#include <catch2/catch.hpp>
#include <fstream>
#include <set>
#include <sstream>

#include "claims/claims.hpp"

using namespace netsched;

TEST_CASE("every claim has a unique id, a source, a statement and a check") {
  std::set<std::string> ids;
  for (const auto& c : claims::all_claims()) {
    INFO(c.id);
    CHECK(ids.insert(c.id).second);
    CHECK_FALSE(c.source.empty());
    CHECK_FALSE(c.statement.empty());
    CHECK(static_cast<bool>(c.check));
  }
  CHECK(ids.size() >= 80);
}

TEST_CASE("every registered claim has a recorded verdict, and nothing else is recorded") {
  std::ifstream in(NETSCHED_CLAIMS_EXPECTED);
  REQUIRE(in);
  std::set<std::string> recorded;
  for (std::string id, verdict; in >> id >> verdict;) {
    CHECK(claims::verdict_from_name(verdict));
    recorded.insert(id);
  }
  std::set<std::string> registered;
  for (const auto& c : claims::all_claims()) registered.insert(c.id);
  CHECK(recorded == registered);
}

TEST_CASE("a cheap claim evaluates to its recorded verdict with evidence") {
  std::size_t seen = 0;
  for (const auto& c : claims::all_claims()) {
    if (c.id != "hdn12.rdn8" && c.id != "hdn12.broadcast-sn" && c.id != "hdn12.table4") continue;
    INFO(c.id);
    ++seen;
    const auto r = claims::evaluate(c);
    CHECK_FALSE(r.evidence.empty());
    if (c.id == "hdn12.rdn8") CHECK(r.verdict == claims::ClaimVerdict::Holds);
    if (c.id == "hdn12.broadcast-sn") {
      CHECK(r.verdict == claims::ClaimVerdict::Fails);
      CHECK(r.corrected == "T(B_1) + ... + T(B_q)");
    }
    if (c.id == "hdn12.table4") CHECK(r.verdict == claims::ClaimVerdict::Inconsistent);
  }
  CHECK(seen == 3);
}
