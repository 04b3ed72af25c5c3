// The exact bandwidth bound by Dinkelbach's method over igraph max-flows
// (analysis/bandwidth_bound.hpp).
#include "analysis/bandwidth_bound.hpp"

#include <igraph/igraph.h>

#include <algorithm>
#include <cmath>
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

/// The network's links with their bandwidths (a multiple of the default).
struct Links {
  std::uint32_t n = 0;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> ends;  ///< u < v
  std::vector<double> bandwidth;
  bool integral = true;  ///< every bandwidth an integer (then the ratio test is exact)
};

Links links_of(const Network& t) {
  Links out;
  out.n = static_cast<std::uint32_t>(t.num_nodes());
  std::vector<NodeId> nb;
  for (std::uint32_t u = 0; u < out.n; ++u) {
    t.neighbors(NodeId(u), nb);
    for (const NodeId v : nb)
      if (u < v.v) {
        out.ends.emplace_back(u, v.v);
        const double b = t.link_speed(NodeId(u), v).bandwidth;
        out.bandwidth.push_back(b);
        out.integral = out.integral && b == std::trunc(b);
      }
  }
  return out;
}

/// The bandwidth leaving `side` (side[v] = 1 for v in S) and how many links it crosses.
std::pair<double, std::uint64_t> leaving(const Links& l, const std::vector<char>& side) {
  double b = 0;
  std::uint64_t count = 0;
  for (std::size_t e = 0; e < l.ends.size(); ++e)
    if (side[l.ends[e].first] != side[l.ends[e].second]) b += l.bandwidth[e], ++count;
  return {b, count};
}

/// The flow network: the links both ways (capacity q x bandwidth), and a source n joined to every
/// node (capacity p, the sink's own arc 0): its least cut, less p (N-1), is the least of
/// q B(S -> rest) - p |S| over the S that miss the sink.
class FlowNetwork {
 public:
  explicit FlowNetwork(const Links& l) : l_(l) {
    igraph_vector_int_t edges;
    igraph_vector_int_init(&edges, 0);
    for (const auto& [u, v] : l.ends) {  // both directions of the link
      igraph_vector_int_push_back(&edges, u);
      igraph_vector_int_push_back(&edges, v);
      igraph_vector_int_push_back(&edges, v);
      igraph_vector_int_push_back(&edges, u);
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
    const std::size_t arcs = 2 * l_.ends.size();
    for (std::size_t e = 0; e < l_.ends.size(); ++e)
      VECTOR(capacity_)[2 * e] = VECTOR(capacity_)[2 * e + 1] = q * l_.bandwidth[e];
    for (std::uint32_t v = 0; v < l_.n; ++v) VECTOR(capacity_)[arcs + v] = v == sink ? 0 : p;
    igraph_real_t value = 0;
    igraph_vector_int_t source_side;
    igraph_vector_int_init(&source_side, 0);
    check(igraph_maxflow(&g_, &value, nullptr, nullptr, &source_side, nullptr, l_.n, sink,
                         &capacity_, nullptr));
    std::vector<char> side(l_.n, 0);
    for (igraph_integer_t i = 0; i < igraph_vector_int_size(&source_side); ++i) {
      const auto v = VECTOR(source_side)[i];
      if (v < l_.n) side[static_cast<std::size_t>(v)] = 1;
    }
    igraph_vector_int_destroy(&source_side);
    return {value, std::move(side)};
  }

 private:
  const Links& l_;
  igraph_t g_;
  igraph_vector_t capacity_;
};

CutCertificate certificate(const Links& l, const std::vector<char>& side, std::uint64_t chunks) {
  CutCertificate c;
  for (std::uint32_t v = 0; v < l.n; ++v)
    if (side[v]) c.side.push_back(v);
  std::tie(c.bandwidth, c.links) = leaving(l, side);
  c.chunks = chunks;
  return c;
}

/// One sink per orbit of the automorphisms (uniform links only: a speed may break a symmetry).
std::vector<std::uint32_t> sinks_of(const Network& t, std::string& how) {
  std::vector<std::uint32_t> sinks;
  if (!t.weighted() && t.num_nodes() <= kMaxTracesNodes) {
    const Orbits o = automorphism_orbits(Csr(t, 1));
    sinks = o.reps;
    how = "one sink per automorphism orbit (" + std::to_string(sinks.size()) + ")";
  } else {
    for (std::uint32_t v = 0; v < t.num_nodes(); ++v) sinks.push_back(v);
    how = "every node a sink (links of different speeds)";
  }
  return sinks;
}

void check_size(const Network& t, const char* what) {
  if (t.num_nodes() < 2)
    throw InputError(std::string(what) + ": a bandwidth bound needs at least two nodes");
  if (t.num_nodes() > kBandwidthBoundMaxNodes)
    throw InputError(std::string(what) + ": " + std::to_string(t.num_nodes()) +
                     " nodes, over the limit " +
                     limit_text("kBandwidthBoundMaxNodes", kBandwidthBoundMaxNodes));
  const auto dist = bfs_distances(Csr(t, 1), 0);
  if (std::find(dist.begin(), dist.end(), kUnreached) != dist.end())
    throw InputError(std::string(what) + ": " + t.spec() + " is not connected");
}

}  // namespace

BandwidthBound all_gather_bound(const Network& t,
                                const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  check_size(t, "all-gather bound");
  const ErrorHandler handler;
  const Links l = links_of(t);
  BandwidthBound out;
  out.collective = "all-gather";
  std::string sink_how;
  const auto sinks = sinks_of(t, sink_how);
  out.sinks = sinks.size();
  // start from S = every node but the slowest-linked one: ratio B / (N - 1)
  std::vector<char> best(l.n, 1);
  {
    std::vector<double> around(l.n, 0);
    for (std::size_t e = 0; e < l.ends.size(); ++e)
      around[l.ends[e].first] += l.bandwidth[e], around[l.ends[e].second] += l.bandwidth[e];
    best[std::min_element(around.begin(), around.end()) - around.begin()] = 0;
  }
  auto ratio = [&](const std::vector<char>& side) {  // B(S -> rest) and |S|
    return std::pair{leaving(l, side).first,
                     static_cast<double>(std::count(side.begin(), side.end(), 1))};
  };
  auto [p, q] = ratio(best);  // the ratio x = p / q, tested as q B(S) - p |S| >= 0
  FlowNetwork flows(l);
  const double slack = l.integral ? 0.5 : kWeightedSlack * p * static_cast<double>(l.n);
  for (std::size_t i = 0; i < sinks.size(); ++i) {
    if (progress) progress(i, sinks.size());
    for (;;) {  // a sink passed at x passes at every smaller x: one pass over the sinks
      auto [value, side] = flows.least_cut(p, q, sinks[i]);
      ++out.max_flows;
      if (value - p * static_cast<double>(l.n - 1) >= -slack) break;
      best = std::move(side);
      std::tie(p, q) = ratio(best);
    }
  }
  if (progress) progress(sinks.size(), sinks.size());
  out.cut = certificate(l, best, static_cast<std::uint64_t>(q));
  out.chunk_times = q / p;
  out.how = "Dinkelbach's ratio test by max-flow, " + sink_how + ", " +
            std::to_string(out.max_flows) + " max-flows" +
            (l.integral ? " in integer capacities (exact)" : " (floating-point capacities)");
  return out;
}

BandwidthBound broadcast_bound(const Network& t, NodeId root) {
  check_size(t, "broadcast bound");
  const ErrorHandler handler;
  const Links l = links_of(t);
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
    out.cut = certificate(l, side, 1);
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
  for (const auto& [u, v] : l.ends) {
    igraph_vector_int_push_back(&edges, u);
    igraph_vector_int_push_back(&edges, v);
  }
  check(igraph_create(&g, &edges, l.n, IGRAPH_UNDIRECTED));
  igraph_vector_int_destroy(&edges);
  igraph_vector_t capacity;
  igraph_vector_init(&capacity, static_cast<igraph_integer_t>(l.ends.size()));
  for (std::size_t e = 0; e < l.ends.size(); ++e) VECTOR(capacity)[e] = l.bandwidth[e];
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
  out.cut = certificate(l, side, 1);
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
  const Links l = links_of(t);
  const auto [bandwidth, links] = leaving(l, side);
  if (links != c.links)
    return std::to_string(links) + " links leave the side, not " + std::to_string(c.links);
  if (std::abs(bandwidth - c.bandwidth) > kWeightedSlack * std::max(1.0, bandwidth))
    return "the links leaving the side carry " + std::to_string(bandwidth) + ", not " +
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
            {"chunks", b.cut.chunks}}},
          {"max_flows", b.max_flows},
          {"sinks", b.sinks},
          {"how", b.how}};
}

}  // namespace netsched
