#pragma once
/// What a family's implementation needs (gen/topo/<family>): a network's family class as the
/// registries ask it (network_as, seeing through weighted(...)), the spec's tuples, the algorithm
/// choice of a family's own menus, a nucleus's diameter, and the builder a composite family is
/// handed to build its parts (BuildNetwork).
///
/// Why apart from the family table (gen/topology.hpp): the table includes every family; a family
/// needs only this kit, and is handed the table's builder for its parts, so neither includes the
/// other.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/errors.hpp"
#include "core/graph.hpp"
#include "core/network.hpp"
#include "gen/spec.hpp"

namespace netsched {

/// Builds the network a part of a spec names (a nucleus, a base, a factor): the family table's
/// builder, handed to a composite family's builder.
using BuildNetwork = std::unique_ptr<Network> (*)(const SpecValue& spec);

/// The network whose structure `t` has when `t` only adds link speeds (weighted(...): its
/// base), else nullptr.
inline const Network* structure_of(const Network& t) { return t.structure(); }

/// `t` as the family class T, seeing through weighted(...) to the structure it keeps: a slow
/// link changes what a schedule costs, not which algorithms apply (gen/topo/weighted.hpp).
template <class T>
const T* network_as(const Network& t) {
  if (const T* p = dynamic_cast<const T*>(&t)) return p;
  const Network* inner = structure_of(t);
  return inner ? network_as<T>(*inner) : nullptr;
}

/// Whether `t` is of the family class T (a table's `applies`).
template <class T>
bool network_is(const Network& t) {
  return network_as<T>(t) != nullptr;
}

/// `t` as the family class T; InputError naming the network when it is not one (never a
/// std::bad_cast).
template <class T>
const T& network_ref(const Network& t) {
  const T* p = network_as<T>(t);
  if (!p)
    throw InputError(t.spec() + " is a " + t.family() + " network, not of the family needed here");
  return *p;
}

/// Takes `t` over as a T when it is one (nullptr, `t` untouched, when it is not).
template <class T>
std::unique_ptr<T> take_as(std::unique_ptr<Network>& t) {
  if (!t || !dynamic_cast<const T*>(t.get())) return nullptr;  // this object itself
  return std::unique_ptr<T>(static_cast<T*>(t.release()));
}

/// The algorithm to run: `requested`, or the first of `names` for "auto". Throws
/// InputError "<what> algorithm 'x' does not apply to <family> (choose from: ...)".
std::string choose_from(const std::vector<std::string>& names, const std::string& requested,
                        const std::string& what, const Network& t);

/// Exact diameter of a graph of at most `limit` nodes (by BFS from every node), else nullopt;
/// used for the D_G of a nucleus in the papers' formulas.
std::optional<std::uint32_t> small_diameter(const Graph& g, std::uint64_t limit = 4096);

/// Parses "(a,b,c)" or "a,b,c" into integers; throws InputError.
std::vector<std::uint64_t> parse_tuple(std::string_view text);
/// Formats integers as "(a,b,c)".
std::string format_tuple(const std::vector<std::uint64_t>& v);

/// A switched family's label "role(a,b,...)" (fat_tree's "host(0,1,1)", "core(1,0)"): the index
/// of its role in `roles` and its integers; InputError naming the roles otherwise.
std::pair<std::size_t, std::vector<std::uint64_t>> parse_role_label(
    std::string_view text, const std::vector<std::string_view>& roles, std::string_view family);

}  // namespace netsched
