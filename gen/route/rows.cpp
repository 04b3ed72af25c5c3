// The route rows of the algorithm table (gen/algorithms.hpp), in --list order: the
// paper's algorithm for a family before netsched's generic ones, so that "auto" is the first row
// that applies.
#include "gen/rows.hpp"

#include <array>
#include <span>

#include "gen/algorithms.hpp"
#include "gen/route/router.hpp"
#include "gen/row_kit.hpp"
#include "gen/topo/dualcube.hpp"
#include "gen/topo/hdn.hpp"
#include "gen/topo/hypernet.hpp"

namespace netsched {
namespace rows {
namespace {

/// The default router of a recursive family's nucleus (the first row that applies to it).
std::unique_ptr<Router> auto_router(const Network& t) { return make_router(t); }

// A constant table: no initialisation order, and every row is checked by the compiler.
constexpr auto kRouteRows = std::to_array<AlgorithmInfo>({
    {.collective = "route",
     .name = "hdn-routing",
     .origin = "paper: li-peng-chu-2012 HDN routing",
     .bound = "paper: li-peng-chu-2012",
     .example = "hdn(hypercube(2), sn=[{0},{1}])",
     .applies = is<Hdn>,
     .router = +[](const Network& t) { return make_hdn_router(as<Hdn>(t)); }},
    {.collective = "route",
     .name = "dimension-order",
     .origin = "paper: dimension-order routing on products",
     .bound = "none: a route is at most the diameter, which info checks",
     .example = "torus(3,4)",
     .applies = is<Product>,
     .router = +[](const Network& t) { return make_dimension_order_router(as<Product>(t)); }},
    {.collective = "route",
     .name = "dualcube-routing",
     .origin = "paper: dualcube routing",
     .bound = "paper: dualcube",
     .example = "dualcube(3)",
     .applies = is<Dualcube>,
     .router = +[](const Network& t) { return make_dualcube_router(as<Dualcube>(t)); }},
    {.collective = "route",
     .name = "mfc-routing",
     .origin = "paper: rhfc MFC routing",
     .bound = "paper: rhfc recursion",
     .example = "mfc(ring(3),4,5)",
     .applies = mfc,
     .router = +[](const Network& t) { return make_rhfc_router(t, auto_router); }},
    {.collective = "route",
     .name = "hfc-routing",
     .origin = "paper: rhfc HFC routing",
     .bound = "paper: rhfc recursion",
     .example = "hfc(complete(3),4,4)",
     .applies = hfc,
     .router = +[](const Network& t) { return make_rhfc_router(t, auto_router); }},
    {.collective = "route",
     .name = "hsn-routing",
     .origin = "paper: rhfc HSN routing",
     .bound = "paper: rhfc recursion",
     .example = "hsn(2,hypercube(2))",
     .applies = is<Hsn>,
     .router = +[](const Network& t) { return make_rhfc_router(t, auto_router); }},
    {.collective = "route",
     .name = "hypernet-routing",
     .origin = "paper: rhfc recursive routing (Theorem 3.2) on an (r,l,Q_k) hypernet",
     .bound = "paper: rhfc Theorem 3.2",
     .example = "hypernet(2,2,3)",
     .applies = is<Hypernet>,
     .router = +[](const Network& t) { return make_hypernet_router(as<Hypernet>(t)); }},
    {.collective = "route",
     .name = "ftr",
     .origin = "paper: rhfc §4.2 on-line fault-tolerant routing FTR (faulty HFC, HSN, RHS)",
     .bound = "none: FTR's length depends on the faults",
     .example = "faulty(hsn(2,hypercube(2)), nodes=[{5}])",
     .applies = faulty_rhfc,
     .router = +[](const Network& t) { return make_ftr_router(as<FaultyNetwork>(t)); }},
    {.collective = "route",
     .name = "bfs",
     .origin = "generic: a shortest path by BFS",
     .bound = "none: a shortest path, the distance itself",
     .example = "ccc(3)",
     .applies = any,
     .router = make_bfs_router},
});

}  // namespace
}  // namespace rows

std::span<const AlgorithmInfo> route_rows() { return rows::kRouteRows; }

}  // namespace netsched
