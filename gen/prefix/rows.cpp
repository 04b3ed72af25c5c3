// The prefix, cluster-sum and cluster-prefix rows of the algorithm table (gen/algorithms.hpp), in
// --list order: the paper's algorithm for a family before netsched's generic ones, so that "auto"
// is the first row that applies.
#include "gen/rows.hpp"

#include <array>
#include <span>

#include "gen/all_reduce/all_reduce.hpp"
#include "gen/plan/register_embedding.hpp"
#include "gen/plan/stated.hpp"
#include "gen/prefix/prefix.hpp"
#include "gen/row_kit.hpp"
#include "gen/topo/dualcube.hpp"

namespace netsched {
namespace rows {
namespace {

// A constant table: no initialisation order, and every row is checked by the compiler.
constexpr auto kPrefixRows = std::to_array<AlgorithmInfo>({
    {.collective = "prefix",
     .name = "dimension-prefix",
     .origin = "paper: standard hypercube dimension scan",
     .bound = "none: n steps by construction",
     .example = "hypercube(3)",
     .applies = hypercube,
     .make = +[](const Network& t, const GenRequest&) { return hypercube_prefix(as<Product>(t)); }},
    {.collective = "prefix",
     .name = "dual-prefix",
     .origin = "paper: dualcube Algorithm 5 (made consistent)",
     .bound = "none: claims check Algorithm 5's count",
     .example = "dualcube(2)",
     .applies = is<Dualcube>,
     .make = +[](const Network& t, const GenRequest&) { return dualcube_prefix(as<Dualcube>(t)); }},
    {.collective = "prefix",
     .name = "chain",
     .origin = "textbook: pipelined chain scan (MPI_Scan's linear scan, pipelined): the vector in "
               "pieces, each node's prefix passed to the next id, hops between ids routed on "
               "shortest paths; one-port",
     .bound = "none: a list schedule of the routed hops (its steps are measured)",
     .example = "torus(3,4)",
     .applies = flood_registers,
     .make =
         +[](const Network& t, const GenRequest& r) {
           return chain_prefix(t, pieces_or(r, 1), PortModel::OnePort);
         },
     .pipelined = true},
    {.collective = "prefix",
     .name = "mpi-recursive-doubling",
     .origin = "textbook: MPICH's recursive-doubling scan on a switched network: ranks r and r "
               "XOR 2^k exchange partial sums in round k, the endpoints in id order, each message "
               "on a shortest path through switches only, list-scheduled",
     .bound = kSwitchedRegisterBound,
     .example = "fat_tree(2)",
     .applies = switched_scan_applies,
     .make =
         +[](const Network& t, const GenRequest&) { return switched_recursive_doubling_prefix(t); },
     .switched = true},
    {.collective = "prefix",
     .name = "all-port-chain",
     .origin = "generic: all-port, the pipelined chain scan: a relay's sends use links of their "
               "own, so routed hops do not slow the pipe",
     .bound = "none: a list schedule of the routed hops (its steps are measured)",
     .example = "torus(3,4)",
     .applies = flood_registers,
     .make =
         +[](const Network& t, const GenRequest& r) {
           return chain_prefix(t, pieces_or(r, 1), PortModel::AllPort);
         },
     .pipelined = true},
    {.collective = "prefix",
     .name = "pipelined-dimension-prefix",
     .origin = "textbook: the dimension scan (MPICH's recursive-doubling MPI_Scan) pipelined over "
               "pieces; all-port: piece k crosses dimension b in step k + b",
     .bound = "stated: p + n - 1 steps",
     .stated = +[](const Network& t, const Collective& c) -> std::optional<PaperBound> {
       return stated_bound(c.pieces() + cube_dimensions(t) - 1,
                           "p + n - 1 (piece k crosses dimension b in step k + b)");
     },
     .example = "hypercube(3)",
     .applies = register_cube,
     .make =
         +[](const Network& t, const GenRequest& r) {
           return pipelined_dimension_prefix(as<Product>(t), pieces_or(r, 1));
         },
     .pipelined = true},
    {.collective = "prefix",
     .name = "dual-prefix-as-printed",
     .origin = "paper: dualcube Algorithm 5 as printed, Stage 3's i read as r-1 (violated)",
     .bound = "none: reproduced to show its violation",
     .example = "dualcube(2)",
     .applies = is<Dualcube>,
     .make = +[](const Network& t,
                 const GenRequest&) { return dualcube_prefix_as_printed(as<Dualcube>(t)); }},
    {.collective = "cluster-sum",
     .name = "cluster-sum",
     .origin = "paper: dualcube Algorithm 3",
     .bound = "none: claims check Algorithm 3's count",
     .example = "dualcube(2)",
     .applies = is<Dualcube>,
     .make = +[](const Network& t,
                 const GenRequest&) { return dualcube_cluster_sum(as<Dualcube>(t)); }},
    {.collective = "cluster-prefix",
     .name = "cluster-prefix",
     .origin = "paper: dualcube Algorithm 4 (corrected)",
     .bound = "none: claims check Algorithm 4's count",
     .example = "dualcube(2)",
     .applies = is<Dualcube>,
     .make = +[](const Network& t,
                 const GenRequest&) { return dualcube_cluster_prefix(as<Dualcube>(t), false); }},
    {.collective = "cluster-prefix",
     .name = "cluster-prefix-as-printed",
     .origin = "paper: dualcube Algorithm 4 as printed (violated)",
     .bound = "none: reproduced to show its violation",
     .example = "dualcube(2)",
     .applies = is<Dualcube>,
     .make = +[](const Network& t,
                 const GenRequest&) { return dualcube_cluster_prefix(as<Dualcube>(t), true); }},
});

}  // namespace
}  // namespace rows

std::span<const AlgorithmInfo> prefix_rows() { return rows::kPrefixRows; }

}  // namespace netsched
