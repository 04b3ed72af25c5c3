#include "core/orbits.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

// nauty declares thread-local state with C11 spelling.
#define _Thread_local thread_local
extern "C" {
#include <nausparse.h>
#include <traces.h>

#include "core/errors.hpp"
}

namespace netsched {
namespace {

/// Copies a CSR into a nauty sparsegraph (which owns malloc'd arrays).
struct SparseGraph {
  sparsegraph sg;
  explicit SparseGraph(const Csr& g) {
    if (g.num_nodes() > kMaxTracesNodes)
      throw InputError("graph has " + std::to_string(g.num_nodes()) +
                       " nodes, over the Traces limit of " + std::to_string(kMaxTracesNodes));
    SG_INIT(sg);
    const std::size_t n = g.num_nodes();
    const std::size_t arcs = g.num_arcs();
    int nn = static_cast<int>(n);
    SG_ALLOC(sg, n, arcs, "netsched");
    (void)nn;
    sg.nv = static_cast<int>(n);
    sg.nde = arcs;
    for (std::size_t u = 0; u < n; ++u) {
      sg.v[u] = g.offsets()[u];
      sg.d[u] = static_cast<int>(g.degree(static_cast<std::uint32_t>(u)));
    }
    for (std::size_t i = 0; i < arcs; ++i) sg.e[i] = static_cast<int>(g.targets()[i]);
  }
  ~SparseGraph() { SG_FREE(sg); }
  SparseGraph(const SparseGraph&) = delete;
  SparseGraph& operator=(const SparseGraph&) = delete;
};

/// One call of Traces on g; fills `orbits` (each vertex's smallest orbit-mate) and, when
/// `canon` is given, the canonically relabelled graph.
struct TracesRun {
  std::vector<int> lab, ptn, orbits;
  /// `fixed` >= 0 puts that vertex in a cell of its own (orbits of its stabilizer).
  TracesRun(const Csr& g, sparsegraph* canon, int fixed = -1)
      : lab(g.num_nodes()), ptn(g.num_nodes()), orbits(g.num_nodes()) {
    SparseGraph sg(g);
    DEFAULTOPTIONS_TRACES(options);
    options.getcanon = canon ? TRUE : FALSE;
    options.defaultptn = fixed < 0 ? TRUE : FALSE;
    if (fixed >= 0) {
      // cells: {fixed}, then everything else; ptn[i] = 0 ends a cell
      const int n = static_cast<int>(g.num_nodes());
      lab[0] = fixed;
      for (int v = 0, i = 1; v < n; ++v)
        if (v != fixed) lab[static_cast<std::size_t>(i++)] = v;
      for (int i = 0; i < n; ++i) ptn[static_cast<std::size_t>(i)] = (i == 0 || i == n - 1) ? 0 : 1;
    }
    TracesStats stats;
    Traces(&sg.sg, lab.data(), ptn.data(), orbits.data(), &options, &stats, canon);
  }
};

}  // namespace

namespace {
Orbits orbits_of_run(const Csr& g, int fixed) {
  const std::size_t n = g.num_nodes();
  Orbits out;
  if (n == 0) return out;
  const TracesRun run(g, nullptr, fixed);
  // orbits[v] is the smallest vertex of v's orbit.
  std::vector<std::uint64_t> count(n, 0);
  for (std::size_t v = 0; v < n; ++v) count[static_cast<std::size_t>(run.orbits[v])]++;
  std::vector<std::uint32_t> index(n, 0);
  for (std::size_t v = 0; v < n; ++v)
    if (count[v]) {
      index[v] = static_cast<std::uint32_t>(out.reps.size());
      out.reps.push_back(static_cast<std::uint32_t>(v));
      out.sizes.push_back(count[v]);
    }
  out.member.resize(n);
  for (std::size_t v = 0; v < n; ++v)
    out.member[v] = index[static_cast<std::size_t>(run.orbits[v])];
  return out;
}
}  // namespace

Orbits automorphism_orbits(const Csr& g) { return orbits_of_run(g, -1); }

Orbits stabilizer_orbits(const Csr& g, std::uint32_t fixed) {
  return orbits_of_run(g, static_cast<int>(fixed));
}

std::vector<std::vector<std::uint32_t>> canonical_form(const Csr& g) {
  const std::size_t n = g.num_nodes();
  std::vector<std::vector<std::uint32_t>> adj(n);
  if (n == 0) return adj;
  SG_DECL(canon);
  const TracesRun run(g, &canon);
  for (std::size_t u = 0; u < n; ++u) {
    for (int i = 0; i < canon.d[u]; ++i)
      adj[u].push_back(
          static_cast<std::uint32_t>(canon.e[canon.v[u] + static_cast<std::size_t>(i)]));
    std::sort(adj[u].begin(), adj[u].end());
  }
  SG_FREE(canon);
  return adj;
}

bool isomorphic(const Csr& a, const Csr& b) {
  if (a.num_nodes() != b.num_nodes() || a.num_arcs() != b.num_arcs()) return false;
  return canonical_form(a) == canonical_form(b);
}

}  // namespace netsched
