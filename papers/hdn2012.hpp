#pragma once
/// li-peng-chu-2012, "Hierarchical dual-net": the HDN/RDN formulas (Theorem 1, the §3
/// recurrence, Table 2's comparison rows) and the bounds of its algorithms (Algorithm 1 and
/// Theorem 2, Algorithm 2 and Theorem 3, the product broadcast of §5).
#include <cstdint>
#include <optional>
#include <vector>

#include "core/network.hpp"
#include "core/schedule.hpp"
#include "gen/topo/hdn.hpp"
#include "papers/fact.hpp"

namespace netsched::papers::hdn2012 {

inline const std::string kPaper = "li-peng-chu-2012";

/// §3: N_i = 2 N_{i-1}^2 / s_i, from N_0.
std::uint64_t nodes_recurrence(std::uint64_t n0, const std::vector<std::uint64_t>& s);
/// Theorem 1 as printed: (2 N_0)^(2^k) / (2 prod_i s_i).
double nodes_closed(double n0, const std::vector<std::uint64_t>& s);
/// The closed form the recurrence does give: (2 N_0)^(2^k) / (2 prod_i s_i^(2^(k-i))).
double nodes_corrected(double n0, const std::vector<std::uint64_t>& s);
/// The recursion of Theorems 1-3: 2^k X(B) - sum_{j<k} 2^j X(SN^(k-j)) + 2^(k+1) - 2, where
/// xsn[i-1] = X(SN^i) (X = diameter, routing or broadcast time).
std::int64_t recursion(std::uint64_t xb, const std::vector<std::uint64_t>& xsn);
/// Table 2's reading of the diameter: 2^k (D(B) - sum_j 2^j D(SN^(k-j))) + 2^(k+1) - 2.
std::int64_t table2_diameter(const Hdn& h);
/// The diameters of SN^1..SN^k.
std::vector<std::uint64_t> supernode_diameters(const Hdn& h);

/// Theorem 1, the recurrence and Table 2 for an HDN or RDN.
std::vector<PaperFact> facts(const Hdn& h);
/// Table 2's rows for the comparison networks (torus, hypercube, CCC, dualcube); empty otherwise.
std::vector<PaperFact> table2_facts(const Network& t);

/// Theorem 2: the length of Algorithm 1's routes.
PaperBound routing_bound(const Hdn& h);
/// Theorem 3: Algorithm 2's one-port broadcast steps from `root`.
PaperBound broadcast_bound(const Hdn& h, std::uint64_t root);
/// The broadcast times Theorem 3 is evaluated with: T(B), then T(SN^1)..T(SN^k) (sums of the
/// factors' one-port broadcast times from the root's coordinates).
std::pair<std::uint64_t, std::vector<std::uint64_t>> broadcast_times(const Hdn& h,
                                                                     std::uint64_t root);
/// Theorem 3's proof as printed: T(SN^k) + T_k with T_1 = 2(T(B) - T(SN^1)) + 2 and
/// T_k = T(SN^(k-1)) + 2 T_(k-1) + 2 (the recurrence taken with equality).
std::int64_t theorem3_recurrence(std::uint64_t tb, const std::vector<std::uint64_t>& tsn);
/// §5 broadcast(SN) on a product: dimension by dimension.
PaperBound product_broadcast_bound(const Product& p, std::uint64_t root);
/// Theorem 3 with k = 1, s_1 = 1 on a dualcube (an RDN over an (r-1)-cube).
PaperBound dualcube_broadcast_bound(std::uint32_t r);

}  // namespace netsched::papers::hdn2012
