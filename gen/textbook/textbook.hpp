#pragma once
/// The collective algorithms of MPI and NCCL textbooks (Thakur, Rabenseifner and Gropp 2005;
/// Chan et al. 2007), on the networks where they follow links: recursive doubling and halving on
/// hypercubes, rings on a Hamiltonian cycle, and the all-port flood along BFS trees.
///
/// Why here and not in a family file: they belong to no paper's family; each applies wherever
/// its structure exists (a hypercube's dimensions, a Hamiltonian cycle, any connected graph).
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "core/network.hpp"
#include "core/schedule.hpp"
#include "gen/combine/program.hpp"
#include "gen/topo/product.hpp"

namespace netsched {

/// An empty schedule of `collective` on t by `algorithm` under `model`.
Schedule textbook_schedule(const Network& t, Collective collective, PortModel model,
                           const char* algorithm);
/// A chunk schedule whose step k carries, on each directed link (from << 32 | to), the chunks
/// steps[k] lists; equal lists share a payload. The lists are emptied as the steps are made.
using LinkChunks = std::vector<std::map<std::uint64_t, std::vector<std::uint64_t>>>;
Schedule link_chunk_schedule(const Network& t, Collective collective, PortModel model,
                             const char* algorithm, LinkChunks& steps);
/// Throws InputError when t has more than `limit` nodes (named `limit_name`) for `what`.
void check_nodes(const Network& t, const char* what, std::uint64_t limit, const char* limit_name);
/// Throws InputError unless 1 <= pieces <= `limit` (named `limit_name`) for `what`.
void check_pieces(const char* what, std::uint32_t pieces, std::uint32_t limit,
                  const char* limit_name);

/// Recursive doubling all-gather on a hypercube: in step e every node swaps everything it holds
/// with its neighbour across dimension e (one-port, n steps, payloads 1, 2, 4, ... chunks).
Schedule recursive_doubling_all_gather(const Product& cube);

/// The most nodes recursive halving and the ring reduce-scatter take (N registers per node,
/// N^2 / 2 register moves in all).
inline constexpr std::uint64_t kReduceScatterMaxNodes = 1024;
/// The most nodes a reduce-scatter or all-reduce along given trees takes (the packed trees on
/// products: their N registers a node, each moved only into itself, are checked a batch at a
/// time, verify/registers.hpp, whose memory the checker checks), and the memory the generator
/// is held to a node and register: the trees, the moves and the transfers. Measured
/// (bench/README.md item 22): hypercube(14)'s reduce-scatter (16,384 registers a node) peaked at
/// 5.9 GB and its all-reduce (32,768) at 8.9 GB, the check's batches included: less the
/// batches' estimate (1.5 GB), 16 and 14 bytes a node and register.
inline constexpr std::uint64_t kTreeRegistersMaxNodes = 16384;
inline constexpr std::uint64_t kTreeRegisterBytes = 20;
/// InputError when a register schedule along trees on t with `registers` a node is over
/// kTreeRegistersMaxNodes or kMaxRegisters, or its memory (kTreeRegisterBytes a node and register)
/// over the budget (the checker checks its own).
void check_tree_registers(const Network& t, std::uint64_t registers, const char* what);
/// A vector reduce: `broadcast` (a broadcast of listed pieces, pipelined or not) run backwards,
/// every first delivery of a piece mirrored in time into a partial sum sent back over its link
/// (gen/textbook/reversed_broadcast.cpp). The root's result for piece k ends in register p + k;
/// the steps, link loads and port model are the broadcast's. At most kTreeRegistersMaxNodes
/// nodes, two registers a piece, held to the memory budget at kTreeRegisterBytes a node and
/// register.
Schedule reduce_by_reversed_broadcast(const Network& t, const Schedule& broadcast);

/// Recursive halving reduce-scatter on a hypercube: from the highest dimension down, every node
/// sends its neighbour the partial blocks of the neighbour's half and combines the ones it
/// keeps (one-port, n steps, payloads N/2, N/4, ... blocks).
Schedule recursive_halving_reduce_scatter(const Product& cube);

/// Rabenseifner's all-reduce on a hypercube, as a vector all-reduce of N pieces: recursive
/// halving leaves node u with the sum of piece u, recursive doubling spreads the sums (one-port,
/// 2n steps, 2(N-1) pieces through each node).
Schedule rabenseifner_all_reduce(const Product& cube);

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

/// All-port total exchange on a hypercube: chunk o*N+d fixes its differing bits in rotated
/// dimension order starting at (o + d) mod n, one dimension per step (n steps, every link of a
/// node busy at once; at most kReduceScatterMaxNodes nodes, chunks listed per hop).
Schedule all_port_dimension_exchange(const Product& cube);

/// The most pieces the chain broadcast cuts a message into.
inline constexpr std::uint32_t kMaxChainPieces = 4096;
/// Pipelined chain broadcast from `root` in `pieces` pieces down a Hamiltonian path (the
/// cycle of hamiltonian_cycle, turned to start at the root): one-port, N-2+pieces steps of one
/// piece. InputError where no cycle is found.
Schedule pipelined_chain_broadcast(const Network& t, NodeId root, std::uint32_t pieces);
/// Vector prefix in `pieces` pieces down the chain 0, 1, ..., N-1 (gen/textbook/chain_prefix.cpp):
/// v combines v-1's prefix of each piece into its own and passes it on; a hop between ids that
/// are not neighbours is routed on a shortest path through transit registers. Every move goes
/// in the first step its input is ready and `model` (one-port or all-port) has the ports. At
/// most kReduceScatterMaxNodes nodes (a BFS a hop); v ends with piece k's prefix in register
/// pieces + k.
Schedule chain_prefix(const Network& t, std::uint32_t pieces, PortModel model);
/// Vector prefix in `pieces` pieces on a hypercube by the dimension scan, pipelined
/// (gen/textbook/pipelined_dimension_prefix.cpp): all-port, piece k crosses dimension b in step
/// k + b, pieces + n - 1 steps. Node v ends with piece k's prefix in register pieces + k. At
/// most kReduceScatterMaxNodes nodes and kMaxChainPieces pieces.
Schedule pipelined_dimension_prefix(const Product& cube, std::uint32_t pieces);

/// The most nodes the Hamiltonian cycle search walks, and the most search steps it takes.
inline constexpr std::uint64_t kHamiltonMaxNodes = 4096;
inline constexpr std::uint64_t kHamiltonMaxSearch = 1'000'000;
/// A Hamiltonian cycle of `t` (node order; cycle[i] and cycle[i+1 mod N] adjacent), found by a
/// depth-first search that tries the neighbour with the fewest free neighbours first
/// (Warnsdorff) within kHamiltonMaxSearch steps; nullopt when none is found (or N > limit).
/// Remembered per network spec.
std::optional<std::vector<std::uint32_t>> hamiltonian_cycle(const Network& t);

/// Ring all-gather along hamiltonian_cycle(t): in step s every node passes on the chunk it
/// received in step s-1 (its own in step 0). One-port, N-1 steps of one chunk.
Schedule ring_all_gather(const Network& t);
/// Ring reduce-scatter along the cycle: in step s the node at position i sends its partial
/// block of position i-s-1 to its successor, which combines it (one-port, N-1 steps).
Schedule ring_reduce_scatter(const Network& t);
/// Ring all-reduce (NCCL's and MPI's for large vectors) as a vector all-reduce of N pieces: the
/// ring reduce-scatter of the pieces, then the ring all-gather of the sums (one-port, 2(N-1)
/// steps of one piece).
Schedule ring_all_reduce(const Network& t);

/// The most nodes the flood keeps a BFS tree for (N trees of N nodes).
inline constexpr std::uint64_t kFloodMaxNodes = 4096;
/// All-port all-gather: every chunk travels down a BFS tree of its origin, one level per step,
/// every link in both directions at once. Steps = the largest eccentricity (the diameter).
Schedule flood_all_gather(const Network& t);
/// All-port total exchange along the same trees: chunk o*N+d follows o's tree from o to d
/// (the diameter in steps; at most kReduceScatterMaxNodes nodes: N^2 chunks listed per hop).
Schedule flood_total_exchange(const Network& t);
/// All-port reduce-scatter: block j's partial sums combined up j's tree, deepest level first
/// (the diameter in steps; at most kReduceScatterMaxNodes nodes).
Schedule flood_reduce_scatter(const Network& t);
/// All-port vector all-reduce of N pieces: piece j reduced up j's tree onto j, then its sum
/// set down the tree (twice the diameter in steps).
Schedule flood_all_reduce(const Network& t);

}  // namespace netsched
