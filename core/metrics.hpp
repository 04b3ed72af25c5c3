#pragma once
/// Exact distance facts of a graph: BFS, orbit-weighted all-pairs sums, bit-parallel BFS.
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/graph.hpp"

namespace netsched {

inline constexpr std::uint32_t kUnreached = 0xffffffffu;

/// Sources one bit-parallel BFS sweep runs at once (one 64-bit word per node).
inline constexpr std::uint64_t kSourcesPerSweep = 64;

/// Distances from src (kUnreached where not reachable).
std::vector<std::uint32_t> bfs_distances(const Csr& g, std::uint32_t src);
/// Distances between every pair (dist[o][v]); InputError "WHAT: SPEC is not connected (v cannot
/// be reached from o)" when some pair is not.
std::vector<std::vector<std::uint32_t>> connected_distances(const Csr& g, std::string_view what,
                                                            std::string_view spec);

/// A BFS tree from src: parent[v] (parent[src] = src, kUnreached where not reachable) and the
/// nodes in the order BFS reached them.
struct BfsTree {
  std::vector<std::uint32_t> parent, order;
};
BfsTree bfs_tree(const Csr& g, std::uint32_t src);
/// The same from several sources at once (each its own parent): every node hangs below its
/// nearest source.
BfsTree bfs_forest(const Csr& g, std::span<const std::uint32_t> sources);

/// A partition of the nodes into classes whose members have identical distance profiles
/// (automorphism orbits, or any finer partition). reps[i] represents a class of sizes[i] nodes.
struct Orbits {
  std::vector<std::uint32_t> reps;
  std::vector<std::uint64_t> sizes;
  /// Index (into reps) of each node's class; filled by the orbit finders.
  std::vector<std::uint32_t> member;
};

/// All-pairs distance facts.
struct DistanceStats {
  bool connected = true;
  std::uint32_t diameter = 0;          ///< max eccentricity (valid when connected)
  std::uint32_t radius = 0;            ///< min eccentricity (valid when connected)
  unsigned __int128 distance_sum = 0;  ///< sum of d(u,v) over ordered pairs
  std::uint64_t bfs_runs = 0;          ///< BFS sources actually run
};

/// Progress callback: (done, total).
using Progress = std::function<void(std::uint64_t, std::uint64_t)>;

/// Distance facts from one BFS per class representative, weighted by class size. When
/// `profiles` is given it receives, per representative, the number of nodes at each distance.
DistanceStats distances_by_orbits(const Csr& g, const Orbits& orbits, unsigned threads = 0,
                                  const Progress& progress = {},
                                  std::vector<std::vector<std::uint64_t>>* profiles = nullptr);

/// Distance facts by bit-parallel multi-source BFS from every node (64 sources per sweep).
DistanceStats distances_all_sources(const Csr& g, unsigned threads = 0,
                                    const Progress& progress = {});

/// Eccentricity of one node (kUnreached when the graph is disconnected).
std::uint32_t eccentricity(const Csr& g, std::uint32_t src);

}  // namespace netsched
