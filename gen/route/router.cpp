#include "gen/route/router.hpp"

#include <stdexcept>

#include "gen/topo/dualcube.hpp"
#include "gen/topo/faulty.hpp"
#include "gen/topo/hdn.hpp"
#include "gen/topo/hsn.hpp"
#include "gen/topo/hypernet.hpp"
#include "gen/topo/mfc.hpp"
#include "gen/topo/product.hpp"

namespace netsched {

std::vector<std::string> router_names(const Network& t) {
  std::vector<std::string> names;
  if (dynamic_cast<const Hdn*>(&t)) names.push_back("hdn-routing");
  if (dynamic_cast<const Product*>(&t)) names.push_back("dimension-order");
  if (dynamic_cast<const Dualcube*>(&t)) names.push_back("dualcube-routing");
  if (const auto* m = dynamic_cast<const Mfc*>(&t))
    names.push_back(m->hfc() ? "hfc-routing" : "mfc-routing");
  if (dynamic_cast<const Hsn*>(&t)) names.push_back("hsn-routing");
  if (dynamic_cast<const Hypernet*>(&t)) names.push_back("hypernet-routing");
  if (const auto* f = dynamic_cast<const FaultyNetwork*>(&t)) {
    const auto* m = dynamic_cast<const Mfc*>(&f->base());
    if (dynamic_cast<const Hsn*>(&f->base()) || (m && m->hfc())) names.push_back("ftr");
  }
  names.push_back("bfs");
  return names;
}

std::unique_ptr<Router> make_router(const Network& t, const std::string& algorithm) {
  const auto names = router_names(t);
  const std::string a = choose_algorithm(names, algorithm, "routing", t);
  if (a == "hdn-routing") return make_hdn_router(t);
  if (a == "dimension-order") return make_dimension_order_router(t);
  if (a == "dualcube-routing") return make_dualcube_router(t);
  if (a == "mfc-routing" || a == "hfc-routing" || a == "hsn-routing") return make_rhfc_router(t);
  if (a == "ftr") return make_ftr_router(t);
  if (a == "hypernet-routing") return make_hypernet_router(t);
  return make_bfs_router(t);
}

Schedule route_schedule(const Network& t, const Router& r, NodeId u, NodeId v) {
  Schedule s;
  s.topology = t.spec();
  s.collective = Collective::route(t.num_nodes(), u, v);
  s.model = PortModel::OnePort;
  s.algorithm = r.name();
  s.payloads.push_back(Payload::of_chunks({0}));
  NodePath path;
  r.route(u, v, path);
  for (std::size_t i = 1; i < path.size(); ++i)
    s.steps.push_back(Step::of({Transfer{path[i - 1], path[i], 0}}));
  return s;
}

}  // namespace netsched
