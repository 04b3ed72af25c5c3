// Matrix-matrix multiplication on the r-dualcube (dualcube paper §5, Algorithm 7), 2r-1 = 3q,
// m = 2^q, p = m^3 processors, as a register schedule with registers R_A, R_B, R_C.
//
// Addresses (§5.1, Fig. 3): a node is (c, a, b) -- class, cluster number, processor number --
// stored as c a b for class 0 and c b a for class 1 (which is our serial id: class-1 clusters
// fix the low field). k = the low q bits of b, j = the low q bits of a, i = (c, the high
// h = (r-2)/3 bits of a, the high h bits of b), c the most significant (as in Fig. 5's example
// 011010011: i = 010).
//
// Loops 1 and 4 flip bits of k (in b: cluster links, one step each). Loop 2 flips bits of j
// (in a): no link; the route is cross edge, cluster link, cross edge (§5.3). Loop 3 flips bits
// of i: in b a cluster link; in a the same three hops; the class bit c needs cross edge, route
// in the cluster until the two fields agree, cross edge, route in the cluster to the
// destination's field, cross edge (§5.3, at most 2r+1 hops). Each loop iteration's copies are
// routed store-and-forward (gen/plan/routed.hpp); the multiplication is a local step.
#include <array>
#include <bit>
#include <stdexcept>

#include "core/errors.hpp"
#include "gen/matrix/matrix.hpp"
#include "gen/plan/program.hpp"
#include "gen/plan/routed.hpp"
#include "gen/topo/dualcube.hpp"

namespace netsched {

std::uint32_t DualcubeMatmulLayout::raw(std::uint32_t c, std::uint32_t a, std::uint32_t b) const {
  return c ? half | b << w | a : a << w | b;
}

DualcubeMatmulLayout::DualcubeMatmulLayout(std::uint32_t order) : r(order) {
  if (r < 2 || (2 * r - 1) % 3 != 0)
    throw InputError("matrix multiplication needs 2r-1 divisible by 3 (r = 2, 5, 8, ...), r = " +
                     std::to_string(r));
  w = r - 1;
  q = (2 * r - 1) / 3;
  h = (r - 2) / 3;
  half = 1u << (2 * r - 2);
}

std::uint32_t DualcubeMatmulLayout::node(std::uint32_t i, std::uint32_t j, std::uint32_t k) const {
  const std::uint32_t c = i >> (2 * h), ahigh = (i >> h) & ((1u << h) - 1),
                      bhigh = i & ((1u << h) - 1);
  return raw(c, ahigh << q | j, bhigh << q | k);
}

std::array<std::uint32_t, 3> DualcubeMatmulLayout::ijk(std::uint32_t v) const {
  const std::uint32_t c = v >= half ? 1 : 0, hi = (v >> w) & ((1u << w) - 1),
                      lo = v & ((1u << w) - 1);
  const std::uint32_t a = c ? lo : hi, b = c ? hi : lo;
  const std::uint32_t mask = (1u << q) - 1;
  return {c << (2 * h) | (a >> q) << h | (b >> q), a & mask, b & mask};
}

namespace {

// The route from u to its neighbour in paper coordinates with one field bit flipped.
struct MatmulRouter {
  DualcubeMatmulLayout L;
  std::uint32_t cross(std::uint32_t v) const { return v ^ L.half; }
  // flip raw bit `bit` of v, through the other class when it is not a cluster link of v
  std::vector<std::uint32_t> flip(std::uint32_t v, std::uint32_t bit) const {
    const bool lo = bit < L.w, class0 = v < L.half;
    if (lo == class0) return {v, v ^ (1u << bit)};  // class 0 links flip lo bits, class 1 hi bits
    const std::uint32_t x = cross(v);
    return {v, x, x ^ (1u << bit), cross(x ^ (1u << bit))};
  }
  // (c, a, b) -> (1-c, a, b): raw (c, H, L) -> (1-c, L, H)
  std::vector<std::uint32_t> flip_class(std::uint32_t v) const {
    std::vector<std::uint32_t> path{v};
    auto go = [&](std::uint32_t x) { path.push_back(x); };
    auto fields = [&](std::uint32_t x) {
      return std::pair((x >> L.w) & ((1u << L.w) - 1), x & ((1u << L.w) - 1));
    };
    auto route_in_cluster = [&](std::uint32_t target_field) {
      // class 0 routes its lo field, class 1 its hi field, bit by bit to target_field
      std::uint32_t x = path.back();
      const bool class0 = x < L.half;
      for (std::uint32_t bit = 0; bit < L.w; ++bit) {
        const auto [hi, lo] = fields(x);
        const std::uint32_t cur = class0 ? lo : hi;
        if (((cur ^ target_field) >> bit & 1) == 0) continue;
        x ^= 1u << (class0 ? bit : bit + L.w);
        go(x);
      }
    };
    const auto [H, Lo] = fields(v);
    go(cross(v));                                         // (1-c, H, L)
    route_in_cluster(class_field(path.back()) ? Lo : H);  // make the two fields agree
    go(cross(path.back()));
    route_in_cluster(v < L.half ? H : Lo);
    go(cross(path.back()));
    return path;
  }
  std::uint32_t class_field(std::uint32_t x) const { return x >= L.half; }
  /// §5.3's route from src to x (they differ in one bit of a field, or in the class).
  std::vector<std::uint32_t> path(std::uint32_t src, std::uint32_t x) const {
    const std::uint32_t diff = src ^ x;
    auto p = (diff & L.half) ? flip_class(src)
                             : flip(src, static_cast<std::uint32_t>(std::countr_zero(diff)));
    if (p.back() != x) throw std::logic_error("matmul route misses its destination");
    return p;
  }
};

}  // namespace

namespace {

/// One of Algorithm 7's loops: which index it flips, when a node takes part, what it copies.
struct Loop {
  char field;  ///< 'k', 'j' or 'i': the source is N^l_field(x), index `field` with bit l flipped
  bool (*takes_part)(std::uint32_t i, std::uint32_t j, std::uint32_t k, std::uint32_t l);
};

// loop 1: if bit l of k is 1, get R_A, R_B from N_k^l(x); loop 2: if bits l of k and j differ,
// get R_A from N_j^l(x); loop 3: if bits l of k and i differ, get R_B from N_i^l(x); loop 4: if
// bit l of k is 0, R_C += R_C of N_k^l(x).
constexpr std::array<Loop, 4> kLoops = {
    Loop{'k', [](std::uint32_t, std::uint32_t, std::uint32_t k,
                 std::uint32_t l) { return (k >> l & 1) == 1; }},
    Loop{'j', [](std::uint32_t, std::uint32_t j, std::uint32_t k,
                 std::uint32_t l) { return ((k ^ j) >> l & 1) == 1; }},
    Loop{'i', [](std::uint32_t i, std::uint32_t, std::uint32_t k,
                 std::uint32_t l) { return ((k ^ i) >> l & 1) == 1; }},
    Loop{'k', [](std::uint32_t, std::uint32_t, std::uint32_t k, std::uint32_t l) {
           return (k >> l & 1) == 0;
         }}};

/// The (source, destination) copies of iteration l of `loop`.
std::vector<std::pair<std::uint32_t, std::uint32_t>> copies_of(const DualcubeMatmulLayout& L,
                                                               std::uint32_t n, const Loop& loop,
                                                               std::uint32_t l) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> out;
  for (std::uint32_t x = 0; x < n; ++x) {
    const auto [i, j, k] = L.ijk(x);
    if (!loop.takes_part(i, j, k, l)) continue;
    const std::uint32_t e = 1u << l;
    out.emplace_back(loop.field == 'k'   ? L.node(i, j, k ^ e)
                     : loop.field == 'j' ? L.node(i, j ^ e, k)
                                         : L.node(i ^ e, j, k),
                     x);
  }
  return out;
}

}  // namespace

MatmulCopies dualcube_matmul_copies(const Dualcube& d) {
  const DualcubeMatmulLayout L(d.r());
  MatmulCopies out;
  const MatmulRouter route{L};
  for (const Loop& loop : kLoops) {
    out.emplace_back();
    for (std::uint32_t l = 0; l < L.q; ++l) {
      out.back().emplace_back();
      for (const auto& [src, x] : copies_of(L, static_cast<std::uint32_t>(d.num_nodes()), loop, l))
        out.back().back().push_back(
            {src, x, static_cast<std::uint32_t>(route.path(src, x).size() - 1)});
    }
  }
  return out;
}

Schedule dualcube_matmul(const Dualcube& d, std::vector<std::size_t>* loop_ends) {
  const Network& t = d;
  const DualcubeMatmulLayout L(d.r());
  const std::uint32_t n = static_cast<std::uint32_t>(t.num_nodes()), m = 1u << L.q;
  std::vector<NodeId> home;
  for (std::uint32_t i = 0; i < m; ++i)
    for (std::uint32_t j = 0; j < m; ++j) home.push_back(NodeId(L.node(i, j, 0)));
  enum : std::uint16_t { RA, RB, RC, Transit };
  RegisterProgram p(t, Collective::matmul(n, m, std::move(home)), {"R_A", "R_B", "R_C"},
                    "dualcube-matmul");
  const MatmulRouter route{L};
  std::size_t steps = 0;
  auto loop = [&](const Loop& which, std::vector<std::pair<std::uint16_t, std::uint16_t>> moved,
                  RegOp op) {
    for (std::uint32_t l = 0; l < L.q; ++l) {
      std::vector<RoutedCopy> copies;
      for (const auto& [src, x] : copies_of(L, n, which, l))
        copies.push_back({route.path(src, x), moved, op});
      steps += routed_phase(p, n, copies, Transit);
    }
    if (loop_ends) loop_ends->push_back(steps);
  };
  loop(kLoops[0], {{RA, RA}, {RB, RB}}, RegOp::Set);
  loop(kLoops[1], {{RA, RA}}, RegOp::Set);
  loop(kLoops[2], {{RB, RB}}, RegOp::Set);
  p.compute(RC, RA, RB, RegOp::Mul);  // R_C = R_A x R_B, then loop 4
  loop(kLoops[3], {{RC, RC}}, RegOp::Combine);
  return p.finish();
}

}  // namespace netsched
