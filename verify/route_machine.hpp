#pragma once
/// The dualcube routing algorithm (gen/route/dualcube_route.cpp) as a state machine over
/// n-bit addresses, generic in the arithmetic: `Ops` supplies `V lit(uint64)`, `V ite(B, V, V)`
/// and the bit width; V supports & ^ ~ + - == != and B supports && || !. Instantiated on
/// uint64_t (verify/smt_route.cpp: replay and comparison with the router) and on z3::expr
/// (the proof).
//
// A route is a program of at most four segments chosen by the case of (u, v):
//   classes differ:                           fix(own), cross, fix(own)
//   same class, only own-field bits differ:   fix(own)
//   same class, other field differs:          cross, fix(own), cross, fix(own)
// fix(own) flips, one hop at a time, the lowest bit in which cur and v differ among the bits
// cur's class can change (class 0: bits 0..r-2, class 1: bits r-1..2r-3); cross flips bit 2r-2.
// A step first skips finished fix segments, then takes one hop (or idles at the end).
#include <cstdint>

#include "verify/smt_route.hpp"

namespace netsched::route_machine {

template <class Ops>
struct Dualcube {
  using V = typename Ops::V;
  using B = typename Ops::B;
  Ops& ops;
  std::uint32_t r;
  RouteFault fault;
  V low() const { return ops.lit((std::uint64_t{1} << (r - 1)) - 1); }
  V high() const { return ops.lit(((std::uint64_t{1} << (2 * r - 2)) - 1) & ~((std::uint64_t{1} << (r - 1)) - 1)); }
  V cross() const { return ops.lit(std::uint64_t{1} << (2 * r - 2)); }
  V zero() const { return ops.lit(0); }
  V own(const V& x) const { return ops.ite((x & cross()) == zero(), low(), high()); }

  // segment kinds: 0 fix, 1 cross, 2 end
  V kind(const B& case_a, const B& case_b, const V& pc) const {
    auto at = [&](std::uint64_t a0, std::uint64_t a1, std::uint64_t a2, std::uint64_t a3) {
      return ops.ite(pc == ops.lit(0), ops.lit(a0),
                     ops.ite(pc == ops.lit(1), ops.lit(a1),
                             ops.ite(pc == ops.lit(2), ops.lit(a2), ops.ite(pc == ops.lit(3), ops.lit(a3), ops.lit(2)))));
    };
    const std::uint64_t third = fault == RouteFault::SkipLastCross ? 2 : 1;
    return ops.ite(case_a, at(0, 1, 0, 2), ops.ite(case_b, at(0, 2, 2, 2), at(1, 0, third, 0)));
  }

  struct State {
    V cur, pc;
    B moved;
  };

  /// One step from (cur, pc) towards v for the route from u.
  State step(const V& u, const V& v, const V& cur, const V& pc) const {
    const B case_a = ((u ^ v) & cross()) != zero();
    const B case_b = !case_a && ((u ^ v) & ~own(u) & ~cross() & (low() | high())) == zero();
    auto diff = [&](const V& x) {
      const V mask = fault == RouteFault::WrongMask ? (low() | high()) : own(x);
      return (x ^ v) & mask;
    };
    V e = pc;
    for (int i = 0; i < 4; ++i) e = ops.ite(kind(case_a, case_b, e) == ops.lit(0) && diff(cur) == zero(), e + ops.lit(1), e);
    const V k = kind(case_a, case_b, e);
    const V d = diff(cur);
    const V next = ops.ite(k == ops.lit(0), cur ^ (d & (~d + ops.lit(1))), ops.ite(k == ops.lit(1), cur ^ cross(), cur));
    const V pc2 = ops.ite(k == ops.lit(1), e + ops.lit(1), e);
    return {next, pc2, k != ops.lit(2)};
  }

  /// Whether x -- y is a link of the dualcube.
  B link(const V& x, const V& y) const {
    const V b = x ^ y;
    return b != zero() && (b & (b - ops.lit(1))) == zero() && (b == cross() || (b & own(x)) != zero());
  }
};

}  // namespace netsched::route_machine
