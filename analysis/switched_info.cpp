// info's facts of a network of switches or directed links (analysis/switched_info.hpp).
#include "analysis/switched_info.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <vector>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/metrics.hpp"
#include "core/parallel.hpp"

namespace netsched {
namespace {

/// [least, largest] bandwidth an endpoint's arcs carry out of it (or into it).
nlohmann::json endpoint_bandwidth(const Network& t, const Csr& arcs, bool out) {
  std::vector<double> sum(t.num_endpoints(), 0);
  for (std::uint32_t u = 0; u < arcs.num_nodes(); ++u)
    for (const std::uint32_t* v = arcs.begin(u); v != arcs.end(u); ++v) {
      const std::uint32_t at = out ? u : *v;
      if (at < sum.size()) sum[at] += t.link_speed(NodeId(u), NodeId(*v)).bandwidth;
    }
  const auto [lo, hi] = std::minmax_element(sum.begin(), sum.end());
  return {*lo, *hi};
}

void endpoint_distances(const Network& t, const Csr& arcs, unsigned threads, nlohmann::json& j) {
  const std::uint64_t e = t.num_endpoints();
  const std::uint64_t work = mul_sat(e, add_sat(t.num_nodes(), arcs.num_arcs()));
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
      const auto d = bfs_distances(arcs, static_cast<std::uint32_t>(s));
      std::uint64_t local = 0;
      std::uint32_t far = 0;
      for (std::uint64_t v = 0; v < e; ++v) {
        if (d[v] == kUnreached)
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
  const Csr a = arc_csr(t);
  j["endpoints"] = t.num_endpoints();
  j["switches"] = t.num_nodes() - t.num_endpoints();
  j["arcs"] = a.num_arcs();
  j["directed"] = t.directed();
  j["endpoint_bandwidth_out"] = endpoint_bandwidth(t, a, true);
  j["endpoint_bandwidth_in"] = endpoint_bandwidth(t, a, false);
  if (distances) endpoint_distances(t, a, threads, j);
}

}  // namespace netsched
