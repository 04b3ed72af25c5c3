#pragma once
/// Scatter and gather generators (and the generic collectives along the greedy broadcast's BFS
/// tree, which scatter read forwards and gather read backwards). Their rows are in
/// gen/scatter_gather/rows.cpp.
///
/// Generic collectives on any connected network, along the BFS tree of the greedy broadcast.
///
/// Why one tree for all of them: the greedy broadcast's rounds (gen/broadcast/greedy_broadcast)
/// are a one-port schedule of a rooted BFS tree in which every node, once informed, serves its
/// children deepest subtree first. Read forwards with each child's subtree as payload they
/// scatter; read backwards (children to parents) they gather; gather then broadcast is an
/// all-gather, and the same with register moves (combine up, set down) an all-reduce. So every
/// network — a file graph, a faulty network, a product of anything — gets every collective,
/// each taking R or 2R steps for the broadcast's R rounds (R <= min(N - 1, ecc(root) * max
/// degree): docs/collectives.md).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "core/network.hpp"
#include "core/schedule.hpp"
#include "gen/plan/embedding.hpp"
#include "gen/topo/dualcube.hpp"

namespace netsched {

/// MPICH's binomial scatter and gather from `root` (relative rank r = rank - root): scatter from
/// the top mask down, r sends r + mask the blocks of ranks r + mask .. r + 2 mask - 1; gather
/// the same tree upwards.
EmbeddedPlan binomial_scatter_plan(const Network& t, NodeId root);

EmbeddedPlan binomial_gather_plan(const Network& t, NodeId root);

/// A transfer of a plan: in step `step`, `from` sends `to` the messages named by `items`
/// (destination nodes for One2allP, node numbers of the source cluster for Many2manyM).
using PlanSend = std::function<void(std::size_t step, std::uint32_t from, std::uint32_t to,
                                    const std::vector<std::uint32_t>& items)>;

/// One2allP of the dualcube paper §3: packed one-to-all personalized communication (scatter).
Schedule dualcube_one2allp(const Dualcube& d, NodeId root);

/// Its transfers, each naming the destinations whose messages it carries.
void one2allp_plan(const Dualcube& d, NodeId root, const PlanSend& send);

/// Scatter from `root`: the transfer to child c carries the chunks of c's subtree.
Schedule tree_scatter(const Network& t, NodeId root);

/// Gather to `root`: the broadcast's rounds reversed, every node forwarding what it holds.
Schedule tree_gather(const Network& t, NodeId root);

/// All-gather: gather to `root`, then broadcast everything from it.
Schedule tree_all_gather(const Network& t, NodeId root);

/// All-reduce: combine up the tree to `root` (registers: data, sum), then set down.
Schedule tree_all_reduce(const Network& t, NodeId root);

/// Reduce: the up half of tree_all_reduce; the sum ends at `root`.
Schedule tree_reduce(const Network& t, NodeId root);

/// Reduce-scatter keeps N BFS trees and N^2 tasks: at most this many nodes.
inline constexpr std::uint64_t kTreeReduceScatterMaxNodes = 1024;

/// Reduce-scatter: for every node j at once, node j's blocks are combined up j's BFS tree. The
/// tasks "v sends its partial block j to its parent in j's tree" become ready when v's
/// children there have sent; each step every node, from a rotating start, sends the ready task
/// of largest depth whose receiver is still free (one-port). Every step completes a task: at
/// most N(N-1) steps.
Schedule tree_reduce_scatter(const Network& t);

}  // namespace netsched
