#pragma once
/// Networks built from a spec: the builder, the family list and helpers for family implementations.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/network.hpp"
#include "gen/spec.hpp"

namespace netsched {

/// Builds the network a spec names; throws SpecError (with column) or std::invalid_argument.
std::unique_ptr<Network> build_topology(std::string_view spec);
std::unique_ptr<Network> build_topology(const SpecValue& spec);

/// Families the builder knows, with their argument forms (for --help and errors).
const std::vector<std::pair<std::string, std::string>>& topology_families();

// ---- helpers for family implementations ----

/// The algorithm to run: `requested`, or the first of `names` for "auto". Throws
/// std::invalid_argument "<what> algorithm 'x' does not apply to <family> (choose from: ...)".
std::string choose_algorithm(const std::vector<std::string>& names, const std::string& requested,
                             const std::string& what, const Network& t);

/// Exact diameter of a graph of at most `limit` nodes (by BFS from every node), else nullopt;
/// used for the D_G of a nucleus in the papers' formulas.
std::optional<std::uint32_t> small_diameter(const Graph& g, std::uint64_t limit = 4096);

/// Parses "(a,b,c)" or "a,b,c" into integers; throws std::invalid_argument.
std::vector<std::uint64_t> parse_tuple(std::string_view text);
/// Formats integers as "(a,b,c)".
std::string format_tuple(const std::vector<std::uint64_t>& v);
/// Throws std::invalid_argument unless parts.size()==radix.size() and each part < its radix;
/// returns the mixed-radix number (first part most significant).
std::uint64_t mixed_radix(const std::vector<std::uint64_t>& parts,
                          const std::vector<std::uint64_t>& radix, const std::string& what);

}  // namespace netsched
