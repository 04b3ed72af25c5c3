// The dualcube paper's data-movement collectives of §3, packed, with selector payloads.
//
// All2allB (Algorithm 1, all-to-all broadcast), 2r steps:
//   r-1 steps  recursive doubling inside every cluster (everything held: 2^i chunks);
//   1 step     every node sends its cluster's 2^(r-1) chunks across its cross edge;
//   r-1 steps  recursive doubling of what arrived in stage 2 (2^(r-1) 2^i chunks);
//   1 step     every node sends across what it doubled in stage 2, without the chunks its cross
//              neighbour sent it (M_x \ temp: 2^(2r-2) - 2^(r-1) chunks).
//
// Many2manyM (Algorithm 2), for a source cluster C of class 0 (class 1 through the automorphism
// (c, hi, lo) -> (1-c, lo, hi)); x's message goes to every node with x's node number:
//   r-1 steps  gather inside C;
//   1 step     every x in C sends all 2^(r-1) messages across to x' (node a_C of cluster b_x);
//   r-1 steps  x' scatters them in its cluster by node number (binomial tree, One2allP);
//   r-1 steps  node z with nodeID(z) = clusterID(z) broadcasts its message in its cluster;
//   1 step     class-0 nodes outside C fetch it across their cross edge.
//   3r-1 steps, 3 2^(r-1) + r - 2 chunks.
#include <stdexcept>

#include "core/errors.hpp"
#include "gen/all_gather/all_gather.hpp"
#include "gen/plan/schedule_kit.hpp"
#include "gen/scatter_gather/scatter_gather.hpp"
#include "gen/topo/dualcube.hpp"

namespace netsched {

Schedule dualcube_all2allb(const Dualcube& d) {
  const Network& t = d;
  const std::uint32_t r = d.r(), n = static_cast<std::uint32_t>(t.num_nodes()), half = n / 2;
  Schedule s;
  s.topology = t.spec();
  s.collective = Collective::all_gather(n);
  s.algorithm = "all2allb";
  auto flip = [&](std::uint32_t v, std::uint32_t i) { return v ^ (1u << d.dimension_bit(v, i)); };
  auto all_held = [](std::vector<TimeRange> window) {
    return Selector{{}, {}, std::move(window), {}};
  };
  std::size_t step = 0;
  for (std::uint32_t i = 0; i + 1 < r; ++i, ++step)
    for (std::uint32_t v = 0; v < n; ++v)
      add_selector_transfer(s, step, v, flip(v, i), all_held({}));
  const std::size_t cross = step++;
  for (std::uint32_t v = 0; v < n; ++v) add_selector_transfer(s, cross, v, v ^ half, all_held({}));
  // stage 2 doubling: what arrived from the cross step on (acquisition times cross+1 ..)
  for (std::uint32_t i = 0; i + 1 < r; ++i, ++step) {
    const auto lo = static_cast<std::uint32_t>(cross + 1), hi = static_cast<std::uint32_t>(step);
    for (std::uint32_t v = 0; v < n; ++v)
      add_selector_transfer(s, step, v, flip(v, i), all_held({{lo, hi}}));
  }
  if (r > 1) {  // stage 3: what the doubling brought (times cross+2 ..), not temp (time cross+1)
    const auto lo = static_cast<std::uint32_t>(cross + 2), hi = static_cast<std::uint32_t>(step);
    for (std::uint32_t v = 0; v < n; ++v)
      add_selector_transfer(s, step, v, v ^ half, all_held({{lo, hi}}));
  }
  return s;
}

namespace {

// Raw coordinates (c, hi, lo): id = c half + hi 2^w + lo; class-0 clusters fix hi (node number
// lo), class-1 clusters fix lo (node number hi); (c, hi, lo) -- (1-c, hi, lo) cross. A class-1
// source cluster goes through the automorphism (c, hi, lo) -> (1-c, lo, hi).
struct Many2many {
  std::uint32_t r, n, half, w, side, cluster0;
  bool swapped;
  Many2many(const Dualcube& d, NodeId root) {
    r = d.r();
    n = static_cast<std::uint32_t>(d.num_nodes());
    half = n / 2;
    w = r - 1;
    side = 1u << w;
    if (root.v >= n) throw InputError("many2manym: root out of range");
    swapped = root.v >= half;
    const std::uint32_t rv = root.v & (half - 1);
    cluster0 = swapped ? (rv & (side - 1))
                       : (rv >> w);  // C = class-0 cluster cluster0 (in class-0 coordinates)
  }
  std::uint32_t node(std::uint32_t c, std::uint32_t hi, std::uint32_t lo) const {
    return swapped ? ((1 - c) * half | lo << w | hi) : (c * half | hi << w | lo);
  }
};

}  // namespace

void many2manym_plan(const Dualcube& d, NodeId root, const PlanSend& send) {
  const Many2many m(d, root);
  const std::uint32_t w = m.w, side = m.side, cluster0 = m.cluster0;
  auto node = [&](std::uint32_t c, std::uint32_t hi, std::uint32_t lo) {
    return m.node(c, hi, lo);
  };
  std::size_t step = 0;
  // stage 1: gather inside C (dimension i of class-0 clusters = bit i of lo); after i steps node
  // b holds the numbers that agree with b above bit i
  for (std::uint32_t i = 0; i < w; ++i, ++step)
    for (std::uint32_t b = 0; b < side; ++b) {
      std::vector<std::uint32_t> held;
      for (std::uint32_t low = 0; low < (1u << i); ++low)
        held.push_back((b & ~((1u << i) - 1)) | low);
      send(step, node(0, cluster0, b), node(0, cluster0, b ^ (1u << i)), held);
    }
  // stage 2: across to (1, cluster0, b): class-1 cluster lo = b, node number hi = cluster0
  std::vector<std::uint32_t> every(side);
  for (std::uint32_t b = 0; b < side; ++b) every[b] = b;
  for (std::uint32_t b = 0; b < side; ++b)
    send(step, node(0, cluster0, b), node(1, cluster0, b), every);
  ++step;
  // binomial scatter in every class-1 cluster b from node number cluster0, by node number
  std::vector<std::uint32_t> holders{cluster0};
  for (std::uint32_t i = 0; i < w; ++i, ++step) {
    const std::size_t k = holders.size();
    for (std::size_t h = 0; h < k; ++h) {
      const std::uint32_t from = holders[h], to = from ^ (1u << i);
      std::vector<std::uint32_t> subtree{to};  // numbers reached from `to` in the later rounds
      for (std::uint32_t j = i + 1; j < w; ++j) {
        const std::size_t sz = subtree.size();
        for (std::size_t x = 0; x < sz; ++x) subtree.push_back(subtree[x] ^ (1u << j));
      }
      for (std::uint32_t b = 0; b < side; ++b)
        send(step, node(1, from, b), node(1, to, b), subtree);
      holders.push_back(to);
    }
  }
  // stage 3: in class-1 cluster b, node number b broadcasts the message of number b
  std::vector<std::uint32_t> informed{0};
  for (std::uint32_t i = 0; i < w; ++i, ++step) {
    const std::size_t k = informed.size();
    for (std::size_t h = 0; h < k; ++h) {
      const std::uint32_t off = informed[h];
      for (std::uint32_t b = 0; b < side; ++b)
        send(step, node(1, b ^ off, b), node(1, b ^ off ^ (1u << i), b), {b});
      informed.push_back(off ^ (1u << i));
    }
  }
  for (std::uint32_t a = 0; a < side; ++a)
    if (a != cluster0)
      for (std::uint32_t b = 0; b < side; ++b) send(step, node(1, a, b), node(0, a, b), {b});
}

Schedule dualcube_many2manym(const Dualcube& d, NodeId root) {
  const Many2many m(d, root);
  Schedule s;
  s.topology = d.spec();
  s.algorithm = "many2manym";
  std::vector<std::vector<NodeId>> groups;
  for (std::uint32_t b = 0; b < m.side;
       ++b) {  // the message of (0, cluster0, b) goes to every node with node number b
    std::vector<NodeId> g{NodeId(m.node(0, m.cluster0, b))};  // origin first
    for (std::uint32_t a = 0; a < m.side; ++a) {
      if (a != m.cluster0) g.push_back(NodeId(m.node(0, a, b)));
      g.push_back(NodeId(m.node(1, b, a)));  // class 1: node number hi = b
    }
    groups.push_back(std::move(g));
  }
  s.collective = Collective::multicast(m.n, std::move(groups));
  many2manym_plan(d, root,
                  [&](std::size_t step, std::uint32_t from, std::uint32_t to,
                      const std::vector<std::uint32_t>& numbers) {
                    std::vector<IdRange> out;
                    for (auto b : numbers)
                      out.push_back({m.node(0, m.cluster0, b), m.node(0, m.cluster0, b)});
                    normalize(out);
                    add_selector_transfer(s, step, from, to, Selector{{}, out, {}, {}});
                  });
  return s;
}

}  // namespace netsched
