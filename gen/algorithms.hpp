#pragma once
/// Every algorithm gen can run, in one table: its collective, name, origin, the bound papers/
/// checks it against, where it applies, and the one call that makes it on its own network type.
///
/// Why one table: `gen SPEC --list`, the generator dispatch, routing tables of SimGrid platforms,
/// the property suites and the docs must agree on which algorithm applies where. Each of them
/// reads this table; an algorithm is one file (its generator) plus one row here, and the table
/// test (tests/gen/test_registry.cpp) names whatever a row lacks.
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/network.hpp"
#include "core/schedule.hpp"
#include "gen/broadcast/broadcast.hpp"
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

/// A collective gen knows, in --list order.
struct CollectiveInfo {
  std::string_view name;
  bool rooted;  ///< starts from GenRequest::root (or, for multicast, the root's cluster)
};
const std::vector<CollectiveInfo>& collective_table();
/// The names of collective_table(), in order.
const std::vector<std::string>& collective_names();
/// Whether `collective` is rooted; false for a name gen does not know.
bool rooted_collective(std::string_view collective);

/// One algorithm. `applies` is exact: `make` (and `router` / `rounds`) are only called on a
/// network it accepts, and the cast to the generator's own network type happens in the row.
struct AlgorithmInfo {
  std::string_view collective;
  std::string_view name;
  std::string_view origin;   ///< "paper: <paper, place>", "textbook: <who>" or "generic: <what>"
  std::string_view bound;    ///< the step bound papers/ gives, or "none: <why>"
  std::string_view example;  ///< a small network it applies to: the table test runs it there
  bool (*applies)(const Network&);
  Schedule (*make)(const Network&, const GenRequest&);
  std::unique_ptr<Router> (*router)(const Network&) = nullptr;     ///< route algorithms
  Rounds (*rounds)(const Network&, std::uint32_t root) = nullptr;  ///< broadcast algorithms
  /// Sends the message in GenRequest::pieces pieces: gen --bytes tries several.
  bool pipelined = false;
  /// Found by a solver (Z3), not constructed: gen cannot make it (it may not call verify/), so
  /// analysis/'s generate_checked does (analysis/optimum.hpp, solved_schedule).
  bool solved = false;
  /// Trades steps for link load (GenRequest::fewest_steps): gen --bytes tries both ways.
  bool trades_steps = false;
  /// Whether a paper gives it (its origin says "paper: ...").
  bool from_paper() const { return origin.starts_with("paper"); }
  /// Whether papers/ is expected to give its step bound.
  bool has_bound() const { return !bound.starts_with("none"); }
};
std::span<const AlgorithmInfo> algorithm_table();

/// The rows of `collective` that apply to `t`, the default first.
std::vector<const AlgorithmInfo*> algorithms_for(const Network& t, std::string_view collective);
/// Their names.
std::vector<std::string> algorithm_names(const Network& t, std::string_view collective);
/// The row `requested` names ("auto": the default). Throws InputError naming the choices when it
/// does not apply, or that none does.
const AlgorithmInfo& choose_algorithm(const Network& t, std::string_view collective,
                                      std::string_view requested);
/// The row of `name` for `collective` whatever the network, or nullptr.
const AlgorithmInfo* find_algorithm(std::string_view collective, std::string_view name);

/// The schedule `request` asks for, made by its algorithm (unchecked: analysis/checked.hpp
/// checks it). Rooted requests are checked for a root in range. gen runs no solver: "auto"
/// takes the first constructed row that applies, and a solved row named explicitly is refused
/// with an InputError (analysis/checked.hpp's generate_checked makes both).
Schedule generate(const Network& t, const GenRequest& request);

// Shorthands through the table.
Schedule make_broadcast(const Network& t, NodeId root, const std::string& algorithm = "auto");
Rounds broadcast_rounds(const Network& t, std::uint32_t root,
                        const std::string& algorithm = "auto");
std::unique_ptr<Router> make_router(const Network& t, const std::string& algorithm = "auto");
/// The paper's routing function of t's family where one applies and does not depend on faults
/// — dimension order on products, its ties on even rings split both ways by the source's
/// parity — else nullptr: the routes of SimGrid platforms (gen/route/route_table.hpp), and one set
/// of paths the balanced exchange tries.
std::unique_ptr<Router> paper_router(const Network& t);
Schedule make_total_exchange(const Network& t, const std::string& algorithm = "auto");

}  // namespace netsched
