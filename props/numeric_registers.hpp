#pragma once
// The second checker of register schedules in the properties: the schedule run by the numeric
// interpreter (verify/registers.hpp) on random inputs drawn by rapidcheck, its results compared
// with the sums computed directly.
#include <rapidcheck.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/schedule.hpp"
#include "verify/registers.hpp"

namespace netsched::props {

/// Runs a register schedule (all-reduce, reduce, reduce-scatter, prefix) on random numbers and
/// compares the results with the sums computed directly.
inline bool numeric_result_right(const Schedule& s) {
  const Collective& c = s.collective;
  const std::uint64_t n = c.nodes();
  const bool blocks = c.kind() == Collective::Kind::ReduceScatter;
  // a vector all-reduce, reduce or prefix: piece k of v is in[v*p + k]
  const std::uint64_t p = c.pieces();
  std::vector<std::int64_t> in(blocks ? n * n * p : n * p);
  for (auto& x : in) x = *rc::gen::inRange<std::int64_t>(-1000, 1000);
  const RegisterFile out = evaluate_registers(s, initial_registers(s, in));
  if (blocks) {  // register b = piece b % p of block b / p, which node b / p ends with
    for (std::uint64_t b = 0; b < n * p; ++b) {
      std::int64_t sum = 0;
      for (std::uint64_t v = 0; v < n; ++v) sum += in[v * n * p + b];
      if (out[b / p][b] != sum) return false;
    }
    return true;
  }
  if (c.kind() == Collective::Kind::Prefix) {  // id order, or each group's listed order
    auto groups = c.groups();
    if (groups.empty()) {
      groups.emplace_back();
      for (std::uint32_t v = 0; v < n; ++v) groups.back().push_back(NodeId(v));
    }
    for (const auto& g : groups) {
      std::vector<std::int64_t> so_far(p, 0);
      for (const NodeId v : g)
        for (std::uint64_t k = 0; k < p; ++k)
          if (out[v.v][p + k] != (so_far[k] += in[v.v * p + k])) return false;
    }
    return true;
  }
  std::vector<std::int64_t> sum(p, 0);
  for (std::uint64_t x = 0; x < in.size(); ++x) sum[x % p] += in[x];
  if (c.kind() == Collective::Kind::Reduce) {
    for (std::uint64_t k = 0; k < p; ++k)
      if (out[c.root().v][p + k] != sum[k]) return false;
    return true;
  }
  return std::all_of(out.begin(), out.end(), [&](const auto& r) {
    for (std::uint64_t k = 0; k < p; ++k)
      if (r[p + k] != sum[k]) return false;
    return true;
  });
}

}  // namespace netsched::props
