// Optimal one-port broadcasts in rings, paths and complete graphs, composed dimension by
// dimension on products (the broadcast(SN) subroutine of the HDN paper §5; on a hypercube this
// is the binomial tree).
#include <algorithm>

#include "gen/broadcast/broadcast.hpp"
#include "gen/topo/product.hpp"

namespace netsched {

std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> factor_broadcast(
    const Factor& f, std::uint32_t root) {
  std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> rounds;
  const std::uint32_t n = f.size;
  if (n <= 1) return rounds;
  if (f.kind == Factor::Kind::Complete) {
    // Doubling: offsets 0..2^t-1 informed after t rounds.
    for (std::uint32_t have = 1; have < n; have *= 2) {
      rounds.emplace_back();
      for (std::uint32_t k = 0; k < have && k + have < n; ++k)
        rounds.back().push_back({(root + k) % n, (root + k + have) % n});
    }
    return rounds;
  }
  // Rings and paths: the informed nodes form an interval [root-left, root+right] that grows at
  // both ends; the first round goes towards the longer side.
  const bool ring = f.kind == Factor::Kind::Ring;
  const std::uint32_t avail_right = ring ? n - 1 : n - 1 - root;
  const std::uint32_t avail_left = ring ? n - 1 : root;
  std::uint32_t left = 0, right = 0, remaining = n - 1;
  auto pos = [&](std::int64_t off) {
    return static_cast<std::uint32_t>(((static_cast<std::int64_t>(root) + off) % n + n) % n);
  };
  const bool first_right = ring || avail_right >= avail_left;
  while (remaining > 0) {
    rounds.emplace_back();
    auto& r = rounds.back();
    const bool lone = left == 0 && right == 0;
    auto go_right = [&] {
      if (remaining == 0 || right >= avail_right) return false;
      r.push_back({pos(right), pos(right + 1)});
      ++right;
      --remaining;
      return true;
    };
    auto go_left = [&] {
      if (remaining == 0 || left >= avail_left) return false;
      r.push_back(
          {pos(-static_cast<std::int64_t>(left)), pos(-static_cast<std::int64_t>(left) - 1)});
      ++left;
      --remaining;
      return true;
    };
    if (lone) {
      if (first_right)
        go_right();
      else
        go_left();
    } else {
      go_right();
      go_left();
    }
  }
  return rounds;
}

Rounds product_broadcast(const Product& p, std::uint64_t root,
                         const std::vector<std::uint32_t>& dims,
                         const std::vector<std::uint32_t>& informed) {
  Rounds rounds;
  std::vector<std::uint32_t> spread(informed);  // dimensions along which the message is spread
  // The informed nodes: root with every combination of coordinates in `spread`.
  auto for_each_informed = [&](auto&& fn) {
    std::vector<std::uint32_t> c(spread.size(), 0);
    std::uint64_t base = root;
    for (auto d : spread) base -= static_cast<std::uint64_t>(p.coord(root, d)) * p.stride(d);
    while (true) {
      std::uint64_t id = base;
      for (std::size_t i = 0; i < spread.size(); ++i) id += c[i] * p.stride(spread[i]);
      fn(id);
      std::size_t i = 0;
      for (; i < spread.size(); ++i) {
        if (++c[i] < p.factors()[spread[i]].size) break;
        c[i] = 0;
      }
      if (i == spread.size()) break;
    }
  };
  for (std::uint32_t d : dims) {
    if (std::find(spread.begin(), spread.end(), d) != spread.end()) continue;
    const auto fr = factor_broadcast(p.factors()[d], p.coord(root, d));
    const std::uint64_t st = p.stride(d);
    const std::uint32_t rc = p.coord(root, d);
    for (const auto& round : fr) {
      rounds.emplace_back();
      auto& out = rounds.back();
      for_each_informed([&](std::uint64_t w) {
        const std::uint64_t line = w - rc * st;  // w with coordinate d at 0
        for (const auto& [a, b] : round)
          out.push_back({static_cast<std::uint32_t>(line + a * st),
                         static_cast<std::uint32_t>(line + b * st)});
      });
    }
    spread.push_back(d);
  }
  return rounds;
}

Rounds product_broadcast(const Product& p, std::uint64_t root) {
  std::vector<std::uint32_t> dims;
  for (std::uint32_t d = 0; d < p.dims(); ++d) dims.push_back(d);
  return product_broadcast(p, root, dims, {});
}

}  // namespace netsched
