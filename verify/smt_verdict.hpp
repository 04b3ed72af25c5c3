#pragma once
/// The Z3 checkers' answer (SmtVerdict), for the chunk checker (verify/smt_checker.hpp) and the
/// register checker's encoding (verify/smt_rules.hpp).
///
/// Why apart: the chunk checker includes the shared encoding, and the encoding needs only this
/// type, so neither includes the other.
#include <cstdint>

#include "core/verdict.hpp"

namespace netsched {

/// The Z3 checker's answer: the verdict (the violation has the simulator's rule and witness
/// fields; the message names the rule only), and what the encoding cost.
struct SmtVerdict {
  Verdict verdict;
  double seconds = 0;
  std::uint64_t variables = 0;  ///< boolean and integer state variables of the encoding
  std::uint64_t terms = 0;      ///< the encoding's size as estimated before it was built
};

}  // namespace netsched
