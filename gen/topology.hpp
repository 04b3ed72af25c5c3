#pragma once
/// Networks built from a spec: the family table and the builder (a family's own kit is
/// gen/topo/kit.hpp).
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
#include "gen/topo/kit.hpp"

namespace netsched {

/// Builds the network a spec names; throws SpecError (with column) or InputError. A network
/// that needs the switched model (switches, or links with a direction: core/network.hpp) is
/// refused here with one line: the commands that implement the model build it by
/// build_switched_topology, so that no other command can take a switch for a rank.
std::unique_ptr<Network> build_topology(std::string_view spec);
std::unique_ptr<Network> build_topology(const SpecValue& spec);
/// Builds any network the spec names, switched and directed ones too.
std::unique_ptr<Network> build_switched_topology(std::string_view spec);
std::unique_ptr<Network> build_switched_topology(const SpecValue& spec);
/// build_topology's refusal of a network that needs the switched model, for a network built
/// already (the libraries build any, and refuse where a function does not implement the model).
void refuse_switched(const Network& t);
/// The commands that take a network of the switched model so far, as the refusal names them.
inline constexpr std::string_view kSwitchedModelCommands =
    "info, prove bandwidth, gen, verify, run, simulate, draw, msccl export, mscclpp export and "
    "chakra export";
/// Builds the network a schedule file names: its topology is data from a file, not the user's
/// command, so a `file(...)` in it is read only when the spec pins the content with its sha256
/// (every file netsched writes does). A schedule can thus never make netsched read a file
/// whose content it does not already state. Throws InputError naming the unpinned path.
std::unique_ptr<Network> build_schedule_topology(std::string_view spec);
/// The same, switched and directed networks too (verify: the dense engine implements the model).
std::unique_ptr<Network> build_switched_schedule_topology(std::string_view spec);

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

}  // namespace netsched
