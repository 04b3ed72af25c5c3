// Repairing a schedule around failed links and nodes (analysis/repair.hpp).
#include "analysis/repair.hpp"

#include <algorithm>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>
#include <unordered_map>

#include "core/errors.hpp"
#include "core/metrics.hpp"
#include "gen/algorithms.hpp"
#include "gen/route/router.hpp"
#include "gen/topo/faulty.hpp"
#include "gen/topology.hpp"
#include "verify/lower_bounds.hpp"
#include "verify/simulator.hpp"

namespace netsched {
namespace {

/// A transfer of the repaired schedule: its ends, the chunks it carries, the step before which it
/// may not start (a kept transfer: its own step, so that nothing runs ahead of the healthy
/// timing), the step it should take (the order in which free ports are handed out), and the
/// transfers that deliver its chunks to its sender.
struct Job {
  std::uint32_t from, to;
  std::vector<std::uint64_t> chunks;
  std::uint64_t release = 0, due = 0;
  std::vector<std::uint32_t> after;
};

/// One step of the repaired schedule: its transfers and the ports they take, under the
/// schedule's port model.
class WorkStep {
 public:
  WorkStep(const Schedule& s, const Network& t) : s_(&s), t_(&t) {}
  const std::vector<std::uint32_t>& jobs() const { return jobs_; }

  /// Whether a -> b fits beside the step's transfers.
  bool fits(std::uint32_t a, std::uint32_t b) const {
    if (links_.count({a, b})) return false;
    if (s_->model == PortModel::AllPort) return true;
    const std::uint32_t k = s_->model == PortModel::KPort ? s_->ports : 1;
    const auto count = [](const std::map<std::uint32_t, std::uint32_t>& m, std::uint32_t v) {
      const auto it = m.find(v);
      return it == m.end() ? 0u : it->second;
    };
    if (count(sends_, a) >= k || count(receives_, b) >= k) return false;
    return s_->model != PortModel::SingleDimension || !dimension_ ||
           dimension_ == t_->edge_dimension(NodeId(a), NodeId(b));
  }
  void add(std::uint32_t job, std::uint32_t a, std::uint32_t b) {
    ++sends_[a];
    ++receives_[b];
    links_.insert({a, b});
    if (!dimension_) dimension_ = t_->edge_dimension(NodeId(a), NodeId(b));
    jobs_.push_back(job);
  }

 private:
  const Schedule* s_;
  const Network* t_;
  std::vector<std::uint32_t> jobs_;
  std::map<std::uint32_t, std::uint32_t> sends_, receives_;
  std::set<std::pair<std::uint32_t, std::uint32_t>> links_;
  std::optional<std::uint32_t> dimension_;
};

/// (node, chunk) as one hash key.
struct HeldKey {
  std::uint32_t node;
  std::uint64_t chunk;
  bool operator==(const HeldKey&) const = default;
};
struct HeldKeyHash {
  std::size_t operator()(const HeldKey& k) const {
    return std::hash<std::uint64_t>()(k.chunk) ^ (std::hash<std::uint32_t>()(k.node) << 1);
  }
};

/// The transfers of the repaired schedule, built in the healthy schedule's step order and in
/// the survivors' ids: each kept transfer as it was, each one over a failed link or from a
/// failed node replaced by the hops of a detour from the node that held all its chunks
/// soonest-plus-nearest (in the healthy timing, among the nodes holding them by that step: no
/// detour can wait for what it delivers).
class Plan {
 public:
  static constexpr std::uint32_t kFailed = std::numeric_limits<std::uint32_t>::max();

  /// InputError when the survivors are disconnected (no schedule reaches them all).
  Plan(const Collective& c, const FaultyNetwork& f, const Router& router)
      : c_(c), router_(router), family_route_(router.name() != "bfs"), graph_(f, 1) {
    if (bfs_tree(graph_, 0).order.size() != graph_.num_nodes())
      throw InputError("the survivors are disconnected: no schedule reaches them all");
  }

  void keep(std::size_t k, std::uint32_t a, std::uint32_t b, std::vector<std::uint64_t> chunks) {
    const std::uint32_t j = add(a, b, std::move(chunks), k, k);
    arrive(b, j, k + 1);
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
      if (h > 1) jobs_[j].after = {j - 1};
    }
    arrive(b, j, k + 1);
    return hops;
  }

  /// The step is over: what it delivered is held from now on (the first delivery counts).
  void end_step() {
    for (auto& [key, at] : arriving_) held_.try_emplace(key, at);
    arriving_.clear();
  }

  std::vector<Job>& jobs() { return jobs_; }
  /// How the detours were routed, e.g. "ftr, shortest paths from nearer holders".
  std::string routes() const {
    std::string out;
    for (const std::string& u : used_) out += (out.empty() ? "" : ", ") + u;
    return out;
  }

 private:
  struct Held {
    std::uint32_t job;
    std::uint64_t step;
  };

  std::uint32_t add(std::uint32_t a, std::uint32_t b, std::vector<std::uint64_t> chunks,
                    std::uint64_t release, std::uint64_t due) {
    Job job{a, b, std::move(chunks), release, due, {}};
    for (const std::uint64_t c : job.chunks)
      if (const auto it = held_.find({a, c}); it != held_.end())
        job.after.push_back(it->second.job);
    std::sort(job.after.begin(), job.after.end());
    job.after.erase(std::unique(job.after.begin(), job.after.end()), job.after.end());
    jobs_.push_back(std::move(job));
    return static_cast<std::uint32_t>(jobs_.size() - 1);
  }
  void arrive(std::uint32_t node, std::uint32_t job, std::uint64_t step) {
    for (const std::uint64_t c : jobs_[job].chunks)
      arriving_.emplace_back(HeldKey{node, c}, Held{job, step});
  }

  /// The step from which v holds all of `chunks` in the timing so far; nullopt if it does not.
  std::optional<std::uint64_t> held_since(std::uint32_t v,
                                          const std::vector<std::uint64_t>& chunks) const {
    std::uint64_t since = 0;
    for (const std::uint64_t c : chunks) {
      if (c_.origin(c).v == v) continue;
      const auto it = held_.find({v, c});
      if (it == held_.end()) return std::nullopt;
      since = std::max(since, it->second.step);
    }
    return since;
  }

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

  const Collective& c_;
  const Router& router_;
  bool family_route_;  ///< the family's fault-tolerant route (else a shortest surviving path)
  Csr graph_;
  std::vector<Job> jobs_;
  std::unordered_map<HeldKey, Held, HeldKeyHash> held_;
  std::vector<std::pair<HeldKey, Held>> arriving_;
  std::map<std::uint32_t, Tree> trees_;
  std::unordered_map<std::uint32_t, std::uint64_t> relayed_;  ///< detour hops through a node
  std::set<std::string> used_;
};

/// The jobs in steps: from step 0 on, each step takes, in order of the step they should take,
/// the jobs whose chunks have arrived and whose step has come, as long as their ports are free
/// (list scheduling). Kept transfers never run ahead of their healthy step, and the repair never
/// ends before the healthy schedule did (whose steps may end idle, as the papers time them), so
/// with nothing to detour the healthy schedule comes back step for step.
std::vector<WorkStep> retime(const std::vector<Job>& jobs, const Schedule& s, const Network& t) {
  std::vector<std::uint32_t> waiting(jobs.size());
  std::vector<std::vector<std::uint32_t>> next(jobs.size());
  std::set<std::pair<std::uint64_t, std::uint32_t>> unreleased, ready;  // (release|due, job)
  for (std::uint32_t j = 0; j < jobs.size(); ++j) {
    waiting[j] = static_cast<std::uint32_t>(jobs[j].after.size());
    for (const std::uint32_t d : jobs[j].after) next[d].push_back(j);
    if (waiting[j] == 0) unreleased.insert({jobs[j].release, j});
  }
  std::vector<WorkStep> steps;
  for (std::uint64_t t_step = 0, placed = 0; placed < jobs.size() || t_step < s.steps.size();
       ++t_step) {
    while (!unreleased.empty() && unreleased.begin()->first <= t_step) {
      const std::uint32_t j = unreleased.begin()->second;
      unreleased.erase(unreleased.begin());
      ready.insert({jobs[j].due, j});
    }
    if (ready.empty() && unreleased.empty() && placed < jobs.size())
      throw std::logic_error("repair: transfers wait for each other");
    WorkStep& step = steps.emplace_back(s, t);
    for (auto it = ready.begin(); it != ready.end();) {
      const Job& job = jobs[it->second];
      if (!step.fits(job.from, job.to)) {
        ++it;
        continue;
      }
      step.add(it->second, job.from, job.to);
      it = ready.erase(it);
    }
    placed += step.jobs().size();
    for (const std::uint32_t j : step.jobs())
      for (const std::uint32_t n : next[j])
        if (--waiting[n] == 0) unreleased.insert({std::max(jobs[n].release, t_step + 1), n});
  }
  return steps;
}

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
    default:
      throw InputError(
          "repairing a " + c.name() +
          " around failed nodes is not implemented: its groups would need renumbering");
  }
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
  const std::vector<Job>& jobs = plan.jobs();
  Schedule out = s;
  out.collective = survivors.collective;
  out.topology = f.spec();
  out.digits = f.id_digits();  // the survivors' ids (the base's when only links failed)
  out.payloads.clear();
  out.steps.clear();
  for (const WorkStep& st : retime(jobs, s, f)) {
    Step step;
    for (const std::uint32_t j : st.jobs()) {
      step.transfers.push_back({NodeId(jobs[j].from), NodeId(jobs[j].to),
                                static_cast<std::uint32_t>(out.payloads.size())});
      out.payloads.push_back(Payload::of_chunks(jobs[j].chunks));
    }
    out.steps.push_back(std::move(step));
  }
  share_equal_payloads(out);
  return out;
}

/// gen's request for the same collective (its root or its route's ends, its pieces).
GenRequest request_for(const Collective& c) {
  GenRequest r(c.name(), "auto", c.root());
  if (c.kind() == Collective::Kind::Route) r.source = c.root(), r.target = c.target();
  if (c.pieces() > 1) r.pieces = c.pieces();
  return r;
}

std::optional<CheckedSchedule> repaired_schedule(const CheckedSchedule& healthy,
                                                 const FaultyNetwork& f, const Survivors& survivors,
                                                 RepairReport& r) {
  const Schedule& s = healthy.schedule();
  if (s.collective.combining())
    throw InputError("repairing a register schedule (" + s.collective.name() +
                     ") is not implemented: its detours would need relay registers");
  StepTrace trace;
  trace.keep_chunks = true;
  if (!simulate_traced(f.base(), s, trace).ok())
    throw std::logic_error("repair: a schedule that held does not hold on its trace");
  const auto router = make_router(f, "auto");
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
