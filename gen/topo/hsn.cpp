#include "gen/topo/hsn.hpp"

#include <cmath>

#include "core/errors.hpp"
#include "core/mixed_radix.hpp"
#include "gen/topo/args.hpp"
#include "gen/topo/kit.hpp"

namespace netsched {

Hsn::Hsn(std::uint32_t levels, std::unique_ptr<Network> nucleus)
    : l_(levels), nucleus_(std::move(nucleus)), m_(nucleus_->num_nodes()), nodes_(1) {
  for (std::uint32_t i = 0; i < l_; ++i) {
    pow_.push_back(nodes_);
    nodes_ = checked_mul(nodes_, m_, "hsn node count");
    check_node_cap(nodes_, "hsn");
  }
}

void Hsn::neighbors(NodeId u, std::vector<NodeId>& out) const {
  // A local buffer: the nucleus may itself be an HSN calling this same function.
  std::vector<NodeId> nb;
  const std::uint64_t x1 = u.v % m_;
  const std::uint64_t rest = u.v - x1;
  nucleus_->neighbors(NodeId(static_cast<std::uint32_t>(x1)), nb);
  out.clear();
  for (NodeId v : nb) out.emplace_back(static_cast<std::uint32_t>(rest + v.v));
  for (std::uint32_t i = 2; i <= l_; ++i) {
    const std::uint64_t xi = digit(u.v, i);
    if (xi == x1) continue;
    const std::uint64_t v = u.v - xi * pow_[i - 1] - x1 + x1 * pow_[i - 1] + xi;
    out.emplace_back(static_cast<std::uint32_t>(v));
  }
}

std::optional<std::uint32_t> Hsn::edge_dimension(NodeId u, NodeId v) const {
  const std::uint32_t base = std::max(1u, nucleus_->dimension_count());
  if (u.v - u.v % m_ == v.v - v.v % m_) {
    const NodeId a(static_cast<std::uint32_t>(u.v % m_)), b(static_cast<std::uint32_t>(v.v % m_));
    if (!nucleus_->adjacent(a, b)) return std::nullopt;
    return nucleus_->dimension_count() ? nucleus_->edge_dimension(a, b)
                                       : std::optional<std::uint32_t>(0);
  }
  for (std::uint32_t i = 2; i <= l_; ++i) {
    const std::uint64_t xi = digit(u.v, i), x1 = digit(u.v, 1);
    if (xi != x1 && v.v == u.v - xi * pow_[i - 1] - x1 + x1 * pow_[i - 1] + xi) return base + i - 2;
  }
  return std::nullopt;
}

std::string Hsn::label(NodeId u) const {
  std::vector<std::uint64_t> d;
  for (std::uint32_t i = l_; i >= 1; --i) d.push_back(digit(u.v, i));
  return format_tuple(d);
}

NodeId Hsn::parse_label(std::string_view text) const {
  return NodeId(static_cast<std::uint32_t>(
      MixedRadix(std::vector<std::uint32_t>(l_, static_cast<std::uint32_t>(m_)))
          .compose(parse_tuple(text), "hsn label '" + std::string(text) + "' (X_l,...,X_1)")));
}

std::uint32_t Hsn::depth() const {
  const auto* inner = network_as<Hsn>(*nucleus_);
  return inner ? inner->depth() + 1 : 1;
}

const Network& Hsn::innermost() const {
  const auto* inner = network_as<Hsn>(*nucleus_);
  return inner ? inner->innermost() : *nucleus_;
}

std::vector<std::uint32_t> Hsn::level_counts() const {
  std::vector<std::uint32_t> v{l_};
  if (const auto* inner = network_as<Hsn>(*nucleus_)) {
    auto rest = inner->level_counts();
    v.insert(v.end(), rest.begin(), rest.end());
  }
  return v;
}

std::unique_ptr<Network> build_hsn(const SpecValue& spec, BuildNetwork build_part) {
  Args a(spec);
  if (spec.name == "hsn") {
    a.expect_count(2, 2, "hsn(l,G)");
    const auto l = static_cast<std::uint32_t>(a.integer(0, 1, 32, "levels l"));
    auto nucleus = build_part(a.network(1, "nucleus G"));
    try {
      return std::make_unique<Hsn>(l, std::move(nucleus));
    } catch (const SpecError&) {
      throw;
    } catch (const InputError& e) {
      throw SpecError(spec.column, e.what());
    }
  }
  a.expect_count(2, Hsn::kMaxLevelCounts + 1, "rhs(l_r,...,l_1,G)");
  const std::size_t depth = a.count() - 1;
  std::unique_ptr<Network> t = build_part(a.network(depth, "nucleus G"));
  for (std::size_t i = depth; i-- > 0;) {
    const auto l = static_cast<std::uint32_t>(a.integer(i, 1, 32, "levels l"));
    try {
      t = std::make_unique<Hsn>(l, std::move(t));
    } catch (const InputError& e) {
      throw SpecError(spec.column, e.what());
    }
  }
  return t;
}

}  // namespace netsched
