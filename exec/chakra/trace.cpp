// Chakra execution traces and the ns-3 topology of a schedule (exec/chakra/trace.hpp).
//
// Followed: mlcommons/chakra's et_def.proto (the messages) and protolib's encodeMessage (each
// message preceded by its length as a varint: the GlobalMetadata, then the nodes); ASTRA-sim's
// CustomAlgorithm.cc (the attributes it reads) and astra-sim/collectiveapi's MSCCL-IR to Chakra
// converter (a threadblock's steps chained, a receive-reduce as a receive and a compute).
#include "exec/chakra/trace.hpp"

#include <fmt/format.h>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include <map>
#include <optional>
#include <stdexcept>

#include "core/errors.hpp"
#include "et_def.pb.h"
#include "exec/msccl_ir.hpp"
#include "exec/platform.hpp"

namespace netsched::exec {
namespace {

using ChakraProtoMsg::AttributeProto;
using ChakraProtoMsg::Node;

void attr_i64(Node& n, const char* name, std::int64_t v) {
  AttributeProto* a = n.add_attr();
  a->set_name(name);
  a->set_int64_val(v);
}

void attr_i32(Node& n, const char* name, std::int64_t v) {
  AttributeProto* a = n.add_attr();
  a->set_name(name);
  a->set_int32_val(static_cast<std::int32_t>(v));
}

/// A buffer range as netsched's attribute: buffer (0 input, 1 output, 2 scratch), offset, count.
void attr_range(Node& n, const char* name, const MscclRef& r, std::int64_t cnt) {
  AttributeProto* a = n.add_attr();
  a->set_name(name);
  auto* l = a->mutable_int64_list();
  l->add_values(r.buf == 'i' ? 0 : r.buf == 'o' ? 1 : 2);
  l->add_values(r.off);
  l->add_values(cnt);
}

void write_delimited(const google::protobuf::MessageLite& m, std::string& out) {
  google::protobuf::io::StringOutputStream raw(&out);
  google::protobuf::io::CodedOutputStream coded(&raw);
  coded.WriteVarint32(static_cast<std::uint32_t>(m.ByteSizeLong()));
  m.SerializeWithCachedSizes(&coded);
}

/// One rank's trace under construction.
struct RankTrace {
  std::vector<Node> nodes;
  std::int64_t scratch = 0;  ///< scratch chunks used so far (the program's, then the traces')
};

class TraceBuilder {
 public:
  TraceBuilder(const MscclImport& im, std::uint64_t chunk_bytes)
      : im_(im), run_(im.runs.front().run), chunk_bytes_(chunk_bytes) {}

  std::vector<RankTrace> build() {
    ranks_.resize(im_.program.gpus.size());
    for (std::size_t g = 0; g < ranks_.size(); ++g)
      ranks_[g].scratch = im_.program.gpus[g].s_chunks;
    for (std::size_t m = 0; m < run_.messages.size(); ++m) {
      tag_of_step_[run_.messages[m].send_step] = m;
      tag_of_step_[run_.messages[m].recv_step] = m;
    }
    first_.assign(run_.steps.size(), 0);
    last_.assign(run_.steps.size(), 0);
    for (std::size_t x = 0; x < run_.steps.size(); ++x) {
      first_[x] = ranks_[run_.steps[x].gpu].nodes.size();
      add_step(x);
      last_[x] = ranks_[run_.steps[x].gpu].nodes.size() - 1;
      const bool same_tb = x > 0 && run_.steps[x - 1].gpu == run_.steps[x].gpu &&
                           run_.steps[x - 1].tb == run_.steps[x].tb;
      if (same_tb) depend(x, x - 1);  // a threadblock runs its steps in order
    }
    for (std::size_t i = 0; i < run_.waits_from.size(); ++i)
      depend(run_.waits_to[i], run_.waits_from[i]);  // the flag it waited for
    return std::move(ranks_);
  }

 private:
  const MscclStep& step(std::size_t x) const {
    const MscclRunStep& r = run_.steps[x];
    return im_.program.gpus[r.gpu].tbs[r.tb].steps[r.position];
  }

  /// Chunks a rank's buffer is in, as ASTRA-sim divides the collective's size by (the all-gather
  /// by its output's, the others by their input's).
  std::int64_t total_chunks(std::uint32_t g) const {
    const MscclGpu& gpu = im_.program.gpus[g];
    return im_.collective.coll == "allgather" || gpu.i_chunks == 0 ? gpu.o_chunks : gpu.i_chunks;
  }

  Node& node(std::uint32_t g, const std::string& name, ChakraProtoMsg::NodeType type) {
    RankTrace& r = ranks_[g];
    Node& n = r.nodes.emplace_back();
    n.set_id(r.nodes.size() - 1);
    n.set_name(name);
    n.set_type(type);
    return n;
  }

  void comm(Node& n, std::uint32_t g, std::size_t x, const MscclStep& st, bool send) {
    const MscclTb& tb = im_.program.gpus[g].tbs[run_.steps[x].tb];
    attr_i64(n, "comm_type",
             send ? ChakraProtoMsg::COMM_SEND_NODE : ChakraProtoMsg::COMM_RECV_NODE);
    attr_i32(n, send ? "comm_dst" : "comm_src", send ? tb.send : tb.recv);
    attr_i32(n, "comm_tag", static_cast<std::int64_t>(tag_of_step_.at(x)));
    attr_i64(n, "comm_size", st.cnt * static_cast<std::int64_t>(chunk_bytes_));
    attr_i32(n, "msg_chunk_cnt", st.cnt);
    attr_i32(n, "msg_chunk_idx", send ? st.src.off : st.dst.off);
    attr_i32(n, "total_chunk_cnt", total_chunks(g));
  }

  void add_step(std::size_t x) {
    const MscclRunStep& r = run_.steps[x];
    const MscclStep& st = step(x);
    const std::string base = fmt::format("tb{}_step{}", r.tb, r.position);
    switch (st.op) {
      case MscclOp::Send: {
        Node& n = node(r.gpu, "COMM_SEND_NODE_" + base, ChakraProtoMsg::COMM_SEND_NODE);
        comm(n, r.gpu, x, st, true);
        attr_range(n, "netsched_src", st.src, st.cnt);
        break;
      }
      case MscclOp::Recv:
      case MscclOp::RecvReduceCopy: {
        const bool reduce = st.op == MscclOp::RecvReduceCopy;
        const MscclRef into = reduce ? MscclRef{'s', ranks_[r.gpu].scratch} : st.dst;
        if (reduce) ranks_[r.gpu].scratch += st.cnt;
        Node& n = node(r.gpu, "COMM_RECV_NODE_" + base, ChakraProtoMsg::COMM_RECV_NODE);
        comm(n, r.gpu, x, st, false);
        attr_range(n, "netsched_dst", into, st.cnt);
        if (reduce)  // the received chunks reduced into place, once they are in
          compute(r.gpu, "COMP_NODE_" + base, "reduce", into, st.dst, st.cnt,
                  ranks_[r.gpu].nodes.size() - 1);
        break;
      }
      case MscclOp::Copy:
      case MscclOp::Reduce:
        compute(r.gpu, "COMP_NODE_" + base, st.op == MscclOp::Copy ? "copy" : "reduce", st.src,
                st.dst, st.cnt);
        break;
      default:
        throw std::logic_error("Chakra export: netsched's MSCCL-IR export wrote a " +
                               std::string(info(st.op).name) + " step");
    }
  }

  /// A compute node: `dst` = `src` (copy) or `dst` + `src` (reduce); `after` a node it needs.
  void compute(std::uint32_t g, const std::string& name, const char* op, const MscclRef& src,
               const MscclRef& dst, std::int64_t cnt, std::optional<std::uint64_t> after = {}) {
    Node& n = node(g, name, ChakraProtoMsg::COMP_NODE);
    AttributeProto* a = n.add_attr();
    a->set_name("netsched_op");
    a->set_string_val(op);
    attr_range(n, "netsched_src", src, cnt);
    attr_range(n, "netsched_dst", dst, cnt);
    if (after) n.add_data_deps(*after);
  }

  /// Step x's first node depends on step `on`'s last (same rank).
  void depend(std::size_t x, std::size_t on) {
    ranks_[run_.steps[x].gpu].nodes[first_[x]].add_data_deps(last_[on]);
  }

  const MscclImport& im_;
  const MscclRun& run_;
  std::uint64_t chunk_bytes_;
  std::vector<RankTrace> ranks_;
  std::map<std::size_t, std::size_t> tag_of_step_;
  std::vector<std::uint64_t> first_, last_;  ///< each step's first and last node on its rank
};

std::string serialized(const RankTrace& t, const std::string& collective, std::uint64_t rank) {
  std::string out;
  ChakraProtoMsg::GlobalMetadata meta;
  for (const auto& [k, v] :
       {std::pair{"schema", "1.0.2-chakra.0.0.4"}, std::pair{"collective", collective.c_str()},
        std::pair{"writer", "netsched chakra export"}}) {
    AttributeProto* a = meta.add_attr();
    a->set_name(k);
    a->set_string_val(v);
  }
  AttributeProto* r = meta.add_attr();
  r->set_name("rank");
  r->set_uint64_val(rank);
  write_delimited(meta, out);
  for (const Node& n : t.nodes) write_delimited(n, out);
  return out;
}

}  // namespace

ChakraExport export_chakra(const ExecPlan& plan, const Network& net, const ChakraOptions& o) {
  const MscclImport im = export_unlimited(plan);  // ASTRA-sim has none of the runtimes' limits
  ChakraExport out;
  out.collective = im.collective.coll;
  out.nodes = im.collective.gpus;
  out.messages = im.runs.front().run.messages.size();
  const std::uint64_t message = msccl_message_bytes(plan.schedule().collective, o.bytes);
  const auto per_loop = static_cast<std::uint64_t>(im.program.nchunksperloop.value_or(1));
  out.chunk_bytes = (message + per_loop - 1) / per_loop;  // the last chunks padded, as run pads
  out.padded = out.chunk_bytes * per_loop != message;
  const std::vector<RankTrace> ranks = TraceBuilder(im, out.chunk_bytes).build();
  for (std::size_t g = 0; g < ranks.size(); ++g)
    out.traces.push_back(serialized(ranks[g], out.collective, g));
  out.ns3_topology = ns3_topology(net, o);
  return out;
}

std::string ns3_topology(const Network& net, const ChakraOptions& o) {
  if (net.directed())
    throw InputError(net.spec() +
                     " has directed links, and the ns-3 topology's links carry one speed both "
                     "ways: writing it is not implemented");
  const double bits = bandwidth_bytes_per_second(o.bandwidth) * 8;
  const double seconds = latency_seconds(o.latency);
  constexpr double kNanosecondsPerSecond = 1e9;
  std::string links;
  std::uint64_t count = 0;
  std::vector<NodeId> nb;
  for (std::uint32_t u = 0; u < net.num_nodes(); ++u) {
    net.neighbors(NodeId(u), nb);
    for (NodeId v : nb) {
      if (v.v <= u) continue;
      const LinkSpeed s = net.link_speed(NodeId(u), v);
      links += fmt::format("{} {} {:.0f}bps {:g}ns 0\n", u, v.v, bits * s.bandwidth,
                           seconds * s.latency * kNanosecondsPerSecond);
      ++count;
    }
  }
  std::string switches;  // the ids after the endpoints (ns-3's NPUs come first, as here)
  for (std::uint64_t v = net.num_endpoints(); v < net.num_nodes(); ++v)
    switches += (switches.empty() ? "" : " ") + std::to_string(v);
  return fmt::format("{} {} {}\n", net.num_nodes(), net.num_nodes() - net.num_endpoints(), count) +
         switches + "\n" + links;
}

}  // namespace netsched::exec
