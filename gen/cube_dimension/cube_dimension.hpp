#pragma once
/// The rhfc paper's emulation of a hypercube dimension on an RHS (Theorem 5.1). Its row is in
/// gen/cube_dimension/rows.cpp.
#include <cstdint>

#include "core/network.hpp"
#include "core/schedule.hpp"
#include "gen/topo/hsn.hpp"

namespace netsched {

/// Theorem 5.1 of the RHFC paper: every node of RHS(l_r,...,l_1,Q_k) sends a datum to its
/// neighbour across dimension `dimension` of the pk-cube (single-dimension model).
Schedule rhs_cube_dimension(const Hsn& rhs, std::uint64_t dimension);

}  // namespace netsched
