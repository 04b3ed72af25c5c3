#pragma once
/// The SMT checker: an independent encoding of the schedule rules in Z3 (no code shared with the
/// simulator beyond core types). holds / violated (the first violation decoded from the model,
/// with the simulator's rule names) / unknown are three different answers.
#include <optional>
#include <string>

#include "core/network.hpp"
#include "core/schedule.hpp"
#include "core/verdict.hpp"

namespace netsched {

/// The Z3 checker's answer: the verdict (the violation has the simulator's rule and witness
/// fields; the message names the rule only), and what the encoding cost.
struct SmtVerdict {
  Verdict verdict;
  double seconds = 0;
  std::uint64_t variables = 0;  ///< boolean and integer state variables of the encoding
};

/// The largest encodings built: nodes x chunks x (steps + 1) <= 2^16, refused before any
/// encoding starts. Measured (bench/README.md): the hypercube(12) broadcast (53,248) takes
/// 12 s and 1.9 GB; hypercube(14) (245,760) did not finish in 60 s at 7.5 GB; the README's
/// 12,000-node HDN broadcast is refused up front (the simulator checks it in well under 1 s).
inline constexpr std::uint64_t kMaxSmtStateVariables = std::uint64_t{1} << 16;

/// Checks `s` on `t` with Z3. Throws std::invalid_argument for input that is not a schedule of
/// this network, or whose encoding would exceed kMaxSmtStateVariables.
SmtVerdict smt_check(const Network& t, const Schedule& s,
                     unsigned timeout_ms = kDefaultSolverTimeoutMs);

}  // namespace netsched
