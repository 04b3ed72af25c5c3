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
constexpr std::uint32_t kNoTb = std::numeric_limits<std::uint32_t>::max();
/// The marker of a value no collective can want: a reduction with an unwritten chunk, or of
/// more inputs than there are gpus.
constexpr std::uint64_t kGarbage = std::numeric_limits<std::uint64_t>::max();

bool rooted(const std::string& coll) {
  return coll == "broadcast" || coll == "scatter" || coll == "gather" || coll == "reduce";
}

std::uint64_t contribution(std::uint64_t gpu, std::uint64_t off) { return gpu << 32U | off; }

std::string describe_input(std::uint64_t c) {
  return fmt::format("input chunk {} of gpu {}", contribution_offset(c), contribution_gpu(c));
}

}  // namespace

std::string describe(const MscclValue& v) {
  if (!v) return "nothing (it was never written)";
  if (!v->empty() && v->front() == kGarbage)
    return "garbage (a reduction with a chunk nobody wrote, or of more inputs than gpus)";
  if (v->size() == 1) return describe_input(v->front());
  std::string list;
  for (std::size_t i = 0; i < std::min<std::size_t>(v->size(), 3); ++i)
    list += (i ? ", " : "") + describe_input((*v)[i]);
  return fmt::format("a reduction of {} inputs ({}{})", v->size(), list,
                     v->size() > 3 ? ", ..." : "");
}

std::int64_t MscclCollective::input_chunks(std::uint32_t g) const {
  const std::int64_t n = gpus, c = per_rank;
  if (coll == "broadcast") return g == root ? c : 0;
  if (coll == "scatter") return g == root ? n * c : 0;
  if (coll == "alltoall" || coll == "reducescatter") return n * c;
  return c;
}

std::int64_t MscclCollective::output_chunks(std::uint32_t g) const {
  const std::int64_t n = gpus, c = per_rank;
  if (coll == "gather") return g == root ? n * c : 0;
  if (coll == "reduce") return g == root ? c : 0;
  if (coll == "allgather" || coll == "alltoall") return n * c;
  return c;
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

std::uint32_t find_root(const MscclProgram& p) {
  const bool from_input = p.coll == "broadcast" || p.coll == "scatter";
  const char buf = from_input ? 'i' : 'o';
  auto root = only_gpu(p, [&](const MscclGpu& g) { return g.chunks(buf) > 0; });
  if (!root) root = only_gpu(p, [&](const MscclGpu& g) { return touches(g, buf, !from_input); });
  if (!root)
    throw InputError(fmt::format(
        "MSCCL-IR: the {}'s root is not clear from the file (no single gpu {} its {} buffer); "
        "give --root",
        p.coll, from_input ? "reads" : "writes", from_input ? "input" : "output"));
  return *root;
}

}  // namespace

MscclCollective msccl_collective(const MscclProgram& p, std::optional<std::uint32_t> root) {
  MscclCollective c;
  c.coll = p.coll;
  c.gpus = static_cast<std::uint32_t>(p.gpus.size());
  if (rooted(p.coll)) {
    if (root && *root >= c.gpus)
      throw InputError(fmt::format("--root {} is not a gpu (0 to {})", *root, c.gpus - 1));
    c.root = root ? *root : find_root(p);
  } else if (root) {
    throw InputError("--root does not apply to " + p.coll);
  }
  // the chunks per rank, from the buffer that holds exactly c of them
  const MscclGpu& g0 = p.gpus[c.root.value_or(0)];
  const std::int64_t n = c.gpus;
  std::int64_t per = 0;
  if (p.coll == "alltoall" || p.coll == "scatter")
    per = g0.i_chunks % n == 0 ? g0.i_chunks / n : 0;
  else if (p.coll == "reducescatter")
    per = g0.o_chunks;
  else
    per = g0.i_chunks;
  if (per < 1)
    throw InputError(fmt::format(
        "MSCCL-IR: gpu {} declares {} input and {} output chunks, which is no {} layout",
        c.root.value_or(0), g0.i_chunks, g0.o_chunks, p.coll));
  c.per_rank = static_cast<std::uint32_t>(per);
  for (std::uint32_t g = 0; g < c.gpus; ++g) {
    const MscclGpu& gpu = p.gpus[g];
    const std::int64_t in = c.input_chunks(g), out = c.output_chunks(g);
    const bool in_ok = gpu.i_chunks == in || (in == 0 && gpu.i_chunks == c.input_chunks(*c.root));
    const bool out_ok =
        gpu.o_chunks == out || (out == 0 && c.root && gpu.o_chunks == c.output_chunks(*c.root));
    if (!in_ok || !out_ok)
      throw InputError(fmt::format(
          "MSCCL-IR: gpu {} declares {} input and {} output chunks; a {} of {} chunk(s) per rank "
          "on {} gpus needs {} and {}",
          g, gpu.i_chunks, gpu.o_chunks, p.coll, c.per_rank, n, in, out));
  }
  return c;
}

namespace {

/// Where a slot was last written and who read it since.
struct Access {
  std::uint32_t tb = kNoTb;  ///< threadblock (id on its gpu)
  std::uint32_t index = 0;   ///< the step's index among the threadblock's run steps
  std::size_t step = 0;      ///< the run step
};
struct Slot {
  MscclValue value;
  Access write;
  std::vector<Access> reads;
};

struct Run {
  std::uint32_t gpu = 0, tb = 0;  ///< tb: id on the gpu
  std::uint32_t index = 0;        ///< among its threadblock's run steps
  const MscclStep* st = nullptr;
  std::vector<std::size_t> waits;  ///< run steps whose end meets a dependency (kNever: none will)
  std::size_t msg_out = kNever, msg_in = kNever;
};

struct Tb {
  std::uint32_t gpu = 0, local = 0;
  std::size_t first = 0, count = 0, pc = 0;
  bool started = false;
  std::int64_t progress = 0;
  std::size_t out = kNever, in = kNever;  ///< connections
  std::vector<std::uint32_t> clock;       ///< steps of each tb of the gpu ordered before pc
  std::vector<MscclValue> src, pending;
};

struct Connection {
  std::deque<MscclValue> fifo;
  std::size_t sender = kNever, receiver = kNever;  ///< global tb indices
  std::vector<std::size_t> sends, recvs;           ///< run steps in order
};

class Runner {
 public:
  Runner(const MscclProgram& p, const MscclCollective& c) : p_(p), c_(c) {}

  MscclRun run() {
    check_clocks(std::vector<std::uint64_t>(p_.gpus.size(), 0));  // before the clocks exist
    flatten();
    budget();
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
    if (!out_.verdict.violation) out_.verdict = Verdict::holds();
    return std::move(out_);
  }

 private:
  // ---- the program as the runtime holds it ----

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
        tb.clock.assign(tbs.size(), 0);
      }
    }
    for (std::uint32_t g = 0; g < p_.gpus.size(); ++g)
      for (std::uint32_t t = 0; t < p_.gpus[g].tbs.size(); ++t) resolve_waits(g, t);
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

  void budget() {
    std::uint64_t moves = 0;
    for (const Run& r : runs_) moves += static_cast<std::uint64_t>(r.st->cnt);
    if (moves > kMscclMaxChunkMoves)
      throw InputError(
          fmt::format("MSCCL-IR: the program moves {} chunks, more than the run checks ({}, "
                      "kMscclMaxChunkMoves)",
                      moves, kMscclMaxChunkMoves));
    std::vector<std::uint64_t> snapshots(p_.gpus.size(), 0);
    for (const auto& [x, unused] : satisfier_) ++snapshots[runs_[x].gpu];
    check_clocks(snapshots);
    out_.chunk_moves = moves;
  }

  /// Every threadblock keeps a clock per threadblock of its gpu, and so does every waited-for
  /// step (`snapshots` per gpu): refused above kMscclMaxClockWords before they are allocated.
  void check_clocks(const std::vector<std::uint64_t>& snapshots) const {
    std::uint64_t clock_words = 0;
    for (std::uint32_t g = 0; g < p_.gpus.size(); ++g) {
      const std::uint64_t tbs = p_.gpus[g].tbs.size();
      clock_words = add_sat(clock_words, mul_sat(tbs, tbs + snapshots[g]));
    }
    if (clock_words > kMscclMaxClockWords)
      throw InputError(fmt::format(
          "MSCCL-IR: ordering the program's accesses needs {} clock entries, more than {} "
          "(kMscclMaxClockWords: threadblocks per gpu x (threadblocks + waited-for steps))",
          clock_words, kMscclMaxClockWords));
  }

  void initial_values() {
    slot_base_.push_back(0);
    for (const MscclGpu& g : p_.gpus)
      slot_base_.push_back(slot_base_.back() +
                           static_cast<std::size_t>(g.i_chunks + g.o_chunks + g.s_chunks));
    slots_.resize(slot_base_.back());
    for (std::uint32_t g = 0; g < p_.gpus.size(); ++g)
      for (std::int64_t j = 0; j < c_.input_chunks(g); ++j)
        slot(g, {'i', j}).value = std::make_shared<const std::vector<std::uint64_t>>(
            1, contribution(g, static_cast<std::uint64_t>(j)));
  }

  Slot& slot(std::uint32_t g, const MscclRef& r) {
    const MscclGpu& gpu = p_.gpus[g];
    const std::int64_t base = r.buf == 'i'   ? 0
                              : r.buf == 'o' ? gpu.i_chunks
                                             : gpu.i_chunks + gpu.o_chunks;
    return slots_[slot_base_[g] + static_cast<std::size_t>(base + r.off)];
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

  bool ended(std::size_t x) const {
    const Run& r = runs_[x];
    return tbs_[gpu_tb_[r.gpu][r.tb]].pc > r.index;
  }

  /// Waits for the step's dependencies, then takes its accesses (checked for races) and reads.
  bool start(std::size_t t, std::size_t x) {
    Tb& tb = tbs_[t];
    const Run& r = runs_[x];
    for (std::size_t w : r.waits) {
      if (w == kNever) return false;
      if (!ended(w)) {
        waiters_[gpu_tb_[runs_[w].gpu][runs_[w].tb]].emplace(runs_[w].index, t);
        return false;
      }
    }
    for (std::size_t w : r.waits) {
      const auto& snap = satisfier_.at(w);
      for (std::size_t i = 0; i < snap.size(); ++i) tb.clock[i] = std::max(tb.clock[i], snap[i]);
    }
    tb.started = true;
    tb.progress = 0;
    const MscclStep& st = *r.st;
    const MscclOpInfo& op = info(st.op);
    tb.src.clear();
    tb.pending.assign(static_cast<std::size_t>(st.cnt), nullptr);
    if (op.writes_dst && st.dst.buf == 'i')
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
    for (; tb.progress < st.cnt; ++tb.progress) {
      const auto k = static_cast<std::size_t>(tb.progress);
      if (op.receives && conns_[tb.in].fifo.empty()) return false;
      if (op.sends && conns_[tb.out].fifo.size() >= kMscclConnectionChunks) return false;
      MscclValue got;
      if (op.receives) {
        got = conns_[tb.in].fifo.front();
        conns_[tb.in].fifo.pop_front();
        wake(conns_[tb.in].sender);
      }
      const MscclValue made = reduces(st.op) ? combine(tb.src[k], got)
                              : op.receives  ? got
                                             : tb.src[k];
      if (op.writes_dst) tb.pending[k] = made;
      if (op.sends) {
        conns_[tb.out].fifo.push_back(made);
        out_.messages[runs_[x].msg_out].values.push_back(made);
        wake(conns_[tb.out].receiver);
      }
    }
    return true;
  }

  void complete(std::size_t t, std::size_t x) {
    Tb& tb = tbs_[t];
    const MscclStep& st = *runs_[x].st;
    if (info(st.op).writes_dst)
      for (std::int64_t k = 0; k < st.cnt; ++k)
        slot(tb.gpu, {st.dst.buf, st.dst.off + k}).value = tb.pending[static_cast<std::size_t>(k)];
    ++tb.pc;
    tb.started = false;
    tb.clock[tb.local] = static_cast<std::uint32_t>(tb.pc);
    if (auto it = satisfier_.find(x); it != satisfier_.end()) it->second = tb.clock;
    auto& waiting = waiters_[t];
    while (!waiting.empty() && waiting.begin()->first < tb.pc) {
      wake(waiting.begin()->second);
      waiting.erase(waiting.begin());
    }
  }

  // ---- accesses ----

  bool ordered(const Access& a, const Tb& tb) const {
    return a.tb == kNoTb || a.tb == tb.local || tb.clock[a.tb] > a.index;
  }

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

  void race(std::size_t x, const MscclRef& r, bool writing, const Access& other,
            bool other_writes) {
    fail(Rule::Race, runs_[x].gpu,
         fmt::format("{} {} {} while {} {} it, and no dependency orders the two", name(x),
                     writing ? "writes" : "reads", place(r), name(other.step),
                     other_writes ? "writes" : "reads"));
  }

  Access access(std::size_t x) const { return {runs_[x].tb, runs_[x].index, x}; }

  MscclValue read(std::size_t x, const MscclRef& r, bool sending) {
    const Tb& tb = tbs_[gpu_tb_[runs_[x].gpu][runs_[x].tb]];
    Slot& s = slot(tb.gpu, r);
    if (!ordered(s.write, tb)) {
      race(x, r, false, s.write, true);
      return nullptr;
    }
    if (s.write.tb != kNoTb) note_data(s.write.step, x, sending);
    auto same = std::find_if(s.reads.begin(), s.reads.end(),
                             [&](const Access& a) { return a.tb == tb.local; });
    if (same != s.reads.end())
      *same = access(x);
    else
      s.reads.push_back(access(x));
    return s.value;
  }

  void write(std::size_t x, const MscclRef& r) {
    const Tb& tb = tbs_[gpu_tb_[runs_[x].gpu][runs_[x].tb]];
    Slot& s = slot(tb.gpu, r);
    if (!ordered(s.write, tb)) return race(x, r, true, s.write, true);
    for (const Access& a : s.reads)
      if (!ordered(a, tb)) return race(x, r, true, a, false);
    s.write = access(x);
    s.reads.clear();
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

  MscclValue combine(const MscclValue& a, const MscclValue& b) {
    static const MscclValue garbage =
        std::make_shared<const std::vector<std::uint64_t>>(1, kGarbage);
    if (!a || !b || a->front() == kGarbage || b->front() == kGarbage) return garbage;
    if (a->size() + b->size() > c_.gpus) return garbage;
    contributions_ += a->size() + b->size();
    if (contributions_ > kMscclMaxContributions)
      throw InputError(
          fmt::format("MSCCL-IR: the program's reductions hold more than {} inputs in all "
                      "(kMscclMaxContributions)",
                      kMscclMaxContributions));
    auto v = std::make_shared<std::vector<std::uint64_t>>();
    v->reserve(a->size() + b->size());
    std::merge(a->begin(), a->end(), b->begin(), b->end(), std::back_inserter(*v));
    return v;
  }

  // ---- verdicts ----

  bool fail(Rule rule, std::uint32_t gpu, std::string message) {
    if (!out_.verdict.violation)
      out_.verdict = Verdict::violated(
          {rule, std::nullopt, std::nullopt, NodeId(gpu), std::nullopt, std::move(message)});
    return false;
  }

  void deadlock() {
    for (const Tb& tb : tbs_) {
      if (tb.pc == tb.count) continue;
      const std::size_t x = tb.first + tb.pc;
      const Run& r = runs_[x];
      std::string why;
      for (std::size_t w : r.waits)
        if (w == kNever)
          why = "waits for a step of its gpu that no flagged step (hasdep) follows";
        else if (!ended(w))
          why = "waits for " + name(w) + ", which never ends";
      if (why.empty() && tb.started && info(r.st->op).receives && conns_[tb.in].fifo.empty())
        why = fmt::format("waits for a message from gpu {} that is never sent",
                          p_.gpus[tb.gpu].tbs[tb.local].recv);
      if (why.empty())
        why = fmt::format("waits for room to send to gpu {}: the message is never received",
                          p_.gpus[tb.gpu].tbs[tb.local].send);
      fail(Rule::Deadlock, tb.gpu, name(x) + " " + why);
      return;
    }
  }

  /// The value gpu g must hold in output chunk k.
  std::vector<std::uint64_t> expected(std::uint32_t g, std::uint64_t k) const {
    const std::uint64_t n = c_.gpus, c = c_.per_rank, root = c_.root.value_or(0);
    const std::string& coll = c_.coll;
    if (coll == "allgather" || coll == "gather") return {contribution(k / c, k % c)};
    if (coll == "alltoall") return {contribution(k / c, g * c + k % c)};
    if (coll == "broadcast") return {contribution(root, k)};
    if (coll == "scatter") return {contribution(root, g * c + k)};
    std::vector<std::uint64_t> all;
    const std::uint64_t off = coll == "reducescatter" ? g * c + k : k;
    for (std::uint64_t h = 0; h < n; ++h) all.push_back(contribution(h, off));
    return all;
  }

  void result() {
    for (std::uint32_t g = 0; g < p_.gpus.size(); ++g)
      for (std::int64_t k = 0; k < c_.output_chunks(g); ++k) {
        const MscclValue& v = slot(g, {'o', k}).value;
        const auto want = expected(g, static_cast<std::uint64_t>(k));
        if (v && *v == want) continue;
        const std::string wanted =
            want.size() == 1 ? describe(std::make_shared<const std::vector<std::uint64_t>>(want))
                             : fmt::format("the reduction of input chunk {} of every gpu",
                                           contribution_offset(want.front()));
        fail(Rule::Result, g,
             fmt::format("gpu {} ends with {} in output chunk {}, where the {} puts {}", g,
                         describe(v), k, c_.coll, wanted));
        return;
      }
  }

  const MscclProgram& p_;
  const MscclCollective& c_;
  MscclRun out_;
  std::vector<Run> runs_;
  std::vector<std::vector<std::pair<std::int64_t, std::int64_t>>> pending_deps_;
  /// Per tb (global index): its flagged run steps as (position, run step), in order.
  std::vector<std::vector<std::pair<std::int64_t, std::size_t>>> flagged_;
  std::vector<Tb> tbs_;
  std::vector<std::vector<std::size_t>> gpu_tb_;
  std::vector<Connection> conns_;
  std::unordered_map<std::size_t, std::vector<std::uint32_t>> satisfier_;  ///< clock at its end
  std::unordered_map<std::size_t, std::multimap<std::uint32_t, std::size_t>> waiters_;
  std::vector<std::size_t> work_;
  std::vector<char> queued_;
  std::vector<std::size_t> slot_base_;
  std::vector<Slot> slots_;
  std::optional<MscclDataEdge> last_edge_;
  std::uint64_t contributions_ = 0;
};

}  // namespace

MscclRun run_msccl(const MscclProgram& p, const MscclCollective& c) { return Runner(p, c).run(); }

}  // namespace netsched::exec
