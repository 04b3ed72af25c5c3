// Why: `route U V` and the library's route() must print the same checked walk; the walk is
// checked against the network (core/metrics.hpp's check_path) before anything reports it.
#include "analysis/route_report.hpp"

#include <stdexcept>

#include "core/metrics.hpp"
#include "papers/papers.hpp"
#include "verify/route_sweep.hpp"

namespace netsched {

nlohmann::json route_head_json(const Network& t, const Router& router) {
  const auto bound = routing_bound(t, router.name());
  nlohmann::json j;
  j["topology"] = t.spec();
  j["algorithm"] = router.name();
  j["bound"] = bound ? nlohmann::json(bound->steps) : nlohmann::json(nullptr);
  if (bound) {
    j["bound_formula"] = bound->formula;
    j["bound_source"] = bound->source;
  }
  return j;
}

nlohmann::json route_json(const Network& t, const Router& router, NodeId u, NodeId v) {
  nlohmann::json j = route_head_json(t, router);
  NodePath path;
  router.route(u, v, path);
  const Csr g = sorted_csr(t);
  if (auto bad = check_path(g, u, v, path)) throw std::logic_error(router.name() + ": " + *bad);
  nlohmann::json ids = nlohmann::json::array(), labels = nlohmann::json::array();
  for (NodeId x : path) {
    ids.push_back(t.serial_of(x));
    labels.push_back(t.label(x));
  }
  const std::uint64_t length = path.size() - 1;
  j["path"] = ids;
  j["labels"] = labels;
  j["length"] = length;
  j["distance"] = bfs_distances(g, u.v)[v.v];
  j["within_bound"] = j["bound"].is_null()
                          ? nlohmann::json(nullptr)
                          : nlohmann::json(length <= j["bound"].get<std::uint64_t>());
  return j;
}

}  // namespace netsched
