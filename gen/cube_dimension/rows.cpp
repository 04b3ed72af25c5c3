// The cube-dimension rows of the algorithm table (gen/algorithms.hpp), in --list order: the
// paper's algorithm for a family before netsched's generic ones, so that "auto" is the first row
// that applies.
#include "gen/rows.hpp"

#include <array>
#include <span>

#include "gen/cube_dimension/cube_dimension.hpp"
#include "gen/row_kit.hpp"

namespace netsched {
namespace rows {
namespace {

// A constant table: no initialisation order, and every row is checked by the compiler.
constexpr auto kCubeDimensionRows = std::to_array<AlgorithmInfo>({
    {.collective = "cube-dimension",
     .name = "rhs-emulation",
     .origin = "paper: rhfc Theorem 5.1",
     .bound = "paper: rhfc Theorem 5.1",
     .example = "rhs(2,2,hypercube(1))",
     .applies = rhs_over_cube,
     .make = +[](const Network& t,
                 const GenRequest& r) { return rhs_cube_dimension(as<Hsn>(t), r.dimension); }},
});

}  // namespace
}  // namespace rows

std::span<const AlgorithmInfo> cube_dimension_rows() { return rows::kCubeDimensionRows; }

}  // namespace netsched
