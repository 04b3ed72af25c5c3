#pragma once
/// Packed (message-combining) exchanges, used on their own and inside the HDN total exchange.
/// Every chunk has an owner: the node that must receive it at the end of the exchange. Owners
/// are given by the set of final destinations each collects (for a plain total exchange, a
/// node owns itself).
#include <functional>
#include <vector>

#include "core/schedule.hpp"

namespace netsched {

class Product;

/// Appends to `out` the destination ranges that local node w owns.
using Owners = std::function<void(std::uint64_t w, std::vector<IdRange>& out)>;

/// Sorts and merges ranges in place.
void normalize(std::vector<IdRange>& r);

/// Adds transfer `from -> to` with a selector payload to step `step` of `s` (steps are created
/// as needed; equal payloads are shared).
void add_selector_transfer(Schedule& s, std::size_t step, std::uint32_t from, std::uint32_t to, Selector sel);

/// Dimension-ordered packed exchange inside one copy of the product `p`: local node b (a base id)
/// is global node embed(b), and holds[b][w] says b starts with a block for owner w. In
/// dimension d each node sends along its line the blocks whose owner agrees with it on
/// dimensions < d and differs in d: directly for complete factors (and rings of at most 3),
/// m-1 steps; by clockwise then counter-clockwise pipelines for rings (m-1 steps); by right
/// then left pipelines for paths (2(m-1) steps). A direction's first step takes chunks acquired
/// in `window` or during the earlier dimensions; pipeline steps forward only what arrived in
/// the step before. The generator follows the blocks owner by owner, so a transfer exists only
/// when it carries something, and its selector names exactly the owners it carries. Steps start
/// at `first`; returns the number of steps the exchange takes (the same for every copy).
std::size_t packed_product_exchange(const Product& p, const std::function<std::uint32_t(std::uint64_t)>& embed,
                                    const Owners& owners, const std::vector<std::vector<char>>& holds,
                                    const std::vector<TimeRange>& window, Schedule& s, std::size_t first);

/// Steps of packed_product_exchange on `p` (sum over factors: m-1, or 2(m-1) for paths).
std::size_t packed_exchange_steps(const Product& p);

}  // namespace netsched
