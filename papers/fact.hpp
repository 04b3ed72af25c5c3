#pragma once
/// What a paper's formula predicts for one property of a concrete instance (PaperFact): the
/// type every paper's file fills in, apart from the table that asks them all (papers/papers.hpp).
///
/// Why apart: the table includes each paper's file; a paper's file needs only this type, so
/// neither includes the other.
#include <string>

namespace netsched {

/// What a paper's formula predicts for one property of a concrete instance.
struct PaperFact {
  enum class Kind { Exact, UpperBound };
  std::string name;     ///< the property: nodes, edges, degree, diameter, avg_distance, ...
  std::string formula;  ///< the formula as printed, e.g. "(2N0)^(2^k)/(2 prod s_i)"
  std::string source;   ///< paper file and place, e.g. "li-peng-chu-2012 Theorem 1"
  double value = 0;     ///< what the formula gives here
  Kind kind = Kind::Exact;
};

}  // namespace netsched
