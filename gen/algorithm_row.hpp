#pragma once
/// What one row of the algorithm table is (AlgorithmInfo) and what a row's generator is asked
/// (GenRequest). Each collective's folder lists its rows in its rows.cpp; gen/algorithms.cpp
/// joins them into algorithm_table().
///
/// Why apart from the table: a folder's rows and its generators need the row's types, not the
/// table; the table needs every folder's rows. Kept apart, neither includes the other.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/network.hpp"
#include "core/schedule.hpp"
#include "gen/plan/rounds.hpp"
#include "gen/route/router.hpp"

namespace netsched {

/// What to generate: a collective by an algorithm ("auto": the first that applies, which is the
/// family's paper algorithm where a paper gives one).
struct GenRequest {
  GenRequest(std::string collective_name, std::string algorithm_name = "auto",
             NodeId root_node = NodeId{0})
      : collective(std::move(collective_name)),
        algorithm(std::move(algorithm_name)),
        root(root_node) {}
  std::string collective;
  std::string algorithm = "auto";
  NodeId root{0};                        ///< rooted collectives (CollectiveInfo::rooted)
  std::optional<NodeId> source, target;  ///< route
  std::uint64_t dimension = 0;           ///< cube-dimension
  std::uint32_t pieces = 0;  ///< pipelined algorithms: pieces of the message (0: their default)
  /// Algorithms that trade steps for link load (AlgorithmInfo::trades_steps): the fewest steps
  /// first, for small messages (default: the least link load first).
  bool fewest_steps = false;
};

/// The most nodes of a network whose broadcast the "optimal" row asks Z3 for.
inline constexpr std::uint64_t kOptimalBroadcastMaxNodes = 32;

/// One algorithm. `applies` is exact: `make` (and `router` / `rounds`) are only called on a
/// network it accepts, and the cast to the generator's own network type happens in the row.
struct AlgorithmInfo {
  std::string_view collective;
  std::string_view name;
  std::string_view origin;  ///< "paper: <paper, place>", "textbook: <who>" or "generic: <what>"
  std::string_view bound;   ///< the step bound papers/ gives, or "none: <why>"
  /// A "stated: ..." row's bound (its source left empty: papers/generic.hpp names it), next to
  /// its generator; nullopt where it does not apply to the instance.
  std::optional<PaperBound> (*stated)(const Network&, const Collective&) = nullptr;
  std::string_view example;  ///< a small network it applies to: the table test runs it there
  bool (*applies)(const Network&) = nullptr;
  Schedule (*make)(const Network&, const GenRequest&) = nullptr;
  std::unique_ptr<Router> (*router)(const Network&) = nullptr;     ///< route algorithms
  Rounds (*rounds)(const Network&, std::uint32_t root) = nullptr;  ///< broadcast algorithms
  /// Sends the message in GenRequest::pieces pieces: gen --bytes tries several.
  bool pipelined = false;
  /// Found by a solver (Z3), not constructed: gen cannot make it (it may not call verify/), so
  /// analysis/'s generate_checked does (analysis/optimum.hpp, solved_schedule).
  bool solved = false;
  /// Trades steps for link load (GenRequest::fewest_steps): gen --bytes tries both ways.
  bool trades_steps = false;
  /// Implements the switched model (core/network.hpp): its ranks are the endpoints, its sends
  /// go through switches, which forward and never copy. Only such rows apply to a network of
  /// switches or directed links.
  bool switched = false;
  /// Whether a paper gives it (its origin says "paper: ...").
  bool from_paper() const { return origin.starts_with("paper"); }
  /// Whether papers/ is expected to give its step bound.
  bool has_bound() const { return !bound.starts_with("none"); }
};

}  // namespace netsched
