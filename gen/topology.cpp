#include "gen/topology.hpp"

#include <algorithm>
#include <cctype>

#include "core/errors.hpp"
#include "core/io.hpp"
#include "core/limits.hpp"
#include "core/metrics.hpp"
#include "gen/topo/ccc.hpp"
#include "gen/topo/dualcube.hpp"
#include "gen/topo/faulty.hpp"
#include "gen/topo/file_graph.hpp"
#include "gen/topo/hdn.hpp"
#include "gen/topo/hsn.hpp"
#include "gen/topo/hypernet.hpp"
#include "gen/topo/mfc.hpp"
#include "gen/topo/network_product.hpp"
#include "gen/topo/product.hpp"
#include "gen/topo/weighted.hpp"

namespace netsched {

namespace {

template <auto Build>
std::unique_ptr<Network> build_as_network(const SpecValue& spec) {
  return Build(spec);
}

/// A family whose canonical spec is not the printed one (a file's digest, a product's flattened
/// factors, a faulty network's sorted faults).
template <auto Build>
std::unique_ptr<Network> build_with_canonical(const SpecValue& spec) {
  auto t = Build(spec);
  t->set_spec(t->canonical_spec());
  return t;
}

std::unique_ptr<Network> build_any_product(const SpecValue& spec) {
  if (needs_network_product(spec)) return build_with_canonical<build_network_product>(spec);
  return build_product(spec);
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
      {"hsn", "hsn(l,G)", build_hsn, "gen/topo/hsn.cpp", "kMaxLevelCounts", "rhfc",
       "hsn(2,hypercube(2))"},
      {"rhs", "rhs(l_r,...,l_1,G)", build_hsn, "gen/topo/hsn.cpp", "kMaxLevelCounts", "rhfc",
       "rhs(2,2,hypercube(1))"},
      {"mfc", "mfc(G,N_2,...,N_l)", build_as_network<build_mfc>, "gen/topo/mfc.cpp", "", "rhfc",
       "mfc(ring(3),4,5)"},
      {"hfc", "hfc(G,N_2,...,N_l)", build_as_network<build_mfc>, "gen/topo/mfc.cpp", "", "rhfc",
       "hfc(complete(3),4,4)"},
      {"hypernet", "hypernet(r,l,k)", build_as_network<build_hypernet>, "gen/topo/hypernet.cpp",
       "kMaxDepth, kMaxLevels, kMaxK", "generic", "hypernet(2,2,3)"},
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

const Network* structure_of(const Network& t) {
  const auto* w = dynamic_cast<const WeightedNetwork*>(&t);
  return w ? &w->base() : nullptr;
}

const FamilyInfo* find_family(std::string_view name) {
  for (const auto& f : family_table())
    if (f.name == name) return &f;
  return nullptr;
}

std::unique_ptr<Network> build_topology(std::string_view spec) {
  return build_topology(parse_spec(spec));
}

std::unique_ptr<Network> build_schedule_topology(std::string_view spec) {
  const SpecValue parsed = parse_spec(spec, kMaxRecordedSpecLength);
  if (const auto path = unpinned_file(parsed))
    throw InputError("the schedule's network reads the file \"" + one_line_path(*path) +
                     "\" without its sha256: netsched reads a file a schedule names only when "
                     "the spec pins its content (file(\"...\", sha256=\"...\"), as every "
                     "file netsched writes does; `netsched info` prints the pinned spec)");
  return build_topology(parsed);
}

std::unique_ptr<Network> build_topology(const SpecValue& spec) {
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

std::string choose_from(const std::vector<std::string>& names, const std::string& requested,
                        const std::string& what, const Network& t) {
  if (requested == "auto" && !names.empty()) return names.front();
  if (std::find(names.begin(), names.end(), requested) != names.end()) return requested;
  std::string list;
  for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
  throw InputError(what + " algorithm '" + requested + "' does not apply to " + t.family() +
                   " (choose from: " + (list.empty() ? "none yet" : list) + ")");
}

std::optional<std::uint32_t> small_diameter(const Graph& g, std::uint64_t limit) {
  if (g.num_nodes() > limit || g.num_nodes() == 0) return std::nullopt;
  const Csr csr(g, 1);
  const DistanceStats st = distances_all_sources(csr, 1);
  if (!st.connected) return std::nullopt;
  return st.diameter;
}

std::vector<std::uint64_t> parse_tuple(std::string_view text) {
  std::string s(text);
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  if (b < e && s[b] == '(') {
    if (s[e - 1] != ')') throw InputError("label '" + s + "': missing ')'");
    ++b;
    --e;
  }
  std::vector<std::uint64_t> out;
  std::size_t i = b;
  while (i <= e) {
    std::size_t j = s.find(',', i);
    if (j == std::string::npos || j > e) j = e;
    std::string part = s.substr(i, j - i);
    std::size_t pb = 0, pe = part.size();
    while (pb < pe && std::isspace(static_cast<unsigned char>(part[pb]))) ++pb;
    while (pe > pb && std::isspace(static_cast<unsigned char>(part[pe - 1]))) --pe;
    part = part.substr(pb, pe - pb);
    if (part.empty() || part.size() > kMaxDecimalDigits)
      throw InputError("label '" + s + "': expected integers separated by commas");
    for (char c : part)
      if (!std::isdigit(static_cast<unsigned char>(c)))
        throw InputError("label '" + s + "': '" + part + "' is not an integer");
    out.push_back(std::stoull(part));
    i = j + 1;
  }
  return out;
}

std::string format_tuple(const std::vector<std::uint64_t>& v) {
  std::string s = "(";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s + ")";
}

}  // namespace netsched
