#include "papers/factor_times.hpp"

#include <algorithm>

#include "gen/exchange/total_exchange.hpp"

namespace netsched::papers {

std::uint64_t factor_broadcast_time(Factor::Kind kind, std::uint32_t n, std::uint32_t root) {
  if (n <= 1) return 0;
  if (kind == Factor::Kind::Complete) return ceil_log2(n);
  if (kind == Factor::Kind::Ring) return (n + 1) / 2;
  // path: first round towards the longer side, then both ends grow one node per round
  const std::uint64_t a = root, b = n - 1 - root;
  const std::uint64_t longer = std::max(a, b), shorter = std::min(a, b);
  return shorter == 0 ? longer : std::max(longer, shorter + 1);
}

std::uint64_t factor_exchange_time(Factor::Kind kind, std::uint32_t n) {
  if (n <= 1) return 0;
  if (kind == Factor::Kind::Complete) return n - 1;
  if (kind == Factor::Kind::Ring) return static_cast<std::uint64_t>(n) * n / 4;
  // a path: the shorter of the two-sided pipelines' n(n-1) and the greedy exchange
  return factor_total_exchange(Factor{kind, n}).size();
}

std::uint64_t broadcast_time(const Product& p, const std::vector<std::uint32_t>& dims,
                             std::uint64_t root) {
  std::uint64_t t = 0;
  for (auto d : dims)
    t += factor_broadcast_time(p.factors()[d].kind, p.factors()[d].size, p.coord(root, d));
  return t;
}

std::vector<std::uint32_t> all_dims(const Product& p) {
  std::vector<std::uint32_t> d;
  for (std::uint32_t i = 0; i < p.dims(); ++i) d.push_back(i);
  return d;
}

}  // namespace netsched::papers
