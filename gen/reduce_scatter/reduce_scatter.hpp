#pragma once
/// Reduce-scatter generators: recursive halving, the ring's, and Swing (whose all-reduce and
/// all-gather plan are built from its reduce-scatter). Their rows are in
/// gen/reduce_scatter/rows.cpp.
#include <cstdint>

#include "core/errors.hpp"
#include "core/network.hpp"
#include "core/schedule.hpp"
#include "gen/plan/embedding.hpp"
#include "gen/plan/program.hpp"
#include "gen/plan/schedule_kit.hpp"
#include "gen/topo/product.hpp"

namespace netsched {

/// Recursive halving reduce-scatter on a hypercube: from the highest dimension down, every node
/// sends its neighbour the partial blocks of the neighbour's half and combines the ones it
/// keeps (one-port, n steps, payloads N/2, N/4, ... blocks).
Schedule recursive_halving_reduce_scatter(const Product& cube);

/// Whether Swing applies: every factor a ring or complete graph of at least 2 nodes, or a link.
bool swing_applies(const Product& t);

/// Swing all-reduce (De Sensi et al., NSDI 2024) as a vector all-reduce of N pieces on a product
/// of rings: a reduce-scatter whose step s pairs a node of even coordinate with the node
/// rho(s) = 1, -1, 3, -5, ... ahead (odd: behind; the shorter way round) in one dimension,
/// ceil(log2 size) steps a dimension, dimensions in turn, then the all-gather in reverse, a node
/// sending only the blocks its peer lacks; non-neighbour peers reached along the ring,
/// store-and-forward (one-port; the first exchanges, with the most data, one hop; 2 x
/// swing_exchange_hops steps). A ring of odd size swings on its other coordinates: its last is
/// folded into the one before, which takes its vector first and hands it the result last (one
/// step each way), and relays the exchanges that cross it (swing_folds). InputError where it
/// does not apply, or above kReduceScatterMaxNodes nodes.
Schedule swing_all_reduce(const Product& t);

/// Swing's reduce-scatter alone (block registers, as recursive-halving): the all-reduce's first
/// half, swing_exchange_hops steps where nothing is folded.
Schedule swing_reduce_scatter(const Product& t);

/// The hops of Swing's exchanges from node 0 (where nothing is folded, each takes that many
/// steps and each phase has them all).
std::uint64_t swing_exchange_hops(const Product& t);

/// Whether some ring of t has an odd size (Swing folds its last coordinate).
bool swing_folds(const Product& t);

/// The hops of every send of the reduce-scatter, folds and relays too: no more steps than these
/// (every step of a routed phase moves one).
std::uint64_t swing_routed_hops(const Product& t);

/// The steps of recursive halving on registers 0..n-1 (combining), for reduce-scatter and
/// Rabenseifner's all-reduce.
void recursive_halving_steps(RegisterProgram& p, std::uint64_t n);

/// Ring reduce-scatter along the cycle: in step s the node at position i sends its partial
/// block of position i-s-1 to its successor, which combines it (one-port, N-1 steps).
Schedule ring_reduce_scatter(const Network& t);
/// MPI's ring reduce-scatter on a switched network: ranks a ring of the endpoints each reaching the
/// next through switches (switched_ring), each round's messages carried through the switches
/// (gen/plan/register_embedding.hpp).
Schedule switched_ring_reduce_scatter(const Network& t);

/// Swing's all-gather (De Sensi et al. 2024; gen/reduce_scatter/swing.cpp) on a product of rings of
/// 2^k nodes: its reduce-scatter's exchanges in reverse, u sending its peer every block it
/// holds; rank u is node u. InputError where Swing does not apply.
EmbeddedPlan swing_all_gather_plan(const Product& t);

/// Swing's stated bound for its reduce-scatter, or twice it for the all-reduce (`twice`): the
/// exchanges' hops, or where a ring of odd size is folded, every routed send's hops (none over
/// kReduceScatterMaxNodes: the sends are not laid out there; none where Swing does not apply).
std::optional<PaperBound> swing_stated_bound(const Network& t, bool twice);
/// Swing's all-gather's: its plan's routed sends' hops (none where Swing does not apply).
std::optional<PaperBound> swing_embedded_bound(const Network& t);

/// t as the product Swing takes, or nullptr (not a product, or one Swing does not apply to).
inline const Product* swing_product(const Network& t) {
  const Product* p = network_as<Product>(t);
  return p && swing_applies(*p) ? p : nullptr;
}
/// Where Swing's register schedules apply: a product Swing takes, of at most
/// kReduceScatterMaxNodes nodes.
inline bool swing_registers_apply(const Network& t) {
  return swing_product(t) && t.num_nodes() <= kReduceScatterMaxNodes;
}
/// Where Swing's all-gather plan embeds: a product Swing takes, of at most kEmbedMaxNodes nodes.
inline bool swing_embed_applies(const Network& t) {
  return swing_product(t) && t.num_nodes() <= kEmbedMaxNodes;
}

}  // namespace netsched
