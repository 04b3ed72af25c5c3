// The leaf-spine fabric's links, speeds and labels (gen/topo/leaf_spine.hpp).
#include "gen/topo/leaf_spine.hpp"

#include <algorithm>

#include "core/limits.hpp"
#include "core/mixed_radix.hpp"
#include "gen/topo/args.hpp"

namespace netsched {

LeafSpine::LeafSpine(std::uint32_t leaves, std::uint32_t spines, std::uint32_t hosts,
                     std::uint32_t uplink)
    : leaves_(leaves), spines_(spines), hosts_(hosts), uplink_(uplink) {
  endpoints_ = mul_sat(leaves, hosts);
  check_node_cap(add_sat(endpoints_, std::uint64_t{leaves} + spines), "leaf_spine");
}

void LeafSpine::neighbors(NodeId u, std::vector<NodeId>& out) const {
  out.clear();
  const auto add = [&](std::uint64_t v) { out.emplace_back(static_cast<std::uint32_t>(v)); };
  const std::uint64_t leaf0 = endpoints_, spine0 = endpoints_ + leaves_;
  if (u.v < leaf0) return add(leaf0 + u.v / hosts_);
  if (u.v < spine0) {
    const std::uint64_t l = u.v - leaf0;
    for (std::uint64_t i = 0; i < hosts_; ++i) add(l * hosts_ + i);
    for (std::uint64_t s = 0; s < spines_; ++s) add(spine0 + s);
    return;
  }
  for (std::uint64_t l = 0; l < leaves_; ++l) add(leaf0 + l);
}

std::uint32_t LeafSpine::degree(NodeId u) const {
  if (u.v < endpoints_) return 1;
  return u.v < endpoints_ + leaves_ ? hosts_ + spines_ : leaves_;
}

LinkSpeed LeafSpine::link_speed(NodeId u, NodeId v) const {
  return {std::min(u.v, v.v) < endpoints_ ? 1.0 : static_cast<double>(uplink_), 1};
}

std::string LeafSpine::label(NodeId u) const {
  if (u.v < endpoints_) return "host" + format_tuple({u.v / hosts_, u.v % hosts_});
  if (u.v < endpoints_ + leaves_) return "leaf" + format_tuple({u.v - endpoints_});
  return "spine" + format_tuple({u.v - endpoints_ - leaves_});
}

NodeId LeafSpine::parse_label(std::string_view text) const {
  const auto [role, digits] = parse_role_label(text, {"host", "leaf", "spine"}, "leaf_spine");
  const std::string what = "leaf_spine label '" + std::string(text) + "'";
  if (role == 0)
    return NodeId(static_cast<std::uint32_t>(MixedRadix({leaves_, hosts_}).compose(digits, what)));
  const std::uint64_t base = role == 1 ? endpoints_ : endpoints_ + leaves_;
  return NodeId(static_cast<std::uint32_t>(
      base + MixedRadix({role == 1 ? leaves_ : spines_}).compose(digits, what)));
}

std::unique_ptr<LeafSpine> build_leaf_spine(const SpecValue& spec) {
  Args a(spec);
  a.expect_count(3, 3, "leaf_spine(leaves, spines, hosts [, uplink=B])", {"uplink"});
  const auto arg = [&](std::size_t i, const char* what) {
    return static_cast<std::uint32_t>(a.integer(i, 1, LeafSpine::kMaxLeafSpineArg, what));
  };
  std::uint32_t uplink = 1;
  if (const SpecValue* b = a.named("uplink")) {
    if (b->kind != SpecValue::Kind::Int || b->number < 1 || b->number > LeafSpine::kMaxLeafSpineArg)
      throw SpecError(b->column,
                      "leaf_spine: uplink must be a whole bandwidth multiple from 1 to " +
                          limit_text("kMaxLeafSpineArg", LeafSpine::kMaxLeafSpineArg));
    uplink = static_cast<std::uint32_t>(b->number);
  }
  return std::make_unique<LeafSpine>(arg(0, "leaves"), arg(1, "spines"), arg(2, "hosts"), uplink);
}

}  // namespace netsched
