#pragma once
/// li-chu-2013, "Total exchange on HDN": Theorem 3's cost of the four-stage total exchange, the
/// n-cube base exchange of §4, and its Table 2 (CCC diameter).
#include <optional>

#include "core/network.hpp"
#include "core/schedule.hpp"
#include "gen/topo/hdn.hpp"
#include "papers/fact.hpp"

namespace netsched::papers::te2013 {

inline const std::string kPaper = "li-chu-2013";

/// Table 2's CCC row.
std::vector<PaperFact> facts(const Network& t);
/// Theorem 3: T_k(m) = (2^(k+1) - 2)(t_s + t_w m n_k/2) + 2^k T_0(m n_k/2) for k >= 1.
std::optional<PaperBound> exchange_bound(const Hdn& h);
/// §4: T_0(m) = n (t_s + t_w m 2^n/2), the dimension exchange on an n-cube.
PaperBound cube_exchange_bound(const Product& cube);

}  // namespace netsched::papers::te2013
