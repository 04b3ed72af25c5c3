// An MSCCL++ plan run with symbolic data as the executor runs it (exec/mscclpp/plan.hpp).
//
// Followed: microsoft/mscclpp src/core/include/execution_kernel.hpp (what each operation reads
// and writes: put copies src_buff[i] into the peer's dst_buff[i]; get the reverse; re, res, rre
// and rres sum src_buff into dst_buff[0], res and rres also writing dst_buff[1..] remotely;
// signal and wait on memory channels, one semaphore a channel pair counted up by the peer's
// signals; barrier over num_threadblocks threadblocks of the gpu) and the memory channel's
// pairing of channels (the k-th channel of gpu a to b with the k-th of b to a).
#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <map>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "exec/msccl_run.hpp"
#include "exec/mscclpp/plan.hpp"
#include "exec/symbolic_memory.hpp"

namespace netsched::exec {
namespace {

constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();

/// The operations the run executes; every other is named in an unknown verdict.
bool runs_op(const PlanOp& op) {
  static constexpr const char* kRun[] = {"nop",     "barrier", "signal", "wait", "rlxsignal",
                                         "rlxwait", "flush",   "put",    "get",  "copy",
                                         "re",      "res",     "rre",    "rres"};
  return std::find_if(std::begin(kRun), std::end(kRun),
                      [&](const char* n) { return op.name == n; }) != std::end(kRun) &&
         (op.channel_type.empty() || op.channel_type == "memory") && op.other_key.empty();
}

/// A semaphore of one channel pair, counted up by the peer's signals.
struct Semaphore {
  std::vector<VectorClock> signals;  ///< the signaller's clock at each signal
  std::size_t waited = 0;
  std::vector<std::size_t> waiters;  ///< threadblocks blocked on it
};

struct Thread {
  std::uint32_t gpu = 0, tb = 0;
  std::size_t pc = 0;
  VectorClock clock;
};

class PlanRunner {
 public:
  PlanRunner(const Plan& p, std::optional<std::uint32_t> root) : p_(p), root_(root) {}

  PlanRun run() {
    collective();
    check_references();
    if (const auto why = unsupported()) {
      out_.verdict = Verdict::unknown(*why);
      return out_;
    }
    start();
    while (!work_.empty() && !out_.verdict.violation) {
      const std::size_t t = work_.back();
      work_.pop_back();
      queued_[t] = 0;
      advance(t);
    }
    if (!out_.verdict.violation) deadlock();
    if (!out_.verdict.violation) result();
    if (!out_.verdict.violation) out_.verdict = Verdict::holds();
    return out_;
  }

 private:
  [[noreturn]] static void bad(const std::string& what) {
    throw InputError("MSCCL++ plan: " + what);
  }

  /// The collective, its chunks per rank from the buffers and its root (as MSCCL-IR's).
  void collective() {
    const MscclCollInfo* info = msccl_coll(p_.collective);
    if (!info || !info->checked)
      bad("collective '" + p_.collective +
          "' is not one netsched knows the result of (allgather, "
          "alltoall, broadcast, reducescatter, allreduce, scatter, gather, reduce)");
    c_.coll = std::string(info->name);
    c_.gpus = static_cast<std::uint32_t>(p_.gpus.size());
    if (info->rooted) c_.root = root_ ? *root_ : find_root();
    const PlanGpu& g0 = p_.gpus[c_.root.value_or(0)];
    const std::int64_t n = c_.gpus;
    // chunks a rank: the input where it holds one rank's share, else the output's share
    const bool whole_input = c_.coll == "alltoall" || c_.coll == "scatter";
    const bool whole_output =
        c_.coll == "allgather" || c_.coll == "gather" || c_.coll == "alltoall";
    std::int64_t per =
        c_.coll == "reducescatter" ? g0.output_chunks
        : g0.input_chunks > 0
            ? (whole_input ? (g0.input_chunks % n ? 0 : g0.input_chunks / n) : g0.input_chunks)
        : whole_output ? (g0.output_chunks % n ? 0 : g0.output_chunks / n)
                       : g0.output_chunks;
    if (per < 1)
      bad(fmt::format("gpu {}'s buffers are no {} layout", c_.root.value_or(0), c_.coll));
    c_.per_rank = static_cast<std::uint32_t>(per);
    out_.coll = c_.coll;
    out_.gpus = c_.gpus;
    out_.per_rank = c_.per_rank;
    out_.root = c_.root;
  }

  std::uint32_t find_root() const {
    const bool from_input = c_.coll == "broadcast" || c_.coll == "scatter";
    std::optional<std::uint32_t> found;
    for (std::uint32_t g = 0; g < p_.gpus.size(); ++g)
      if ((from_input ? p_.gpus[g].input_chunks : p_.gpus[g].output_chunks) > 0) {
        if (found) bad("the " + c_.coll + "'s root is not clear from the plan; give --root");
        found = g;
      }
    if (!found) bad("the " + c_.coll + "'s root is not clear from the plan; give --root");
    return *found;
  }

  /// Every channel, remote buffer and chunk range an operation names resolves, and channels pair.
  void check_references() {
    for (std::uint32_t g = 0; g < p_.gpus.size(); ++g) {
      const PlanGpu& gpu = p_.gpus[g];
      for (std::int64_t peer : gpu.memory_peers) {
        const auto pairs = [&](std::uint32_t a, std::int64_t b) {
          return std::count(p_.gpus[static_cast<std::size_t>(b)].memory_peers.begin(),
                            p_.gpus[static_cast<std::size_t>(b)].memory_peers.end(), a);
        };
        if (peer == g) bad(fmt::format("gpus[{}] has a memory channel to itself", g));
        if (pairs(g, peer) != std::count(gpu.memory_peers.begin(), gpu.memory_peers.end(), peer))
          bad(
              fmt::format("gpus[{}] and gpus[{}] do not have as many memory channels to each "
                          "other, so some channel has no peer",
                          g, peer));
      }
      for (std::size_t t = 0; t < gpu.threadblocks.size(); ++t) check_threadblock(g, t);
    }
  }

  void check_threadblock(std::uint32_t g, std::size_t t) {
    const PlanGpu& gpu = p_.gpus[g];
    const PlanThreadblock& tb = gpu.threadblocks[t];
    const std::string at = fmt::format("gpus[{}].threadblocks[{}]", g, t);
    for (std::int64_t c : tb.memory_channels)
      if (c >= static_cast<std::int64_t>(gpu.memory_peers.size()))
        bad(fmt::format("{}: memory channel {} is not one of the gpu's {}", at, c,
                        gpu.memory_peers.size()));
    for (std::int64_t b : tb.remote_buffers)
      if (b >= static_cast<std::int64_t>(gpu.remote_buffers.size()))
        bad(fmt::format("{}: remote buffer {} is not one of the gpu's {}", at, b,
                        gpu.remote_buffers.size()));
    for (std::size_t o = 0; o < tb.ops.size(); ++o) {
      const PlanOp& op = tb.ops[o];
      const std::string w = fmt::format("{}.ops[{}] ({})", at, o, op.name);
      for (std::int64_t c : op.channels)
        if (runs_op(op) && c >= static_cast<std::int64_t>(tb.memory_channels.size()))
          bad(fmt::format("{}: channel {} is not one of the threadblock's {}", w, c,
                          tb.memory_channels.size()));
      if (!runs_op(op)) continue;  // what is not run is not resolved either
      for (const auto* side : {&op.src, &op.dst})
        for (const PlanBuffer& b : *side) check_range(g, tb, b, w);
    }
  }

  void check_range(std::uint32_t g, const PlanThreadblock& tb, const PlanBuffer& b,
                   const std::string& w) const {
    std::uint32_t owner = g;
    char type = b.type;
    if (b.remote) {
      if (*b.remote >= static_cast<std::int64_t>(tb.remote_buffers.size()))
        bad(fmt::format("{}: buffer_id {} is not one of the threadblock's {} remote buffers", w,
                        *b.remote, tb.remote_buffers.size()));
      const PlanRemoteBuffer& rb = p_.gpus[g].remote_buffers[static_cast<std::size_t>(
          tb.remote_buffers[static_cast<std::size_t>(*b.remote)])];
      owner = static_cast<std::uint32_t>(rb.rank);
      type = rb.type;
    }
    const std::int64_t have = p_.gpus[owner].chunks(type);
    if (b.size < 1 || b.index + b.size > have)
      bad(fmt::format("{}: chunks {}..{} of gpu {}'s buffer {} (of {} chunks)", w, b.index,
                      b.index + b.size - 1, owner, type, have));
  }

  std::optional<std::string> unsupported() const {
    for (std::uint32_t g = 0; g < p_.gpus.size(); ++g)
      for (std::size_t t = 0; t < p_.gpus[g].threadblocks.size(); ++t) {
        const PlanThreadblock& tb = p_.gpus[g].threadblocks[t];
        for (std::size_t o = 0; o < tb.ops.size(); ++o)
          if (!runs_op(tb.ops[o]))
            return fmt::format(
                "gpus[{}].threadblocks[{}].ops[{}] is '{}'{}{}: netsched's MSCCL++ run "
                "implements memory channels' put, get, copy, reductions, signals, waits and "
                "barriers, not this, so the plan's result is not established",
                g, t, o, tb.ops[o].name,
                tb.ops[o].channel_type.empty() ? ""
                                               : " on a " + tb.ops[o].channel_type + " channel",
                tb.ops[o].other_key.empty() ? "" : " with " + tb.ops[o].other_key);
      }
    return std::nullopt;
  }

  // ---- memory ----

  void start() {
    std::uint64_t signals = 0, threads = 0;
    for (const PlanGpu& gpu : p_.gpus) {
      threads += gpu.threadblocks.size();
      for (const PlanThreadblock& tb : gpu.threadblocks)
        for (const PlanOp& op : tb.ops)
          if (op.name == "signal" || op.name == "rlxsignal") signals += op.channels.size();
    }
    const std::uint64_t words = mul_sat(threads, add_sat(threads, signals));
    if (words > kMscclMaxClockWords)
      bad(
          fmt::format("ordering the plan's accesses needs {} clock entries, more than {} "
                      "(kMscclMaxClockWords: threadblocks x (threadblocks + signals))",
                      words, kMscclMaxClockWords));
    check_memory(mul_sat(words, sizeof(std::uint32_t)), "ordering the plan's accesses");
    base_.push_back(0);
    for (std::uint32_t g = 0; g < p_.gpus.size(); ++g) {
      const PlanGpu& gpu = p_.gpus[g];
      regions_.push_back(msccl_regions(c_, p_.inplace, g,
                                       std::max(gpu.input_chunks, c_.input_chunks(g)),
                                       std::max(gpu.output_chunks, c_.output_chunks(g))));
      base_.push_back(base_.back() +
                      static_cast<std::size_t>(regions_.back().s + gpu.scratch_chunks));
      for (std::uint32_t t = 0; t < gpu.threadblocks.size(); ++t)
        threads_.push_back({g, t, 0, VectorClock(threads, 0)});
    }
    slots_.resize(base_.back());
    for (std::uint32_t g = 0; g < p_.gpus.size(); ++g)
      for (std::int64_t j = 0; j < c_.input_chunks(g); ++j)
        slot(g, 'i', j).value = input_value(g, static_cast<std::uint64_t>(j));
    queued_.assign(threads_.size(), 0);
    for (std::size_t t = threads_.size(); t-- > 0;) wake(t);
  }

  SymbolicSlot& slot(std::uint32_t g, char type, std::int64_t k) {
    const MscclRegions& r = regions_[g];
    const std::int64_t at = type == 'i' ? r.i : type == 'o' ? r.o : r.s;
    return slots_[base_[g] + static_cast<std::size_t>(at + k)];
  }

  /// The gpu and buffer a reference of thread t names.
  std::pair<std::uint32_t, char> owner(std::size_t t, const PlanBuffer& b) const {
    const Thread& th = threads_[t];
    if (!b.remote) return {th.gpu, b.type};
    const PlanGpu& gpu = p_.gpus[th.gpu];
    const PlanRemoteBuffer& rb = gpu.remote_buffers[static_cast<std::size_t>(
        gpu.threadblocks[th.tb].remote_buffers[static_cast<std::size_t>(*b.remote)])];
    return {static_cast<std::uint32_t>(rb.rank), rb.type};
  }

  std::vector<MscclValue> read(std::size_t t, const PlanBuffer& b) {
    const auto [g, type] = owner(t, b);
    std::vector<MscclValue> out;
    for (std::int64_t k = 0; k < b.size && !out_.verdict.violation; ++k) {
      SymbolicSlot& s = slot(g, type, b.index + k);
      if (const auto c = record_read(s, access(t), threads_[t].clock))
        race(t, g, type, b.index + k, false, *c);
      out.push_back(s.value);
    }
    return out;
  }

  void write(std::size_t t, const PlanBuffer& b, const std::vector<MscclValue>& values) {
    const auto [g, type] = owner(t, b);
    if (type == 'i' && !p_.inplace)
      return fail(Rule::InputWrite, g,
                  fmt::format("{} writes input chunk {} of gpu {}: an out-of-place collective "
                              "leaves its input buffer as it was",
                              name(t), b.index, g));
    for (std::int64_t k = 0; k < b.size && !out_.verdict.violation; ++k) {
      SymbolicSlot& s = slot(g, type, b.index + k);
      if (const auto c = record_write(s, access(t), threads_[t].clock))
        return race(t, g, type, b.index + k, true, *c);
      s.value = values[static_cast<std::size_t>(k)];
    }
  }

  MemoryAccess access(std::size_t t) const {
    return {t, static_cast<std::uint32_t>(threads_[t].pc), t << 32U | threads_[t].pc};
  }

  std::string name(std::size_t t) const {
    const Thread& th = threads_[t];
    return fmt::format("gpu {} tb {} op {} ({})", th.gpu, th.tb, th.pc,
                       p_.gpus[th.gpu].threadblocks[th.tb].ops[th.pc].name);
  }

  std::string name_of(std::size_t step) const {
    const std::size_t t = step >> 32U;
    const std::size_t pc = step & 0xffffffffU;
    const Thread& th = threads_[t];
    return fmt::format("gpu {} tb {} op {} ({})", th.gpu, th.tb, pc,
                       p_.gpus[th.gpu].threadblocks[th.tb].ops[pc].name);
  }

  void race(std::size_t t, std::uint32_t g, char type, std::int64_t k, bool writing,
            const Conflict& c) {
    fail(Rule::Race, g,
         fmt::format("{} {} chunk {} of gpu {}'s buffer {} while {} {} it, and no signal, wait or "
                     "barrier orders the two",
                     name(t), writing ? "writes" : "reads", k, g, type, name_of(c.other.step),
                     c.other_writes ? "writes" : "reads"));
  }

  void fail(Rule rule, std::uint32_t gpu, std::string message) {
    if (!out_.verdict.violation)
      out_.verdict = Verdict::violated(
          {rule, std::nullopt, std::nullopt, NodeId(gpu), std::nullopt, std::move(message)});
  }

  // ---- execution ----

  void wake(std::size_t t) {
    if (t == kNone || queued_[t]) return;
    queued_[t] = 1;
    work_.push_back(t);
  }

  void advance(std::size_t t) {
    Thread& th = threads_[t];
    const auto& ops = p_.gpus[th.gpu].threadblocks[th.tb].ops;
    while (th.pc < ops.size() && !out_.verdict.violation) {
      if (!execute(t, ops[th.pc])) return;
      ++out_.ops;
      ++th.pc;
      th.clock[t] = static_cast<std::uint32_t>(th.pc);
    }
  }

  /// The semaphore of thread t's channel c (an index into its threadblock's channels): the one
  /// its gpu's peer signals (`incoming`) or the one it signals.
  Semaphore& semaphore(std::size_t t, std::int64_t c, bool incoming) {
    const Thread& th = threads_[t];
    const PlanGpu& gpu = p_.gpus[th.gpu];
    const auto ch = static_cast<std::size_t>(
        gpu.threadblocks[th.tb].memory_channels[static_cast<std::size_t>(c)]);
    const std::int64_t peer = gpu.memory_peers[ch];
    const auto k = std::count(gpu.memory_peers.begin(),
                              gpu.memory_peers.begin() + static_cast<std::ptrdiff_t>(ch), peer);
    const auto a = static_cast<std::int64_t>(th.gpu);
    return incoming ? sems_[{peer, a, k}] : sems_[{a, peer, k}];
  }

  bool execute(std::size_t t, const PlanOp& op) {
    if (op.name == "signal" || op.name == "rlxsignal") return signal(t, op);
    if (op.name == "wait" || op.name == "rlxwait") return wait(t, op);
    if (op.name == "barrier") return barrier(t, op);
    if (op.name == "nop" || op.name == "flush") return true;
    data(t, op);
    return true;
  }

  bool signal(std::size_t t, const PlanOp& op) {
    for (std::int64_t c : op.channels) {
      Semaphore& s = semaphore(t, c, false);
      VectorClock snap = threads_[t].clock;
      snap[t] = static_cast<std::uint32_t>(threads_[t].pc + 1);
      s.signals.push_back(std::move(snap));
      ++out_.signals;
      for (std::size_t w : s.waiters) wake(w);
      s.waiters.clear();
    }
    return true;
  }

  bool wait(std::size_t t, const PlanOp& op) {
    for (std::int64_t c : op.channels) {
      Semaphore& s = semaphore(t, c, true);
      if (s.signals.size() <= s.waited) {
        s.waiters.push_back(t);
        return false;
      }
    }
    for (std::int64_t c : op.channels) {
      Semaphore& s = semaphore(t, c, true);
      join(threads_[t].clock, s.signals[s.waited++]);
    }
    return true;
  }

  bool barrier(std::size_t t, const PlanOp& op) {
    const Thread& th = threads_[t];
    auto& b = barriers_[{th.gpu, op.barrier_id.value_or(0)}];
    if (std::find(b.arrived.begin(), b.arrived.end(), t) == b.arrived.end()) b.arrived.push_back(t);
    if (static_cast<std::int64_t>(b.arrived.size()) < op.barrier_tbs.value_or(1)) return false;
    VectorClock all(threads_[t].clock.size(), 0);
    for (std::size_t a : b.arrived) join(all, threads_[a].clock);
    for (std::size_t a : b.arrived) {
      join(threads_[a].clock, all);
      if (a != t) {  // the others pass the barrier when they run next
        ++threads_[a].pc;
        threads_[a].clock[a] = static_cast<std::uint32_t>(threads_[a].pc);
        wake(a);
      }
    }
    b.arrived.clear();
    return true;
  }

  /// MSCCL++'s kernels move as many chunks as the source holds (execution_kernel.hpp reads
  /// inputBufferSizes), so a destination of another size is the plan's error: pairwise for put,
  /// get and copy; one size for all the references of a reduction.
  void same_sizes(std::size_t t, const PlanOp& op, bool reduce) const {
    const auto differ = [&](const PlanBuffer& a, const PlanBuffer& b, const char* verb) {
      if (a.size != b.size)
        bad(fmt::format("{} {} a {}-chunk source {} a {}-chunk reference", name(t), verb, a.size,
                        reduce ? "with" : "into", b.size));
    };
    for (std::size_t i = 0; i < std::min(op.src.size(), op.dst.size()); ++i)
      differ(op.src[i], op.dst[i], reduce ? "combines" : "moves");
    for (std::size_t i = 1; reduce && i < op.src.size(); ++i)
      differ(op.src[0], op.src[i], "combines");
    for (std::size_t i = 0; reduce && !op.src.empty() && i < op.dst.size(); ++i)
      differ(op.src[0], op.dst[i], "combines");
  }

  /// put, get, copy and the reductions: what they read, combine and write.
  void data(std::size_t t, const PlanOp& op) {
    const bool reduce =
        op.name == "re" || op.name == "res" || op.name == "rre" || op.name == "rres";
    same_sizes(t, op, reduce);
    if (!reduce) {  // put, get, copy: src_buff[i] into dst_buff[i]
      for (std::size_t i = 0; i < std::min(op.src.size(), op.dst.size()); ++i) {
        const auto values = read(t, op.src[i]);
        if (!out_.verdict.violation) write(t, op.dst[i], values);
      }
      out_.puts += op.name == "put" ? op.dst.size() : 0;
      return;
    }
    if (op.src.empty() || op.dst.empty()) bad(name(t) + " reduces nothing into nothing");
    std::vector<MscclValue> sum = read(t, op.src[0]);
    for (std::size_t i = 1; i < op.src.size() && !out_.verdict.violation; ++i) {
      const auto more = read(t, op.src[i]);
      for (std::size_t k = 0; k < sum.size() && k < more.size(); ++k)
        sum[k] = combiner_.combine(sum[k], more[k]);
    }
    const std::size_t outputs = op.name == "res" || op.name == "rres" ? op.dst.size() : 1;
    for (std::size_t i = 0; i < outputs && !out_.verdict.violation; ++i) write(t, op.dst[i], sum);
  }

  // ---- verdicts ----

  void deadlock() {
    for (std::size_t t = 0; t < threads_.size(); ++t) {
      const Thread& th = threads_[t];
      const auto& ops = p_.gpus[th.gpu].threadblocks[th.tb].ops;
      if (th.pc == ops.size()) continue;
      const PlanOp& op = ops[th.pc];
      const std::string why =
          op.name == "barrier"
              ? fmt::format("waits at barrier {} for {} threadblocks, which never all arrive",
                            op.barrier_id.value_or(0), op.barrier_tbs.value_or(1))
              : "waits for a signal its peer never sends";
      return fail(Rule::Deadlock, th.gpu, name(t) + " " + why);
    }
  }

  void result() {
    for (std::uint32_t g = 0; g < c_.gpus; ++g)
      for (std::int64_t k = 0; k < c_.output_chunks(g); ++k) {
        const MscclValue& v = slot(g, 'o', k).value;
        const auto want = expected_value(c_.coll, c_.gpus, c_.per_rank, c_.root.value_or(0), g,
                                         static_cast<std::uint64_t>(k));
        if (v && *v == want) continue;
        return fail(Rule::Result, g,
                    fmt::format("gpu {} ends with {} in output chunk {}, where the {} puts {}", g,
                                describe(v), k, c_.coll, describe_expected(want)));
      }
  }

  struct Barrier {
    std::vector<std::size_t> arrived;
  };

  const Plan& p_;
  std::optional<std::uint32_t> root_;
  MscclCollective c_;
  PlanRun out_;
  std::vector<Thread> threads_;
  std::map<std::tuple<std::int64_t, std::int64_t, std::int64_t>, Semaphore> sems_;
  std::map<std::pair<std::uint32_t, std::int64_t>, Barrier> barriers_;
  std::vector<MscclRegions> regions_;
  std::vector<std::size_t> base_;
  std::vector<SymbolicSlot> slots_;
  std::vector<std::size_t> work_;
  std::vector<char> queued_;
  ValueCombiner combiner_{p_.gpus.size()};
};

}  // namespace

PlanRun run_plan(const Plan& p, std::optional<std::uint32_t> root) {
  return PlanRunner(p, root).run();
}

}  // namespace netsched::exec
