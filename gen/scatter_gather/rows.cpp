// The scatter and gather rows of the algorithm table (gen/algorithms.hpp), in --list order: the
// paper's algorithm for a family before netsched's generic ones, so that "auto" is the first row
// that applies.
#include "gen/rows.hpp"

#include <array>
#include <span>

#include "gen/plan/embedding.hpp"
#include "gen/plan/stated.hpp"
#include "gen/row_kit.hpp"
#include "gen/scatter_gather/scatter_gather.hpp"
#include "gen/topo/dualcube.hpp"

namespace netsched {
namespace rows {
namespace {

// A constant table: no initialisation order, and every row is checked by the compiler.
constexpr auto kScatterGatherRows = std::to_array<AlgorithmInfo>({
    {.collective = "scatter",
     .name = "one2allp",
     .origin = "paper: dualcube §3 One2allP",
     .bound = "paper: dualcube §3",
     .example = "dualcube(2)",
     .applies = is<Dualcube>,
     .make = +[](const Network& t,
                 const GenRequest& r) { return dualcube_one2allp(as<Dualcube>(t), r.root); }},
    {.collective = "scatter",
     .name = "tree-scatter",
     .origin = "generic: BFS tree, each child gets its subtree's chunks; broadcast's rounds",
     .bound = "stated: the greedy broadcast's rounds",
     .stated = tree_once_bound,
     .example = "ccc(3)",
     .applies = any,
     .make = +[](const Network& t, const GenRequest& r) { return tree_scatter(t, r.root); }},
    {.collective = "scatter",
     .name = "binomial",
     .origin = "textbook: MPICH's binomial scatter (Thakur et al. 2005), its sends routed on "
               "shortest paths and list-scheduled",
     .bound = "stated: the routed sends' hops",
     .stated = +[](const Network& t, const Collective& c) -> std::optional<PaperBound> {
       return embedded_bound(t, binomial_scatter_plan(t, c.root()));
     },
     .example = "torus(3,4)",
     .applies = embed_size,
     .make =
         +[](const Network& t, const GenRequest& r) {
           return embed_plan(t, binomial_scatter_plan(t, r.root), "binomial");
         },
     .switched = true},
    {.collective = "gather",
     .name = "tree-gather",
     .origin = "generic: BFS tree reversed, each node forwards what it holds; broadcast's rounds",
     .bound = "stated: the greedy broadcast's rounds",
     .stated = tree_once_bound,
     .example = "ccc(3)",
     .applies = any,
     .make = +[](const Network& t, const GenRequest& r) { return tree_gather(t, r.root); }},
    {.collective = "gather",
     .name = "binomial",
     .origin = "textbook: MPICH's binomial gather (Thakur et al. 2005), its sends routed on "
               "shortest paths and list-scheduled",
     .bound = "stated: the routed sends' hops",
     .stated = +[](const Network& t, const Collective& c) -> std::optional<PaperBound> {
       return embedded_bound(t, binomial_gather_plan(t, c.root()));
     },
     .example = "torus(3,4)",
     .applies = embed_size,
     .make =
         +[](const Network& t, const GenRequest& r) {
           return embed_plan(t, binomial_gather_plan(t, r.root), "binomial");
         },
     .switched = true},
});

}  // namespace
}  // namespace rows

std::span<const AlgorithmInfo> scatter_gather_rows() { return rows::kScatterGatherRows; }

}  // namespace netsched
