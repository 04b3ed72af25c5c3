#include "gen/topo/network_product.hpp"

#include <stdexcept>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "gen/topo/args.hpp"
#include "gen/topo/kit.hpp"
#include "gen/topo/product.hpp"

namespace netsched {
namespace {

/// At most this many factors (as for products of rings).
constexpr std::size_t kMaxFactors = 64;

/// The parts of "(a,b,c)" split at commas outside parentheses; the text itself when it has no
/// outer parentheses.
std::vector<std::string> split_tuple(std::string_view text) {
  std::string s(text);
  if (s.size() < 2 || s.front() != '(' || s.back() != ')')
    throw InputError("product label '" + s + "': expected (label1,label2,...)");
  std::vector<std::string> parts(1);
  int depth = 0;
  for (std::size_t i = 1; i + 1 < s.size(); ++i) {
    const char c = s[i];
    depth += (c == '(') - (c == ')');
    if (depth < 0) throw InputError("product label '" + s + "': unbalanced ')'");
    if (c == ',' && depth == 0)
      parts.emplace_back();
    else
      parts.back() += c;
  }
  if (depth != 0) throw InputError("product label '" + s + "': unbalanced '('");
  return parts;
}

/// The factor calls of a product spec, nested product(...) calls flattened.
void collect_factors(const SpecValue& spec, std::vector<const SpecValue*>& out) {
  const Args a(spec);
  a.expect_count(1, kMaxFactors, "product(G1,...,Gk)");
  for (std::size_t i = 0; i < a.count(); ++i) {
    const SpecValue& g = a.network(i, "factor");
    if (g.name == "product")
      collect_factors(g, out);
    else
      out.push_back(&g);
  }
  if (out.size() > kMaxFactors) throw SpecError(spec.column, "product: more than 64 factors");
}

}  // namespace

NetworkProduct::NetworkProduct(std::vector<std::unique_ptr<Network>> factors)
    : factors_(std::move(factors)) {
  std::vector<std::uint32_t> radix;
  for (const auto& f : factors_) {
    n_ = checked_mul(n_, f->num_nodes(), "product node count");
    radix.push_back(static_cast<std::uint32_t>(f->num_nodes()));
  }
  check_node_cap(n_, "product");
  ids_ = MixedRadix(std::move(radix));
  dim_offset_.push_back(0);
  for (const auto& f : factors_)
    dim_offset_.push_back(dim_offset_.back() + std::max<std::uint32_t>(1, f->dimension_count()));
}

void NetworkProduct::neighbors(NodeId u, std::vector<NodeId>& out) const {
  // Local, not thread_local: a factor may contain another product (faulty(product(...))), which
  // would reuse a shared scratch vector while this call still reads it.
  std::vector<NodeId> factor_nb;
  out.clear();
  for (std::size_t d = 0; d < factors_.size(); ++d) {
    const std::uint32_t c = coord(u.v, d);
    const std::uint64_t base = u.v - c * ids_.stride(d);
    factors_[d]->neighbors(NodeId(c), factor_nb);
    for (const NodeId w : factor_nb)
      out.emplace_back(static_cast<std::uint32_t>(base + w.v * ids_.stride(d)));
  }
}

std::uint32_t NetworkProduct::degree(NodeId u) const {
  std::uint32_t s = 0;
  for (std::size_t d = 0; d < factors_.size(); ++d) s += factors_[d]->degree(NodeId(coord(u.v, d)));
  return s;
}

std::uint32_t NetworkProduct::max_degree() const {
  std::uint32_t s = 0;
  for (const auto& f : factors_) s += f->max_degree();
  return s;
}

std::uint64_t NetworkProduct::link_bound() const {
  // a link of factor d joins nodes equal in every other coordinate: its links times the others'
  // node counts, summed over the factors
  std::uint64_t links = 0;
  for (std::size_t d = 0; d < factors_.size(); ++d) {
    std::uint64_t copies = 1;
    for (std::size_t e = 0; e < factors_.size(); ++e)
      if (e != d) copies = mul_sat(copies, factors_[e]->num_nodes());
    links = add_sat(links, mul_sat(factors_[d]->link_bound(), copies));
  }
  return links;
}

std::uint32_t NetworkProduct::port_degree(NodeId u) const {
  std::uint32_t s = 0;
  for (std::size_t d = 0; d < factors_.size(); ++d)
    s += factors_[d]->port_degree(NodeId(coord(u.v, d)));
  return s;
}

std::string NetworkProduct::label(NodeId u) const {
  std::string s = "(";
  for (std::size_t d = 0; d < factors_.size(); ++d)
    s += (d ? "," : "") + factors_[d]->label(NodeId(coord(u.v, d)));
  return s + ")";
}

NodeId NetworkProduct::parse_label(std::string_view text) const {
  const auto parts = split_tuple(text);
  if (parts.size() != factors_.size())
    throw InputError("product label '" + std::string(text) + "': expected " +
                     std::to_string(factors_.size()) + " components, got " +
                     std::to_string(parts.size()));
  std::uint64_t id = 0;
  for (std::size_t d = 0; d < factors_.size(); ++d)
    id += factors_[d]->node(parts[d]).v * ids_.stride(d);
  return NodeId(static_cast<std::uint32_t>(id));
}

std::optional<std::size_t> NetworkProduct::link_factor(NodeId u, NodeId v) const {
  std::optional<std::size_t> differs;
  for (std::size_t d = 0; d < factors_.size(); ++d) {
    if (coord(u.v, d) == coord(v.v, d)) continue;
    if (differs) return std::nullopt;
    differs = d;
  }
  if (!differs ||
      !factors_[*differs]->adjacent(NodeId(coord(u.v, *differs)), NodeId(coord(v.v, *differs))))
    return std::nullopt;
  return differs;
}

bool NetworkProduct::adjacent(NodeId u, NodeId v) const { return link_factor(u, v).has_value(); }

std::optional<std::uint32_t> NetworkProduct::edge_dimension(NodeId u, NodeId v) const {
  const std::optional<std::size_t> differs = link_factor(u, v);
  if (!differs) return std::nullopt;
  const Network& f = *factors_[*differs];
  const NodeId a(coord(u.v, *differs)), b(coord(v.v, *differs));
  if (f.dimension_count() == 0) return dim_offset_[*differs];
  const auto inner = f.edge_dimension(a, b);
  if (!inner) return std::nullopt;
  return dim_offset_[*differs] + *inner;
}

LinkSpeed NetworkProduct::link_speed(NodeId u, NodeId v) const {
  const std::optional<std::size_t> differs = link_factor(u, v);
  if (!differs) return {};
  return factors_[*differs]->link_speed(NodeId(coord(u.v, *differs)), NodeId(coord(v.v, *differs)));
}

bool NetworkProduct::weighted() const {
  return std::any_of(factors_.begin(), factors_.end(), [](const auto& f) { return f->weighted(); });
}

std::vector<Permutation> NetworkProduct::automorphism_candidates() const {
  std::vector<Permutation> out;
  for (std::size_t d = 0; d < factors_.size(); ++d)
    for (Permutation p : factors_[d]->automorphism_candidates())
      out.push_back([this, d, p = std::move(p)](std::uint32_t u) {
        const std::uint32_t c = coord(u, d);
        return static_cast<std::uint32_t>(u - c * ids_.stride(d) + p(c) * ids_.stride(d));
      });
  for (std::size_t d = 0; d + 1 < factors_.size(); ++d) {
    if (factors_[d]->spec() != factors_[d + 1]->spec()) continue;
    out.push_back([this, d](std::uint32_t u) {
      const std::uint32_t a = coord(u, d), b = coord(u, d + 1);
      return static_cast<std::uint32_t>(u - a * ids_.stride(d) - b * ids_.stride(d + 1) +
                                        b * ids_.stride(d) + a * ids_.stride(d + 1));
    });
  }
  return out;
}

std::string NetworkProduct::canonical_spec() const {
  std::string s = "product(";
  for (std::size_t d = 0; d < factors_.size(); ++d) s += (d ? "," : "") + factors_[d]->spec();
  return s + ")";
}

bool needs_network_product(const SpecValue& spec) {
  if (spec.name != "product") return false;
  for (const SpecArg& a : spec.args) {
    const SpecValue& g = a.value;
    if (!a.key.empty() || g.kind != SpecValue::Kind::Call) continue;
    if (g.name == "product" ? needs_network_product(g) : !is_product_family(g.name)) return true;
  }
  return false;
}

std::unique_ptr<NetworkProduct> build_network_product(const SpecValue& spec,
                                                      BuildNetwork build_part) {
  std::vector<const SpecValue*> calls;
  collect_factors(spec, calls);
  std::vector<std::unique_ptr<Network>> factors;
  for (const SpecValue* g : calls) factors.push_back(build_part(*g));
  try {
    return std::make_unique<NetworkProduct>(std::move(factors));
  } catch (const InputError& e) {
    throw SpecError(spec.column, e.what());
  }
}

}  // namespace netsched
