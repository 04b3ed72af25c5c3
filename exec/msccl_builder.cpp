// The MSCCL-IR exporters' shared layout of threadblocks, nops and channels
// (exec/msccl_builder.hpp).
#include "exec/msccl_builder.hpp"

#include <algorithm>

#include "core/errors.hpp"

namespace netsched::exec::detail {

int Gpu::tb(int send, int recv, int chan) {
  auto [it, fresh] = index.try_emplace({send, recv, chan}, static_cast<int>(ir.tbs.size()));
  if (fresh) {
    ir.tbs.push_back({send, recv, chan, {}});
    if (send >= 0) ++senders_on[{chan, 0}];
    if (recv >= 0) ++senders_on[{chan, 1}];
  }
  return it->second;
}

void check_options(const MscclOptions& o) {
  constexpr std::uint32_t kLeast = 8;
  if (o.max_steps_per_tb < kLeast)
    throw InputError("at least 8 steps per threadblock are needed, got " +
                     std::to_string(o.max_steps_per_tb));
  if (o.proto != "Simple" && o.proto != "LL" && o.proto != "LL128")
    throw InputError("--proto must be Simple, LL or LL128, got '" + o.proto + "'");
  if (o.min_bytes < 0 || o.max_bytes < 0 || (o.max_bytes > 0 && o.min_bytes > o.max_bytes))
    throw InputError("the size window must have 0 <= min <= max bytes (max 0: no limit), got " +
                     std::to_string(o.min_bytes) + " to " + std::to_string(o.max_bytes));
}

ProgramBuilder::ProgramBuilder(const ExecPlan& plan, const MscclOptions& o)
    : plan_(plan), o_(o), gpus_(plan.nodes()) {}

Carried ProgramBuilder::passing_run() const {
  Carried carried;
  constexpr std::uint64_t kLaneBytes = 8;  // a register collective moves int64 lanes
  const std::uint64_t bytes = plan_.schedule().collective.combining() ? kLaneBytes : 1;
  const RunReport report = run_loopback(plan_, {bytes, false, {}}, &carried);
  if (!report.pass())
    throw InputError("the schedule fails its run (" + report.first_failure()->failure->detail +
                     "); only a passing schedule is exported");
  return carried;
}

StepRef ProgramBuilder::append(Gpu& g, int tb, MscclStep st, const std::vector<StepRef>& deps) {
  // a step waited for in threadblock t is met once t finishes any later step that sets its
  // flag, so of the steps of one threadblock only the latest is waited for
  std::vector<StepRef> real;
  for (const StepRef& d : deps) {
    if (d.first == tb) continue;
    const auto same_tb = std::find_if(real.begin(), real.end(),
                                      [&](const StepRef& r) { return r.first == d.first; });
    if (same_tb == real.end())
      real.push_back(d);
    else
      same_tb->second = std::max(same_tb->second, d.second);
  }
  auto& steps = g.ir.tbs[static_cast<std::size_t>(tb)].steps;
  for (std::size_t i = 0; i + 1 < real.size(); ++i) {
    steps.push_back({MscclOp::Nop, {'i', -1}, {'o', -1}, 0, real[i].first, real[i].second, false});
    g.step(real[i]).hasdep = true;
    ++figures_.nops;
  }
  if (!real.empty()) {
    st.depid = real.back().first;
    st.deps = real.back().second;
    g.step(real.back()).hasdep = true;
  }
  steps.push_back(st);
  return {tb, static_cast<int>(steps.size() - 1)};
}

int ProgramBuilder::first_channel(const Gpu& u, const Gpu& v) const {
  for (int chan = 0;; ++chan) {
    const auto count = [&](const Gpu& g, int side) {
      const auto it = g.senders_on.find({chan, side});
      return it == g.senders_on.end() ? 0 : it->second;
    };
    if (!o_.runtime_limits ||
        (count(u, 0) < limits_.peers_per_channel && count(v, 1) < limits_.peers_per_channel))
      return chan;
  }
}

int ProgramBuilder::pair_channel(std::uint32_t from, std::uint32_t to, std::size_t need) {
  Gpu &u = gpus_[from], &v = gpus_[to];
  auto [pc, fresh] = pair_channel_.try_emplace({from, to}, 0);
  if (fresh) pc->second = first_channel(u, v);
  int& chan = pc->second;
  const int f = static_cast<int>(from), t = static_cast<int>(to);
  if (u.steps(u.tb(t, -1, chan)) + need > o_.max_steps_per_tb ||
      v.steps(v.tb(-1, f, chan)) + need > o_.max_steps_per_tb)
    ++chan;
  channels_ = std::max<std::int64_t>(channels_, chan + 1);
  return chan;
}

MscclProgram ProgramBuilder::program(const std::string& coll, std::int64_t chunks_per_loop) {
  const Schedule& s = plan_.schedule();
  MscclProgram p;
  p.name = o_.name.empty() ? s.algorithm + " on " + s.topology : o_.name;
  if (o_.name.empty() && o_.runtime_limits &&
      static_cast<std::int64_t>(p.name.size()) > limits_.attribute_chars)
    p.name = s.algorithm;  // the runtime reads at most 255 characters; import takes --network
  p.proto = o_.proto;
  p.coll = coll;
  p.inplace = o_.inplace;
  p.outofplace = !o_.inplace;
  p.min_bytes = o_.min_bytes;
  p.max_bytes = o_.max_bytes;  // written as given: 0 is no limit
  p.nchannels = std::max<std::int64_t>(channels_, 1);
  p.nchunksperloop = chunks_per_loop;
  for (Gpu& g : gpus_) {
    figures_.threadblocks += g.ir.tbs.size();
    for (const MscclTb& tb : g.ir.tbs)
      figures_.longest_tb = std::max<std::uint64_t>(figures_.longest_tb, tb.steps.size());
    p.gpus.push_back(std::move(g.ir));
  }
  figures_.channels = static_cast<std::uint64_t>(p.nchannels);
  return p;
}

}  // namespace netsched::exec::detail
