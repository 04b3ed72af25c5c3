// All-port all-gather: each chunk goes down a BFS tree of its origin, a level per step. Among a
// node's neighbours one level closer to the origin, the parent is the one whose link into the
// node carries least so far in that step, which spreads the chunks over the links.
#include <map>

#include "core/errors.hpp"
#include "core/graph.hpp"
#include "core/metrics.hpp"
#include "gen/textbook/textbook.hpp"

namespace netsched {

Schedule flood_all_gather(const Network& t) {
  const std::uint64_t n = t.num_nodes();
  if (n > kFloodMaxNodes)
    throw InputError("flood: " + std::to_string(n) + " nodes, over the limit " +
                     limit_text("kFloodMaxNodes", kFloodMaxNodes));
  const Csr g(t, 1);
  // per step, per directed link (from << 32 | to): the origins it carries
  std::vector<std::map<std::uint64_t, std::vector<std::uint64_t>>> steps;
  for (std::uint32_t o = 0; o < n; ++o) {
    const auto dist = bfs_distances(g, o);
    for (std::uint32_t w = 0; w < n; ++w) {
      if (w == o) continue;
      if (dist[w] == kUnreached)
        throw InputError("flood: " + t.spec() + " is not connected (" + std::to_string(w) +
                         " cannot be reached from " + std::to_string(o) + ")");
      const std::uint32_t step = dist[w] - 1;
      if (steps.size() <= step) steps.resize(step + 1);
      auto& links = steps[step];
      std::uint64_t best = 0;
      std::size_t best_load = SIZE_MAX;
      for (const std::uint32_t* p = g.begin(w); p != g.end(w); ++p) {
        if (dist[*p] != step) continue;
        const std::uint64_t key = static_cast<std::uint64_t>(*p) << 32 | w;
        const auto it = links.find(key);
        const std::size_t load = it == links.end() ? 0 : it->second.size();
        if (load < best_load) best = key, best_load = load;
      }
      links[best].push_back(o);
    }
  }
  Schedule s;
  s.topology = t.spec();
  s.collective = Collective::all_gather(n);
  s.model = PortModel::AllPort;
  s.algorithm = "flood";
  for (auto& links : steps) {
    Step st;
    for (auto& [key, origins] : links) {
      st.transfers.push_back({NodeId(static_cast<std::uint32_t>(key >> 32)),
                              NodeId(static_cast<std::uint32_t>(key)),  // the low 32 bits
                              static_cast<std::uint32_t>(s.payloads.size())});
      s.payloads.push_back(Payload::of_chunks(std::move(origins)));
    }
    s.steps.push_back(std::move(st));
  }
  share_equal_payloads(s);
  return s;
}

}  // namespace netsched
