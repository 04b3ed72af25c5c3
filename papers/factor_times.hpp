#pragma once
/// One-port times of a single factor (ring, path, complete graph) that the papers' product
/// formulas are sums of: broadcast T(B_i) (HDN paper) and total exchange T_i (Dimakopoulos).
#include <cstdint>
#include <string>
#include <vector>

#include "gen/topo/product.hpp"

namespace netsched::papers {

/// Optimal one-port broadcast time in one factor from coordinate `root`: ring ceil(n/2),
/// complete ceil(log2 n), path by the greedy two-sided growth.
std::uint64_t factor_broadcast_time(Factor::Kind kind, std::uint32_t size, std::uint32_t root);

/// Unit-message one-port total-exchange time in one factor as the factor algorithms achieve it:
/// ring floor(n^2/4) = AS, complete n-1 = AS, path the shorter of n(n-1) (two-sided pipelines)
/// and the greedy exchange's steps (gen/exchange/factor_exchange.cpp).
std::uint64_t factor_exchange_time(Factor::Kind kind, std::uint32_t size);

/// T(X) of a set of product dimensions: the dimension-by-dimension broadcast time from `root`.
std::uint64_t broadcast_time(const Product& p, const std::vector<std::uint32_t>& dims,
                             std::uint64_t root);

/// 0, 1, ..., dims-1.
std::vector<std::uint32_t> all_dims(const Product& p);

}  // namespace netsched::papers
