// One2allP (dualcube paper §3): one-to-all personalized communication from s in F_r, packed.
//   step 0: s sends its cross partner s' the messages for the nodes of s's own class;
//   r-1 rounds: binomial trees in C_s (from s) and C_s' (from s') at once; a node passes on the
//           messages for the clusters across the cross edges of the nodes of its new subtree, so
//           that afterwards every u in C_s or C_s' holds the messages for the cluster of u's cross
//           neighbour;
//   1 step: every such u sends them over its cross edge (s' sends s the messages for C_s);
//   r-1 rounds: binomial scatter in every cluster at once.
// 2r steps. Payloads are selectors naming the destination nodes they carry.
#include "gen/plan/schedule_kit.hpp"
#include "gen/scatter_gather/scatter_gather.hpp"
#include "gen/topo/dualcube.hpp"

namespace netsched {

void one2allp_plan(const Dualcube& d, NodeId root, const PlanSend& send) {
  const Network& t = d;
  const std::uint32_t r = d.r(), top = 1u << (d.bits() - 1);
  auto cross = [&](std::uint32_t u) { return u ^ top; };
  // the nodes of u's cluster: u with its r-1 cluster bits (dimensions 0..r-2 of its class) varied
  auto cluster = [&](std::uint32_t u) {
    std::vector<std::uint32_t> out;
    for (std::uint32_t m = 0; m < (1u << (r - 1)); ++m) {
      std::uint32_t v = u;
      for (std::uint32_t i = 0; i + 1 < r; ++i) {
        const std::uint32_t bit = 1u << d.dimension_bit(u, i);
        v = (m >> i & 1) ? (v | bit) : (v & ~bit);
      }
      out.push_back(v);
    }
    return out;
  };
  const std::uint32_t s0 = root.v, s1 = cross(s0);
  if (r == 1) {
    send(0, s0, s1, {s1});
    return;
  }
  // step 0: the messages for s's own class
  std::vector<std::uint32_t> own_class;
  for (std::uint32_t v = 0; v < t.num_nodes(); ++v)
    if ((v & top) == (s0 & top)) own_class.push_back(v);
  send(0, s0, s1, own_class);
  // binomial rounds in C_s and C_s': informed node u sends to u ^ bit_i the messages for the
  // clusters across the cross edges of that node's subtree (bits i+1.. free)
  auto subtree = [&](std::uint32_t x, std::uint32_t i) {
    std::vector<std::uint32_t> out{x};
    for (std::uint32_t j = i + 1; j + 1 < r; ++j) {
      const std::size_t k = out.size();
      for (std::size_t a = 0; a < k; ++a) out.push_back(out[a] ^ (1u << d.dimension_bit(x, j)));
    }
    return out;
  };
  std::vector<std::uint32_t> informed{s0, s1};
  for (std::uint32_t i = 0; i + 1 < r; ++i) {
    const std::size_t k = informed.size();
    for (std::size_t a = 0; a < k; ++a) {
      const std::uint32_t u = informed[a], x = u ^ (1u << d.dimension_bit(u, i));
      std::vector<std::uint32_t> dests;
      for (auto w : subtree(x, i))
        for (auto z : cluster(cross(w))) dests.push_back(z);
      send(1 + i, u, x, dests);
      informed.push_back(x);
    }
  }
  // the cross step: every u in C_s and C_s' sends the messages for its cross neighbour's cluster
  const std::size_t cross_step = r;
  for (auto u : informed) send(cross_step, u, cross(u), cluster(cross(u)));
  // binomial scatter in every cluster, from the node that received in the cross step
  std::vector<std::uint32_t> holders;
  for (auto u : informed) holders.push_back(cross(u));
  for (std::uint32_t i = 0; i + 1 < r; ++i) {
    const std::size_t k = holders.size();
    for (std::size_t a = 0; a < k; ++a) {
      const std::uint32_t y = holders[a], x = y ^ (1u << d.dimension_bit(y, i));
      send(cross_step + 1 + i, y, x, subtree(x, i));
      holders.push_back(x);
    }
  }
}

Schedule dualcube_one2allp(const Dualcube& d, NodeId root) {
  Schedule s;
  s.topology = d.spec();
  s.collective = Collective::scatter(d.num_nodes(), root);
  s.algorithm = "one2allp";
  one2allp_plan(d, root,
                [&](std::size_t step, std::uint32_t from, std::uint32_t to,
                    const std::vector<std::uint32_t>& dests) {
                  std::vector<IdRange> r;
                  for (auto v : dests) r.push_back({v, v});
                  normalize(r);
                  add_selector_transfer(s, step, from, to, Selector{r, {}, {}, {}});
                });
  return s;
}

}  // namespace netsched
