// List scheduling of transfers into steps under a port model (analysis/retime.hpp).
#include "analysis/retime.hpp"

#include <algorithm>
#include <iterator>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>
#include <string>

#include "core/errors.hpp"
#include "core/schedule_io.hpp"
#include "verify/simulator.hpp"

namespace netsched {
namespace {

/// `s` under `model` (k-port: `ports`; 1 port for every other model), its steps as they are.
Schedule under_model(Schedule s, PortModel model, std::uint32_t ports) {
  s.model = model;
  s.ports = model == PortModel::KPort ? ports : 1;
  return s;
}

/// One step being filled: its jobs and the ports they take; cleared for the next step.
class WorkStep {
 public:
  WorkStep(const Network& t, PortModel model, std::uint32_t ports)
      : t_(&t),
        model_(model),
        ports_(model == PortModel::KPort ? ports : 1),
        sends_(t.num_nodes()),
        receives_(t.num_nodes()) {}
  const std::vector<std::uint32_t>& jobs() const { return jobs_; }

  /// Whether a -> b fits beside the step's transfers.
  bool fits(std::uint32_t a, std::uint32_t b) const {
    if (model_ != PortModel::AllPort && (sends_[a] >= ports_ || receives_[b] >= ports_))
      return false;
    if (model_ == PortModel::SingleDimension && dimension_ &&
        dimension_ != t_->edge_dimension(NodeId(a), NodeId(b)))
      return false;
    // one port: a sends nothing else, so its link to b is free
    return ports_ == 1 && model_ != PortModel::AllPort ? true : !links_.count({a, b});
  }
  void add(std::uint32_t job, std::uint32_t a, std::uint32_t b) {
    ++sends_[a];
    ++receives_[b];
    touched_.push_back(a);
    touched_.push_back(b);
    links_.insert({a, b});
    if (!dimension_) dimension_ = t_->edge_dimension(NodeId(a), NodeId(b));
    jobs_.push_back(job);
  }
  void add_local(std::uint32_t job) { jobs_.push_back(job); }
  void clear() {
    for (const std::uint32_t v : touched_) sends_[v] = receives_[v] = 0;
    touched_.clear();
    links_.clear();
    jobs_.clear();
    dimension_.reset();
  }

 private:
  const Network* t_;
  PortModel model_;
  std::uint32_t ports_;
  std::vector<std::uint32_t> jobs_, touched_;
  std::vector<std::uint32_t> sends_, receives_;  ///< per node, this step
  std::set<std::pair<std::uint32_t, std::uint32_t>> links_;
  std::optional<std::uint32_t> dimension_;
};

/// When a job touches a register: a local operation at the start of its step, a transfer's
/// read at the start of its step, its write at the end.
enum class Phase : std::uint8_t { Local, Read, Write };

/// A register schedule's jobs (each transfer; each local operation at each node it names) and
/// the order they must keep: of two accesses to one node's register of which one writes, the
/// later goes in a later step when it would otherwise come first within the step (an earlier
/// phase), or when both are end-of-step writes and one is a Set; else in the same step or later.
class RegisterJobs {
 public:
  struct Origin {
    std::size_t step, index;  ///< the transfer's, or the local operation's, place
    std::uint32_t node;       ///< a local operation: the node it runs at
  };

  explicit RegisterJobs(const Schedule& s) : s_(s) {
    for (std::size_t k = 0; k < s.steps.size(); ++k) {
      const Step& st = s.steps[k];
      for (std::size_t i = 0; i < st.compute.size(); ++i)
        for (std::uint32_t v = 0; v < s.collective.nodes(); ++v)
          if (in_ranges(st.compute[i].nodes, v)) local(k, i, v);
      const std::size_t first = jobs_.size();
      for (std::size_t i = 0; i < st.transfers.size(); ++i) {
        const Transfer& x = st.transfers[i];
        jobs_.push_back({x.from.v, x.to.v, {}, 0, k, {}, {}, false});
        origins_.push_back({k, i, 0});
        for (const Move& m : s.payloads[x.payload].moves)
          touch(jobs_.size() - 1, x.from.v, m.src, Phase::Read, false);
      }
      for (std::size_t i = 0; i < st.transfers.size(); ++i)
        for (const Move& m : s.payloads[st.transfers[i].payload].moves)
          touch(first + i, st.transfers[i].to.v, m.dst, Phase::Write, m.op == RegOp::Combine);
    }
  }
  const std::vector<RetimeJob>& jobs() const { return jobs_; }
  const Origin& origin(std::uint32_t j) const { return origins_[j]; }

 private:
  struct Access {
    std::size_t job;
    Phase phase;
    bool combine;  ///< an end-of-step Combine
  };
  struct Cell {
    std::optional<Access> write;
    std::vector<Access> reads;  ///< since the write
  };

  void local(std::size_t k, std::size_t i, std::uint32_t v) {
    const LocalOp& op = s_.steps[k].compute[i];
    jobs_.push_back({v, v, {}, 0, k, {}, {}, true});
    origins_.push_back({k, i, v});
    const std::size_t j = jobs_.size() - 1;
    touch(j, v, op.a, Phase::Read, false);
    if (op.op != RegOp::Set) touch(j, v, op.b, Phase::Read, false);
    touch(j, v, op.dst, Phase::Local, false);
  }

  /// Job j reads (Phase::Read; a local operation's reads too) or writes register r of node v.
  void touch(std::size_t j, std::uint32_t v, std::uint16_t r, Phase phase, bool combine) {
    const bool local_job = jobs_[j].local;
    const Access now{j, local_job ? Phase::Local : phase, combine};
    Cell& cell = cells_[std::uint64_t{v} * s_.registers.size() + r];
    const auto order = [&](const Access& before) {
      if (before.job == j) return;
      const bool later_step =
          before.phase > now.phase || (before.phase == Phase::Write && now.phase == Phase::Write &&
                                       !(before.combine && now.combine));
      (later_step ? jobs_[j].after : jobs_[j].with)
          .push_back(static_cast<std::uint32_t>(before.job));
    };
    if (cell.write) order(*cell.write);
    if (phase == Phase::Read) {
      cell.reads.push_back(now);
      return;
    }
    for (const Access& read : cell.reads) order(read);
    cell.write = now;
    cell.reads.clear();
  }

  const Schedule& s_;
  std::vector<RetimeJob> jobs_;
  std::vector<Origin> origins_;
  std::unordered_map<std::uint64_t, Cell> cells_;
};

/// s with every move into a register that a send of the same step reads (an exchange: each side
/// sends its register and combines the other's into it) received into a relay register
/// instead, and applied to its register by a local operation at the start of the next step,
/// which sees the registers as the original's end of step left them. Otherwise the send and
/// the receive of an exchange would each have to go no later than the other: in one step,
/// whatever the ports. Relays are numbered per node and step, so a node's i-th such receive of
/// every step uses the same relay register.
Schedule renamed_exchanges(const Schedule& s) {
  Schedule out = s;
  out.payloads.clear();
  const std::size_t first_relay = out.registers.size();
  std::vector<LocalOp> carried;  // applied at the start of the next step
  for (std::size_t k = 0; k < out.steps.size() || !carried.empty(); ++k) {
    if (k == out.steps.size()) out.steps.emplace_back();
    Step& step = out.steps[k];
    step.compute.insert(step.compute.begin(), carried.begin(), carried.end());
    carried.clear();
    std::set<std::pair<std::uint32_t, std::uint16_t>> sent;  // (node, register) sends read
    for (const Transfer& x : step.transfers)
      for (const Move& m : s.payloads[x.payload].moves) sent.insert({x.from.v, m.src});
    std::map<std::uint32_t, std::uint16_t> relays_at;  // node -> relays used this step
    for (Transfer& x : step.transfers) {
      Payload p = s.payloads[x.payload];
      for (Move& m : p.moves) {
        if (!sent.count({x.to.v, m.dst})) continue;
        const std::size_t relay = first_relay + relays_at[x.to.v]++;
        if (relay >= kMaxRegisters)
          throw InputError("re-timing needs more than " + std::to_string(kMaxRegisters) +
                           " registers (kMaxRegisters)");
        if (relay == out.registers.size()) out.registers.push_back("relay" + std::to_string(relay));
        const auto r = static_cast<std::uint16_t>(relay);
        carried.push_back(m.op == RegOp::Combine ? LocalOp{m.dst, m.dst, r, RegOp::Combine, {}}
                                                 : LocalOp{m.dst, r, r, RegOp::Set, {}});
        carried.back().nodes = {{x.to.v, x.to.v}};
        m = {m.src, r, RegOp::Set};
      }
      x.payload = static_cast<std::uint32_t>(out.payloads.size());
      out.payloads.push_back(std::move(p));
    }
  }
  share_equal_payloads(out);
  return out;
}

/// The register schedule's jobs placed in `steps`: its transfers, and its local operations
/// (consecutive nodes of one operation placed in one step as one range).
Schedule with_placed_registers(Schedule like, const RegisterJobs& rj,
                               const std::vector<std::vector<std::uint32_t>>& steps) {
  const Schedule original = like;
  like.steps.clear();
  for (const auto& placed : steps) {
    Step step;
    std::optional<std::pair<std::size_t, std::size_t>> last_op;  // (step, index) of the last
    for (const std::uint32_t j : placed) {
      const RegisterJobs::Origin& o = rj.origin(j);
      const Step& from = original.steps[o.step];
      if (!rj.jobs()[j].local) {
        step.transfers.push_back(from.transfers[o.index]);
        continue;
      }
      if (last_op == std::pair{o.step, o.index} &&
          step.compute.back().nodes.back().hi + 1 == o.node) {
        ++step.compute.back().nodes.back().hi;
        continue;
      }
      LocalOp op = from.compute[o.index];
      op.nodes = {{o.node, o.node}};
      step.compute.push_back(std::move(op));
      last_op = {o.step, o.index};
    }
    like.steps.push_back(std::move(step));
  }
  return like;
}

}  // namespace

void JobList::keep(std::uint64_t k, std::uint32_t a, std::uint32_t b,
                   std::vector<std::uint64_t> chunks) {
  const std::uint64_t start = std::max(k, held_since(a, chunks).value_or(k));
  const std::uint32_t j = add(a, b, std::move(chunks), k, k);
  arrive(b, j, start + 1);
}

std::uint32_t JobList::add(std::uint32_t a, std::uint32_t b, std::vector<std::uint64_t> chunks,
                           std::uint64_t release, std::uint64_t due) {
  RetimeJob job{a, b, std::move(chunks), release, due, {}, {}, false};
  for (const std::uint64_t c : job.chunks)
    if (const auto it = held_.find({a, c}); it != held_.end()) job.after.push_back(it->second.job);
  std::sort(job.after.begin(), job.after.end());
  job.after.erase(std::unique(job.after.begin(), job.after.end()), job.after.end());
  jobs_.push_back(std::move(job));
  return static_cast<std::uint32_t>(jobs_.size() - 1);
}

void JobList::arrive(std::uint32_t node, std::uint32_t job, std::uint64_t step) {
  for (const std::uint64_t c : jobs_[job].chunks) held_.try_emplace(Key{node, c}, Held{job, step});
}

std::optional<std::uint64_t> JobList::held_since(std::uint32_t v,
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

namespace {

/// Each job's place in the order ready jobs take free ports (smaller first). `next`: the jobs
/// that wait for it, with their lag.
std::vector<std::uint64_t> ranks(
    const std::vector<RetimeJob>& jobs,
    const std::vector<std::vector<std::pair<std::uint32_t, std::uint64_t>>>& next,
    RetimeOrder order) {
  std::vector<std::uint64_t> rank(jobs.size());
  for (std::uint32_t j = 0; j < jobs.size(); ++j) rank[j] = jobs[j].due;
  if (order == RetimeOrder::Due || jobs.empty()) return rank;
  // the longest chain of steps from each job on (jobs wait only for jobs before them)
  std::vector<std::uint64_t> chain(jobs.size(), 1);
  for (std::uint32_t j = static_cast<std::uint32_t>(jobs.size()); j-- > 0;)
    for (const auto& [n, lag] : next[j]) chain[j] = std::max(chain[j], chain[n] + lag);
  // longest chain first, then due: a pair packed in one key (due below 2^32 by the checker's
  // limits)
  const std::uint64_t longest = *std::max_element(chain.begin(), chain.end());
  for (std::uint32_t j = 0; j < jobs.size(); ++j)
    rank[j] = ((longest - chain[j]) << 32) |
              std::min<std::uint64_t>(jobs[j].due, std::numeric_limits<std::uint32_t>::max());
  return rank;
}

}  // namespace

std::vector<std::vector<std::uint32_t>> retime(const std::vector<RetimeJob>& jobs, const Network& t,
                                               PortModel model, std::uint32_t ports,
                                               std::uint64_t min_steps, RetimeOrder order) {
  std::vector<std::uint32_t> waiting(jobs.size());
  std::vector<std::vector<std::pair<std::uint32_t, std::uint64_t>>> next(jobs.size());  // lag
  std::vector<std::uint64_t> release(jobs.size());
  std::set<std::pair<std::uint64_t, std::uint32_t>> unreleased;  // (release, job)
  for (std::uint32_t j = 0; j < jobs.size(); ++j) {
    release[j] = jobs[j].release;
    waiting[j] = static_cast<std::uint32_t>(jobs[j].after.size() + jobs[j].with.size());
    for (const std::uint32_t d : jobs[j].after) next[d].emplace_back(j, 1);
    for (const std::uint32_t d : jobs[j].with) next[d].emplace_back(j, 0);
    if (waiting[j] == 0) unreleased.insert({release[j], j});
  }
  const std::vector<std::uint64_t> rank = ranks(jobs, next, order);
  // ready jobs by rank, in a vector: every step scans them all, which a tree makes slow
  using Ranked = std::pair<std::uint64_t, std::uint32_t>;
  std::vector<Ranked> ready, arrived, merged;
  std::vector<std::vector<std::uint32_t>> steps;
  WorkStep step(t, model, ports);
  for (std::uint64_t now = 0, placed = 0; placed < jobs.size() || now < min_steps; ++now) {
    step.clear();
    // a job placed now may free one that can share the step: fill it until nothing moves
    for (bool moved = true; moved;) {
      moved = false;
      arrived.clear();
      while (!unreleased.empty() && unreleased.begin()->first <= now) {
        const std::uint32_t j = unreleased.begin()->second;
        unreleased.erase(unreleased.begin());
        arrived.emplace_back(rank[j], j);
      }
      std::sort(arrived.begin(), arrived.end());
      merged.clear();
      std::merge(ready.begin(), ready.end(), arrived.begin(), arrived.end(),
                 std::back_inserter(merged));
      ready.swap(merged);
      std::size_t kept = 0;
      for (const auto& [r, j] : ready) {
        const RetimeJob& job = jobs[j];
        if (!job.local && !step.fits(job.from, job.to)) {
          ready[kept++] = {r, j};
          continue;
        }
        if (job.local)
          step.add_local(j);
        else
          step.add(j, job.from, job.to);
        ++placed;
        moved = true;
        for (const auto& [n, lag] : next[j]) {
          release[n] = std::max(release[n], now + lag);
          if (--waiting[n] == 0) unreleased.insert({release[n], n});
        }
      }
      ready.resize(kept);
    }
    if (ready.empty() && unreleased.empty() && placed < jobs.size())
      throw std::logic_error("retime: transfers wait for each other");
    std::vector<std::uint32_t> placed_now = step.jobs();
    std::sort(placed_now.begin(), placed_now.end());
    steps.push_back(std::move(placed_now));
  }
  return steps;
}

std::vector<std::vector<std::uint32_t>> shortest_placement(const std::vector<RetimeJob>& jobs,
                                                           const Network& t, PortModel model,
                                                           std::uint32_t ports,
                                                           std::uint64_t min_steps) {
  auto best = retime(jobs, t, model, ports, min_steps);
  const auto keep_shorter = [&best](std::vector<std::vector<std::uint32_t>> steps) {
    if (steps.size() < best.size()) best = std::move(steps);
  };
  keep_shorter(retime(jobs, t, model, ports, min_steps, RetimeOrder::LongestChain));
  std::vector<RetimeJob> unreleased = jobs;
  for (RetimeJob& j : unreleased) j.release = 0;
  keep_shorter(retime(unreleased, t, model, ports, 0, RetimeOrder::Due));
  keep_shorter(retime(unreleased, t, model, ports, 0, RetimeOrder::LongestChain));
  return best;
}

Schedule with_placed_jobs(Schedule like, const std::vector<RetimeJob>& jobs,
                          const std::vector<std::vector<std::uint32_t>>& steps) {
  like.payloads.clear();
  like.steps.clear();
  for (const auto& placed : steps) {
    Step step;
    for (const std::uint32_t j : placed) {
      step.transfers.push_back({NodeId(jobs[j].from), NodeId(jobs[j].to),
                                static_cast<std::uint32_t>(like.payloads.size())});
      like.payloads.push_back(Payload::of_chunks(jobs[j].chunks));
    }
    like.steps.push_back(std::move(step));
  }
  share_equal_payloads(like);
  return like;
}

Schedule relaid_registers(const Schedule& original, const Network& t, PortModel model,
                          std::uint32_t ports, RetimeOrder order) {
  const Schedule s = renamed_exchanges(original);
  const RegisterJobs jobs(s);
  Schedule like = under_model(s, model, ports);
  const auto steps = retime(jobs.jobs(), t, like.model, like.ports, 0, order);
  return with_placed_registers(std::move(like), jobs, steps);
}

bool fits_ports(const Schedule& s, PortModel model, std::uint32_t ports) {
  if (model == PortModel::Routed) return true;  // the network routes: any ports will do
  switch (s.model) {
    case PortModel::OnePort:
    case PortModel::SingleDimension:
      return true;
    case PortModel::KPort:
      return model == PortModel::AllPort || (model == PortModel::KPort && s.ports <= ports);
    case PortModel::AllPort:
      return model == PortModel::AllPort;
    case PortModel::Routed:
      return false;  // model is not routed (above)
  }
  return false;
}

namespace {

/// The chunk schedule s's transfers, less the chunks their receivers hold already, each waiting
/// for the transfers that brought its chunks to its sender (the checker's trace), list-scheduled
/// under `model`.
Schedule relaid_chunks(const Schedule& s, const Network& t, PortModel model, std::uint32_t ports) {
  StepTrace trace;
  trace.keep_chunks = true;
  if (!simulate_traced(t, s, trace).ok())
    throw std::logic_error("retime: a schedule that held does not hold on its trace");
  JobList list(s.collective);
  for (std::size_t k = 0; k < s.steps.size(); ++k) {
    for (std::size_t i = 0; i < s.steps[k].transfers.size(); ++i) {
      const Transfer& x = s.steps[k].transfers[i];
      std::vector<std::uint64_t> fresh;
      for (const std::uint64_t ch : trace.chunks[k][i])
        if (!list.held_since(x.to.v, {ch})) fresh.push_back(ch);
      if (!fresh.empty()) list.keep(k, x.from.v, x.to.v, std::move(fresh));
    }
  }
  Schedule like = under_model(s, model, ports);
  const auto steps = retime(list.jobs(), t, like.model, like.ports, 0);
  return with_placed_jobs(std::move(like), list.jobs(), steps);
}

/// Whether s's steps fit `model` with `ports` as they are, by the list scheduler's own port rule
/// (a first filter: the checker has the last word).
bool steps_fit(const Schedule& s, const Network& t, PortModel model, std::uint32_t ports) {
  WorkStep step(t, model, ports);
  for (const Step& st : s.steps) {
    step.clear();
    for (const Transfer& x : st.transfers) {
      if (!step.fits(x.from.v, x.to.v)) return false;
      step.add(0, x.from.v, x.to.v);
    }
  }
  return true;
}

}  // namespace

CheckedSchedule fit_ports(const CheckedSchedule& c, const Network& t, PortModel model,
                          std::uint32_t ports) {
  const Schedule& s = c.schedule();
  if (fits_ports(s, model, ports)) return c;
  if (!c.holds())
    throw InputError("only a schedule that holds is re-timed (" +
                     to_string(*c.verification().check.violation()) + ")");
  const std::string port_name =
      model == PortModel::KPort ? std::to_string(ports) + "-port" : to_string(model);
  if (s.model == PortModel::Routed)
    throw InputError("a routed schedule is not re-timed to " + port_name +
                     ": its transfers join nodes that need not be neighbours");
  Schedule out = s.collective.combining() ? relaid_registers(s, t, model, ports)
                                          : relaid_chunks(s, t, model, ports);
  // a new name: the generator's stated bound is not the re-timed schedule's
  out.algorithm += " re-timed to " + port_name;
  CheckedSchedule fitted = check_schedule(t, out);
  if (!fitted.holds())
    throw std::logic_error("re-timing to " + to_string(model) + " broke the schedule: " +
                           to_string(*fitted.verification().check.violation()));
  // list scheduling is greedy: where the steps as they are obey the ports (few links a node),
  // they may be the shorter, and are kept then
  if (s.steps.size() > fitted.schedule().steps.size() || !steps_fit(s, t, model, ports))
    return fitted;
  Schedule as_is = under_model(s, model, ports);
  as_is.algorithm += " as " + port_name;
  CheckedSchedule kept = check_schedule(t, std::move(as_is));
  return kept.holds() ? kept : fitted;
}

}  // namespace netsched
