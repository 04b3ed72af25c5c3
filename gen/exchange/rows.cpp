// The total exchange (all-to-all personalized) rows of the algorithm table (gen/algorithms.hpp), in
// --list order: the paper's algorithm for a family before netsched's generic ones, so that "auto"
// is the first row that applies.
#include "gen/rows.hpp"

#include <array>
#include <span>

#include "core/graph.hpp"
#include "core/metrics.hpp"
#include "gen/algorithms.hpp"
#include "gen/all_gather/all_gather.hpp"
#include "gen/exchange/total_exchange.hpp"
#include "gen/plan/embedding.hpp"
#include "gen/plan/spanning_trees.hpp"
#include "gen/plan/stated.hpp"
#include "gen/row_kit.hpp"
#include "gen/topo/dualcube.hpp"
#include "gen/topo/hdn.hpp"

namespace netsched {
namespace rows {
namespace {

Schedule flood_total_exchange(const Network& t) {
  check_nodes(t, "flood total exchange", kReduceScatterMaxNodes, "kReduceScatterMaxNodes");
  return trees_total_exchange(t, flood_trees(t, "flood"), "flood");
}

/// The greedy exchange's: every step moves at least one message a hop.
std::optional<PaperBound> distance_sum_bound(const Network& t, const Collective& /*c*/) {
  const DistanceStats st = distances_all_sources(Csr(t, 1), 1);
  if (!st.connected) return std::nullopt;
  return stated_bound(static_cast<std::uint64_t>(st.distance_sum), "sum of distances d(x,y)");
}

// A constant table: no initialisation order, and every row is checked by the compiler.
constexpr auto kExchangeRows = std::to_array<AlgorithmInfo>({
    {.collective = "total-exchange",
     .name = "hdn",
     .origin = "paper: li-chu-2013 Algorithm 2 (HDN total exchange, packed)",
     .bound = "paper: li-chu-2013 Theorem 2",
     .example = "hdn(hypercube(2), sn=[{0},{1}])",
     .applies = is<Hdn>,
     .make = +[](const Network& t, const GenRequest&) { return hdn_total_exchange(as<Hdn>(t)); }},
    {.collective = "total-exchange",
     .name = "dualcube-exchange",
     .origin = "paper: li-chu-2013 through dualcube = rdn(hypercube(r-1),1)",
     .bound = "none: the HDN bound is checked on the rdn it runs through",
     .example = "dualcube(2)",
     .applies = is<Dualcube>,
     .make = +[](const Network& t,
                 const GenRequest&) { return dualcube_total_exchange(as<Dualcube>(t)); }},
    {.collective = "total-exchange",
     .name = "a2",
     .origin = "paper: dimakopoulos Algorithm A2 (any product; factor exchanges closed form, A2 or "
               "greedy)",
     .bound = "paper: dimakopoulos Theorem 2",
     .example = "torus(3,4)",
     .applies = any_product,
     .make = +[](const Network& t, const GenRequest&) { return a2_exchange(t); }},
    {.collective = "total-exchange",
     .name = "packed",
     .origin = "paper: li-chu-2013 dimension-ordered packed exchange on products",
     .bound = "none: li-chu-2013 bounds it only inside the HDN exchange",
     .example = "torus(3,4)",
     .applies = is<Product>,
     .make = +[](const Network& t,
                 const GenRequest&) { return packed_total_exchange(as<Product>(t)); }},
    {.collective = "total-exchange",
     .name = "dimension-exchange",
     .origin = "paper: standard hypercube dimension exchange",
     .bound = "paper: li-chu-2013 (n steps)",
     .example = "hypercube(3)",
     .applies = hypercube,
     .make = +[](const Network& t,
                 const GenRequest&) { return hypercube_dimension_exchange(as<Product>(t)); }},
    {.collective = "total-exchange",
     .name = "greedy",
     .origin = "generic: any connected network (shortest paths, farthest message first)",
     .bound = "stated: the sum of distances",
     .stated = distance_sum_bound,
     .example = "ccc(3)",
     .applies = any,
     .make = +[](const Network& t, const GenRequest&) { return greedy_exchange(t); }},
    {.collective = "total-exchange",
     .name = "all-port-dimension",
     .origin =
         "textbook: all-port dimension order on a hypercube, each chunk from its own dimension",
     .bound = "stated: n = log2 N steps",
     .stated = cube_steps_bound,
     .example = "hypercube(3)",
     .applies = register_cube,
     .make = +[](const Network& t,
                 const GenRequest&) { return all_port_dimension_exchange(as<Product>(t)); }},
    {.collective = "total-exchange",
     .name = "flood",
     .origin = "generic: all-port, every chunk along its origin's BFS tree, links balanced",
     .bound = "stated: the diameter",
     .stated = bfs_levels_bound,
     .example = "ccc(3)",
     .applies = flood_registers,
     .make = +[](const Network& t, const GenRequest&) { return flood_total_exchange(t); }},
    {.collective = "total-exchange",
     .name = "balanced",
     .origin = "generic: all-port, shortest paths balanced over the links and the hops packed so "
               "that every step loads the links alike (local search)",
     .bound = "stated: the diameter + 2",
     .stated = packing_bound,
     .example = "torus(3,4)",
     .applies = balanced_exchange_applies,
     .make =
         +[](const Network& t, const GenRequest& r) {
           return balanced_exchange(t, paper_router, r.fewest_steps);
         },
     .trades_steps = true},
    {.collective = "total-exchange",
     .name = "bruck",
     .origin = "textbook: Bruck et al. 1997 (MPI's small-message alltoall), its sends routed on "
               "shortest paths and list-scheduled",
     .bound = "stated: the routed sends' hops",
     .stated = +[](const Network& t, const Collective&) -> std::optional<PaperBound> {
       return embedded_bound(t, bruck_exchange_plan(t));
     },
     .example = "torus(3,4)",
     .applies = embed_size,
     .make = +[](const Network& t,
                 const GenRequest&) { return embed_plan(t, bruck_exchange_plan(t), "bruck"); },
     .switched = true},
    {.collective = "total-exchange",
     .name = "direct",
     .origin = "textbook: MPI's basic_linear alltoall, every block sent at once; routed: the "
               "network carries each block on its route",
     .bound = "stated: 1 step",
     .stated = +[](const Network&, const Collective&) -> std::optional<PaperBound> {
       return stated_bound(1, "1 (every block at once, routed)");
     },
     .example = "torus(3,4)",
     .applies = direct_exchange_applies,
     .make = +[](const Network& t,
                 const GenRequest&) { return route_plan(t, direct_exchange_plan(t), "direct"); }},
    {.collective = "total-exchange",
     .name = "routed-bruck",
     .origin = "textbook: Bruck et al. 1997 (MPI's small-message alltoall); routed: a round a "
               "step, the network carries each send on its route",
     .bound = "stated: ceil(log2 N) steps",
     .stated = +[](const Network& t, const Collective&) -> std::optional<PaperBound> {
       return routed_bound(bruck_exchange_plan(t));
     },
     .example = "torus(3,4)",
     .applies = embed_size,
     .make =
         +[](const Network& t, const GenRequest&) {
           return route_plan(t, bruck_exchange_plan(t), "routed-bruck");
         }},
});

}  // namespace
}  // namespace rows

std::span<const AlgorithmInfo> exchange_rows() { return rows::kExchangeRows; }

}  // namespace netsched
