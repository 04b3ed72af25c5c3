#include <algorithm>
#include <map>

#include "gen/exchange/packed.hpp"
#include "gen/topo/product.hpp"

namespace netsched {

void normalize(std::vector<IdRange>& r) {
  std::sort(r.begin(), r.end(), [](const IdRange& a, const IdRange& b) { return a.lo < b.lo; });
  std::vector<IdRange> out;
  for (const auto& x : r) {
    if (!out.empty() && static_cast<std::uint64_t>(out.back().hi) + 1 >= x.lo)
      out.back().hi = std::max(out.back().hi, x.hi);
    else
      out.push_back(x);
  }
  r = std::move(out);
}

void add_selector_transfer(Schedule& s, std::size_t step, std::uint32_t from, std::uint32_t to,
                           Selector sel) {
  if (s.steps.size() <= step) s.steps.resize(step + 1);
  Payload p;
  p.select = std::move(sel);
  // Consecutive transfers often share a payload; look back a little before adding one.
  std::uint32_t index = static_cast<std::uint32_t>(s.payloads.size());
  for (std::size_t i = s.payloads.size(), seen = 0; i-- > 0 && seen < 8; ++seen)
    if (s.payloads[i] == p) {
      index = static_cast<std::uint32_t>(i);
      break;
    }
  if (index == s.payloads.size()) s.payloads.push_back(std::move(p));
  s.steps[step].transfers.push_back({NodeId(from), NodeId(to), index});
}

std::size_t packed_exchange_steps(const Product& p) {
  std::size_t steps = 0;
  for (const auto& f : p.factors())
    if (f.size > 1) steps += f.kind == Factor::Kind::Path ? 2 * (f.size - 1) : f.size - 1;
  return steps;
}

Digits product_digits(const Product& p) {
  std::vector<std::uint32_t> radix;
  for (const Factor& f : p.factors()) radix.push_back(f.size);
  return Digits(std::move(radix));
}

std::size_t packed_product_exchange(const Product& p,
                                    const std::function<std::uint32_t(std::uint64_t)>& embed,
                                    const DigitMap& owners, const Holds& holds,
                                    const std::vector<TimeRange>& window, Schedule& s,
                                    std::size_t first) {
  const std::uint64_t n0 = p.num_nodes();
  const Digits& local = owners.from();
  std::vector<std::vector<char>> cur(n0,
                                     std::vector<char>(n0, 0));  // blocks held and not passed on
  for (std::uint64_t b = 0; b < n0; ++b)
    for (std::uint64_t w = 0; w < n0; ++w) cur[b][w] = holds(b, w);
  std::size_t step = first;
  // b sends `to` the owners it holds that agree with it below d and have a coordinate in
  // `values` in d; the selector is the box of those owners' destinations.
  auto send = [&](std::uint64_t b, std::uint64_t to, std::uint32_t d,
                  const std::vector<std::uint32_t>& values, const std::vector<char>& from,
                  const std::vector<TimeRange>& when, std::vector<std::vector<char>>& next) {
    std::vector<char> want(p.factors()[d].size, 0);
    for (auto v : values) want[v] = 1;
    bool any = false;
    for (std::uint64_t w = 0; w < n0; ++w) {
      if (!from[w] || !want[p.coord(w, d)]) continue;
      bool agree = true;
      for (std::uint32_t e = 0; agree && e < d; ++e) agree = p.coord(w, e) == p.coord(b, e);
      if (!agree) continue;
      any = true;
      cur[b][w] = 0;
      next[to][w] = 1;
    }
    if (!any) return;
    DigitBox box = full_box(local);
    for (std::uint32_t e = 0; e < d; ++e) set_digit(local, box, e, {p.coord(b, e)});
    set_digit(local, box, d, values);
    add_selector_transfer(s, step, embed(b), embed(to),
                          Selector{{}, {}, when, {owners.apply(box)}});
  };
  for (std::uint32_t d = 0; d < p.dims(); ++d) {
    const Factor& f = p.factors()[d];
    const std::uint32_t m = f.size;
    if (m <= 1) continue;
    std::vector<TimeRange> before = window;  // the caller's window and the earlier dimensions
    if (step > first)
      before.push_back({static_cast<std::uint32_t>(first + 1), static_cast<std::uint32_t>(step)});
    const std::uint64_t st = p.stride(d);
    auto at = [&](std::uint64_t b, std::int64_t c) {  // b with coordinate d set to c (mod m)
      const auto cc = static_cast<std::uint64_t>(((c % m) + m) % m);
      return b - p.coord(b, d) * st + cc * st;
    };
    const bool direct =
        f.kind == Factor::Kind::Complete || (f.kind == Factor::Kind::Ring && m <= 3);
    if (direct) {
      for (std::uint32_t t = 1; t < m; ++t, ++step) {
        auto next = std::vector<std::vector<char>>(n0, std::vector<char>(n0, 0));
        for (std::uint64_t b = 0; b < n0; ++b) {
          const std::uint32_t target = (p.coord(b, d) + t) % m;
          send(b, at(b, target), d, {target}, cur[b], before, next);
        }
        for (std::uint64_t b = 0; b < n0; ++b)
          for (std::uint64_t w = 0; w < n0; ++w) cur[b][w] |= next[b][w];
      }
      continue;
    }
    const bool ring = f.kind == Factor::Kind::Ring;
    for (const std::int64_t dir : {std::int64_t{1}, std::int64_t{-1}}) {
      const std::int64_t reach = ring ? (dir > 0 ? m / 2 : (m - 1) / 2) : m - 1;
      std::vector<std::vector<char>> fresh;  // what arrived in the step before
      for (std::int64_t t = 1; t <= reach; ++t, ++step) {
        auto next = std::vector<std::vector<char>>(n0, std::vector<char>(n0, 0));
        const std::vector<TimeRange> when =
            t == 1 ? before
                   : std::vector<TimeRange>{
                         {static_cast<std::uint32_t>(step), static_cast<std::uint32_t>(step)}};
        for (std::uint64_t b = 0; b < n0; ++b) {
          const std::int64_t c = p.coord(b, d);
          if (!ring && (c + dir < 0 || c + dir >= m)) continue;
          // owners ahead of b in this direction, within the pipeline's remaining reach
          std::vector<std::uint32_t> ahead;
          for (std::uint32_t x = 0; x < m; ++x) {
            std::int64_t k =
                dir > 0 ? static_cast<std::int64_t>(x) - c : c - static_cast<std::int64_t>(x);
            if (ring) k = ((k % m) + m) % m;
            if (k >= 1 && k <= reach - t + 1) ahead.push_back(x);
          }
          send(b, at(b, c + dir), d, ahead, t == 1 ? cur[b] : fresh[b], when, next);
        }
        for (std::uint64_t b = 0; b < n0; ++b)
          for (std::uint64_t w = 0; w < n0; ++w) cur[b][w] |= next[b][w];
        fresh = std::move(next);
      }
    }
  }
  // Copies of different owners take the same number of steps: pad to the full length.
  const std::size_t steps = packed_exchange_steps(p);
  if (s.steps.size() < first + steps) s.steps.resize(first + steps);
  return steps;
}

}  // namespace netsched
