#pragma once
/// All-reduce generators: Rabenseifner's, the ring's, the rhfc semigroup computation and the
/// hypercube dimension scan (whose prefix is here too). Their rows are in gen/all_reduce/rows.cpp.

#include "core/network.hpp"
#include "core/schedule.hpp"
#include "gen/topo/product.hpp"

namespace netsched {

/// Rabenseifner's all-reduce on a hypercube, as a vector all-reduce of N pieces: recursive
/// halving leaves node u with the sum of piece u, recursive doubling spreads the sums (one-port,
/// 2n steps, 2(N-1) pieces through each node).
Schedule rabenseifner_all_reduce(const Product& cube);

/// Ring all-reduce (NCCL's and MPI's for large vectors) as a vector all-reduce of N pieces: the
/// ring reduce-scatter of the pieces, then the ring all-gather of the sums (one-port, 2(N-1)
/// steps of one piece).
Schedule ring_all_reduce(const Network& t);
/// MPI's ring all-reduce on a switched network: N pieces reduced round a ring of the endpoints
/// (switched_ring) and passed round again, each round's messages carried through the switches
/// (gen/plan/register_embedding.hpp).
Schedule switched_ring_all_reduce(const Network& t);

/// Semigroup computation on HFC/HSN/RHS (RHFC paper §4.1) (gen/all_reduce/rhfc_semigroup.cpp).
Schedule rhfc_semigroup(const Network& t);

// Hypercube scans (gen/all_reduce/hypercube_scan.cpp).
Schedule hypercube_all_reduce(const Product& p);

Schedule hypercube_prefix(const Product& p);

}  // namespace netsched
