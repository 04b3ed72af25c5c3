#include "verify/blocks.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <mutex>
#include <numeric>

#include "core/errors.hpp"
#include "core/parallel.hpp"
#include "verify/block_walk.hpp"
#include "verify/port_rules.hpp"

namespace netsched {
bool blocks_apply(const Schedule& s) {
  return s.collective.kind() == Collective::Kind::TotalExchange &&
         std::all_of(s.payloads.begin(), s.payloads.end(),
                     [](const Payload& p) { return p.select.has_value(); });
}

LinkScan scan_links_and_ports(const Network& t, const Schedule& s) {
  LinkScan scan;
  scan.last_step = s.steps.empty() ? 0 : s.steps.size() - 1;
  scan.last_transfer = s.steps.empty() ? 0 : s.steps.back().transfers.size();
  PortRules ports(t, s);
  for (std::size_t si = 0; si < s.steps.size() && !scan.first; ++si) {
    ports.start_step();
    const auto& tr = s.steps[si].transfers;
    for (std::size_t ti = 0; ti < tr.size() && !scan.first; ++ti) {
      if (auto v = ports.edge(si, ti, tr[ti]))
        scan.first = std::move(v);
      else if (auto w = ports.ports(si, ti, tr[ti]))
        scan.first = std::move(w);
      if (scan.first) scan.last_step = si, scan.last_transfer = ti;
    }
  }
  return scan;
}

CheckResult blocks_verdict(const Schedule& s, const Plan& plan, const LinkScan& scan,
                           const std::vector<std::uint64_t>& counts,
                           const std::optional<std::pair<std::uint32_t, std::uint32_t>>& missing,
                           Engine engine) {
  CheckResult r;
  r.engine = engine;
  r.steps = s.steps.size();
  r.transfers = s.num_transfers();
  auto fail = [&](Violation v) {
    r.verdict = Verdict::violated(std::move(v));
    return r;
  };
  std::uint64_t largest = 0;
  for (std::size_t g = 0, start = 0; g < counts.size(); ++g) {
    if (g > 0 && plan.step[g] != plan.step[g - 1]) start = g;
    const std::size_t si = plan.step[g], ti = g - start;
    // an edge violation precedes the payload rules of its own transfer; a port violation does not
    const bool before_first = !scan.first || si < scan.last_step || ti < scan.last_transfer ||
                              scan.first->rule != Rule::Edge;
    if (counts[g] == 0 && before_first)
      return fail({Rule::EmptyPayload, si, ti, NodeId(plan.from[g]), std::nullopt,
                   step_transfer(si, ti) + "the selector picks no chunk the sender holds"});
    largest = std::max(largest, counts[g]);
    if (g + 1 == counts.size() || plan.step[g + 1] != si) {
      r.payload_sum += largest;
      largest = 0;
    }
  }
  if (scan.first) return fail(*scan.first);
  if (missing) {
    const auto [o, d] = *missing;
    const std::uint64_t ch = static_cast<std::uint64_t>(o) * plan.n + d;
    return fail(delivery_violation(ch, NodeId(d)));
  }
  r.verdict = Verdict::holds();
  return r;
}

BlockShare walk_origins(const Plan& plan, const std::vector<std::uint32_t>& origins,
                        std::uint32_t part, std::uint32_t parts, unsigned threads,
                        const Progress& progress) {
  std::atomic<std::uint64_t> done{0};
  std::mutex mu;
  BlockShare share;
  share.counts.assign(plan.step.size(), 0);
  const std::uint64_t groups = (origins.size() + 63) / 64;
  const std::uint64_t mine = groups / parts + (part < groups % parts ? 1 : 0);
  const std::uint64_t total = std::min<std::uint64_t>(origins.size(), mine * 64);
  struct Scratch {
    Walker w;
    std::optional<std::pair<std::uint32_t, std::uint32_t>> mine;  // (origin, destination)
  };
  auto group = [&](Scratch& scratch, std::uint64_t i) {
    const std::uint64_t g = part + i * parts;  // groups dealt round-robin
    const auto b = origins.begin() + static_cast<std::ptrdiff_t>(64 * g);
    const std::vector<std::uint32_t> some(
        b, b + static_cast<std::ptrdiff_t>(std::min<std::uint64_t>(64, origins.size() - 64 * g)));
    if (auto m = scratch.w.run(some); m && (!scratch.mine || *m < *scratch.mine)) scratch.mine = m;
    done += some.size();
    if (progress) progress(std::min(total, done.load()), total);
  };
  auto merge = [&](Scratch& scratch) {
    std::lock_guard<std::mutex> lock(mu);
    for (std::size_t g = 0; g < share.counts.size(); ++g) share.counts[g] += scratch.w.counts[g];
    if (scratch.mine && (!share.missing || *scratch.mine < *share.missing))
      share.missing = scratch.mine;
  };
  parallel_items(
      mine, threads,
      [&] {
        return Scratch{Walker(plan), std::nullopt};
      },
      group, merge);
  return share;
}

BlockShare walk_block_share(const Plan& plan, std::uint32_t part, std::uint32_t parts,
                            unsigned threads, const Progress& progress) {
  std::vector<std::uint32_t> all(plan.n);
  std::iota(all.begin(), all.end(), 0U);
  return walk_origins(plan, all, part, parts, threads, progress);
}

CheckResult simulate_blocks(const Network& t, const Schedule& s, unsigned threads,
                            const Progress& progress) {
  if (!blocks_apply(s))
    throw InputError("the block checker handles total exchanges of selector payloads only");
  // Links and ports do not depend on what is carried: find their first violation first; the
  // walk then covers the transfers up to it (an empty payload before it comes first).
  const LinkScan scan = scan_links_and_ports(t, s);
  const Plan plan = make_plan(s, scan.last_step, scan.last_transfer);
  const BlockShare all = walk_block_share(plan, 0, 1, threads, progress);
  return blocks_verdict(s, plan, scan, all.counts, all.missing, Engine::Blocks);
}

}  // namespace netsched
