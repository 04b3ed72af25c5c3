#pragma once
/// Total exchange (all-to-all personalized) generators: chunk i*N+j goes from node i to node j.
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "core/errors.hpp"
#include "core/network.hpp"
#include "core/schedule.hpp"
#include "gen/plan/embedding.hpp"
#include "gen/plan/schedule_kit.hpp"
#include "gen/route/router.hpp"
#include "gen/topo/dualcube.hpp"
#include "gen/topo/hdn.hpp"
#include "gen/topo/product.hpp"

namespace netsched {

/// All-port total exchange on a hypercube: chunk o*N+d fixes its differing bits in rotated
/// dimension order starting at (o + d) mod n, one dimension per step (n steps, every link of a
/// node busy at once; at most kReduceScatterMaxNodes nodes, chunks listed per hop).
Schedule all_port_dimension_exchange(const Product& cube);

/// The most nodes the direct all-to-all takes (a transfer per ordered pair: about a million).
inline constexpr std::uint64_t kDirectMaxNodes = 1024;
/// Whether the direct all-to-all takes t (at most kDirectMaxNodes nodes).
inline bool direct_exchange_applies(const Network& t) { return t.num_nodes() <= kDirectMaxNodes; }

/// The direct all-to-all (MPI's basic_linear): one round in which every rank sends every other
/// rank its block; rank i is node i. InputError over kDirectMaxNodes.
EmbeddedPlan direct_exchange_plan(const Network& t);

/// One hop of a single-factor total exchange: `from` forwards to `to` the message that
/// coordinate `orig` has for coordinate `dest`.
struct FactorHop {
  std::uint32_t from, to, orig, dest;
};

using FactorExchange = std::vector<std::vector<FactorHop>>;

/// Unit-message one-port total exchange inside one factor. Rings and complete graphs (and K_2)
/// take exactly AS(factor) steps; paths take n(n-1) (valid, not optimal).
FactorExchange factor_total_exchange(const Factor& f);

/// The packed exchange on a product with path factors keeps an N x N table of who holds what:
/// at most this many nodes (rings and complete factors need none: translation symmetry).
inline constexpr std::uint64_t kPackedTableMaxNodes = 4096;

/// The greedy unit-message exchange keeps N^2 distances and N^2 messages: at most this many
/// nodes.
inline constexpr std::uint64_t kGreedyExchangeMaxNodes = 1024;

/// Unit-message one-port total exchange on any connected graph, shortest paths, farthest
/// message first (gen/exchange/greedy_exchange.cpp); at most sum d(x,y) steps.
FactorExchange greedy_unit_exchange(const Graph& g);

/// A message of a unit exchange where it stands: at node `at`, from `orig` for `dest`.
struct HeldMessage {
  std::uint32_t at, orig, dest;
};

/// The greedy exchange of the messages given, from where they stand (those at their destination
/// are done): how a repair finishes a total exchange part-way (analysis/restart_repair.hpp).
FactorExchange greedy_unit_exchange_from(const Graph& g, const std::vector<HeldMessage>& messages);

/// The unit-message exchange A2 uses inside one factor network of a product: the closed-form
/// factor exchange for a ring, path or complete graph, A2 itself for a product of these, the
/// greedy exchange otherwise.
FactorExchange network_factor_exchange(const Network& factor);

/// An empty total-exchange schedule of `t` by `algorithm` (one-port).
Schedule empty_exchange(const Network& t, const std::string& algorithm);

/// Unit-message transfers (from, to, chunk) per step.
using UnitSteps = std::vector<std::vector<std::tuple<std::uint32_t, std::uint32_t, std::uint64_t>>>;

/// A2 and the greedy exchange as schedules: one chunk per transfer, at most 65536 nodes.
Schedule a2_exchange(const Network& t);

Schedule greedy_exchange(const Network& t);

/// The balanced all-port exchange keeps one plan per offset on a product of rings and complete
/// graphs (at most this many nodes: N^2 chunks listed per hop) and one path per ordered pair on
/// any other network (at most kBalancedMaxNodes).
inline constexpr std::uint64_t kBalancedProductMaxNodes = 1024;
inline constexpr std::uint64_t kBalancedMaxNodes = 256;

/// Whether balanced_exchange takes t (its size; t must also be connected).
bool balanced_exchange_applies(const Network& t);

/// All-port total exchange on shortest paths chosen to load the links alike, the hops packed
/// into the diameter + 0..2 steps so that every step loads them alike too
/// (gen/exchange/balanced_exchange.cpp, gen/plan/hop_packing.hpp). Where a step more lets
/// the links carry less, it keeps the least payload sum, then the fewest steps; with
/// `fewest_steps` the diameter's steps, then the least payload sum (small messages). Off products,
/// one set of paths it tries is `paper_routes`' (the row passes the family's routing function,
/// paper_router; nullptr: none).
Schedule balanced_exchange(const Network& t, RouterFn paper_routes, bool fewest_steps = false);

/// Dimakopoulos Algorithm A2 on a product (of rings, paths and complete graphs, or of any
/// networks), unit messages (a transfer carries one chunk).
UnitSteps a2_total_exchange(const Network& t);

/// The steps A2 takes on a product: n_1 T_B + n_2 T_A recursively (Theorem 2), with T_i the
/// steps of the factor exchanges it uses.
std::uint64_t a2_steps(const Network& t);

/// The HDN total exchange (li-chu-2013 Algorithm 2) with packing, over the base's packed
/// dimension-ordered exchange (gen/exchange/hdn_exchange.cpp).
Schedule hdn_total_exchange(const Hdn& h, unsigned threads = 0);

/// Dualcube total exchange: the HDN algorithm through the isomorphism with rdn(hypercube(r-1),1).
Schedule dualcube_total_exchange(const Dualcube& d);

/// The packed dimension-ordered exchange on a product on its own (every node owns itself).
Schedule packed_total_exchange(const Product& p);

/// Hypercube dimension exchange with packing: in step d every node sends its neighbour across
/// dimension d everything it holds for the nodes on the other side whose lower bits it has
/// already corrected (log2 N steps of N/2 chunks, as selectors).
Schedule hypercube_dimension_exchange(const Product& p);

}  // namespace netsched
