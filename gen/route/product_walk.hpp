#pragma once
// Dimension-order walks inside products, shared by the product and HDN routers.
#include <vector>

#include "gen/topo/product.hpp"

namespace netsched {

/// Which way a ring coordinate goes when both ways are equally short.
enum class RingTies {
  Up,    ///< always upwards (the papers' walks, and the dimension-order router)
  Split  ///< upwards from an even coordinate, downwards from an odd one: both directions of a
         ///< ring carry half the ties (balanced platform routes)
};

/// Appends to `out` the nodes after a of the dimension-order walk from a to b that corrects the
/// listed dimensions in order (each coordinate along its shorter way round).
void dimension_order_walk(const Product& p, std::uint64_t a, std::uint64_t b,
                          const std::vector<std::uint32_t>& dims, std::vector<std::uint64_t>& out,
                          RingTies ties = RingTies::Up);

}  // namespace netsched
