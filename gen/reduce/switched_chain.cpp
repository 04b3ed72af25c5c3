// MPI's chain reduce (OpenMPI's "chain" reduce algorithm) on a switched network: partial sums
// passed along a ring of endpoints that reach each other through switches, ending at the root
// (gen/plan/register_embedding.hpp).
#include "gen/plan/register_embedding.hpp"
#include "gen/reduce/reduce.hpp"

namespace netsched {

Schedule switched_chain_reduce(const Network& t, NodeId root) {
  const auto ring = switched_ring_order(t, "mpi-chain reduce");
  const std::uint64_t n = ring.size();
  if (root.v >= n)
    throw InputError("mpi-chain reduce: root " + std::to_string(root.v) + " is not an endpoint");
  std::uint64_t at = 0;
  while (ring[at] != root.v) ++at;
  RegisterPlan p{Collective::reduce(n, root), {"x", "sum"}, {}};
  // the chain starts after the root on the ring and ends at it: each endpoint combines its
  // predecessor's partial sum into its own input and passes it on
  for (std::uint64_t k = 1; k < n; ++k) {
    const std::uint32_t from = ring[(at + k) % n], to = ring[(at + k + 1) % n];
    p.rounds.emplace_back().sends.push_back({from, to, {{0, 0, RegOp::Combine}}});
  }
  p.rounds.emplace_back().compute.push_back({root.v, 1, 0, 0, RegOp::Set});
  return embed_register_plan(t, p, "mpi-chain");
}

}  // namespace netsched
