#pragma once
/// Each collective's folder's rows (its rows.cpp), in --list order within the folder: what
/// gen/algorithms.cpp joins into algorithm_table(). A new algorithm is a row in its folder's
/// list; a new folder is one function here and one line in the join.
#include <span>

#include "gen/algorithm_row.hpp"

namespace netsched {

std::span<const AlgorithmInfo> broadcast_rows();
std::span<const AlgorithmInfo> scatter_gather_rows();
std::span<const AlgorithmInfo> exchange_rows();
std::span<const AlgorithmInfo> reduce_rows();
std::span<const AlgorithmInfo> route_rows();
std::span<const AlgorithmInfo> reduce_scatter_rows();
std::span<const AlgorithmInfo> cube_dimension_rows();
std::span<const AlgorithmInfo> all_reduce_rows();
std::span<const AlgorithmInfo> prefix_rows();
std::span<const AlgorithmInfo> matrix_rows();
std::span<const AlgorithmInfo> all_gather_rows();
std::span<const AlgorithmInfo> multicast_rows();

}  // namespace netsched
