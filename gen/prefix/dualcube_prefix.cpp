// Dualcube paper §3-4: ClusterSum (Algorithm 3), ClusterPrefix (Algorithm 4) and the prefix
// computation DualPrefix (Algorithm 5) as register schedules.
//
// Algorithm 4 as printed exchanges pf and adds the partner's pf when x > x^(i); that loses
// terms (on a 2-cube node 2 ends with x0 + x2). The corrected form exchanges the subcube sum
// and adds it to pf when x > x^(i) — the standard hypercube prefix. Both are generated; only
// the corrected one passes the checker.
//
// Algorithm 5 as printed repeats Stage 1 as Stage 2 and uses an undefined x^(i) in Stage 3.
// The consistent version here computes pf_x = sum_{y <= x} data_y in address order. A node id
// is (c, hi, lo) with c the class bit; class-0 clusters fix hi, class-1 clusters fix lo, and
// (c, hi, lo) -- (1-c, hi, lo) are the cross edges. With R_c(hi) = sum_lo data(c, hi, lo):
//   pf(0,hi,lo) = sum_{hi'<hi} R_0(hi') + sum_{lo'<=lo} data(0,hi,lo')
//   pf(1,hi,lo) = T_0 + sum_{hi'<hi} R_1(hi') + sum_{lo'<=lo} data(1,hi,lo')
// The "row" {(1,hi,lo): lo} is the cross image of class-0 cluster hi, and the column
// {(c,hi,lo): hi} of class-0 rows is class-1 cluster lo. So:
//   X1      class 1 sends its datum across (into q);
//   r-1     class-0 clusters scan their own data (S, P) and q (Sq, Pq) -- two words;
//   X2      class 0 sends the row totals S = R_0(hi) and Sq = R_1(hi) across;
//   r-1     class-1 clusters scan them: totals T0 (= T_0), T1 and exclusive prefixes E0, E1;
//   X3      class 1 sends E0 back (class 0: pf = P + E0); class 0 sends Pq across
//           (class 1: pf = T0 + E1 + Pq).
// 2r + 1 steps, 4r words.
//
// Algorithm 5 is also generated as printed (dual-prefix-as-printed), Stage 3's free i read as
// r - 1 (the cross edge, the only dimension line 11 names): Stages 1 and 2 each run ClusterSum
// and ClusterPrefix (Algorithm 4 as printed) on every cluster, and Stage 3 adds the cross
// neighbour's cluster sum to pf where x > x^(r-1). It passes no pf between clusters of the same
// class, so most prefixes come out wrong (claims: dc.alg5).
#include "gen/plan/program.hpp"
#include "gen/prefix/prefix.hpp"
#include "gen/topo/dualcube.hpp"

namespace netsched {

std::vector<std::vector<NodeId>> dualcube_clusters(const Dualcube& d) {
  const std::uint32_t r = d.r(), half = 1u << (d.bits() - 1), side = 1u << (r - 1);
  std::vector<std::vector<NodeId>> out;
  for (std::uint32_t a = 0; a < side; ++a) {  // class 0: fixed hi = a, lo varies
    out.emplace_back();
    for (std::uint32_t b = 0; b < side; ++b) out.back().push_back(NodeId((a << (r - 1)) | b));
  }
  for (std::uint32_t b = 0; b < side; ++b) {  // class 1: fixed lo = b, hi varies
    out.emplace_back();
    for (std::uint32_t a = 0; a < side; ++a)
      out.back().push_back(NodeId(half | (a << (r - 1)) | b));
  }
  return out;
}

namespace {

std::function<std::uint32_t(std::uint32_t)> cluster_partner(const Dualcube& d, std::uint32_t i) {
  return [&d, i](std::uint32_t v) { return v ^ (1u << d.dimension_bit(v, i)); };
}

/// Algorithm 4 as printed, over the registers pf and temp: temp = get pf_{x^(i)}; if x > x^(i)
/// then pf_x = pf_x + temp, for i = 0..r-2.
void cluster_prefix_as_printed(RegisterProgram& p, const Dualcube& d, std::uint16_t pf,
                               std::uint16_t temp) {
  const auto n = static_cast<std::uint32_t>(d.num_nodes());
  for (std::uint32_t i = 0; i + 1 < d.r(); ++i) {
    for (std::uint32_t v = 0; v < n; ++v) {
      const std::uint32_t w = cluster_partner(d, i)(v);
      p.send(v, w, {w > v ? Move{pf, pf, RegOp::Combine} : Move{pf, temp, RegOp::Set}});
    }
    p.end_step();
  }
}

}  // namespace

Schedule dualcube_cluster_sum(const Dualcube& d) {
  const Network& t = d;
  RegisterProgram p(t, Collective::all_reduce(t.num_nodes(), dualcube_clusters(d)), {"data", "sum"},
                    "cluster-sum");
  p.set(1, 0);
  for (std::uint32_t i = 0; i + 1 < d.r(); ++i)
    scan_step(p, static_cast<std::uint32_t>(t.num_nodes()), cluster_partner(d, i), {{1, {}}});
  return p.finish();
}

Schedule dualcube_cluster_prefix(const Dualcube& d, bool as_printed) {
  const Network& t = d;
  const auto n = static_cast<std::uint32_t>(t.num_nodes());
  const Collective c = Collective::prefix(n, dualcube_clusters(d));
  if (!as_printed) {
    RegisterProgram p(t, c, {"data", "pf", "sum"}, "cluster-prefix");
    p.set(2, 0);
    p.set(1, 0);
    for (std::uint32_t i = 0; i + 1 < d.r(); ++i)
      scan_step(p, n, cluster_partner(d, i), {{2, {1}}});
    return p.finish();
  }
  // As printed: temp = get pf_{x^(i)}; if x > x^(i) then pf_x = pf_x + temp.
  RegisterProgram p(t, c, {"data", "pf", "temp"}, "cluster-prefix-as-printed");
  p.set(1, 0);
  cluster_prefix_as_printed(p, d, 1, 2);
  return p.finish();
}

Schedule dualcube_prefix_as_printed(const Dualcube& d) {
  const auto n = static_cast<std::uint32_t>(d.num_nodes());
  // NOLINTNEXTLINE(readability-identifier-naming): the paper's register names
  enum : std::uint16_t { data, pf, temp, sum };
  RegisterProgram p(d, Collective::prefix(n), {"data", "pf", "temp", "sum"},
                    "dual-prefix-as-printed");
  for (int stage = 1; stage <= 2; ++stage) {  // Stage 2 as printed repeats Stage 1
    p.set(sum, data);                         // ClusterSum(C, r-1, data_x, sum)
    for (std::uint32_t i = 0; i + 1 < d.r(); ++i)
      scan_step(p, n, cluster_partner(d, i), {{sum, {}}});
    p.set(pf, data);  // ClusterPrefix(C, r-1, data_x, pf_x)
    cluster_prefix_as_printed(p, d, pf, temp);
  }
  // Stage 3: temp = get sum_{x^(r-1)}; if x > x^(r-1) then pf_x = pf_x + temp
  const std::uint32_t half = n / 2;
  for (std::uint32_t v = 0; v < n; ++v) {
    const std::uint32_t w = v ^ half;
    p.send(v, w, {w > v ? Move{sum, pf, RegOp::Combine} : Move{sum, temp, RegOp::Set}});
  }
  p.end_step();
  return p.finish();
}

Schedule dualcube_prefix(const Dualcube& d) {
  const Network& t = d;
  const auto n = static_cast<std::uint32_t>(t.num_nodes());
  const std::uint32_t half = n / 2, r = d.r();
  // NOLINTNEXTLINE(readability-identifier-naming): the paper's register names
  enum : std::uint16_t { data, pf, S, P, q, Sq, Pq, R0, R1, T0, E0, T1, E1 };
  RegisterProgram p(t, Collective::prefix(n),
                    {"data", "pf", "S", "P", "q", "Sq", "Pq", "R0", "R1", "T0", "E0", "T1", "E1"},
                    "dual-prefix");
  const std::vector<IdRange> class0{{0, half - 1}}, class1{{half, n - 1}};
  auto cls = [half](std::uint32_t v) { return v >= half; };
  p.set(pf, data);
  if (r == 1) {  // F_1 = K_2: node 1 adds node 0's datum
    p.send(0, 1, {{data, pf, RegOp::Combine}});
    return p.finish();
  }
  // X1
  p.set(S, data, class0);
  p.set(P, data, class0);
  for (std::uint32_t v = half; v < n; ++v) p.send(v, v - half, {{data, q, RegOp::Set}});
  p.end_step();
  // class-0 scans of the own data and of q
  p.set(Sq, q, class0);
  p.set(Pq, q, class0);
  for (std::uint32_t i = 0; i + 1 < r; ++i)
    scan_step(p, n, cluster_partner(d, i), {{S, {P}}, {Sq, {Pq}}},
              [&](std::uint32_t v) { return !cls(v); });
  // X2
  for (std::uint32_t v = 0; v < half; ++v)
    p.send(v, v + half, {{S, R0, RegOp::Set}, {Sq, R1, RegOp::Set}});
  p.end_step();
  // class-1 scans: totals and exclusive prefixes
  p.set(T0, R0, class1);
  p.set(T1, R1, class1);
  for (std::uint32_t i = 0; i + 1 < r; ++i)
    scan_step(p, n, cluster_partner(d, i), {{T0, {E0}}, {T1, {E1}}},
              [&](std::uint32_t v) { return cls(v); });
  // X3
  p.set(pf, P, class0);
  p.compute(pf, T0, E1, RegOp::Combine, class1);
  const std::uint32_t lo_bits = r - 1;
  for (std::uint32_t v = half; v < n; ++v)
    if (((v - half) >> lo_bits) != 0)
      p.send(v, v - half, {{E0, pf, RegOp::Combine}});  // hi > 0: E0 is not empty
  for (std::uint32_t v = 0; v < half; ++v) p.send(v, v + half, {{Pq, pf, RegOp::Combine}});
  p.end_step();
  return p.finish();
}

}  // namespace netsched
