// The multicast rows of the algorithm table (gen/algorithms.hpp), in --list order: the
// paper's algorithm for a family before netsched's generic ones, so that "auto" is the first row
// that applies.
#include "gen/rows.hpp"

#include <array>
#include <span>

#include "gen/all_gather/all_gather.hpp"
#include "gen/row_kit.hpp"
#include "gen/topo/dualcube.hpp"

namespace netsched {
namespace rows {
namespace {

// A constant table: no initialisation order, and every row is checked by the compiler.
constexpr auto kMulticastRows = std::to_array<AlgorithmInfo>({
    {.collective = "multicast",
     .name = "many2manym",
     .origin = "paper: dualcube §3 Algorithm 2 Many2manyM",
     .bound = "paper: dualcube §3",
     .example = "dualcube(2)",
     .applies = is<Dualcube>,
     .make = +[](const Network& t,
                 const GenRequest& r) { return dualcube_many2manym(as<Dualcube>(t), r.root); }},
});

}  // namespace
}  // namespace rows

std::span<const AlgorithmInfo> multicast_rows() { return rows::kMulticastRows; }

}  // namespace netsched
