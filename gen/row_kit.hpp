#pragma once
/// Where a row applies, for the rows of every folder (gen/<collective>/rows.cpp): the family
/// tests, the size limits of the plans the generators share, and the pieces a pipelined row
/// cuts its message into when the request names none. The casts to a generator's network type
/// (`as`) live behind an `applies` that accepts exactly that type.
///
/// Why one header: the same predicate (a hypercube, a Hamiltonian cycle, a size the embedding
/// takes) serves rows of several collectives; written once, a row's `applies` cannot drift from
/// another's.
#include <cstdint>
#include <stdexcept>

#include "core/network.hpp"
#include "gen/algorithm_row.hpp"
#include "gen/plan/embedding.hpp"
#include "gen/plan/hamiltonian.hpp"
#include "gen/plan/schedule_kit.hpp"
#include "gen/plan/spanning_trees.hpp"
#include "gen/topo/faulty.hpp"
#include "gen/topo/hsn.hpp"
#include "gen/topo/mfc.hpp"
#include "gen/topo/network_product.hpp"
#include "gen/topo/product.hpp"

namespace netsched::rows {

template <class T>
bool is(const Network& t) {
  return network_is<T>(t);
}
/// `t` as T; only called behind a row's `applies`, so a miss is a table bug.
template <class T>
const T& as(const Network& t) {
  const T* p = network_as<T>(t);
  if (!p)
    throw std::logic_error("algorithm table: a row accepted " + t.spec() + " for a type it is not");
  return *p;
}
inline bool any(const Network& /*t*/) { return true; }
inline bool hypercube(const Network& t) { return is<Product>(t) && as<Product>(t).is_hypercube(); }
inline bool other_product(const Network& t) { return is<Product>(t) && !hypercube(t); }
inline bool any_product(const Network& t) { return is<Product>(t) || is<NetworkProduct>(t); }
inline bool hfc(const Network& t) { return is<Mfc>(t) && as<Mfc>(t).hfc(); }
inline bool mfc(const Network& t) { return is<Mfc>(t) && !hfc(t); }
inline bool rhfc_family(const Network& t) { return is<Mfc>(t) || is<Hsn>(t); }
inline bool nucleus_per_cluster(const Network& t) { return is<Hsn>(t) || hfc(t); }
inline bool faulty_rhfc(const Network& t) {
  return is<FaultyNetwork>(t) && nucleus_per_cluster(as<FaultyNetwork>(t).base());
}
inline bool rhs_over_cube(const Network& t) {
  return is<Hsn>(t) && hypercube(as<Hsn>(t).innermost());
}
inline bool register_cube(const Network& t) {
  return hypercube(t) && t.num_nodes() <= kReduceScatterMaxNodes;
}
inline bool hamiltonian(const Network& t) { return hamiltonian_cycle(t).has_value(); }
inline bool register_ring(const Network& t) {
  return t.num_nodes() <= kReduceScatterMaxNodes && hamiltonian(t);
}
inline bool optimal_size(const Network& t) { return t.num_nodes() <= kOptimalBroadcastMaxNodes; }
inline bool packed_broadcast_size(const Network& t) {
  return t.num_nodes() >= 2 && t.num_nodes() <= kPackedTreesMaxNodes;
}
inline bool packed_register_trees(const Network& t) {
  return packed_trees_apply(t) && t.num_nodes() <= kTreeRegistersMaxNodes;
}
inline bool embed_size(const Network& t) { return t.num_nodes() <= kEmbedMaxNodes; }
inline bool flood_size(const Network& t) { return t.num_nodes() <= kFloodMaxNodes; }
inline bool flood_registers(const Network& t) { return t.num_nodes() <= kReduceScatterMaxNodes; }

/// The chain broadcast's pieces when the request names none (gen --bytes tries several).
inline constexpr std::uint32_t kDefaultChainPieces = 8;
/// The tree broadcasts' pieces when the request names none (gen --bytes tries several).
inline constexpr std::uint32_t kDefaultTreePieces = 8;
/// The pieces a pipelined row splits its message into: the request's, or the row's default.
inline std::uint32_t pieces_or(const GenRequest& r, std::uint32_t fallback) {
  return r.pieces == 0 ? fallback : r.pieces;
}

}  // namespace netsched::rows
