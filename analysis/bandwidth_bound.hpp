#pragma once
/// The least bandwidth time of a collective on a network, exactly, with the cut that proves it.
///
/// All-port, m bytes per chunk, every arc carrying its bandwidth (a multiple of the default,
/// core/network.hpp LinkSpeed; an undirected link is an arc each way). On a switched network
/// S ranges over node sets (switches allowed) and only S's endpoints count (Zhao and
/// Krishnamurthy 2023; ForestColl):
///  - all-gather: the chunks of the endpoints of S are needed outside S, so every schedule
///    spends at least |S and the endpoints| m / B(S -> rest) on the arcs leaving S; the bound
///    is the largest such ratio over the S that hold an endpoint and miss one. A reduce-scatter
///    brings every endpoint of S its block, made of inputs from outside: the same ratio over
///    the arcs entering S (equal on undirected links); a reduce-scatter followed by an
///    all-gather (an all-reduce as netsched builds it, and as ring, Rabenseifner and ForestColl
///    do) takes their sum.
///  - broadcast from a root: the message crosses every cut that separates the root from some
///    endpoint: m / (the least such cut's bandwidth) — Edmonds' theorem says pipelined trees
///    reach it.
/// The largest ratio |S| / B(S -> rest) is found by Dinkelbach's method: for a ratio x, the
/// least of B(S -> rest) - x|S| over the S that miss a sink t is a max-flow from a source
/// joined to every other endpoint with capacity x; a negative least gives a larger ratio, a least
/// of 0 for every sink proves x. One sink per orbit of the network's automorphisms suffices
/// (an automorphism maps a subset missing t onto one missing t's image, with the same ratio).
///
/// Why here: it needs max-flow (igraph) and the families' orbits, and it is a conclusion about
/// every schedule, which `gen --bytes`, `prove bandwidth` and the verification record report.
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/network.hpp"

namespace netsched {

/// A cut (S, rest) as its proof: anyone can recount the arcs that leave S (or enter it).
struct CutCertificate {
  std::vector<std::uint32_t> side;  ///< S, sorted node ids
  std::uint64_t links = 0;          ///< arcs leaving S (entering S when `entering`)
  double bandwidth = 0;             ///< their bandwidth, in multiples of the default
  std::uint64_t chunks = 0;         ///< chunks every schedule must move across them
  bool entering = false;            ///< the arcs into S count (a reduce-scatter's cut)
};

struct BandwidthBound {
  std::string collective;
  /// The bound in chunk times: chunks / bandwidth of the certificate (multiply by m / the
  /// default bandwidth for seconds).
  double chunk_times = 0;
  CutCertificate cut;
  std::uint64_t max_flows = 0;  ///< max-flow computations it took
  std::uint64_t sinks = 0;      ///< sinks asked (one per orbit where symmetry is used)
  std::string how;
};

/// The most nodes the bound is computed for (a max-flow per sink and iteration).
inline constexpr std::uint64_t kBandwidthBoundMaxNodes = 1 << 17;

/// The all-gather (and reduce-scatter) bound; InputError above kBandwidthBoundMaxNodes or on a
/// disconnected network. `progress(done, total)` is called per sink.
BandwidthBound all_gather_bound(
    const Network& t, const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});
/// The reduce-scatter bound: the all-gather's over the arcs turned around, |S and the endpoints|
/// / B(rest -> S) (each endpoint of S needs its reduced block, made of inputs from outside S).
/// On undirected networks it equals the all-gather's.
BandwidthBound reduce_scatter_bound(
    const Network& t, const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});
/// The broadcast bound from `root`: the least cut that separates it from another node.
BandwidthBound broadcast_bound(const Network& t, NodeId root);

/// Recounts a certificate on t: its links and bandwidth from S alone. The empty string when it
/// holds, else what differs.
std::string recount(const Network& t, const CutCertificate& c);

/// As JSON: collective, chunk_times, cut {side, links, bandwidth, chunks}, max_flows, sinks, how.
nlohmann::json to_json(const BandwidthBound& b);

}  // namespace netsched
