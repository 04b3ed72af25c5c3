// MSCCL-IR export of the register collectives a GPU runtime knows: all-reduce (a vector of
// pieces), reduce and reduce-scatter.
//
// Why it is not the chunk exporter: a register schedule says where values go and how they
// are combined, not which chunks move. Each register of a node gets a buffer slot: its output
// chunk where the collective's result must end, its input chunk where it is only read, and a
// scratch slot otherwise (an input register that is written gets its input copied there
// first, as an out-of-place program never writes its input). A move is a send of the
// sender's slot and, at the receiver, a receive (Set) or a receive-reduce-copy into the slot
// (Combine); a local operation is a copy or a reduce step. The steps' synchronous order
// becomes dependencies between the steps that touch a slot: a read waits for the slot's last
// write, a write for its last write and for every read since. A receive never waits for a
// send of its own gpu (two gpus exchanging a register would each wait for the other's
// receive once the connection is full): where a send still has to read the slot, the message
// is received into a temporary slot and reduced or copied into place by a local step. A payload
// that reads one register for several moves sends it once, as the executor does and the
// checkers' cost counts it: it is received into a temporary slot, each move a local step.
#include <fmt/format.h>

#include <algorithm>
#include <deque>
#include <map>
#include <optional>
#include <set>

#include "core/collective_names.hpp"
#include "core/errors.hpp"
#include "exec/msccl_builder.hpp"

namespace netsched::exec::detail {
namespace {

using K = Collective::Kind;
using Slot = std::pair<char, std::int64_t>;

/// Where a node's registers start (input chunks) and must end (output chunks).
struct Layout {
  std::map<std::uint16_t, std::int64_t> input, output;
};

/// What a slot's steps so far mean for the next one that touches it.
struct Access {
  std::optional<StepRef> write;
  std::vector<StepRef> reads;  ///< since the last write
  bool send_reads = false;     ///< one of those reads is a send
};

class RegisterExporter : ProgramBuilder {
 public:
  RegisterExporter(const ExecPlan& plan, const MscclOptions& o)
      : ProgramBuilder(plan, o),
        homes_(plan.nodes()),
        access_(plan.nodes()),
        temps_(plan.nodes()),
        local_chan_(plan.nodes(), 0) {
    const Collective& c = plan.schedule().collective;
    const bool known = (c.kind() == K::AllReduce && c.groups().empty()) || c.kind() == K::Reduce ||
                       c.kind() == K::ReduceScatter;
    if (!known)
      throw InputError("MSCCL-IR has no collective for " + c.name() +
                       (c.kind() == K::AllReduce ? " over groups" : "") +
                       " (the register collectives exported are all-reduce of all nodes, "
                       "reduce and reduce-scatter)");
  }

  MscclProgram run(MscclFigures* figures) {
    passing_run();
    place_registers();
    const Schedule& s = plan_.schedule();
    for (const Step& step : s.steps) {
      for (auto& t : temps_) t.free_from_earlier_steps();
      for (const LocalOp& op : step.compute) compute(op);
      const auto runs = step_runs(step);
      for (std::size_t i = 0; i < runs.size(); ++i) send(step.transfers[i], runs[i]);
      for (std::size_t i = 0; i < runs.size(); ++i) receive(step.transfers[i], runs[i]);
    }
    std::int64_t per_loop = 1;
    for (const Gpu& g : gpus_) per_loop = std::max({per_loop, g.ir.i_chunks, g.ir.o_chunks});
    const K k = s.collective.kind();
    MscclProgram p = program(std::string(names_of(k).msccl), per_loop);
    if (figures) *figures = figures_;
    return p;
  }

 private:
  /// Temporary slots of one gpu, reused once the step that used them is over.
  struct Temps {
    std::map<std::int64_t, std::vector<std::int64_t>> free, used;  ///< length -> first slots
    void free_from_earlier_steps() {
      for (auto& [len, firsts] : used)
        free[len].insert(free[len].end(), firsts.begin(), firsts.end());
      used.clear();
    }
  };

  Layout layout(std::uint32_t v) const {
    const Collective& c = plan_.schedule().collective;
    Layout l;
    if (c.kind() == K::ReduceScatter) {  // input chunk b = register b; v's own block out
      const std::uint64_t p = c.pieces();
      for (std::uint64_t b = 0; b < c.nodes() * p; ++b)
        l.input[static_cast<std::uint16_t>(b)] = static_cast<std::int64_t>(b);
      for (std::uint64_t k = 0; k < p; ++k)
        l.output[static_cast<std::uint16_t>(v * p + k)] = static_cast<std::int64_t>(k);
      return l;
    }
    const auto p = static_cast<std::uint16_t>(c.pieces());
    for (std::uint16_t k = 0; k < p; ++k) {
      l.input[k] = k;
      if (c.kind() == K::AllReduce || NodeId(v) == c.root())
        l.output[static_cast<std::uint16_t>(p + k)] = k;
    }
    return l;
  }

  /// Each gpu's input and output buffers, from its layout. Every register a node uses gets its
  /// slot, in register order (so that consecutive registers sit in consecutive slots and a move
  /// of several is one step); an input register that is not its slot is copied there first.
  void place_registers() {
    const Schedule& s = plan_.schedule();
    std::vector<std::set<std::uint16_t>> used(gpus_.size()), written(gpus_.size());
    for (const Step& step : s.steps) {
      for (const LocalOp& op : step.compute)
        for (std::uint32_t v = 0; v < gpus_.size(); ++v)
          if (in_ranges(op.nodes, v)) {
            used[v].insert({op.dst, op.a, op.b});
            written[v].insert(op.dst);
          }
      for (const Transfer& x : step.transfers)
        for (const Move& m : s.payloads[x.payload].moves) {
          used[x.from.v].insert(m.src);
          used[x.to.v].insert(m.dst);
          written[x.to.v].insert(m.dst);
        }
    }
    full_.assign(gpus_.size(), std::vector<char>(s.registers.size(), 0));
    for (std::uint32_t v = 0; v < gpus_.size(); ++v) {
      const Layout l = layout(v);
      gpus_[v].ir.i_chunks = static_cast<std::int64_t>(l.input.size());
      gpus_[v].ir.o_chunks = static_cast<std::int64_t>(l.output.size());
      for (const auto& [r, k] : l.input) full_[v][r] = 1;
      for (const auto& [r, k] : l.output) used[v].insert(r);
      for (std::uint16_t r : used[v]) {
        const auto in = l.input.find(r), out = l.output.find(r);
        // in place, an input that shares its slot with another register's output is read from
        // a copy made before anything writes there
        const bool shared = in != l.input.end() && o_.inplace && aliased(v, l, r);
        MscclRef home = out != l.output.end() ? MscclRef{'o', out->second}
                        : in != l.input.end() && !written[v].count(r) && !shared
                            ? MscclRef{'i', in->second}
                            : gpus_[v].scratch();
        homes_[v][r] = home;
        if (in != l.input.end() && home.buf != 'i')
          local(v, {MscclOp::Copy, {'i', in->second}, home, 1, -1, -1, false});
      }
    }
  }

  /// Whether input register r of gpu v sits, in place, where an output register of another
  /// register number ends.
  bool aliased(std::uint32_t v, const Layout& l, std::uint16_t r) const {
    const Slot at = key(v, {'i', l.input.at(r)}, 0);
    return std::any_of(l.output.begin(), l.output.end(), [&](const auto& out) {
      return out.first != r && key(v, {'o', out.second}, 0) == at;
    });
  }

  MscclRef home(std::uint32_t v, std::uint16_t r) const { return homes_[v].at(r); }

  /// The memory slot k chunks past `r` at gpu v: apart out of place; in place, where the
  /// runtime aliases the buffers (all-reduce and reduce: one buffer; reduce-scatter: the output
  /// is the gpu's block of the input), so that accesses to one place are ordered as one.
  Slot key(std::uint32_t v, const MscclRef& r, std::int64_t k) const {
    if (!o_.inplace || r.buf == 's') return {r.buf, r.off + k};
    const Collective& c = plan_.schedule().collective;
    if (c.kind() == K::ReduceScatter)
      return {'i',
              r.buf == 'i' ? r.off + k : static_cast<std::int64_t>(v * c.pieces()) + r.off + k};
    return {'o', r.off + k};
  }

  /// The steps `st` must wait for at gpu v, from the slots it reads and writes.
  std::vector<StepRef> deps_of(std::uint32_t v, const MscclStep& st) const {
    std::vector<StepRef> deps;
    const MscclOpInfo& op = info(st.op);
    const auto touch = [&](const MscclRef& r, bool write) {
      for (std::int64_t k = 0; k < st.cnt; ++k) {
        const auto it = access_[v].find(key(v, r, k));
        if (it == access_[v].end()) continue;
        if (it->second.write) deps.push_back(*it->second.write);
        if (write) deps.insert(deps.end(), it->second.reads.begin(), it->second.reads.end());
      }
    };
    if (op.reads_src) touch(st.src, false);
    if (op.reads_dst) touch(st.dst, false);
    if (op.writes_dst) touch(st.dst, true);
    return deps;
  }

  StepRef emit(std::uint32_t v, int tb, const MscclStep& st, const std::vector<StepRef>& deps) {
    const StepRef ref = append(gpus_[v], tb, st, deps);
    const MscclOpInfo& op = info(st.op);
    for (std::int64_t k = 0; k < st.cnt; ++k) {
      if (op.reads_src) {
        Access& a = access_[v][key(v, st.src, k)];
        a.reads.push_back(ref);
        a.send_reads = a.send_reads || op.sends;
      }
      if (op.writes_dst) access_[v][key(v, st.dst, k)] = {ref, {}, false};
    }
    if (op.sends) ++figures_.steps;
    return ref;
  }

  /// A step on gpu v's local threadblock (the next channel's once one is full).
  void local(std::uint32_t v, const MscclStep& st) {
    const auto deps = deps_of(v, st);
    int& chan = local_chan_[v];
    if (gpus_[v].steps(gpus_[v].tb(-1, -1, chan)) + deps.size() + 1 > o_.max_steps_per_tb) ++chan;
    channels_ = std::max<std::int64_t>(channels_, chan + 1);
    emit(v, gpus_[v].tb(-1, -1, chan), st, deps);
  }

  /// A local operation at every node it names: a copy, a reduce, a copy and a reduce, or
  /// nothing where it only moves empty registers (the identity).
  void compute(const LocalOp& op) {
    if (op.op == RegOp::Mul)
      throw InputError("MSCCL-IR has no multiplication step (a matrix schedule's local product)");
    for (std::uint32_t v = 0; v < gpus_.size(); ++v) {
      if (!in_ranges(op.nodes, v)) continue;
      std::vector<char>& full = full_[v];
      const bool fa = full[op.a], fb = op.op == RegOp::Combine && full[op.b];
      const MscclRef dst = home(v, op.dst);
      const auto step = [&](MscclOp o, std::uint16_t from) {
        local(v, {o, home(v, from), dst, 1, -1, -1, false});
      };
      if (fa && fb && op.a != op.dst && op.b != op.dst) step(MscclOp::Copy, op.a);
      if (fa && fb) step(MscclOp::Reduce, op.a == op.dst ? op.b : op.a);
      if (fa != fb && (fa ? op.a : op.b) != op.dst) step(MscclOp::Copy, fa ? op.a : op.b);
      full[op.dst] = fa || fb;
    }
  }

  struct Run {
    MscclRef src, dst;
    std::int64_t cnt = 1;
    RegOp op = RegOp::Set;  ///< at the receiver: Set (a receive) or Combine (receive-reduce-copy)
  };
  /// A move applied at the receiver from a received run (a payload that reads a register more
  /// than once).
  struct Applied {
    std::size_t run = 0;
    MscclRef dst;
    RegOp op = RegOp::Set;
  };
  /// What one transfer sends: its runs and, where the payload reads a source register for
  /// several moves, the moves applied from the runs once they are in (the runs then go to
  /// temporary slots, one a distinct source register, as the executor sends it once).
  struct TransferRuns {
    std::vector<Run> runs;
    std::vector<Applied> applied;
  };

  /// Each transfer's moves as runs of consecutive slots on both sides with one operation. A
  /// move of an empty register is left out (it sets the receiver's register empty, or combines
  /// nothing); a Combine into an empty register is a Set. Senders read before the step,
  /// receivers write in transfer order.
  std::vector<TransferRuns> step_runs(const Step& step) {
    std::vector<std::vector<char>> after = full_;
    std::vector<TransferRuns> runs;
    for (const Transfer& x : step.transfers) {
      const auto& moves = plan_.schedule().payloads[x.payload].moves;
      const auto& layout = plan_.register_layout(x.payload);
      runs.push_back(layout.sources.size() < moves.size()
                         ? shared_source_runs(x, layout, after[x.to.v])
                         : move_runs(x, after[x.to.v]));
    }
    full_ = std::move(after);
    return runs;
  }

  /// The destination's fullness after move m (`dst_full` is the register's), and the
  /// operation the receiver applies: nullopt where m's source is empty (nothing is sent).
  std::optional<RegOp> receiver_op(const Transfer& x, const Move& m, char& dst_full) const {
    if (!full_[x.from.v][m.src]) {
      if (m.op == RegOp::Set) dst_full = 0;
      return std::nullopt;
    }
    const RegOp op = m.op == RegOp::Combine && dst_full ? RegOp::Combine : RegOp::Set;
    dst_full = 1;
    return op;
  }

  /// A payload whose moves read distinct registers: one run a move, consecutive ones merged.
  TransferRuns move_runs(const Transfer& x, std::vector<char>& dst_full) const {
    TransferRuns out;
    std::vector<Run>& rs = out.runs;
    for (const Move& m : plan_.schedule().payloads[x.payload].moves) {
      const auto op = receiver_op(x, m, dst_full[m.dst]);
      if (!op) continue;
      const MscclRef a = home(x.from.v, m.src), b = home(x.to.v, m.dst);
      Run* last = rs.empty() ? nullptr : &rs.back();
      if (last && last->op == *op && last->src.buf == a.buf && last->dst.buf == b.buf &&
          last->src.off + last->cnt == a.off && last->dst.off + last->cnt == b.off &&
          last->cnt < limits_.max_count - 1)
        ++last->cnt;
      else
        rs.push_back({a, b, 1, *op});
    }
    return out;
  }

  /// A payload that reads a register for several moves: a run a distinct source register (as
  /// the executor's message carries it once, exec/wire.hpp), each move applied from it.
  TransferRuns shared_source_runs(const Transfer& x, const ExecPlan::RegisterLayout& layout,
                                  std::vector<char>& dst_full) const {
    const auto& moves = plan_.schedule().payloads[x.payload].moves;
    TransferRuns out;
    std::vector<std::optional<std::size_t>> run_of_slot(layout.sources.size());
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move& m = moves[i];
      const auto op = receiver_op(x, m, dst_full[m.dst]);
      if (!op) continue;
      auto& run = run_of_slot[layout.slot_of_move[i]];
      if (!run) {
        run = out.runs.size();
        out.runs.push_back({home(x.from.v, m.src), home(x.to.v, m.dst), 1, RegOp::Set});
      }
      out.applied.push_back({*run, home(x.to.v, m.dst), *op});
    }
    return out;
  }

  /// The transfer's send steps (all of a step's sends read before any of its receives write).
  void send(const Transfer& x, const TransferRuns& tr) {
    for (const Run& r : tr.runs) {
      const MscclStep st{MscclOp::Send, r.src, r.dst, r.cnt, -1, -1, false};
      const auto deps = deps_of(x.from.v, st);
      constexpr std::size_t kReceiveSteps = 4;  // a receive and its nops, a local merge
      const int chan = pair_channel(x.from.v, x.to.v, std::max(deps.size() + 1, kReceiveSteps));
      emit(x.from.v, gpus_[x.from.v].tb(static_cast<int>(x.to.v), -1, chan), st, deps);
      sent_.push_back(chan);
    }
  }

  /// The transfer's receive steps, each on the channel its send went on; where moves are
  /// applied from the runs, each run goes to a temporary slot and the moves follow in order.
  void receive(const Transfer& x, const TransferRuns& tr) {
    Gpu& g = gpus_[x.to.v];
    std::vector<MscclRef> received;
    for (const Run& r : tr.runs) {
      const int chan = sent_.front();
      sent_.pop_front();
      const int tb = g.tb(-1, static_cast<int>(x.from.v), chan);
      const bool direct = tr.applied.empty() && !pending_send_read(x.to.v, r.dst, r.cnt);
      const MscclRef into = direct ? r.dst : temp(x.to.v, r.cnt);
      received.push_back(into);
      const MscclStep st =
          r.op == RegOp::Combine && direct
              ? MscclStep{MscclOp::RecvReduceCopy, into, into, r.cnt, -1, -1, false}
              : MscclStep{MscclOp::Recv, r.src, into, r.cnt, -1, -1, false};
      emit(x.to.v, tb, st, deps_of(x.to.v, st));
      if (direct || !tr.applied.empty()) continue;
      local(x.to.v, {r.op == RegOp::Combine ? MscclOp::Reduce : MscclOp::Copy, into, r.dst, r.cnt,
                     -1, -1, false});
    }
    for (const Applied& a : tr.applied)
      local(x.to.v, {a.op == RegOp::Combine ? MscclOp::Reduce : MscclOp::Copy, received[a.run],
                     a.dst, 1, -1, -1, false});
  }

  bool pending_send_read(std::uint32_t v, const MscclRef& r, std::int64_t cnt) const {
    for (std::int64_t k = 0; k < cnt; ++k) {
      const auto it = access_[v].find(key(v, r, k));
      if (it != access_[v].end() && it->second.send_reads) return true;
    }
    return false;
  }

  /// `cnt` consecutive temporary slots of gpu v, free since an earlier step.
  MscclRef temp(std::uint32_t v, std::int64_t cnt) {
    Temps& t = temps_[v];
    std::int64_t first = 0;
    if (auto& fr = t.free[cnt]; !fr.empty()) {
      first = fr.back();
      fr.pop_back();
    } else {
      first = gpus_[v].ir.s_chunks;
      gpus_[v].ir.s_chunks += cnt;
    }
    t.used[cnt].push_back(first);
    return {'s', first};
  }

  std::vector<std::map<std::uint16_t, MscclRef>> homes_;
  std::vector<std::map<Slot, Access>> access_;
  std::vector<Temps> temps_;
  std::vector<int> local_chan_;
  /// Per node and register: whether it holds a value (an empty one is the identity).
  std::vector<std::vector<char>> full_;
  std::deque<int> sent_;  ///< the channels of this step's sends, in order, for their receives
};

}  // namespace

MscclProgram export_register_program(const ExecPlan& plan, const MscclOptions& o,
                                     MscclFigures* figures) {
  return RegisterExporter(plan, o).run(figures);
}

}  // namespace netsched::exec::detail
