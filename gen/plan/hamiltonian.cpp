// A Hamiltonian cycle for the ring algorithms. On products of rings, paths and complete graphs
// with a factor of even size it is built (a snake through the other factors, closed along the
// even one); elsewhere a depth-first search, fewest free neighbours first (Warnsdorff's rule)
// with dead-end pruning, within a step budget. Exact search is NP-hard: where neither finds a
// cycle the answer is "none found" and the ring algorithms do not apply.
#include "gen/plan/hamiltonian.hpp"

#include <algorithm>
#include <map>
#include <mutex>

#include "core/graph.hpp"
#include "gen/topo/product.hpp"
#include "gen/topology.hpp"

namespace netsched {
namespace {

bool adjacent(const Csr& g, std::uint32_t u, std::uint32_t v) {
  return std::find(g.begin(u), g.end(u), v) != g.end(u);
}

/// The unvisited neighbours of v, the one with the fewest unvisited neighbours last (tried
/// first), ties by smaller id.
std::vector<std::uint32_t> next_choices(const Csr& g, std::uint32_t v,
                                        const std::vector<char>& on_path) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> free;  // (free degree, node)
  for (const std::uint32_t* w = g.begin(v); w != g.end(v); ++w) {
    if (on_path[*w]) continue;
    const auto degree = static_cast<std::uint32_t>(
        std::count_if(g.begin(*w), g.end(*w), [&](std::uint32_t x) { return !on_path[x]; }));
    free.emplace_back(degree, *w);
  }
  std::sort(free.begin(), free.end(), std::greater<>());
  std::vector<std::uint32_t> out;
  for (const auto& [degree, w] : free) out.push_back(w);
  return out;
}

/// Whether the path, just extended to v, can no longer close: an unvisited neighbour of v is left
/// with fewer than two neighbours to enter and leave by (unvisited ones, v, or the start 0), or
/// the start has no unvisited neighbour left to come back from.
bool dead_end(const Csr& g, std::uint32_t v, const std::vector<char>& on_path, bool full) {
  if (full) return false;
  const auto free_or_end = [&](std::uint32_t w) {
    return static_cast<std::uint32_t>(std::count_if(
        g.begin(w), g.end(w), [&](std::uint32_t x) { return !on_path[x] || x == v || x == 0; }));
  };
  for (const std::uint32_t* w = g.begin(v); w != g.end(v); ++w) {
    if (!on_path[*w] && free_or_end(*w) < 2) return true;
    if (*w == 0 && std::none_of(g.begin(0), g.end(0), [&](std::uint32_t x) { return !on_path[x]; }))
      return true;
  }
  return false;
}

std::optional<std::vector<std::uint32_t>> search(const Csr& g) {
  const std::uint32_t n = g.num_nodes();
  if (n <= 2) {
    if (n == 2 && !adjacent(g, 0, 1)) return std::nullopt;
    std::vector<std::uint32_t> all(n);
    for (std::uint32_t v = 0; v < n; ++v) all[v] = v;
    return all;
  }
  for (std::uint32_t v = 0; v < n; ++v)
    if (g.degree(v) < 2) return std::nullopt;
  std::vector<std::uint32_t> path{0};
  std::vector<char> on_path(n, 0);
  on_path[0] = 1;
  std::vector<std::vector<std::uint32_t>> choices{next_choices(g, 0, on_path)};
  for (std::uint64_t steps = 0; !choices.empty() && steps < kHamiltonMaxSearch; ++steps) {
    if (path.size() == n && adjacent(g, path.back(), 0)) return path;
    if (choices.back().empty()) {  // dead end: step back
      on_path[path.back()] = 0;
      path.pop_back();
      choices.pop_back();
      continue;
    }
    const std::uint32_t v = choices.back().back();
    choices.back().pop_back();
    on_path[v] = 1;
    path.push_back(v);
    if (dead_end(g, v, on_path, path.size() == n)) {
      on_path[v] = 0;
      path.pop_back();
      continue;
    }
    choices.push_back(next_choices(g, v, on_path));
  }
  return std::nullopt;
}

/// The reflected mixed-radix Gray sequence of the dimensions `dims` of p: consecutive entries
/// differ by one in one coordinate (a link of that ring, path or complete factor).
std::vector<std::uint64_t> snake(const Product& p, const std::vector<std::size_t>& dims) {
  std::vector<std::uint64_t> seq{0};
  for (auto d = dims.rbegin(); d != dims.rend(); ++d) {
    std::vector<std::uint64_t> next;
    const std::uint32_t size = p.factors()[*d].size;
    for (std::uint32_t a = 0; a < size; ++a)
      for (std::size_t i = 0; i < seq.size(); ++i)
        next.push_back(a * p.stride(*d) + seq[a % 2 == 0 ? i : seq.size() - 1 - i]);
    seq = std::move(next);
  }
  return seq;
}

/// A product of at least two factors, one of even size m: rows are that factor's coordinate,
/// columns the snake Q through the others; row 0 to m-1 in boustrophedon over columns 1.., then
/// back up column 0.
std::optional<std::vector<std::uint32_t>> product_cycle(const Product& p) {
  if (p.dims() < 2) return std::nullopt;
  std::size_t even = p.dims();
  for (std::size_t d = 0; d < p.dims(); ++d)
    if (p.factors()[d].size % 2 == 0) even = d;
  if (even == p.dims()) return std::nullopt;
  std::vector<std::size_t> rest;
  for (std::size_t d = 0; d < p.dims(); ++d)
    if (d != even) rest.push_back(d);
  const std::vector<std::uint64_t> q = snake(p, rest);
  const std::uint32_t m = p.factors()[even].size;
  const std::uint64_t row = p.stride(even);
  std::vector<std::uint32_t> cycle{static_cast<std::uint32_t>(q[0])};
  for (std::uint32_t i = 0; i < m; ++i)
    for (std::size_t k = 1; k < q.size(); ++k)
      cycle.push_back(static_cast<std::uint32_t>(i * row + q[i % 2 == 0 ? k : q.size() - k]));
  for (std::uint32_t i = m - 1; i >= 1; --i)
    cycle.push_back(static_cast<std::uint32_t>(i * row + q[0]));
  return cycle;
}

/// Whether `cycle` visits every node of t once and follows links, the last back to the first.
bool is_cycle_of(const Network& t, const std::vector<std::uint32_t>& cycle) {
  if (cycle.size() != t.num_nodes()) return false;
  std::vector<char> seen(cycle.size(), 0);
  for (std::size_t i = 0; i < cycle.size(); ++i) {
    if (cycle[i] >= cycle.size() || seen[cycle[i]]) return false;
    seen[cycle[i]] = 1;
    const std::uint32_t next = cycle[(i + 1) % cycle.size()];
    if (cycle.size() > 1 && next != cycle[i] && !t.adjacent(NodeId(cycle[i]), NodeId(next)))
      return false;
  }
  return true;
}

std::optional<std::vector<std::uint32_t>> find_cycle(const Network& t) {
  if (const Product* p = network_as<Product>(t))
    if (auto built = product_cycle(*p); built && is_cycle_of(t, *built)) return built;
  auto found = search(Csr(t, 1));
  if (found && !is_cycle_of(t, *found))
    throw std::logic_error("hamiltonian_cycle: the search returned a walk that is not a cycle");
  return found;
}

}  // namespace

std::optional<std::vector<std::uint32_t>> hamiltonian_cycle(const Network& t) {
  if (t.num_nodes() > kHamiltonMaxNodes) return std::nullopt;
  // applies() asks for every network --list shows, so the answer is kept per spec (a few
  // dozen networks at most; the cache is emptied when it grows past that).
  static std::mutex mutex;
  static std::map<std::string, std::optional<std::vector<std::uint32_t>>> known;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    if (const auto it = known.find(t.spec()); it != known.end()) return it->second;
  }
  auto cycle = find_cycle(t);
  const std::lock_guard<std::mutex> lock(mutex);
  constexpr std::size_t kRemembered = 64;
  if (known.size() >= kRemembered) known.clear();
  known.emplace(t.spec(), cycle);
  return cycle;
}

}  // namespace netsched
