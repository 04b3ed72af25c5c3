#pragma once
/// All-gather generators: recursive doubling, the ring, Bruck's plans (its all-to-all too), and
/// the dualcube paper's All2allB and Many2manyM. Their rows are in gen/all_gather/rows.cpp.

#include "core/network.hpp"
#include "core/schedule.hpp"
#include "gen/plan/embedding.hpp"
#include "gen/scatter_gather/scatter_gather.hpp"
#include "gen/topo/dualcube.hpp"
#include "gen/topo/product.hpp"

namespace netsched {

/// Recursive doubling all-gather on a hypercube: in step e every node swaps everything it holds
/// with its neighbour across dimension e (one-port, n steps, payloads 1, 2, 4, ... chunks).
Schedule recursive_doubling_all_gather(const Product& cube);

/// Ring all-gather along hamiltonian_cycle(t): in step s every node passes on the chunk it
/// received in step s-1 (its own in step 0). One-port, N-1 steps of one chunk.
Schedule ring_all_gather(const Network& t);
/// MPI's ring allgather as logical rounds between ranks (any network; a switched one's
/// endpoints): N-1 rounds, rank i passing rank i+1 the block it received last.
EmbeddedPlan ring_all_gather_plan(const Network& t);

/// Bruck's all-gather (Bruck et al. 1997): in round k rank i sends rank i - 2^k every block it
/// holds (blocks i .. i + 2^k - 1; fewer in the last round): ceil(log2 N) rounds.
EmbeddedPlan bruck_all_gather_plan(const Network& t);

/// Bruck's all-to-all: block (s, d) moves by the binary digits of (d - s) mod N; in round k every
/// rank sends rank i + 2^k the blocks it holds whose digit k is 1: ceil(log2 N) rounds of about
/// N/2 blocks.
EmbeddedPlan bruck_exchange_plan(const Network& t);

/// All2allB of the dualcube paper §3 Algorithm 1 (all-to-all broadcast), packed.
Schedule dualcube_all2allb(const Dualcube& d);

/// Many2manyM of the dualcube paper §3 Algorithm 2: every node x of the cluster of `root` sends
/// its message to every node with x's node number.
Schedule dualcube_many2manym(const Dualcube& d, NodeId root);

/// Its transfers, each naming the node numbers (of the source cluster) whose messages it carries.
void many2manym_plan(const Dualcube& d, NodeId root, const PlanSend& send);

}  // namespace netsched
