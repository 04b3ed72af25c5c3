// RHFC paper §4.2, FTR(l, x, y), on the digit view of HFC/HSN/RHS (gen/topo/rhfc_view.hpp):
//   Case 1, x and y in one level-l cluster: FTR(l-1, x, y).
//   Case 2: x' in x's nucleus holds the level-l link (x', y') into y's cluster.
//     Phase 1: FTR(l-1, x, x').  Phase 2 (i): x', (x', y') and y' normal: cross, FTR(l-1, y', y).
//     (ii) otherwise divert to x'' with a normal level-l link (x'', y''), cross, FTR(l, y'', y).
// Routes are walked in base ids; a failed node or link is never used, and a walk that comes
// back to a node is cut at its first visit (no backtracking).
#include "gen/route/rhfc_ftr.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include "core/connectivity.hpp"
#include "core/errors.hpp"
#include "gen/route/router.hpp"
#include "gen/topo/rhfc_view.hpp"

namespace netsched {
namespace {

/// The base of f, which must be an HFC, HSN or RHS (a nucleus links to every other cluster).
const Network& rhfc_base(const FaultyNetwork& f) {
  const auto* m = network_as<Mfc>(f.base());
  if (!network_as<Hsn>(f.base()) && !(m && m->hfc()))
    throw InputError("FTR (RHFC paper §4.2) needs an HFC, HSN or RHS, not " + f.base().spec());
  return f.base();
}

class Ftr {
 public:
  explicit Ftr(const FaultyNetwork& f) : f_(f), g_(rhfc_base(f)), view_(g_) {}
  FtrRoute run(std::uint64_t x, std::uint64_t y) {
    out_.path.assign(1, NodeId(static_cast<std::uint32_t>(x)));
    walk(view_.levels(), x, y);
    erase_loops(out_.path);
    return std::move(out_);
  }

 private:
  const FaultyNetwork& f_;
  const Network& g_;
  RhfcView view_;
  FtrRoute out_;

  bool alive(std::uint64_t v) const { return f_.from_base(id(v)).has_value(); }
  static NodeId id(std::uint64_t v) { return NodeId(static_cast<std::uint32_t>(v)); }
  void push(std::uint64_t v) { out_.path.push_back(id(v)); }

  /// The walk without its loops: where a node comes back (Phase 1 walked to x', whose link had
  /// failed, and the diversion's x'' lay behind), the walk goes on from its first visit. What
  /// is left is still a walk of surviving links, and no longer.
  static void erase_loops(NodePath& path) {
    NodePath out;
    std::map<std::uint32_t, std::size_t> at;  // node -> its place in `out`
    for (const NodeId v : path) {
      if (const auto it = at.find(v.v); it != at.end()) {
        for (std::size_t i = it->second + 1; i < out.size(); ++i) at.erase(out[i].v);
        out.resize(it->second + 1);
        continue;
      }
      at[v.v] = out.size();
      out.push_back(v);
    }
    path = std::move(out);
  }

  /// Survivors of a's nucleus reachable over surviving nucleus links, in BFS order, with parents.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> nucleus_bfs(std::uint64_t a) const {
    const std::uint64_t m1 = view_.radix(1), base = a - a % m1;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> order{{a, a}};
    std::set<std::uint64_t> seen{a};
    std::vector<NodeId> nb;
    for (std::size_t i = 0; i < order.size(); ++i) {
      g_.neighbors(id(order[i].first), nb);
      std::sort(nb.begin(), nb.end(), [](NodeId p, NodeId q) { return p.v < q.v; });
      for (NodeId w : nb)
        if (w.v >= base && w.v < base + m1 && !f_.link_failed(id(order[i].first), w) &&
            seen.insert(w.v).second)
          order.emplace_back(w.v, order[i].first);
    }
    return order;
  }
  /// Appends the BFS path inside the nucleus from a to b (both in one nucleus).
  void nucleus_walk(std::uint64_t a, std::uint64_t b) {
    if (a == b) return;
    const auto order = nucleus_bfs(a);
    std::vector<std::uint64_t> back;
    for (std::uint64_t v = b; v != a;) {
      const auto it =
          std::find_if(order.begin(), order.end(), [v](auto& p) { return p.first == v; });
      if (it == order.end())
        throw InputError("FTR cannot deliver: the faults cut the nucleus of " + g_.label(id(a)) +
                         " from " + g_.label(id(b)));
      back.push_back(v);
      v = it->second;
    }
    for (auto it = back.rbegin(); it != back.rend(); ++it) push(*it);
  }
  void walk(std::uint32_t i, std::uint64_t a, std::uint64_t b) {
    if (a == b) return;
    if (i == 1) return nucleus_walk(a, b);
    if (view_.digit(a, i) == view_.digit(b, i)) return walk(i - 1, a, b);  // Case 1
    std::set<std::uint64_t> visited{view_.digit(a, i)};
    std::uint64_t cur = a;
    for (;;) {
      const auto [x, y] = view_.link(cur, i, view_.digit(b, i));
      if (alive(x)) {
        walk(i - 1, cur, x);  // Phase 1
        cur = x;
        if (alive(y) && !f_.link_failed(id(x), id(y))) {  // Phase 2 (i)
          push(y);
          return walk(i - 1, y, b);
        }
      }
      out_.diversions.push_back(i);  // Phase 2 (ii)
      const auto [x2, y2] = divert(cur, i, visited);
      nucleus_walk(cur, x2);
      push(y2);
      visited.insert(view_.digit(y2, i));
      cur = y2;  // FTR(l, y'', y) again
    }
  }
  /// x'' nearest to cur in its nucleus with a normal level-i link into an unvisited cluster.
  std::pair<std::uint64_t, std::uint64_t> divert(std::uint64_t cur, std::uint32_t i,
                                                 const std::set<std::uint64_t>& visited) const {
    for (const auto& [z, parent] : nucleus_bfs(cur)) {
      for (std::uint64_t c = 0; c < view_.radix(i); ++c) {
        if (visited.count(c)) continue;
        const auto [x, y] = view_.link(z, i, c);
        if (x == z && alive(y) && !f_.link_failed(id(x), id(y))) return {x, y};
      }
    }
    throw InputError("FTR cannot deliver: no normal level-" + std::to_string(i) +
                     " link out of the nucleus of " + g_.label(id(cur)) +
                     " into an unvisited cluster");
  }
};

/// FTR as a router on the faulty network's own (survivor) ids.
class FtrRouter : public Router {
 public:
  explicit FtrRouter(const FaultyNetwork& f) : f_(f) { Ftr check(f); }
  std::string name() const override { return "ftr"; }
  void route(NodeId u, NodeId v, NodePath& path) const override {
    const FtrRoute r = rhfc_ftr(f_, f_.to_base(u), f_.to_base(v));
    path.clear();
    for (NodeId b : r.path) path.push_back(*f_.from_base(b));
  }

 private:
  const FaultyNetwork& f_;
};

}  // namespace

std::unique_ptr<Router> make_ftr_router(const FaultyNetwork& f) {
  return std::make_unique<FtrRouter>(f);
}

FtrRoute rhfc_ftr(const FaultyNetwork& f, NodeId x, NodeId y) {
  for (NodeId v : {x, y})
    if (!f.from_base(v)) throw InputError("node " + f.base().label(v) + " has failed");
  return Ftr(f).run(x.v, y.v);
}

std::string ftr_condition(const FaultyNetwork& f) {
  const RhfcView view(rhfc_base(f));
  const std::uint64_t faults = f.failed_nodes().size() + f.failed_links().size();
  const auto kappa = connectivity(view.nucleus());
  if (!kappa) return "the nucleus is too large for its connectivity";
  if (faults >= kappa->nodes)
    return std::to_string(faults) + " faults, not below the nucleus connectivity " +
           std::to_string(kappa->nodes);
  for (std::uint32_t i = 2; i <= view.levels(); ++i)
    if (2 * faults >= view.radix(i) - 1)
      return std::to_string(faults) + " faults: 2f is not below N_" + std::to_string(i) +
             " - 1 = " + std::to_string(view.radix(i) - 1);
  return "";
}

}  // namespace netsched
