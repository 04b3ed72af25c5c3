// MPICH's recursive-doubling scan (MPIR_Scan_intra_recursive_doubling) on a switched network:
// in round k rank r and rank r XOR 2^k exchange their partial sums, each message carried through
// switches (gen/plan/register_embedding.hpp); the lower rank's adds to the higher's prefix.
#include "gen/plan/register_embedding.hpp"
#include "gen/prefix/prefix.hpp"

namespace netsched {
namespace {

constexpr std::uint16_t kInput = 0, kPrefix = 1, kPartial = 2, kSent = 3;

/// Round k's exchanges: every rank sets aside its partial sum (both of a pair read the values
/// the round began with), then sends it to its partner.
void exchange_round(RegisterPlan& p, std::uint32_t n, std::uint32_t mask) {
  auto& round = p.rounds.emplace_back();
  for (std::uint32_t r = 0; r < n; ++r)
    if ((r ^ mask) < n) round.compute.push_back({r, kSent, kPartial, kPartial, RegOp::Set});
  for (std::uint32_t r = 0; r < n; ++r) {
    const std::uint32_t partner = r ^ mask;
    if (partner >= n) continue;
    std::vector<Move> moves{{kSent, kPartial, RegOp::Combine}};
    if (r < partner) moves.push_back({kSent, kPrefix, RegOp::Combine});
    round.sends.push_back({r, partner, std::move(moves)});
  }
}

}  // namespace

std::vector<std::pair<std::uint32_t, std::uint32_t>> recursive_doubling_pairs(std::uint64_t n) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
  for (std::uint64_t mask = 1; mask < n; mask <<= 1)
    for (std::uint64_t r = 0; r < n; ++r)
      if ((r ^ mask) < n)
        pairs.emplace_back(static_cast<std::uint32_t>(r), static_cast<std::uint32_t>(r ^ mask));
  return pairs;
}

bool switched_scan_applies(const Network& t) {
  return t.num_endpoints() >= 2 && t.num_nodes() <= kReduceScatterMaxNodes &&
         switch_paths_exist(t, recursive_doubling_pairs(t.num_endpoints()));
}

Schedule switched_recursive_doubling_prefix(const Network& t) {
  check_nodes(t, "mpi-recursive-doubling prefix", kReduceScatterMaxNodes, "kReduceScatterMaxNodes");
  const auto n = static_cast<std::uint32_t>(t.num_endpoints());
  RegisterPlan p{Collective::prefix(n), {"x", "prefix", "partial", "sent"}, {}};
  auto& start = p.rounds.emplace_back();
  for (std::uint32_t r = 0; r < n; ++r) {
    start.compute.push_back({r, kPrefix, kInput, kInput, RegOp::Set});
    start.compute.push_back({r, kPartial, kInput, kInput, RegOp::Set});
  }
  for (std::uint32_t mask = 1; mask < n; mask <<= 1) exchange_round(p, n, mask);
  return embed_register_plan(t, p, "mpi-recursive-doubling");
}

}  // namespace netsched
