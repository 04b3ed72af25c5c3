#pragma once
/// Combining collectives (all-reduce / semigroup, prefix, matrix product) as register schedules,
/// and the dualcube paper's data-movement collectives (All2allB, Many2manyM).
#include <array>
#include <string>
#include <vector>

#include "core/schedule.hpp"
#include "gen/topology.hpp"

namespace netsched {

class Dualcube;
class Product;

/// The clusters of a dualcube, each in id order (= node-number order).
std::vector<std::vector<NodeId>> dualcube_clusters(const Dualcube& d);

// Dualcube paper §3-4 (gen/combine/dualcube_prefix.cpp).
Schedule dualcube_cluster_sum(const Dualcube& d);                      ///< Algorithm 3
Schedule dualcube_cluster_prefix(const Dualcube& d, bool as_printed);  ///< Algorithm 4
Schedule dualcube_prefix(const Dualcube& d);  ///< Algorithm 5, made consistent
/// Algorithm 5 as printed, Stage 3's free i read as r - 1 (it computes wrong prefixes).
Schedule dualcube_prefix_as_printed(const Dualcube& d);
/// The index assignment of the dualcube paper's §5.1 (Fig. 3) for Algorithm 7: processor
/// (i, j, k) of the m^3 = 2^(2r-1) processors, m = 2^q, q = (2r-1)/3.
struct DualcubeMatmulLayout {
  explicit DualcubeMatmulLayout(std::uint32_t r);
  std::uint32_t r, w, q, h, half;
  /// Serial id of paper address (c, a, b) (stored c a b for class 0, c b a for class 1).
  std::uint32_t raw(std::uint32_t c, std::uint32_t a, std::uint32_t b) const;
  std::uint32_t node(std::uint32_t i, std::uint32_t j, std::uint32_t k) const;
  std::array<std::uint32_t, 3> ijk(std::uint32_t v) const;
};
/// Algorithm 7 (gen/combine/dualcube_matmul.cpp); `loop_ends` receives the number of steps
/// after each of the four "for" loops.
Schedule dualcube_matmul(const Dualcube& d, std::vector<std::size_t>* loop_ends = nullptr);
/// One copy of Algorithm 7: a register value from `source` to `destination` along §5.3's route.
struct MatmulCopy {
  std::uint32_t source, destination, hops;  ///< hops: the length of §5.3's route
};
/// The copies Algorithm 7's four loops make: [loop][iteration l] -> copies (loop 1 copies R_A
/// and R_B together, as one message).
using MatmulCopies = std::vector<std::vector<std::vector<MatmulCopy>>>;
MatmulCopies dualcube_matmul_copies(const Dualcube& d);

/// Algorithm 6, w = v M from `source` (gen/combine/dualcube_vecmat.cpp).
Schedule dualcube_vecmat(const Dualcube& d, NodeId source);

/// Semigroup computation on HFC/HSN/RHS (RHFC paper §4.1) (gen/combine/rhfc_semigroup.cpp).
Schedule rhfc_semigroup(const Network& t);
// Hypercube scans (gen/combine/hypercube_scan.cpp).
Schedule hypercube_all_reduce(const Product& p);
Schedule hypercube_prefix(const Product& p);

}  // namespace netsched
