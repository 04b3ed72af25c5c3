#include "gen/topology.hpp"

#include <algorithm>
#include <cctype>

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

namespace netsched {

const std::vector<std::pair<std::string, std::string>>& topology_families() {
  static const std::vector<std::pair<std::string, std::string>> f = {
      {"ring", "ring(n)"},
      {"path", "path(n)"},
      {"complete", "complete(n)"},
      {"hypercube", "hypercube(n)"},
      {"torus", "torus(n1,...,nk)"},
      {"mesh", "mesh(n1,...,nk)"},
      {"ghc", "ghc(m1,...,mk)"},
      {"product", "product(G1,...,Gk) of any networks"},
      {"ccc", "ccc(n)"},
      {"dualcube", "dualcube(r)"},
      {"rdn", "rdn(B,k)"},
      {"hdn", "hdn(B, sn=[{dims},...])"},
      {"hsn", "hsn(l,G)"},
      {"rhs", "rhs(l_r,...,l_1,G)"},
      {"mfc", "mfc(G,N_2,...,N_l)"},
      {"hfc", "hfc(G,N_2,...,N_l)"},
      {"hypernet", "hypernet(r,l,k)"},
      {"file", "file(\"path\" [, format=\"graphml\"])"},
      {"faulty", "faulty(G, links=[{a,b},...], nodes=[{x,...}])"},
  };
  return f;
}

std::unique_ptr<Network> build_topology(std::string_view spec) {
  return build_topology(parse_spec(spec));
}

std::unique_ptr<Network> build_topology(const SpecValue& spec) {
  if (spec.kind != SpecValue::Kind::Call)
    throw SpecError(spec.column, "expected a network such as ring(5)");
  std::unique_ptr<Network> t;
  std::string canonical = print_spec(spec);
  const std::string& n = spec.name;
  if (n == "file") {
    auto f = build_file_graph(spec);
    canonical = f->canonical_spec();
    t = std::move(f);
  } else if (n == "faulty") {
    auto f = build_faulty(spec);
    canonical = f->canonical_spec();
    t = std::move(f);
  } else if (needs_network_product(spec)) {
    auto p = build_network_product(spec);
    canonical = p->canonical_spec();
    t = std::move(p);
  } else if (is_product_family(n))
    t = build_product(spec);
  else if (n == "ccc")
    t = build_ccc(spec);
  else if (n == "dualcube")
    t = build_dualcube(spec);
  else if (n == "hdn" || n == "rdn")
    t = build_hdn(spec);
  else if (n == "hsn" || n == "rhs")
    t = build_hsn(spec);
  else if (n == "mfc" || n == "hfc")
    t = build_mfc(spec);
  else if (n == "hypernet")
    t = build_hypernet(spec);
  else {
    std::string known;
    for (const auto& [name, form] : topology_families())
      known += (known.empty() ? "" : ", ") + name;
    throw SpecError(spec.column, "unknown network '" + n + "' (known: " + known + ")");
  }
  t->spec_ = canonical;
  try {
    check_edge_cap(t->num_nodes(), t->max_degree(), t->spec_);
  } catch (const std::invalid_argument& e) {
    throw SpecError(spec.column, e.what());
  }
  return t;
}

std::string choose_algorithm(const std::vector<std::string>& names, const std::string& requested,
                             const std::string& what, const Network& t) {
  if (requested == "auto" && !names.empty()) return names.front();
  if (std::find(names.begin(), names.end(), requested) != names.end()) return requested;
  std::string list;
  for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
  throw std::invalid_argument(what + " algorithm '" + requested + "' does not apply to " +
                              t.family() + " (choose from: " + (list.empty() ? "none yet" : list) +
                              ")");
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
    if (s[e - 1] != ')') throw std::invalid_argument("label '" + s + "': missing ')'");
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
      throw std::invalid_argument("label '" + s + "': expected integers separated by commas");
    for (char c : part)
      if (!std::isdigit(static_cast<unsigned char>(c)))
        throw std::invalid_argument("label '" + s + "': '" + part + "' is not an integer");
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

std::uint64_t mixed_radix(const std::vector<std::uint64_t>& parts,
                          const std::vector<std::uint64_t>& radix, const std::string& what) {
  if (parts.size() != radix.size())
    throw std::invalid_argument(what + ": expected " + std::to_string(radix.size()) +
                                " components, got " + std::to_string(parts.size()));
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (parts[i] >= radix[i])
      throw std::invalid_argument(what + ": component " + std::to_string(i) + " is " +
                                  std::to_string(parts[i]) + ", must be below " +
                                  std::to_string(radix[i]));
    v = v * radix[i] + parts[i];
  }
  return v;
}

}  // namespace netsched
