// MSCCL-IR XML export and import (exec/msccl_ir.hpp).
#include "exec/msccl_ir.hpp"

#include <algorithm>
#include <map>
#include <pugixml.hpp>
#include <sstream>
#include <stdexcept>

#include "core/structure.hpp"
#include "exec/loopback.hpp"

namespace netsched::exec {
namespace {

using K = Collective::Kind;

/// A place in a GPU's buffers: 'i' input, 'o' output, 's' scratch.
struct Loc {
  char buf = 'i';
  std::uint64_t off = 0;
  bool operator==(const Loc&) const = default;
};

/// A threadblock step; deps point at (tb, step) of the same GPU.
struct IrStep {
  std::string type;
  Loc src, dst;
  std::uint64_t cnt = 1;
  int depid = -1, deps = -1;
  bool hasdep = false;
};

struct Tb {
  int send = -1, recv = -1, chan = 0;
  std::vector<IrStep> steps;
};

using StepRef = std::pair<int, int>;  // (tb, step)

struct Gpu {
  std::vector<Tb> tbs;
  std::map<std::tuple<int, int, int>, int> index;  // (send, recv, chan) -> tb
  std::uint64_t scratch = 0;
  std::map<std::uint64_t, std::uint64_t> slot;  // transit chunk -> scratch slot
  std::map<std::uint64_t, StepRef> arrival;     // chunk -> the receive that brought it
  std::optional<StepRef> last_send, last_recv;
  int tb(int send, int recv, int chan) {
    auto [it, fresh] = index.try_emplace({send, recv, chan}, static_cast<int>(tbs.size()));
    if (fresh) tbs.push_back({send, recv, chan, {}});
    return it->second;
  }
};

const char* coll_name(K k) {
  return k == K::AllGather ? "allgather" : k == K::TotalExchange ? "alltoall" : "broadcast";
}

/// Where chunk c sits at node v (a transit chunk gets a scratch slot of its own).
Loc locate(const Collective& c, Gpu& g, std::uint32_t v, std::uint64_t ch) {
  const std::uint64_t n = c.nodes();
  if (c.origin(ch).v == v) return c.kind() == K::TotalExchange ? Loc{'i', ch % n} : Loc{'i', 0};
  if (c.is_destination(ch, NodeId(v)))
    return c.kind() == K::TotalExchange ? Loc{'o', ch / n}
                                        : Loc{'o', c.kind() == K::AllGather ? ch : 0};
  auto [it, fresh] = g.slot.try_emplace(ch, g.scratch);
  if (fresh) ++g.scratch;
  return {'s', it->second};
}

class Exporter {
 public:
  Exporter(const ExecPlan& plan, const MscclOptions& o) : plan_(plan), o_(o), gpus_(plan.nodes()) {
    const K k = plan.schedule().collective.kind();
    if (k != K::AllGather && k != K::TotalExchange && k != K::Broadcast)
      throw std::invalid_argument(
          "MSCCL-IR export covers all-gather, total exchange and "
          "broadcast; this schedule is " +
          plan.schedule().collective.name());
    constexpr std::uint32_t kLeast = 8;
    if (o.max_steps_per_tb < kLeast)
      throw std::invalid_argument("at least 8 steps per threadblock are needed, got " +
                                  std::to_string(o.max_steps_per_tb));
  }

  std::string run(MscclFigures* figures) {
    Carried carried;
    const RunReport report = run_loopback(plan_, {1, false}, &carried);
    if (!report.pass())
      throw std::invalid_argument("the schedule fails its run (" +
                                  report.first_failure()->failure->detail +
                                  "); only a passing schedule is exported");
    own_copies();
    const Schedule& s = plan_.schedule();
    for (std::size_t si = 0; si < s.steps.size(); ++si)
      for (std::size_t ti = 0; ti < s.steps[si].transfers.size(); ++ti)
        transfer(s.steps[si].transfers[ti], carried[si][ti]);
    return xml(figures);
  }

 private:
  /// Each rank's own block into its output buffer (MPI's out-of-place semantics).
  void own_copies() {
    const Collective& c = plan_.schedule().collective;
    for (std::uint32_t v = 0; v < gpus_.size(); ++v) {
      Loc src{'i', 0}, dst{'o', 0};
      if (c.kind() == K::TotalExchange) {
        src = {'i', v};
        dst = {'o', v};
      }
      if (c.kind() == K::AllGather) dst.off = v;
      if (c.kind() == K::Broadcast && NodeId(v) != c.root()) continue;
      Gpu& g = gpus_[v];
      g.tbs[static_cast<std::size_t>(g.tb(-1, -1, 0))].steps.push_back(
          {"cpy", src, dst, 1, -1, -1, false});
    }
  }

  /// Appends `st` to tb of gpu g with dependencies `deps` (nops carry all but the last). A
  /// dependency inside the same threadblock is kept: it is the one-port chain between two
  /// transfers to the same peer, which threadblock order alone would let merge.
  StepRef append(Gpu& g, int tb, IrStep st, const std::vector<StepRef>& deps) {
    auto& steps = g.tbs[static_cast<std::size_t>(tb)].steps;
    std::vector<StepRef> real;
    for (const StepRef& d : deps)
      if (std::find(real.begin(), real.end(), d) == real.end()) real.push_back(d);
    for (std::size_t i = 0; i + 1 < real.size(); ++i) {
      steps.push_back({"nop", {'i', 0}, {'o', 0}, 0, real[i].first, real[i].second, false});
      g.tbs[static_cast<std::size_t>(real[i].first)]
          .steps[static_cast<std::size_t>(real[i].second)]
          .hasdep = true;
      ++nops_;
    }
    if (!real.empty()) {
      st.depid = real.back().first;
      st.deps = real.back().second;
      g.tbs[static_cast<std::size_t>(st.depid)].steps[static_cast<std::size_t>(st.deps)].hasdep =
          true;
    }
    steps.push_back(std::move(st));
    return {tb, static_cast<int>(steps.size() - 1)};
  }

  struct Run {
    Loc src, dst;
    std::uint64_t cnt;
    std::vector<std::uint64_t> chunks;
    std::optional<StepRef> arrival;  ///< the receive at the sender that brought the run's chunks
  };

  /// The transfer's chunks as runs of consecutive offsets on both sides that arrived at the
  /// sender together (so a run has at most one arrival dependency).
  std::vector<Run> runs_of(const Transfer& x, const std::vector<std::uint64_t>& chunks) {
    const Collective& c = plan_.schedule().collective;
    Gpu &u = gpus_[x.from.v], &v = gpus_[x.to.v];
    std::vector<Run> runs;
    for (std::uint64_t ch : chunks) {
      const Loc a = locate(c, u, x.from.v, ch), b = locate(c, v, x.to.v, ch);
      std::optional<StepRef> arrived;
      if (auto it = u.arrival.find(ch); it != u.arrival.end()) arrived = it->second;
      Run* last = runs.empty() ? nullptr : &runs.back();
      if (last && last->src.buf == a.buf && last->dst.buf == b.buf && last->arrival == arrived &&
          last->src.off + last->cnt == a.off && last->dst.off + last->cnt == b.off) {
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
    int& chan = pair_channel_[{x.from.v, x.to.v}];
    const auto runs = runs_of(x, chunks);
    std::optional<StepRef> last_s, last_r;
    for (std::size_t j = 0; j < runs.size(); ++j) {
      constexpr std::size_t kMostSteps = 4;  // a step and nops for up to three dependencies
      auto size = [](Gpu& g, int tb) { return g.tbs[static_cast<std::size_t>(tb)].steps.size(); };
      if (size(u, u.tb(to, -1, chan)) + kMostSteps > o_.max_steps_per_tb ||
          size(v, v.tb(-1, from, chan)) + kMostSteps > o_.max_steps_per_tb)
        ++chan;
      const int stb = u.tb(to, -1, chan), rtb = v.tb(-1, from, chan);
      std::vector<StepRef> sdeps, rdeps;
      if (j == 0 && u.last_send) sdeps.push_back(*u.last_send);
      if (j == 0 && v.last_recv) rdeps.push_back(*v.last_recv);
      if (last_s && last_s->first != stb) sdeps.push_back(*last_s);
      if (last_r && last_r->first != rtb) rdeps.push_back(*last_r);
      if (runs[j].arrival) sdeps.push_back(*runs[j].arrival);
      channels_ = std::max<std::uint64_t>(channels_, static_cast<std::uint64_t>(chan) + 1);
      const IrStep base{"", runs[j].src, runs[j].dst, runs[j].cnt, -1, -1, false};
      IrStep s = base, r = base;
      s.type = "s";
      r.type = "r";
      last_s = append(u, stb, s, sdeps);
      last_r = append(v, rtb, r, rdeps);
      for (std::uint64_t ch : runs[j].chunks) v.arrival.try_emplace(ch, *last_r);
      ++steps_;
    }
    if (last_s) u.last_send = last_s;
    if (last_r) v.last_recv = last_r;
  }

  std::string xml(MscclFigures* figures) {
    const Schedule& s = plan_.schedule();
    const Collective& c = s.collective;
    const std::uint64_t n = plan_.nodes();
    pugi::xml_document doc;
    auto algo = doc.append_child("algo");
    const std::string name = o_.name.empty() ? s.algorithm + " on " + s.topology : o_.name;
    algo.append_attribute("name") = name.c_str();
    algo.append_attribute("proto") = o_.proto.c_str();
    algo.append_attribute("nchannels") = std::max<std::uint64_t>(channels_, 1);
    const std::uint64_t per = c.kind() == K::Broadcast ? 1 : n;
    algo.append_attribute("nchunksperloop") = per;
    algo.append_attribute("ngpus") = n;
    algo.append_attribute("coll") = coll_name(c.kind());
    algo.append_attribute("inplace") = 0;
    algo.append_attribute("outofplace") = 1;
    algo.append_attribute("minBytes") = 0;
    algo.append_attribute("maxBytes") = 0;
    std::uint64_t tbs = 0;
    for (std::uint32_t v = 0; v < n; ++v) {
      auto g = algo.append_child("gpu");
      g.append_attribute("id") = v;
      const bool has_input = c.kind() != K::Broadcast || NodeId(v) == c.root();
      g.append_attribute("i_chunks") = has_input ? (c.kind() == K::TotalExchange ? n : 1) : 0;
      g.append_attribute("o_chunks") = per;
      g.append_attribute("s_chunks") = gpus_[v].scratch;
      for (std::size_t t = 0; t < gpus_[v].tbs.size(); ++t, ++tbs) {
        const Tb& tb = gpus_[v].tbs[t];
        auto e = g.append_child("tb");
        e.append_attribute("id") = t;
        e.append_attribute("send") = tb.send;
        e.append_attribute("recv") = tb.recv;
        e.append_attribute("chan") = tb.chan;
        for (std::size_t i = 0; i < tb.steps.size(); ++i) write_step(e, i, tb.steps[i]);
      }
    }
    if (figures) *figures = {tbs, steps_, nops_, std::max<std::uint64_t>(channels_, 1)};
    std::ostringstream os;
    doc.save(os, "  ", pugi::format_indent | pugi::format_no_declaration);
    return os.str();
  }

  static void write_step(pugi::xml_node tb, std::size_t i, const IrStep& st) {
    auto e = tb.append_child("step");
    const bool nop = st.type == "nop";
    e.append_attribute("s") = i;
    e.append_attribute("type") = st.type.c_str();
    e.append_attribute("srcbuf") = std::string(1, st.src.buf).c_str();
    e.append_attribute("srcoff") = nop ? -1 : static_cast<long long>(st.src.off);
    e.append_attribute("dstbuf") = std::string(1, st.dst.buf).c_str();
    e.append_attribute("dstoff") = nop ? -1 : static_cast<long long>(st.dst.off);
    e.append_attribute("cnt") = st.cnt;
    e.append_attribute("depid") = st.depid;
    e.append_attribute("deps") = st.deps;
    e.append_attribute("hasdep") = st.hasdep ? 1 : 0;
  }

  const ExecPlan& plan_;
  const MscclOptions& o_;
  std::vector<Gpu> gpus_;
  std::map<std::pair<std::uint32_t, std::uint32_t>, int> pair_channel_;
  std::uint64_t channels_ = 0, steps_ = 0, nops_ = 0;
};

/// One step of an imported file, flattened.
struct InStep {
  std::uint32_t gpu = 0;
  int tb = 0, index = 0;
  std::string type;
  Loc src, dst;
  std::uint64_t cnt = 0;
  std::optional<std::size_t> pred, dep, partner;  // flattened indices
  std::int64_t t = 0;
};

std::int64_t int_attr(const pugi::xml_node& e, const char* name) {
  const pugi::xml_attribute a = e.attribute(name);
  const std::string text = a.value();
  std::size_t used = 0;
  long long v = 0;
  try {
    v = std::stoll(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (!a || text.empty() || used != text.size())
    throw std::invalid_argument("MSCCL-IR: <" + std::string(e.name()) + "> needs an integer " +
                                name + (a ? ", got '" + text + "'" : ""));
  return v;
}

Loc loc_attr(const pugi::xml_node& e, const char* buf, const char* off) {
  const std::string b = e.attribute(buf).value();
  if (b != "i" && b != "o" && b != "s")
    throw std::invalid_argument(std::string("MSCCL-IR: ") + buf + " must be i, o or s, got '" + b +
                                "'");
  const std::int64_t o = int_attr(e, off);
  return {b[0], static_cast<std::uint64_t>(std::max<std::int64_t>(o, 0))};
}

class Importer {
 public:
  Importer(std::string_view text, const std::string& topology) : topology_(topology) {
    if (text.size() > kMscclMaxBytes)
      throw std::invalid_argument("MSCCL-IR: the file is larger than 256 MiB");
    const auto ok = doc_.load_buffer(text.data(), text.size());
    if (!ok) throw std::invalid_argument(std::string("MSCCL-IR: not XML: ") + ok.description());
  }

  Schedule run() {
    const pugi::xml_node algo = doc_.child("algo");
    if (!algo) throw std::invalid_argument("MSCCL-IR: no <algo> element");
    read_steps(algo);
    match();
    times();
    return build(algo);
  }

 private:
  void read_steps(const pugi::xml_node& algo) {
    n_ = static_cast<std::uint64_t>(int_attr(algo, "ngpus"));
    if (n_ == 0 || n_ > kMaxNodes) throw std::invalid_argument("MSCCL-IR: ngpus out of range");
    coll_ = algo.attribute("coll").value();
    std::uint64_t gi = 0;
    for (const pugi::xml_node g : algo.children("gpu")) {
      if (int_attr(g, "id") != static_cast<std::int64_t>(gi))
        throw std::invalid_argument("MSCCL-IR: gpu ids must be 0, 1, ... in order");
      if (int_attr(g, "i_chunks") > 0) inputs_.push_back(static_cast<std::uint32_t>(gi));
      int ti = 0;
      for (const pugi::xml_node tb : g.children("tb")) {
        if (int_attr(tb, "id") != ti)
          throw std::invalid_argument("MSCCL-IR: tb ids must be 0, 1, ... in order");
        read_tb(tb, static_cast<std::uint32_t>(gi), ti++);
      }
      ++gi;
    }
    if (gi != n_)
      throw std::invalid_argument("MSCCL-IR: ngpus says " + std::to_string(n_) + ", the file has " +
                                  std::to_string(gi) + " gpus");
    for (InStep& st : steps_)
      if (st.dep) {
        const auto it = where_.find(
            {st.gpu, static_cast<int>(*st.dep >> 32), static_cast<int>(*st.dep & 0xffffffffU)});
        if (it == where_.end())
          throw std::invalid_argument("MSCCL-IR: gpu " + std::to_string(st.gpu) +
                                      " depends on a step that does not exist");
        st.dep = it->second;
      }
  }

  void read_tb(const pugi::xml_node& tb, std::uint32_t gpu, int ti) {
    const int send = static_cast<int>(int_attr(tb, "send")),
              recv = static_cast<int>(int_attr(tb, "recv"));
    const int chan = static_cast<int>(int_attr(tb, "chan"));
    int si = 0;
    for (const pugi::xml_node e : tb.children("step")) {
      if (steps_.size() >= kMaxTransfers) throw std::invalid_argument("MSCCL-IR: too many steps");
      InStep st;
      st.gpu = gpu;
      st.tb = ti;
      st.index = si;
      st.type = e.attribute("type").value();
      if (st.type != "s" && st.type != "r" && st.type != "cpy" && st.type != "nop")
        throw std::invalid_argument("MSCCL-IR: step type '" + st.type +
                                    "' is not supported (s, r, cpy, nop)");
      st.src = loc_attr(e, "srcbuf", "srcoff");
      st.dst = loc_attr(e, "dstbuf", "dstoff");
      st.cnt = static_cast<std::uint64_t>(std::max<std::int64_t>(int_attr(e, "cnt"), 0));
      const std::int64_t depid = int_attr(e, "depid"), deps = int_attr(e, "deps");
      if (depid >= 0)
        st.dep = (static_cast<std::size_t>(depid) << 32) | static_cast<std::size_t>(deps);
      if (si > 0) st.pred = steps_.size() - 1;
      const int peer = st.type == "s" ? send : recv;
      if ((st.type == "s" || st.type == "r") &&
          (peer < 0 || static_cast<std::uint64_t>(peer) >= n_))
        throw std::invalid_argument("MSCCL-IR: gpu " + std::to_string(gpu) + " tb " +
                                    std::to_string(ti) + " has a " + st.type +
                                    " step without a peer");
      if (st.type == "s")
        sends_[{gpu, static_cast<std::uint32_t>(peer), chan}].push_back(steps_.size());
      if (st.type == "r")
        recvs_[{static_cast<std::uint32_t>(peer), gpu, chan}].push_back(steps_.size());
      where_[{gpu, ti, si++}] = steps_.size();
      steps_.push_back(st);
    }
  }

  void match() {
    for (const auto& [key, ss] : sends_) {
      const auto it = recvs_.find(key);
      const std::size_t got = it == recvs_.end() ? 0 : it->second.size();
      if (got != ss.size())
        throw std::invalid_argument("MSCCL-IR: gpu " + std::to_string(std::get<0>(key)) +
                                    " sends " + std::to_string(ss.size()) + " steps to gpu " +
                                    std::to_string(std::get<1>(key)) + " on channel " +
                                    std::to_string(std::get<2>(key)) + ", which receives " +
                                    std::to_string(got));
      for (std::size_t i = 0; i < ss.size(); ++i) {
        InStep &s = steps_[ss[i]], &r = steps_[it->second[i]];
        if (s.cnt != r.cnt)
          throw std::invalid_argument("MSCCL-IR: a send and its receive differ in cnt");
        s.partner = it->second[i];
        r.partner = ss[i];
      }
    }
    for (const auto& [key, rs] : recvs_)
      if (!sends_.count(key))
        throw std::invalid_argument("MSCCL-IR: gpu " + std::to_string(std::get<1>(key)) +
                                    " receives from gpu " + std::to_string(std::get<0>(key)) +
                                    ", which sends nothing");
  }

  std::int64_t base(const InStep& st) const {
    std::int64_t t = st.pred ? steps_[*st.pred].t : 0;
    if (st.dep) t = std::max(t, steps_[*st.dep].t + 1);
    return t;
  }

  /// Earliest times by relaxation: tb order not earlier, dependencies strictly later.
  void times() {
    for (std::size_t pass = 0;; ++pass) {
      if (pass > steps_.size() + 1)
        throw std::invalid_argument(
            "MSCCL-IR: the dependencies form a cycle (the algo would deadlock)");
      bool changed = false;
      for (InStep& st : steps_) {
        std::int64_t t = base(st);
        if (st.partner) t = std::max(t, base(steps_[*st.partner]));
        if (t != st.t) {
          st.t = t;
          changed = true;
        }
        if (st.partner && steps_[*st.partner].t != t) {
          steps_[*st.partner].t = t;
          changed = true;
        }
      }
      if (!changed) return;
    }
  }

  Collective collective() const {
    if (coll_ == "allgather") return Collective::all_gather(n_);
    if (coll_ == "alltoall") return Collective::total_exchange(n_);
    if (coll_ == "broadcast") {
      if (inputs_.size() != 1)
        throw std::invalid_argument(
            "MSCCL-IR: a broadcast needs exactly one gpu with input chunks");
      return Collective::broadcast(n_, NodeId(inputs_.front()));
    }
    throw std::invalid_argument("MSCCL-IR: coll '" + coll_ +
                                "' is not read (allgather, alltoall, broadcast)");
  }

  /// The chunk at (gpu, loc); scratch slots hold what was received into them.
  std::uint64_t chunk_at(const Collective& c, std::uint32_t gpu, const Loc& l) const {
    const std::uint64_t n = n_;
    if (l.buf == 's') {
      const auto it = scratch_.find({gpu, l.off});
      if (it == scratch_.end())
        throw std::invalid_argument("MSCCL-IR: gpu " + std::to_string(gpu) +
                                    " sends scratch slot " + std::to_string(l.off) +
                                    " before anything arrived there");
      return it->second;
    }
    if (l.off >= (c.kind() == K::Broadcast ? 1 : n))
      throw std::invalid_argument("MSCCL-IR: offset out of range");
    if (c.kind() == K::TotalExchange) return l.buf == 'i' ? gpu * n + l.off : l.off * n + gpu;
    if (c.kind() == K::AllGather) return l.buf == 'i' ? gpu : l.off;
    return 0;
  }

  Schedule build(const pugi::xml_node& algo) {
    Schedule s;
    s.collective = collective();
    s.topology = topology_;
    s.algorithm = std::string("msccl-ir: ") + algo.attribute("name").value();
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < steps_.size(); ++i)
      if (steps_[i].type == "s") order.push_back(i);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return steps_[a].t < steps_[b].t; });
    std::map<std::tuple<std::int64_t, std::uint32_t, std::uint32_t>, std::vector<std::uint64_t>>
        moves;
    for (std::size_t i : order) {
      const InStep &snd = steps_[i], &rcv = steps_[*snd.partner];
      for (std::uint64_t k = 0; k < snd.cnt; ++k) {
        const std::uint64_t ch = chunk_at(s.collective, snd.gpu, {snd.src.buf, snd.src.off + k});
        if (rcv.dst.buf == 's') scratch_[{rcv.gpu, rcv.dst.off + k}] = ch;
        moves[{snd.t, snd.gpu, rcv.gpu}].push_back(ch);
      }
    }
    std::optional<std::int64_t> last;
    for (auto& [key, chunks] : moves) {
      if (last != std::get<0>(key)) s.steps.emplace_back();
      last = std::get<0>(key);
      s.payloads.push_back(Payload::of_chunks(chunks));
      s.steps.back().transfers.push_back({NodeId(std::get<1>(key)), NodeId(std::get<2>(key)),
                                          static_cast<std::uint32_t>(s.payloads.size() - 1)});
    }
    return s;
  }

  pugi::xml_document doc_;
  std::string topology_, coll_;
  std::uint64_t n_ = 0;
  std::vector<InStep> steps_;
  std::vector<std::uint32_t> inputs_;
  std::map<std::tuple<std::uint32_t, int, int>, std::size_t> where_;
  std::map<std::tuple<std::uint32_t, std::uint32_t, int>, std::vector<std::size_t>> sends_, recvs_;
  std::map<std::pair<std::uint32_t, std::uint64_t>, std::uint64_t> scratch_;
};

}  // namespace

Schedule import_msccl(std::string_view xml, const std::string& topology) {
  return Importer(xml, topology).run();
}

std::string export_msccl(const ExecPlan& plan, const MscclOptions& options, MscclFigures* figures) {
  return Exporter(plan, options).run(figures);
}

}  // namespace netsched::exec
