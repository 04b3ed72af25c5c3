// List scheduling of transfers into steps under a port model (analysis/retime.hpp).
#include "analysis/retime.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include "core/errors.hpp"
#include "verify/simulator.hpp"

namespace netsched {
namespace {

/// One step being filled: its jobs and the ports they take.
class WorkStep {
 public:
  WorkStep(const Network& t, PortModel model, std::uint32_t ports)
      : t_(&t), model_(model), ports_(model == PortModel::KPort ? ports : 1) {}
  const std::vector<std::uint32_t>& jobs() const { return jobs_; }

  /// Whether a -> b fits beside the step's transfers.
  bool fits(std::uint32_t a, std::uint32_t b) const {
    if (links_.count({a, b})) return false;
    if (model_ == PortModel::AllPort) return true;
    const auto count = [](const std::map<std::uint32_t, std::uint32_t>& m, std::uint32_t v) {
      const auto it = m.find(v);
      return it == m.end() ? 0U : it->second;
    };
    if (count(sends_, a) >= ports_ || count(receives_, b) >= ports_) return false;
    return model_ != PortModel::SingleDimension || !dimension_ ||
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
  const Network* t_;
  PortModel model_;
  std::uint32_t ports_;
  std::vector<std::uint32_t> jobs_;
  std::map<std::uint32_t, std::uint32_t> sends_, receives_;
  std::set<std::pair<std::uint32_t, std::uint32_t>> links_;
  std::optional<std::uint32_t> dimension_;
};

}  // namespace

void JobList::keep(std::uint64_t k, std::uint32_t a, std::uint32_t b,
                   std::vector<std::uint64_t> chunks) {
  const std::uint32_t j = add(a, b, std::move(chunks), k, k);
  arrive(b, j, k + 1);
}

std::uint32_t JobList::add(std::uint32_t a, std::uint32_t b, std::vector<std::uint64_t> chunks,
                           std::uint64_t release, std::uint64_t due) {
  RetimeJob job{a, b, std::move(chunks), release, due, {}};
  for (const std::uint64_t c : job.chunks)
    if (const auto it = held_.find({a, c}); it != held_.end()) job.after.push_back(it->second.job);
  std::sort(job.after.begin(), job.after.end());
  job.after.erase(std::unique(job.after.begin(), job.after.end()), job.after.end());
  jobs_.push_back(std::move(job));
  return static_cast<std::uint32_t>(jobs_.size() - 1);
}

void JobList::arrive(std::uint32_t node, std::uint32_t job, std::uint64_t step) {
  for (const std::uint64_t c : jobs_[job].chunks)
    arriving_.emplace_back(Key{node, c}, Held{job, step});
}

void JobList::end_step() {
  for (auto& [key, at] : arriving_) held_.try_emplace(key, at);
  arriving_.clear();
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

std::vector<std::vector<std::uint32_t>> retime(const std::vector<RetimeJob>& jobs,
                                               const Network& t, PortModel model,
                                               std::uint32_t ports, std::uint64_t min_steps) {
  std::vector<std::uint32_t> waiting(jobs.size());
  std::vector<std::vector<std::uint32_t>> next(jobs.size());
  std::set<std::pair<std::uint64_t, std::uint32_t>> unreleased, ready;  // (release|due, job)
  for (std::uint32_t j = 0; j < jobs.size(); ++j) {
    waiting[j] = static_cast<std::uint32_t>(jobs[j].after.size());
    for (const std::uint32_t d : jobs[j].after) next[d].push_back(j);
    if (waiting[j] == 0) unreleased.insert({jobs[j].release, j});
  }
  std::vector<std::vector<std::uint32_t>> steps;
  for (std::uint64_t now = 0, placed = 0; placed < jobs.size() || now < min_steps; ++now) {
    while (!unreleased.empty() && unreleased.begin()->first <= now) {
      const std::uint32_t j = unreleased.begin()->second;
      unreleased.erase(unreleased.begin());
      ready.insert({jobs[j].due, j});
    }
    if (ready.empty() && unreleased.empty() && placed < jobs.size())
      throw std::logic_error("retime: transfers wait for each other");
    WorkStep step(t, model, ports);
    for (auto it = ready.begin(); it != ready.end();) {
      const RetimeJob& job = jobs[it->second];
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
        if (--waiting[n] == 0) unreleased.insert({std::max(jobs[n].release, now + 1), n});
    steps.push_back(step.jobs());
  }
  return steps;
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

bool fits_ports(const Schedule& s, PortModel model, std::uint32_t ports) {
  switch (s.model) {
    case PortModel::OnePort:
    case PortModel::SingleDimension:
      return true;
    case PortModel::KPort:
      return model == PortModel::AllPort || (model == PortModel::KPort && s.ports <= ports);
    case PortModel::AllPort:
      return model == PortModel::AllPort;
  }
  return false;
}

CheckedSchedule fit_ports(const CheckedSchedule& c, const Network& t, PortModel model,
                          std::uint32_t ports) {
  const Schedule& s = c.schedule();
  if (fits_ports(s, model, ports)) return c;
  if (s.collective.combining())
    throw InputError("re-timing a register schedule (" + s.collective.name() +
                     ") to fewer ports is not implemented: it would need the registers' "
                     "write-after-read order");
  if (!c.holds())
    throw InputError("only a schedule that holds is re-timed (" +
                     to_string(*c.verification().check.violation()) + ")");
  StepTrace trace;
  trace.keep_chunks = true;
  if (!simulate_traced(t, s, trace).ok())
    throw std::logic_error("retime: a schedule that held does not hold on its trace");
  // every transfer as it was, less the chunks its receiver holds already
  JobList list(s.collective);
  for (std::size_t k = 0; k < s.steps.size(); ++k) {
    for (std::size_t i = 0; i < s.steps[k].transfers.size(); ++i) {
      const Transfer& x = s.steps[k].transfers[i];
      std::vector<std::uint64_t> fresh;
      for (const std::uint64_t ch : trace.chunks[k][i])
        if (!list.held_since(x.to.v, {ch})) fresh.push_back(ch);
      if (!fresh.empty()) list.keep(k, x.from.v, x.to.v, std::move(fresh));
    }
    list.end_step();
  }
  Schedule out = s;
  out.model = model;
  out.ports = model == PortModel::KPort ? ports : 1;
  // a new name: the generator's stated bound is not the re-timed schedule's
  out.algorithm += " re-timed to " + (model == PortModel::KPort ? std::to_string(ports) + "-port"
                                                                 : to_string(model));
  out = with_placed_jobs(std::move(out), list.jobs(),
                         retime(list.jobs(), t, out.model, out.ports, 0));
  CheckedSchedule fitted = check_schedule(t, out);
  if (!fitted.holds())
    throw std::logic_error("re-timing to " + to_string(model) + " broke the schedule: " +
                           to_string(*fitted.verification().check.violation()));
  return fitted;
}

}  // namespace netsched
