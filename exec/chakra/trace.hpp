#pragma once
/// Chakra execution traces of a schedule, for ASTRA-sim's custom collectives, and the ns-3
/// topology file of its network.
///
/// Why traces and not a collective: ASTRA-sim runs a custom collective as one Chakra execution
/// trace per rank (PREFIX.<rank>.et, its system JSON naming PREFIX under
/// "all-reduce-implementation-custom" and the like): send, receive and compute nodes whose
/// data dependencies order them (astra-sim/system/astraccl/custom_collectives/
/// CustomAlgorithm.cc). The traces are made from netsched's MSCCL-IR program of the schedule
/// (exec/msccl_ir.hpp), checked before: a send step is a COMM_SEND_NODE, a receive a
/// COMM_RECV_NODE, a receive-reduce a COMM_RECV_NODE into a scratch chunk then a COMP_NODE, a
/// copy or reduce a COMP_NODE. A node depends on the step before it in its threadblock and on
/// the step whose flag it waited for; a message is matched by its tag (one a message). Besides
/// the attributes ASTRA-sim reads (comm_src, comm_dst, comm_tag, comm_size, msg_chunk_cnt,
/// msg_chunk_idx, total_chunk_cnt), each node names the buffer chunks it touches
/// (netsched_src, netsched_dst: buffer 0 input, 1 output, 2 scratch, then the offset) and a
/// compute node its operation (netsched_op: copy or reduce), so that a reader can replay the
/// traces and check the collective's result (the tests do, in every order the dependencies
/// allow that they sample).
#include <cstdint>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "core/network.hpp"
#include "exec/exec_plan.hpp"

namespace netsched::exec {

struct ChakraOptions {
  std::uint64_t bytes = 1024;         ///< each node's message, as gen --bytes counts it
  std::string bandwidth = "100Gbps";  ///< the ns-3 links' rate (a link's weight multiplies it)
  std::string latency = "0.0005ms";   ///< the ns-3 links' delay
};

struct ChakraExport {
  std::vector<std::string> traces;  ///< per rank: the .et file's bytes
  std::string ns3_topology;         ///< ASTRA-sim's ns-3 backend's TOPOLOGY_FILE
  std::string collective;           ///< the MSCCL name (allreduce, ...)
  std::uint64_t nodes = 0, messages = 0, chunk_bytes = 0;
  bool padded = false;  ///< the chunks do not divide the message: each is rounded up
};

/// The schedule's traces and its network's ns-3 topology. Throws InputError as export_program
/// does for a schedule MSCCL-IR cannot express.
ChakraExport export_chakra(const ExecPlan& plan, const Network& net, const ChakraOptions& o);

/// The ns-3 topology file of `net` ("<nodes> <switches> <links>", the switches' ids, then
/// "<a> <b> <rate> <delay> <error rate>" a link): astra-sim/astra-network-ns3 scratch/common.h.
/// A switched network's switches are ns-3 switches (their ids follow the endpoints', as ns-3's
/// NPUs come first); a directed network is refused (ns-3's links have one rate both ways).
std::string ns3_topology(const Network& net, const ChakraOptions& o);

}  // namespace netsched::exec
