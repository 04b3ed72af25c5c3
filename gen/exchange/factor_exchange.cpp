// Unit-message total exchange in one factor.
//
// Ring C_n: messages travel the shorter way round (distance n/2 clockwise when n is even).
// A clockwise step of type (a, d) has every node i forward the message of origin i-a for
// i-a+d to i+1; for each distance d the types a = 0..d-1 come in increasing order, so each
// message moves one hop per step of its type and every node sends and receives exactly once
// per step. Clockwise steps sum_d d plus counter-clockwise steps give exactly
// AS(C_n) = floor(n^2/4), the lower bound. Complete graph K_n: in step t = 1..n-1 node i sends
// its message for i+t directly: n-1 = AS(K_n) steps. Path P_n: the same pipelines towards the
// right and towards the left, restricted to the nodes that exist, take n(n-1) steps; the greedy
// exchange on the path (farthest message first) takes fewer (36 against 56 on P_8), so the
// shorter of the two is used.
#include "gen/exchange/total_exchange.hpp"
#include "gen/topo/product.hpp"

namespace netsched {

FactorExchange factor_total_exchange(const Factor& f) {
  FactorExchange out;
  const std::int64_t n = f.size;
  if (n <= 1) return out;
  auto mod = [n](std::int64_t x) { return static_cast<std::uint32_t>(((x % n) + n) % n); };
  if (f.kind == Factor::Kind::Complete) {
    for (std::int64_t t = 1; t < n; ++t) {
      out.emplace_back();
      for (std::int64_t i = 0; i < n; ++i)
        out.back().push_back({mod(i), mod(i + t), mod(i), mod(i + t)});
    }
    return out;
  }
  if (f.kind == Factor::Kind::Ring) {
    // direction +1 (clockwise) carries distances 1..floor(n/2), -1 the rest up to ceil(n/2)-1
    for (const std::int64_t dir : {std::int64_t{1}, std::int64_t{-1}}) {
      const std::int64_t dmax = dir > 0 ? n / 2 : (n - 1) / 2;
      for (std::int64_t d = 1; d <= dmax; ++d)
        for (std::int64_t a = 0; a < d; ++a) {
          out.emplace_back();
          for (std::int64_t i = 0; i < n; ++i) {
            const std::int64_t o = i - dir * a;
            out.back().push_back({mod(i), mod(i + dir), mod(o), mod(o + dir * d)});
          }
        }
    }
    return out;
  }
  const FactorExchange greedy = greedy_unit_exchange(Product("path", {f}));
  for (const std::int64_t dir : {std::int64_t{1}, std::int64_t{-1}})
    for (std::int64_t d = 1; d < n; ++d)
      for (std::int64_t a = 0; a < d; ++a) {
        out.emplace_back();
        for (std::int64_t i = 0; i < n; ++i) {
          const std::int64_t o = i - dir * a, dest = o + dir * d;
          if (o < 0 || o >= n || dest < 0 || dest >= n) continue;
          out.back().push_back({static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(i + dir),
                                static_cast<std::uint32_t>(o), static_cast<std::uint32_t>(dest)});
        }
      }
  return greedy.size() < out.size() ? greedy : out;
}

}  // namespace netsched
