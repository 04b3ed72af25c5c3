#include "verify/simulator.hpp"

#include <algorithm>

#include "verify/blocks.hpp"
#include "verify/port_rules.hpp"
#include "verify/registers.hpp"

namespace netsched {
namespace {

/// Which node holds which chunk: a dense bitset of N x C bits, and, when the schedule selects
/// by acquisition time, the latest time each node obtained each chunk (0 = held from the start
/// and never received since, s+1 = last received in step s).
class Holdings {
 public:
  Holdings(std::uint64_t nodes, std::uint64_t chunks, bool timed, std::uint64_t steps)
      : chunks_(chunks) {
    const unsigned __int128 pairs = static_cast<unsigned __int128>(nodes) * chunks;
    if (pairs > (static_cast<unsigned __int128>(1) << 34))
      throw std::invalid_argument(
          "schedule has " + std::to_string(chunks) + " chunks on " + std::to_string(nodes) +
          " nodes: too large for the dense simulator (limit 2^34 node-chunk pairs)");
    if (timed && (pairs > (static_cast<unsigned __int128>(1) << 30) || steps >= 0xffff))
      throw std::invalid_argument(
          "acquisition-time selectors on " + std::to_string(nodes) + " nodes, " +
          std::to_string(chunks) + " chunks and " + std::to_string(steps) +
          " steps: too large for the dense simulator (limits 2^30 node-chunk pairs, 65534 steps)");
    bits_.assign(static_cast<std::size_t>((pairs + 63) / 64), 0);
    if (timed) time_.assign(static_cast<std::size_t>(pairs), 0);
  }
  bool has(std::uint32_t node, std::uint64_t chunk) const {
    const std::uint64_t i = node * chunks_ + chunk;
    return bits_[i >> 6] >> (i & 63) & 1;
  }
  /// Records that `node` obtains `chunk` at `time` (again, possibly).
  void add(std::uint32_t node, std::uint64_t chunk, std::uint32_t time) {
    const std::uint64_t i = node * chunks_ + chunk;
    bits_[i >> 6] |= 1ull << (i & 63);
    if (!time_.empty()) time_[i] = static_cast<std::uint16_t>(time);
  }
  std::uint32_t acquired(std::uint32_t node, std::uint64_t chunk) const {
    return time_[node * chunks_ + chunk];
  }

 private:
  std::uint64_t chunks_;
  std::vector<std::uint64_t> bits_;
  std::vector<std::uint16_t> time_;
};

}  // namespace

std::ostream& operator<<(std::ostream& os, const CheckResult& r) {
  if (r.ok()) return os << "holds (" << r.steps << " steps, payload sum " << r.payload_sum << ")";
  return os << r.verdict;
}

std::string to_string(Engine e) {
  switch (e) {
    case Engine::Auto:
      return "auto";
    case Engine::Dense:
      return "dense";
    case Engine::Blocks:
      return "blocks";
    case Engine::Registers:
      return "registers";
  }
  return "?";
}

std::optional<Engine> engine_from_name(const std::string& name) {
  for (Engine e : kEngines)
    if (name == to_string(e)) return e;
  return std::nullopt;
}

CheckResult simulate(const Network& t, const Schedule& s, Engine engine,
                     const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  const std::uint64_t n = t.num_nodes();
  const Collective& c = s.collective;
  if (c.nodes() != n)
    throw std::invalid_argument("schedule is for " + std::to_string(c.nodes()) + " nodes, but " +
                                t.spec() + " has " + std::to_string(n));
  for (NodeId x : {c.root(), c.target()})
    if (x.v >= n)
      throw std::invalid_argument("collective names node " + std::to_string(x.v) +
                                  ", out of range");
  if (s.model == PortModel::SingleDimension && t.dimension_count() == 0)
    throw std::invalid_argument("the single-dimension model needs link dimensions, which " +
                                t.family() + " does not define");
  for (const auto& g : c.groups())
    for (NodeId v : g)
      if (v.v >= n)
        throw std::invalid_argument("collective group names node " + std::to_string(v.v) +
                                    ", out of range");
  if (c.combining()) return simulate_registers(t, s);
  for (std::size_t i = 0; i < s.payloads.size(); ++i)
    if (!s.payloads[i].moves.empty())
      throw std::invalid_argument("payload " + std::to_string(i) + " moves registers, but a " +
                                  c.name() + " moves chunks");
  for (std::size_t i = 0; i < s.steps.size(); ++i)
    if (!s.steps[i].compute.empty())
      throw std::invalid_argument("step " + std::to_string(i) + " computes on registers, but a " +
                                  c.name() + " moves chunks");
  const std::uint64_t chunks = c.num_chunks();
  for (std::size_t i = 0; i < s.payloads.size(); ++i)
    for (auto ch : s.payloads[i].chunks)
      if (ch >= chunks)
        throw std::invalid_argument("payload " + std::to_string(i) + " names chunk " +
                                    std::to_string(ch) + ", but the " + c.name() +
                                    " has chunks 0.." + std::to_string(chunks - 1));
  const Digits digits = schedule_digits(s);
  const bool large =
      static_cast<unsigned __int128>(n) * chunks > (static_cast<unsigned __int128>(1) << 26);
  if (engine == Engine::Blocks || (engine == Engine::Auto && large && blocks_apply(s))) {
    if (!blocks_apply(s))
      throw std::invalid_argument(
          "the block checker handles total exchanges whose payloads are all selectors; this is a " +
          c.name() +
          (c.kind() == Collective::Kind::TotalExchange ? " with explicit chunk lists" : ""));
    return simulate_blocks(t, s, 0, progress);
  }
  CheckResult r;
  r.engine = Engine::Dense;
  r.steps = s.steps.size();
  r.transfers = s.num_transfers();
  const bool timed = std::any_of(s.payloads.begin(), s.payloads.end(), [](const Payload& p) {
    return p.select && !p.select->acquired_in.empty();
  });
  Holdings held(n, chunks, timed, s.steps.size());
  for (std::uint64_t ch = 0; ch < chunks; ++ch)
    if (!c.is_void(ch)) held.add(c.origin(ch).v, ch, 0);
  PortRules ports(t, s.model);
  // The chunks a transfer carries: its explicit list, or what its selector picks from the
  // sender's holdings at the start of the step.
  std::vector<std::vector<std::uint64_t>> carried;
  auto resolve = [&](const Transfer& x, std::vector<std::uint64_t>& out) {
    const Payload& p = s.payloads[x.payload];
    if (!p.select) {
      out = p.chunks;
      return;
    }
    out.clear();
    auto fresh = [&](std::uint64_t ch) {
      // times are kept only for timed schedules
      return p.select->acquired_in.empty() ||
             in_ranges(p.select->acquired_in, held.acquired(x.from.v, ch));
    };
    const bool by_dest = !p.select->dest_in.empty() || !p.select->dest_boxes.empty();
    if (c.kind() == Collective::Kind::TotalExchange && by_dest) {
      // chunk o*N + d: walk the selected destinations only
      auto take = [&](std::uint64_t d) {
        if (d >= n || !p.select->admits_destination(digits, static_cast<std::uint32_t>(d))) return;
        for (std::uint64_t o = 0; o < n; ++o) {
          const std::uint64_t ch = o * n + d;
          if (held.has(x.from.v, ch) &&
              in_ranges(p.select->origin_in, static_cast<std::uint32_t>(o)) && fresh(ch))
            out.push_back(ch);
        }
      };
      if (!p.select->dest_in.empty()) {
        for (const IdRange& r : p.select->dest_in)
          for (std::uint64_t d = r.lo; d <= r.hi && d < n; ++d) take(d);
      } else {
        for (const DigitBox& b : p.select->dest_boxes) for_each_id(digits, b, take);
      }
      std::sort(out.begin(), out.end());
      out.erase(std::unique(out.begin(), out.end()), out.end());
      return;
    }
    for (std::uint64_t ch = 0; ch < chunks; ++ch) {
      if (!held.has(x.from.v, ch) || !in_ranges(p.select->origin_in, c.origin(ch).v) || !fresh(ch))
        continue;
      if (by_dest) {
        const auto d = c.single_destination(ch);
        if (!d || !p.select->admits_destination(digits, d->v)) continue;
      }
      out.push_back(ch);
    }
  };
  auto fail = [&](Violation v) {
    r.verdict = Verdict::violated(std::move(v));
    return r;
  };
  for (std::uint64_t si = 0; si < s.steps.size(); ++si) {
    const auto& tr = s.steps[si].transfers;
    carried.resize(std::max(carried.size(), tr.size()));
    std::uint64_t largest = 0;
    ports.start_step();
    for (std::uint64_t ti = 0; ti < tr.size(); ++ti) {
      const Transfer& x = tr[ti];
      if (auto v = ports.edge(si, ti, x)) return fail(std::move(*v));
      auto& chunks_here = carried[ti];
      resolve(x, chunks_here);
      largest = std::max<std::uint64_t>(largest, chunks_here.size());
      if (chunks_here.empty())
        return fail({Rule::EmptyPayload, si, ti, x.from, std::nullopt,
                     step_transfer(si, ti) + (s.payloads[x.payload].select
                                                  ? "the selector picks no chunk the sender holds"
                                                  : "the transfer carries no chunk")});
      for (auto ch : chunks_here)
        if (!held.has(x.from.v, ch))
          return fail({Rule::Causality, si, ti, x.from, ch,
                       step_transfer(si, ti) + "node " + std::to_string(x.from.v) +
                           " sends chunk " + std::to_string(ch) + " it does not hold"});
      if (auto v = ports.ports(si, ti, x)) return fail(std::move(*v));
    }
    // Receipts take effect at the end of the step (causality reads the start of the step).
    for (std::uint64_t ti = 0; ti < tr.size(); ++ti)
      for (auto ch : carried[ti]) held.add(tr[ti].to.v, ch, static_cast<std::uint32_t>(si + 1));
    r.payload_sum += largest;
  }
  for (std::uint64_t ch = 0; ch < chunks; ++ch) {
    if (auto d = c.single_destination(ch)) {
      if (!held.has(d->v, ch)) return fail(delivery_violation(ch, *d));
      continue;
    }
    if (c.kind() == Collective::Kind::Multicast) {
      for (NodeId v : c.groups()[ch])
        if (!held.has(v.v, ch)) return fail(delivery_violation(ch, v));
      continue;
    }
    for (std::uint32_t v = 0; v < n; ++v)
      if (c.is_destination(ch, NodeId(v)) && !held.has(v, ch))
        return fail(delivery_violation(ch, NodeId(v)));
  }
  r.verdict = Verdict::holds();
  return r;
}

}  // namespace netsched
