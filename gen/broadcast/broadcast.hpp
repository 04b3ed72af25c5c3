#pragma once
/// One-port broadcast generators: a list of rounds, each a list of (from, to) transfers of the
/// single message. Their rows are in gen/algorithms.cpp; the paper bounds that go with them are
/// in papers/, keyed by the same names.
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/errors.hpp"
#include "core/schedule.hpp"
#include "gen/topology.hpp"

namespace netsched {

class Dualcube;
class Hdn;
class Product;
struct Factor;

using Rounds = std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>>;

/// Appends `src` to `dst` round by round from round `offset` on (parallel, disjoint parts).
void merge_rounds(Rounds& dst, const Rounds& src, std::size_t offset);

// ---- building blocks, one file each ----

/// Optimal one-port broadcast in one factor from coordinate `root`: rounds of (from, to)
/// coordinates. Ring: ceil(n/2) rounds; complete graph: ceil(log2 n); path: greedy towards
/// the longer side first.
std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> factor_broadcast(
    const Factor& f, std::uint32_t root);
/// Dimension-by-dimension broadcast inside a product: the nodes agreeing with `root` outside
/// `informed` already hold the message; the dimensions in `dims` (not in `informed`) are
/// broadcast one after another.
Rounds product_broadcast(const Product& p, std::uint64_t root,
                         const std::vector<std::uint32_t>& dims,
                         const std::vector<std::uint32_t>& informed);

/// The whole product from `root`, dimension by dimension.
Rounds product_broadcast(const Product& p, std::uint64_t root);
Rounds hdn_broadcast(const Hdn& h, std::uint32_t root);
Rounds dualcube_broadcast(const Dualcube& d, std::uint32_t root);
Rounds rhfc_broadcast(const Network& t, std::uint32_t root);
Rounds greedy_broadcast(const Network& t, std::uint32_t root);
/// The same from every node of `holders` at once (a BFS forest): how a broadcast that some
/// nodes have already received finishes (analysis/restart_repair.hpp).
Rounds greedy_broadcast_from(const Network& t, std::span<const std::uint32_t> holders);

}  // namespace netsched
