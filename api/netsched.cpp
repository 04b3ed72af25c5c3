// Why: the public API (api/netsched.hpp) is a thin face over the layers below — the same calls
// the CLI makes (build_topology, topology_info, generate_checked, check_schedule, the schedule
// file), so that a program and the CLI cannot disagree. Internal errors of bad input become
// api::InputError with the CLI's message; nothing internal leaks through the header.
#include "api/netsched.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <mutex>

#include "analysis/checked.hpp"
#include "analysis/info.hpp"
#include "analysis/optimum.hpp"
#include "analysis/retime.hpp"
#include "analysis/route_report.hpp"
#include "analysis/size_choice.hpp"
#include "core/errors.hpp"
#include "core/io.hpp"
#include "core/metrics.hpp"
#include "core/schedule_io.hpp"
#include "core/text.hpp"
#include "core/verdict.hpp"
#include "gen/algorithms.hpp"
#include "gen/topology.hpp"
#include "verify/smt_synthesis.hpp"

namespace netsched::api {

struct Network::Impl {
  std::unique_ptr<::netsched::Network> net;
};

struct Schedule::Impl {
  ::netsched::Schedule schedule;
  std::optional<VerificationRecord> record;  ///< a file's record, checked on verification
  mutable std::mutex lock;                   ///< guards the two below
  mutable std::shared_ptr<const Network::Impl> net;
  mutable std::optional<CheckedSchedule> checked;
};

namespace {

constexpr double kMillisecondsPerSecond = 1000;
static_assert(kDefaultProveSeconds * kMillisecondsPerSecond == kDefaultSolverTimeoutMs,
              "the library's default deadline is the CLI's");

/// The longest a min-steps search may be given (a day), so that the deadline cannot overflow.
constexpr double kMaxProveSeconds = 86400;

/// Runs `work`, turning netsched's InputError (and SpecError) into api::InputError.
template <class Work>
auto translated(Work&& work) -> decltype(work()) {
  try {
    return work();
  } catch (const ::netsched::InputError& e) {
    throw InputError(e.what());
  }
}

std::shared_ptr<const Network::Impl> impl_of(std::unique_ptr<::netsched::Network> net) {
  auto impl = std::make_shared<Network::Impl>();
  impl->net = std::move(net);
  return impl;
}

std::shared_ptr<const Schedule::Impl> schedule_impl(ScheduleFile file) {
  auto impl = std::make_shared<Schedule::Impl>();
  impl->schedule = std::move(file.schedule);
  impl->record = std::move(file.record);
  return impl;
}

/// The schedule's network, built once from its spec.
const ::netsched::Network& network_of(const Schedule::Impl& s) {
  if (!s.net) s.net = impl_of(build_switched_schedule_topology(s.schedule.topology));
  return *s.net->net;
}

/// The simulator's verdict with its bounds, computed once; a file's record must agree with it.
const CheckedSchedule& checked_of(const Schedule::Impl& s, const Progress& progress) {
  std::lock_guard<std::mutex> guard(s.lock);
  if (!s.checked) {
    const auto& t = network_of(s);
    std::function<void(std::uint64_t, std::uint64_t)> origins;
    if (progress)
      origins = [&progress](std::uint64_t d, std::uint64_t n) { progress("checking", d, n); };
    s.checked.emplace(check_schedule(t, s.schedule, Engine::Auto, origins));
    if (s.record)
      check_record(*s.record, s.checked->verification().record(), t, s.schedule.collective);
  }
  return *s.checked;
}

/// The most nodes whose labels or links the library lists (a list is held whole, unlike the
/// families' implicit networks): a graph file's limit.
constexpr std::uint64_t kMaxListedNodes = std::uint64_t{1} << 24;

void check_listable(const ::netsched::Network& t) {
  if (t.num_nodes() > kMaxListedNodes)
    throw InputError(t.spec() + " has " + std::to_string(t.num_nodes()) +
                     " nodes: listing them is over " +
                     limit_text("kMaxListedNodes", kMaxListedNodes));
}

NodeId node_named(const ::netsched::Network& t, const std::optional<std::string>& name) {
  return name ? t.node(*name) : NodeId(0);
}

}  // namespace

std::string version() { return NETSCHED_VERSION; }

// ---- Network ----

Network::Network(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}

Network Network::from_spec(const std::string& spec) {
  return translated([&] { return Network(impl_of(build_switched_topology(spec))); });
}

namespace {

/// A named argument of sets: [{a,b},...] or [{a,b,x},...].
template <class Rows>
SpecArg sets_arg(const std::string& key, const Rows& rows) {
  SpecArg arg;
  arg.key = key;
  arg.value.kind = SpecValue::Kind::Sets;
  arg.value.sets.reserve(rows.size());
  for (const auto& row : rows) arg.value.sets.emplace_back(row.begin(), row.end());
  arg.value.set_columns.assign(rows.size(), 1);
  return arg;
}

}  // namespace

Network Network::from_links(std::uint64_t nodes,
                            const std::vector<std::pair<std::uint64_t, std::uint64_t>>& links) {
  Graph g;
  g.nodes = nodes;
  g.links = links;
  return from_graph(g);
}

Network Network::from_graph(const Graph& g) {
  // graph(N, links=[...], ...) as a parsed spec, never as text: a graph of any size the graph
  // files' limits allow (kMaxFileNodes, kMaxFileEdges), not one whose text fits a typed spec
  SpecValue spec;
  spec.kind = SpecValue::Kind::Call;
  spec.name = "graph";
  SpecArg n;
  n.value.kind = SpecValue::Kind::Int;
  n.value.number = g.nodes;
  std::vector<std::array<std::uint64_t, 2>> pairs;
  pairs.reserve(g.links.size());
  for (const auto& [a, b] : g.links) pairs.push_back({a, b});
  spec.args = {n, sets_arg(g.directed ? "arcs" : "links", pairs)};
  if (!g.switches.empty())
    spec.args.push_back(sets_arg("switches", std::vector<std::vector<std::uint64_t>>{g.switches}));
  if (!g.bandwidth_percent.empty()) spec.args.push_back(sets_arg("bandwidth", g.bandwidth_percent));
  if (!g.lanes.empty()) spec.args.push_back(sets_arg("lanes", g.lanes));
  return translated([&] { return Network(impl_of(build_switched_topology(spec))); });
}

std::string Network::spec() const { return impl_->net->spec(); }
std::string Network::family() const { return impl_->net->family(); }
std::uint64_t Network::nodes() const { return impl_->net->num_nodes(); }

std::vector<std::string> Network::labels() const {
  const auto& t = *impl_->net;
  check_listable(t);
  std::vector<std::string> out;
  out.reserve(t.num_nodes());
  for (std::uint64_t u = 0; u < t.num_nodes(); ++u) out.push_back(t.label(t.serial_node(u)));
  return out;
}

std::vector<std::pair<std::uint64_t, std::uint64_t>> Network::links() const {
  const auto& t = *impl_->net;
  check_listable(t);
  std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
  std::vector<NodeId> nb;
  for (std::uint64_t x = 0; x < t.num_nodes(); ++x) {
    t.neighbors(t.serial_node(x), nb);
    for (NodeId w : nb)
      if (const std::uint64_t y = t.serial_of(w); x < y) out.emplace_back(x, y);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::uint64_t Network::endpoints() const { return impl_->net->num_endpoints(); }
bool Network::directed() const { return impl_->net->directed(); }

std::vector<std::pair<std::uint64_t, std::uint64_t>> Network::arcs() const {
  const auto& t = *impl_->net;
  check_listable(t);
  const Csr arcs = arc_csr(t);
  std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
  out.reserve(arcs.num_arcs());
  for (std::uint32_t u = 0; u < arcs.num_nodes(); ++u)
    for (const std::uint32_t* v = arcs.begin(u); v != arcs.end(u); ++v)
      out.emplace_back(t.serial_of(NodeId(u)), t.serial_of(NodeId(*v)));
  std::sort(out.begin(), out.end());
  return out;
}

std::uint64_t Network::node(const std::string& id_or_label) const {
  return translated([&] { return impl_->net->serial_of(impl_->net->node(id_or_label)); });
}

std::string Network::info_json(bool distances, const Progress& progress) const {
  return translated([&] {
    InfoOptions opt;
    opt.distances = distances;
    opt.progress = progress;
    opt.skip_distances = "distances=False (info_json(false) in C++)";
    return topology_info(*impl_->net, opt).dump(2);
  });
}

// ---- Schedule ----

Schedule::Schedule(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}

Schedule Schedule::read(const std::string& path) {
  return translated([&] { return Schedule(schedule_impl(read_schedule_file(path))); });
}

Schedule Schedule::from_json(const std::string& text) {
  return translated([&] { return Schedule(schedule_impl(schedule_from_json(text))); });
}

std::string Schedule::topology() const { return impl_->schedule.topology; }
std::string Schedule::collective() const { return impl_->schedule.collective.name(); }
std::string Schedule::algorithm() const { return impl_->schedule.algorithm; }
std::string Schedule::port_model() const { return to_string(impl_->schedule.model); }
std::uint64_t Schedule::steps() const { return impl_->schedule.steps.size(); }
std::uint64_t Schedule::transfer_count() const { return impl_->schedule.num_transfers(); }

std::vector<Transfer> Schedule::transfers(std::uint64_t step) const {
  const auto& s = impl_->schedule;
  if (step >= s.steps.size())
    throw InputError("step " + std::to_string(step) + " of a schedule of " +
                     std::to_string(s.steps.size()) + " steps");
  const auto& t = translated([&]() -> const ::netsched::Network& {
    std::lock_guard<std::mutex> guard(impl_->lock);
    return network_of(*impl_);
  });
  std::vector<Transfer> out;
  for (const auto& x : s.steps[step].transfers)
    out.push_back(
        {t.serial_of(x.from), t.serial_of(x.to), payload_to_json(s, s.payloads.at(x.payload))});
  return out;
}

Network Schedule::network() const {
  return translated([&] {
    std::lock_guard<std::mutex> guard(impl_->lock);
    network_of(*impl_);
    return Network(impl_->net);
  });
}

std::string Schedule::verify_json(const Progress& progress) const {
  return translated([&] {
    const CheckedSchedule& c = checked_of(*impl_, progress);
    return c.verification().to_json(c.schedule(), CostModel{}).dump(2);
  });
}

bool Schedule::holds(const Progress& progress) const {
  return translated([&] { return checked_of(*impl_, progress).holds(); });
}

/// The schedule as checked, or InputError when it does not hold: no violated schedule is written.
const CheckedSchedule& holding(const Schedule::Impl& s) {
  const CheckedSchedule& c = checked_of(s, {});
  if (!c.holds())
    throw ::netsched::InputError("the schedule violates a rule (" +
                                 to_string(*c.verification().check.violation()) +
                                 "): no violated schedule is written");
  return c;
}

std::string Schedule::to_json() const {
  return translated([&] { return schedule_file_text(holding(*impl_)); });
}

void Schedule::write(const std::string& path) const {
  translated([&] { write_schedule(path, holding(*impl_)); });
}

// ---- generation, routes, proofs ----

Schedule generate(const Network& net, const std::string& collective,
                  const GenerateOptions& options) {
  return translated([&] {
    const auto& t = *net.impl()->net;
    GenRequest req(collective, options.algorithm);
    if (options.root && !rooted_collective(collective))
      throw ::netsched::InputError("root applies to rooted collectives, not " + collective);
    req.root = node_named(t, options.root);
    if (options.source) req.source = t.node(*options.source);
    if (options.target) req.target = t.node(*options.target);
    req.dimension = options.dimension;
    req.pieces = options.pieces;
    std::function<void(std::uint64_t, std::uint64_t)> origins;
    if (options.progress)
      origins = [&options](std::uint64_t d, std::uint64_t n) {
        options.progress("checking", d, n);
      };
    if (options.ports && t.needs_switched_model())
      throw ::netsched::InputError(
          "ports on a network of switches or directed links are not implemented yet (its "
          "schedules are one-port at the endpoints)");
    CheckedSchedule c = generate_checked(t, req, Engine::Auto, origins);
    if (options.ports) {
      const PortBudget budget = port_budget_from_name(*options.ports);
      c = fit_ports(c, t, budget.model, budget.ports);
    }
    auto impl = std::make_shared<Schedule::Impl>();
    impl->schedule = c.schedule();
    impl->checked.emplace(std::move(c));
    impl->net = net.impl();
    return Schedule(impl);
  });
}

constexpr std::size_t kQuotedCollectiveChars = 40;

std::vector<std::string> algorithms(const Network& net, const std::string& collective) {
  return translated([&] {
    const auto& names = collective_names();
    if (std::find(names.begin(), names.end(), collective) == names.end()) {
      std::string known;
      for (const std::string& n : names) known += (known.empty() ? "" : ", ") + n;
      throw ::netsched::InputError(
          "no collective '" + one_line(collective, kQuotedCollectiveChars) + "' (" + known + ")");
    }
    return algorithm_names(*net.impl()->net, collective);
  });
}

std::string route_json(const Network& net, const std::string& from, const std::string& to,
                       const std::string& algorithm) {
  return translated([&] {
    const auto& t = *net.impl()->net;
    refuse_switched(t);
    const auto router = make_router(t, algorithm);
    return ::netsched::route_json(t, *router, t.node(from), t.node(to)).dump(2);
  });
}

std::string prove_min_steps_json(const Network& net, const std::string& collective,
                                 const std::optional<std::string>& root, double timeout_seconds) {
  return translated([&] {
    if (!(timeout_seconds > 0 && timeout_seconds <= kMaxProveSeconds))
      throw ::netsched::InputError("timeout must be a number of seconds in (0, 86400], got " +
                                   std::to_string(timeout_seconds));
    const auto& t = *net.impl()->net;
    refuse_switched(t);
    const Collective c = min_steps_collective(t, collective, node_named(t, root));
    const std::optional<::netsched::Schedule> known = best_known_schedule(t, c);
    SynthesisOptions opt;
    opt.deadline = std::chrono::steady_clock::now() +
                   std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                       std::chrono::duration<double>(timeout_seconds));
    opt.timeout_ms = std::numeric_limits<unsigned>::max();  // the deadline decides
    const MinSteps r = min_steps(t, c, 0, opt, known ? &*known : nullptr);
    nlohmann::json j{{"topology", t.spec()}, {"collective", c.name()}};
    j.update(min_steps_json(r));
    return j.dump(2);
  });
}

}  // namespace netsched::api
