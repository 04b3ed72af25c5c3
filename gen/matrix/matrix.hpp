#pragma once
/// The dualcube paper's register operations on matrices: matrix product (Algorithm 7) and
/// vector-matrix product (Algorithm 6). Their rows are in gen/matrix/rows.cpp.
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/network.hpp"
#include "core/schedule.hpp"
#include "gen/topo/dualcube.hpp"

namespace netsched {

/// The index assignment of the dualcube paper's §5.1 (Fig. 3) for Algorithm 7: processor
/// (i, j, k) of the m^3 = 2^(2r-1) processors, m = 2^q, q = (2r-1)/3.
struct DualcubeMatmulLayout {
  explicit DualcubeMatmulLayout(std::uint32_t r);
  std::uint32_t r, w, q, h, half;
  /// Serial id of paper address (c, a, b) (stored c a b for class 0, c b a for class 1).
  std::uint32_t raw(std::uint32_t c, std::uint32_t a, std::uint32_t b) const;
  std::uint32_t node(std::uint32_t i, std::uint32_t j, std::uint32_t k) const;
  std::array<std::uint32_t, 3> ijk(std::uint32_t v) const;
};

/// Algorithm 7 (gen/matrix/dualcube_matmul.cpp); `loop_ends` receives the number of steps
/// after each of the four "for" loops.
Schedule dualcube_matmul(const Dualcube& d, std::vector<std::size_t>* loop_ends = nullptr);

/// One copy of Algorithm 7: a register value from `source` to `destination` along §5.3's route.
struct MatmulCopy {
  std::uint32_t source, destination, hops;  ///< hops: the length of §5.3's route
};

/// The copies Algorithm 7's four loops make: [loop][iteration l] -> copies (loop 1 copies R_A
/// and R_B together, as one message).
using MatmulCopies = std::vector<std::vector<std::vector<MatmulCopy>>>;

MatmulCopies dualcube_matmul_copies(const Dualcube& d);

/// Algorithm 6, w = v M from `source` (gen/matrix/dualcube_vecmat.cpp).
Schedule dualcube_vecmat(const Dualcube& d, NodeId source);

}  // namespace netsched
