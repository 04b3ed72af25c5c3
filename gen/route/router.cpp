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
