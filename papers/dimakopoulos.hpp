#pragma once
/// dimakopoulos, "Total exchange in cartesian product networks": the average status of a
/// product (Theorem 1 / Corollary 1), the GHC average distance (§3.1), and Algorithm A2's time
/// (Theorem 2 / Corollary 2).
#include "core/network.hpp"
#include "core/schedule.hpp"
#include "gen/topo/network_product.hpp"
#include "gen/topo/product.hpp"
#include "papers/fact.hpp"

namespace netsched::papers::dimakopoulos {

inline const std::string kPaper = "dimakopoulos";

/// Corollary 1's AS(G) = n sum_i AS(G_i)/|V_i|; the GHC average distance.
std::vector<PaperFact> facts(const Network& t);
/// Corollary 2: A2 takes n sum_i T_i / |V_i| steps.
PaperBound a2_bound(const Product& p);
/// The same on a product of any networks, T_i the steps of the factor exchange A2 uses there.
PaperBound a2_bound(const NetworkProduct& q);

/// Corollary 1 is evaluated on products of any networks whose factors have at most this many
/// nodes (their distances are computed exactly).
inline constexpr std::uint64_t kFactorDistanceMaxNodes = 4096;

}  // namespace netsched::papers::dimakopoulos
