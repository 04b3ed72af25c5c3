#pragma once
/// Combining collectives (all-reduce / semigroup, prefix, matrix product) as register schedules,
/// and the dualcube paper's data-movement collectives (All2allB, Many2manyM).
#include <string>
#include <vector>

#include "core/schedule.hpp"
#include "gen/topology.hpp"

namespace netsched {

class Dualcube;

/// The CLI collectives of this file: "all-reduce", "prefix", "cluster-sum", "cluster-prefix",
/// "matmul", "all-gather", "multicast".
const std::vector<std::string>& combining_collective_names();

/// The algorithms for `collective` on `t`, the default first (empty: none applies).
std::vector<std::string> combining_algorithm_names(const Topology& t, const std::string& collective);

/// The named collective by the named algorithm ("auto" = the default). `root` selects the
/// source cluster of a multicast (the cluster of that node).
Schedule make_combining(const Topology& t, const std::string& collective, const std::string& algorithm = "auto",
                        NodeId root = NodeId(0));

/// The clusters of a dualcube, each in id order (= node-number order).
std::vector<std::vector<NodeId>> dualcube_clusters(const Dualcube& d);

// Dualcube paper §3-4 (gen/combine/dualcube_prefix.cpp).
Schedule dualcube_cluster_sum(const Topology& t);                         ///< Algorithm 3
Schedule dualcube_cluster_prefix(const Topology& t, bool as_printed);     ///< Algorithm 4
Schedule dualcube_prefix(const Topology& t);                              ///< Algorithm 5, made consistent
/// Semigroup computation on HFC/HSN/RHS (RHFC paper §4.1) (gen/combine/rhfc_semigroup.cpp).
Schedule rhfc_semigroup(const Topology& t);
// Hypercube scans (gen/combine/hypercube_scan.cpp).
Schedule hypercube_all_reduce(const Topology& t);
Schedule hypercube_prefix(const Topology& t);

}  // namespace netsched
