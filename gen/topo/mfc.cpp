#include "gen/topo/mfc.hpp"

#include <cmath>

#include "core/errors.hpp"
#include "core/mixed_radix.hpp"
#include "gen/topo/args.hpp"
#include "gen/topo/kit.hpp"

namespace netsched {

Mfc::Mfc(bool hfc, std::unique_ptr<Network> nucleus, std::vector<std::uint64_t> counts)
    : hfc_(hfc), nucleus_(std::move(nucleus)) {
  radix_.push_back(nucleus_->num_nodes());
  radix_.insert(radix_.end(), counts.begin(), counts.end());
  for (auto r : radix_) {
    pow_.push_back(nodes_);
    nodes_ = checked_mul(nodes_, r, family() + " node count");
    check_node_cap(nodes_, family());
  }
}

std::optional<std::uint64_t> Mfc::link(std::uint64_t u, std::uint32_t i) const {
  const std::uint64_t a = digit(u, i);
  const std::uint64_t t = hfc_ ? digit(u, 1) : u % pow_[i - 1];
  if (t + 1 >= radix_[i - 1]) return std::nullopt;
  const std::uint64_t b = t + (t >= a);
  const std::uint64_t t2 = a - (a > b);
  // Replace X_i = a by b, and the index t (X_1, or the whole lower part) by t2.
  return u - a * pow_[i - 1] + b * pow_[i - 1] - t + t2;
}

void Mfc::neighbors(NodeId u, std::vector<NodeId>& out) const {
  // A local buffer: the nucleus may itself be an HSN calling this same function.
  std::vector<NodeId> nb;
  const std::uint64_t x1 = u.v % radix_[0];
  nucleus_->neighbors(NodeId(static_cast<std::uint32_t>(x1)), nb);
  out.clear();
  for (NodeId v : nb) out.emplace_back(static_cast<std::uint32_t>(u.v - x1 + v.v));
  for (std::uint32_t i = 2; i <= levels(); ++i)
    if (auto v = link(u.v, i)) out.emplace_back(static_cast<std::uint32_t>(*v));
}

std::string Mfc::label(NodeId u) const {
  std::vector<std::uint64_t> d;
  for (std::uint32_t i = levels(); i >= 1; --i) d.push_back(digit(u.v, i));
  return format_tuple(d);
}

NodeId Mfc::parse_label(std::string_view text) const {
  std::vector<std::uint32_t> radix;
  for (auto it = radix_.rbegin(); it != radix_.rend(); ++it)
    radix.push_back(static_cast<std::uint32_t>(*it));
  return NodeId(static_cast<std::uint32_t>(
      MixedRadix(std::move(radix))
          .compose(parse_tuple(text),
                   family() + " label '" + std::string(text) + "' (X_l,...,X_1)")));
}

std::unique_ptr<Mfc> build_mfc(const SpecValue& spec, BuildNetwork build_part) {
  Args a(spec);
  const bool hfc = spec.name == "hfc";
  a.expect_count(2, 32, spec.name + "(G,N_2,...,N_l)");
  auto nucleus = build_part(a.network(0, "nucleus G"));
  std::vector<std::uint64_t> counts;
  std::uint64_t below = nucleus->num_nodes();
  for (std::size_t i = 1; i < a.count(); ++i) {
    const std::uint64_t limit =
        hfc ? nucleus->num_nodes() + 1 : std::min<std::uint64_t>(below + 1, kMaxNodes);
    const auto n =
        a.integer(i, 1, limit,
                  "N_" + std::to_string(i + 1) + " (at most " +
                      (hfc ? std::string("N_1 + 1") : std::string("N_1...N_{i-1} + 1")) + ")");
    counts.push_back(n);
    below = std::min<std::uint64_t>(checked_mul(below, n, "mfc node count"), kMaxNodes + 1);
  }
  try {
    return std::make_unique<Mfc>(hfc, std::move(nucleus), std::move(counts));
  } catch (const InputError& e) {
    throw SpecError(spec.column, e.what());
  }
}

}  // namespace netsched
