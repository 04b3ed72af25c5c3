// MSCCL-IR export: a checked schedule as threadblocks, sends, receives and dependencies
// (exec/msccl_ir.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include "core/collective_names.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "exec/msccl_builder.hpp"
#include "exec/msccl_ir.hpp"

namespace netsched::exec {
namespace {

using K = Collective::Kind;

using detail::Gpu;
using detail::StepRef;

/// MSCCL-IR's name (kCollectiveNames) of a chunk collective this exporter writes, "" for any
/// other.
std::string coll_name(K k) {
  const bool chunks = k == K::AllGather || k == K::TotalExchange || k == K::Broadcast ||
                      k == K::Scatter || k == K::Gather;
  return chunks ? std::string(names_of(k).msccl) : "";
}

/// Where chunk ch sits at node v (MPI's layout; a transit chunk gets a scratch slot of its own).
/// A block of p pieces is p consecutive chunks (an all-gather's block, a broadcast's message).
MscclRef locate(const Collective& c, Gpu& g, std::uint32_t v, std::uint64_t ch) {
  const std::uint64_t n = c.nodes(), p = c.pieces();
  const auto at = [](char buf, std::uint64_t off) {
    return MscclRef{buf, static_cast<std::int64_t>(off)};
  };
  const K k = c.kind();
  if (c.origin(ch).v == v)
    return at('i', k == K::TotalExchange                  ? ch % n
                   : k == K::Scatter || k == K::Broadcast ? ch
                                                          : ch % p);
  if (c.is_destination(ch, NodeId(v)))
    return at('o', k == K::TotalExchange                                      ? ch / n
                   : k == K::AllGather || k == K::Gather || k == K::Broadcast ? ch
                                                                              : 0);
  auto [it, fresh] = g.slot.try_emplace(ch, g.ir.s_chunks);
  if (fresh) ++g.ir.s_chunks;
  return {'s', it->second};
}

class Exporter : detail::ProgramBuilder {
 public:
  Exporter(const ExecPlan& plan, const MscclOptions& o) : ProgramBuilder(plan, o) {
    if (coll_name(plan.schedule().collective.kind()).empty())
      throw InputError(
          "MSCCL-IR export covers all-gather, total exchange, broadcast, scatter, gather, "
          "all-reduce, reduce and reduce-scatter; this schedule is " +
          plan.schedule().collective.name());
  }

  MscclProgram run(MscclFigures* figures) {
    const Carried carried = passing_run();
    declare_buffers();
    if (!o_.inplace) own_copies();  // in place, a rank's own block is already in its output
    const Schedule& s = plan_.schedule();
    for (std::size_t si = 0; si < s.steps.size(); ++si)
      for (std::size_t ti = 0; ti < s.steps[si].transfers.size(); ++ti)
        transfer(s.steps[si].transfers[ti], carried[si][ti]);
    MscclProgram p = program();
    if (figures) *figures = figures_;
    return p;
  }

 private:
  void declare_buffers() {
    const Collective& c = plan_.schedule().collective;
    const std::int64_t n = static_cast<std::int64_t>(c.nodes());
    const std::int64_t p = c.pieces();
    for (std::uint32_t v = 0; v < gpus_.size(); ++v) {
      MscclGpu& g = gpus_[v].ir;
      const bool root = NodeId(v) == c.root();
      switch (c.kind()) {
        case K::TotalExchange:
          g.i_chunks = g.o_chunks = n;
          break;
        case K::AllGather:  // a block of p pieces per rank
          g.i_chunks = p;
          g.o_chunks = n * p;
          break;
        case K::Broadcast:
          g.i_chunks = root ? p : 0;
          g.o_chunks = p;
          break;
        case K::Scatter:
          g.i_chunks = root ? n : 0;
          g.o_chunks = 1;
          break;
        default:  // gather
          g.i_chunks = 1;
          g.o_chunks = root ? n : 0;
      }
    }
  }

  /// Each rank's own block into its output buffer (MPI's out-of-place semantics).
  void own_copies() {
    const Collective& c = plan_.schedule().collective;
    const std::int64_t p = c.pieces();  // the chunks of a block, copied at once
    for (std::uint32_t v = 0; v < gpus_.size(); ++v) {
      const bool root = NodeId(v) == c.root();
      MscclRef src{'i', 0}, dst{'o', 0};
      switch (c.kind()) {
        case K::TotalExchange:
          src.off = dst.off = v;
          break;
        case K::AllGather:
          dst.off = v * p;
          break;
        case K::Scatter:
          src.off = v;
          if (!root) continue;
          break;
        case K::Gather:
          dst.off = v;
          if (!root) continue;
          break;
        default:  // broadcast
          if (!root) continue;
      }
      Gpu& g = gpus_[v];
      g.ir.tbs[static_cast<std::size_t>(g.tb(-1, -1, 0))].steps.push_back(
          {MscclOp::Copy, src, dst, c.kind() == K::AllGather || c.kind() == K::Broadcast ? p : 1,
           -1, -1, false});
    }
  }

  struct Run {
    MscclRef src, dst;
    std::int64_t cnt;
    std::vector<std::uint64_t> chunks;
    std::optional<StepRef> arrival;  ///< the receive at the sender that brought the run's chunks
  };

  /// The chunks of a transfer the receiver does not hold yet, as runs of consecutive offsets on
  /// both sides that arrived at the sender together (so a run has at most one arrival).
  std::vector<Run> runs_of(const Transfer& x, const std::vector<std::uint64_t>& chunks) {
    const Collective& c = plan_.schedule().collective;
    Gpu &u = gpus_[x.from.v], &v = gpus_[x.to.v];
    std::vector<Run> runs;
    std::set<std::uint64_t> taken;
    for (std::uint64_t ch : chunks) {
      if (c.origin(ch) == x.to || v.arrival.count(ch) || !taken.insert(ch).second) {
        ++figures_.dropped;
        continue;
      }
      const MscclRef a = locate(c, u, x.from.v, ch), b = locate(c, v, x.to.v, ch);
      std::optional<StepRef> arrived;
      if (auto it = u.arrival.find(ch); it != u.arrival.end()) arrived = it->second;
      Run* last = runs.empty() ? nullptr : &runs.back();
      if (last && last->src.buf == a.buf && last->dst.buf == b.buf && last->arrival == arrived &&
          last->src.off + last->cnt == a.off && last->dst.off + last->cnt == b.off &&
          last->cnt < limits_.max_count) {
        ++last->cnt;
        last->chunks.push_back(ch);
      } else {
        runs.push_back({a, b, 1, {ch}, arrived});
      }
    }
    return runs;
  }

  /// One schedule transfer: a send step per run at the sender, a receive step at the receiver,
  /// on the pair's current channel (the next one when a threadblock would overflow; the first
  /// run on a new channel then waits for the previous run, so the transfer stays in order).
  void transfer(const Transfer& x, const std::vector<std::uint64_t>& chunks) {
    Gpu &u = gpus_[x.from.v], &v = gpus_[x.to.v];
    const int to = static_cast<int>(x.to.v), from = static_cast<int>(x.from.v);
    const auto runs = runs_of(x, chunks);
    if (runs.empty()) return;
    std::optional<StepRef> last_s, last_r;
    for (std::size_t j = 0; j < runs.size(); ++j) {
      constexpr std::size_t kMostSteps = 4;  // a step and nops for up to three dependencies
      const int chan = pair_channel(x.from.v, x.to.v, kMostSteps);
      const int stb = u.tb(to, -1, chan), rtb = v.tb(-1, from, chan);
      std::vector<StepRef> sdeps, rdeps;
      if (j == 0 && u.last_send) sdeps.push_back(*u.last_send);
      if (j == 0 && v.last_recv) rdeps.push_back(*v.last_recv);
      if (last_s) sdeps.push_back(*last_s);
      if (last_r) rdeps.push_back(*last_r);
      if (runs[j].arrival) sdeps.push_back(*runs[j].arrival);
      last_s = append(u, stb, {MscclOp::Send, runs[j].src, runs[j].dst, runs[j].cnt, -1, -1, false},
                      sdeps);
      last_r = append(v, rtb, {MscclOp::Recv, runs[j].src, runs[j].dst, runs[j].cnt, -1, -1, false},
                      rdeps);
      for (std::uint64_t ch : runs[j].chunks) v.arrival.try_emplace(ch, *last_r);
      ++figures_.steps;
    }
    u.last_send = last_s;
    v.last_recv = last_r;
  }

  MscclProgram program() {
    const Collective& c = plan_.schedule().collective;
    // the runtime's message is nchunksperloop chunks: an all-gather's whole output, an
    // alltoall's whole buffer (count x ngpus); a broadcast's message, a scatter's or a
    // gather's rank share (count alone: msccl_parser.cc's sizeMultiplier)
    const auto n = static_cast<std::int64_t>(c.nodes());
    const std::int64_t p = c.pieces();
    const std::int64_t per_loop = c.kind() == K::AllGather       ? n * p
                                  : c.kind() == K::TotalExchange ? n
                                  : c.kind() == K::Broadcast     ? p
                                                                 : 1;
    return ProgramBuilder::program(coll_name(c.kind()), per_loop);
  }
};

/// When rank v's writes of each register take effect, as the first step whose reads see them:
/// a local operation in its own step, a receipt in the step after it (sorted, per register).
std::vector<std::vector<std::uint32_t>> register_writes(const ExecPlan& plan, NodeId v) {
  const Schedule& s = plan.schedule();
  std::vector<std::vector<std::uint32_t>> seen(s.registers.size());
  for (std::uint32_t st = 0; st < s.steps.size(); ++st)
    for (const LocalOp& op : s.steps[st].compute)
      if (in_ranges(op.nodes, v.v)) seen[op.dst].push_back(st);
  for (const PlannedTransfer& x : plan.receives(v))
    for (const Move& mv : s.payloads[x.payload].moves) seen[mv.dst].push_back(x.step + 1);
  for (auto& steps : seen) std::sort(steps.begin(), steps.end());
  return seen;
}

/// A register message through switches carries its sender's values as they were at its first
/// hop; an exported send reads the registers when it goes, at the last hop's step. The same
/// values unless the sender writes a source register in between: that is not implemented.
void refuse_register_hops(const ExecPlan& plan) {
  if (!plan.schedule().collective.combining() || !plan.walked_hops()) return;
  for (std::uint32_t v = 0; v < plan.nodes(); ++v) {
    std::vector<std::vector<std::uint32_t>> writes;  // built for a rank with such a message
    for (const PlannedTransfer& x : plan.sends(NodeId(v))) {
      if (x.depart == x.step) continue;
      if (writes.empty()) writes = register_writes(plan, NodeId(v));
      for (const std::uint16_t r : plan.register_layout(x.payload).sources) {
        const auto after = std::upper_bound(writes[r].begin(), writes[r].end(), x.depart);
        if (after != writes[r].end() && *after <= x.step)
          throw InputError("step " + std::to_string(x.step) + ": rank " + std::to_string(v) +
                           "'s register message left through switches in step " +
                           std::to_string(x.depart) + ", and the rank writes its register " +
                           std::to_string(r) +
                           " before it arrives; exporting such a message (sent as it left, "
                           "not as it arrives) is not implemented (run and simulate take it)");
      }
    }
  }
}

}  // namespace

MscclProgram export_program(const ExecPlan& plan, const MscclOptions& options,
                            MscclFigures* figures) {
  detail::check_options(options);
  refuse_register_hops(plan);
  const Schedule& s = plan.schedule();
  MscclProgram p = s.collective.combining()
                       ? detail::export_register_program(plan, options, figures)
                       : Exporter(plan, options).run(figures);
  MscclImportOptions back;
  back.runtime_limits = options.runtime_limits;
  back.max_steps_per_tb = options.max_steps_per_tb;
  if (const MscclCollInfo* c = msccl_coll(p.coll); c && c->rooted)
    back.root = s.collective.root().v;
  MscclImport im;
  try {
    im = import_msccl(write_msccl(p), back);  // as the runtime and netsched's import read it
  } catch (const InputError& e) {
    throw InputError(std::string(e.what()) +
                     " (the schedule does not fit the MSCCL runtime; "
                     "--no-runtime-limits writes it anyway)");
  }
  const MscclModeRun& run = im.decisive();
  if (!run.run.verdict.ok()) {
    const std::string why = run.mode + " run: " + to_string(*run.run.verdict.violation);
    if (options.inplace)
      throw InputError(
          "the schedule cannot be exported in place (its program reuses a buffer "
          "the runtime aliases): " +
          why + "; export it out of place");
    throw std::logic_error("the exported MSCCL-IR program fails its " + why);
  }
  return im.program;
}

std::uint64_t msccl_message_bytes(const Collective& c, std::uint64_t bytes) {
  const bool whole =
      c.kind() == K::AllGather || c.kind() == K::ReduceScatter || c.kind() == K::TotalExchange;
  return whole ? mul_sat(bytes, c.nodes()) : bytes;
}

std::vector<MscclWindow> msccl_windows(const std::vector<std::uint64_t>& nbytes,
                                       const std::vector<std::string>& choices) {
  if (nbytes.empty() || nbytes.size() != choices.size())
    throw InputError("a size-set needs one choice for each of at least one size");
  std::vector<MscclWindow> out;
  for (std::size_t i = 0; i < nbytes.size(); ++i) {
    if (i > 0 && nbytes[i] <= nbytes[i - 1])
      throw InputError("the sizes must ascend, got " + std::to_string(nbytes[i - 1]) + " then " +
                       std::to_string(nbytes[i]));
    if (i > 0 && choices[i] == choices[i - 1]) {
      out.back().last = i;
      continue;
    }
    if (!out.empty()) out.back().max_bytes = static_cast<std::int64_t>(nbytes[i]) - 1;
    out.push_back({i, i, out.empty() ? 0 : static_cast<std::int64_t>(nbytes[i]), 0});
  }
  return out;
}

std::string export_msccl(const ExecPlan& plan, const MscclOptions& options, MscclFigures* figures) {
  return write_msccl(export_program(plan, options, figures));
}

MscclImport export_unlimited(const ExecPlan& plan) {
  MscclOptions o;
  o.runtime_limits = false;
  o.max_steps_per_tb = kUnlimitedStepsPerTb;
  MscclImportOptions back;
  back.runtime_limits = false;
  back.max_steps_per_tb = kUnlimitedStepsPerTb;
  MscclProgram prog = export_program(plan, o);
  if (const MscclCollInfo* c = msccl_coll(prog.coll); c && c->rooted)
    back.root = plan.schedule().collective.root().v;
  return check_program(std::move(prog), back);
}

}  // namespace netsched::exec
