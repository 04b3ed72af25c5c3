// info's facts of a network of switches or directed links (analysis/switched_info.hpp).
#include "analysis/switched_info.hpp"

#include <algorithm>
#include <atomic>
#include <limits>
#include <mutex>
#include <vector>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/parallel.hpp"

namespace netsched {
namespace {

/// The arcs out of every node, as offsets and targets.
struct EndpointArcs {
  std::vector<std::uint64_t> offset;
  std::vector<std::uint32_t> target;
};

EndpointArcs endpoint_arcs(const Network& t) {
  EndpointArcs a;
  a.offset.push_back(0);
  std::vector<NodeId> nb;
  for (std::uint32_t u = 0; u < t.num_nodes(); ++u) {
    t.neighbors(NodeId(u), nb);
    for (const NodeId v : nb)
      if (t.has_arc(NodeId(u), v)) a.target.push_back(v.v);
    a.offset.push_back(a.target.size());
  }
  return a;
}

/// [least, largest] bandwidth an endpoint's arcs carry out of it (or into it).
nlohmann::json endpoint_bandwidth(const Network& t, const EndpointArcs& a, bool out) {
  std::vector<double> sum(t.num_endpoints(), 0);
  for (std::uint32_t u = 0; u < t.num_nodes(); ++u)
    for (std::uint64_t i = a.offset[u]; i < a.offset[u + 1]; ++i) {
      const std::uint32_t at = out ? u : a.target[i];
      if (at < sum.size()) sum[at] += t.link_speed(NodeId(u), NodeId(a.target[i])).bandwidth;
    }
  const auto [lo, hi] = std::minmax_element(sum.begin(), sum.end());
  return {*lo, *hi};
}

/// Hops from `from` to every node along the arcs.
std::vector<std::uint32_t> hops_from(const EndpointArcs& a, std::uint32_t from) {
  std::vector<std::uint32_t> d(a.offset.size() - 1, std::numeric_limits<std::uint32_t>::max());
  std::vector<std::uint32_t> frontier{from}, next;
  d[from] = 0;
  for (std::uint32_t level = 1; !frontier.empty(); ++level, frontier.swap(next)) {
    next.clear();
    for (const std::uint32_t u : frontier)
      for (std::uint64_t i = a.offset[u]; i < a.offset[u + 1]; ++i)
        if (d[a.target[i]] == std::numeric_limits<std::uint32_t>::max())
          d[a.target[i]] = level, next.push_back(a.target[i]);
  }
  return d;
}

void endpoint_distances(const Network& t, const EndpointArcs& a, unsigned threads,
                        nlohmann::json& j) {
  const std::uint64_t e = t.num_endpoints();
  const std::uint64_t work = mul_sat(e, add_sat(t.num_nodes(), a.target.size()));
  if (work > kSwitchedDistanceWork)
    throw InputError("info: the endpoint distances take " + std::to_string(work) +
                     " steps of BFS, over the limit " +
                     limit_text("kSwitchedDistanceWork", kSwitchedDistanceWork) +
                     "; --basic skips them");
  std::atomic<std::uint64_t> sum{0};
  std::atomic<std::uint32_t> diameter{0};
  std::atomic<bool> unreached{false};
  parallel_for(e, threads, [&](std::uint64_t b, std::uint64_t end) {
    for (std::uint64_t s = b; s < end; ++s) {
      const auto d = hops_from(a, static_cast<std::uint32_t>(s));
      std::uint64_t local = 0;
      std::uint32_t far = 0;
      for (std::uint64_t v = 0; v < e; ++v) {
        if (d[v] == std::numeric_limits<std::uint32_t>::max())
          unreached = true;
        else
          local += d[v], far = std::max(far, d[v]);
      }
      sum += local;
      for (std::uint32_t seen = diameter; far > seen && !diameter.compare_exchange_weak(seen, far);)
        ;
    }
  });
  if (unreached) throw std::logic_error("info: an endpoint does not reach another along the arcs");
  j["diameter"] = diameter.load();
  j["avg_distance"] = e > 1 ? static_cast<double>(sum) / static_cast<double>(e * (e - 1)) : 0.0;
  j["distance_method"] =
      "a BFS along the arcs from every endpoint; hops through switches count, switches are "
      "neither origins nor destinations";
}

}  // namespace

void switched_facts(const Network& t, bool distances, unsigned threads, nlohmann::json& j) {
  const EndpointArcs a = endpoint_arcs(t);
  j["endpoints"] = t.num_endpoints();
  j["switches"] = t.num_nodes() - t.num_endpoints();
  j["arcs"] = a.target.size();
  j["directed"] = t.directed();
  j["endpoint_bandwidth_out"] = endpoint_bandwidth(t, a, true);
  j["endpoint_bandwidth_in"] = endpoint_bandwidth(t, a, false);
  if (distances) endpoint_distances(t, a, threads, j);
}

}  // namespace netsched
