// A family's kit (gen/topo/kit.hpp): the spec's tuples, a family's algorithm menus, a nucleus's
// diameter.
#include "gen/topo/kit.hpp"

#include <algorithm>
#include <cctype>

#include "core/metrics.hpp"

namespace netsched {

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

std::pair<std::size_t, std::vector<std::uint64_t>> parse_role_label(
    std::string_view text, const std::vector<std::string_view>& roles, std::string_view family) {
  const auto open = text.find('(');
  const std::string_view role = text.substr(0, open);
  for (std::size_t r = 0; r < roles.size() && open != std::string_view::npos; ++r)
    if (roles[r] == role) return {r, parse_tuple(text.substr(open))};
  std::string names;
  for (const std::string_view r : roles) names += (names.empty() ? "" : ", ") + std::string(r);
  throw InputError(std::string(family) + " label '" + std::string(text) +
                   "': expected role(a,b,...) with a role of " + names);
}

}  // namespace netsched
