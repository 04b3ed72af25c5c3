#pragma once
/// What `gen` can make for a network: every collective, the algorithms that apply (the paper's
/// first where a paper gives one, then netsched's generic ones), and where each comes from.
///
/// Why one table: `gen SPEC --list`, the generator dispatch (analysis/checked.cpp) and the
/// property suites must agree on which algorithm applies where; each family's name lists stay
/// in their own files (broadcast_names, total_exchange_names, ...), and this file only joins them.
#include <string>
#include <vector>

#include "core/network.hpp"

namespace netsched {

/// The collectives gen knows, in --list order.
const std::vector<std::string>& collective_names();

/// The algorithms for `collective` on `t`, the default first; empty when none applies.
std::vector<std::string> collective_algorithms(const Network& t, const std::string& collective);

/// Where `algorithm` comes from: "paper: <paper and place>" or "generic: <what, bound>".
std::string algorithm_origin(const std::string& algorithm);

}  // namespace netsched
