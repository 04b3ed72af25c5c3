#pragma once
/// The least bandwidth time of an all-port total exchange, with the link lengths that prove it.
///
/// Every chunk o -> d crosses the links of some walk from o to d. Give every directed link e a
/// length w_e >= 0: the walk is at least dist_w(o, d) long, so the links' loads satisfy
/// sum_e w_e load_e >= sum over o != d of dist_w(o, d). A schedule of T chunk times carries at
/// most T b_e chunks over e (b_e its bandwidth, a multiple of the default), so
/// sum_e w_e load_e <= T sum_e w_e b_e, and
///     T >= sum dist_w / sum_e w_e b_e    for every choice of lengths.
/// That is the dual of the multicommodity-flow LP (the best lengths give the least load any
/// fractional routing can put on its busiest link). Unit lengths give the sum of distances over
/// the links; lengths on one cut's links give the cut bound; on a dualcube, lengths on the cross
/// links alone give more than either (every pair of another cluster needs a cross link or two).
///
/// The lengths are found by multiplicative weights: route every pair on a shortest path for the
/// current lengths, lengthen each link by its load relative to the busiest, repeat. Each
/// round's lengths give a valid bound and the best is kept; the rounds' routes, averaged, are a
/// fractional routing whose busiest link bounds the LP's optimum from above, so the report says
/// how far the bound can be from the best one of its kind.
///
/// On a network of switches or directed links (ARCHITECTURE.md) the links are the arcs, each
/// with its own bandwidth, and the pairs are the endpoints': a chunk goes between two endpoints,
/// through switches or not, so the same inequality holds with the sum over endpoint pairs.
///
/// Why a file of its own: the all-gather's bound (analysis/bandwidth_bound.hpp) is a cut found
/// by max-flow; the total exchange needs every pair's distance under changing lengths instead.
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/network.hpp"
#include "core/schedule_io.hpp"  // LengthCertificate: the proof, as a schedule file records it

namespace netsched {

struct CongestionBound {
  double chunk_times = 0;  ///< distance_sum / weighted_bandwidth
  LengthCertificate lengths;
  /// The busiest link of the averaged routes, in chunk times: the best lengths give at most
  /// this (the bound is within routed_chunk_times / chunk_times of its kind's best).
  double routed_chunk_times = 0;
  std::uint64_t rounds = 0;
  std::string how;
};

/// The most nodes the bound is computed for, and the most arc relaxations its rounds may take
/// in all (a round is a shortest-path tree from every node).
inline constexpr std::uint64_t kCongestionBoundMaxNodes = 4096;
inline constexpr std::uint64_t kCongestionBoundMaxWork = 200'000'000;

/// The total exchange's bound; InputError above kCongestionBoundMaxNodes, on fewer than 2
/// nodes, or on a disconnected network. `progress(done, total)` is called per round.
CongestionBound total_exchange_bound(
    const Network& t, const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});

/// The sum over ordered pairs of the least time a chunk spends on a path's links (the sum of
/// 1/bandwidth along it): the bound's lengths of its first round. InputError when t is not
/// connected.
double link_time_distance_sum(const Network& t);

/// Recomputes a certificate on t: every arc a link, the distances and the weighted bandwidth
/// from the lengths alone. The empty string when it holds, else what differs. InputError when t
/// is over the bound's limits (kCongestionBoundMaxNodes, kCongestionBoundMaxWork for one round).
std::string recount(const Network& t, const LengthCertificate& c);

/// As JSON: chunk_times, routed_chunk_times, rounds, how, lengths {arcs [[from, to, w]...],
/// distance_sum, weighted_bandwidth}.
nlohmann::json to_json(const CongestionBound& b);

}  // namespace netsched
