#include "core/orbits.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

// nauty declares thread-local state with C11 spelling.
#define _Thread_local thread_local
extern "C" {
#include <nausparse.h>
#include <traces.h>
}

namespace netsched {
namespace {

/// Copies a CSR into a nauty sparsegraph (which owns malloc'd arrays).
struct SparseGraph {
  sparsegraph sg;
  explicit SparseGraph(const Csr& g) {
    if (g.num_nodes() > kMaxTracesNodes)
      throw std::invalid_argument("graph has " + std::to_string(g.num_nodes()) +
                                  " nodes, over the Traces limit of " +
                                  std::to_string(kMaxTracesNodes));
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

struct TracesRun {
  std::vector<int> lab, ptn, orbits;
  explicit TracesRun(std::size_t n) : lab(n), ptn(n), orbits(n) {}
};

}  // namespace

Orbits automorphism_orbits(const Csr& g) {
  const std::size_t n = g.num_nodes();
  Orbits out;
  out.exact = true;
  if (n == 0) return out;
  SparseGraph sg(g);
  TracesRun run(n);
  DEFAULTOPTIONS_TRACES(options);
  options.getcanon = FALSE;
  options.defaultptn = TRUE;
  TracesStats stats;
  Traces(&sg.sg, run.lab.data(), run.ptn.data(), run.orbits.data(), &options, &stats, nullptr);
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
  for (std::size_t v = 0; v < n; ++v) out.member[v] = index[static_cast<std::size_t>(run.orbits[v])];
  return out;
}

std::vector<std::vector<std::uint32_t>> canonical_form(const Csr& g) {
  const std::size_t n = g.num_nodes();
  std::vector<std::vector<std::uint32_t>> adj(n);
  if (n == 0) return adj;
  SparseGraph sg(g);
  TracesRun run(n);
  DEFAULTOPTIONS_TRACES(options);
  options.getcanon = TRUE;
  options.defaultptn = TRUE;
  TracesStats stats;
  SG_DECL(canon);
  Traces(&sg.sg, run.lab.data(), run.ptn.data(), run.orbits.data(), &options, &stats, &canon);
  for (std::size_t u = 0; u < n; ++u) {
    for (int i = 0; i < canon.d[u]; ++i)
      adj[u].push_back(static_cast<std::uint32_t>(canon.e[canon.v[u] + static_cast<std::size_t>(i)]));
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
