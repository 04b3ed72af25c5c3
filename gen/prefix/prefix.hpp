#pragma once
/// Prefix (scan) generators: the pipelined chain and dimension scans, and the dualcube paper's
/// cluster sum, cluster prefix and prefix. Their rows are in gen/prefix/rows.cpp.
#include <cstdint>
#include <vector>

#include "core/network.hpp"
#include "core/schedule.hpp"
#include "gen/plan/schedule_kit.hpp"
#include "gen/topo/dualcube.hpp"
#include "gen/topo/product.hpp"

namespace netsched {

/// Vector prefix in `pieces` pieces down the chain 0, 1, ..., N-1 (gen/prefix/chain_prefix.cpp):
/// v combines v-1's prefix of each piece into its own and passes it on; a hop between ids that
/// are not neighbours is routed on a shortest path through transit registers. Every move goes
/// in the first step its input is ready and `model` (one-port or all-port) has the ports. At
/// most kReduceScatterMaxNodes nodes (a BFS a hop); v ends with piece k's prefix in register
/// pieces + k.
Schedule chain_prefix(const Network& t, std::uint32_t pieces, PortModel model);

/// MPICH's recursive-doubling scan on a switched network
/// (gen/prefix/switched_recursive_doubling.cpp): rank r and r XOR 2^k exchange partial sums in
/// round k, the lower's added to the higher's prefix (register 1); the endpoints in id order.
Schedule switched_recursive_doubling_prefix(const Network& t);
/// The (rank, partner) pairs of its exchanges on n ranks.
std::vector<std::pair<std::uint32_t, std::uint32_t>> recursive_doubling_pairs(std::uint64_t n);
/// Whether it applies: every pair joined through switches only (switch_paths_exist).
bool switched_scan_applies(const Network& t);

/// Vector prefix in `pieces` pieces on a hypercube by the dimension scan, pipelined
/// (gen/prefix/pipelined_dimension_prefix.cpp): all-port, piece k crosses dimension b in step
/// k + b, pieces + n - 1 steps. Node v ends with piece k's prefix in register pieces + k. At
/// most kReduceScatterMaxNodes nodes and kMaxChainPieces pieces.
Schedule pipelined_dimension_prefix(const Product& cube, std::uint32_t pieces);

/// The clusters of a dualcube, each in id order (= node-number order).
std::vector<std::vector<NodeId>> dualcube_clusters(const Dualcube& d);

// Dualcube paper §3-4 (gen/prefix/dualcube_prefix.cpp).
Schedule dualcube_cluster_sum(const Dualcube& d);  ///< Algorithm 3

Schedule dualcube_cluster_prefix(const Dualcube& d, bool as_printed);  ///< Algorithm 4

Schedule dualcube_prefix(const Dualcube& d);  ///< Algorithm 5, made consistent

/// Algorithm 5 as printed, Stage 3's free i read as r - 1 (it computes wrong prefixes).
Schedule dualcube_prefix_as_printed(const Dualcube& d);

}  // namespace netsched
