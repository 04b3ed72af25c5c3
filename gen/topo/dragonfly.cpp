// The dragonfly's links and labels (gen/topo/dragonfly.hpp).
#include "gen/topo/dragonfly.hpp"

#include <algorithm>
#include <set>

#include "core/limits.hpp"
#include "core/mixed_radix.hpp"
#include "gen/topo/args.hpp"

namespace netsched {

Dragonfly::Dragonfly(std::uint32_t a, std::uint32_t p, std::uint32_t h, std::uint32_t g)
    : a_(a), p_(p), h_(h), g_(g) {
  routers_ = mul_sat(a, g);
  endpoints_ = mul_sat(routers_, p);
  check_node_cap(add_sat(endpoints_, routers_), "dragonfly");
}

std::uint64_t Dragonfly::global_peer(std::uint64_t group, std::uint64_t r, std::uint64_t j) const {
  const std::uint64_t t = r * h_ + j, round = t / (g_ - 1), q = t % (g_ - 1);
  const std::uint64_t other = (group + 1 + q) % g_;
  const std::uint64_t back = (g_ - 2 - q) + round * (g_ - 1);  // the peer's port
  return endpoints_ + other * a_ + back / h_;
}

void Dragonfly::neighbors(NodeId u, std::vector<NodeId>& out) const {
  out.clear();
  const auto add = [&](std::uint64_t v) { out.emplace_back(static_cast<std::uint32_t>(v)); };
  if (u.v < endpoints_) return add(endpoints_ + u.v / p_);
  const std::uint64_t router = u.v - endpoints_, group = router / a_, r = router % a_;
  for (std::uint64_t e = 0; e < p_; ++e) add(router * p_ + e);
  for (std::uint64_t other = 0; other < a_; ++other)
    if (other != r) add(endpoints_ + group * a_ + other);
  for (std::uint64_t j = 0; j < h_; ++j) add(global_peer(group, r, j));
}

std::string Dragonfly::label(NodeId u) const {
  if (u.v < endpoints_) return "node" + format_tuple({u.v / p_ / a_, u.v / p_ % a_, u.v % p_});
  const std::uint64_t router = u.v - endpoints_;
  return "router" + format_tuple({router / a_, router % a_});
}

NodeId Dragonfly::parse_label(std::string_view text) const {
  const auto [role, digits] = parse_role_label(text, {"node", "router"}, "dragonfly");
  const std::string what = "dragonfly label '" + std::string(text) + "'";
  if (role == 0)
    return NodeId(static_cast<std::uint32_t>(MixedRadix({g_, a_, p_}).compose(digits, what)));
  return NodeId(
      static_cast<std::uint32_t>(endpoints_ + MixedRadix({g_, a_}).compose(digits, what)));
}

namespace {

/// InputError unless every router's h global links lead to h different routers.
void check_single_global_links(const Dragonfly& d, std::uint32_t a, std::uint32_t h,
                               std::uint32_t g, std::size_t column) {
  for (std::uint64_t group = 0; group < g; ++group)
    for (std::uint64_t r = 0; r < a; ++r) {
      std::set<std::uint64_t> peers;
      for (std::uint64_t j = 0; j < h; ++j)
        if (!peers.insert(d.global_peer(group, r, j)).second)
          throw SpecError(
              column,
              "dragonfly: router " +
                  d.label(NodeId(static_cast<std::uint32_t>(d.num_endpoints() + group * a + r))) +
                  " would have two global links to " +
                  d.label(NodeId(static_cast<std::uint32_t>(d.global_peer(group, r, j)))) +
                  "; choose g with fewer rounds (g = a h + 1 has one)");
    }
}

}  // namespace

std::unique_ptr<Dragonfly> build_dragonfly(const SpecValue& spec) {
  Args a(spec);
  a.expect_count(3, 4, "dragonfly(a, p, h [, g])");
  const auto arg = [&](std::size_t i, const char* what) {
    return static_cast<std::uint32_t>(a.integer(i, 1, Dragonfly::kMaxDragonflyArg, what));
  };
  const std::uint32_t routers = arg(0, "a"), p = arg(1, "p"), h = arg(2, "h");
  const std::uint64_t ports = std::uint64_t{routers} * h;
  const std::uint64_t g = a.count() == 4 ? a.integer(3, 2, ports + 1, "g") : ports + 1;
  if (ports % (g - 1) != 0)
    throw SpecError(a.positional(3).column,
                    "dragonfly: g - 1 must divide a h = " + std::to_string(ports) +
                        " (each group's global ports go round the other groups)");
  if (g > Dragonfly::kMaxDragonflyArg)
    throw SpecError(spec.column, "dragonfly: g = a h + 1 = " + std::to_string(g) +
                                     " groups, over the limit " +
                                     limit_text("kMaxDragonflyArg", Dragonfly::kMaxDragonflyArg));
  auto d = std::make_unique<Dragonfly>(routers, p, h, static_cast<std::uint32_t>(g));
  check_single_global_links(*d, routers, h, static_cast<std::uint32_t>(g), spec.column);
  return d;
}

}  // namespace netsched
