// The MSCCL runtime's execution of a program, with symbolic data (exec/msccl_run.hpp).
#include "exec/msccl_run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <deque>
#include <limits>
#include <map>
#include <stdexcept>
#include <unordered_map>

#include "core/errors.hpp"
#include "core/limits.hpp"

namespace netsched::exec {

namespace {

constexpr std::size_t kNever = std::numeric_limits<std::size_t>::max();

}  // namespace

std::int64_t MscclCollective::input_chunks(std::uint32_t g) const {
  const std::int64_t n = gpus, c = per_rank;
  if (coll == "broadcast") return g == root ? c : 0;
  if (coll == "scatter") return g == root ? n * c : 0;
  if (coll == "alltoall" || coll == "reducescatter") return n * c;
  return c;
}

std::int64_t MscclCollective::output_chunks(std::uint32_t g) const {
  const std::int64_t n = gpus, c = per_rank;
  if (!checked) return 0;
  if (coll == "gather") return g == root ? n * c : 0;
  if (coll == "reduce") return g == root ? c : 0;
  if (coll == "allgather" || coll == "alltoall") return n * c;
  return c;
}

MscclRegions msccl_regions(const MscclCollective& c, bool in_place, std::uint32_t g,
                           std::int64_t in_chunks, std::int64_t out_chunks) {
  MscclRegions r;
  if (!in_place) {
    r.o = in_chunks;
    r.s = in_chunks + out_chunks;
    return r;
  }
  const MscclCollInfo* info = msccl_coll(c.coll);
  const std::int64_t block = static_cast<std::int64_t>(g) * c.per_rank;
  if (info && info->in_place == MscclInPlace::InputInOutput) r.i = block;
  if (info && info->in_place == MscclInPlace::OutputInInput) r.o = block;
  r.s = std::max(r.i + in_chunks, r.o + out_chunks);
  return r;
}

namespace {

/// The one gpu `pick` selects, if exactly one does.
template <class Pick>
std::optional<std::uint32_t> only_gpu(const MscclProgram& p, Pick pick) {
  std::optional<std::uint32_t> found;
  for (std::uint32_t g = 0; g < p.gpus.size(); ++g)
    if (pick(p.gpus[g])) {
      if (found) return std::nullopt;
      found = g;
    }
  return found;
}

bool touches(const MscclGpu& gpu, char buf, bool write) {
  for (const MscclTb& tb : gpu.tbs)
    for (const MscclStep& st : tb.steps)
      if (write ? info(st.op).writes_dst && st.dst.buf == buf
                : info(st.op).reads_src && st.src.buf == buf)
        return true;
  return false;
}

std::uint32_t find_root(const MscclProgram& p, const std::string& coll) {
  const bool from_input = coll == "broadcast" || coll == "scatter";
  const char buf = from_input ? 'i' : 'o';
  auto root = only_gpu(p, [&](const MscclGpu& g) { return g.chunks(buf) > 0; });
  if (!root) root = only_gpu(p, [&](const MscclGpu& g) { return touches(g, buf, !from_input); });
  if (!root)
    throw InputError(fmt::format(
        "MSCCL-IR: the {}'s root is not clear from the file (no single gpu {} its {} buffer); "
        "give --root",
        coll, from_input ? "reads" : "writes", from_input ? "input" : "output"));
  return *root;
}

/// Chunks per rank from the buffers, for a program without nchunksperloop.
std::int64_t per_rank_from_buffers(const MscclProgram& p, const MscclCollective& c) {
  const MscclGpu& g0 = p.gpus[c.root.value_or(0)];
  const std::int64_t n = c.gpus;
  if (c.coll == "alltoall" || c.coll == "scatter")
    return g0.i_chunks % n == 0 ? g0.i_chunks / n : 0;
  if (c.coll == "reducescatter") return g0.o_chunks;
  if (g0.i_chunks > 0) return g0.i_chunks;
  const bool whole_output = c.coll == "allgather" || c.coll == "gather";  // in place: no input
  return whole_output ? (g0.o_chunks % n == 0 ? g0.o_chunks / n : 0) : g0.o_chunks;
}

}  // namespace

MscclCollective msccl_collective(const MscclProgram& p, std::optional<std::uint32_t> root) {
  const MscclCollInfo* info = msccl_coll(p.coll);
  if (!info) throw InputError("MSCCL-IR: coll '" + p.coll + "' is not known");
  MscclCollective c;
  c.coll = std::string(info->name);
  c.checked = info->checked;
  c.gpus = static_cast<std::uint32_t>(p.gpus.size());
  if (info->rooted) {
    if (root && *root >= c.gpus)
      throw InputError(fmt::format("--root {} is not a gpu (0 to {})", *root, c.gpus - 1));
    c.root = root ? *root : find_root(p, c.coll);
  } else if (root) {
    throw InputError("--root does not apply to " + c.coll);
  }
  if (!c.checked) return c;
  // the runtime's message is nchunksperloop chunks: the whole (count x ngpus) where the
  // collective multiplies its size by the gpus, else one rank's count
  const std::int64_t n = c.gpus;
  std::int64_t per = 0;
  if (p.nchunksperloop)
    per = info->size_multiplied ? (*p.nchunksperloop % n ? 0 : *p.nchunksperloop / n)
                                : *p.nchunksperloop;
  else
    per = per_rank_from_buffers(p, c);
  if (per < 1 || per > kMscclMaxBufferChunks)
    throw InputError(
        fmt::format("MSCCL-IR: the buffers of gpu {} ({} input, {} output chunks) "
                    "are no {} layout",
                    c.root.value_or(0), p.gpus[c.root.value_or(0)].i_chunks,
                    p.gpus[c.root.value_or(0)].o_chunks, c.coll));
  c.per_rank = static_cast<std::uint32_t>(per);
  return c;
}

namespace {

struct Run {
  std::uint32_t gpu = 0, tb = 0;  ///< tb: id on the gpu
  std::size_t global_tb = 0;      ///< index among all gpus' threadblocks
  std::uint32_t index = 0;        ///< among its threadblock's run steps
  const MscclStep* st = nullptr;
  std::vector<std::size_t> waits;  ///< run steps whose end meets a dependency (kNever: none will)
  std::size_t msg_out = kNever, msg_in = kNever;
};

using Clock = VectorClock;

struct Tb {
  std::uint32_t gpu = 0, local = 0;
  std::size_t first = 0, count = 0, pc = 0;
  bool started = false, accessed = false;
  std::int64_t progress = 0;              ///< chunks of the current step moved
  std::size_t out = kNever, in = kNever;  ///< connections
  Clock clock;
  std::vector<MscclValue> src, pending;
};

/// A connection: operations in flight, each up to chunks_per_op chunks.
struct Connection {
  std::deque<std::vector<MscclValue>> fifo;
  std::size_t sender = kNever, receiver = kNever;  ///< global tb indices
  std::vector<std::size_t> sends, recvs;           ///< run steps in order
};

/// Why a blocked threadblock waits, and for which one (kNever: for nothing that will come).
struct Blocked {
  std::size_t on = kNever;
  std::string why;
  bool sending = false;
};

class Runner {
 public:
  Runner(const MscclProgram& p, const MscclCollective& c, const MscclRunOptions& o)
      : p_(p), c_(c), o_(o) {}

  MscclRun run() {
    check_buffers();
    flatten();
    budget();
    regions();
    initial_values();
    for (std::size_t t = 0; t < tbs_.size(); ++t) wake(t);
    while (!work_.empty() && !out_.verdict.violation) {
      const std::size_t t = work_.back();
      work_.pop_back();
      queued_[t] = 0;
      advance(t);
    }
    if (!out_.verdict.violation) deadlock();
    if (!out_.verdict.violation) result();
    if (!out_.verdict.violation)
      out_.verdict = c_.checked ? Verdict::holds()
                                : Verdict::unknown(
                                      "coll custom has no postcondition: the run has no race, "
                                      "no deadlock and no input write, and its result is not "
                                      "checked");
    return std::move(out_);
  }

 private:
  // ---- the program as the runtime holds it ----

  /// Each gpu's declared buffers hold what the collective reads and writes in this mode (in
  /// place, a buffer the other one aliases may be declared empty).
  void check_buffers() const {
    if (!c_.checked) return;
    for (std::uint32_t g = 0; g < c_.gpus; ++g) {
      const MscclGpu& gpu = p_.gpus[g];
      const std::int64_t in = c_.input_chunks(g), out = c_.output_chunks(g);
      const auto fits = [&](std::int64_t declared, std::int64_t need, std::int64_t root_need) {
        return declared == need || (need == 0 && declared == root_need) ||
               (o_.in_place && declared == 0);
      };
      const std::uint32_t root = c_.root.value_or(0);
      if (!fits(gpu.i_chunks, in, c_.input_chunks(root)) ||
          !fits(gpu.o_chunks, out, c_.output_chunks(root)))
        throw InputError(fmt::format(
            "MSCCL-IR: gpu {} declares {} input and {} output chunks; a{} {} of {} chunk(s) per "
            "rank on {} gpus needs {} and {}{}",
            g, gpu.i_chunks, gpu.o_chunks, c_.coll.starts_with('a') ? "n" : "", c_.coll,
            c_.per_rank, c_.gpus, in, out, o_.in_place ? " (or none, in place)" : ""));
    }
  }

  void flatten() {
    std::map<std::tuple<std::uint32_t, std::int64_t, std::int64_t>, std::size_t> conns;
    auto conn = [&](std::uint32_t from, std::int64_t to, std::int64_t chan) {
      const auto [it, fresh] = conns.try_emplace({from, to, chan}, conns_.size());
      if (fresh) conns_.emplace_back();
      return it->second;
    };
    gpu_tb_.resize(p_.gpus.size());
    for (std::uint32_t g = 0; g < p_.gpus.size(); ++g) {
      const auto& tbs = p_.gpus[g].tbs;
      for (std::uint32_t t = 0; t < tbs.size(); ++t) {
        gpu_tb_[g].push_back(tbs_.size());
        Tb& tb = tbs_.emplace_back();
        tb.gpu = g;
        tb.local = t;
        tb.first = runs_.size();
        if (tbs[t].send >= 0) tb.out = conn(g, tbs[t].send, tbs[t].chan);
        if (tbs[t].recv >= 0) tb.in = conn(static_cast<std::uint32_t>(tbs[t].recv), g, tbs[t].chan);
        if (tb.out != kNever) conns_[tb.out].sender = tbs_.size() - 1;
        if (tb.in != kNever) conns_[tb.in].receiver = tbs_.size() - 1;
        flatten_tb(g, t);
        tb.count = runs_.size() - tb.first;
      }
    }
    for (std::uint32_t g = 0; g < p_.gpus.size(); ++g)
      for (std::uint32_t t = 0; t < p_.gpus[g].tbs.size(); ++t) resolve_waits(g, t);
    match_messages();
  }

  void match_messages() {
    for (Connection& c : conns_)
      for (std::size_t i = 0; i < c.sends.size(); ++i) {
        MscclMessage& m = out_.messages.emplace_back();
        m.from = runs_[c.sends[i]].gpu;
        m.to = runs_[c.recvs[i]].gpu;
        m.send_step = c.sends[i];
        m.recv_step = c.recvs[i];
        runs_[c.sends[i]].msg_out = runs_[c.recvs[i]].msg_in = out_.messages.size() - 1;
      }
  }

  /// The run steps of a threadblock: nops dropped, their dependencies moved to the next step.
  void flatten_tb(std::uint32_t g, std::uint32_t t) {
    const MscclTb& tb = p_.gpus[g].tbs[t];
    Tb& state = tbs_.back();
    flagged_.emplace_back();
    std::vector<std::pair<std::int64_t, std::int64_t>> deps;  // (tb, position) to wait for
    for (std::uint32_t s = 0; s < tb.steps.size(); ++s) {
      const MscclStep& st = tb.steps[s];
      if (st.depid >= 0) deps.emplace_back(st.depid, st.deps);
      if (st.op == MscclOp::Nop) continue;
      Run& r = runs_.emplace_back();
      r.gpu = g;
      r.tb = t;
      r.global_tb = tbs_.size() - 1;
      r.index = static_cast<std::uint32_t>(runs_.size() - 1 - state.first);
      r.st = &st;
      pending_deps_.push_back(std::move(deps));
      deps.clear();
      out_.steps.push_back({g, t, s, st.op});
      if (st.hasdep) flagged_.back().emplace_back(s, runs_.size() - 1);
      if (info(st.op).sends) conns_[state.out].sends.push_back(runs_.size() - 1);
      if (info(st.op).receives) conns_[state.in].recvs.push_back(runs_.size() - 1);
    }
  }

  /// A dependency on (tb, position) is met when that tb ends its first run step at or after the
  /// position that sets the flag (found by binary search among the tb's flagged steps).
  void resolve_waits(std::uint32_t g, std::uint32_t t) {
    const Tb& tb = tbs_[gpu_tb_[g][t]];
    for (std::size_t x = tb.first; x < tb.first + tb.count; ++x)
      for (const auto& [dt, pos] : pending_deps_[x]) {
        const auto& flagged = flagged_[gpu_tb_[g][static_cast<std::size_t>(dt)]];
        const auto it = std::lower_bound(flagged.begin(), flagged.end(), pos,
                                         [](const std::pair<std::int64_t, std::size_t>& f,
                                            std::int64_t p) { return f.first < p; });
        const std::size_t met = it == flagged.end() ? kNever : it->second;
        runs_[x].waits.push_back(met);
        if (met != kNever) {
          satisfier_[met] = {};
          out_.waits_from.push_back(met);
          out_.waits_to.push_back(x);
        }
      }
  }

  /// The chunk moves and the vector clocks (every threadblock's, every waited-for step's and
  /// every message's, each over all threadblocks), refused over their budgets before they exist.
  void budget() {
    std::uint64_t moves = 0;
    for (const Run& r : runs_) moves += static_cast<std::uint64_t>(r.st->cnt);
    if (moves > kMscclMaxChunkMoves)
      throw InputError(
          fmt::format("MSCCL-IR: the program moves {} chunks, more than the run checks ({}, "
                      "kMscclMaxChunkMoves)",
                      moves, kMscclMaxChunkMoves));
    const std::uint64_t tbs = tbs_.size();
    const std::uint64_t clock_words =
        mul_sat(tbs, add_sat(tbs, add_sat(satisfier_.size(), out_.messages.size())));
    if (clock_words > kMscclMaxClockWords)
      throw InputError(fmt::format(
          "MSCCL-IR: ordering the program's accesses needs {} clock entries, more than {} "
          "(kMscclMaxClockWords: threadblocks x (threadblocks + waited-for steps + messages))",
          clock_words, kMscclMaxClockWords));
    check_memory(mul_sat(clock_words, sizeof(std::uint32_t)), "ordering the program's accesses");
    for (Tb& tb : tbs_) tb.clock.assign(tbs, 0);
    send_clock_.resize(out_.messages.size());
    out_.chunk_moves = moves;
  }

  /// Where each gpu's buffers lie in its memory: apart out of place; in place as the runtime
  /// aliases them for the collective (the input in the output, or the output in the input).
  void regions() {
    base_.push_back(0);
    for (std::uint32_t g = 0; g < p_.gpus.size(); ++g) {
      const MscclGpu& gpu = p_.gpus[g];
      region_.push_back(msccl_regions(c_, o_.in_place, g,
                                      std::max(gpu.i_chunks, c_.input_chunks(g)),
                                      std::max(gpu.o_chunks, c_.output_chunks(g))));
      base_.push_back(base_.back() + static_cast<std::size_t>(region_.back().s + gpu.s_chunks));
    }
    slots_.resize(base_.back());
  }

  void initial_values() {
    for (std::uint32_t g = 0; g < p_.gpus.size(); ++g) {
      const std::int64_t inputs = c_.checked ? c_.input_chunks(g) : p_.gpus[g].i_chunks;
      for (std::int64_t j = 0; j < inputs; ++j)
        slot(g, {'i', j}).value = input_value(g, static_cast<std::uint64_t>(j));
    }
  }

  SymbolicSlot& slot(std::uint32_t g, const MscclRef& r) {
    const MscclRegions& at = region_[g];
    const std::int64_t base = r.buf == 'i' ? at.i : r.buf == 'o' ? at.o : at.s;
    return slots_[base_[g] + static_cast<std::size_t>(base + r.off)];
  }

  // ---- execution ----

  void wake(std::size_t t) {
    if (t == kNever) return;
    if (queued_.size() < tbs_.size()) queued_.resize(tbs_.size(), 0);
    if (queued_[t]) return;
    queued_[t] = 1;
    work_.push_back(t);
  }

  void advance(std::size_t t) {
    Tb& tb = tbs_[t];
    while (tb.pc < tb.count && !out_.verdict.violation) {
      const std::size_t x = tb.first + tb.pc;
      if (!tb.started && !start(t, x)) return;
      if (!execute(t, x)) return;
      complete(t, x);
    }
  }

  bool ended(std::size_t x) const { return tbs_[runs_[x].global_tb].pc > runs_[x].index; }

  /// Waits for the step's dependencies; a step that does not receive then takes its accesses
  /// (a receiving one takes them when its message's first operation arrives).
  bool start(std::size_t t, std::size_t x) {
    Tb& tb = tbs_[t];
    const Run& r = runs_[x];
    for (std::size_t w : r.waits) {
      if (w == kNever) return false;
      if (!ended(w)) {
        waiters_[runs_[w].global_tb].emplace(runs_[w].index, t);
        return false;
      }
    }
    for (std::size_t w : r.waits) join(tb.clock, satisfier_.at(w));
    tb.started = true;
    tb.accessed = false;
    tb.progress = 0;
    if (!info(r.st->op).receives) return take_accesses(t, x);
    return true;
  }

  /// The step's reads and writes, checked for races and input writes; a send's snapshot of the
  /// clock goes with its message.
  bool take_accesses(std::size_t t, std::size_t x) {
    Tb& tb = tbs_[t];
    const Run& r = runs_[x];
    const MscclStep& st = *r.st;
    const MscclOpInfo& op = info(st.op);
    tb.accessed = true;
    tb.src.clear();
    tb.pending.assign(static_cast<std::size_t>(st.cnt), nullptr);
    if (op.writes_dst && st.dst.buf == 'i' && !o_.in_place)
      return fail(Rule::InputWrite, r.gpu,
                  fmt::format("{} writes input chunk {}: an out-of-place collective leaves its "
                              "input buffer as it was",
                              name(x), st.dst.off));
    for (std::int64_t k = 0; k < st.cnt; ++k) {
      if (op.reads_src) tb.src.push_back(read(x, {st.src.buf, st.src.off + k}, op.sends));
      if (op.reads_dst)
        tb.pending[static_cast<std::size_t>(k)] = read(x, {st.dst.buf, st.dst.off + k}, false);
      if (op.writes_dst) write(x, {st.dst.buf, st.dst.off + k});
      if (out_.verdict.violation) return false;
    }
    if (op.sends) {
      Clock snap = tb.clock;
      snap[r.global_tb] = r.index + 1;  // the send itself is ordered before its receive
      send_clock_[r.msg_out] = std::move(snap);
    }
    return true;
  }

  /// Moves the step's chunks as far as the connections allow; true when all have moved.
  bool execute(std::size_t t, std::size_t x) {
    Tb& tb = tbs_[t];
    const MscclStep& st = *runs_[x].st;
    const MscclOpInfo& op = info(st.op);
    if (!op.sends && !op.receives) {
      for (std::size_t k = 0; k < tb.pending.size(); ++k)
        tb.pending[k] = st.op == MscclOp::Reduce ? combine(tb.pending[k], tb.src[k]) : tb.src[k];
      return true;
    }
    const std::int64_t per_op = o_.buffering.chunks_per_op;
    while (tb.progress < st.cnt) {
      if (op.receives && conns_[tb.in].fifo.empty()) return false;
      if (op.sends && conns_[tb.out].fifo.size() >= o_.buffering.ops) return false;
      if (op.receives && !tb.accessed) {
        join(tb.clock, send_clock_[runs_[x].msg_in]);
        if (!take_accesses(t, x)) return false;
      }
      std::vector<MscclValue> got;
      if (op.receives) {
        got = std::move(conns_[tb.in].fifo.front());
        conns_[tb.in].fifo.pop_front();
        wake(conns_[tb.in].sender);
      }
      const std::int64_t moved = std::min(per_op, st.cnt - tb.progress);
      std::vector<MscclValue> made = move_chunks(tb, st, got, moved);
      tb.progress += moved;
      if (op.sends) {
        auto& sent = out_.messages[runs_[x].msg_out].values;
        sent.insert(sent.end(), made.begin(), made.end());
        conns_[tb.out].fifo.push_back(std::move(made));
        wake(conns_[tb.out].receiver);
      }
    }
    return true;
  }

  /// One operation: `moved` chunks from tb.progress on, received (`got`) and or read locally;
  /// returns what it sends.
  std::vector<MscclValue> move_chunks(Tb& tb, const MscclStep& st,
                                      const std::vector<MscclValue>& got, std::int64_t moved) {
    const MscclOpInfo& op = info(st.op);
    std::vector<MscclValue> made;
    for (std::int64_t j = 0; j < moved; ++j) {
      const auto k = static_cast<std::size_t>(tb.progress + j);
      const MscclValue in = op.receives ? got.at(static_cast<std::size_t>(j)) : nullptr;
      const MscclValue value = reduces(st.op) ? combine(tb.src[k], in)
                               : op.receives  ? in
                                              : tb.src[k];
      if (op.writes_dst) tb.pending[k] = value;
      if (op.sends) made.push_back(value);
    }
    return made;
  }

  void complete(std::size_t t, std::size_t x) {
    Tb& tb = tbs_[t];
    const MscclStep& st = *runs_[x].st;
    if (info(st.op).writes_dst)
      for (std::int64_t k = 0; k < st.cnt; ++k)
        slot(tb.gpu, {st.dst.buf, st.dst.off + k}).value = tb.pending[static_cast<std::size_t>(k)];
    ++tb.pc;
    out_.order.push_back(x);
    tb.started = false;
    tb.clock[t] = static_cast<std::uint32_t>(tb.pc);
    if (auto it = satisfier_.find(x); it != satisfier_.end()) it->second = tb.clock;
    auto& waiting = waiters_[t];
    while (!waiting.empty() && waiting.begin()->first < tb.pc) {
      wake(waiting.begin()->second);
      waiting.erase(waiting.begin());
    }
  }

  // ---- accesses ----

  std::string place(const MscclRef& r) const {
    return fmt::format("{} chunk {}",
                       r.buf == 'i'   ? "input"
                       : r.buf == 'o' ? "output"
                                      : "scratch",
                       r.off);
  }

  std::string name(std::size_t x) const {
    const MscclRunStep& s = out_.steps[x];
    return step_name(s.gpu, s.tb, s.position, s.op);
  }

  void race(std::size_t x, const MscclRef& r, bool writing, const Conflict& c) {
    fail(Rule::Race, runs_[x].gpu,
         fmt::format("{} {} {} while {} {} it, and nothing orders the two (no dependency, no "
                     "message chain)",
                     name(x), writing ? "writes" : "reads", place(r), name(c.other.step),
                     c.other_writes ? "writes" : "reads"));
  }

  MemoryAccess access(std::size_t x) const { return {runs_[x].global_tb, runs_[x].index, x}; }

  MscclValue read(std::size_t x, const MscclRef& r, bool sending) {
    const Tb& tb = tbs_[runs_[x].global_tb];
    SymbolicSlot& s = slot(tb.gpu, r);
    if (const auto c = record_read(s, access(x), tb.clock)) {
      race(x, r, false, *c);
      return nullptr;
    }
    if (s.write.thread != kNoThread) note_data(s.write.step, x, sending);
    return s.value;
  }

  void write(std::size_t x, const MscclRef& r) {
    const Tb& tb = tbs_[runs_[x].global_tb];
    if (const auto c = record_write(slot(tb.gpu, r), access(x), tb.clock)) race(x, r, true, *c);
  }

  void note_data(std::size_t from, std::size_t to, bool sending) {
    if (from == to) return;
    const bool received = info(runs_[from].st->op).receives;
    const MscclDataEdge e{from, to, received, sending};
    if (last_edge_ && last_edge_->from == from && last_edge_->to == to &&
        last_edge_->sending == sending)
      return;
    out_.data.push_back(e);
    last_edge_ = e;
  }

  MscclValue combine(const MscclValue& a, const MscclValue& b) { return combiner_.combine(a, b); }

  // ---- verdicts ----

  bool fail(Rule rule, std::uint32_t gpu, std::string message) {
    if (!out_.verdict.violation)
      out_.verdict = Verdict::violated(
          {rule, std::nullopt, std::nullopt, NodeId(gpu), std::nullopt, std::move(message)});
    return false;
  }

  /// Why threadblock t (unfinished) waits, and on which threadblock.
  Blocked blocked(std::size_t t) const {
    const Tb& tb = tbs_[t];
    const Run& r = runs_[tb.first + tb.pc];
    const MscclTb& ir = p_.gpus[tb.gpu].tbs[tb.local];
    for (std::size_t w : r.waits) {
      if (w == kNever)
        return {kNever,
                "waits for a step of its gpu that no flagged step (hasdep) "
                "follows",
                false};
      if (!ended(w)) return {runs_[w].global_tb, "waits for " + name(w), false};
    }
    if (info(r.st->op).receives && conns_[tb.in].fifo.empty())
      return {conns_[tb.in].sender, fmt::format("waits for a message from gpu {}", ir.recv), false};
    return {conns_[tb.out].receiver,
            fmt::format("waits for room to send to gpu {} (the connection is full: {})", ir.send,
                        o_.buffering.describe()),
            true};
  }

  /// The first unfinished threadblock's chain of waits, to the cycle it ends in (or to a wait
  /// nothing will meet), told from a blocked send where the cycle has one.
  void deadlock() {
    std::size_t start = kNever;
    for (std::size_t t = 0; t < tbs_.size() && start == kNever; ++t)
      if (tbs_[t].pc < tbs_[t].count) start = t;
    if (start == kNever) return;
    std::vector<std::size_t> chain;
    std::map<std::size_t, std::size_t> seen;
    std::size_t t = start;
    while (t != kNever && !seen.count(t)) {
      seen[t] = chain.size();
      chain.push_back(t);
      t = blocked(t).on;
    }
    if (t == kNever) {  // the chain ends in a wait nothing will meet: that step is the cause
      const Tb& tb = tbs_[chain.back()];
      fail(Rule::Deadlock, tb.gpu, name(tb.first + tb.pc) + " " + blocked(chain.back()).why);
      return;
    }
    std::vector<std::size_t> cycle(chain.begin() + static_cast<std::ptrdiff_t>(seen[t]),
                                   chain.end());
    const auto send =
        std::find_if(cycle.begin(), cycle.end(), [&](std::size_t b) { return blocked(b).sending; });
    std::rotate(cycle.begin(), send == cycle.end() ? cycle.begin() : send, cycle.end());
    constexpr std::size_t kShown = 4;
    std::string text;
    for (std::size_t i = 0; i < std::min(cycle.size(), kShown); ++i) {
      const Tb& tb = tbs_[cycle[i]];
      text += (i ? "; " : "") + name(tb.first + tb.pc) + " " + blocked(cycle[i]).why;
    }
    if (cycle.size() > kShown)
      text += fmt::format("; ... (a cycle of {} threadblocks, each waiting for the next)",
                          cycle.size());
    else if (cycle.size() > 1)
      text += " (each waits for the next: a cycle)";
    fail(Rule::Deadlock, tbs_[cycle.front()].gpu, text);
  }

  /// A <copy> that targets output chunk k of gpu g: the runtime skips it.
  std::string copy_note(std::uint32_t g, std::int64_t k) const {
    for (const MscclCopy& c : p_.gpus[g].copies)
      if (k >= c.o_off && k < c.o_off + c.cnt)
        return fmt::format(" (its <copy> of input chunk {} there is skipped by the runtime)",
                           c.i_off + (k - c.o_off));
    return "";
  }

  void result() {
    for (std::uint32_t g = 0; g < p_.gpus.size(); ++g)
      for (std::int64_t k = 0; k < c_.output_chunks(g); ++k) {
        const MscclValue& v = slot(g, {'o', k}).value;
        const auto want = expected_value(c_.coll, c_.gpus, c_.per_rank, c_.root.value_or(0), g,
                                         static_cast<std::uint64_t>(k));
        if (v && *v == want) continue;
        const std::string wanted = describe_expected(want);
        fail(Rule::Result, g,
             fmt::format("gpu {} ends with {} in output chunk {}, where the {} puts {}{}", g,
                         describe(v), k, c_.coll, wanted, copy_note(g, k)));
        return;
      }
  }

  const MscclProgram& p_;
  const MscclCollective& c_;
  const MscclRunOptions& o_;
  MscclRun out_;
  std::vector<Run> runs_;
  std::vector<std::vector<std::pair<std::int64_t, std::int64_t>>> pending_deps_;
  /// Per tb (global index): its flagged run steps as (position, run step), in order.
  std::vector<std::vector<std::pair<std::int64_t, std::size_t>>> flagged_;
  std::vector<Tb> tbs_;
  std::vector<std::vector<std::size_t>> gpu_tb_;
  std::vector<Connection> conns_;
  std::unordered_map<std::size_t, Clock> satisfier_;  ///< clock at the step's end
  std::vector<Clock> send_clock_;                     ///< per message: the send's clock
  std::unordered_map<std::size_t, std::multimap<std::uint32_t, std::size_t>> waiters_;
  std::vector<std::size_t> work_;
  std::vector<char> queued_;
  std::vector<MscclRegions> region_;
  std::vector<std::size_t> base_;
  std::vector<SymbolicSlot> slots_;
  std::optional<MscclDataEdge> last_edge_;
  ValueCombiner combiner_{c_.gpus};
};

}  // namespace

MscclRun run_msccl(const MscclProgram& p, const MscclCollective& c, const MscclRunOptions& o) {
  return Runner(p, c, o).run();
}

}  // namespace netsched::exec
