#include "gen/topology.hpp"

#include <algorithm>
#include <cctype>
#include <type_traits>

#include "core/errors.hpp"
#include "core/io.hpp"
#include "core/limits.hpp"
#include "core/metrics.hpp"
#include "gen/topo/ccc.hpp"
#include "gen/topo/dragonfly.hpp"
#include "gen/topo/dualcube.hpp"
#include "gen/topo/fat_tree.hpp"
#include "gen/topo/faulty.hpp"
#include "gen/topo/file_graph.hpp"
#include "gen/topo/hdn.hpp"
#include "gen/topo/hsn.hpp"
#include "gen/topo/hypernet.hpp"
#include "gen/topo/leaf_spine.hpp"
#include "gen/topo/mfc.hpp"
#include "gen/topo/network_product.hpp"
#include "gen/topo/product.hpp"
#include "gen/topo/weighted.hpp"

namespace netsched {

namespace {

/// Builds any network a spec names (build_topology refuses the switched ones).
std::unique_ptr<Network> build_any(const SpecValue& spec);

/// The table's builder, handed to a composite family's for its parts (a nucleus, a base, a
/// factor).
std::unique_ptr<Network> build_part(const SpecValue& spec) { return build_topology(spec); }

/// A family's builder, handed build_part when it builds parts.
template <auto Build>
auto build_family_of(const SpecValue& spec) {
  if constexpr (std::is_invocable_v<decltype(Build), const SpecValue&, BuildNetwork>)
    return Build(spec, build_part);
  else
    return Build(spec);
}

template <auto Build>
std::unique_ptr<Network> build_as_network(const SpecValue& spec) {
  return build_family_of<Build>(spec);
}

/// A family whose canonical spec is not the printed one (a file's digest, a product's flattened
/// factors, a faulty network's sorted faults).
template <auto Build>
std::unique_ptr<Network> build_with_canonical(const SpecValue& spec) {
  auto t = build_family_of<Build>(spec);
  t->set_spec(t->canonical_spec());
  return t;
}

std::unique_ptr<Network> build_any_product(const SpecValue& spec) {
  if (needs_network_product(spec)) return build_with_canonical<build_network_product>(spec);
  return build_product(spec);
}

std::unique_ptr<Network> build_any_hsn(const SpecValue& spec) {
  return build_hsn(spec, build_part);
}

}  // namespace

const std::vector<FamilyInfo>& family_table() {
  constexpr std::string_view kProducts = "gen/topo/product.cpp";
  constexpr std::string_view kProductLimits = "kMaxDims";
  static const std::vector<FamilyInfo> table = {
      {"ring", "ring(n)", build_as_network<build_product>, kProducts, kProductLimits, "product",
       "ring(5)"},
      {"path", "path(n)", build_as_network<build_product>, kProducts, kProductLimits, "product",
       "path(4)"},
      {"complete", "complete(n)", build_as_network<build_product>, kProducts, kProductLimits,
       "product", "complete(4)"},
      {"hypercube", "hypercube(n)", build_as_network<build_product>, kProducts, kProductLimits,
       "product", "hypercube(3)"},
      {"torus", "torus(n1,...,nk)", build_as_network<build_product>, kProducts, kProductLimits,
       "product", "torus(3,4)"},
      {"mesh", "mesh(n1,...,nk)", build_as_network<build_product>, kProducts, kProductLimits,
       "product", "mesh(2,3)"},
      {"ghc", "ghc(m1,...,mk)", build_as_network<build_product>, kProducts, kProductLimits,
       "product", "ghc(2,3)"},
      {"product", "product(G1,...,Gk) of any networks", build_any_product,
       "gen/topo/network_product.cpp", "kMaxFactors", "product", "product(ring(3),complete(3))"},
      {"ccc", "ccc(n)", build_as_network<build_ccc>, "gen/topo/ccc.cpp", "kMaxN", "ccc", "ccc(3)"},
      {"dualcube", "dualcube(r)", build_as_network<build_dualcube>, "gen/topo/dualcube.cpp", "",
       "dualcube", "dualcube(2)"},
      {"rdn", "rdn(B,k)", build_as_network<build_hdn>, "gen/topo/hdn.cpp", "kMaxLiftedCandidates",
       "hdn", "rdn(hypercube(1),2)"},
      {"hdn", "hdn(B, sn=[{dims},...])", build_as_network<build_hdn>, "gen/topo/hdn.cpp",
       "kMaxLiftedCandidates", "hdn", "hdn(torus(2,3), sn=[{0}])"},
      {"hsn", "hsn(l,G)", build_any_hsn, "gen/topo/hsn.cpp", "kMaxLevelCounts", "rhfc",
       "hsn(2,hypercube(2))"},
      {"rhs", "rhs(l_r,...,l_1,G)", build_any_hsn, "gen/topo/hsn.cpp", "kMaxLevelCounts", "rhfc",
       "rhs(2,2,hypercube(1))"},
      {"mfc", "mfc(G,N_2,...,N_l)", build_as_network<build_mfc>, "gen/topo/mfc.cpp", "", "rhfc",
       "mfc(ring(3),4,5)"},
      {"hfc", "hfc(G,N_2,...,N_l)", build_as_network<build_mfc>, "gen/topo/mfc.cpp", "", "rhfc",
       "hfc(complete(3),4,4)"},
      {"hypernet", "hypernet(r,l,k)", build_as_network<build_hypernet>, "gen/topo/hypernet.cpp",
       "kMaxDepth, kMaxLevels, kMaxK", "generic", "hypernet(2,2,3)"},
      {"fat_tree", "fat_tree(k)", build_as_network<build_fat_tree>, "gen/topo/fat_tree.cpp",
       "kMaxFatTreeK", "tiers", "fat_tree(4)"},
      {"dragonfly", "dragonfly(a, p, h [, g])", build_as_network<build_dragonfly>,
       "gen/topo/dragonfly.cpp", "kMaxDragonflyArg", "tiers", "dragonfly(2,1,1)"},
      {"leaf_spine", "leaf_spine(leaves, spines, hosts [, uplink=B])",
       build_as_network<build_leaf_spine>, "gen/topo/leaf_spine.cpp", "kMaxLeafSpineArg", "tiers",
       "leaf_spine(2,2,2)"},
      {"file", "file(\"path\" [, format=\"graphml\"])", build_with_canonical<build_file_graph>,
       "gen/topo/file_graph.cpp", "kMaxGraphFileBytes", "generic",
       "file(\"tests/data/graphs/petersen.edges\")"},
      {"graph", "graph(N, links=[{a,b},...])", build_with_canonical<build_inline_graph>,
       "gen/topo/inline_graph.cpp", "kMaxFileNodes, kMaxFileEdges", "generic",
       "graph(4, links=[{0,1},{1,2},{2,3},{3,0},{0,2}])"},
      {"faulty", "faulty(G, links=[{a,b},...], nodes=[{x,...}])",
       build_with_canonical<build_faulty>, "gen/topo/faulty.cpp", "kMaxFaults", "generic",
       "faulty(torus(4,4), links=[{0,1}])"},
      {"weighted", "weighted(G, bandwidth=[{a,b,percent},...], latency=[{a,b,percent},...])",
       build_with_canonical<build_weighted>, "gen/topo/weighted.cpp",
       "kMaxWeightedLinks, kMaxSpeedPercent", "generic",
       "weighted(torus(3,4), bandwidth=[{0,1,50}], latency=[{0,4,300}])"},
  };
  return table;
}

const FamilyInfo* find_family(std::string_view name) {
  for (const auto& f : family_table())
    if (f.name == name) return &f;
  return nullptr;
}

std::unique_ptr<Network> build_topology(std::string_view spec) {
  return build_topology(parse_spec(spec));
}

namespace {

/// A schedule's network spec, parsed, with any file it reads pinned by its sha256.
SpecValue pinned_schedule_spec(std::string_view spec) {
  SpecValue parsed = parse_spec(spec, kMaxRecordedSpecLength);
  if (const auto path = unpinned_file(parsed))
    throw InputError("the schedule's network reads the file \"" + one_line_path(*path) +
                     "\" without its sha256: netsched reads a file a schedule names only when "
                     "the spec pins its content (file(\"...\", sha256=\"...\"), as every "
                     "file netsched writes does; `netsched info` prints the pinned spec)");
  return parsed;
}

}  // namespace

std::unique_ptr<Network> build_schedule_topology(std::string_view spec) {
  return build_topology(pinned_schedule_spec(spec));
}

std::unique_ptr<Network> build_switched_schedule_topology(std::string_view spec) {
  return build_any(pinned_schedule_spec(spec));
}

namespace {

/// "file(...) has 1 switch and directed links: ..." (build_topology's refusal).
InputError switched_refusal(const Network& t) {
  const std::uint64_t switches = t.num_nodes() - t.num_endpoints();
  std::string what =
      switches ? std::to_string(switches) + (switches == 1 ? " switch" : " switches") : "";
  if (t.directed()) what += (what.empty() ? "" : " and ") + std::string("directed links");
  return InputError(t.spec() + " has " + what + ": so far only " +
                    std::string(kSwitchedModelCommands) +
                    " take a network of switches or directed links; the other commands on one "
                    "are not implemented yet");
}

}  // namespace

std::unique_ptr<Network> build_switched_topology(std::string_view spec) {
  return build_any(parse_spec(spec));
}

std::unique_ptr<Network> build_switched_topology(const SpecValue& spec) { return build_any(spec); }

void refuse_switched(const Network& t) {
  if (t.needs_switched_model()) throw switched_refusal(t);
}

std::unique_ptr<Network> build_topology(const SpecValue& spec) {
  auto t = build_any(spec);
  refuse_switched(*t);
  return t;
}

namespace {

std::unique_ptr<Network> build_any(const SpecValue& spec) {
  if (spec.kind != SpecValue::Kind::Call)
    throw SpecError(spec.column, "expected a network such as ring(5)");
  const FamilyInfo* family = find_family(spec.name);
  if (!family) {
    std::string known;
    for (const auto& f : family_table()) known += (known.empty() ? "" : ", ") + std::string(f.name);
    throw SpecError(spec.column, "unknown network '" + spec.name + "' (known: " + known + ")");
  }
  std::unique_ptr<Network> t = family->build(spec);
  if (t->spec().empty()) t->set_spec(print_spec(spec));
  try {
    check_edge_cap(t->link_bound(), t->spec());
  } catch (const InputError& e) {
    throw SpecError(spec.column, e.what());
  }
  return t;
}

}  // namespace

}  // namespace netsched
