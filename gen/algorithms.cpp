// The algorithm table (gen/algorithms.hpp): one row per algorithm, in --list order per
// collective (the paper's algorithm for a family before netsched's generic ones, so that "auto"
// is the first row that applies). The casts to each generator's network type live here, behind
// an `applies` that accepts exactly that type.
#include "gen/algorithms.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>

#include "core/errors.hpp"
#include "gen/combine/combine.hpp"
#include "gen/exchange/total_exchange.hpp"
#include "gen/generic/tree_collectives.hpp"
#include "gen/textbook/embedding.hpp"
#include "gen/textbook/spanning_trees.hpp"
#include "gen/textbook/textbook.hpp"
#include "gen/topo/dualcube.hpp"
#include "gen/topo/faulty.hpp"
#include "gen/topo/hdn.hpp"
#include "gen/topo/hsn.hpp"
#include "gen/topo/hypernet.hpp"
#include "gen/topo/mfc.hpp"
#include "gen/topo/network_product.hpp"
#include "gen/topo/product.hpp"

namespace netsched {
namespace {

// ---- where a row applies ----
template <class T>
bool is(const Network& t) {
  return network_is<T>(t);
}
/// `t` as T; only called behind a row's `applies`, so a miss is a table bug.
template <class T>
const T& as(const Network& t) {
  const T* p = network_as<T>(t);
  if (!p)
    throw std::logic_error("algorithm table: a row accepted " + t.spec() + " for a type it is not");
  return *p;
}
bool any(const Network& /*t*/) { return true; }
bool hypercube(const Network& t) { return is<Product>(t) && as<Product>(t).is_hypercube(); }
bool other_product(const Network& t) { return is<Product>(t) && !hypercube(t); }
bool any_product(const Network& t) { return is<Product>(t) || is<NetworkProduct>(t); }
bool hfc(const Network& t) { return is<Mfc>(t) && as<Mfc>(t).hfc(); }
bool mfc(const Network& t) { return is<Mfc>(t) && !hfc(t); }
bool rhfc_family(const Network& t) { return is<Mfc>(t) || is<Hsn>(t); }
bool nucleus_per_cluster(const Network& t) { return is<Hsn>(t) || hfc(t); }
bool faulty_rhfc(const Network& t) {
  return is<FaultyNetwork>(t) && nucleus_per_cluster(as<FaultyNetwork>(t).base());
}
bool rhs_over_cube(const Network& t) { return is<Hsn>(t) && hypercube(as<Hsn>(t).innermost()); }
bool register_cube(const Network& t) {
  return hypercube(t) && t.num_nodes() <= kReduceScatterMaxNodes;
}
bool hamiltonian(const Network& t) { return hamiltonian_cycle(t).has_value(); }
/// The chain broadcast's pieces when the request names none (gen --bytes tries several).
constexpr std::uint32_t kDefaultChainPieces = 8;
bool register_ring(const Network& t) {
  return t.num_nodes() <= kReduceScatterMaxNodes && hamiltonian(t);
}
bool register_swing(const Network& t) {
  return is<Product>(t) && t.num_nodes() <= kReduceScatterMaxNodes && swing_applies(as<Product>(t));
}
bool embed_swing(const Network& t) {
  return is<Product>(t) && t.num_nodes() <= kEmbedMaxNodes && swing_applies(as<Product>(t));
}
bool optimal_size(const Network& t) { return t.num_nodes() <= kOptimalBroadcastMaxNodes; }
bool packed_broadcast_size(const Network& t) {
  return t.num_nodes() >= 2 && t.num_nodes() <= kPackedTreesMaxNodes;
}
bool packed_register_trees(const Network& t) {
  return packed_trees_apply(t) && t.num_nodes() <= kTreeRegistersMaxNodes;
}
bool embed_size(const Network& t) { return t.num_nodes() <= kEmbedMaxNodes; }
bool direct_size(const Network& t) { return t.num_nodes() <= kDirectMaxNodes; }
/// The tree broadcasts' pieces when the request names none (gen --bytes tries several).
constexpr std::uint32_t kDefaultTreePieces = 8;

/// The pieces a pipelined row splits its message into: the request's, or the row's default.
std::uint32_t pieces_or(const GenRequest& r, std::uint32_t fallback) {
  return r.pieces == 0 ? fallback : r.pieces;
}
bool flood_size(const Network& t) { return t.num_nodes() <= kFloodMaxNodes; }
bool flood_registers(const Network& t) { return t.num_nodes() <= kReduceScatterMaxNodes; }

/// A reduce row's make: the broadcast row `broadcast` of the request, run backwards
/// (reduce_by_reversed_broadcast).
Schedule reversed_broadcast(const Network& t, const GenRequest& r, const char* broadcast) {
  GenRequest b = r;
  b.collective = "broadcast";
  b.algorithm = broadcast;
  return reduce_by_reversed_broadcast(t, generate(t, b));
}

// Broadcast rows give rounds, route rows a router: generate() makes the schedule of both. A
// constant table: no initialisation order, and every row is checked by the compiler.
constexpr auto kRows = std::to_array<AlgorithmInfo>({
    {"broadcast", "hdn-broadcast", "paper: li-peng-chu-2012 (HDN broadcast)",
     "paper: li-peng-chu-2012", "hdn(hypercube(2), sn=[{0},{1}])", is<Hdn>, nullptr, nullptr,
     +[](const Network& t, std::uint32_t root) { return hdn_broadcast(as<Hdn>(t), root); }},
    {"broadcast", "binomial-tree", "paper: standard hypercube binomial tree",
     "paper: n rounds (standard)", "hypercube(3)", hypercube, nullptr, nullptr,
     +[](const Network& t, std::uint32_t root) { return product_broadcast(as<Product>(t), root); }},
    {"broadcast", "product-broadcast",
     "paper: li-peng-chu-2012 (broadcast on products, dimension by dimension)",
     "paper: li-peng-chu-2012", "torus(3,4)", other_product, nullptr, nullptr,
     +[](const Network& t, std::uint32_t root) { return product_broadcast(as<Product>(t), root); }},
    {"broadcast", "dualcube-broadcast", "paper: li-peng-chu-2012 (dualcube broadcast)",
     "paper: li-peng-chu-2012", "dualcube(3)", is<Dualcube>, nullptr, nullptr,
     +[](const Network& t, std::uint32_t root) {
       return dualcube_broadcast(as<Dualcube>(t), root);
     }},
    {"broadcast", "rhfc-broadcast", "paper: rhfc §4 (recursive broadcast)", "paper: rhfc recursion",
     "hsn(2,hypercube(2))", rhfc_family, nullptr, nullptr, rhfc_broadcast},
    {"broadcast", "optimal",
     "generic: Z3 synthesis of the fewest steps (one message, one-port) on networks of at most 32 "
     "nodes (kOptimalBroadcastMaxNodes); greedy's schedule when Z3 does not decide in time",
     "none: z3 proves that no schedule has fewer steps", "ccc(3)", optimal_size, nullptr, nullptr,
     nullptr, false, true},
    {"broadcast", "greedy", "generic: any connected network (BFS tree, deepest subtree first)",
     "stated: min(N-1, ecc(root) x max degree) rounds", "ccc(3)", any, nullptr, nullptr,
     greedy_broadcast},

    {"scatter", "one2allp", "paper: dualcube §3 One2allP", "paper: dualcube §3", "dualcube(2)",
     is<Dualcube>,
     +[](const Network& t, const GenRequest& r) {
       return dualcube_one2allp(as<Dualcube>(t), r.root);
     }},
    {"broadcast", "chain",
     "textbook: pipelined chain of pieces down a Hamiltonian path (MPI's large-message bcast)",
     "stated: N-2+p steps of one piece", "torus(3,4)", hamiltonian,
     +[](const Network& t, const GenRequest& r) {
       return pipelined_chain_broadcast(t, r.root, pieces_or(r, kDefaultChainPieces));
     },
     nullptr, nullptr, true},
    {"broadcast", "binary-tree",
     "textbook: pipelined binary tree of pieces (MPI's medium-message bcast), its sends routed "
     "on shortest paths and list-scheduled",
     "stated: the routed sends' hops", "torus(3,4)", embed_size,
     +[](const Network& t, const GenRequest& r) {
       return embed_plan(t, binary_tree_broadcast_plan(t, r.root, pieces_or(r, kDefaultTreePieces)),
                         "binary-tree");
     },
     nullptr, nullptr, true},
    {"broadcast", "double-binary-tree",
     "textbook: NCCL's double binary tree (Sanders, Speck and Traff 2009), pieces alternating "
     "between two trees, sends routed on shortest paths and list-scheduled",
     "stated: the routed sends' hops", "torus(3,4)", embed_size,
     +[](const Network& t, const GenRequest& r) {
       return embed_plan(
           t, double_binary_tree_broadcast_plan(t, r.root, pieces_or(r, kDefaultTreePieces)),
           "double-binary-tree");
     },
     nullptr, nullptr, true},
    {"broadcast", "packed-trees",
     "generic: all-port, the message in pieces, a spanning tree each from the root, the trees' "
     "steps packed so that every step loads the links alike (Edmonds: as many trees as the "
     "root's least cut)",
     "stated: the diameter + 2", "torus(3,4)", packed_broadcast_size,
     +[](const Network& t, const GenRequest& r) {
       return trees_broadcast(t,
                              packed_broadcast_trees(t, r.root, pieces_or(r, kDefaultTreePieces)),
                              r.root, "packed-trees");
     },
     nullptr, nullptr, true},
    {"broadcast", "rarest-first",
     "generic: all-port, the message in pieces: every step every node takes over each link into "
     "it a piece it lacks, the pieces fewest nodes hold first",
     "stated: p + ecc(root) - 1 (a node lacking a piece its BFS parent holds takes one)", "ccc(3)",
     rarest_first_broadcast_applies,
     +[](const Network& t, const GenRequest& r) {
       return trees_broadcast(
           t, rarest_first_broadcast_trees(t, r.root, pieces_or(r, kDefaultTreePieces)), r.root,
           "rarest-first");
     },
     nullptr, nullptr, true},
    {"broadcast", "arborescences",
     "generic: all-port, the message in pieces down as many arc-disjoint spanning trees from the "
     "root as its least cut (Edmonds 1973, built by Lovasz's proof; on hypercubes Johnsson and "
     "Ho's n trees), each tree's pieces pipelined",
     "stated: p + N - 2 (a tree's depth is at most N - 1); ceil(p/n) + n on hypercube(n)", "ccc(3)",
     arborescences_apply,
     +[](const Network& t, const GenRequest& r) {
       return trees_broadcast(
           t, arborescence_broadcast_trees(t, r.root, pieces_or(r, kDefaultTreePieces)), r.root,
           "arborescences");
     },
     nullptr, nullptr, true},
    {"scatter", "tree-scatter",
     "generic: BFS tree, each child gets its subtree's chunks; broadcast's rounds",
     "stated: the greedy broadcast's rounds", "ccc(3)", any,
     +[](const Network& t, const GenRequest& r) { return tree_scatter(t, r.root); }},
    {"scatter", "binomial",
     "textbook: MPICH's binomial scatter (Thakur et al. 2005), its sends routed on shortest "
     "paths and list-scheduled",
     "stated: the routed sends' hops", "torus(3,4)", embed_size,
     +[](const Network& t, const GenRequest& r) {
       return embed_plan(t, binomial_scatter_plan(t, r.root), "binomial");
     }},

    {"gather", "tree-gather",
     "generic: BFS tree reversed, each node forwards what it holds; broadcast's rounds",
     "stated: the greedy broadcast's rounds", "ccc(3)", any,
     +[](const Network& t, const GenRequest& r) { return tree_gather(t, r.root); }},
    {"gather", "binomial",
     "textbook: MPICH's binomial gather (Thakur et al. 2005), its sends routed on shortest paths "
     "and list-scheduled",
     "stated: the routed sends' hops", "torus(3,4)", embed_size,
     +[](const Network& t, const GenRequest& r) {
       return embed_plan(t, binomial_gather_plan(t, r.root), "binomial");
     }},

    {"total-exchange", "hdn", "paper: li-chu-2013 Algorithm 2 (HDN total exchange, packed)",
     "paper: li-chu-2013 Theorem 2", "hdn(hypercube(2), sn=[{0},{1}])", is<Hdn>,
     +[](const Network& t, const GenRequest& /*r*/) { return hdn_total_exchange(as<Hdn>(t)); }},
    {"total-exchange", "dualcube-exchange",
     "paper: li-chu-2013 through dualcube = rdn(hypercube(r-1),1)",
     "none: the HDN bound is checked on the rdn it runs through", "dualcube(2)", is<Dualcube>,
     +[](const Network& t, const GenRequest& /*r*/) {
       return dualcube_total_exchange(as<Dualcube>(t));
     }},
    {"total-exchange", "a2",
     "paper: dimakopoulos Algorithm A2 (any product; factor exchanges closed form, A2 or "
     "greedy)",
     "paper: dimakopoulos Theorem 2", "torus(3,4)", any_product,
     +[](const Network& t, const GenRequest& /*r*/) { return a2_exchange(t); }},
    {"total-exchange", "packed", "paper: li-chu-2013 dimension-ordered packed exchange on products",
     "none: li-chu-2013 bounds it only inside the HDN exchange", "torus(3,4)", is<Product>,
     +[](const Network& t, const GenRequest& /*r*/) {
       return packed_total_exchange(as<Product>(t));
     }},
    {"total-exchange", "dimension-exchange", "paper: standard hypercube dimension exchange",
     "paper: li-chu-2013 (n steps)", "hypercube(3)", hypercube,
     +[](const Network& t, const GenRequest& /*r*/) {
       return hypercube_dimension_exchange(as<Product>(t));
     }},
    {"total-exchange", "greedy",
     "generic: any connected network (shortest paths, farthest message first)",
     "stated: the sum of distances", "ccc(3)", any,
     +[](const Network& t, const GenRequest& /*r*/) { return greedy_exchange(t); }},
    {"total-exchange", "all-port-dimension",
     "textbook: all-port dimension order on a hypercube, each chunk from its own dimension",
     "stated: n = log2 N steps", "hypercube(3)", register_cube,
     +[](const Network& t, const GenRequest& /*r*/) {
       return all_port_dimension_exchange(as<Product>(t));
     }},
    {"total-exchange", "flood",
     "generic: all-port, every chunk along its origin's BFS tree, links balanced",
     "stated: the diameter", "ccc(3)", flood_registers,
     +[](const Network& t, const GenRequest& /*r*/) { return flood_total_exchange(t); }},

    {"total-exchange", "balanced",
     "generic: all-port, shortest paths balanced over the links and the hops packed so that "
     "every step loads the links alike (local search)",
     "stated: the diameter + 2", "torus(3,4)", balanced_exchange_applies,
     +[](const Network& t, const GenRequest& r) { return balanced_exchange(t, r.fewest_steps); },
     nullptr, nullptr, /*pipelined=*/false, /*solved=*/false, /*trades_steps=*/true},
    {"total-exchange", "bruck",
     "textbook: Bruck et al. 1997 (MPI's small-message alltoall), its sends routed on shortest "
     "paths and list-scheduled",
     "stated: the routed sends' hops", "torus(3,4)", embed_size,
     +[](const Network& t, const GenRequest& /*r*/) {
       return embed_plan(t, bruck_exchange_plan(t), "bruck");
     }},
    {"total-exchange", "direct",
     "textbook: MPI's basic_linear alltoall, every block sent at once; routed: the network "
     "carries each block on its route",
     "stated: 1 step", "torus(3,4)", direct_size,
     +[](const Network& t, const GenRequest& /*r*/) {
       return route_plan(t, direct_exchange_plan(t), "direct");
     }},
    {"total-exchange", "routed-bruck",
     "textbook: Bruck et al. 1997 (MPI's small-message alltoall); routed: a round a step, the "
     "network carries each send on its route",
     "stated: ceil(log2 N) steps", "torus(3,4)", embed_size,
     +[](const Network& t, const GenRequest& /*r*/) {
       return route_plan(t, bruck_exchange_plan(t), "routed-bruck");
     }},

    {"reduce", "tree-reduce", "generic: combine up the BFS tree to the root; broadcast's rounds",
     "stated: the greedy broadcast's rounds", "ccc(3)", any,
     +[](const Network& t, const GenRequest& r) { return tree_reduce(t, r.root); }},
    {"reduce", "chain",
     "textbook: the chain broadcast run backwards: the vector in pieces, partial sums up a "
     "Hamiltonian path to the root (MPI's large-message reduce)",
     "stated: N-2+p steps of one piece", "torus(3,4)", hamiltonian,
     +[](const Network& t, const GenRequest& r) { return reversed_broadcast(t, r, "chain"); },
     nullptr, nullptr, true},
    {"reduce", "binary-tree",
     "textbook: the binary-tree broadcast run backwards: the vector in pieces, partial sums up "
     "a binary tree (MPI's medium-message reduce), its sends routed on shortest paths",
     "stated: the routed sends' hops", "torus(3,4)", embed_size,
     +[](const Network& t, const GenRequest& r) {
       return reversed_broadcast(t, r, "binary-tree");
     },
     nullptr, nullptr, true},
    {"reduce", "double-binary-tree",
     "textbook: NCCL's double binary tree run backwards: the pieces' partial sums up two trees "
     "in turn, sends routed on shortest paths",
     "stated: the routed sends' hops", "torus(3,4)", embed_size,
     +[](const Network& t, const GenRequest& r) {
       return reversed_broadcast(t, r, "double-binary-tree");
     },
     nullptr, nullptr, true},
    {"reduce", "packed-trees",
     "generic: all-port, the packed-trees broadcast run backwards: each piece's partial sums up "
     "its spanning tree into the root",
     "stated: the diameter + 2", "torus(3,4)", packed_broadcast_size,
     +[](const Network& t, const GenRequest& r) {
       return reversed_broadcast(t, r, "packed-trees");
     },
     nullptr, nullptr, true},
    {"reduce", "rarest-first",
     "generic: all-port, the rarest-first broadcast run backwards: each piece's partial sums up "
     "the tree it went down",
     "stated: p + ecc(root) - 1 (the broadcast's)", "ccc(3)", rarest_first_broadcast_applies,
     +[](const Network& t, const GenRequest& r) {
       return reversed_broadcast(t, r, "rarest-first");
     },
     nullptr, nullptr, true},
    {"reduce", "arborescences",
     "generic: all-port, the arborescences' broadcast run backwards: the pieces' partial sums up "
     "as many arc-disjoint spanning trees into the root as its least cut (Edmonds 1973)",
     "stated: p + N - 2; ceil(p/n) + n on hypercube(n) (the broadcast's)", "ccc(3)",
     arborescences_apply,
     +[](const Network& t, const GenRequest& r) {
       return reversed_broadcast(t, r, "arborescences");
     },
     nullptr, nullptr, true},

    {"route", "hdn-routing", "paper: li-peng-chu-2012 HDN routing", "paper: li-peng-chu-2012",
     "hdn(hypercube(2), sn=[{0},{1}])", is<Hdn>, nullptr,
     +[](const Network& t) { return make_hdn_router(as<Hdn>(t)); }},
    {"route", "dimension-order", "paper: dimension-order routing on products",
     "none: a route is at most the diameter, which info checks", "torus(3,4)", is<Product>, nullptr,
     +[](const Network& t) { return make_dimension_order_router(as<Product>(t)); }},
    {"route", "dualcube-routing", "paper: dualcube routing", "paper: dualcube", "dualcube(3)",
     is<Dualcube>, nullptr,
     +[](const Network& t) { return make_dualcube_router(as<Dualcube>(t)); }},
    {"route", "mfc-routing", "paper: rhfc MFC routing", "paper: rhfc recursion", "mfc(ring(3),4,5)",
     mfc, nullptr, make_rhfc_router},
    {"route", "hfc-routing", "paper: rhfc HFC routing", "paper: rhfc recursion",
     "hfc(complete(3),4,4)", hfc, nullptr, make_rhfc_router},
    {"route", "hsn-routing", "paper: rhfc HSN routing", "paper: rhfc recursion",
     "hsn(2,hypercube(2))", is<Hsn>, nullptr, make_rhfc_router},
    {"route", "hypernet-routing",
     "paper: rhfc recursive routing (Theorem 3.2) on an (r,l,Q_k) hypernet",
     "paper: rhfc Theorem 3.2", "hypernet(2,2,3)", is<Hypernet>, nullptr,
     +[](const Network& t) { return make_hypernet_router(as<Hypernet>(t)); }},
    {"route", "ftr", "paper: rhfc §4.2 on-line fault-tolerant routing FTR (faulty HFC, HSN, RHS)",
     "none: FTR's length depends on the faults", "faulty(hsn(2,hypercube(2)), nodes=[{5}])",
     faulty_rhfc, nullptr, +[](const Network& t) { return make_ftr_router(as<FaultyNetwork>(t)); }},
    {"route", "bfs", "generic: a shortest path by BFS",
     "none: a shortest path, the distance itself", "ccc(3)", any, nullptr, make_bfs_router},

    {"reduce-scatter", "recursive-halving",
     "textbook: recursive halving (Thakur, Rabenseifner and Gropp 2005) on a hypercube",
     "stated: n = log2 N steps", "hypercube(3)", register_cube,
     +[](const Network& t, const GenRequest& /*r*/) {
       return recursive_halving_reduce_scatter(as<Product>(t));
     }},
    {"reduce-scatter", "swing",
     "textbook: Swing's reduce-scatter (De Sensi et al. 2024): peers 1, -1, 3, -5, ... ahead by "
     "coordinate parity, on rings (an odd one's last coordinate folded into the one before)",
     "stated: the exchanges' hops (every routed send's where a ring is odd)", "torus(4,4)",
     register_swing,
     +[](const Network& t, const GenRequest& /*r*/) {
       return swing_reduce_scatter(as<Product>(t));
     }},
    {"reduce-scatter", "ring",
     "textbook: ring reduce-scatter (Thakur et al. 2005) along a Hamiltonian cycle",
     "stated: N-1 steps", "torus(3,4)", register_ring,
     +[](const Network& t, const GenRequest& /*r*/) { return ring_reduce_scatter(t); }},
    {"reduce-scatter", "tree-reduce-scatter",
     "generic: every node's blocks combined up its own BFS tree, list-scheduled one-port",
     "stated: N(N-1) steps", "ccc(3)", any,
     +[](const Network& t, const GenRequest& /*r*/) { return tree_reduce_scatter(t); }},
    {"reduce-scatter", "flood",
     "generic: all-port, every block combined up a BFS tree of its node, links balanced",
     "stated: the diameter", "ccc(3)", flood_registers,
     +[](const Network& t, const GenRequest& /*r*/) { return flood_reduce_scatter(t); }},
    {"reduce-scatter", "packed-trees",
     "generic: all-port, every block combined up its node's packed spanning tree in reverse",
     "stated: the diameter + 2", "torus(3,4)", packed_register_trees,
     +[](const Network& t, const GenRequest& /*r*/) {
       return trees_reduce_scatter(t, packed_trees(t), "packed-trees");
     }},
    {"reduce-scatter", "rarest-first",
     "generic: all-port, in pieces: every piece of a block combined up its rarest-first tree "
     "in reverse (the all-gather's schedule run backwards)",
     "none: the steps its run takes (pieces over the in-degree at best)", "ccc(3)",
     rarest_first_applies,
     +[](const Network& t, const GenRequest& r) {
       return trees_reduce_scatter(t, rarest_first_trees(t, pieces_or(r, 1)), "rarest-first");
     },
     nullptr, nullptr, true},
    {"reduce-scatter", "bfb",
     "textbook: BFB (Zhao et al. 2025) run backwards: every piece of a block combined up its "
     "shortest paths, a level a step, the pieces spread over the links alike",
     "stated: the diameter", "ccc(3)", bfb_applies,
     +[](const Network& t, const GenRequest& r) {
       return trees_reduce_scatter(t, bfb_trees(t, pieces_or(r, 1)), "bfb");
     },
     nullptr, nullptr, true},

    {"cube-dimension", "rhs-emulation", "paper: rhfc Theorem 5.1", "paper: rhfc Theorem 5.1",
     "rhs(2,2,hypercube(1))", rhs_over_cube,
     +[](const Network& t,
         const GenRequest& r) { return rhs_cube_dimension(as<Hsn>(t), r.dimension); }},

    {"all-reduce", "dimension-sum", "paper: standard hypercube dimension scan",
     "none: n steps by construction", "hypercube(3)", hypercube,
     +[](const Network& t, const GenRequest& /*r*/) {
       return hypercube_all_reduce(as<Product>(t));
     }},
    {"all-reduce", "rabenseifner",
     "textbook: Rabenseifner (Thakur et al. 2005): recursive halving, then doubling, of N "
     "pieces",
     "stated: 2n = 2 log2 N steps", "hypercube(3)", register_cube,
     +[](const Network& t, const GenRequest& /*r*/) {
       return rabenseifner_all_reduce(as<Product>(t));
     }},
    {"all-reduce", "rhfc-semigroup", "paper: rhfc §4.1 semigroup computation", "paper: rhfc §4.1",
     "hsn(2,hypercube(2))", nucleus_per_cluster,
     +[](const Network& t, const GenRequest& /*r*/) { return rhfc_semigroup(t); }},
    {"all-reduce", "tree-all-reduce", "generic: combine up the tree, set down; twice the rounds",
     "stated: twice the greedy broadcast's rounds", "ccc(3)", any,
     +[](const Network& t, const GenRequest& r) { return tree_all_reduce(t, r.root); }},
    {"all-reduce", "flood",
     "generic: all-port vector all-reduce of N pieces, up and down a BFS tree per piece",
     "stated: twice the diameter", "ccc(3)", flood_registers,
     +[](const Network& t, const GenRequest& /*r*/) { return flood_all_reduce(t); }},
    {"all-reduce", "packed-trees",
     "generic: all-port vector all-reduce of N pieces: each piece reduced up its node's packed "
     "spanning tree, its sum set down it",
     "stated: twice the diameter + 4", "torus(3,4)", packed_register_trees,
     +[](const Network& t, const GenRequest& r) {
       return trees_all_reduce(t, packed_trees(t, pieces_or(r, 1)), "packed-trees");
     },
     nullptr, nullptr, true},
    {"all-reduce", "rarest-first",
     "generic: all-port vector all-reduce in pieces: each piece reduced up its rarest-first tree, "
     "its sum set down it",
     "none: twice the steps its run takes", "ccc(3)", rarest_first_applies,
     +[](const Network& t, const GenRequest& r) {
       return trees_all_reduce(t, rarest_first_trees(t, pieces_or(r, 1)),
                               "rarest-first");
     },
     nullptr, nullptr, true},
    {"all-reduce", "bfb",
     "textbook: vector all-reduce as BFB's reduce-scatter then its all-gather (Zhao et al. 2025)",
     "stated: twice the diameter", "ccc(3)", bfb_applies,
     +[](const Network& t, const GenRequest& r) {
       return trees_all_reduce(t, bfb_trees(t, pieces_or(r, 1)), "bfb");
     },
     nullptr, nullptr, true},
    {"all-reduce", "swing",
     "textbook: Swing (De Sensi et al. 2024): reduce-scatter and all-gather of N pieces with peers "
     "1, -1, 3, -5, ... ahead by coordinate parity, on rings (an odd one's last coordinate folded "
     "into the one before)",
     "stated: 2 x the exchanges' hops (every routed send's where a ring is odd)", "torus(4,4)",
     register_swing,
     +[](const Network& t, const GenRequest& /*r*/) { return swing_all_reduce(as<Product>(t)); }},
    {"all-reduce", "ring",
     "textbook: ring all-reduce (NCCL, Thakur et al. 2005) of N pieces on a Hamiltonian cycle",
     "stated: 2(N-1) steps", "torus(3,4)", register_ring,
     +[](const Network& t, const GenRequest& /*r*/) { return ring_all_reduce(t); }},

    {"prefix", "dimension-prefix", "paper: standard hypercube dimension scan",
     "none: n steps by construction", "hypercube(3)", hypercube,
     +[](const Network& t, const GenRequest& /*r*/) { return hypercube_prefix(as<Product>(t)); }},
    {"prefix", "dual-prefix", "paper: dualcube Algorithm 5 (made consistent)",
     "none: claims check Algorithm 5's count", "dualcube(2)", is<Dualcube>,
     +[](const Network& t, const GenRequest& /*r*/) { return dualcube_prefix(as<Dualcube>(t)); }},
    {"prefix", "chain",
     "textbook: pipelined chain scan (MPI_Scan's linear scan, pipelined): the vector in pieces, "
     "each node's prefix passed to the next id, hops between ids routed on shortest paths; "
     "one-port",
     "none: a list schedule of the routed hops (its steps are measured)", "torus(3,4)",
     flood_registers,
     +[](const Network& t, const GenRequest& r) {
       return chain_prefix(t, pieces_or(r, 1), PortModel::OnePort);
     },
     nullptr, nullptr, true},
    {"prefix", "all-port-chain",
     "generic: all-port, the pipelined chain scan: a relay's sends use links of their own, so "
     "routed hops do not slow the pipe",
     "none: a list schedule of the routed hops (its steps are measured)", "torus(3,4)",
     flood_registers,
     +[](const Network& t, const GenRequest& r) {
       return chain_prefix(t, pieces_or(r, 1), PortModel::AllPort);
     },
     nullptr, nullptr, true},
    {"prefix", "pipelined-dimension-prefix",
     "textbook: the dimension scan (MPICH's recursive-doubling MPI_Scan) pipelined over pieces; "
     "all-port: piece k crosses dimension b in step k + b",
     "stated: p + n - 1 steps", "hypercube(3)", register_cube,
     +[](const Network& t, const GenRequest& r) {
       return pipelined_dimension_prefix(as<Product>(t), pieces_or(r, 1));
     },
     nullptr, nullptr, true},
    {"prefix", "dual-prefix-as-printed",
     "paper: dualcube Algorithm 5 as printed, Stage 3's i read as r-1 (violated)",
     "none: reproduced to show its violation", "dualcube(2)", is<Dualcube>,
     +[](const Network& t, const GenRequest& /*r*/) {
       return dualcube_prefix_as_printed(as<Dualcube>(t));
     }},

    {"cluster-sum", "cluster-sum", "paper: dualcube Algorithm 3",
     "none: claims check Algorithm 3's count", "dualcube(2)", is<Dualcube>,
     +[](const Network& t, const GenRequest& /*r*/) {
       return dualcube_cluster_sum(as<Dualcube>(t));
     }},

    {"cluster-prefix", "cluster-prefix", "paper: dualcube Algorithm 4 (corrected)",
     "none: claims check Algorithm 4's count", "dualcube(2)", is<Dualcube>,
     +[](const Network& t, const GenRequest& /*r*/) {
       return dualcube_cluster_prefix(as<Dualcube>(t), false);
     }},
    {"cluster-prefix", "cluster-prefix-as-printed",
     "paper: dualcube Algorithm 4 as printed (violated)", "none: reproduced to show its violation",
     "dualcube(2)", is<Dualcube>,
     +[](const Network& t,
         const GenRequest& /*r*/) { return dualcube_cluster_prefix(as<Dualcube>(t), true); }},

    {"matmul", "dualcube-matmul", "paper: dualcube Algorithm 7",
     "none: claims check Algorithm 7's count", "dualcube(2)", is<Dualcube>,
     +[](const Network& t, const GenRequest& /*r*/) { return dualcube_matmul(as<Dualcube>(t)); }},

    {"vecmat", "dualcube-vecmat", "paper: dualcube Algorithm 6",
     "none: claims check Algorithm 6's count", "dualcube(2)", is<Dualcube>,
     +[](const Network& t, const GenRequest& r) {
       return dualcube_vecmat(as<Dualcube>(t), r.root);
     }},

    {"all-gather", "all2allb", "paper: dualcube §3 Algorithm 1 All2allB", "paper: dualcube §3",
     "dualcube(2)", is<Dualcube>,
     +[](const Network& t, const GenRequest& /*r*/) { return dualcube_all2allb(as<Dualcube>(t)); }},
    {"all-gather", "recursive-doubling",
     "textbook: recursive doubling (Thakur, Rabenseifner and Gropp 2005) on a hypercube",
     "stated: n = log2 N steps", "hypercube(3)", hypercube,
     +[](const Network& t, const GenRequest& /*r*/) {
       return recursive_doubling_all_gather(as<Product>(t));
     }},
    {"all-gather", "tree-all-gather",
     "generic: tree gather then broadcast of everything; twice the rounds",
     "stated: twice the greedy broadcast's rounds", "ccc(3)", any,
     +[](const Network& t, const GenRequest& r) { return tree_all_gather(t, r.root); }},
    {"all-gather", "ring",
     "textbook: ring all-gather (Thakur et al. 2005) along a Hamiltonian cycle",
     "stated: N-1 steps", "torus(3,4)", hamiltonian,
     +[](const Network& t, const GenRequest& /*r*/) { return ring_all_gather(t); }},
    {"all-gather", "flood",
     "generic: all-port, every chunk down a BFS tree of its origin, links balanced",
     "stated: the diameter", "ccc(3)", flood_size,
     +[](const Network& t, const GenRequest& /*r*/) { return flood_all_gather(t); }},
    {"all-gather", "bruck",
     "textbook: Bruck et al. 1997 (MPI's small-message allgather), its sends routed on shortest "
     "paths and list-scheduled",
     "stated: the routed sends' hops", "torus(3,4)", embed_size,
     +[](const Network& t, const GenRequest& /*r*/) {
       return embed_plan(t, bruck_all_gather_plan(t), "bruck");
     }},
    {"all-gather", "routed-bruck",
     "textbook: Bruck et al. 1997 (MPI's small-message allgather); routed: a round a step, the "
     "network carries each send on its route",
     "stated: ceil(log2 N) steps", "torus(3,4)", embed_size,
     +[](const Network& t, const GenRequest& /*r*/) {
       return route_plan(t, bruck_all_gather_plan(t), "routed-bruck");
     }},
    {"all-gather", "swing",
     "textbook: Swing's all-gather (De Sensi et al. 2024), its sends routed on shortest paths and "
     "list-scheduled",
     "stated: the routed sends' hops", "torus(4,4)", embed_swing,
     +[](const Network& t, const GenRequest& /*r*/) {
       return embed_plan(t, swing_all_gather_plan(as<Product>(t)), "swing");
     }},
    {"all-gather", "packed-trees",
     "generic: all-port, a spanning tree per origin with its edges' steps packed so that every "
     "step loads the links alike (local search; one tree of offsets on tori and hypercubes)",
     "stated: the diameter + 2", "torus(3,4)", packed_trees_apply,
     +[](const Network& t, const GenRequest& r) {
       return trees_all_gather(t, packed_trees(t, pieces_or(r, 1)), "packed-trees");
     },
     nullptr, nullptr, true},
    {"all-gather", "rarest-first",
     "generic: all-port, in pieces: every step every node takes over each link into it a piece it "
     "lacks, the pieces fewest nodes hold first",
     "none: the steps its run takes (pieces over the in-degree at best)", "ccc(3)",
     rarest_first_applies,
     +[](const Network& t, const GenRequest& r) {
       return trees_all_gather(t, rarest_first_trees(t, pieces_or(r, 1)), "rarest-first");
     },
     nullptr, nullptr, true},
    {"all-gather", "bfb",
     "textbook: breadth-first broadcast (BFB, Zhao et al. 2025): in step s every node takes the "
     "blocks s+1 links away, each piece from a neighbour nearer its origin, the links loaded alike",
     "stated: the diameter", "ccc(3)", bfb_applies,
     +[](const Network& t, const GenRequest& r) {
       return trees_all_gather(t, bfb_trees(t, pieces_or(r, 1)), "bfb");
     },
     nullptr, nullptr, true},

    {"multicast", "many2manym", "paper: dualcube §3 Algorithm 2 Many2manyM", "paper: dualcube §3",
     "dualcube(2)", is<Dualcube>,
     +[](const Network& t,
         const GenRequest& r) { return dualcube_many2manym(as<Dualcube>(t), r.root); }},
});

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
  if (root.v >= t.num_nodes())
    throw InputError("root " + std::to_string(root.v) + " out of range 0.." +
                     std::to_string(t.num_nodes() - 1));
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

std::span<const AlgorithmInfo> algorithm_table() { return kRows; }

std::vector<const AlgorithmInfo*> algorithms_for(const Network& t, std::string_view collective) {
  std::vector<const AlgorithmInfo*> out;
  for (const auto& a : kRows)
    if (a.collective == collective && a.applies(t)) out.push_back(&a);
  return out;
}

std::vector<std::string> algorithm_names(const Network& t, std::string_view collective) {
  std::vector<std::string> out;
  for (const AlgorithmInfo* a : algorithms_for(t, collective)) out.emplace_back(a->name);
  return out;
}

const AlgorithmInfo* find_algorithm(std::string_view collective, std::string_view name) {
  for (const auto& a : kRows)
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
    throw InputError(std::string(collective) + " has no algorithm for the " + t.family() +
                     " family (netsched gen SPEC --list shows what applies)");
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
