#include "gen/all_gather/all_gather.hpp"
#include "gen/broadcast/broadcast.hpp"
#include "gen/plan/embedding.hpp"
// Bruck's all-gather and all-to-all (Bruck, Ho, Kipnis, Upfal and Weathersby, "Efficient
// algorithms for all-to-all communications in multiport message-passing systems", 1997): the
// logarithmic algorithms of MPI libraries for small messages, as logical rounds between ranks
// (gen/plan/embedding.hpp carries them on the network).
#include <numeric>

namespace netsched {
namespace {

/// Rounds of a logarithmic algorithm on n ranks: ceil(log2 n).
std::uint32_t log_rounds(std::uint64_t n) {
  std::uint32_t k = 0;
  while ((std::uint64_t{1} << k) < n) ++k;
  return k;
}

}  // namespace

EmbeddedPlan bruck_all_gather_plan(const Network& t) {
  const std::uint64_t n = t.num_endpoints();
  EmbeddedPlan p{Collective::all_gather(n), rank_order(t, "bruck"), {}};
  // after round k-1 rank i holds the blocks of ranks i .. i + 2^k - 1 (mod n)
  for (std::uint32_t k = 0; k < log_rounds(n); ++k) {
    const std::uint64_t step = std::uint64_t{1} << k;
    const std::uint64_t count = std::min(step, n - step);
    auto& round = p.rounds.emplace_back();
    for (std::uint64_t i = 0; i < n; ++i) {
      LogicalSend x{
          static_cast<std::uint32_t>(i), static_cast<std::uint32_t>((i + n - step) % n), {}};
      for (std::uint64_t j = 0; j < count; ++j) x.chunks.push_back(p.order[(i + j) % n]);
      round.push_back(std::move(x));
    }
  }
  return p;
}

EmbeddedPlan bruck_exchange_plan(const Network& t) {
  const std::uint64_t n = t.num_endpoints();
  EmbeddedPlan p{Collective::total_exchange(n), rank_order(t, "bruck"), {}};
  // block (s, d) of offset (d - s) mod n sits at rank at[s * n + d]
  std::vector<std::uint32_t> at(n * n);
  for (std::uint64_t s = 0; s < n; ++s)
    for (std::uint64_t d = 0; d < n; ++d) at[s * n + d] = static_cast<std::uint32_t>(s);
  for (std::uint32_t k = 0; k < log_rounds(n); ++k) {
    const std::uint64_t step = std::uint64_t{1} << k;
    std::vector<LogicalSend> sends(n);
    for (std::uint64_t i = 0; i < n; ++i)
      sends[i] = {static_cast<std::uint32_t>(i), static_cast<std::uint32_t>((i + step) % n), {}};
    for (std::uint64_t s = 0; s < n; ++s)
      for (std::uint64_t d = 0; d < n; ++d) {
        if (!(((d + n - s) % n) & step)) continue;
        auto& x = sends[at[s * n + d]];
        x.chunks.push_back(std::uint64_t{p.order[s]} * n + p.order[d]);
        at[s * n + d] = x.to;
      }
    auto& round = p.rounds.emplace_back();
    for (auto& x : sends)
      if (!x.chunks.empty()) {
        std::sort(x.chunks.begin(), x.chunks.end());
        round.push_back(std::move(x));
      }
  }
  return p;
}

}  // namespace netsched
