// libFuzzer harness: a network spec and a node name, parsed, built and walked.
//
// Why: specs and node names are the input every verb takes first. The harness reads
// "SPEC\nNODE", builds the network and checks what must hold for any network that builds:
// degrees within max_degree(), neighbours in range and symmetric, labels that parse back to
// their node; on small networks the CSR snapshot and a BFS. Bad input must end in
// InputError (exit 2 in the CLI); anything else — a crash, a sanitizer report, a
// broken invariant (abort) — is a finding.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/errors.hpp"
#include "core/metrics.hpp"
#include "gen/topology.hpp"

namespace {

/// Networks up to this many nodes also get a CSR snapshot and a BFS.
constexpr std::uint64_t kWalkedNodes = 4096;
/// Neighbours whose own lists are checked for the way back (degrees reach N - 1).
constexpr std::size_t kCheckedNeighbours = 8;

void require(bool ok) {
  if (!ok) std::abort();
}

void check_node(const netsched::Network& t, netsched::NodeId u) {
  std::vector<netsched::NodeId> nb, back;
  t.neighbors(u, nb);
  require(nb.size() == t.degree(u) && nb.size() <= t.max_degree());
  for (std::size_t i = 0; i < nb.size(); ++i) {
    const netsched::NodeId v = nb[i];
    require(v.v < t.num_nodes() && v != u);
    if (i >= kCheckedNeighbours) continue;
    t.neighbors(v, back);
    require(std::find(back.begin(), back.end(), u) != back.end());
  }
  require(t.parse_label(t.label(u)) == u);
}

void exercise(std::string_view spec, std::string_view node) {
  const auto t = netsched::build_topology(spec);
  const std::uint64_t n = t->num_nodes();
  require(n >= 1 && n <= netsched::kMaxNodes);
  check_node(*t, netsched::NodeId(0));
  check_node(*t, netsched::NodeId(static_cast<std::uint32_t>(n - 1)));
  if (n <= kWalkedNodes) {
    const netsched::Csr g(*t, 1);
    require(netsched::bfs_distances(g, 0).size() == n);
  }
  try {
    check_node(*t, t->node(node));
  } catch (const netsched::InputError&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::size_t cut = text.find('\n');
  try {
    exercise(text.substr(0, cut), cut == std::string_view::npos ? "" : text.substr(cut + 1));
  } catch (const netsched::InputError&) {
  }
  return 0;
}
