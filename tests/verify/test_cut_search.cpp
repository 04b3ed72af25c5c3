// The local search for small balanced cuts: its cut is balanced and counted right, it never
// beats the exact width, and it finds the obvious small cuts.
#include <catch2/catch.hpp>

#include "gen/topology.hpp"
#include "verify/cut_search.hpp"
#include "verify/smt_bisection.hpp"

using namespace netsched;

namespace {

void check_balanced(const BalancedCut& c, std::uint64_t n, const Network& t) {
  const auto zeros = std::count(c.side.begin(), c.side.end(), 0);
  CHECK(static_cast<std::uint64_t>(zeros) == n / 2);
  CHECK(c.width == cut_size(t, c.side));
}

}  // namespace

TEST_CASE("cut search: balanced, re-counted, never below the exact width") {
  for (const char* spec : {"ring(8)", "torus(4,4)", "hypercube(4)", "dualcube(3)", "ccc(3)",
                           "rdn(hypercube(1),1)", "hdn(hypercube(2), sn=[{0}])", "path(9)"}) {
    INFO(spec);
    const auto t = build_topology(spec);
    const auto cut = search_balanced_cut(Csr(*t));
    check_balanced(cut, t->num_nodes(), *t);
    const Bisection exact = bisection_width(*t);
    REQUIRE(exact.result == Bisection::Kind::Exact);
    CHECK(cut.width >= exact.width);
  }
}

TEST_CASE("cut search finds the known widths of larger networks") {
  // hypercube(n): N/2 (a dimension cut); two complete graphs joined by one link: 1
  for (int n : {6, 8, 10}) {
    const auto t = build_topology("hypercube(" + std::to_string(n) + ")");
    const auto cut = search_balanced_cut(Csr(*t));
    check_balanced(cut, t->num_nodes(), *t);
    CHECK(cut.width == t->num_nodes() / 2);
  }
  std::vector<std::vector<std::uint32_t>> adj(40);
  for (std::uint32_t a = 0; a < 40; ++a)
    for (std::uint32_t b = 0; b < 40; ++b)
      if (a != b && a / 20 == b / 20) adj[a].push_back(b);
  // the two cliques interleaved in id order, so the id halves cut many links
  std::vector<std::vector<std::uint32_t>> shuffled(40);
  auto id = [](std::uint32_t v) { return v < 20 ? 2 * v : 2 * (v - 20) + 1; };
  for (std::uint32_t a = 0; a < 40; ++a)
    for (auto b : adj[a]) shuffled[id(a)].push_back(id(b));
  shuffled[id(0)].push_back(id(39));
  shuffled[id(39)].push_back(id(0));
  const Csr g(shuffled);
  const auto cut = search_balanced_cut(g);
  CHECK(cut.width == 1);
}

TEST_CASE("prove bisection on a large HDN reports a search cut below N/4") {
  // hdn12.bisection's witness: the paper's N/4 = 32 is not the width of HDN(Q_2,2,(2,4))
  const auto t = build_topology("hdn(hypercube(2), sn=[{0},{0,1}])");
  const Bisection b = bisection_width(*t);
  CHECK(b.result == Bisection::Kind::UpperBound);
  CHECK(b.width < t->num_nodes() / 4);
  CHECK(b.width == cut_size(*t, b.side));
}
