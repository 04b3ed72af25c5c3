// Repairing a schedule around failed links (analysis/repair.hpp).
#include "analysis/repair.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "core/errors.hpp"
#include "gen/algorithms.hpp"
#include "gen/route/router.hpp"
#include "gen/topo/faulty.hpp"
#include "gen/topology.hpp"
#include "verify/lower_bounds.hpp"
#include "verify/simulator.hpp"

namespace netsched {
namespace {

/// A transfer of the repaired schedule: its ends and the chunks it carries.
struct Carried {
  std::uint32_t from, to;
  std::vector<std::uint64_t> chunks;
};

/// One step of the repaired schedule: its transfers and the ports they take, under the
/// schedule's port model.
class WorkStep {
 public:
  WorkStep(const Schedule& s, const Network& t, bool idle = false) : s_(&s), t_(&t), idle_(idle) {}
  const std::vector<Carried>& moves() const { return moves_; }
  /// An original step without transfers: kept as it is (a step emptied by detours is dropped).
  bool idle() const { return idle_; }

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
  void add(Carried m) {
    ++sends_[m.from];
    ++receives_[m.to];
    links_.insert({m.from, m.to});
    if (!dimension_) dimension_ = t_->edge_dimension(NodeId(m.from), NodeId(m.to));
    moves_.push_back(std::move(m));
  }

 private:
  const Schedule* s_;
  const Network* t_;
  bool idle_ = false;
  std::vector<Carried> moves_;
  std::map<std::uint32_t, std::uint32_t> sends_, receives_;
  std::set<std::pair<std::uint32_t, std::uint32_t>> links_;
  std::optional<std::uint32_t> dimension_;
};

/// The repaired schedule under construction: the kept transfers in their steps, then each
/// detour placed in free ports before its chunks are next used, or in steps inserted there.
class Repair {
 public:
  Repair(const Schedule& s, const FaultyNetwork& f) : s_(s), f_(f) {}

  /// Original step k stands somewhere (before anything is inserted: at k).
  void ensure(std::size_t k) {
    while (steps_.size() <= k) {
      steps_.emplace_back(s_, f_, s_.steps[steps_.size()].transfers.empty());
      at_.push_back(steps_.size() - 1);
    }
  }
  void keep(std::size_t k, Carried m) {
    ensure(k);
    steps_[at_[k]].add(std::move(m));
  }

  /// Original step k's transfer m crossed a failed link: it will be carried by a detour.
  void broken(std::size_t k, Carried m) { broken_.emplace_back(k, std::move(m)); }
  const std::vector<std::pair<std::size_t, Carried>>& broken() const { return broken_; }

  /// Carries m (its transfer of original step k crossed a failed link) along `path`.
  std::uint64_t detour(std::size_t k, const Carried& m, const NodePath& path) {
    const std::size_t deadline = next_use(at_[k], m);
    std::size_t at = at_[k];
    for (std::size_t h = 1; h < path.size(); ++h) {
      const std::uint32_t a = path[h - 1].v, b = path[h].v;
      while (at < deadline && !steps_[at].fits(a, b)) ++at;
      if (at >= deadline) return insert(deadline, path, h, m);
      steps_[at++].add({a, b, m.chunks});
    }
    return 0;
  }

  Schedule schedule() const {
    Schedule out = s_;
    out.topology = f_.spec();
    out.payloads.clear();
    out.steps.clear();
    for (const WorkStep& st : steps_) {
      if (st.moves().empty() && !st.idle()) continue;  // its every transfer was detoured
      Step step;
      for (const Carried& m : st.moves()) {
        step.transfers.push_back(
            {NodeId(m.from), NodeId(m.to), static_cast<std::uint32_t>(out.payloads.size())});
        out.payloads.push_back(Payload::of_chunks(m.chunks));
      }
      out.steps.push_back(std::move(step));
    }
    share_equal_payloads(out);
    return out;
  }

 private:
  /// The first step after `from` in which m's receiver sends one of m's chunks — by a kept
  /// transfer, or by a broken one whose detour starts there — (they must have arrived by then),
  /// or the end.
  std::size_t next_use(std::size_t from, const Carried& m) const {
    const auto uses = [&](const Carried& x) {
      if (x.from != m.to) return false;
      for (const std::uint64_t c : x.chunks)
        if (std::binary_search(m.chunks.begin(), m.chunks.end(), c)) return true;
      return false;
    };
    std::size_t first = steps_.size();
    for (const auto& [k, x] : broken_)
      if (at_[k] > from && at_[k] < first && uses(x)) first = at_[k];
    for (std::size_t e = from + 1; e < first; ++e)
      for (const Carried& x : steps_[e].moves())
        if (uses(x)) return e;
    return first;
  }

  /// Inserts steps at `where` for hops h.. of the path, one a step; how many were inserted.
  std::uint64_t insert(std::size_t where, const NodePath& path, std::size_t h, const Carried& m) {
    const std::size_t count = path.size() - h;
    steps_.insert(steps_.begin() + static_cast<std::ptrdiff_t>(where), count, WorkStep(s_, f_));
    for (auto& a : at_)
      if (a >= where) a += count;
    for (std::size_t i = 0; i < count; ++i)
      steps_[where + i].add({path[h + i - 1].v, path[h + i].v, m.chunks});
    return count;
  }

  const Schedule& s_;
  const FaultyNetwork& f_;
  std::vector<WorkStep> steps_;
  std::vector<std::size_t> at_;                          ///< where each original step stands now
  std::vector<std::pair<std::size_t, Carried>> broken_;  ///< (original step, transfer)
};

/// The schedule with every transfer over a failed link carried along a surviving path.
Schedule detoured(const Schedule& s, const FaultyNetwork& f, const StepTrace& trace,
                  const Router& router, RepairReport& r) {
  Repair repair(s, f);
  for (std::size_t k = 0; k < s.steps.size(); ++k) {
    repair.ensure(k);  // the step stands even if all of it is detoured
    for (std::size_t i = 0; i < s.steps[k].transfers.size(); ++i) {
      const Transfer& x = s.steps[k].transfers[i];
      Carried m{x.from.v, x.to.v, trace.chunks[k][i]};
      if (f.link_failed(x.from, x.to)) {
        if (!m.chunks.empty()) repair.broken(k, std::move(m));
      } else {
        repair.keep(k, std::move(m));
        ++r.kept;
      }
    }
  }
  NodePath path;
  std::unique_ptr<Router> shortest;  // where the family's router cannot deliver
  for (const auto& [k, m] : repair.broken()) {
    try {
      router.route(NodeId(m.from), NodeId(m.to), path);
    } catch (const InputError&) {  // FTR beyond its condition: a shortest surviving path
      if (!shortest) shortest = make_router(f, "bfs");
      shortest->route(NodeId(m.from), NodeId(m.to), path);
      r.router = router.name() + ", bfs where it cannot deliver";
    }
    r.inserted_steps += repair.detour(k, m, path);
    ++r.detoured;
  }
  return repair.schedule();
}

/// gen's request for the same collective (its root or its route's ends, its pieces).
GenRequest request_for(const Collective& c) {
  GenRequest r(c.name(), "auto", c.root());
  if (c.kind() == Collective::Kind::Route) r.source = c.root(), r.target = c.target();
  if (c.pieces() > 1) r.pieces = c.pieces();
  return r;
}

std::optional<CheckedSchedule> repaired_schedule(const CheckedSchedule& healthy,
                                                 const FaultyNetwork& f, RepairReport& r) {
  const Schedule& s = healthy.schedule();
  if (s.collective.combining())
    throw InputError("repairing a register schedule (" + s.collective.name() +
                     ") is not implemented: its detours would need relay registers");
  if (!f.failed_nodes().empty())
    throw InputError(
        "repairing around failed nodes is not implemented: the survivors' collective drops the "
        "failed nodes' chunks (the regenerated schedule covers it)");
  StepTrace trace;
  trace.keep_chunks = true;
  if (!simulate_traced(f.base(), s, trace).ok())
    throw std::logic_error("repair: a schedule that held does not hold on its trace");
  const auto router = make_router(f, "auto");
  r.router = router->name();
  CheckedSchedule out = check_schedule(f, detoured(s, f, trace, *router, r));
  if (!out.holds())
    throw std::logic_error("repair produced an invalid schedule: " +
                           to_string(*out.verification().check.violation()));
  return out;
}

double cost_of(const CheckedSchedule& c, const CostModel& cost) {
  return cost.of(c.verification().check.steps, c.verification().check.payload_sum);
}

}  // namespace

RepairReport repair_schedule(const Schedule& s, const Network& faulty, const CostModel& cost) {
  const auto* f = network_as<FaultyNetwork>(faulty);
  if (!f || f->base().spec() != s.topology)
    throw InputError("repair: --network must be faulty(" + s.topology + ", links=[...], " +
                     "nodes=[...]): the schedule's network with faults; got " + faulty.spec());
  RepairReport r(check_schedule(f->base(), s));
  if (!r.healthy.holds())
    throw InputError("repair: the schedule does not hold on its own network (" +
                     to_string(*r.healthy.verification().check.violation()) + ")");
  try {
    r.repaired = repaired_schedule(r.healthy, *f, r);
  } catch (const InputError& e) {
    r.repair_failed = e.what();
  }
  try {
    if (s.collective.kind() == Collective::Kind::Multicast)
      throw InputError("no generator makes a multicast from its groups alone");
    r.regenerated = generate_checked(faulty, request_for(s.collective));
    r.lower = r.regenerated->verification().lower;
  } catch (const InputError& e) {
    r.regenerate_failed = e.what();
  }
  if (!r.repaired && !r.regenerated)
    throw InputError("repair: " + r.repair_failed + "; and regenerating: " + r.regenerate_failed);
  if (!r.lower && r.repaired) r.lower = r.repaired->verification().lower;
  r.chosen =
      !r.regenerated || (r.repaired && cost_of(*r.repaired, cost) <= cost_of(*r.regenerated, cost))
          ? "repaired"
          : "regenerated";
  return r;
}

}  // namespace netsched
