// The k-ary fat-tree's links and labels (gen/topo/fat_tree.hpp).
#include "gen/topo/fat_tree.hpp"

#include "core/mixed_radix.hpp"
#include "gen/topo/args.hpp"

namespace netsched {

FatTree::FatTree(std::uint32_t k) : half_(k / 2), hosts_(std::uint64_t{k} * half_ * half_) {
  check_node_cap(hosts_ + 5 * half_ * half_, "fat_tree");
}

void FatTree::neighbors(NodeId u, std::vector<NodeId>& out) const {
  out.clear();
  const auto add = [&](std::uint64_t v) { out.emplace_back(static_cast<std::uint32_t>(v)); };
  const std::uint64_t x = u.v;
  if (x < edge0()) return add(edge0() + x / half_);  // a host: its edge switch
  if (x < agg0()) {                                  // edge(p,e): its hosts, its pod's aggs
    const std::uint64_t p = (x - edge0()) / half_;
    for (std::uint64_t h = 0; h < half_; ++h) add((x - edge0()) * half_ + h);
    for (std::uint64_t a = 0; a < half_; ++a) add(agg0() + p * half_ + a);
    return;
  }
  if (x < core0()) {  // agg(p,a): its pod's edges, the cores (a, 0..k/2-1)
    const std::uint64_t p = (x - agg0()) / half_, a = (x - agg0()) % half_;
    for (std::uint64_t e = 0; e < half_; ++e) add(edge0() + p * half_ + e);
    for (std::uint64_t j = 0; j < half_; ++j) add(core0() + a * half_ + j);
    return;
  }
  const std::uint64_t i = (x - core0()) / half_;  // core(i,j): agg i of every pod
  for (std::uint64_t p = 0; p < 2 * half_; ++p) add(agg0() + p * half_ + i);
}

std::string FatTree::label(NodeId u) const {
  const std::uint64_t x = u.v;
  if (x < edge0())
    return "host" + format_tuple({x / (half_ * half_), x / half_ % half_, x % half_});
  if (x < agg0()) return "edge" + format_tuple({(x - edge0()) / half_, (x - edge0()) % half_});
  if (x < core0()) return "agg" + format_tuple({(x - agg0()) / half_, (x - agg0()) % half_});
  return "core" + format_tuple({(x - core0()) / half_, (x - core0()) % half_});
}

NodeId FatTree::parse_label(std::string_view text) const {
  const auto [role, digits] = parse_role_label(text, {"host", "edge", "agg", "core"}, "fat_tree");
  const std::uint32_t k = static_cast<std::uint32_t>(2 * half_),
                      h = static_cast<std::uint32_t>(half_);
  const std::string what = "fat_tree label '" + std::string(text) + "'";
  if (role == 0)
    return NodeId(static_cast<std::uint32_t>(MixedRadix({k, h, h}).compose(digits, what)));
  const std::uint64_t base = role == 1 ? edge0() : role == 2 ? agg0() : core0();
  const std::uint64_t at = MixedRadix({role == 3 ? h : k, h}).compose(digits, what);
  return NodeId(static_cast<std::uint32_t>(base + at));
}

std::unique_ptr<FatTree> build_fat_tree(const SpecValue& spec) {
  Args a(spec);
  a.expect_count(1, 1, "fat_tree(k)");
  const std::uint64_t k = a.integer(0, 2, FatTree::kMaxFatTreeK, "k");
  if (k % 2 != 0)
    throw SpecError(a.positional(0).column, "fat_tree: k must be even (k/2 hosts an edge switch)");
  return std::make_unique<FatTree>(static_cast<std::uint32_t>(k));
}

}  // namespace netsched
