// The algorithm table (gen/algorithms.hpp): the folders' rows (gen/<collective>/rows.cpp)
// joined, and the dispatch that makes a request's schedule by its row.
#include "gen/algorithms.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/errors.hpp"
#include "gen/rows.hpp"

namespace netsched {
namespace {

/// The folders' rows joined, in collective_table() order (each folder's own order kept).
std::vector<AlgorithmInfo> joined_rows() {
  std::vector<AlgorithmInfo> all;
  for (const auto folder : {broadcast_rows, scatter_gather_rows, exchange_rows, reduce_rows,
                            route_rows, reduce_scatter_rows, cube_dimension_rows, all_reduce_rows,
                            prefix_rows, matrix_rows, all_gather_rows, multicast_rows}) {
    const auto rows = folder();
    all.insert(all.end(), rows.begin(), rows.end());
  }
  return all;
}

std::span<const AlgorithmInfo> rows_of_table() {
  static const std::vector<AlgorithmInfo> rows = joined_rows();
  return rows;
}

/// The rounds of a broadcast as a one-chunk one-port schedule.
Schedule rounds_schedule(const Network& t, NodeId root, const Rounds& rounds) {
  Schedule s;
  s.topology = t.spec();
  s.collective = Collective::broadcast(t.num_nodes(), root);
  s.model = PortModel::OnePort;
  s.payloads.push_back(Payload::of_chunks({0}));
  s.steps.reserve(rounds.size());
  for (const auto& r : rounds) {
    Step st;
    st.transfers.reserve(r.size());
    for (const auto& [f, to] : r) st.transfers.push_back({NodeId(f), NodeId(to), 0});
    s.steps.push_back(std::move(st));
  }
  return s;
}

void check_root(const Network& t, NodeId root) {
  if (root.v >= t.num_endpoints())
    throw InputError("root " + std::to_string(root.v) + " out of range 0.." +
                     std::to_string(t.num_endpoints() - 1) +
                     (t.switched() ? " (the endpoints)" : ""));
}

Schedule make_with(const AlgorithmInfo& a, const Network& t, const GenRequest& r) {
  if (rooted_collective(r.collective)) check_root(t, r.root);
  if (a.rounds) return rounds_schedule(t, r.root, a.rounds(t, r.root.v));
  if (a.router) {
    if (!r.source || !r.target) throw InputError("gen route needs --source and --target");
    check_root(t, *r.source);
    check_root(t, *r.target);
    return route_schedule(t, *a.router(t), *r.source, *r.target);
  }
  return a.make(t, r);
}

}  // namespace

const std::vector<CollectiveInfo>& collective_table() {
  static const std::vector<CollectiveInfo> table = {
      {"broadcast", true},  {"scatter", true}, {"gather", true},          {"total-exchange", false},
      {"reduce", true},     {"route", false},  {"reduce-scatter", false}, {"cube-dimension", false},
      {"all-reduce", true}, {"prefix", false}, {"cluster-sum", false},    {"cluster-prefix", false},
      {"matmul", false},    {"vecmat", true},  {"all-gather", true},      {"multicast", true},
  };
  return table;
}

const std::vector<std::string>& collective_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& c : collective_table()) v.emplace_back(c.name);
    return v;
  }();
  return names;
}

bool rooted_collective(std::string_view collective) {
  const auto& t = collective_table();
  return std::any_of(t.begin(), t.end(),
                     [&](const CollectiveInfo& c) { return c.name == collective && c.rooted; });
}

std::span<const AlgorithmInfo> algorithm_table() { return rows_of_table(); }

std::vector<const AlgorithmInfo*> algorithms_for(const Network& t, std::string_view collective) {
  std::vector<const AlgorithmInfo*> out;
  for (const auto& a : algorithm_table())
    if (a.collective == collective && (a.switched || !t.needs_switched_model()) && a.applies(t))
      out.push_back(&a);
  return out;
}

std::string no_algorithm_reason(const Network& t) {
  if (t.needs_switched_model())
    return "no algorithm that implements the switched model (switches and directed links) yet";
  return "no algorithm for the " + t.family() + " family";
}

std::vector<std::string> algorithm_names(const Network& t, std::string_view collective) {
  std::vector<std::string> out;
  for (const AlgorithmInfo* a : algorithms_for(t, collective)) out.emplace_back(a->name);
  return out;
}

const AlgorithmInfo* find_algorithm(std::string_view collective, std::string_view name) {
  for (const auto& a : algorithm_table())
    if (a.collective == collective && a.name == name) return &a;
  return nullptr;
}

const AlgorithmInfo& choose_algorithm(const Network& t, std::string_view collective,
                                      std::string_view requested) {
  const auto& c = collective_names();
  if (std::find(c.begin(), c.end(), collective) == c.end())
    throw InputError("unknown collective '" + std::string(collective) + "'");
  const auto applicable = algorithms_for(t, collective);
  if (applicable.empty())
    throw InputError(std::string(collective) + " has " + no_algorithm_reason(t) +
                     " (netsched gen SPEC --list shows what applies)");
  const std::string name = choose_from(algorithm_names(t, collective), std::string(requested),
                                       std::string(collective), t);
  return *find_algorithm(collective, name);
}

/// The first constructed row of `collective` that applies (and, for rounds, has them).
const AlgorithmInfo& first_constructed(const Network& t, std::string_view collective, bool rounds) {
  for (const AlgorithmInfo* a : algorithms_for(t, collective))
    if (!a->solved && (!rounds || a->rounds)) return *a;
  throw InputError(std::string(collective) + " has no constructed algorithm for " + t.spec());
}

Schedule generate(const Network& t, const GenRequest& r) {
  const AlgorithmInfo* a = &choose_algorithm(t, r.collective, r.algorithm);
  if (a->solved && r.algorithm == "auto") a = &first_constructed(t, r.collective, false);
  if (a->solved)
    throw InputError(std::string(a->name) + " " + r.collective +
                     " is found by a solver: analysis/'s generate_checked makes it");
  Schedule s = make_with(*a, t, r);
  s.algorithm = std::string(a->name);
  s.topology = t.spec();  // a weighted network's generators run on the structure it keeps
  return s;
}

Schedule make_broadcast(const Network& t, NodeId root, const std::string& algorithm) {
  return generate(t, GenRequest("broadcast", algorithm, root));
}

Rounds broadcast_rounds(const Network& t, std::uint32_t root, const std::string& algorithm) {
  check_root(t, NodeId(root));
  const AlgorithmInfo& a = algorithm == "auto" ? first_constructed(t, "broadcast", true)
                                               : choose_algorithm(t, "broadcast", algorithm);
  if (!a.rounds)
    throw InputError("broadcast " + std::string(a.name) +
                     " sends a message in pieces: it has no rounds of one chunk");
  return a.rounds(t, root);
}

std::unique_ptr<Router> make_router(const Network& t, const std::string& algorithm) {
  return choose_algorithm(t, "route", algorithm).router(t);
}

std::unique_ptr<Router> paper_router(const Network& t) {
  const AlgorithmInfo& family = *algorithms_for(t, "route").front();
  const std::string name(family.name);
  if (!family.from_paper() || name == "ftr") return nullptr;
  return name == "dimension-order" ? make_balanced_dimension_order_router(t) : make_router(t, name);
}

Schedule make_total_exchange(const Network& t, const std::string& algorithm) {
  return generate(t, GenRequest("total-exchange", algorithm));
}

}  // namespace netsched
