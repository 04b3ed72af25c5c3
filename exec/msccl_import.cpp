// MSCCL-IR import: read, check, run; then the run's messages as synchronous steps
// (exec/msccl_ir.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include "core/errors.hpp"
#include "exec/msccl_ir.hpp"

namespace netsched::exec {

namespace {

/// For a deadlock at the program's buffering: the largest size at which it completes. More
/// chunks an operation is more buffering, which never lets a program deadlock that completed
/// with less, so the least that completes is found by bisection.
std::optional<std::uint64_t> completes_up_to(const MscclImport& im) {
  const MscclModeRun& r = im.decisive();
  const auto& v = r.run.verdict.violation;
  if (!v || v->rule != Rule::Deadlock) return std::nullopt;
  const auto completes = [&](std::uint32_t chunks) {
    MscclRunOptions o{r.mode == "in-place", im.buffering};
    o.buffering.chunks_per_op = chunks;
    const Verdict w = run_msccl(im.program, im.collective, o).verdict;
    return !w.violation || w.violation->rule != Rule::Deadlock;
  };
  auto lo = im.buffering.chunks_per_op;  // deadlocks
  auto hi = static_cast<std::uint32_t>(kMscclMaxCount);
  if (lo >= hi || !completes(hi)) return std::nullopt;
  while (hi - lo > 1) {
    const std::uint32_t mid = lo + (hi - lo) / 2;
    (completes(mid) ? hi : lo) = mid;
  }
  const std::uint64_t bytes = largest_bytes_for(im.program, hi);
  if (bytes == 0 || bytes < static_cast<std::uint64_t>(im.program.min_bytes)) return std::nullopt;
  return bytes;
}

}  // namespace

const MscclModeRun& MscclImport::decisive() const {
  for (const MscclModeRun& r : runs)
    if (!r.run.verdict.ok()) return r;
  return runs.front();
}

MscclImport check_program(MscclProgram program, const MscclImportOptions& options) {
  MscclImport im;
  im.program = std::move(program);
  MscclLimits limits;
  limits.steps_per_tb = options.max_steps_per_tb;
  check_msccl(im.program, options.runtime_limits ? &limits : nullptr);
  im.collective = msccl_collective(im.program, options.root);
  im.buffering = msccl_buffering(im.program, options.bytes);
  const MscclModes modes = msccl_modes(im.program);
  for (const bool in_place : {false, true}) {
    if (in_place ? !modes.in_place : !modes.out_of_place) continue;
    im.runs.push_back({in_place ? "in-place" : "out-of-place",
                       run_msccl(im.program, im.collective, {in_place, im.buffering})});
    if (!im.runs.back().run.verdict.ok()) break;
  }
  im.completes_up_to = completes_up_to(im);
  return im;
}

MscclImport import_msccl(std::string_view xml, const MscclImportOptions& options) {
  return check_program(parse_msccl(xml), options);
}

std::optional<std::string> why_no_schedule(const MscclCollective& c) {
  static const std::set<std::string> chunked = {"allgather", "alltoall", "broadcast", "scatter",
                                                "gather"};
  if (!chunked.count(c.coll))
    return "netsched's schedule files have no form for MSCCL's " + c.coll +
           " (its reductions are checked by the run only)";
  if (c.per_rank != 1 && c.coll != "allgather" && c.coll != "broadcast")
    return fmt::format(
        "netsched's schedule files move one chunk per rank (an all-gather's block and a "
        "broadcast's message may be in pieces); this {} moves {}",
        c.coll, c.per_rank);
  return std::nullopt;
}

namespace {

/// Times of the run's steps as a longest-path problem: two nodes per step (2x: when it takes
/// what it receives or acts locally, 2x+1: when it sends), edges "not earlier" (weight 0) and
/// "strictly later" (weight 1). A message's two ends get one time; what a step sends is
/// strictly later than the message that brought it. With `strict_chains`, a dependency of a
/// send on a send, or of a receive on a receive, is strictly later too: that is how an
/// exporter keeps a node's one-port order, and the steps keep it when they can.
class StepTimes {
 public:
  StepTimes(const MscclRun& run, bool strict_chains) : n_(2 * run.steps.size()), adj_(n_) {
    for (std::size_t x = 0; x < run.steps.size(); ++x) {
      const MscclOpInfo& op = info(run.steps[x].op);
      edge(2 * x, 2 * x + 1, op.receives && op.sends ? 1 : 0);
      const bool same_tb = x > 0 && run.steps[x - 1].gpu == run.steps[x].gpu &&
                           run.steps[x - 1].tb == run.steps[x].tb;
      if (same_tb) edge(2 * (x - 1) + 1, 2 * x, 0);
    }
    for (std::size_t i = 0; i < run.waits_from.size(); ++i) {
      const MscclOpInfo& from = info(run.steps[run.waits_from[i]].op);
      const MscclOpInfo& to = info(run.steps[run.waits_to[i]].op);
      const bool chain = (from.sends && to.sends) || (from.receives && to.receives);
      edge(2 * run.waits_from[i] + 1, 2 * run.waits_to[i], strict_chains && chain ? 1 : 0);
    }
    for (const MscclMessage& m : run.messages) {
      edge(2 * m.send_step + 1, 2 * m.recv_step, 0);
      edge(2 * m.recv_step, 2 * m.send_step + 1, 0);
    }
    for (const MscclDataEdge& d : run.data)
      edge(2 * d.from, 2 * d.to + (d.sending ? 1 : 0), d.received ? 1 : 0);
  }

  /// The time of every node; nullopt when a "strictly later" edge lies on a cycle.
  std::optional<std::vector<std::int64_t>> solve() {
    components();
    std::vector<std::int64_t> t(comps_, 0);
    // Tarjan numbers components in reverse topological order: the last found comes first.
    std::vector<std::vector<std::size_t>> members(comps_);
    for (std::size_t v = 0; v < n_; ++v) members[comp_[v]].push_back(v);
    for (std::size_t c = comps_; c-- > 0;)
      for (std::size_t v : members[c])
        for (const auto& [w, weight] : adj_[v]) {
          if (comp_[w] == c) {
            if (weight > 0) return std::nullopt;
            continue;
          }
          t[comp_[w]] = std::max(t[comp_[w]], t[c] + weight);
        }
    std::vector<std::int64_t> out(n_);
    for (std::size_t v = 0; v < n_; ++v) out[v] = t[comp_[v]];
    return out;
  }

 private:
  void edge(std::size_t a, std::size_t b, int w) { adj_[a].emplace_back(b, w); }

  /// Tarjan's strongly connected components, iteratively (programs have millions of steps).
  void components() {
    constexpr std::size_t kUnseen = static_cast<std::size_t>(-1);
    std::vector<std::size_t> index(n_, kUnseen), low(n_, 0);
    std::vector<char> on_stack(n_, 0);
    std::vector<std::size_t> stack;
    comp_.assign(n_, 0);
    std::size_t counter = 0;
    std::vector<std::pair<std::size_t, std::size_t>> call;  // (node, next edge)
    for (std::size_t root = 0; root < n_; ++root) {
      if (index[root] != kUnseen) continue;
      call.emplace_back(root, 0);
      while (!call.empty()) {
        auto& [v, e] = call.back();
        if (e == 0 && index[v] == kUnseen) {
          index[v] = low[v] = counter++;
          stack.push_back(v);
          on_stack[v] = 1;
        }
        if (e < adj_[v].size()) {
          const std::size_t w = adj_[v][e++].first;
          if (index[w] == kUnseen)
            call.emplace_back(w, 0);
          else if (on_stack[w])
            low[v] = std::min(low[v], index[w]);
          continue;
        }
        if (low[v] == index[v]) {
          std::size_t w = 0;
          do {
            w = stack.back();
            stack.pop_back();
            on_stack[w] = 0;
            comp_[w] = comps_;
          } while (w != v);
          ++comps_;
        }
        const std::size_t done = v;
        call.pop_back();
        if (!call.empty()) low[call.back().first] = std::min(low[call.back().first], low[done]);
      }
    }
  }

  std::size_t n_;
  std::vector<std::vector<std::pair<std::size_t, int>>> adj_;
  std::vector<std::size_t> comp_;
  std::size_t comps_ = 0;
};

/// netsched's collective and chunk id for the input chunk `c` of a one-chunk-per-rank program.
struct ChunkNames {
  const MscclCollective& c;
  Collective collective() const {
    const NodeId root(c.root.value_or(0));
    if (c.coll == "allgather") return Collective::pieced_all_gather(c.gpus, c.per_rank);
    if (c.coll == "alltoall") return Collective::total_exchange(c.gpus);
    if (c.coll == "broadcast") return Collective::pieced_broadcast(c.gpus, root, c.per_rank);
    if (c.coll == "scatter") return Collective::scatter(c.gpus, root);
    return Collective::gather(c.gpus, root);
  }
  std::optional<std::uint64_t> chunk(const MscclValue& v) const {
    if (!v || v->size() != 1) return std::nullopt;
    const std::uint64_t gpu = contribution_gpu(v->front()), off = contribution_offset(v->front());
    if (c.coll == "alltoall") return gpu * c.gpus + off;
    if (c.coll == "broadcast") return off;  // piece off of the message
    if (c.coll == "scatter") return off;
    if (c.coll == "allgather") return gpu * c.per_rank + off;  // piece off of gpu's block
    return gpu;                                                // gather
  }
};

}  // namespace

Schedule rebuild_schedule(const MscclImport& im, const std::string& topology, bool routed) {
  if (const auto why = why_no_schedule(im.collective)) throw InputError(*why);
  // Strict chains keep a node's one-port order where the exporter gave one; a program whose
  // nodes send to several peers at once (all-port) is rebuilt without them when that takes
  // fewer steps, so the rebuild keeps the program's parallelism.
  const MscclRun& run = im.runs.front().run;
  auto times = StepTimes(run, true).solve();
  const auto loose = StepTimes(run, false).solve();
  const auto last_time = [](const std::vector<std::int64_t>& t) {
    return t.empty() ? std::int64_t{0} : *std::max_element(t.begin(), t.end());
  };
  if (!times || (loose && last_time(*loose) < last_time(*times))) times = loose;
  if (!times)
    throw InputError(
        "the program's messages cannot be placed in synchronous steps (a message would carry "
        "data that arrives only with itself or later)");
  const std::vector<std::int64_t>& t = *times;
  const ChunkNames names{im.collective};
  std::map<std::tuple<std::int64_t, std::uint32_t, std::uint32_t>, std::set<std::uint64_t>> moves;
  for (const MscclMessage& m : run.messages) {
    std::set<std::uint64_t> chunks;
    for (const MscclValue& v : m.values)
      if (const auto ch = names.chunk(v)) chunks.insert(*ch);
    if (!chunks.empty())
      moves[{t[2 * m.send_step + 1], m.from, m.to}].insert(chunks.begin(), chunks.end());
  }
  Schedule s;
  s.collective = names.collective();
  s.topology = topology;
  s.algorithm = "msccl-ir: " + im.program.name;
  std::optional<std::int64_t> last;
  std::map<std::uint32_t, int> sends, recvs;
  bool one_port = true;
  for (const auto& [key, chunks] : moves) {
    const auto [time, from, to] = key;
    if (last != time) {
      s.steps.emplace_back();
      sends.clear();
      recvs.clear();
    }
    last = time;
    one_port = one_port && ++sends[from] == 1 && ++recvs[to] == 1;
    s.payloads.push_back(Payload::of_chunks({chunks.begin(), chunks.end()}));
    s.steps.back().transfers.push_back(
        {NodeId(from), NodeId(to), static_cast<std::uint32_t>(s.payloads.size() - 1)});
  }
  s.model = routed ? PortModel::Routed : one_port ? PortModel::OnePort : PortModel::AllPort;
  return s;
}

}  // namespace netsched::exec
