// The exact bandwidth bound by Dinkelbach's method over igraph max-flows
// (analysis/bandwidth_bound.hpp).
#include "analysis/bandwidth_bound.hpp"

#include <igraph/igraph.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>

#include "core/c_library_lock.hpp"
#include "core/errors.hpp"
#include "core/graph.hpp"
#include "core/metrics.hpp"
#include "core/orbits.hpp"

namespace netsched {
namespace {

/// Relative slack of the ratio test on links of different speeds (floating-point capacities);
/// on uniform links every capacity is an integer and the test is exact.
constexpr double kWeightedSlack = 1e-9;

/// igraph errors as exceptions while a computation runs (the default handler aborts), igraph
/// held by this thread alone (core/c_library_lock.hpp) meanwhile.
thread_local std::string igraph_failure;
void keep_failure(const char* reason, const char* /*file*/, int /*line*/, igraph_error_t err) {
  igraph_failure = std::string(reason ? reason : "") + " (" + igraph_strerror(err) + ")";
  IGRAPH_FINALLY_FREE();
}
void check(igraph_error_t rc) {
  if (rc != IGRAPH_SUCCESS) throw std::runtime_error("igraph max-flow: " + igraph_failure);
}
class ErrorHandler {
 public:
  ErrorHandler() : lock_(lock_c_libraries()), previous_(igraph_set_error_handler(keep_failure)) {}
  ~ErrorHandler() { igraph_set_error_handler(previous_); }
  ErrorHandler(const ErrorHandler&) = delete;
  ErrorHandler& operator=(const ErrorHandler&) = delete;

 private:
  std::unique_lock<std::recursive_mutex> lock_;  // first made, last released
  igraph_error_handler_t* previous_;
};

/// The network's arcs with their bandwidths (a multiple of the default), and which nodes are
/// endpoints: an undirected link is two arcs; `reversed` turns every arc around (the
/// reduce-scatter's bound is the all-gather's on the reversed network).
struct CutArcs {
  std::uint32_t n = 0, endpoints = 0;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> ends;  ///< from, to
  std::vector<double> bandwidth;
  bool integral = true;  ///< every bandwidth an integer (then the ratio test is exact)
};

CutArcs cut_arcs_of(const Network& t, bool reversed = false) {
  CutArcs out;
  out.n = static_cast<std::uint32_t>(t.num_nodes());
  out.endpoints = static_cast<std::uint32_t>(t.num_endpoints());
  std::vector<NodeId> nb;
  for (std::uint32_t u = 0; u < out.n; ++u) {
    t.neighbors(NodeId(u), nb);
    for (const NodeId v : nb) {
      if (!t.has_arc(NodeId(u), v)) continue;
      out.ends.emplace_back(reversed ? v.v : u, reversed ? u : v.v);
      const double b = t.link_speed(NodeId(u), v).bandwidth;
      out.bandwidth.push_back(b);
      out.integral = out.integral && b == std::trunc(b);
    }
  }
  return out;
}

/// The bandwidth of the arcs leaving `side` (side[v] = 1 for v in S) and how many they are.
std::pair<double, std::uint64_t> leaving(const CutArcs& l, const std::vector<char>& side) {
  double b = 0;
  std::uint64_t count = 0;
  for (std::size_t e = 0; e < l.ends.size(); ++e)
    if (side[l.ends[e].first] && !side[l.ends[e].second]) b += l.bandwidth[e], ++count;
  return {b, count};
}

/// igraph's max-flow from `source` to `sink` over g's arcs with `capacity`: the value and the
/// source side of a least cut, as side[v] = 1 for the first `n` nodes.
std::pair<double, std::vector<char>> max_flow(const igraph_t& g, const igraph_vector_t& capacity,
                                              std::uint32_t n, std::uint32_t source,
                                              std::uint32_t sink) {
  igraph_real_t value = 0;
  igraph_vector_int_t source_side;
  igraph_vector_int_init(&source_side, 0);
  const igraph_error_t rc = igraph_maxflow(&g, &value, nullptr, nullptr, &source_side, nullptr,
                                           source, sink, &capacity, nullptr);
  std::vector<char> side(n, 0);
  for (igraph_integer_t i = 0; rc == IGRAPH_SUCCESS && i < igraph_vector_int_size(&source_side);
       ++i) {
    const auto v = VECTOR(source_side)[i];
    if (v < n) side[static_cast<std::size_t>(v)] = 1;
  }
  igraph_vector_int_destroy(&source_side);
  check(rc);
  return {value, std::move(side)};
}

/// The flow network: the arcs (capacity q x bandwidth), and a source n joined to every endpoint
/// (capacity p, the sink's own arc 0; a switch has none): its least cut, less p (E-1), is the
/// least of q B(S -> rest) - p |S and the endpoints| over the S that miss the sink.
class FlowNetwork {
 public:
  explicit FlowNetwork(const CutArcs& l) : l_(l) {
    igraph_vector_int_t edges;
    igraph_vector_int_init(&edges, 0);
    for (const auto& [u, v] : l.ends) {
      igraph_vector_int_push_back(&edges, u);
      igraph_vector_int_push_back(&edges, v);
    }
    for (std::uint32_t v = 0; v < l.n; ++v) {
      igraph_vector_int_push_back(&edges, l.n);
      igraph_vector_int_push_back(&edges, v);
    }
    check(igraph_create(&g_, &edges, l.n + 1, IGRAPH_DIRECTED));
    igraph_vector_int_destroy(&edges);
    igraph_vector_init(&capacity_, igraph_ecount(&g_));
  }
  ~FlowNetwork() {
    igraph_vector_destroy(&capacity_);
    igraph_destroy(&g_);
  }
  FlowNetwork(const FlowNetwork&) = delete;
  FlowNetwork& operator=(const FlowNetwork&) = delete;

  /// The source side (without the source) of a least cut to `sink`, and the cut's value.
  std::pair<double, std::vector<char>> least_cut(double p, double q, std::uint32_t sink) {
    const std::size_t arcs = l_.ends.size();
    for (std::size_t e = 0; e < arcs; ++e) VECTOR(capacity_)[e] = q * l_.bandwidth[e];
    for (std::uint32_t v = 0; v < l_.n; ++v)
      VECTOR(capacity_)[arcs + v] = v == sink || v >= l_.endpoints ? 0 : p;
    return max_flow(g_, capacity_, l_.n, l_.n, sink);
  }

  /// The least cut from `root` to `sink` over the arcs alone (the broadcast's).
  std::pair<double, std::vector<char>> least_cut_from(std::uint32_t root, std::uint32_t sink) {
    for (std::size_t e = 0; e < l_.ends.size(); ++e) VECTOR(capacity_)[e] = l_.bandwidth[e];
    for (std::uint32_t v = 0; v < l_.n; ++v) VECTOR(capacity_)[l_.ends.size() + v] = 0;
    return max_flow(g_, capacity_, l_.n, root, sink);
  }

 private:
  const CutArcs& l_;
  igraph_t g_;
  igraph_vector_t capacity_;
};

CutCertificate certificate(const CutArcs& l, const std::vector<char>& side, bool entering) {
  CutCertificate c;
  for (std::uint32_t v = 0; v < l.n; ++v)
    if (side[v]) c.side.push_back(v);
  std::tie(c.bandwidth, c.links) = leaving(l, side);
  c.chunks = static_cast<std::uint64_t>(
      std::count(side.begin(), side.begin() + static_cast<std::ptrdiff_t>(l.endpoints), 1));
  c.entering = entering;
  return c;
}

/// One sink per orbit of the automorphisms (uniform links without switches: a speed, a
/// direction or a switch may break a symmetry), else every endpoint.
std::vector<std::uint32_t> sinks_of(const Network& t, std::string& how) {
  std::vector<std::uint32_t> sinks;
  if (!t.weighted() && !t.needs_switched_model() && t.num_nodes() <= kMaxTracesNodes) {
    const Orbits o = automorphism_orbits(Csr(t, 1));
    sinks = o.reps;
    how = "one sink per automorphism orbit (" + std::to_string(sinks.size()) + ")";
    return sinks;
  }
  for (std::uint32_t v = 0; v < t.num_endpoints(); ++v) sinks.push_back(v);
  how = t.needs_switched_model() ? "every endpoint a sink (switches or directed links)"
                                 : "every node a sink (links of different speeds)";
  return sinks;
}

void check_size(const Network& t, const char* what) {
  if (t.num_endpoints() < 2)
    throw InputError(std::string(what) + ": a bandwidth bound needs at least two endpoints");
  if (t.num_nodes() > kBandwidthBoundMaxNodes)
    throw InputError(std::string(what) + ": " + std::to_string(t.num_nodes()) +
                     " nodes, over the limit " +
                     limit_text("kBandwidthBoundMaxNodes", kBandwidthBoundMaxNodes));
  const auto dist = bfs_distances(Csr(t, 1), 0);
  if (std::find(dist.begin(), dist.end(), kUnreached) != dist.end())
    throw InputError(std::string(what) + ": " + t.spec() + " is not connected");
}

/// S = every node but the endpoint of the least bandwidth in: the ratio (E-1) / B(S -> rest)
/// that Dinkelbach's iteration starts from.
std::vector<char> starting_side(const CutArcs& l) {
  std::vector<double> in(l.endpoints, 0);
  for (std::size_t e = 0; e < l.ends.size(); ++e)
    if (l.ends[e].second < l.endpoints) in[l.ends[e].second] += l.bandwidth[e];
  std::vector<char> side(l.n, 1);
  side[static_cast<std::size_t>(std::min_element(in.begin(), in.end()) - in.begin())] = 0;
  return side;
}

/// The largest |S and the endpoints| / B(S -> rest) over the arcs `l` (all_gather_bound).
BandwidthBound ratio_bound(const Network& t, const CutArcs& l, bool entering,
                           const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  BandwidthBound out;
  out.collective = entering ? "reduce-scatter" : "all-gather";
  std::string sink_how;
  const auto sinks = sinks_of(t, sink_how);
  out.sinks = sinks.size();
  std::vector<char> best = starting_side(l);
  auto ratio = [&](const std::vector<char>& side) {  // B(S -> rest) and |S and the endpoints|
    return std::pair{
        leaving(l, side).first,
        static_cast<double>(
            std::count(side.begin(), side.begin() + static_cast<std::ptrdiff_t>(l.endpoints), 1))};
  };
  auto [p, q] = ratio(best);  // the ratio x = p / q, tested as q B(S) - p |S| >= 0
  FlowNetwork flows(l);
  const double slack = l.integral ? 0.5 : kWeightedSlack * p * static_cast<double>(l.n);
  for (std::size_t i = 0; i < sinks.size(); ++i) {
    if (progress) progress(i, sinks.size());
    for (;;) {  // a sink passed at x passes at every smaller x: one pass over the sinks
      auto [value, side] = flows.least_cut(p, q, sinks[i]);
      ++out.max_flows;
      if (value - p * static_cast<double>(l.endpoints - 1) >= -slack) break;
      best = std::move(side);
      std::tie(p, q) = ratio(best);
    }
  }
  if (progress) progress(sinks.size(), sinks.size());
  out.cut = certificate(l, best, entering);
  out.chunk_times = q / p;
  out.how = "Dinkelbach's ratio test by max-flow, " + sink_how + ", " +
            std::to_string(out.max_flows) + " max-flows" +
            (l.integral ? " in integer capacities (exact)" : " (floating-point capacities)");
  return out;
}

/// The broadcast's least cut on a network of switches or directed links: the least max-flow
/// from the root to an endpoint.
BandwidthBound switched_broadcast_bound(const CutArcs& l, NodeId root) {
  BandwidthBound out;
  out.collective = "broadcast";
  FlowNetwork flows(l);
  std::optional<std::pair<double, std::vector<char>>> least;
  for (std::uint32_t sink = 0; sink < l.endpoints; ++sink) {
    if (sink == root.v) continue;
    auto cut = flows.least_cut_from(root.v, sink);
    ++out.max_flows, ++out.sinks;
    if (!least || cut.first < least->first) least = std::move(cut);
  }
  out.cut = certificate(l, least->second, false);
  out.cut.chunks = 1;
  out.chunk_times = 1 / out.cut.bandwidth;
  out.how = "the least max-flow from the root to an endpoint (" + std::to_string(out.max_flows) +
            " max-flows over the arcs)";
  return out;
}

}  // namespace

BandwidthBound all_gather_bound(const Network& t,
                                const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  check_size(t, "all-gather bound");
  const ErrorHandler handler;
  return ratio_bound(t, cut_arcs_of(t), false, progress);
}

BandwidthBound reduce_scatter_bound(
    const Network& t, const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  check_size(t, "reduce-scatter bound");
  const ErrorHandler handler;
  return ratio_bound(t, cut_arcs_of(t, true), true, progress);
}

BandwidthBound broadcast_bound(const Network& t, NodeId root) {
  check_size(t, "broadcast bound");
  const ErrorHandler handler;
  const CutArcs l = cut_arcs_of(t);
  if (t.needs_switched_model()) return switched_broadcast_bound(l, root);
  BandwidthBound out;
  out.collective = "broadcast";
  out.sinks = 1;
  // Mader (1971): a connected vertex-transitive graph's edge connectivity is its degree. On
  // links alike the least cut is then the links into one node (any but the root), and the
  // min-cut search (minutes on 16,384 nodes) is not needed
  std::string sink_how;
  if (sinks_of(t, sink_how).size() == 1) {  // one orbit, links alike
    std::vector<char> side(l.n, 1);
    side[root.v == 0 ? 1 : 0] = 0;
    out.cut = certificate(l, side, false);
    out.cut.chunks = 1;
    out.chunk_times = 1 / out.cut.bandwidth;
    out.how =
        "one node's links: on a vertex-transitive network of links alike they are a least "
        "cut (Mader 1971: its edge connectivity is its degree)";
    return out;
  }
  // on links as fast both ways the least cut separating the root from some node is the least
  // cut of the network (the root lies on one side of it)
  igraph_t g;
  igraph_vector_int_t edges;
  igraph_vector_int_init(&edges, 0);
  igraph_vector_t capacity;
  igraph_vector_init(&capacity, 0);
  for (std::size_t e = 0; e < l.ends.size(); ++e)
    if (l.ends[e].first < l.ends[e].second) {  // each link once
      igraph_vector_int_push_back(&edges, l.ends[e].first);
      igraph_vector_int_push_back(&edges, l.ends[e].second);
      igraph_vector_push_back(&capacity, l.bandwidth[e]);
    }
  check(igraph_create(&g, &edges, l.n, IGRAPH_UNDIRECTED));
  igraph_vector_int_destroy(&edges);
  igraph_real_t value = 0;
  igraph_vector_int_t part;
  igraph_vector_int_init(&part, 0);
  const igraph_error_t rc = igraph_mincut(&g, &value, &part, nullptr, nullptr, &capacity);
  std::vector<char> side(l.n, 0);
  for (igraph_integer_t i = 0; i < igraph_vector_int_size(&part); ++i)
    side[static_cast<std::size_t>(VECTOR(part)[i])] = 1;
  igraph_vector_int_destroy(&part);
  igraph_vector_destroy(&capacity);
  igraph_destroy(&g);
  check(rc);
  if (!side[root.v])  // the root's side sends
    for (auto& s : side) s = static_cast<char>(!s);
  out.cut = certificate(l, side, false);
  out.cut.chunks = 1;
  out.chunk_times = 1 / out.cut.bandwidth;
  out.max_flows = 1;
  out.how = "the network's least cut (igraph_mincut): it separates the root from some node";
  return out;
}

std::string recount(const Network& t, const CutCertificate& c) {
  if (c.side.empty() || c.side.size() >= t.num_nodes()) return "the side is empty or every node";
  std::vector<char> side(t.num_nodes(), 0);
  for (const std::uint32_t v : c.side) {
    if (v >= t.num_nodes()) return "node " + std::to_string(v) + " is not a node";
    side[v] = 1;
  }
  const CutArcs l = cut_arcs_of(t, c.entering);
  const auto [bandwidth, links] = leaving(l, side);
  const std::string way = c.entering ? "enter" : "leave";
  if (links != c.links)
    return std::to_string(links) + " arcs " + way + " the side, not " + std::to_string(c.links);
  if (std::abs(bandwidth - c.bandwidth) > kWeightedSlack * std::max(1.0, bandwidth))
    return "the arcs that " + way + " the side carry " + std::to_string(bandwidth) + ", not " +
           std::to_string(c.bandwidth);
  return "";
}

nlohmann::json to_json(const BandwidthBound& b) {
  return {{"collective", b.collective},
          {"chunk_times", b.chunk_times},
          {"cut",
           {{"side", b.cut.side},
            {"links", b.cut.links},
            {"bandwidth", b.cut.bandwidth},
            {"chunks", b.cut.chunks},
            {"arcs", b.cut.entering ? "entering the side" : "leaving the side"}}},
          {"max_flows", b.max_flows},
          {"sinks", b.sinks},
          {"how", b.how}};
}

}  // namespace netsched
