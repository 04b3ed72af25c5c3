#include "gen/collectives.hpp"

#include <map>

#include "gen/broadcast/broadcast.hpp"
#include "gen/combine/combine.hpp"
#include "gen/exchange/total_exchange.hpp"
#include "gen/route/router.hpp"
#include "gen/topo/hsn.hpp"

namespace netsched {

const std::vector<std::string>& collective_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> c{"broadcast", "scatter", "gather",         "total-exchange",
                               "reduce",    "route",   "reduce-scatter", "cube-dimension"};
    for (const auto& x : combining_collective_names()) c.push_back(x);
    return c;
  }();
  return names;
}

std::vector<std::string> collective_algorithms(const Network& t, const std::string& c) {
  if (c == "broadcast") return broadcast_names(t);
  if (c == "route") return router_names(t);
  if (c == "total-exchange") return total_exchange_names(t);
  if (c == "scatter") {
    if (t.family() == "dualcube") return {"one2allp", "tree-scatter"};
    return {"tree-scatter"};
  }
  if (c == "gather") return {"tree-gather"};
  if (c == "reduce") return {"tree-reduce"};
  if (c == "reduce-scatter") return {"tree-reduce-scatter"};
  if (c == "cube-dimension") {
    const auto* h = dynamic_cast<const Hsn*>(&t);
    if (h && h->innermost().family() == "hypercube") return {"rhs-emulation"};
    return {};
  }
  auto names = combining_algorithm_names(t, c);
  if (c == "all-gather") names.push_back("tree-all-gather");
  if (c == "all-reduce") names.push_back("tree-all-reduce");
  return names;
}

std::string algorithm_origin(const std::string& a) {
  static const std::map<std::string, std::string> origin = {
      {"hdn-broadcast", "paper: li-peng-chu-2012 (HDN broadcast)"},
      {"binomial-tree", "paper: standard hypercube binomial tree"},
      {"product-broadcast",
       "paper: li-peng-chu-2012 (broadcast on products, dimension by dimension)"},
      {"dualcube-broadcast", "paper: li-peng-chu-2012 (dualcube broadcast)"},
      {"rhfc-broadcast", "paper: rhfc §4 (recursive broadcast)"},
      {"greedy",
       "generic: any connected network (broadcast: BFS tree, deepest subtree first, "
       "<= min(N-1, ecc(root) x max degree) steps; total exchange: shortest paths, "
       "farthest message first, <= sum of distances steps)"},
      {"hdn", "paper: li-chu-2013 Algorithm 2 (HDN total exchange, packed)"},
      {"dualcube-exchange", "paper: li-chu-2013 through dualcube = rdn(hypercube(r-1),1)"},
      {"a2",
       "paper: dimakopoulos Algorithm A2 (any product; factor exchanges closed form, A2 or "
       "greedy)"},
      {"packed", "paper: li-chu-2013 dimension-ordered packed exchange on products"},
      {"dimension-exchange", "paper: standard hypercube dimension exchange"},
      {"one2allp", "paper: dualcube §3 One2allP"},
      {"tree-scatter",
       "generic: BFS tree, each child gets its subtree's chunks; broadcast's rounds"},
      {"tree-gather",
       "generic: BFS tree reversed, each node forwards what it holds; broadcast's "
       "rounds"},
      {"tree-all-gather", "generic: tree gather then broadcast of everything; twice the rounds"},
      {"tree-all-reduce", "generic: combine up the tree, set down; twice the rounds"},
      {"tree-reduce", "generic: combine up the BFS tree to the root; the broadcast's rounds"},
      {"tree-reduce-scatter",
       "generic: every node's blocks combined up its own BFS tree, "
       "list-scheduled one-port; <= N(N-1) steps"},
      {"all2allb", "paper: dualcube §3 Algorithm 1 All2allB"},
      {"many2manym", "paper: dualcube §3 Algorithm 2 Many2manyM"},
      {"dimension-sum", "paper: standard hypercube dimension scan"},
      {"dimension-prefix", "paper: standard hypercube dimension scan"},
      {"rhfc-semigroup", "paper: rhfc §4.1 semigroup computation"},
      {"dual-prefix", "paper: dualcube Algorithm 5 (made consistent)"},
      {"dualcube-matmul", "paper: dualcube Algorithm 7"},
      {"dualcube-vecmat", "paper: dualcube Algorithm 6"},
      {"cluster-sum", "paper: dualcube Algorithm 3"},
      {"cluster-prefix", "paper: dualcube Algorithm 4 (corrected)"},
      {"cluster-prefix-as-printed", "paper: dualcube Algorithm 4 as printed (violated)"},
      {"rhs-emulation", "paper: rhfc Theorem 5.1"},
      {"bfs", "generic: a shortest path by BFS"},
      {"dimension-order", "paper: dimension-order routing on products"},
      {"hdn-routing", "paper: li-peng-chu-2012 HDN routing"},
      {"dualcube-routing", "paper: dualcube routing"},
      {"mfc-routing", "paper: rhfc MFC routing"},
      {"hfc-routing", "paper: rhfc HFC routing"},
      {"hsn-routing", "paper: rhfc HSN routing"},
      {"hypernet-routing", "paper: rhfc recursive routing (Theorem 3.2) on an (r,l,Q_k) hypernet"},
      {"ftr", "paper: rhfc §4.2 on-line fault-tolerant routing FTR (faulty HFC, HSN, RHS)"},
  };
  const auto it = origin.find(a);
  return it == origin.end() ? "unknown" : it->second;
}

}  // namespace netsched
