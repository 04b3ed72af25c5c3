#pragma once
// Two engines' answers on one schedule: the same verdict, figures and first violation.
#include <catch2/catch.hpp>

#include "verify/simulator.hpp"

namespace netsched::test {

inline void same_verdict(const CheckResult& a, const CheckResult& b) {
  REQUIRE(a.ok() == b.ok());
  CHECK(a.steps == b.steps);
  CHECK(a.transfers == b.transfers);
  if (a.ok()) {
    CHECK(a.payload_sum == b.payload_sum);
    return;
  }
  INFO(*a.violation() << " / " << *b.violation());
  CHECK(a.violation()->rule == b.violation()->rule);
  CHECK(a.violation()->step == b.violation()->step);
  CHECK(a.violation()->transfer == b.violation()->transfer);
  CHECK(a.violation()->node == b.violation()->node);
  CHECK(a.violation()->chunk == b.violation()->chunk);
  CHECK(a.violation()->message == b.violation()->message);
}

}  // namespace netsched::test
