// MSCCL++ execution plans: the JSON read and written (exec/mscclpp/plan.hpp).
//
// Followed: microsoft/mscclpp src/core/executor/execution_plan.cc (the keys the executor reads:
// name, collective, protocol, inplace, min/max_message_size; per gpu id, input_chunks,
// output_chunks, scratch_chunks, channels with connected_to, remote_buffers with rank, type and
// access_channel_types, semaphores; per threadblock id, ops, channels with channel_ids,
// remote_buffer_refs; per op name, src_buff and dst_buff with type or buffer_id, index and size,
// channel_ids, channel_type, barrier_id and num_threadblocks) and the test plans it ships.
#include "exec/mscclpp/plan.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "core/json_text.hpp"
#include "core/text.hpp"

namespace netsched::exec {
namespace {

using nlohmann::json;

constexpr std::size_t kPlanQuoted = 40;

[[noreturn]] void bad(const std::string& where, const std::string& what) {
  throw InputError("MSCCL++ plan: " + where + ": " + what);
}

const json& member(const json& j, const char* key, const std::string& where) {
  if (!j.is_object()) bad(where, "must be an object");
  const auto it = j.find(key);
  if (it == j.end()) bad(where, std::string("needs the key '") + key + "'");
  return *it;
}

std::int64_t integer(const json& j, const std::string& where, std::int64_t lo, std::int64_t hi) {
  if (!j.is_number_integer()) bad(where, "must be an integer");
  if (j.is_number_unsigned() && j.get<std::uint64_t>() > static_cast<std::uint64_t>(hi))
    bad(where, fmt::format("must be {} to {}", lo, hi));
  const auto v = j.get<std::int64_t>();
  if (v < lo || v > hi) bad(where, fmt::format("must be {} to {}, got {}", lo, hi, v));
  return v;
}

std::string text(const json& j, const std::string& where) {
  if (!j.is_string()) bad(where, "must be a string");
  return valid_utf8(j.get<std::string>());
}

const json& list(const json& j, const std::string& where) {
  if (!j.is_array()) bad(where, "must be a list");
  return j;
}

char buffer_type(const json& j, const std::string& where) {
  const std::string t = text(j, where);
  if (t != "i" && t != "o" && t != "s")
    bad(where, "must be i, o or s, got '" + one_line(t, kPlanQuoted) + "'");
  return t[0];
}

/// A gpu's list of channels of one type: the peers of "connected_to" flattened.
void read_channels(const json& g, const std::string& at, PlanGpu& gpu, std::int64_t ngpus) {
  if (!g.contains("channels")) return;
  const json& chans = list(g["channels"], at + ".channels");
  for (std::size_t c = 0; c < chans.size(); ++c) {
    const std::string w = fmt::format("{}.channels[{}]", at, c);
    if (text(member(chans[c], "channel_type", w), w + ".channel_type") != "memory") continue;
    const json& peers = list(member(chans[c], "connected_to", w), w + ".connected_to");
    for (std::size_t k = 0; k < peers.size(); ++k)
      gpu.memory_peers.push_back(
          integer(peers[k], fmt::format("{}.connected_to[{}]", w, k), 0, ngpus - 1));
  }
}

void read_remote_buffers(const json& g, const std::string& at, PlanGpu& gpu, std::int64_t ngpus) {
  if (!g.contains("remote_buffers")) return;
  const json& bufs = list(g["remote_buffers"], at + ".remote_buffers");
  for (std::size_t b = 0; b < bufs.size(); ++b) {
    const std::string w = fmt::format("{}.remote_buffers[{}]", at, b);
    gpu.remote_buffers.push_back({integer(member(bufs[b], "rank", w), w + ".rank", 0, ngpus - 1),
                                  buffer_type(member(bufs[b], "type", w), w + ".type")});
  }
}

PlanBuffer read_buffer(const json& j, const std::string& w, PlanOp& op) {
  PlanBuffer b;
  if (j.contains("switch_channel_id")) {  // an NVLS multimem address: not run (plan.hpp)
    op.other_key = "switch_channel_id";
    b.size = 0;
    return b;
  }
  if (j.contains("buffer_id"))
    b.remote = integer(j["buffer_id"], w + ".buffer_id", 0, kPlanMaxBufferChunks);
  else
    b.type = buffer_type(member(j, "type", w), w + ".type");
  b.index = integer(member(j, "index", w), w + ".index", 0, kPlanMaxBufferChunks);
  b.size = integer(member(j, "size", w), w + ".size", 0, kPlanMaxBufferChunks);
  return b;
}

PlanOp read_op(const json& j, const std::string& w) {
  PlanOp op;
  op.name = text(member(j, "name", w), w + ".name");
  for (const char* side : {"src_buff", "dst_buff"}) {
    if (!j.contains(side)) continue;
    const json& bufs = list(j[side], w + "." + side);
    for (std::size_t b = 0; b < bufs.size(); ++b)
      (side[0] == 's' ? op.src : op.dst)
          .push_back(read_buffer(bufs[b], fmt::format("{}.{}[{}]", w, side, b), op));
  }
  if (j.contains("channel_ids")) {
    const json& ids = list(j["channel_ids"], w + ".channel_ids");
    for (std::size_t k = 0; k < ids.size(); ++k)
      op.channels.push_back(
          integer(ids[k], fmt::format("{}.channel_ids[{}]", w, k), 0, kPlanMaxBufferChunks));
  }
  if (j.contains("channel_type")) op.channel_type = text(j["channel_type"], w + ".channel_type");
  if (j.contains("barrier_id"))
    op.barrier_id = integer(j["barrier_id"], w + ".barrier_id", 0, kPlanMaxBufferChunks);
  if (j.contains("num_threadblocks"))
    op.barrier_tbs =
        integer(j["num_threadblocks"], w + ".num_threadblocks", 1, kPlanMaxBufferChunks);
  for (const char* k : {"ops", "iter_context", "tbg_info", "semaphore_ids"})
    if (op.other_key.empty() && j.contains(k)) op.other_key = k;
  return op;
}

PlanThreadblock read_threadblock(const json& t, const std::string& w, std::uint64_t& ops) {
  PlanThreadblock tb;
  const json& list_ops = list(member(t, "ops", w), w + ".ops");
  ops += list_ops.size();
  if (ops > kPlanMaxOps)
    bad(w, fmt::format("the plan holds more than {} operations (kPlanMaxOps)", kPlanMaxOps));
  for (std::size_t o = 0; o < list_ops.size(); ++o)
    tb.ops.push_back(read_op(list_ops[o], fmt::format("{}.ops[{}]", w, o)));
  const json& chans = list(member(t, "channels", w), w + ".channels");
  for (std::size_t c = 0; c < chans.size(); ++c) {
    const std::string cw = fmt::format("{}.channels[{}]", w, c);
    const bool memory =
        text(member(chans[c], "channel_type", cw), cw + ".channel_type") == "memory";
    tb.other_channels = tb.other_channels || !memory;
    const json& ids = list(member(chans[c], "channel_ids", cw), cw + ".channel_ids");
    for (std::size_t k = 0; k < ids.size() && memory; ++k)
      tb.memory_channels.push_back(
          integer(ids[k], fmt::format("{}.channel_ids[{}]", cw, k), 0, kPlanMaxBufferChunks));
  }
  if (t.contains("remote_buffer_refs")) {
    const json& refs = list(t["remote_buffer_refs"], w + ".remote_buffer_refs");
    for (std::size_t r = 0; r < refs.size(); ++r) {
      const std::string rw = fmt::format("{}.remote_buffer_refs[{}]", w, r);
      const json& ids = list(member(refs[r], "remote_buffer_ids", rw), rw + ".remote_buffer_ids");
      for (std::size_t k = 0; k < ids.size(); ++k)
        tb.remote_buffers.push_back(integer(ids[k], fmt::format("{}.remote_buffer_ids[{}]", rw, k),
                                            0, kPlanMaxBufferChunks));
    }
  }
  return tb;
}

PlanGpu read_gpu(const json& g, const std::string& at, std::int64_t ngpus, std::uint64_t& ops) {
  PlanGpu gpu;
  gpu.input_chunks =
      integer(member(g, "input_chunks", at), at + ".input_chunks", 0, kPlanMaxBufferChunks);
  gpu.output_chunks =
      integer(member(g, "output_chunks", at), at + ".output_chunks", 0, kPlanMaxBufferChunks);
  gpu.scratch_chunks =
      integer(member(g, "scratch_chunks", at), at + ".scratch_chunks", 0, kPlanMaxBufferChunks);
  read_channels(g, at, gpu, ngpus);
  read_remote_buffers(g, at, gpu, ngpus);
  if (g.contains("semaphores"))
    gpu.semaphores = static_cast<std::int64_t>(list(g["semaphores"], at + ".semaphores").size());
  const json& tbs = list(member(g, "threadblocks", at), at + ".threadblocks");
  for (std::size_t t = 0; t < tbs.size(); ++t) {
    const std::string w = fmt::format("{}.threadblocks[{}]", at, t);
    if (integer(member(tbs[t], "id", w), w + ".id", 0, kPlanMaxBufferChunks) !=
        static_cast<std::int64_t>(t))
      bad(w, "threadblock ids must be 0, 1, ... in order");
    gpu.threadblocks.push_back(read_threadblock(tbs[t], w, ops));
  }
  return gpu;
}

}  // namespace

Plan parse_plan(std::string_view text_in) {
  if (text_in.size() > kPlanMaxBytes) bad("the file", "larger than 64 MiB (kPlanMaxBytes)");
  const json j = parse_json_strict(text_in, "MSCCL++ plan");
  Plan p;
  p.name = text(member(j, "name", "the plan"), "name");
  p.collective = text(member(j, "collective", "the plan"), "collective");
  p.protocol = text(member(j, "protocol", "the plan"), "protocol");
  const json& inplace = member(j, "inplace", "the plan");
  if (!inplace.is_boolean()) bad("inplace", "must be true or false");
  p.inplace = inplace.get<bool>();
  for (const auto& [key, into] : {std::pair{"min_message_size", &p.min_message_size},
                                  {"max_message_size", &p.max_message_size}})
    if (j.contains(key)) {
      if (!j[key].is_number_unsigned() &&
          !(j[key].is_number_integer() && j[key].get<std::int64_t>() >= 0))
        bad(key, "must be a whole number of bytes");
      *into = j[key].get<std::uint64_t>();
    }
  const json& gpus = list(member(j, "gpus", "the plan"), "gpus");
  if (gpus.empty()) bad("gpus", "the plan has no gpus");
  std::uint64_t ops = 0;
  for (std::size_t g = 0; g < gpus.size(); ++g) {
    const std::string at = fmt::format("gpus[{}]", g);
    if (integer(member(gpus[g], "id", at), at + ".id", 0, kPlanMaxBufferChunks) !=
        static_cast<std::int64_t>(g))
      bad(at, "gpu ids must be 0, 1, ... in order");
    p.gpus.push_back(read_gpu(gpus[g], at, static_cast<std::int64_t>(gpus.size()), ops));
  }
  return p;
}

namespace {

json buffer_json(const PlanBuffer& b) {
  json j;
  if (b.remote)
    j["buffer_id"] = *b.remote;
  else
    j["type"] = std::string(1, b.type);
  j["index"] = b.index;
  j["size"] = b.size;
  return j;
}

json op_json(const PlanOp& op) {
  json j{{"name", op.name}};
  for (const auto* side : {&op.src, &op.dst}) {
    if (side->empty()) continue;
    json& bufs = j[side == &op.src ? "src_buff" : "dst_buff"] = json::array();
    for (const PlanBuffer& b : *side) bufs.push_back(buffer_json(b));
  }
  if (!op.channels.empty()) j["channel_ids"] = op.channels;
  if (!op.channel_type.empty()) j["channel_type"] = op.channel_type;
  if (op.name == "re" || op.name == "res" || op.name == "rre" || op.name == "rres")
    j["reduce_op"] = "sum";
  return j;
}

json gpu_json(std::size_t id, const PlanGpu& g) {
  json j{{"id", id},
         {"input_chunks", g.input_chunks},
         {"output_chunks", g.output_chunks},
         {"scratch_chunks", g.scratch_chunks},
         {"threadblocks", json::array()},
         {"channels", json::array()},
         {"remote_buffers", json::array()},
         {"semaphores", json::array()}};
  if (!g.memory_peers.empty())
    j["channels"].push_back({{"channel_type", "memory"}, {"connected_to", g.memory_peers}});
  for (const PlanRemoteBuffer& b : g.remote_buffers)
    j["remote_buffers"].push_back({{"rank", b.rank},
                                   {"type", std::string(1, b.type)},
                                   {"access_channel_types", json::array({"memory"})}});
  for (std::size_t t = 0; t < g.threadblocks.size(); ++t) {
    const PlanThreadblock& tb = g.threadblocks[t];
    json tj{{"id", t}, {"ops", json::array()}, {"channels", json::array()}};
    for (const PlanOp& op : tb.ops) tj["ops"].push_back(op_json(op));
    if (!tb.memory_channels.empty())
      tj["channels"].push_back({{"channel_type", "memory"}, {"channel_ids", tb.memory_channels}});
    tj["remote_buffer_refs"] = json::array();
    if (!tb.remote_buffers.empty())
      tj["remote_buffer_refs"].push_back(
          {{"access_channel_type", "memory"}, {"remote_buffer_ids", tb.remote_buffers}});
    j["threadblocks"].push_back(std::move(tj));
  }
  return j;
}

}  // namespace

std::string write_plan(const Plan& p) {
  constexpr std::uint32_t kThreadsPerBlock = 1024;  // the executor's default
  constexpr std::uint32_t kBufferAlignment = 16;    // likewise
  json j{{"name", p.name},
         {"collective", p.collective},
         {"protocol", p.protocol},
         {"inplace", p.inplace},
         {"reuse_resources", false},
         {"num_threads_per_block", kThreadsPerBlock},
         {"use_double_scratch_buffer", false},
         {"buffer_alignment", kBufferAlignment},
         {"min_message_size", p.min_message_size},
         {"max_message_size", p.max_message_size},
         {"gpus", json::array()}};
  for (std::size_t g = 0; g < p.gpus.size(); ++g) j["gpus"].push_back(gpu_json(g, p.gpus[g]));
  return j.dump(1) + "\n";
}

}  // namespace netsched::exec
