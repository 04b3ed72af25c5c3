// A repair that restarts at the fault (analysis/restart_repair.hpp).
#include "analysis/restart_repair.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <list>
#include <set>

#include "analysis/optimum.hpp"
#include "analysis/retime.hpp"
#include "core/metrics.hpp"
#include "gen/broadcast/broadcast.hpp"
#include "gen/exchange/total_exchange.hpp"

namespace netsched {
namespace {

using Kind = Collective::Kind;

/// Who holds which of the survivors' chunks, and the transfers so far (as jobs that wait for
/// the jobs that brought their chunks, for re-timing).
struct Restart {
  explicit Restart(const Collective& c) : list(c) {}
  std::uint64_t chunks = 0;
  std::vector<char> held;  // [v * chunks + c]
  JobList list;
  std::vector<std::vector<std::uint32_t>> steps;
  std::uint64_t kept = 0, left_out = 0;

  bool holds(std::uint32_t v, std::uint64_t c) const { return held[v * chunks + c] != 0; }
  void add_step() { steps.emplace_back(); }
  void add(std::uint32_t from, std::uint32_t to, std::vector<std::uint64_t> carried) {
    steps.back().push_back(static_cast<std::uint32_t>(list.jobs().size()));
    list.keep(steps.size() - 1, from, to, std::move(carried));
  }
};

/// Nothing sent yet: each survivor's chunks at their origin.
Restart nothing_sent(const Collective& c, const FaultyNetwork& f) {
  Restart r(c);
  r.chunks = c.num_chunks();
  r.held.assign(f.num_nodes() * r.chunks, 0);
  for (std::uint64_t x = 0; x < r.chunks; ++x)
    if (!c.is_void(x)) r.held[c.origin(x).v * r.chunks + x] = 1;
  return r;
}

/// Healthy step k on f: each transfer keeps the chunks its sender holds and its receiver does
/// not; one over a failed link or node, or left with none, is left out.
void add_healthy_step(Restart& r, const Schedule& s, const StepTrace& trace, const FaultyNetwork& f,
                      const SurvivorChunk& chunk_of, std::uint64_t k) {
  r.add_step();
  std::vector<std::pair<std::uint32_t, std::uint64_t>> arriving;
  for (std::size_t i = 0; i < s.steps[k].transfers.size(); ++i) {
    const Transfer& x = s.steps[k].transfers[i];
    const auto a = f.from_base(x.from), b = f.from_base(x.to);
    std::vector<std::uint64_t> carried;
    if (a && b && !f.link_failed(x.from, x.to))
      for (const std::uint64_t healthy_chunk : trace.chunks[k][i])
        if (const auto y = chunk_of(healthy_chunk); y && r.holds(a->v, *y) && !r.holds(b->v, *y))
          carried.push_back(*y);
    if (carried.empty()) {
      ++r.left_out;
      continue;
    }
    for (const std::uint64_t y : carried) arriving.emplace_back(b->v, y);
    r.add(a->v, b->v, std::move(carried));
    ++r.kept;
  }
  for (const auto& [v, y] : arriving) r.held[v * r.chunks + y] = 1;
  if (r.steps.back().empty()) r.steps.pop_back();
}

/// The greedy broadcast from every holder of the message (chunk 0).
void finish_broadcast(Restart& r, const FaultyNetwork& f) {
  std::vector<std::uint32_t> holders;
  for (std::uint32_t v = 0; v < f.num_nodes(); ++v)
    if (r.holds(v, 0)) holders.push_back(v);
  for (const auto& round : greedy_broadcast_from(f, holders)) {
    r.add_step();
    for (const auto& [from, to] : round) r.add(from, to, {0});
  }
}

/// The greedy exchange of every message not at its destination, from its holder nearest to it
/// (dist[y][v]: d(v, y) on f).
void finish_exchange(Restart& r, const FaultyNetwork& f,
                     const std::vector<std::vector<std::uint32_t>>& dist) {
  const auto n = static_cast<std::uint32_t>(f.num_nodes());
  std::vector<HeldMessage> messages;
  for (std::uint32_t x = 0; x < n; ++x)
    for (std::uint32_t y = 0; y < n; ++y) {
      const std::uint64_t chunk = std::uint64_t{x} * n + y;
      if (x == y || r.holds(y, chunk)) continue;
      std::uint32_t at = x;
      for (std::uint32_t v = 0; v < n; ++v)
        if (r.holds(v, chunk) && dist[y][v] < dist[y][at]) at = v;
      messages.push_back({at, x, y});
    }
  for (const auto& step : greedy_unit_exchange_from(f, messages)) {
    r.add_step();
    for (const FactorHop& h : step) r.add(h.from, h.to, {std::uint64_t{h.orig} * n + h.dest});
  }
}

/// The steps the healthy schedule could restart after: its first step with a transfer that
/// touches a failure, and every step (at most kRestartPoints of them, evenly spaced); at least
/// one step.
std::set<std::uint64_t> restart_points(const Schedule& s, const FaultyNetwork& f) {
  const std::uint64_t total = s.steps.size();
  std::set<std::uint64_t> out;
  for (std::uint64_t k = 0; k < total && out.empty(); ++k)
    for (const Transfer& x : s.steps[k].transfers)
      if (f.link_failed(x.from, x.to)) {
        out.insert(std::max<std::uint64_t>(k, 1));
        break;
      }
  const std::uint64_t points = std::min(total, kRestartPoints);
  for (std::uint64_t i = 1; i <= points; ++i)
    out.insert(std::max<std::uint64_t>(total * i / points, 1));
  return out;
}

}  // namespace

Schedule on_survivors(Schedule healthy, const FaultyNetwork& f, const Collective& survivors) {
  healthy.collective = survivors;
  healthy.topology = f.spec();
  healthy.digits = f.id_digits();
  return healthy;
}

std::string RestartedRepair::text() const {
  return fmt::format(
      "restarting after {} healthy step{} ({} transfer{} kept, {} left out), then {}: {} steps",
      prefix, prefix == 1 ? "" : "s", kept, kept == 1 ? "" : "s", left_out, finish,
      schedule.steps.size());
}

std::optional<RestartedRepair> restarted_repair(const Schedule& healthy, const StepTrace& trace,
                                                const FaultyNetwork& f, const Collective& survivors,
                                                const SurvivorChunk& chunk_of,
                                                std::uint64_t steps_to_beat) {
  const bool broadcast = survivors.kind() == Kind::Broadcast && survivors.pieces() == 1;
  const bool exchange =
      survivors.kind() == Kind::TotalExchange && f.num_nodes() <= kGreedyExchangeMaxNodes;
  if ((!broadcast && !exchange) || !unit_one_port(healthy) || healthy.steps.empty())
    return std::nullopt;
  std::vector<std::vector<std::uint32_t>> dist;
  if (exchange) dist = connected_distances(Csr(f, 1), "the survivors", f.spec());
  // every restart point as the generic algorithm leaves it, the healthy steps walked once; the
  // shortest few again, re-timed, where the finish's transfers may move into ports the healthy
  // steps left free
  struct Tried {
    std::uint64_t steps, prefix;
    Restart restart;
  };
  std::list<Tried> shortest;  // by (steps, prefix), at most kRestartsRetimed (Restart has no =)
  Restart walked = nothing_sent(survivors, f);
  std::uint64_t done = 0;
  for (const std::uint64_t prefix : restart_points(healthy, f)) {
    for (; done < prefix; ++done) add_healthy_step(walked, healthy, trace, f, chunk_of, done);
    if (walked.kept == 0) continue;  // that is regenerating
    Restart r = walked;
    if (broadcast)
      finish_broadcast(r, f);
    else
      finish_exchange(r, f, dist);
    const auto at = std::find_if(shortest.begin(), shortest.end(), [&](const Tried& t) {
      return std::pair{t.steps, t.prefix} > std::pair{std::uint64_t{r.steps.size()}, prefix};
    });
    const std::uint64_t steps = r.steps.size();
    shortest.insert(at, Tried{steps, prefix, std::move(r)});
    if (shortest.size() > kRestartsRetimed) shortest.pop_back();
  }
  std::optional<RestartedRepair> best;
  for (auto& [steps_found, prefix, r] : shortest) {
    auto steps = shortest_placement(r.list.jobs(), f, PortModel::OnePort, 1, 0);
    if (steps_found < steps.size()) steps = std::move(r.steps);
    if (steps.size() >= (best ? best->schedule.steps.size() : steps_to_beat)) continue;
    best = RestartedRepair{
        with_placed_jobs(on_survivors(healthy, f, survivors), r.list.jobs(), steps), prefix, r.kept,
        r.left_out, broadcast ? "the greedy broadcast" : "the greedy exchange"};
  }
  return best;
}

}  // namespace netsched
