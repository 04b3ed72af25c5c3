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
#include <vector>

#include "verify/route_fault.hpp"

namespace netsched::route_machine {

/// The segment kind at position pc of a four-segment program (`otherwise` past its end).
template <class Ops>
typename Ops::V segment(const Ops& ops, const typename Ops::V& pc, std::uint64_t a0,
                        std::uint64_t a1, std::uint64_t a2, std::uint64_t a3,
                        std::uint64_t otherwise) {
  return ops.ite(pc == ops.lit(0), ops.lit(a0),
                 ops.ite(pc == ops.lit(1), ops.lit(a1),
                         ops.ite(pc == ops.lit(2), ops.lit(a2),
                                 ops.ite(pc == ops.lit(3), ops.lit(a3), ops.lit(otherwise)))));
}

/// Whether b has exactly one bit set.
template <class Ops>
typename Ops::B one_bit(const Ops& ops, const typename Ops::V& b) {
  return b != ops.lit(0) && (b & (b - ops.lit(1))) == ops.lit(0);
}

template <class Ops>
struct Dualcube {
  using V = typename Ops::V;
  using B = typename Ops::B;
  Ops& ops;
  std::uint32_t r;
  RouteFault fault;
  V low() const { return ops.lit((std::uint64_t{1} << (r - 1)) - 1); }
  V high() const {
    return ops.lit(((std::uint64_t{1} << (2 * r - 2)) - 1) & ~((std::uint64_t{1} << (r - 1)) - 1));
  }
  V cross() const { return ops.lit(std::uint64_t{1} << (2 * r - 2)); }
  V zero() const { return ops.lit(0); }
  V own(const V& x) const { return ops.ite((x & cross()) == zero(), low(), high()); }

  // segment kinds: 0 fix, 1 cross, 2 end
  V kind(const B& case_a, const B& case_b, const V& pc) const {
    auto at = [&](std::uint64_t a0, std::uint64_t a1, std::uint64_t a2, std::uint64_t a3) {
      return segment(ops, pc, a0, a1, a2, a3, 2);
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
    for (int i = 0; i < 4; ++i)
      e = ops.ite(kind(case_a, case_b, e) == ops.lit(0) && diff(cur) == zero(), e + ops.lit(1), e);
    const V k = kind(case_a, case_b, e);
    const V d = diff(cur);
    const V next = ops.ite(k == ops.lit(0), cur ^ (d & (~d + ops.lit(1))),
                           ops.ite(k == ops.lit(1), cur ^ cross(), cur));
    const V pc2 = ops.ite(k == ops.lit(1), e + ops.lit(1), e);
    return {next, pc2, k != ops.lit(2)};
  }

  /// Whether x -- y is a link of the dualcube.
  B link(const V& x, const V& y) const {
    const V b = x ^ y;
    return one_bit(ops, b) && (b == cross() || (b & own(x)) != zero());
  }
};

/// HDN Algorithm 1 on RDN(Q_m, k) (every super-node a single node), where a level-j address is
/// the bit string c | U | x (U, x level-(j-1) addresses, x least significant) and the level-j
/// cross edge is (c, U, x) -- (1-c, x, U). A level-j route from a = (c,U,x) to b = (c',U',x'):
///   Case 1 (c = c', U = U'):  sub(x')                     -- a level-(j-1) route inside the
///   cluster Case 2 (c != c'):         sub(U'), cross, sub(x') Case 3 (c = c', U != U'): cross,
///   sub(U'), cross, sub(x')
/// and at level 0 the dimension-order walk of the m-cube (dimension 0, the highest bit, first).
/// State per level j >= 1: the segment pc[j] and the address start[j] where the level-j route
/// began (its case depends on it); a step skips finished sub segments top-down, resets the
/// level below when a segment begins, and takes one hop (or idles when the route is over).
template <class Ops>
struct Rdn {
  using V = typename Ops::V;
  using B = typename Ops::B;
  Ops& ops;
  std::uint32_t m, k;
  std::vector<std::uint32_t> width;  ///< width[j] = bits of a level-j address

  Rdn(Ops& o, std::uint32_t cube_dimension, std::uint32_t levels)
      : ops(o), m(cube_dimension), k(levels) {
    width.push_back(m);
    for (std::uint32_t j = 1; j <= k; ++j) width.push_back(1 + 2 * width.back());
  }
  V mask(std::uint32_t bits) const {
    return ops.lit(bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1);
  }
  V zero() const { return ops.lit(0); }
  V shr(const V& x, std::uint32_t s) const { return ops.shr(x, s); }
  V shl(const V& x, std::uint32_t s) const { return ops.shl(x, s); }
  // fields of a level-j address
  V fx(const V& a, std::uint32_t j) const { return a & mask(width[j - 1]); }
  V field_u(const V& a, std::uint32_t j) const { return shr(a, width[j - 1]) & mask(width[j - 1]); }
  V fc(const V& a, std::uint32_t j) const { return shr(a, 2 * width[j - 1]) & ops.lit(1); }
  V addr(const V& cur, std::uint32_t j) const { return cur & mask(width[j]); }
  // the level-j cross neighbour of cur (higher bits unchanged)
  V cross(const V& cur, std::uint32_t j) const {
    const V a = addr(cur, j);
    const V moved =
        shl(fc(a, j) ^ ops.lit(1), 2 * width[j - 1]) | shl(fx(a, j), width[j - 1]) | field_u(a, j);
    return (cur & ~mask(width[j])) | moved;
  }
  // segment kinds: 0 sub to U', 1 sub to x', 2 cross, 3 end
  V kind(const V& start, const V& target, std::uint32_t j, const V& pc) const {
    const B same_class = fc(start, j) == fc(target, j),
            same_cluster = same_class && field_u(start, j) == field_u(target, j);
    auto at = [&](std::uint64_t a0, std::uint64_t a1, std::uint64_t a2, std::uint64_t a3) {
      return segment(ops, pc, a0, a1, a2, a3, 3);
    };
    return ops.ite(same_cluster, at(1, 3, 3, 3),
                   ops.ite(same_class, at(2, 0, 2, 1), at(0, 2, 1, 3)));
  }
  V sub_target(const V& target, std::uint32_t j, const V& kd) const {
    return ops.ite(kd == ops.lit(0), field_u(target, j), fx(target, j));
  }

  /// Whether x -- y is a link: a base link (one of the m low bits) or a level-j cross edge.
  B link(const V& x, const V& y) const {
    const V b = x ^ y;
    B out = one_bit(ops, b) && (b & ~mask(m)) == zero();
    for (std::uint32_t j = 1; j <= k; ++j) out = out || y == cross(x, j);
    return out;
  }

  struct State {
    V cur;
    std::vector<V> pc, start;  ///< index j = 1..k (0 unused)
    B moved;
  };

  State initial(const V& u) const {
    State s{u, std::vector<V>(k + 1, zero()), std::vector<V>(k + 1, zero()),
            B(ops.lit(0) == ops.lit(0))};
    for (std::uint32_t j = 1; j <= k; ++j)
      s.start[j] = addr(u, j);  // every level's first route starts at u
    return s;
  }

  /// One hop of the route to v.
  State step(const V& v, const State& in) const {
    const B yes = ops.lit(0) == ops.lit(0), no = !yes;
    State s = in;
    V target = v;  // the level-j target
    B fresh = no;  // the level-j (sub-)route begins in this step
    V next = in.cur;
    B done = no, moved = no;
    for (std::uint32_t j = k; j >= 1; --j) {
      const V start = ops.ite(fresh, addr(in.cur, j), s.start[j]);
      const V pc0 = ops.ite(fresh, zero(), s.pc[j]);
      V e = pc0;
      for (int i = 0; i < 4; ++i) {
        const V kd = kind(start, target, j, e);
        const B finished = (kd == ops.lit(0) || kd == ops.lit(1)) &&
                           fx(addr(in.cur, j), j) == sub_target(target, j, kd);
        e = ops.ite(finished, e + ops.lit(1), e);
      }
      const V kd = kind(start, target, j, e);
      const B here = !done, is_cross = kd == ops.lit(2), is_end = kd == ops.lit(3);
      s.start[j] = ops.ite(here, start, s.start[j]);
      s.pc[j] = ops.ite(here, ops.ite(is_cross, e + ops.lit(1), e), s.pc[j]);
      const B hop = here && is_cross;
      next = ops.ite(hop, cross(in.cur, j), next);
      moved = moved || hop;
      for (std::uint32_t i = 1; i < j; ++i) {  // the next segment starts from the new node
        s.start[i] = ops.ite(hop, addr(cross(in.cur, j), i), s.start[i]);
        s.pc[i] = ops.ite(hop, zero(), s.pc[i]);
      }
      done = done || (here && (is_cross || is_end));
      fresh = here && (fresh || e != pc0);
      target = sub_target(target, j, kd);
    }
    // level 0: the m-cube walk, highest differing bit first
    const V a = in.cur & mask(m), d = a ^ target;
    V high = zero();
    for (std::uint32_t b = 0; b < m; ++b)
      high = ops.ite((d & ops.lit(std::uint64_t{1} << b)) != zero(), ops.lit(std::uint64_t{1} << b),
                     high);
    next = ops.ite(!done && d != zero(), in.cur ^ high, next);
    moved = moved || (!done && d != zero());
    s.cur = next;
    s.moved = moved;
    return s;
  }
};

}  // namespace netsched::route_machine
