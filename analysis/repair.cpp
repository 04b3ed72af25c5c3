// Repairing a schedule around failed links and nodes (analysis/repair.hpp).
#include "analysis/repair.hpp"

#include <algorithm>
#include <functional>
#include <limits>
#include <map>
#include <queue>
#include <set>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "analysis/restart_repair.hpp"
#include "analysis/retime.hpp"
#include "analysis/selector_repair.hpp"
#include "analysis/solved_repair.hpp"
#include "core/errors.hpp"
#include "core/metrics.hpp"
#include "core/schedule_io.hpp"
#include "core/text.hpp"
#include "gen/algorithms.hpp"
#include "gen/route/router.hpp"
#include "gen/topo/faulty.hpp"
#include "gen/topology.hpp"
#include "verify/blocks.hpp"
#include "verify/lower_bounds.hpp"
#include "verify/simulator.hpp"

namespace netsched {
namespace {

using Kind = Collective::Kind;

/// Per survivor: the port-steps the healthy schedule's transfers take at it (the more of its
/// sends and its receives) and those its length gives it (its steps times its ports: one, k, or
/// under all-port its surviving links). A detour through a node with none free lengthens the
/// schedule.
struct PortLoads {
  std::vector<std::uint64_t> used, has;
};

PortLoads port_loads(const Schedule& s, const FaultyNetwork& f, const Csr& survivors) {
  const std::uint32_t n = survivors.num_nodes();
  std::vector<std::uint64_t> sends(n), receives(n);
  for (const Step& step : s.steps)
    for (const Transfer& x : step.transfers) {
      if (const auto a = f.from_base(x.from)) ++sends[a->v];
      if (const auto b = f.from_base(x.to)) ++receives[b->v];
    }
  PortLoads out{std::vector<std::uint64_t>(n), std::vector<std::uint64_t>(n)};
  for (std::uint32_t v = 0; v < n; ++v) {
    const std::uint64_t ports = s.model == PortModel::AllPort ? survivors.degree(v)
                                : s.model == PortModel::KPort ? s.ports
                                                              : 1;
    out.used[v] = std::max(sends[v], receives[v]);
    out.has[v] = s.steps.size() * ports;
  }
  // list scheduling rarely fills every port-step: the healthy schedule's length is what its
  // busiest node's load took, so a relay is full once it is as busy as that node
  const std::uint64_t busiest = n > 0 ? *std::max_element(out.used.begin(), out.used.end()) : 0;
  for (std::uint64_t& has : out.has) has = std::min(has, busiest);
  return out;
}

/// Where a detour passes a node that will hold its chunks by other transfers: start it there
/// always (it may wait for them), or only when they are there by the time the detour would
/// bring them (it may carry them again, sooner). Neither is always shorter; repair plans both.
enum class Reuse : std::uint8_t { Any, OnTime };

/// The transfers of the repaired schedule, built in the healthy schedule's step order and in
/// the survivors' ids: each kept transfer as it was, each one over a failed link or from a
/// failed node replaced by the hops of a detour from the node that holds all its chunks
/// soonest-plus-nearest, routed around relays with no free port. The plan keeps, per node and
/// chunk, the step it is held from, estimated without port conflicts: a kept transfer brings
/// its chunks the step after its sender holds them, a detour's hops one a step from its start.
/// So a transfer whose receiver a detour's relay reached is left out, and one whose sender a
/// detour reached late is sent by a nearer holder instead.
class Plan : public JobList {
 public:
  static constexpr std::uint32_t kFailed = std::numeric_limits<std::uint32_t>::max();

  /// `survivors`: the faulty network's graph, connected; `busy`: its port loads.
  Plan(const Collective& c, const Csr& survivors, PortLoads busy, const Router& router, Reuse reuse)
      : JobList(c),
        router_(router),
        family_route_(router.name() != "bfs"),
        reuse_(reuse),
        graph_(survivors),
        busy_(std::move(busy)) {}

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
    NodePath path = detour_path(*from, a, b);
    shorten_to_holders(path, chunks);
    for (std::size_t h = 1; h + 1 < path.size(); ++h) ++busy_.used[path[h].v];
    // every node on the way holds the chunks from then on (estimated without port conflicts)
    const std::uint64_t hops = path.size() - 1, since = held_since(path[0].v, chunks).value_or(0);
    std::uint32_t j = 0;
    for (std::size_t h = 1; h < path.size(); ++h) {
      const std::uint64_t due = k + h >= hops ? k + h - hops : 0;  // its last hop at step k
      j = add(path[h - 1].v, path[h].v, chunks, 0, due);
      if (h > 1) jobs()[j].after = {j - 1};
      arrive(path[h].v, j, h == hops ? std::max<std::uint64_t>(k + 1, since + h) : since + h);
      for (const std::uint64_t c : chunks) relayed_.insert({path[h].v, c});
    }
    return hops;
  }

  /// The path of a detour from `from` to b that replaces transfer a -> b: the family's route
  /// when `from` is a, else a shortest surviving path — or the least-cost path around full
  /// relays when it is cheaper. Records how it was routed.
  NodePath detour_path(std::uint32_t from, std::uint32_t a, std::uint32_t b) {
    std::string how;
    NodePath path;
    if (from == a && family_route_) {
      try {
        router_.route(NodeId(a), NodeId(b), path);
        how = router_.name();
      } catch (const InputError&) {  // FTR beyond its condition: a shortest surviving path
        path = tree_path(a, b);
        how = "shortest surviving paths where " + router_.name() + " cannot deliver";
      }
    } else {
      path = tree_path(from, b);
      how = from == a ? "shortest surviving paths" : "shortest paths from nearer holders";
    }
    if (overload(path) > 0)
      if (NodePath around = least_loaded_path(from, b); cost(around) < cost(path))
        path = std::move(around), how = "paths around relays with no free port";
    used_.insert(how);
    return path;
  }

  /// Whether transfer a -> b of step k should come from another node: a holds its chunks only
  /// after step k (a detour brought them late) and another holder is nearer in time.
  bool late_sender(std::size_t k, std::uint32_t a, std::uint32_t b,
                   const std::vector<std::uint64_t>& chunks) {
    const auto since = held_since(a, chunks);
    if (since && *since <= k) return false;
    const auto from = nearest_holder(a, b, chunks);
    return from && *from != a;
  }

  /// Whether b holds `chunks` no later than transfer a -> b of step k would bring them (a
  /// detour's relay brings them: a kept transfer need not).
  bool brought_sooner(std::size_t k, std::optional<NodeId> a, std::uint32_t b,
                      const std::vector<std::uint64_t>& chunks) const {
    const auto at_b = held_since(b, chunks);
    if (!at_b || !std::all_of(chunks.begin(), chunks.end(), [&](std::uint64_t c) {
          return relayed_.count({b, c}) > 0;
        }))
      return false;
    const auto at_a = a ? held_since(a->v, chunks) : std::nullopt;
    return *at_b <= std::max<std::uint64_t>(k, at_a.value_or(k)) + 1;
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
  /// neighbour whose ports are least used (so that detours spread).
  NodePath tree_path(std::uint32_t from, std::uint32_t b) {
    const Tree& tree = tree_to(b);
    NodePath path{NodeId(from)};
    for (std::uint32_t v = from; v != b;) {
      std::uint32_t next = tree.bfs.parent[v];
      for (const std::uint32_t* w = graph_.begin(v); w != graph_.end(v); ++w)
        if (tree.depth[*w] + 1 == tree.depth[v] && busy_.used[*w] < busy_.used[next]) next = *w;
      path.push_back(NodeId(next));
      v = next;
    }
    return path;
  }

  /// The path from its last node that holds the chunks (Reuse::Any), or holds them by the time
  /// the detour would bring them (Reuse::OnTime): an earlier transfer or detour brings them
  /// there, no need to carry them again.
  void shorten_to_holders(NodePath& path, const std::vector<std::uint64_t>& chunks) const {
    const std::uint64_t since = held_since(path[0].v, chunks).value_or(0);
    std::size_t last = 0;
    for (std::size_t h = 1; h + 1 < path.size(); ++h)
      if (const auto at = held_since(path[h].v, chunks);
          at && (reuse_ == Reuse::Any || *at <= since + h))
        last = h;
    path.erase(path.begin(), path.begin() + static_cast<std::ptrdiff_t>(last));
  }

  /// The port-steps relaying through v would need beyond those it has (0 while it has some
  /// free): what a relay there may add to the schedule's length.
  std::uint64_t overload(std::uint32_t v) const {
    return busy_.used[v] + 1 > busy_.has[v] ? busy_.used[v] + 1 - busy_.has[v] : 0;
  }
  std::uint64_t overload(const NodePath& path) const {
    std::uint64_t sum = 0;
    for (std::size_t h = 1; h + 1 < path.size(); ++h) sum += overload(path[h].v);
    return sum;
  }
  /// A detour's price: its hops (the chunk's delay) and its relays' overload (the schedule's).
  std::uint64_t cost(const NodePath& path) const { return path.size() - 1 + overload(path); }

  /// The surviving path from `from` to b of least cost (Dijkstra: a hop costs 1, entering a
  /// relay its overload too).
  NodePath least_loaded_path(std::uint32_t from, std::uint32_t b) const {
    constexpr std::uint64_t kFar = std::numeric_limits<std::uint64_t>::max();
    const std::uint32_t n = graph_.num_nodes();
    std::vector<std::uint64_t> dist(n, kFar);
    std::vector<std::uint32_t> parent(n, kFailed);
    using Entry = std::pair<std::uint64_t, std::uint32_t>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
    dist[from] = 0;
    queue.push({0, from});
    while (!queue.empty()) {
      const auto [d, v] = queue.top();
      queue.pop();
      if (d != dist[v]) continue;
      if (v == b) break;
      for (const std::uint32_t* w = graph_.begin(v); w != graph_.end(v); ++w) {
        const std::uint64_t dw = d + 1 + (*w == b ? 0 : overload(*w));
        if (dw < dist[*w]) dist[*w] = dw, parent[*w] = v, queue.push({dw, *w});
      }
    }
    NodePath path;
    for (std::uint32_t v = b; v != from; v = parent[v]) path.push_back(NodeId(v));
    path.push_back(NodeId(from));
    std::reverse(path.begin(), path.end());
    return path;
  }

  const Router& router_;
  bool family_route_;  ///< the family's fault-tolerant route (else a shortest surviving path)
  Reuse reuse_;
  const Csr& graph_;
  std::map<std::uint32_t, Tree> trees_;
  PortLoads busy_;
  std::set<std::pair<std::uint32_t, std::uint64_t>> relayed_;  ///< (node, chunk) a detour brings
  std::set<std::string> used_;
};

/// The collective over the survivors of f, and each healthy chunk's id in it: nullopt for a
/// failed node's own chunks and for those only failed nodes needed.
struct Survivors {
  Collective collective;
  SurvivorChunk chunk;
};

Survivors survivors_of(const Collective& c, const FaultyNetwork& f) {
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
      if (c.kind() == Kind::Prefix) return {Collective::prefix(n, {}, c.pieces()), same};
      return {p > 1 ? Collective::vector_all_reduce(n, c.pieces()) : Collective::all_reduce(n),
              same};
    case Kind::Reduce:
      return {Collective::reduce(n, alive(c.root(), "root"), c.pieces()), same};
    case Kind::ReduceScatter:
      return {Collective::reduce_scatter(n, c.pieces()), same};
    default:
      break;
  }
  throw InputError("repairing " + with_article(c.name()) +
                   " around failed nodes is not implemented: its groups would need "
                   "renumbering");
}

/// Whether a repair changed anything but the steps' order.
bool moved(const RepairCounts& r) { return r.detoured + r.resourced + r.redundant + r.dropped > 0; }

/// The repair's jobs in steps under s's port model (analysis/retime.hpp, shortest_placement).
/// With nothing moved, only the first of its list schedules: kept transfers at their healthy
/// steps, and at least the healthy steps (whose last may be idle, as the papers time them), so
/// the healthy schedule comes back step for step.
std::vector<std::vector<std::uint32_t>> placed(const std::vector<RetimeJob>& jobs,
                                               const FaultyNetwork& f, const Schedule& s,
                                               bool moved) {
  if (!moved) return retime(jobs, f, s.model, s.ports, s.steps.size());
  return shortest_placement(jobs, f, s.model, s.ports, s.steps.size());
}

/// Takes out of the placed jobs every chunk a job brings to a node that holds it already, or
/// that an earlier job of the same step brings it too (the plan's holding estimate knows no
/// ports, so the list schedule can leave a few; the healthy schedule may have its own); a job
/// left with none is gone, and a step left with none too. A node that sends a chunk later holds
/// it either way, so the schedule still holds, in no more steps. Returns the deliveries taken
/// out.
std::uint64_t drop_repeats(const Collective& c, std::vector<RetimeJob>& jobs,
                           std::vector<std::vector<std::uint32_t>>& steps) {
  const std::uint64_t chunks = c.num_chunks();
  std::unordered_set<std::uint64_t> held, arriving;  // node * chunks + chunk
  const auto holds = [&](std::uint32_t v, std::uint64_t chunk) {
    return c.origin(chunk).v == v || held.contains(v * chunks + chunk);
  };
  std::uint64_t repeats = 0;
  for (auto& step : steps) {
    std::erase_if(step, [&](std::uint32_t j) {
      auto& mine = jobs[j].chunks;
      repeats += std::erase_if(mine, [&](std::uint64_t chunk) {
        return holds(jobs[j].to, chunk) || !arriving.insert(jobs[j].to * chunks + chunk).second;
      });
      return mine.empty();
    });
    held.merge(arriving);
    arriving.clear();
  }
  std::erase_if(steps, [](const auto& step) { return step.empty(); });
  return repeats;
}

/// The schedule with every transfer over a failed link, or from a failed node, carried along a
/// surviving path; the transfers to failed nodes, and those that carried only chunks the
/// survivors do not need, dropped.
Schedule detoured(const Schedule& s, const FaultyNetwork& f, const Survivors& survivors,
                  const StepTrace& trace, const Router& router, const Csr& graph,
                  const PortLoads& loads, Reuse reuse, RepairCounts& r) {
  Plan plan(survivors.collective, graph, loads, router, reuse);
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
      } else if (!chunks.empty() && plan.brought_sooner(k, a, b->v, chunks)) {
        ++r.redundant;  // a detour's relay got them already
      } else if (a && !f.link_failed(x.from, x.to)) {
        if (plan.late_sender(k, a->v, b->v, chunks)) {
          r.detour_hops += plan.detour(k, a->v, b->v, chunks);
          ++r.resourced;
        } else {
          plan.keep(k, a->v, b->v, std::move(chunks));
          ++r.kept;
        }
      } else if (!chunks.empty()) {
        r.detour_hops += plan.detour(k, a ? a->v : Plan::kFailed, b->v, chunks);
        ++r.detoured;
      }
    }
  }
  r.router = plan.routes();
  Schedule out = on_survivors(s, f, survivors.collective);
  std::vector<RetimeJob> jobs = plan.jobs();
  auto steps = placed(jobs, f, s, moved(r));
  if (moved(r)) r.repeats = drop_repeats(survivors.collective, jobs, steps);
  return with_placed_jobs(std::move(out), jobs, steps);
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
/// the whole is list-scheduled under the schedule's port model (the shorter of two orders),
/// every two accesses to a register of which one writes in their order (analysis/retime.hpp).
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
  // the shorter of the two orders (neither is always shorter)
  Schedule due = relaid_registers(wide, f, s.model, s.ports, RetimeOrder::Due);
  Schedule chain = relaid_registers(wide, f, s.model, s.ports, RetimeOrder::LongestChain);
  return chain.steps.size() < due.steps.size() ? chain : due;
}

/// The healthy schedule's transfers that touch no failure, one per chunk carried (as the
/// trace has it), in the survivors' ids: what a solved repair keeps where it can.
std::vector<Preferred> healthy_transfers(const Schedule& s, const FaultyNetwork& f,
                                         const Survivors& survivors, const StepTrace& trace) {
  std::vector<Preferred> out;
  for (std::size_t k = 0; k < s.steps.size(); ++k)
    for (std::size_t i = 0; i < s.steps[k].transfers.size(); ++i) {
      const Transfer& x = s.steps[k].transfers[i];
      const auto a = f.from_base(x.from), b = f.from_base(x.to);
      if (!a || !b || f.link_failed(x.from, x.to)) continue;
      for (const std::uint64_t c : trace.chunks[k][i])
        if (const auto v = survivors.chunk(c)) out.push_back({k, a->v, b->v, *v});
    }
  return out;
}

/// The repair checked on the faulty network; one that does not hold is a netsched bug.
CheckedSchedule checked_repair(const FaultyNetwork& f, Schedule repaired) {
  CheckedSchedule out = check_schedule(f, std::move(repaired));
  if (!out.holds())
    throw std::logic_error("repair produced an invalid schedule: " +
                           to_string(*out.verification().check.violation()));
  return out;
}

/// The selector repair (analysis/selector_repair.hpp), its detours deferred and shared, or,
/// when that does not hold (a relay or a receiver got back a chunk it was still to forward),
/// each right after its step. InputError when neither holds.
CheckedSchedule selector_repair(const Schedule& s, const FaultyNetwork& f, RepairReport& r) {
  std::string failed;
  for (const bool defer : {true, false}) {
    SelectorDetours d = selector_detours(s, f, defer);
    CheckedSchedule c = check_schedule(f, std::move(d.schedule));
    if (!c.holds()) {
      failed += (failed.empty() ? "" : "; ") + to_string(*c.verification().check.violation());
      continue;
    }
    r.kept = d.kept;
    r.detoured = d.detoured;
    r.detour_hops = d.detour_hops;
    r.router = "shortest surviving paths; " + std::to_string(d.in_free_ports) +
               " hops in free ports, the others in " + std::to_string(d.inserted_steps) +
               " inserted steps, " +
               (defer ? "each as late as its receiver allows" : "each after its own step");
    return c;
  }
  throw InputError("the detours of the selector repair do not hold: " + failed);
}

std::optional<CheckedSchedule> repaired_schedule(const CheckedSchedule& healthy,
                                                 const FaultyNetwork& f, const Survivors& survivors,
                                                 RepairReport& r) {
  const Schedule& s = healthy.schedule();
  // where the checker itself follows blocks (no node x chunk table), so does the repair (it
  // routes its detours itself: no router is built)
  if (blocks_apply(s) && over_dense_auto(s)) return selector_repair(s, f, r);
  const auto router = make_router(f, "auto");
  if (s.collective.combining()) {
    if (!f.failed_nodes().empty())
      throw InputError(
          "a register schedule is not mended around a failed node: every combination that "
          "took its input is wrong from that step on, so only regenerating gives the survivors' " +
          survivors.collective.name());
    return checked_repair(f, detoured_registers(s, f, *router, r));
  }
  StepTrace trace;
  trace.keep_chunks = true;
  if (!simulate_traced(f.base(), s, trace).ok())
    throw std::logic_error("repair: a schedule that held does not hold on its trace");
  const Csr graph(f, 1);
  if (bfs_tree(graph, 0).order.size() != graph.num_nodes())
    throw InputError("the survivors are disconnected: no schedule reaches them all");
  const PortLoads loads = port_loads(s, f, graph);
  // both plans (one when nothing moved: they differ only in detours); the one of fewer steps,
  // then fewer transfers, its counts reported
  RepairCounts on_time = r, any = r;
  Schedule a = detoured(s, f, survivors, trace, *router, graph, loads, Reuse::OnTime, on_time);
  bool b_shorter = false;
  if (moved(on_time)) {
    Schedule b = detoured(s, f, survivors, trace, *router, graph, loads, Reuse::Any, any);
    b_shorter =
        std::pair(b.steps.size(), b.num_transfers()) < std::pair(a.steps.size(), a.num_transfers());
    if (b_shorter) a = std::move(b);
  }
  static_cast<RepairCounts&>(r) = b_shorter ? any : on_time;
  // with nothing moved the repair is the healthy schedule, and stays so
  if (!moved(r)) return checked_repair(f, std::move(a));
  if (auto restarted =
          restarted_repair(s, trace, f, survivors.collective, survivors.chunk, a.steps.size())) {
    r.shorter = restarted->text();
    a = std::move(restarted->schedule);
  }
  if (auto solved = solved_repair(f, a, healthy_transfers(s, f, survivors, trace))) {
    r.shorter += (r.shorter.empty() ? "" : "; then ") + solved->text();
    a = std::move(solved->schedule);
  }
  return checked_repair(f, std::move(a));
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
