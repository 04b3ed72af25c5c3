// The total exchange's bandwidth bound by multiplicative weights over link lengths
// (analysis/congestion_bound.hpp).
#include "analysis/congestion_bound.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <queue>
#include <stdexcept>

#include "core/errors.hpp"
#include "core/graph.hpp"

namespace netsched {
namespace {

/// The most rounds of multiplicative weights, and the step of each update: a link whose load is
/// the busiest's grows by e^kStep.
constexpr std::uint64_t kMostRounds = 200;
constexpr double kStep = 0.25;
/// The rounds stop when the averaged routes come within this of the bound (it is then the best
/// of its kind up to that).
constexpr double kGapToStop = 1e-6;
/// The sharpenings of the best lengths tried after the rounds: powers of them, and 1 on the
/// longest share of the links (0 elsewhere).
constexpr std::array<double, 4> kSharpeningPowers = {2, 4, 8, 16};
constexpr std::array<double, 8> kSharpeningShares = {1.0 / 64, 1.0 / 32, 1.0 / 16, 1.0 / 8,
                                                     1.0 / 4,  1.0 / 3,  1.0 / 2,  3.0 / 4};
constexpr std::uint64_t kSharpenings = kSharpeningPowers.size() + kSharpeningShares.size();
/// Relative slack of a recount (sums of doubles in another order).
constexpr double kRecountSlack = 1e-9;

/// The directed links in CSR order (the arcs, on a network of switches or directed links),
/// with their tails and bandwidths; chunks go between the endpoints only.
struct Arcs {
  explicit Arcs(const Network& t) : g(arc_csr(t)), endpoints(t.num_endpoints()) {
    for (std::uint32_t u = 0; u < g.num_nodes(); ++u)
      for (const std::uint32_t* v = g.begin(u); v != g.end(u); ++v) {
        tail.push_back(u);
        bandwidth.push_back(t.link_speed(NodeId(u), NodeId(*v)).bandwidth);
      }
  }
  Csr g;
  std::uint64_t endpoints;
  std::vector<std::uint32_t> tail;
  std::vector<double> bandwidth;
};

/// One round's view from every source: the distances' sum, and each arc's load when every pair
/// takes its shortest-path tree's path (ties broken by node id, so a round is deterministic).
struct Round {
  double distance_sum = 0;
  std::vector<double> load;
};

Round route_all(const Arcs& a, const std::vector<double>& length, const Network& t) {
  const Csr& g = a.g;
  const std::uint32_t n = g.num_nodes();
  Round out;
  out.load.assign(g.num_arcs(), 0);
  std::vector<double> dist(n);
  std::vector<std::uint64_t> via(n);
  std::vector<std::uint32_t> settled, below(n);
  using Item = std::pair<double, std::uint32_t>;
  for (std::uint32_t o = 0; o < a.endpoints; ++o) {  // a switch is no origin ...
    std::fill(dist.begin(), dist.end(), std::numeric_limits<double>::infinity());
    settled.clear();
    std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
    dist[o] = 0;
    queue.push({0, o});
    while (!queue.empty()) {
      const auto [du, u] = queue.top();
      queue.pop();
      if (du > dist[u]) continue;
      settled.push_back(u);
      for (std::uint64_t e = g.offsets()[u]; e < g.offsets()[u + 1]; ++e) {
        const std::uint32_t v = g.targets()[e];
        if (du + length[e] < dist[v])
          dist[v] = du + length[e], via[v] = e, queue.push({dist[v], v});
      }
    }
    if (settled.size() != n)
      throw InputError("the total exchange's bound: " + t.spec() + " is not connected");
    // every endpoint below v in o's tree gets its chunk through v's arc: the subtree's
    // endpoints, leaves first (... and no destination)
    for (const std::uint32_t v : settled) {
      below[v] = v < a.endpoints ? 1 : 0;
      out.distance_sum += v < a.endpoints ? dist[v] : 0;
    }
    for (auto it = settled.rbegin(); it != settled.rend() && *it != o; ++it) {
      out.load[via[*it]] += below[*it];
      below[a.tail[via[*it]]] += below[*it];
    }
  }
  return out;
}

double weighted_bandwidth(const Arcs& a, const std::vector<double>& length) {
  double sum = 0;
  for (std::size_t e = 0; e < length.size(); ++e) sum += length[e] * a.bandwidth[e];
  return sum;
}

/// A link's time per chunk: the lengths of the first round.
std::vector<double> link_times(const Arcs& a) {
  std::vector<double> length(a.bandwidth.size());
  for (std::size_t e = 0; e < length.size(); ++e) length[e] = 1 / a.bandwidth[e];
  return length;
}

/// The busiest arc of `load` in chunk times (load over bandwidth).
double busiest(const Arcs& a, const std::vector<double>& load) {
  double most = 0;
  for (std::size_t e = 0; e < load.size(); ++e) most = std::max(most, load[e] / a.bandwidth[e]);
  return most;
}

LengthCertificate certificate(const Arcs& a, const std::vector<double>& length,
                              double distance_sum) {
  LengthCertificate c;
  for (std::uint64_t e = 0; e < length.size(); ++e)
    if (length[e] > 0) c.arcs.push_back({a.tail[e], a.g.targets()[e], length[e]});
  c.distance_sum = distance_sum;
  c.weighted_bandwidth = weighted_bandwidth(a, length);
  return c;
}

/// The best lengths made sharper: raised to powers, and cut to 1 on the longest links and 0
/// elsewhere (the lengths of a cut, or of a dualcube's cross links, which the rounds approach
/// but do not reach). Each is evaluated like a round's.
std::vector<std::vector<double>> sharpened(const std::vector<double>& w) {
  std::vector<std::vector<double>> out;
  const double top = *std::max_element(w.begin(), w.end());
  for (const double power : kSharpeningPowers) {
    out.push_back(w);
    for (double& x : out.back()) x = std::pow(x / top, power);
  }
  std::vector<double> sorted = w;
  std::sort(sorted.begin(), sorted.end(), std::greater<>());
  for (const double share : kSharpeningShares) {
    const double at = sorted[static_cast<std::size_t>(share * static_cast<double>(w.size() - 1))];
    out.emplace_back(w.size());
    for (std::size_t e = 0; e < w.size(); ++e) out.back()[e] = w[e] >= at ? 1 : 0;
  }
  return out;
}

/// The arc relaxations of one round: a shortest-path tree from every endpoint.
std::uint64_t round_work(const Arcs& a) {
  return std::max<std::uint64_t>(1, a.endpoints * a.g.num_arcs());
}

/// The network's directed links, after checking that the bound (or a recount of its lengths)
/// is within its limits on t: 2 to kCongestionBoundMaxNodes nodes, and one round within
/// kCongestionBoundMaxWork (InputError otherwise).
Arcs checked_arcs(const Network& t) {
  if (t.num_nodes() < 2 || t.num_nodes() > kCongestionBoundMaxNodes)
    throw InputError(fmt::format(
        "the total exchange's bound is computed for 2 to {} nodes (kCongestionBoundMaxNodes); "
        "{} has {}",
        kCongestionBoundMaxNodes, t.spec(), t.num_nodes()));
  Arcs a(t);
  if (round_work(a) > kCongestionBoundMaxWork)
    throw InputError(
        fmt::format("the total exchange's bound: {} nodes x {} directed links is more than {} arc "
                    "relaxations a round (kCongestionBoundMaxWork)",
                    a.g.num_nodes(), a.g.num_arcs(), kCongestionBoundMaxWork));
  return a;
}

}  // namespace

CongestionBound total_exchange_bound(
    const Network& t, const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  const Arcs a = checked_arcs(t);
  // every evaluation of lengths is a round's work: the rounds, then (where the work allows)
  // the averaged lengths and the sharpenings
  const std::uint64_t evaluations = kCongestionBoundMaxWork / round_work(a);
  const bool sharpen = evaluations >= kSharpenings + 2;
  const std::uint64_t rounds =
      std::min(kMostRounds, sharpen ? evaluations - kSharpenings - 1 : evaluations);
  // round 0: a link's length is its time per chunk, the sum-of-distances bound
  std::vector<double> length = link_times(a);
  std::vector<double> routed(a.g.num_arcs(), 0), averaged(a.g.num_arcs(), 0);
  CongestionBound out;
  std::vector<double> best;
  const auto consider = [&](const std::vector<double>& w, double distance_sum) {
    const double bound = distance_sum / weighted_bandwidth(a, w);
    if (best.empty() || bound > out.chunk_times) {
      best = w;
      out.chunk_times = bound;
      out.lengths = certificate(a, w, distance_sum);
    }
  };
  for (std::uint64_t k = 0; k < rounds; ++k) {
    const Round r = route_all(a, length, t);
    consider(length, r.distance_sum);
    const double most = busiest(a, r.load);
    const double scale = weighted_bandwidth(a, length);
    for (std::size_t e = 0; e < length.size(); ++e) {
      routed[e] += r.load[e];
      averaged[e] += length[e] / scale;  // the lengths as a distribution over link capacity
      length[e] *= std::exp(kStep * r.load[e] / a.bandwidth[e] / most);
    }
    const double top = *std::max_element(length.begin(), length.end());
    for (double& w : length) w /= top;
    out.rounds = k + 1;
    out.routed_chunk_times = busiest(a, routed) / static_cast<double>(out.rounds);
    if (progress) progress(k + 1, rounds);
    if (out.routed_chunk_times <= out.chunk_times * (1 + kGapToStop)) break;
  }
  if (sharpen) {
    consider(averaged, route_all(a, averaged, t).distance_sum);  // the lengths' average
    for (const auto& w : sharpened(best)) consider(w, route_all(a, w, t).distance_sum);
  }
  out.how = fmt::format(
      "link lengths by multiplicative weights ({} rounds of shortest paths for every pair{}): "
      "the sum of distances over the sum of length x bandwidth; the rounds' routes, averaged, "
      "load no link above {:.6g} chunk times",
      out.rounds, sharpen ? ", then the best lengths sharpened" : "", out.routed_chunk_times);
  return out;
}

double link_time_distance_sum(const Network& t) {
  const Arcs a(t);
  return route_all(a, link_times(a), t).distance_sum;
}

std::string recount(const Network& t, const LengthCertificate& c) {
  const Arcs a = checked_arcs(t);
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint64_t> index;
  for (std::uint64_t e = 0; e < a.tail.size(); ++e) index[{a.tail[e], a.g.targets()[e]}] = e;
  std::vector<double> length(a.g.num_arcs(), 0);
  for (const auto& arc : c.arcs) {
    const auto at = index.find({arc.from, arc.to});
    if (at == index.end())
      return fmt::format("{} -> {} is not a link of {}", arc.from, arc.to, t.spec());
    if (!(arc.length >= 0) || std::isinf(arc.length))
      return fmt::format("the length of {} -> {} is not a finite length >= 0", arc.from, arc.to);
    if (length[at->second] != 0) return fmt::format("{} -> {} is listed twice", arc.from, arc.to);
    length[at->second] = arc.length;
  }
  const double distance_sum = route_all(a, length, t).distance_sum;
  const double capacity = weighted_bandwidth(a, length);
  const auto near = [](double x, double y) {
    return std::abs(x - y) <= kRecountSlack * std::max(1.0, std::abs(x));
  };
  if (!near(distance_sum, c.distance_sum))
    return fmt::format("the distances sum to {:.17g}, not {:.17g}", distance_sum, c.distance_sum);
  if (!near(capacity, c.weighted_bandwidth))
    return fmt::format("length x bandwidth sums to {:.17g}, not {:.17g}", capacity,
                       c.weighted_bandwidth);
  if (!(capacity > 0)) return "every length is 0";
  return "";
}

nlohmann::json to_json(const CongestionBound& b) {
  return {{"chunk_times", b.chunk_times},
          {"routed_chunk_times", b.routed_chunk_times},
          {"rounds", b.rounds},
          {"how", b.how},
          {"lengths", lengths_to_json(b.lengths)}};
}

}  // namespace netsched
