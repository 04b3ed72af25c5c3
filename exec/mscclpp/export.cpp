// MSCCL++ plans from checked schedules, through their MSCCL-IR programs (exec/mscclpp/plan.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include "core/errors.hpp"
#include "exec/exec_plan.hpp"
#include "exec/msccl_ir.hpp"
#include "exec/mscclpp/plan.hpp"

namespace netsched::exec {
namespace {

/// A gpu's plan under construction: its memory channels (a peer each) and remote buffers.
struct GpuPlan {
  PlanGpu gpu;
  std::map<std::int64_t, std::int64_t> channel;                  ///< peer -> channel index
  std::map<std::pair<std::int64_t, char>, std::int64_t> remote;  ///< (peer, buffer) -> id
};

/// Where a message lands at its receiver: its own slot, or a fresh scratch chunk.
struct Target {
  MscclRef ref;
  bool staged = false;
};

class PlanExporter {
 public:
  PlanExporter(const MscclProgram& prog, const MscclRun& run) : prog_(prog), run_(run) {}

  Plan build(const std::string& name) {
    sequences();
    targets();
    out_.resize(prog_.gpus.size());
    for (std::size_t g = 0; g < prog_.gpus.size(); ++g) {
      const MscclGpu& src = prog_.gpus[g];
      PlanGpu& gpu = out_[g].gpu;
      gpu.input_chunks = src.i_chunks;
      gpu.output_chunks = src.o_chunks;
      gpu.scratch_chunks = src.s_chunks + staged_[g];
    }
    channels();
    for (std::size_t g = 0; g < prog_.gpus.size(); ++g) emit(static_cast<std::uint32_t>(g));
    Plan p;
    p.name = name.empty() ? prog_.name : name;
    p.collective = prog_.coll;
    for (GpuPlan& g : out_) p.gpus.push_back(std::move(g.gpu));
    return p;
  }

 private:
  const MscclStep& step(std::size_t x) const {
    const MscclRunStep& r = run_.steps[x];
    return prog_.gpus[r.gpu].tbs[r.tb].steps[r.position];
  }

  /// Each gpu's run steps in the order they ended, and each receive's message.
  void sequences() {
    seq_.resize(prog_.gpus.size());
    for (std::size_t x : run_.order) seq_[run_.steps[x].gpu].push_back(x);
    for (std::size_t m = 0; m < run_.messages.size(); ++m) {
      message_of_recv_[run_.messages[m].recv_step] = m;
      message_of_send_[run_.messages[m].send_step] = m;
    }
  }

  /// A plain receive into slots the receiver has not touched before lands there; any other
  /// lands in fresh scratch chunks.
  void targets() {
    staged_.assign(prog_.gpus.size(), 0);
    target_.resize(run_.messages.size());
    for (std::size_t g = 0; g < prog_.gpus.size(); ++g) {
      std::set<std::pair<char, std::int64_t>> touched;
      for (std::size_t x : seq_[g]) {
        const MscclStep& st = step(x);
        const MscclOpInfo& op = info(st.op);
        if (op.receives) {
          bool fresh = st.op == MscclOp::Recv;
          for (std::int64_t k = 0; k < st.cnt && fresh; ++k)
            fresh = !touched.count({st.dst.buf, st.dst.off + k});
          Target& t = target_[message_of_recv_.at(x)];
          t.staged = !fresh;
          t.ref = fresh ? st.dst : MscclRef{'s', prog_.gpus[g].s_chunks + staged_[g]};
          if (!fresh) staged_[g] += st.cnt;
        }
        for (std::int64_t k = 0; k < st.cnt; ++k) {
          if (op.reads_src) touched.insert({st.src.buf, st.src.off + k});
          if (op.writes_dst || op.reads_dst) touched.insert({st.dst.buf, st.dst.off + k});
        }
      }
    }
  }

  /// A memory channel between every two gpus a message joins, both ends.
  void channels() {
    for (const MscclMessage& m : run_.messages) {
      out_[m.from].channel.try_emplace(m.to, 0);
      out_[m.to].channel.try_emplace(m.from, 0);
    }
    for (GpuPlan& g : out_) {
      std::int64_t c = 0;
      for (auto& [peer, index] : g.channel) {
        index = c++;
        g.gpu.memory_peers.push_back(peer);
      }
    }
  }

  std::int64_t remote_buffer(GpuPlan& g, std::int64_t peer, char type) {
    const auto [it, fresh] = g.remote.try_emplace({peer, type}, g.remote.size());
    if (fresh) g.gpu.remote_buffers.push_back({peer, type});
    return it->second;
  }

  static PlanBuffer local(const MscclRef& r, std::int64_t cnt) {
    PlanBuffer b;
    b.type = r.buf;
    b.index = r.off;
    b.size = cnt;
    return b;
  }

  /// An operation: data from `src` into `dst`, or a signal or wait on memory channels.
  static PlanOp make(std::string name, std::vector<PlanBuffer> src, std::vector<PlanBuffer> dst,
                     std::vector<std::int64_t> channels = {}) {
    PlanOp op;
    op.name = std::move(name);
    op.src = std::move(src);
    op.dst = std::move(dst);
    op.channels = std::move(channels);
    if (op.name == "put" || op.name == "signal" || op.name == "wait") op.channel_type = "memory";
    return op;
  }

  void emit(std::uint32_t g) {
    GpuPlan& gp = out_[g];
    PlanThreadblock tb;
    auto& ops = tb.ops;
    for (std::size_t x : seq_[g]) {
      const MscclStep& st = step(x);
      switch (st.op) {
        case MscclOp::Send: {
          const MscclMessage& m = run_.messages[message_of_send_.at(x)];
          const Target& t = target_[message_of_send_.at(x)];
          PlanBuffer dst = local(t.ref, st.cnt);
          dst.remote = remote_buffer(gp, m.to, t.ref.buf);
          ops.push_back(make("put", {local(st.src, st.cnt)}, {dst}));
          ops.push_back(make("signal", {}, {}, {gp.channel.at(m.to)}));
          break;
        }
        case MscclOp::Recv:
        case MscclOp::RecvReduceCopy: {
          const MscclMessage& m = run_.messages[message_of_recv_.at(x)];
          const Target& t = target_[message_of_recv_.at(x)];
          ops.push_back(make("wait", {}, {}, {gp.channel.at(m.from)}));
          if (st.op == MscclOp::RecvReduceCopy)
            ops.push_back(
                make("re", {local(st.dst, st.cnt), local(t.ref, st.cnt)}, {local(st.dst, st.cnt)}));
          else if (t.staged)
            ops.push_back(make("copy", {local(t.ref, st.cnt)}, {local(st.dst, st.cnt)}));
          break;
        }
        case MscclOp::Copy:
          ops.push_back(make("copy", {local(st.src, st.cnt)}, {local(st.dst, st.cnt)}));
          break;
        case MscclOp::Reduce:
          ops.push_back(
              make("re", {local(st.dst, st.cnt), local(st.src, st.cnt)}, {local(st.dst, st.cnt)}));
          break;
        default:
          throw std::logic_error(
              std::string("MSCCL++ export: netsched's MSCCL-IR export wrote a ") +
              std::string(info(st.op).name) + " step");
      }
    }
    for (std::int64_t c = 0; c < static_cast<std::int64_t>(gp.gpu.memory_peers.size()); ++c)
      tb.memory_channels.push_back(c);
    for (std::int64_t b = 0; b < static_cast<std::int64_t>(gp.gpu.remote_buffers.size()); ++b)
      tb.remote_buffers.push_back(b);
    gp.gpu.threadblocks.push_back(std::move(tb));
  }

  const MscclProgram& prog_;
  const MscclRun& run_;
  std::vector<std::vector<std::size_t>> seq_;
  std::map<std::size_t, std::size_t> message_of_recv_, message_of_send_;
  std::vector<Target> target_;
  std::vector<std::int64_t> staged_;
  std::vector<GpuPlan> out_;
};

}  // namespace

Plan export_plan(const ExecPlan& plan, const std::string& name) {
  const MscclImport im = export_unlimited(plan);  // MSCCL++ has none of the runtimes' limits
  std::optional<std::uint32_t> root;
  if (const MscclCollInfo* c = msccl_coll(im.program.coll); c && c->rooted)
    root = plan.schedule().collective.root().v;
  Plan p = PlanExporter(im.program, im.runs.front().run).build(name);
  const PlanRun run = run_plan(parse_plan(write_plan(p)), root);
  if (!run.verdict.ok())
    throw std::logic_error(
        "the exported MSCCL++ plan fails its run: " +
        (run.verdict.violation ? to_string(*run.verdict.violation) : run.verdict.reason));
  return p;
}

}  // namespace netsched::exec
