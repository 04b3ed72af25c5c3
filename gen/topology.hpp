#pragma once
/// Networks built from a spec: the family table, the builder and helpers for family
/// implementations.
///
/// Why one table: the builder and its errors, the draw layouts, the property generators, the
/// fuzz dictionary and the docs all need the list of families; each is checked against
/// family_table() (tests/gen/test_registry.cpp, props/prop_registry.cpp), which name whatever a
/// row lacks. A family is one file under gen/topo/ plus one row.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/errors.hpp"
#include "core/network.hpp"
#include "gen/spec.hpp"

namespace netsched {

/// Builds the network a spec names; throws SpecError (with column) or InputError.
std::unique_ptr<Network> build_topology(std::string_view spec);
std::unique_ptr<Network> build_topology(const SpecValue& spec);
/// Builds the network a schedule file names: its topology is data from a file, not the user's
/// command, so a `file(...)` in it is read only when the spec pins the content with its sha256
/// (every file netsched writes does). A schedule can thus never make netsched read a file
/// whose content it does not already state. Throws InputError naming the unpinned path.
std::unique_ptr<Network> build_schedule_topology(std::string_view spec);

/// One family of networks.
struct FamilyInfo {
  std::string_view name;  ///< the spec's call name
  std::string_view form;  ///< its argument form, as docs/spec.md gives it
  /// Builds it from its spec call (with its canonical spec set, or left for the builder to set
  /// to the printed spec).
  std::unique_ptr<Network> (*build)(const SpecValue& spec);
  std::string_view file;     ///< where it is defined
  std::string_view limits;   ///< the named limits its builder checks beyond kMaxNodes, kMaxEdges
  std::string_view layout;   ///< the draw layout (draw/layout.hpp's table), or "generic"
  std::string_view example;  ///< a small instance: the table test builds, draws and routes it
};
const std::vector<FamilyInfo>& family_table();
/// The row of a family name, or nullptr.
const FamilyInfo* find_family(std::string_view name);

/// `t` as the family class T, or nullptr: the one way the registries ask a network's type.
/// The network whose structure `t` has when `t` only adds link speeds (weighted(...): its
/// base), else nullptr.
const Network* structure_of(const Network& t);

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

/// Builds `spec`, which must name a network of the family class T (InputError otherwise): the
/// typed way to get a network for a typed entry point (hdn_total_exchange(const Hdn&), ...).
template <class T>
std::unique_ptr<T> build_family(std::string_view spec) {
  auto t = build_topology(spec);
  auto typed = take_as<T>(t);
  if (!typed)
    throw InputError(t->spec() + " is a " + t->family() +
                     " network, not of the family needed here");
  return typed;
}

// ---- helpers for family implementations ----

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

}  // namespace netsched
