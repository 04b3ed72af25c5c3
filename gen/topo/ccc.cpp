#include "gen/topo/ccc.hpp"

#include <cmath>

#include "core/mixed_radix.hpp"
#include "gen/topo/args.hpp"
#include "gen/topo/kit.hpp"

namespace netsched {

Ccc::Ccc(std::uint32_t n) : n_(n) { check_node_cap(static_cast<std::uint64_t>(n) << n, "ccc"); }

void Ccc::neighbors(NodeId u, std::vector<NodeId>& out) const {
  out.clear();
  const std::uint64_t w = u.v / n_, i = u.v % n_;
  auto id = [&](std::uint64_t w2, std::uint64_t i2) {
    return NodeId(static_cast<std::uint32_t>(w2 * n_ + i2));
  };
  if (n_ == 2)
    out.push_back(id(w, 1 - i));
  else if (n_ >= 3) {
    out.push_back(id(w, (i + n_ - 1) % n_));
    out.push_back(id(w, (i + 1) % n_));
  }
  out.push_back(id(w ^ (1ull << i), i));
}

std::string Ccc::label(NodeId u) const { return format_tuple({u.v / n_, u.v % n_}); }

NodeId Ccc::parse_label(std::string_view text) const {
  return NodeId(static_cast<std::uint32_t>(
      MixedRadix({std::uint32_t{1} << n_, n_})
          .compose(parse_tuple(text), "ccc label '" + std::string(text) + "'")));
}

std::unique_ptr<Ccc> build_ccc(const SpecValue& spec) {
  Args a(spec);
  a.expect_count(1, 1, "ccc(n)");
  return std::make_unique<Ccc>(static_cast<std::uint32_t>(a.integer(0, 2, Ccc::kMaxN, "n")));
}

}  // namespace netsched
