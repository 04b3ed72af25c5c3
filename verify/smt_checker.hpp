#pragma once
/// The SMT checker: an independent encoding of the schedule rules in Z3 (no code shared with the
/// simulator beyond core types). holds / violated (the first violation decoded from the model,
/// with the simulator's rule names) / unknown are three different answers.
#include <optional>
#include <string>

#include "core/errors.hpp"
#include "core/network.hpp"
#include "core/schedule.hpp"
#include "core/verdict.hpp"
#include "verify/smt_verdict.hpp"

namespace netsched {

/// The largest encodings built: nodes x chunks (the state) plus the chunks every transfer may
/// carry (a selector: every chunk), refused before any encoding starts. The port rules are one
/// `distinct` per step, linear in its transfers. Measured (bench/README.md §13).
inline constexpr std::uint64_t kMaxSmtTerms = std::uint64_t{1} << 21;

/// Checks `s` on `t` with Z3. Throws InputError for input that is not a schedule of
/// this network, or whose encoding would exceed kMaxSmtTerms.
SmtVerdict smt_check(const Network& t, const Schedule& s,
                     unsigned timeout_ms = kDefaultSolverTimeoutMs);

}  // namespace netsched
