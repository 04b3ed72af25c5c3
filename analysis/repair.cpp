// Repairing a schedule around failed links and nodes (analysis/repair.hpp).
#include "analysis/repair.hpp"

#include <algorithm>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>
#include <unordered_map>

#include "analysis/retime.hpp"
#include "core/errors.hpp"
#include "core/metrics.hpp"
#include "core/schedule_io.hpp"
#include "gen/algorithms.hpp"
#include "gen/route/router.hpp"
#include "gen/topo/faulty.hpp"
#include "gen/topology.hpp"
#include "verify/lower_bounds.hpp"
#include "verify/simulator.hpp"

namespace netsched {
namespace {

/// The transfers of the repaired schedule, built in the healthy schedule's step order and in
/// the survivors' ids: each kept transfer as it was, each one over a failed link or from a
/// failed node replaced by the hops of a detour from the node that held all its chunks
/// soonest-plus-nearest (in the healthy timing, among the nodes holding them by that step: no
/// detour can wait for what it delivers).
class Plan : public JobList {
 public:
  static constexpr std::uint32_t kFailed = std::numeric_limits<std::uint32_t>::max();

  /// InputError when the survivors are disconnected (no schedule reaches them all).
  Plan(const Collective& c, const FaultyNetwork& f, const Router& router)
      : JobList(c), router_(router), family_route_(router.name() != "bfs"), graph_(f, 1) {
    if (bfs_tree(graph_, 0).order.size() != graph_.num_nodes())
      throw InputError("the survivors are disconnected: no schedule reaches them all");
  }

  /// Transfer a -> b of step k crossed a failed link, or its sender a failed (kFailed): its
  /// chunks go along a detour — or, where no one node holds them all, one detour a chunk. The
  /// detours' hops.
  std::uint64_t detour(std::size_t k, std::uint32_t a, std::uint32_t b,
                       const std::vector<std::uint64_t>& chunks) {
    const std::optional<std::uint32_t> from = nearest_holder(a, b, chunks);
    if (!from) {
      if (chunks.size() == 1)  // its origin holds it from the start, and the survivors connect
        throw std::logic_error("repair: no survivor holds chunk " + std::to_string(chunks[0]));
      std::uint64_t hops = 0;
      for (const std::uint64_t c : chunks) hops += detour(k, a, b, {c});
      return hops;
    }
    NodePath path;
    if (*from == a && family_route_) {
      try {
        router_.route(NodeId(a), NodeId(b), path);
        used_.insert(router_.name());
      } catch (const InputError&) {  // FTR beyond its condition: a shortest surviving path
        path = tree_path(a, b);
        used_.insert("shortest surviving paths where " + router_.name() + " cannot deliver");
      }
    } else {
      path = tree_path(*from, b);
      used_.insert(*from == a ? "shortest surviving paths" : "shortest paths from nearer holders");
    }
    const std::uint64_t hops = path.size() - 1;
    std::uint32_t j = 0;
    for (std::size_t h = 1; h < path.size(); ++h) {
      const std::uint64_t due = k + h >= hops ? k + h - hops : 0;  // its last hop at step k
      j = add(path[h - 1].v, path[h].v, chunks, 0, due);
      if (h > 1) jobs()[j].after = {j - 1};
    }
    arrive(b, j, k + 1);
    return hops;
  }

  /// How the detours were routed, e.g. "ftr, shortest paths from nearer holders".
  std::string routes() const {
    std::string out;
    for (const std::string& u : used_) out += (out.empty() ? "" : ", ") + u;
    return out;
  }

 private:
  /// The holder h of every chunk minimising (held since) + (surviving distance to b), a on a
  /// tie; nullopt when no node holds them all (a failed sender's chunks of several origins).
  std::optional<std::uint32_t> nearest_holder(std::uint32_t a, std::uint32_t b,
                                              const std::vector<std::uint64_t>& chunks) {
    const Tree& tree = tree_to(b);
    std::optional<std::uint32_t> best;
    std::uint64_t best_score = std::numeric_limits<std::uint64_t>::max();
    if (a != kFailed)
      if (const auto since = held_since(a, chunks)) best = a, best_score = *since + tree.depth[a];
    for (const std::uint32_t h : tree.bfs.order) {
      if (tree.depth[h] >= best_score) break;
      if (const auto since = held_since(h, chunks); since && *since + tree.depth[h] < best_score)
        best = h, best_score = *since + tree.depth[h];
    }
    return best;
  }

  struct Tree {
    BfsTree bfs;
    std::vector<std::uint64_t> depth;
  };
  /// The BFS tree of the surviving links from b (its parents lead to b), built once per b.
  const Tree& tree_to(std::uint32_t b) {
    auto [it, fresh] = trees_.try_emplace(b);
    if (fresh) {
      it->second.bfs = bfs_tree(graph_, b);
      it->second.depth.assign(graph_.num_nodes(), std::numeric_limits<std::uint64_t>::max() / 2);
      it->second.depth[b] = 0;
      for (const std::uint32_t v : it->second.bfs.order)
        if (v != b) it->second.depth[v] = it->second.depth[it->second.bfs.parent[v]] + 1;
    }
    return it->second;
  }
  /// A shortest surviving path from `from` to b; among the equally short, at each hop the
  /// neighbour that earlier detours have sent through least (so that detours spread).
  NodePath tree_path(std::uint32_t from, std::uint32_t b) {
    const Tree& tree = tree_to(b);
    NodePath path{NodeId(from)};
    for (std::uint32_t v = from; v != b;) {
      std::uint32_t next = tree.bfs.parent[v];
      for (const std::uint32_t* w = graph_.begin(v); w != graph_.end(v); ++w)
        if (tree.depth[*w] + 1 == tree.depth[v] && relayed_[*w] < relayed_[next]) next = *w;
      if (next != b) ++relayed_[next];
      path.push_back(NodeId(next));
      v = next;
    }
    return path;
  }

  const Router& router_;
  bool family_route_;  ///< the family's fault-tolerant route (else a shortest surviving path)
  Csr graph_;
  std::map<std::uint32_t, Tree> trees_;
  std::unordered_map<std::uint32_t, std::uint64_t> relayed_;  ///< detour hops through a node
  std::set<std::string> used_;
};

/// The collective over the survivors of f, and each healthy chunk's id in it: nullopt for a
/// failed node's own chunks and for those only failed nodes needed.
struct Survivors {
  Collective collective;
  std::function<std::optional<std::uint64_t>(std::uint64_t)> chunk;
};

Survivors survivors_of(const Collective& c, const FaultyNetwork& f) {
  using Kind = Collective::Kind;
  const auto same = [](std::uint64_t x) { return std::optional<std::uint64_t>(x); };
  if (f.failed_nodes().empty()) return {c, same};
  const std::uint64_t n = f.num_nodes(), base_n = c.nodes(), p = c.pieces();
  const auto at = [&f](std::uint64_t b) {
    const auto v = f.from_base(NodeId(static_cast<std::uint32_t>(b)));
    return v ? std::optional<std::uint64_t>(v->v) : std::nullopt;
  };
  const auto alive = [&](NodeId b, const char* role) {
    if (!f.from_base(b))
      throw InputError("the " + std::string(role) + " " + f.base().label(b) + " has failed: no " +
                       c.name() + " over the survivors has it");
    return *f.from_base(b);
  };
  switch (c.kind()) {
    case Kind::Route:
      return {Collective::route(n, alive(c.root(), "source"), alive(c.target(), "target")), same};
    case Kind::Broadcast:
      return {Collective::pieced_broadcast(n, alive(c.root(), "root"), c.pieces()), same};
    case Kind::Scatter:
      return {Collective::scatter(n, alive(c.root(), "root")), at};
    case Kind::Gather:
      return {Collective::gather(n, alive(c.root(), "root")), at};
    case Kind::AllGather:
      return {Collective::pieced_all_gather(n, c.pieces()), [=](std::uint64_t x) {
                const auto v = at(x / p);
                return v ? std::optional<std::uint64_t>(*v * p + x % p) : std::nullopt;
              }};
    case Kind::TotalExchange:
      return {Collective::total_exchange(n), [=](std::uint64_t x) {
                const auto i = at(x / base_n), j = at(x % base_n);
                return i && j ? std::optional<std::uint64_t>(*i * n + *j) : std::nullopt;
              }};
    // Register collectives combine every survivor's input; they have no chunks to map.
    case Kind::AllReduce:
    case Kind::Prefix:
      if (!c.groups().empty()) break;
      if (c.kind() == Kind::Prefix) return {Collective::prefix(n), same};
      return {p > 1 ? Collective::vector_all_reduce(n, c.pieces()) : Collective::all_reduce(n),
              same};
    case Kind::Reduce:
      return {Collective::reduce(n, alive(c.root(), "root")), same};
    case Kind::ReduceScatter:
      return {Collective::reduce_scatter(n, c.pieces()), same};
    default:
      break;
  }
  throw InputError("repairing " + std::string(c.name().starts_with("a") ? "an " : "a ") + c.name() +
                   " around failed nodes is not implemented: its groups would need "
                   "renumbering");
}

/// The schedule with every transfer over a failed link, or from a failed node, carried along a
/// surviving path; the transfers to failed nodes, and those that carried only chunks the
/// survivors do not need, dropped.
Schedule detoured(const Schedule& s, const FaultyNetwork& f, const Survivors& survivors,
                  const StepTrace& trace, const Router& router, RepairReport& r) {
  Plan plan(survivors.collective, f, router);
  for (std::size_t k = 0; k < s.steps.size(); ++k) {
    for (std::size_t i = 0; i < s.steps[k].transfers.size(); ++i) {
      const Transfer& x = s.steps[k].transfers[i];
      const auto a = f.from_base(x.from), b = f.from_base(x.to);
      std::vector<std::uint64_t> chunks;
      for (const std::uint64_t c : trace.chunks[k][i])
        if (const auto v = survivors.chunk(c)) chunks.push_back(*v);
      std::sort(chunks.begin(), chunks.end());
      if (!b || (chunks.empty() && !trace.chunks[k][i].empty())) {
        ++r.dropped;
      } else if (a && !f.link_failed(x.from, x.to)) {
        plan.keep(k, a->v, b->v, std::move(chunks));
        ++r.kept;
      } else if (!chunks.empty()) {
        r.detour_hops += plan.detour(k, a ? a->v : Plan::kFailed, b->v, chunks);
        ++r.detoured;
      }
    }
    plan.end_step();
  }
  r.router = plan.routes();
  Schedule out = s;
  out.collective = survivors.collective;
  out.topology = f.spec();
  out.digits = f.id_digits();  // the survivors' ids (the base's when only links failed)
  // kept transfers never run ahead of their healthy step, and the repair never ends before the
  // healthy schedule did (whose steps may end idle, as the papers time them), so with nothing
  // to detour the healthy schedule comes back step for step
  return with_placed_jobs(std::move(out), plan.jobs(),
                          retime(plan.jobs(), f, s.model, s.ports, s.steps.size()));
}

/// gen's request for the same collective (its root or its route's ends, its pieces).
GenRequest request_for(const Collective& c) {
  GenRequest r(c.name(), "auto", c.root());
  if (c.kind() == Collective::Kind::Route) r.source = c.root(), r.target = c.target();
  if (c.pieces() > 1) r.pieces = c.pieces();
  return r;
}

/// A register schedule around failed links: each move of a transfer over a failed link goes
/// along a surviving path, set into a relay register of its own at every node on the way and
/// applied to its destination register with its own operation at the end. The detours' hops
/// are laid out in steps after their transfer's step (every other access keeps its place), and
/// the whole is list-scheduled under the schedule's port model, every two accesses to a
/// register of which one writes in their order (analysis/retime.hpp).
Schedule detoured_registers(const Schedule& s, const FaultyNetwork& f, const Router& router,
                            RepairReport& r) {
  Schedule wide = s;
  wide.topology = f.spec();
  wide.steps.clear();
  std::set<std::string> routes;
  std::unique_ptr<Router> bfs;  // built the first time the family's route cannot deliver
  const auto path_of = [&](NodeId a, NodeId b) {
    NodePath path;
    try {
      router.route(a, b, path);
      routes.insert(router.name());
    } catch (const InputError&) {  // FTR beyond its condition: a shortest surviving path
      if (!bfs) bfs = make_bfs_router(f);
      bfs->route(a, b, path);
      routes.insert("shortest surviving paths where " + router.name() + " cannot deliver");
    }
    return path;
  };
  for (const Step& step : s.steps) {
    std::vector<Step> hops(1);  // hops[h]: the h-th hop of every detour of this step
    hops[0].compute = step.compute;
    for (const Transfer& x : step.transfers) {
      if (!f.link_failed(x.from, x.to)) {
        hops[0].transfers.push_back(x);
        ++r.kept;
        continue;
      }
      const NodePath path = path_of(x.from, x.to);
      if (hops.size() < path.size() - 1) hops.resize(path.size() - 1);
      const std::vector<Move>& moves = s.payloads[x.payload].moves;
      std::vector<std::uint16_t> relay(moves.size());  // each move's register on the way
      for (std::size_t h = 0; h + 1 < path.size(); ++h) {
        Payload p;
        for (std::size_t i = 0; i < moves.size(); ++i) {
          const std::uint16_t from = h == 0 ? moves[i].src : relay[i];
          if (h + 2 == path.size()) {
            p.moves.push_back({from, moves[i].dst, moves[i].op});
            continue;
          }
          if (wide.registers.size() >= kMaxRegisters)
            throw InputError("the detours need more than " + std::to_string(kMaxRegisters) +
                             " registers (kMaxRegisters)");
          relay[i] = static_cast<std::uint16_t>(wide.registers.size());
          wide.registers.push_back("relay" + std::to_string(relay[i]));
          p.moves.push_back({from, relay[i], RegOp::Set});
        }
        hops[h].transfers.push_back(
            {path[h], path[h + 1], static_cast<std::uint32_t>(wide.payloads.size())});
        wide.payloads.push_back(std::move(p));
      }
      r.detour_hops += path.size() - 1;
      ++r.detoured;
    }
    for (Step& h : hops) wide.steps.push_back(std::move(h));
  }
  for (const std::string& u : routes) r.router += (r.router.empty() ? "" : ", ") + u;
  share_equal_payloads(wide);
  return relaid_registers(wide, f, s.model, s.ports);
}

std::optional<CheckedSchedule> repaired_schedule(const CheckedSchedule& healthy,
                                                 const FaultyNetwork& f, const Survivors& survivors,
                                                 RepairReport& r) {
  const Schedule& s = healthy.schedule();
  const auto router = make_router(f, "auto");
  if (s.collective.combining()) {
    if (!f.failed_nodes().empty())
      throw InputError(
          "a register schedule is not mended around a failed node: every combination that "
          "took its input is wrong from that step on, so only regenerating gives the survivors' " +
          survivors.collective.name());
    CheckedSchedule out = check_schedule(f, detoured_registers(s, f, *router, r));
    if (!out.holds())
      throw std::logic_error("repair produced an invalid schedule: " +
                             to_string(*out.verification().check.violation()));
    return out;
  }
  StepTrace trace;
  trace.keep_chunks = true;
  if (!simulate_traced(f.base(), s, trace).ok())
    throw std::logic_error("repair: a schedule that held does not hold on its trace");
  CheckedSchedule out = check_schedule(f, detoured(s, f, survivors, trace, *router, r));
  if (!out.holds())
    throw std::logic_error("repair produced an invalid schedule: " +
                           to_string(*out.verification().check.violation()));
  return out;
}

double cost_of(const CheckedSchedule& c, const CostModel& cost) {
  return cost.of(c.verification().check.steps, c.verification().check.payload_sum);
}

/// `faulty` as the faulty version of `topology`, or InputError.
const FaultyNetwork& faulty_of(const Network& faulty, const std::string& topology) {
  const auto* f = network_as<FaultyNetwork>(faulty);
  if (!f || f->base().spec() != topology)
    throw InputError("repair: --network must be faulty(" + topology + ", links=[...], " +
                     "nodes=[...]): the schedule's network with faults; got " + faulty.spec());
  return *f;
}

}  // namespace

RepairReport repair_schedule(const Schedule& s, const Network& faulty, const CostModel& cost) {
  return repair_schedule(check_schedule(faulty_of(faulty, s.topology).base(), s), faulty, cost);
}

RepairReport repair_schedule(const CheckedSchedule& healthy, const Network& faulty,
                             const CostModel& cost) {
  const Schedule& s = healthy.schedule();
  const FaultyNetwork* f = &faulty_of(faulty, s.topology);
  RepairReport r(healthy);
  if (!r.healthy.holds())
    throw InputError("repair: the schedule does not hold on its own network (" +
                     to_string(*r.healthy.verification().check.violation()) + ")");
  Survivors survivors;
  try {
    survivors = survivors_of(s.collective, *f);
  } catch (const InputError& e) {
    throw InputError(std::string("repair: ") + e.what());
  }
  const auto real_chunks = [](const Collective& c) {
    return c.num_chunks() - (c.kind() == Collective::Kind::TotalExchange ? c.nodes() : 0);
  };
  r.dropped_chunks = real_chunks(s.collective) - real_chunks(survivors.collective);
  try {
    r.repaired = repaired_schedule(r.healthy, *f, survivors, r);
  } catch (const InputError& e) {
    r.repair_failed = e.what();
  }
  try {
    if (s.collective.kind() == Collective::Kind::Multicast)
      throw InputError("no generator makes a multicast from its groups alone");
    r.regenerated = generate_checked(faulty, request_for(survivors.collective));
  } catch (const InputError& e) {
    r.regenerate_failed = e.what();
  }
  if (!r.repaired && !r.regenerated)
    throw InputError("repair: " + r.repair_failed + "; and regenerating: " + r.regenerate_failed);
  r.chosen =
      !r.regenerated || (r.repaired && cost_of(*r.repaired, cost) <= cost_of(*r.regenerated, cost))
          ? "repaired"
          : "regenerated";
  // the kept schedule's own bound: a bound holds for the schedules of its model (AS(G) for unit
  // messages one-port is no bound on a schedule of packed messages)
  r.lower = r.best().verification().lower;
  return r;
}

}  // namespace netsched
