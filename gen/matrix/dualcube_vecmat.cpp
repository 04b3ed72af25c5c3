// Vector-matrix multiplication w = v M on the r-dualcube (dualcube paper §4, Algorithm 6) as a
// register schedule. |v| = 2^(r-1) and M has 2^(r-1) rows and 2^r columns (claim dc.alg6-shape:
// the paper prints 2^r x 2^(r-1)); processor x is given M[i, j] with i = nodeID(x) and
// j = classID(x) cat clusterID(x). Everything starts at the source s (v_i in register i, M_ij in
// register h + i c + j, h = 2^(r-1), c = 2^r); every message keeps its register on the way.
//   line 2  One2allP(F_r, s, M)          the plan of gen/scatter_gather/dualcube_scatter.cpp
//   line 3  One2allP(H_(r-1), s, v)      binomial scatter of v by node number inside C_s
//   line 4  Many2manyM(F_r, C_s, v)      the plan of gen/all_gather/dualcube_all2all.cpp
//   line 6  w_x = M[i, j] x v_i          a local multiplication at every node
//   7-10    ClusterSum of w              every node of cluster j ends with w_j
// w_j is required at the node of number 0 of cluster j.
#include <map>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/schedule_io.hpp"
#include "gen/all_gather/all_gather.hpp"
#include "gen/matrix/matrix.hpp"
#include "gen/plan/program.hpp"
#include "gen/prefix/prefix.hpp"
#include "gen/scatter_gather/scatter_gather.hpp"
#include "gen/topo/dualcube.hpp"

namespace netsched {

Schedule dualcube_vecmat(const Dualcube& d, NodeId source) {
  const Network& t = d;
  const std::uint32_t r = d.r(), n = static_cast<std::uint32_t>(t.num_nodes()), half = n / 2,
                      w = r - 1;
  const std::uint32_t h = 1u << w, c = 1u << r;
  if (source.v >= n) throw InputError("vecmat: source out of range");
  if (add_sat(mul_sat(h, c), h + 1) > kMaxRegisters)
    throw InputError("vecmat: too many registers for r = " + std::to_string(r));
  auto node_id = [&](std::uint32_t x) { return x < half ? (x & (h - 1)) : ((x >> w) & (h - 1)); };
  auto column = [&](std::uint32_t x) { return x < half ? (x >> w) & (h - 1) : h + (x & (h - 1)); };
  auto element = [&](std::uint32_t x) {
    return static_cast<std::uint16_t>(h + node_id(x) * c + column(x));
  };
  const auto clusters = dualcube_clusters(d);
  std::vector<NodeId> home(c);
  for (const auto& cl : clusters) home[column(cl.front().v)] = cl.front();  // node number 0
  std::vector<std::string> regs;
  for (std::uint32_t i = 0; i < h; ++i) regs.push_back("v" + std::to_string(i));
  for (std::uint32_t i = 0; i < h; ++i)
    for (std::uint32_t j = 0; j < c; ++j)
      regs.push_back("M" + std::to_string(i) + "_" + std::to_string(j));
  const auto W = static_cast<std::uint16_t>(regs.size());
  regs.push_back("w");
  RegisterProgram p(t, Collective::vecmat(n, h, source, home), regs, "dualcube-vecmat");

  // A plan's transfers, by step, as register moves (each message in its own register).
  using Sends = std::map<std::size_t,
                         std::vector<std::tuple<std::uint32_t, std::uint32_t, std::vector<Move>>>>;
  auto emit = [&](const Sends& sends) {
    for (const auto& [step, list] : sends) {
      for (const auto& [from, to, moves] : list) p.send(from, to, moves);
      p.end_step();
    }
  };
  auto collect = [](Sends& out, auto reg_of) {
    return [&out, reg_of](std::size_t step, std::uint32_t from, std::uint32_t to,
                          const std::vector<std::uint32_t>& items) {
      std::vector<Move> moves;
      for (auto it : items) moves.push_back({reg_of(it), reg_of(it), RegOp::Set});
      out[step].emplace_back(from, to, std::move(moves));
    };
  };
  // line 2: the matrix, message for node x in register element(x)
  Sends m_sends;
  one2allp_plan(d, source, collect(m_sends, [&](std::uint32_t x) { return element(x); }));
  emit(m_sends);
  // line 3: v by node number inside C_s (binomial tree from s, cluster dimensions 0..r-2)
  std::vector<std::uint32_t> holders{source.v};
  for (std::uint32_t i = 0; i < w; ++i) {
    const std::size_t k = holders.size();
    for (std::size_t a = 0; a < k; ++a) {
      const std::uint32_t from = holders[a], to = from ^ (1u << d.dimension_bit(from, i));
      std::vector<Move> moves;
      for (std::uint32_t b = 0; b < h;
           ++b)  // the numbers of the subtree of `to`: agree with it on bits <= i
        if (((b ^ node_id(to)) & ((2u << i) - 1)) == 0)
          moves.push_back(
              {static_cast<std::uint16_t>(b), static_cast<std::uint16_t>(b), RegOp::Set});
      p.send(from, to, moves);
      holders.push_back(to);
    }
    p.end_step();
  }
  // line 4: v_b to every node of number b
  Sends v_sends;
  many2manym_plan(d, source,
                  collect(v_sends, [](std::uint32_t b) { return static_cast<std::uint16_t>(b); }));
  emit(v_sends);
  // line 6 (at the start of the next step): w = M[i, j] x v_i, node by node
  for (std::uint32_t x = 0; x < n; ++x)
    p.compute(W, element(x), static_cast<std::uint16_t>(node_id(x)), RegOp::Mul, {{x, x}});
  // lines 7-10: ClusterSum
  for (std::uint32_t i = 0; i < w; ++i)
    scan_step(p, n, [&d, i](std::uint32_t v) { return v ^ (1u << d.dimension_bit(v, i)); },
              {{W, {}}});
  return p.finish();
}

}  // namespace netsched
