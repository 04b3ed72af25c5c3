// Choosing for a size: every applicable algorithm generated, checked and costed; the bounds
// that say how far the choice can be from the best possible.
#include "analysis/size_choice.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <set>
#include <stdexcept>

#include "analysis/async_cost.hpp"
#include "analysis/bandwidth_bound.hpp"
#include "analysis/congestion_bound.hpp"
#include "analysis/retime.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/metrics.hpp"
#include "core/structure.hpp"
#include "verify/cut_search.hpp"
#include "verify/lower_bounds.hpp"

namespace netsched {
namespace {

using Kind = Collective::Kind;

/// The most pieces a pipelined algorithm is tried with (powers of two up to it): a broadcast of
/// 1 GiB down Edmonds' arborescences needs 4,096 to come within 2 % of the bound on
/// hypernet(2,2,3), whose trees are up to 32 links deep (docs/BANDWIDTH-RATIOS.md).
constexpr std::uint32_t kMostPiecesTried = 4096;
/// The most nodes whose balanced cut is searched for the bandwidth bound.
constexpr std::uint64_t kCutBoundMaxNodes = 4096;
/// Relative slack of the check that no checked schedule costs less than the bounds (the
/// costs and the bounds are sums of floating-point terms).
constexpr double kBoundSlack = 1e-9;

/// The links node v can use at once under the budget: its ports (every link under all-port).
std::uint64_t port_count(const PortBudget& b, const Csr& g, std::uint32_t v) {
  return std::min<std::uint64_t>(b.node_ports().value_or(g.degree(v)), g.degree(v));
}

/// The bandwidths of v's arcs into v (`incoming`) or out of it, in multiples of the default: its
/// links both ways on an undirected network, its arcs on a directed one.
std::vector<double> arc_speeds(const Network& t, const Csr& g, std::uint32_t v, bool incoming) {
  std::vector<double> speeds;
  for (const std::uint32_t* w = g.begin(v); w != g.end(v); ++w) {
    const NodeId from = incoming ? NodeId(*w) : NodeId(v), to = incoming ? NodeId(v) : NodeId(*w);
    if (t.has_arc(from, to)) speeds.push_back(t.link_speed(from, to).bandwidth);
  }
  return speeds;
}

/// The bandwidth node v can receive (`incoming`) or send with at once under the budget, in
/// multiples of the default: its fastest arcs that way, as many as it has ports (every one
/// under all-port); on a uniform network the number of those arcs.
double ports_of(const PortBudget& b, const Network& t, const Csr& g, std::uint32_t v,
                bool incoming) {
  if (!t.weighted() && !t.needs_switched_model())  // every link one default link both ways
    return static_cast<double>(port_count(b, g, v));
  std::vector<double> speeds = arc_speeds(t, g, v, incoming);
  const std::uint64_t ports =
      std::min<std::uint64_t>(b.node_ports().value_or(speeds.size()), speeds.size());
  std::sort(speeds.begin(), speeds.end(), std::greater<>());
  double sum = 0;
  for (std::uint64_t i = 0; i < ports; ++i) sum += speeds[i];
  return sum;
}

/// Chunks some node must send or receive through its ports, divided by its ports: the least
/// sum of largest payloads (in chunks) any schedule can have. On a switched network the nodes
/// are the endpoints (a switch is no rank; the ports limit endpoints only).
std::optional<std::pair<double, std::string>> port_chunks(const Collective& c, const Network& t,
                                                          const Csr& g, const PortBudget& b) {
  const std::uint32_t ends = static_cast<std::uint32_t>(t.num_endpoints());
  const double n = ends;
  const std::string node = t.switched() ? "endpoint" : "node";
  // the most chunks over the bandwidth some node's ports take them in (or out) at
  const auto worst_of = [&](double chunks, bool incoming, auto&& counted) {
    double worst = 0;
    for (std::uint32_t v = 0; v < ends; ++v)
      if (counted(v)) worst = std::max(worst, chunks / ports_of(b, t, g, v, incoming));
    return worst;
  };
  const auto every = [](std::uint32_t) { return true; };
  switch (c.kind()) {
    case Kind::AllGather:
    case Kind::TotalExchange:
      return std::pair{worst_of(n - 1, true, every),
                       "every " + node + " receives N-1 chunks through its ports"};
    case Kind::ReduceScatter:
      return std::pair{worst_of(n - 1, false, every),
                       "every " + node + " sends its N-1 other blocks through its ports"};
    case Kind::Scatter:
    case Kind::Gather:
      return std::pair{(n - 1) / ports_of(b, t, g, c.root().v, c.kind() == Kind::Gather),
                       std::string("the root's N-1 chunks pass through its ports")};
    case Kind::Broadcast:
    case Kind::AllReduce:
    case Kind::Reduce:
      // every element reaches a non-root node (a partial sum of it, for reductions) at least
      // once, through its ports
      return std::pair{
          worst_of(1, true,
                   [&](std::uint32_t v) { return v != c.root().v || c.kind() == Kind::AllReduce; }),
          "some " + node + " receives every byte of the message once, through its " + "ports"};
    case Kind::Prefix: {
      // a member after its group's first ends with sums of others' elements: it receives every
      // byte of the message once
      double worst = 0;
      const auto later = [&](std::uint32_t v) {
        worst = std::max(worst, 1 / ports_of(b, t, g, v, true));
      };
      if (c.groups().empty())  // id order
        for (std::uint32_t v = 1; v < ends; ++v) later(v);
      for (const auto& members : c.groups())
        for (std::size_t i = 1; i < members.size(); ++i) later(members[i].v);
      return std::pair{worst,
                       std::string("a node after its group's first receives every byte of the "
                                   "message once, through its ports")};
    }
    default:
      return std::nullopt;
  }
}

/// The messages a step can have: every node's ports (its links, under all-port), counted.
double sends_per_step(const PortBudget& b, const Csr& g) {
  double sends = 0;
  for (std::uint32_t v = 0; v < g.num_nodes(); ++v)
    sends += static_cast<double>(port_count(b, g, v));
  return sends;
}

/// Every chunk of a total exchange crosses at least d(origin, destination) links, and in a step
/// the nodes together send at most sends_per_step messages, each busy for at most the step's
/// time: the sum of distances over that count.
/// With links of different speeds a chunk's distance is a time already — the least sum of
/// 1/bandwidth along a path (Dijkstra), the link-time every chunk must spend — so it is divided
/// by the count of sends too, not by their bandwidth; nullopt when disconnected.
std::optional<std::pair<double, std::string>> distance_chunks(const Collective& c, const Network& t,
                                                              const Csr& g, const PortBudget& b) {
  if (c.kind() != Kind::TotalExchange || g.num_nodes() > kCutBoundMaxNodes) return std::nullopt;
  if (t.needs_switched_model()) return std::nullopt;  // its pairs and sends count every node
  double sum = 0;
  if (t.weighted()) {
    try {
      sum = link_time_distance_sum(t);
    } catch (const InputError&) {
      return std::nullopt;  // disconnected: the generators say so
    }
  } else {
    const DistanceStats st = distances_all_sources(g, 1);
    if (!st.connected) return std::nullopt;
    sum = static_cast<double>(st.distance_sum);
  }
  const double sends = sends_per_step(b, g);
  if (t.weighted())
    return std::pair{sum / sends,
                     "every chunk spends the least sum of 1/bandwidth over a path's links: over "
                     "the " +
                         std::to_string(static_cast<std::uint64_t>(sends)) +
                         " sends a step can have"};
  return std::pair{sum / sends, "every chunk crosses d(x,y) links: the sum of distances over the " +
                                    std::to_string(static_cast<std::uint64_t>(sends)) +
                                    " sends a step can have"};
}

/// Every element of a reduction's vector travels in at least 2(N-1) messages for an all-reduce
/// and N-1 for a reduce, whatever is combined on the way: before the first node holds the whole
/// sum every other node has sent a message, and after it every other node receives one that
/// completes it (the one-way gossip bound of Harary and Schwenk, 2N-2 calls). Each message takes
/// a link, and in a step the nodes together send at most the sum of their ports: those messages
/// over that sum, in whole messages.
std::optional<std::pair<double, std::string>> combining_chunks(const Collective& c,
                                                               const Network& t, const Csr& g,
                                                               const PortBudget& b) {
  const bool all = c.kind() == Kind::AllReduce && c.groups().empty();
  if (!all && c.kind() != Kind::Reduce) return std::nullopt;
  if (t.needs_switched_model()) return std::nullopt;  // every node a rank, every link a send
  double sends = 0;
  for (std::uint32_t v = 0; v < g.num_nodes(); ++v) sends += ports_of(b, t, g, v, false);
  const double messages = (all ? 2.0 : 1.0) * (static_cast<double>(g.num_nodes()) - 1);
  return std::pair{messages / sends,
                   std::string("every element passes through ") + (all ? "2(N-1)" : "N-1") +
                       " messages (one-way gossip), over the " +
                       (t.weighted() ? std::string("bandwidth of the sends a step can have")
                                     : std::to_string(static_cast<std::uint64_t>(sends)) +
                                           " sends a step can have")};
}

/// Across a balanced cut of w links (found by verify/cut_search; any cut gives a valid bound),
/// at most w chunks' worth of largest payloads cross per step and direction.
std::optional<std::pair<double, std::string>> cut_chunks(const Collective& c, const Network& t,
                                                         const Csr& g) {
  if (c.kind() != Kind::AllGather && c.kind() != Kind::TotalExchange) return std::nullopt;
  if (g.num_nodes() < 2 || g.num_nodes() > kCutBoundMaxNodes) return std::nullopt;
  if (t.needs_switched_model()) return std::nullopt;  // its sides count switches as ranks
  const BalancedCut cut = search_balanced_cut(g);
  if (cut.width == 0) return std::nullopt;
  const double a = static_cast<double>(std::count(cut.side.begin(), cut.side.end(), 0));
  double w = 0;  // the cut's bandwidth, in multiples of the default (its links, when uniform)
  for (std::uint32_t u = 0; u < g.num_nodes(); ++u)
    for (const std::uint32_t* v = g.begin(u); v != g.end(u); ++v)
      if (u < *v && cut.side[u] != cut.side[*v]) w += t.link_speed(NodeId(u), NodeId(*v)).bandwidth;
  const double z = g.num_nodes() - a;
  const bool all_gather = c.kind() == Kind::AllGather;
  const double chunks = all_gather ? std::max(a, z) / w : a * z / w;
  return std::pair{
      chunks, "a balanced cut of " + std::to_string(cut.width) + " links (" +
                  std::to_string(static_cast<std::uint64_t>(a)) + " | " +
                  std::to_string(static_cast<std::uint64_t>(z)) + " nodes) must carry " +
                  (all_gather ? "the larger side's chunks" : "|A| x |B| chunks") + " each way"};
}

/// The exact all-port bound of analysis/bandwidth_bound.hpp (fewer ports are never faster): an
/// all-gather's and a reduce-scatter's in chunks (blocks), a broadcast's — the least cut around
/// the root — in whole messages, however many pieces it is sent in.
std::optional<std::pair<double, std::string>> exact_chunks(const Collective& c, const Network& t,
                                                           std::optional<CutRecord>& cut) {
  const bool gather = c.kind() == Kind::AllGather || c.kind() == Kind::ReduceScatter;
  if (!gather && c.kind() != Kind::Broadcast) return std::nullopt;
  if (t.num_nodes() < 2 || t.num_nodes() > kCutBoundMaxNodes) return std::nullopt;
  try {
    const BandwidthBound b = gather ? all_gather_bound(t) : broadcast_bound(t, c.root());
    cut = CutRecord{b.cut.side, b.cut.links, b.cut.bandwidth, b.cut.chunks};
    return std::pair{b.chunk_times, "exact all-port bound: " + std::to_string(b.cut.chunks) +
                                        (gather ? " chunks" : " message") + " across a cut of " +
                                        std::to_string(b.cut.links) + " links (" +
                                        std::to_string(b.cut.side.size()) +
                                        " nodes on the sending side; netsched prove bandwidth)"};
  } catch (const InputError&) {
    return std::nullopt;  // disconnected: the generators say so
  }
}

/// The total exchange's link-length bound (analysis/congestion_bound.hpp): all-port, so it
/// holds under fewer ports as well.
std::optional<std::pair<double, std::string>> congestion_chunks(
    const Collective& c, const Network& t, std::optional<LengthCertificate>& lengths) {
  if (c.kind() != Kind::TotalExchange || t.num_nodes() < 2 ||
      t.num_nodes() > kCongestionBoundMaxNodes)
    return std::nullopt;
  try {
    CongestionBound b = total_exchange_bound(t);
    lengths = std::move(b.lengths);
    return std::pair{b.chunk_times,
                     "link lengths on " + std::to_string(lengths->arcs.size()) +
                         " directed links: the " + (t.switched() ? "endpoint " : "") +
                         "pairs' distances over the sum of length x bandwidth (netsched prove "
                         "bandwidth SPEC total-exchange)"};
  } catch (const InputError&) {
    return std::nullopt;  // disconnected, or more work than the bound's limit
  }
}

/// The least latency multiple of any link (1 on a uniform network).
double least_latency(const Network& t, const Csr& g) {
  if (!t.weighted()) return 1;
  double least = std::numeric_limits<double>::infinity();
  for (std::uint32_t u = 0; u < g.num_nodes(); ++u)
    for (const std::uint32_t* v = g.begin(u); v != g.end(u); ++v)
      least = std::min(least, t.link_speed(NodeId(u), NodeId(*v)).latency);
  return std::isinf(least) ? 1 : least;
}

/// The cost model of one chunk or register of `s`: a vector all-reduce of p pieces moves M/p
/// bytes a register.
CostModel piece_cost(CostModel cost, const Schedule& s) {
  cost.m /= s.collective.pieces();
  return cost;
}

/// The bytes a message of `bytes` takes in `s`'s pieces: every piece a whole number of units
/// (bytes; 8-byte lanes of a register collective's vector) and all of the same size, as the
/// executor and the simulator send them — the message padded up to that when the pieces do not
/// divide it (a ring all-reduce of 1 MiB on 36 nodes: 36 pieces of 3,641 lanes, 1,048,608 B).
double padded_bytes(const Schedule& s, double bytes) {
  const std::uint64_t pieces = s.collective.pieces();
  if (pieces <= 1) return bytes;
  const double unit = s.registers.empty() ? 1 : 8;
  const double per_piece = std::ceil(std::ceil(bytes / unit) / static_cast<double>(pieces));
  return per_piece * static_cast<double>(pieces) * unit;
}

/// Whether an admitted candidate beats the choice so far: a shorter predicted time, or the same
/// (within kBoundSlack) in fewer steps — each step is a synchronization the model does not price
/// (routed `direct` and the all-port `balanced` exchange tie in the model; in SimGrid the one
/// step is faster, docs/collectives.md).
bool cheaper(const SizeCandidate& c, const SizeChoice& choice) {
  if (!choice.best) return true;
  if (c.seconds < choice.best_seconds * (1 - kBoundSlack)) return true;
  return c.seconds <= choice.best_seconds * (1 + kBoundSlack) &&
         c.steps < choice.best->verification().check.steps;
}

/// One generation of the request, checked and costed; `best` keeps the cheapest admitted.
SizeCandidate one_candidate(const Network& t, const GenRequest& r, const CostModel& cost,
                            const PortBudget& budget, SizeChoice& choice) {
  SizeCandidate out;
  out.algorithm = r.algorithm;
  try {
    CheckedSchedule c = generate_checked(t, r);
    if (c.holds() && !budget.admits(c.schedule())) {
      c = fit_ports(c, t, budget.model, budget.ports);  // more ports than the budget: re-timed
      out.retimed_to = budget.name();
    }
    const Schedule& s = c.schedule();
    out.model =
        s.model == PortModel::KPort ? std::to_string(s.ports) + "-port" : to_string(s.model);
    out.steps = c.verification().check.steps;
    out.payload_sum = c.verification().check.payload_sum;
    CostModel padded = cost;  // pieces of equal whole units: the last ones padded
    padded.m = padded_bytes(s, cost.m);
    if (padded.m != cost.m) out.padded_bytes = padded.m;
    const CostModel piece = piece_cost(padded, s);
    out.seconds = piece.of(out.steps, out.payload_sum);
    if ((t.weighted() || !follows_links(s.model)) && c.holds()) {  // links at their speeds;
                                                                   // routed: shared links
      const auto priced = synchronous_time(t, s, piece, out.why_not);
      if (!priced) return out;
      out.seconds = *priced;
    }
    if (!c.holds()) {
      out.why_not = "violated (" +
                    std::string(to_string(c.verification().check.violation()->rule)) +
                    "): a paper's algorithm as printed";
      return out;
    }
    out.async_seconds = async_time(t, s, piece).seconds;
    if (!budget.admits(s)) {
      out.why_not = "needs " + out.model + ", more than " + budget.name();
      return out;
    }
    out.admitted = true;
    if (cheaper(out, choice)) {
      choice.best = std::move(c);
      choice.best_seconds = out.seconds;
      choice.best_candidate = choice.candidates.size();  // the row being tried
    }
  } catch (const InputError& e) {
    out.why_not = e.what();
  }
  return out;
}

/// A row of the table as a candidate; a pipelined row is tried at 1, 2, 4, ... pieces (up to
/// kMostPiecesTried, while more could pay), a row that trades steps for link load both ways,
/// and the cheapest is the candidate ("chain (p=64)", "balanced (fewest steps)").
/// `step_latency`: the least a step's latency can be (cost.ts x the least link latency);
/// `bandwidth_floor`: a lower bound on any schedule's bandwidth time (0 while none is known).
SizeCandidate candidate(const Network& t, const GenRequest& request, const AlgorithmInfo& a,
                        const CostModel& cost, double step_latency,
                        const std::function<double()>& bandwidth_floor, const PortBudget& budget,
                        SizeChoice& choice) {
  GenRequest r = request;
  r.algorithm = std::string(a.name);
  std::optional<SizeCandidate> cheapest;
  const auto try_variant = [&](const std::string& label) {  // the cheaper admitted one kept
    SizeCandidate c = one_candidate(t, r, cost, budget, choice);
    c.algorithm += label;
    const std::pair<bool, std::uint64_t> tried{c.admitted, c.steps};
    if (!cheapest || (c.admitted && (!cheapest->admitted || c.seconds < cheapest->seconds)))
      cheapest = std::move(c);
    return tried;
  };
  if (!a.pipelined) try_variant("");
  if (a.trades_steps) {  // its fewest steps too (small messages)
    r.fewest_steps = true;
    try_variant(" (fewest steps)");
  }
  // More pieces take more steps: once a count's steps cost more in latency, with the least
  // bandwidth time any schedule has, than the cheapest so far, no larger count can be cheaper
  // (every step takes a latency and the steps' transfers the bandwidth time). A count over a
  // limit ends the doubling.
  for (std::uint32_t pieces = 1; a.pipelined && pieces <= kMostPiecesTried; pieces *= 2) {
    r.pieces = pieces;
    const bool had = cheapest && cheapest->admitted;
    const auto [admitted, steps] = try_variant(" (p=" + std::to_string(pieces) + ")");
    if (had && !admitted) break;
    if (admitted &&
        static_cast<double>(steps) * step_latency + bandwidth_floor() >= cheapest->seconds)
      break;
  }
  if (!cheapest->retimed_to.empty()) cheapest->algorithm += " re-timed to " + cheapest->retimed_to;
  return *cheapest;
}

/// A lower bound above the cost of a schedule that was checked is a wrong bound: the choice
/// would print "0.5x the lower bound". Every admitted candidate is held to the bounds, so a
/// bound that is not one fails here rather than in the output.
void check_bounds_hold(const SizeChoice& choice) {
  const double lower = (choice.latency ? choice.latency->seconds : 0) +
                       (choice.bandwidth ? choice.bandwidth->seconds : 0);
  for (const SizeCandidate& c : choice.candidates)
    if (c.admitted && c.seconds < lower * (1 - kBoundSlack))
      throw std::logic_error(fmt::format(
          "{} costs {:g} s, below the lower bound {:g} s (latency: {}; bandwidth: {})", c.algorithm,
          c.seconds, lower, choice.latency ? choice.latency->reason : "none",
          choice.bandwidth ? choice.bandwidth->reason : "none"));
}

}  // namespace

bool PortBudget::admits(const Schedule& s) const { return fits_ports(s, model, ports); }

std::optional<std::uint32_t> PortBudget::node_ports() const {
  if (model == PortModel::AllPort || model == PortModel::Routed) return std::nullopt;
  return model == PortModel::KPort ? ports : 1;
}

std::string PortBudget::name() const {
  return model == PortModel::KPort ? std::to_string(ports) + "-port" : to_string(model);
}

PortBudget port_budget_from_name(const std::string& text) {
  if (text == "one-port") return {};
  if (text == "all-port") return {PortModel::AllPort, 0};
  if (text == "routed") return {PortModel::Routed, 0};
  const std::string digits = text.starts_with("k-port:") ? text.substr(7)
                             : text.ends_with("-port")   ? text.substr(0, text.size() - 5)
                                                         : std::string();
  const bool numeric =
      !digits.empty() && digits.size() <= 4 &&
      std::all_of(digits.begin(), digits.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
  const std::uint64_t k = numeric ? std::stoull(digits) : 0;
  if (k < 1 || k > kMaxPorts)
    throw InputError("unknown port model '" + text +
                     "' (one-port, all-port, routed, or K-port / k-port:K with K in 1.." +
                     std::to_string(kMaxPorts) + ")");
  if (k == 1) return {};
  return {PortModel::KPort, static_cast<std::uint32_t>(k)};
}

namespace {

/// Refuses a choice whose candidates would make more than kSizeChoiceMaxDeliveries.
void check_choice_size(const Network& t, const std::string& collective, std::size_t candidates) {
  static const std::set<std::string> quadratic = {"all-gather", "total-exchange", "reduce-scatter",
                                                  "all-reduce"};
  const std::uint64_t n = t.num_endpoints();  // the ranks (every node but a switch)
  const std::uint64_t each = quadratic.count(collective) ? mul_sat(n, n - 1) : n - 1;
  const std::uint64_t planned = mul_sat(each, candidates);
  if (planned > kSizeChoiceMaxDeliveries)
    throw limit_error(fmt::format("choosing the {} on {} nodes by size: {} candidates x {} chunk "
                                  "deliveries (--algorithm makes one)",
                                  collective, n, candidates, each),
                      planned, "kSizeChoiceMaxDeliveries", kSizeChoiceMaxDeliveries);
}

}  // namespace

SizeChoice choose_for_size(const Network& t, const GenRequest& request, const CostModel& cost,
                           const PortBudget& budget) {
  check_choice_size(t, request.collective, algorithms_for(t, request.collective).size());
  SizeChoice out;
  const Csr g(t, 1);
  const double step_latency = cost.ts * least_latency(t, g);
  // the ports' bound, once a schedule says which collective it is (it holds for every schedule:
  // check_bounds_hold)
  std::optional<double> floor;
  const std::function<double()> bandwidth_floor = [&] {
    if (!floor && out.best) {
      const auto ports = port_chunks(out.best->schedule().collective, t, g, budget);
      floor = ports ? ports->first * cost.tw * cost.m : 0;
    }
    return floor.value_or(0);
  };
  for (const AlgorithmInfo* a : algorithms_for(t, request.collective))
    out.candidates.push_back(
        candidate(t, request, *a, cost, step_latency, bandwidth_floor, budget, out));
  if (!out.best) {
    std::string why;
    for (const auto& c : out.candidates) why += "; " + c.algorithm + ": " + c.why_not;
    throw InputError("no " + request.collective + " schedule of " + t.spec() + " runs " +
                     budget.name() + (why.empty() ? " (no algorithm applies)" : why));
  }
  out.candidates[out.best_candidate].chosen = true;
  const Collective& c = out.best->schedule().collective;
  if (const auto steps = budget.model == PortModel::Routed
                             ? routed_lower_bound(t, c, g)
                             : lower_bound(t, c, g, false, budget.node_ports()))
    out.latency = TimeBound{static_cast<double>(steps->steps) * step_latency,
                            std::to_string(steps->steps) + " steps: " + steps->reason +
                                (t.weighted() ? ", each at least the least link latency" : "")};
  std::optional<std::pair<double, std::string>> widest;
  std::optional<CutRecord> certificate;
  std::optional<LengthCertificate> lengths;
  for (auto bound : {port_chunks(c, t, g, budget), cut_chunks(c, t, g),
                     distance_chunks(c, t, g, budget), combining_chunks(c, t, g, budget),
                     exact_chunks(c, t, certificate), congestion_chunks(c, t, lengths)})
    if (bound && (!widest || bound->first > widest->first)) widest = std::move(bound);
  // the file carries the proofs of the bounds
  if (certificate) out.best->certify(t, *certificate);
  if (lengths) out.best->certify(t, *lengths);
  if (widest) out.bandwidth = TimeBound{widest->first * cost.tw * cost.m, widest->second};
  check_bounds_hold(out);
  return out;
}

}  // namespace netsched
