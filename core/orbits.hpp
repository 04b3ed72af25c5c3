#pragma once
/// Automorphism orbits and canonical forms, computed with nauty's Traces.
#include <cstdint>
#include <vector>

#include "core/errors.hpp"
#include "core/graph.hpp"
#include "core/metrics.hpp"

namespace netsched {

/// The largest graph handed to Traces (nauty indexes vertices with int).
inline constexpr std::uint32_t kMaxTracesNodes = 20'000'000;

/// Exact vertex orbits of Aut(g) by Traces; throws InputError above kMaxTracesNodes.
Orbits automorphism_orbits(const Csr& g);

/// Orbits of the stabilizer of `fixed` in Aut(g) (Traces with `fixed` in a cell of its own).
Orbits stabilizer_orbits(const Csr& g, std::uint32_t fixed);

/// Canonical form of g: sorted adjacency lists after Traces' canonical relabelling.
/// Two graphs are isomorphic iff their canonical forms are equal.
std::vector<std::vector<std::uint32_t>> canonical_form(const Csr& g);

/// Whether a and b are isomorphic (canonical labelling by Traces).
bool isomorphic(const Csr& a, const Csr& b);

}  // namespace netsched
