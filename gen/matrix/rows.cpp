// The matmul and vecmat rows of the algorithm table (gen/algorithms.hpp), in --list order: the
// paper's algorithm for a family before netsched's generic ones, so that "auto" is the first row
// that applies.
#include "gen/rows.hpp"

#include <array>
#include <span>

#include "gen/matrix/matrix.hpp"
#include "gen/row_kit.hpp"
#include "gen/topo/dualcube.hpp"

namespace netsched {
namespace rows {
namespace {

// A constant table: no initialisation order, and every row is checked by the compiler.
constexpr auto kMatrixRows = std::to_array<AlgorithmInfo>({
    {.collective = "matmul",
     .name = "dualcube-matmul",
     .origin = "paper: dualcube Algorithm 7",
     .bound = "none: claims check Algorithm 7's count",
     .example = "dualcube(2)",
     .applies = is<Dualcube>,
     .make = +[](const Network& t, const GenRequest&) { return dualcube_matmul(as<Dualcube>(t)); }},
    {.collective = "vecmat",
     .name = "dualcube-vecmat",
     .origin = "paper: dualcube Algorithm 6",
     .bound = "none: claims check Algorithm 6's count",
     .example = "dualcube(2)",
     .applies = is<Dualcube>,
     .make = +[](const Network& t,
                 const GenRequest& r) { return dualcube_vecmat(as<Dualcube>(t), r.root); }},
});

}  // namespace
}  // namespace rows

std::span<const AlgorithmInfo> matrix_rows() { return rows::kMatrixRows; }

}  // namespace netsched
