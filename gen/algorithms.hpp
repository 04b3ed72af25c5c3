#pragma once
/// Every algorithm gen can run, in one table: its collective, name, origin, the bound papers/
/// checks it against, where it applies, and the one call that makes it on its own network type.
///
/// Why one table: `gen SPEC --list`, the generator dispatch, routing tables of SimGrid platforms,
/// the property suites and the docs must agree on which algorithm applies where. Each of them
/// reads this table; an algorithm is its generator plus one row in its collective's folder's
/// rows.cpp (gen/<collective>/rows.cpp, joined here), and the table test
/// (tests/gen/test_registry.cpp) names whatever a row lacks.
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/network.hpp"
#include "core/schedule.hpp"
#include "gen/algorithm_row.hpp"

namespace netsched {

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

/// Every row: the folders' rows (gen/rows.hpp) joined, in collective_table() order.
std::span<const AlgorithmInfo> algorithm_table();

/// The rows of `collective` that apply to `t`, the default first.
std::vector<const AlgorithmInfo*> algorithms_for(const Network& t, std::string_view collective);
/// Their names.
std::vector<std::string> algorithm_names(const Network& t, std::string_view collective);
/// Why no algorithm of a collective applies to t: "no algorithm for the X family", or on a
/// network of switches or directed links that none implements the switched model yet.
std::string no_algorithm_reason(const Network& t);
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
