// The step-free time of a schedule: each rank runs its steps in order, without a barrier.
#include "analysis/async_cost.hpp"

#include <algorithm>
#include <set>
#include <unordered_map>

#include "core/errors.hpp"
#include "gen/route/route_table.hpp"
#include "verify/simulator.hpp"

namespace netsched {
namespace {

/// The chunks or registers each transfer carries: [step][transfer].
std::optional<std::vector<std::vector<std::uint64_t>>> payload_sizes(const Network& t,
                                                                     const Schedule& s,
                                                                     std::string& why_not) {
  std::vector<std::vector<std::uint64_t>> sizes(s.steps.size());
  if (s.collective.combining()) {
    for (std::size_t k = 0; k < s.steps.size(); ++k)
      for (const Transfer& x : s.steps[k].transfers) {
        std::set<std::uint16_t> sources;
        for (const Move& mv : s.payloads[x.payload].moves) sources.insert(mv.src);
        sizes[k].push_back(sources.size());
      }
    return sizes;
  }
  StepTrace trace;
  try {
    if (!simulate_traced(t, s, trace).ok()) throw std::logic_error("async_time: s does not hold");
  } catch (const InputError& e) {
    why_not = std::string("payload sizes unknown: ") + e.what();
    return std::nullopt;
  }
  for (std::size_t k = 0; k < s.steps.size(); ++k)
    for (const auto& carried : trace.carried[k]) sizes[k].push_back(carried);
  return sizes;
}

/// One routed step: the longest route's latency (its links' latency multiples of t_s) plus the
/// busiest directed link's chunks, over every route that crosses it, at t_w·m over that link's
/// bandwidth multiple.
double routed_step_seconds(const Network& t, const RouteTable& routes, const Step& step,
                           const std::vector<std::uint64_t>& sizes, const CostModel& cost) {
  if (step.transfers.empty()) return cost.ts;  // an empty step: one latency
  const auto speed = [&](std::uint32_t a, std::uint32_t b) {
    return t.weighted() ? t.link_speed(NodeId(a), NodeId(b)) : LinkSpeed{};
  };
  std::unordered_map<std::uint64_t, std::uint64_t> load;  // (from << 32 | to): chunks
  double latency = 0;
  for (std::size_t i = 0; i < step.transfers.size(); ++i) {
    const Transfer& x = step.transfers[i];
    double route_latency = 0;
    std::uint32_t from = x.from.v;
    for (const std::uint32_t hop : routes.route(x.from.v, x.to.v)) {
      route_latency += speed(from, hop).latency;
      load[static_cast<std::uint64_t>(from) << 32 | hop] += sizes[i];
      from = hop;
    }
    latency = std::max(latency, route_latency);
  }
  double busiest = 0;  // in chunks at the default bandwidth
  for (const auto& [link, chunks] : load)
    busiest = std::max(
        busiest, static_cast<double>(chunks) / speed(static_cast<std::uint32_t>(link >> 32),
                                                     static_cast<std::uint32_t>(link))  // low bits
                                                   .bandwidth);
  return cost.ts * latency + cost.tw * cost.m * busiest;
}

/// Why a routed schedule has no step-free time.
constexpr const char* kRoutedStepsOnly =
    "routed transfers share links: only the step-synchronous time is modelled";

/// k ports of a node: the times each becomes free; take the earliest.
struct Ports {
  std::vector<double> free;
  double& earliest() { return *std::min_element(free.begin(), free.end()); }
};

}  // namespace

double transfer_seconds(const Network& t, NodeId u, NodeId v, std::uint64_t size,
                        const CostModel& cost) {
  if (!t.weighted()) return cost.of(1, size);
  const LinkSpeed speed = t.link_speed(u, v);
  return cost.ts * speed.latency + cost.tw * cost.m * static_cast<double>(size) / speed.bandwidth;
}

std::optional<double> synchronous_time(const Network& t, const Schedule& s, const CostModel& cost,
                                       std::string& why_not) {
  const auto sizes = payload_sizes(t, s, why_not);
  if (!sizes) return std::nullopt;
  double total = 0;
  if (!follows_links(s.model)) {
    if (t.num_nodes() > kRoutesMaxNodes) {
      why_not = "routes are computed for at most " +
                limit_text("kRoutesMaxNodes", kRoutesMaxNodes) + " nodes";
      return std::nullopt;
    }
    const RouteTable routes(t);
    for (std::size_t k = 0; k < s.steps.size(); ++k)
      total += routed_step_seconds(t, routes, s.steps[k], (*sizes)[k], cost);
    return total;
  }
  for (std::size_t k = 0; k < s.steps.size(); ++k) {
    double slowest = s.steps[k].transfers.empty() ? cost.ts : 0;  // an empty step: one latency
    for (std::size_t i = 0; i < s.steps[k].transfers.size(); ++i) {
      const Transfer& x = s.steps[k].transfers[i];
      slowest = std::max(slowest, transfer_seconds(t, x.from, x.to, (*sizes)[k][i], cost));
    }
    total += slowest;
  }
  return total;
}

AsyncTime async_time(const Network& t, const Schedule& s, const CostModel& cost) {
  AsyncTime out;
  if (!follows_links(s.model)) {
    out.why_not = kRoutedStepsOnly;
    return out;
  }
  const auto sizes = payload_sizes(t, s, out.why_not);
  if (!sizes) return out;
  const std::uint64_t n = t.num_nodes();
  const auto ports = node_port_limit(s);
  std::vector<double> rank_done(n, 0);  // when each rank finished its last step
  std::vector<Ports> send(n, Ports{std::vector<double>(ports.value_or(1), 0)}), recv = send;
  std::unordered_map<std::uint64_t, double> link_free;
  for (std::size_t k = 0; k < s.steps.size(); ++k) {
    std::vector<double> done = rank_done;
    const auto& transfers = s.steps[k].transfers;
    for (std::size_t i = 0; i < transfers.size(); ++i) {
      const Transfer& x = transfers[i];
      double& link = link_free[static_cast<std::uint64_t>(x.from.v) << 32 | x.to.v];
      double start = std::max({rank_done[x.from.v], rank_done[x.to.v], link});
      double* send_port = nullptr;
      double* recv_port = nullptr;
      if (ports) {
        send_port = &send[x.from.v].earliest();
        recv_port = &recv[x.to.v].earliest();
        start = std::max({start, *send_port, *recv_port});
      }
      const double finish = start + transfer_seconds(t, x.from, x.to, (*sizes)[k][i], cost);
      link = finish;
      if (send_port) *send_port = *recv_port = finish;
      done[x.from.v] = std::max(done[x.from.v], finish);
      done[x.to.v] = std::max(done[x.to.v], finish);
    }
    rank_done = std::move(done);
  }
  out.seconds = rank_done.empty() ? 0 : *std::max_element(rank_done.begin(), rank_done.end());
  return out;
}

AsyncTime dataflow_time(const Network& t, const Schedule& s, const CostModel& cost) {
  AsyncTime out;
  if (s.collective.combining()) {
    out.why_not = "a register schedule runs in steps";
    return out;
  }
  if (!follows_links(s.model)) {
    out.why_not = kRoutedStepsOnly;
    return out;
  }
  StepTrace trace;
  trace.keep_chunks = true;
  try {
    if (!simulate_traced(t, s, trace).ok())
      throw std::logic_error("dataflow_time: s does not hold");
  } catch (const InputError& e) {
    out.why_not = std::string("payload sizes unknown: ") + e.what();
    return out;
  }
  const Collective& c = s.collective;
  const std::uint64_t chunks = c.num_chunks();
  std::unordered_map<std::uint64_t, double> arrived;  // node * chunks + chunk: first arrival
  const auto held_from = [&](NodeId v, std::uint64_t chunk) {
    if (c.origin(chunk) == v) return 0.0;
    return arrived.at(v.v * chunks + chunk);  // the schedule holds: an earlier step brought it
  };
  std::vector<double> received(t.num_nodes(), 0);  // each node's receipts of the steps so far
  std::unordered_map<std::uint64_t, double> link_free;
  double end = 0;
  for (std::size_t k = 0; k < s.steps.size(); ++k) {
    const auto& transfers = s.steps[k].transfers;
    std::vector<double> finish(transfers.size());
    for (std::size_t i = 0; i < transfers.size(); ++i) {
      const Transfer& x = transfers[i];
      const bool selects = s.payloads[x.payload].select.has_value();
      double ready = selects ? received[x.from.v] : 0;
      for (const std::uint64_t chunk : trace.chunks[k][i])
        ready = std::max(ready, held_from(x.from, chunk));
      double& link = link_free[static_cast<std::uint64_t>(x.from.v) << 32 | x.to.v];
      const double size_first = selects ? transfer_seconds(t, x.from, x.to, 0, cost) : 0;
      finish[i] = std::max(ready, link) + size_first +
                  transfer_seconds(t, x.from, x.to, trace.chunks[k][i].size(), cost);
      link = finish[i];
      end = std::max(end, finish[i]);
    }
    for (std::size_t i = 0; i < transfers.size(); ++i) {  // held from step k+1 on
      const Transfer& x = transfers[i];
      received[x.to.v] = std::max(received[x.to.v], finish[i]);
      for (const std::uint64_t chunk : trace.chunks[k][i]) {
        auto [at, fresh] = arrived.try_emplace(x.to.v * chunks + chunk, finish[i]);
        if (!fresh) at->second = std::min(at->second, finish[i]);
      }
    }
  }
  out.seconds = end;
  return out;
}

}  // namespace netsched
