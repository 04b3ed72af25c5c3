#pragma once
/// `info` on a network of the switched model (core/network.hpp): its endpoints and switches,
/// its arcs and what each endpoint can send and receive, and the distances between endpoints
/// along the arcs, switches as transit.
///
/// Why apart from info.cpp: the facts of a network of ranks (distance orbits, connectivity)
/// count every node as a rank; these count only the endpoints and walk only along arcs.
#include <cstdint>
#include <nlohmann/json.hpp>

#include "core/network.hpp"

namespace netsched {

/// The most BFS work (endpoints x (nodes + arcs)) the endpoint distances may take.
inline constexpr std::uint64_t kSwitchedDistanceWork = std::uint64_t{1} << 33;

/// Adds endpoints, switches, arcs, directed, endpoint_bandwidth_out / _in ([least, largest]
/// bandwidth multiples an endpoint's arcs carry out of it / into it), and unless `distances`
/// is false: diameter, avg_distance (over ordered pairs of distinct endpoints) and
/// distance_method. InputError when the distances would take more than kSwitchedDistanceWork.
void switched_facts(const Network& t, bool distances, unsigned threads, nlohmann::json& j);

}  // namespace netsched
