// MSCCL-IR programs: XML in and out, and the structural check (exec/msccl_program.hpp).
#include "exec/msccl_program.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <map>
#include <pugixml.hpp>
#include <set>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "core/errors.hpp"
#include "core/text.hpp"

namespace netsched::exec {

const MscclOpInfo& info(MscclOp op) { return kMscclOps[static_cast<std::size_t>(op)]; }

std::optional<MscclOp> msccl_op_from_name(std::string_view name) {
  for (const MscclOpInfo& i : kMscclOps)
    if (i.name == name) return i.op;
  return std::nullopt;
}

bool reduces(MscclOp op) {
  return op == MscclOp::RecvReduceSend || op == MscclOp::RecvReduceCopy ||
         op == MscclOp::RecvReduceCopySend || op == MscclOp::Reduce;
}

const MscclCollInfo* msccl_coll(std::string_view coll) {
  for (const MscclCollInfo& c : kMscclColls)
    if (c.name == coll || (!c.alias.empty() && c.alias == coll)) return &c;
  return nullptr;
}

MscclModes msccl_modes(const MscclProgram& p) {
  const bool copies = std::any_of(p.gpus.begin(), p.gpus.end(),
                                  [](const MscclGpu& g) { return !g.copies.empty(); });
  MscclModes m;
  m.in_place = p.inplace.value_or(false) || copies;
  m.out_of_place = p.outofplace.value_or(!m.in_place);
  return m;
}

std::string step_name(std::size_t gpu, std::size_t tb, std::size_t step, MscclOp op) {
  return fmt::format("gpu {} tb {} step {} ({})", gpu, tb, step, info(op).name);
}

namespace {

[[noreturn]] void bad(const std::string& what) { throw InputError("MSCCL-IR: " + what); }

/// At most this many characters of a value the file controls are quoted in a message.
constexpr std::size_t kQuoted = 40;
constexpr unsigned kFirstControl = 0x20, kDelete = 0x7f;  // ASCII

std::string quote_value(std::string_view text) {
  std::string out;
  for (char c : text.substr(0, kQuoted)) {
    const auto u = static_cast<unsigned char>(c);
    out +=
        (u < kFirstControl || u >= kDelete) ? '?' : c;  // never a control byte or half a character
  }
  return "'" + out + (text.size() > kQuoted ? "...'" : "'");
}

/// `text` as valid UTF-8 with every control character a '?': what a name read from a file or
/// written into XML may hold (XML 1.0 has no control characters, terminals act on them).
std::string printable(std::string_view text) {
  std::string out = valid_utf8(text);
  for (char& c : out)
    if (static_cast<unsigned char>(c) < kFirstControl || c == '\x7f') c = '?';
  return out;
}

/// quote_value without the quotes: for a name inside <...>.
std::string quote_bare(std::string_view text) {
  const std::string q = quote_value(text);
  return q.substr(1, q.size() - 2);
}

std::string where(const pugi::xml_node& e) {
  std::string path;
  for (pugi::xml_node n = e; n && n.type() == pugi::node_element; n = n.parent()) {
    const pugi::xml_attribute id = n.attribute(std::string_view(n.name()) == "step" ? "s" : "id");
    path = std::string("<") + n.name() + (id ? " " + quote_value(id.value()) : "") + ">" +
           (path.empty() ? "" : " ") + path;
  }
  return path;
}

std::int64_t int_attr(const pugi::xml_node& e, const char* name,
                      std::optional<std::int64_t> fallback = std::nullopt) {
  const pugi::xml_attribute a = e.attribute(name);
  if (!a) {
    if (fallback) return *fallback;
    bad(where(e) + " needs the attribute " + name);
  }
  const std::string_view text = a.value();
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    bad(where(e) + " needs an integer " + name + ", got " + quote_value(text));
  return v;
}

std::string str_attr(const pugi::xml_node& e, const char* name, const char* fallback) {
  const pugi::xml_attribute a = e.attribute(name);
  if (!a && !fallback) bad(where(e) + " needs the attribute " + name);
  return a ? a.value() : fallback;
}

bool flag_attr(const pugi::xml_node& e, const char* name, bool fallback) {
  const std::int64_t v = int_attr(e, name, fallback ? 1 : 0);
  if (v != 0 && v != 1) bad(where(e) + " " + name + " must be 0 or 1, got " + std::to_string(v));
  return v == 1;
}

std::optional<bool> optional_flag(const pugi::xml_node& e, const char* name) {
  if (!e.attribute(name)) return std::nullopt;
  return flag_attr(e, name, false);
}

std::optional<std::int64_t> optional_int(const pugi::xml_node& e, const char* name) {
  if (!e.attribute(name)) return std::nullopt;
  return int_attr(e, name);
}

MscclCopy read_copy(const pugi::xml_node& e) {
  return {int_attr(e, "i_off"), int_attr(e, "o_off"), int_attr(e, "cnt", 1)};
}

/// The element children of `e` named `child`; the others are skipped, as both runtimes skip
/// elements they do not know, and recorded in `p` (a `<copy>` under a `<gpu>` is read by the
/// caller instead).
std::vector<pugi::xml_node> children(const pugi::xml_node& e, std::string_view child,
                                     MscclProgram* p, std::string_view also = {}) {
  std::vector<pugi::xml_node> out;
  for (const pugi::xml_node c : e.children()) {
    if (c.type() != pugi::node_element) continue;
    if (child == c.name()) {
      out.push_back(c);
    } else if (also.empty() || also != c.name()) {
      if (!p) bad(where(e) + " holds an unexpected element <" + quote_bare(c.name()) + ">");
      if (p->skipped.size() < kMscclMaxSkippedListed)
        p->skipped.push_back("<" + quote_bare(c.name()) + "> in " + where(e));
      ++p->skipped_count;
    }
  }
  return out;
}

MscclRef ref_attr(const pugi::xml_node& e, const char* buf, const char* off) {
  const std::string b = str_attr(e, buf, nullptr);
  if (b != "i" && b != "o" && b != "s")
    bad(where(e) + " " + buf + " must be i, o or s, got " + quote_value(b));
  return {b[0], int_attr(e, off)};
}

MscclStep read_step(const pugi::xml_node& e, std::size_t position) {
  if (int_attr(e, "s") != static_cast<std::int64_t>(position))
    bad(where(e) + " must be step " + std::to_string(position) +
        " (steps are numbered by position, as the runtime counts them)");
  MscclStep st;
  const std::string type = str_attr(e, "type", nullptr);
  const auto op = msccl_op_from_name(type);
  if (!op)
    bad(where(e) + " has the step type " + quote_value(type) +
        ", which MSCCL-IR does not have (s, r, rcs, rrs, rrc, rrcs, cpy, re, nop)");
  st.op = *op;
  st.src = ref_attr(e, "srcbuf", "srcoff");
  st.dst = ref_attr(e, "dstbuf", "dstoff");
  st.cnt = int_attr(e, "cnt");
  st.depid = int_attr(e, "depid");
  st.deps = int_attr(e, "deps");
  st.hasdep = flag_attr(e, "hasdep", false);
  return st;
}

}  // namespace

MscclProgram parse_msccl(std::string_view xml) {
  if (xml.size() > kMscclMaxBytes) bad("the file is larger than 256 MiB");
  pugi::xml_document doc;
  const auto ok = doc.load_buffer(xml.data(), xml.size());
  if (!ok) bad(std::string("not XML: ") + ok.description());
  MscclProgram p;
  const auto roots = children(doc, "algo", &p);
  if (roots.size() != 1)
    bad(roots.empty() ? "no <algo> element" : "the file holds more than one <algo>");
  const pugi::xml_node algo = roots.front();
  p.name = printable(str_attr(algo, "name", ""));
  p.proto = str_attr(algo, "proto", "Simple");
  p.coll = str_attr(algo, "coll", nullptr);
  p.nchannels = int_attr(algo, "nchannels", 1);
  p.nchunksperloop = optional_int(algo, "nchunksperloop");
  p.inplace = optional_flag(algo, "inplace");
  p.outofplace = optional_flag(algo, "outofplace");
  p.min_bytes = int_attr(algo, "minBytes", 0);
  p.max_bytes = optional_int(algo, "maxBytes");
  const std::int64_t ngpus = int_attr(algo, "ngpus");
  const auto gpus = children(algo, "gpu", &p);
  if (ngpus != static_cast<std::int64_t>(gpus.size()))
    bad("ngpus says " + std::to_string(ngpus) + ", the file has " + std::to_string(gpus.size()) +
        " <gpu> elements");
  for (std::size_t g = 0; g < gpus.size(); ++g) {
    if (int_attr(gpus[g], "id") != static_cast<std::int64_t>(g))
      bad(where(gpus[g]) + ": gpu ids must be 0, 1, ... in order");
    MscclGpu& gpu = p.gpus.emplace_back();
    gpu.i_chunks = int_attr(gpus[g], "i_chunks");
    gpu.o_chunks = int_attr(gpus[g], "o_chunks");
    gpu.s_chunks = int_attr(gpus[g], "s_chunks");
    for (const pugi::xml_node c : gpus[g].children("copy")) gpu.copies.push_back(read_copy(c));
    const auto tbs = children(gpus[g], "tb", &p, "copy");
    for (std::size_t t = 0; t < tbs.size(); ++t) {
      if (int_attr(tbs[t], "id") != static_cast<std::int64_t>(t))
        bad(where(tbs[t]) + ": tb ids must be 0, 1, ... in order");
      MscclTb& tb = gpu.tbs.emplace_back();
      tb.send = int_attr(tbs[t], "send");
      tb.recv = int_attr(tbs[t], "recv");
      tb.chan = int_attr(tbs[t], "chan");
      const auto steps = children(tbs[t], "step", &p);
      for (std::size_t s = 0; s < steps.size(); ++s) {
        tb.steps.push_back(read_step(steps[s], s));
        children(steps[s], "", &p);  // a step's children are skipped too
      }
    }
  }
  return p;
}

std::string write_msccl(const MscclProgram& p) {
  pugi::xml_document doc;
  auto algo = doc.append_child("algo");
  algo.append_attribute("name") = printable(p.name).c_str();  // XML 1.0 holds no control bytes
  algo.append_attribute("proto") = p.proto.c_str();
  algo.append_attribute("nchannels") = p.nchannels;
  algo.append_attribute("nchunksperloop") = p.nchunksperloop.value_or(0);
  algo.append_attribute("ngpus") = p.gpus.size();
  algo.append_attribute("coll") = p.coll.c_str();
  const MscclModes modes = msccl_modes(p);
  algo.append_attribute("inplace") = modes.in_place ? 1 : 0;
  algo.append_attribute("outofplace") = modes.out_of_place ? 1 : 0;
  algo.append_attribute("minBytes") = p.min_bytes;
  algo.append_attribute("maxBytes") = p.max_bytes.value_or(kMscclDefaultMaxBytes);
  for (std::size_t g = 0; g < p.gpus.size(); ++g) {
    const MscclGpu& gpu = p.gpus[g];
    auto ge = algo.append_child("gpu");
    ge.append_attribute("id") = g;
    ge.append_attribute("i_chunks") = gpu.i_chunks;
    ge.append_attribute("o_chunks") = gpu.o_chunks;
    ge.append_attribute("s_chunks") = gpu.s_chunks;
    for (const MscclCopy& c : gpu.copies) {
      auto ce = ge.append_child("copy");
      ce.append_attribute("i_off") = c.i_off;
      ce.append_attribute("o_off") = c.o_off;
      ce.append_attribute("cnt") = c.cnt;
    }
    for (std::size_t t = 0; t < gpu.tbs.size(); ++t) {
      const MscclTb& tb = gpu.tbs[t];
      auto te = ge.append_child("tb");
      te.append_attribute("id") = t;
      te.append_attribute("send") = tb.send;
      te.append_attribute("recv") = tb.recv;
      te.append_attribute("chan") = tb.chan;
      for (std::size_t s = 0; s < tb.steps.size(); ++s) {
        const MscclStep& st = tb.steps[s];
        auto e = te.append_child("step");
        e.append_attribute("s") = s;
        e.append_attribute("type") = std::string(info(st.op).name).c_str();
        e.append_attribute("srcbuf") = std::string(1, st.src.buf).c_str();
        e.append_attribute("srcoff") = st.src.off;
        e.append_attribute("dstbuf") = std::string(1, st.dst.buf).c_str();
        e.append_attribute("dstoff") = st.dst.off;
        e.append_attribute("cnt") = st.cnt;
        e.append_attribute("depid") = st.depid;
        e.append_attribute("deps") = st.deps;
        e.append_attribute("hasdep") = st.hasdep ? 1 : 0;
      }
    }
  }
  std::ostringstream os;
  doc.save(os, "  ", pugi::format_indent | pugi::format_no_declaration);
  return os.str();
}

namespace {

/// The structural check, one method per level.
class Checker {
 public:
  Checker(const MscclProgram& p, const MscclLimits* limits) : p_(p), lim_(limits) {}

  void run() {
    const auto n = static_cast<std::int64_t>(p_.gpus.size());
    if (n == 0) bad("the algo has no gpus");
    coll_ = msccl_coll(p_.coll);
    if (!coll_) {
      std::string known;
      for (const MscclCollInfo& c : kMscclColls)
        known += (known.empty() ? "" : ", ") + std::string(c.name);
      bad("coll " + quote_value(p_.coll) + " is not a collective the runtimes know (" + known +
          "; reduce_scatter is read as reducescatter)");
    }
    const MscclModes modes = msccl_modes(p_);
    if (!modes.in_place && !modes.out_of_place)
      bad("the algo declares neither in-place nor out-of-place calls (inplace=0, outofplace=0): "
          "the runtime never selects it");
    chunks_per_loop();
    if (lim_) runtime_algo();
    std::int64_t slots = 0;
    for (std::size_t g = 0; g < p_.gpus.size(); ++g) {
      const MscclGpu& gpu = p_.gpus[g];
      for (const char b : {'i', 'o', 's'})
        if (gpu.chunks(b) < 0 || gpu.chunks(b) > kMscclMaxBufferChunks)
          bad(fmt::format("gpu {} declares {} chunks of buffer {} (0 to {})", g, gpu.chunks(b), b,
                          kMscclMaxBufferChunks));
      slots += gpu.i_chunks + gpu.o_chunks + gpu.s_chunks;
      if (slots > kMscclMaxSlots)
        bad(fmt::format("the buffers of all gpus hold more than {} chunks (kMscclMaxSlots)",
                        kMscclMaxSlots));
      check_copies(g);
      check_gpu(g);
    }
    connections();
  }

 private:
  /// nchunksperloop: the runtime cuts the message into that many chunks and divides by it, so
  /// it must be a positive int, and the buffers must hold exactly the collective's share of them
  /// (microsoft/msccl's parser checks this; the later runtimes assume it).
  void chunks_per_loop() {
    if (!p_.nchunksperloop) {
      if (lim_) bad("the algo has no nchunksperloop, which the runtimes require");
      return;
    }
    const std::int64_t ncpl = *p_.nchunksperloop;
    if (ncpl < 1 || ncpl > kMscclMaxInt)
      bad(fmt::format("nchunksperloop {} must be 1 to {}: the runtime divides the message by it",
                      ncpl, kMscclMaxInt));
    if (!coll_->checked) return;
    const auto n = static_cast<std::int64_t>(p_.gpus.size());
    // the runtime's message is count x size, times ngpus where sizeMultiplier is; it is cut into
    // ncpl chunks, so each buffer holds that message's share of them
    const std::string_view c = coll_->name;
    const auto share = [&](bool one_rank, bool all_ranks) -> std::int64_t {
      if (one_rank) return ncpl % n == 0 ? ncpl / n : -1;
      return all_ranks ? ncpl * n : ncpl;
    };
    const std::int64_t in = share(c == "allgather", c == "scatter");
    const std::int64_t out = share(c == "reducescatter", c == "gather");
    const auto shown = [](std::int64_t v) {
      return v < 0 ? std::string("no whole number") : std::to_string(v);
    };
    for (std::size_t g = 0; g < p_.gpus.size(); ++g) {
      const MscclGpu& gpu = p_.gpus[g];
      if ((gpu.i_chunks > 0 && gpu.i_chunks != in) || (gpu.o_chunks > 0 && gpu.o_chunks != out))
        bad(fmt::format(
            "gpu {} declares {} input and {} output chunks, but nchunksperloop {} "
            "cuts {} into chunks of which the input buffer holds {} and the output "
            "buffer {} (the runtime's chunk is the message over nchunksperloop)",
            g, gpu.i_chunks, gpu.o_chunks, ncpl, with_article(c), shown(in), shown(out)));
    }
  }

  void check_copies(std::size_t g) {
    const MscclGpu& gpu = p_.gpus[g];
    for (const MscclCopy& c : gpu.copies)
      if (c.cnt < 1 || c.i_off < 0 || c.o_off < 0 || c.i_off > gpu.i_chunks - c.cnt ||
          c.o_off > gpu.o_chunks - c.cnt)
        bad(
            fmt::format("gpu {}: <copy i_off=\"{}\" o_off=\"{}\" cnt=\"{}\"> lies outside its "
                        "buffers ({} input, {} output chunks)",
                        g, c.i_off, c.o_off, c.cnt, gpu.i_chunks, gpu.o_chunks));
  }

  void runtime_algo() {
    const auto n = static_cast<std::int64_t>(p_.gpus.size());
    if (p_.proto != "Simple" && p_.proto != "LL" && p_.proto != "LL128")
      bad("proto " + quote_value(p_.proto) + " is not one the runtime knows (Simple, LL, LL128)");
    if (static_cast<std::int64_t>(p_.name.size()) > lim_->attribute_chars)
      bad(fmt::format("the algo's name has {} characters; the runtime reads at most {}",
                      p_.name.size(), lim_->attribute_chars));
    if (n > lim_->children)
      bad(fmt::format("{} gpus; the runtime's reader takes at most {} elements under one", n,
                      lim_->children));
    if (p_.nchannels < 1 || p_.nchannels > lim_->channels)
      bad(fmt::format("nchannels {} (the runtime has 1 to {})", p_.nchannels, lim_->channels));
  }

  void check_gpu(std::size_t g) {
    const MscclGpu& gpu = p_.gpus[g];
    const auto n = static_cast<std::int64_t>(p_.gpus.size());
    std::set<std::pair<std::int64_t, std::int64_t>> send_conn, recv_conn;
    std::int64_t xml_nodes = 1 + n + static_cast<std::int64_t>(gpu.tbs.size());
    std::map<std::int64_t, std::int64_t> senders_on, receivers_on;  // channel -> tbs
    for (std::size_t t = 0; t < gpu.tbs.size(); ++t) {
      const MscclTb& tb = gpu.tbs[t];
      const std::string at = fmt::format("gpu {} tb {}", g, t);
      for (const std::int64_t peer : {tb.send, tb.recv})
        if (peer < -1 || peer >= n || peer == static_cast<std::int64_t>(g))
          bad(fmt::format("{}: peer {} is not another gpu (-1 or 0 to {}, not {})", at, peer, n - 1,
                          g));
      if (tb.chan < 0 || tb.chan >= n * n + 1)
        bad(fmt::format("{}: channel {} out of range", at, tb.chan));
      if (tb.send >= 0 && !send_conn.insert({tb.send, tb.chan}).second)
        bad(
            fmt::format("{} sends to gpu {} on channel {}, as an earlier threadblock does "
                        "(they would share one connection)",
                        at, tb.send, tb.chan));
      if (tb.recv >= 0 && !recv_conn.insert({tb.recv, tb.chan}).second)
        bad(
            fmt::format("{} receives from gpu {} on channel {}, as an earlier threadblock does "
                        "(they would share one connection)",
                        at, tb.recv, tb.chan));
      if (tb.send >= 0) ++senders_on[tb.chan];
      if (tb.recv >= 0) ++receivers_on[tb.chan];
      xml_nodes += static_cast<std::int64_t>(tb.steps.size());
      for (std::size_t s = 0; s < tb.steps.size(); ++s) step(g, t, s);
      if (lim_ && static_cast<std::int64_t>(tb.steps.size()) > lim_->steps_per_tb)
        bad(
            fmt::format("{} has {} steps, nops included; the runtime refuses a threadblock of "
                        "more than {} (MSCCL_MAX_NUM_STEPS; --max-tb-steps for a build with "
                        "another)",
                        at, tb.steps.size(), lim_->steps_per_tb));
      if (lim_ && tb.chan >= p_.nchannels)
        bad(fmt::format("{} is on channel {}, but nchannels is {}", at, tb.chan, p_.nchannels));
    }
    if (!lim_) return;
    if (static_cast<std::int64_t>(gpu.tbs.size()) > std::min(lim_->tbs_per_gpu, lim_->children))
      bad(fmt::format("gpu {} has {} threadblocks; the runtime takes at most {}", g, gpu.tbs.size(),
                      std::min(lim_->tbs_per_gpu, lim_->children)));
    if (xml_nodes > lim_->xml_nodes_per_gpu)
      bad(
          fmt::format("gpu {} needs {} XML elements (algo, gpus, its threadblocks and steps); "
                      "the runtime's reader holds at most {}",
                      g, xml_nodes, lim_->xml_nodes_per_gpu));
    for (const auto* side : {&senders_on, &receivers_on})
      for (const auto& [chan, count] : *side)
        if (count > lim_->peers_per_channel)
          bad(fmt::format(
              "gpu {} has {} threadblocks that {} on channel {}; the runtime takes "
              "at most {} per channel",
              g, count, side == &senders_on ? "send" : "receive", chan, lim_->peers_per_channel));
  }

  void ref(const std::string& at, const MscclGpu& gpu, const char* what, const MscclRef& r,
           std::int64_t cnt, bool used) {
    if (!used) {
      if (r.off < -1) bad(fmt::format("{}: {}off {} is below -1", at, what, r.off));
      return;
    }
    const std::int64_t size = gpu.chunks(r.buf);
    if (r.off < 0 || r.off > size - cnt)
      bad(fmt::format("{}: {} {}[{}..{}] lies outside buffer {} of {} chunks", at, what, r.buf,
                      r.off, r.off + cnt - 1, r.buf, size));
    if (lim_ && r.off + cnt - 1 > lim_->max_offset)
      bad(fmt::format("{}: offset {} exceeds the runtime's 16-bit offsets ({})", at,
                      r.off + cnt - 1, lim_->max_offset));
  }

  void step(std::size_t g, std::size_t t, std::size_t s) {
    const MscclGpu& gpu = p_.gpus[g];
    const MscclTb& tb = gpu.tbs[t];
    const MscclStep& st = tb.steps[s];
    const MscclOpInfo& op = info(st.op);
    const std::string at = step_name(g, t, s, st.op);
    if (st.op == MscclOp::Nop) {
      if (st.cnt < 0) bad(fmt::format("{}: cnt {} is negative", at, st.cnt));
    } else if (st.cnt < 1) {
      bad(fmt::format("{}: cnt {} moves nothing (at least 1)", at, st.cnt));
    } else if (lim_ && st.cnt > lim_->max_count) {
      bad(fmt::format("{}: cnt {}; the runtime moves at most {} chunks per step", at, st.cnt,
                      lim_->max_count));
    }
    if (op.sends && tb.send < 0) bad(at + " sends, but its threadblock has no send peer");
    if (op.receives && tb.recv < 0) bad(at + " receives, but its threadblock has no recv peer");
    ref(at, gpu, "src", st.src, st.cnt, op.reads_src);
    ref(at, gpu, "dst", st.dst, st.cnt, op.writes_dst);
    if (st.depid < -1 || st.depid >= static_cast<std::int64_t>(gpu.tbs.size()))
      bad(fmt::format("{}: depid {} is not a threadblock of gpu {}", at, st.depid, g));
    if (st.depid >= 0) {
      const auto& target = gpu.tbs[static_cast<std::size_t>(st.depid)].steps;
      if (st.deps < 0 || st.deps >= static_cast<std::int64_t>(target.size()))
        bad(fmt::format("{} depends on step {} of tb {}, which has {} steps", at, st.deps, st.depid,
                        target.size()));
      if (lim_ && st.depid > lim_->max_dep_tb)
        bad(fmt::format("{} depends on tb {}; the runtime stores that id in 8 bits (at most {})",
                        at, st.depid, lim_->max_dep_tb));
    }
    if (s > 0 && tb.steps[s - 1].op == MscclOp::Nop && st.op != MscclOp::Nop && st.depid < 0)
      bad(at + " follows a nop but waits for nothing itself (the runtime refuses this)");
  }

  /// Every connection (sender, receiver, channel): the counts of the sender's messages in
  /// threadblock order equal the receiver's.
  void connections() {
    using Key = std::tuple<std::int64_t, std::int64_t, std::int64_t>;
    std::map<Key, std::vector<std::int64_t>> sent, received;
    for (std::size_t g = 0; g < p_.gpus.size(); ++g)
      for (const MscclTb& tb : p_.gpus[g].tbs)
        for (const MscclStep& st : tb.steps) {
          const auto gi = static_cast<std::int64_t>(g);
          if (info(st.op).sends) sent[{gi, tb.send, tb.chan}].push_back(st.cnt);
          if (info(st.op).receives) received[{tb.recv, gi, tb.chan}].push_back(st.cnt);
        }
    auto describe = [](const Key& k) {
      return fmt::format("gpu {} to gpu {} on channel {}", std::get<0>(k), std::get<1>(k),
                         std::get<2>(k));
    };
    for (const auto& [key, counts] : sent) {
      const auto it = received.find(key);
      const std::vector<std::int64_t> none;
      const auto& got = it == received.end() ? none : it->second;
      if (got.size() != counts.size())
        bad(fmt::format("{}: {} messages sent, {} received", describe(key), counts.size(),
                        got.size()));
      for (std::size_t i = 0; i < counts.size(); ++i)
        if (counts[i] != got[i])
          bad(fmt::format("{}: message {} is sent with cnt {} and received with cnt {}",
                          describe(key), i, counts[i], got[i]));
    }
    for (const auto& [key, counts] : received)
      if (!sent.count(key))
        bad(fmt::format("{}: {} messages received, none sent", describe(key), counts.size()));
  }

  const MscclProgram& p_;
  const MscclLimits* lim_;
  const MscclCollInfo* coll_ = nullptr;
};

}  // namespace

void check_msccl(const MscclProgram& p, const MscclLimits* limits) { Checker(p, limits).run(); }

}  // namespace netsched::exec
