// The stated bounds' sources (papers/generic.hpp): the bound itself is the row's own
// (AlgorithmInfo::stated, next to its generator in gen/<collective>/).
#include "papers/generic.hpp"

#include "gen/algorithms.hpp"

namespace netsched::papers::generic {

std::optional<PaperBound> bound(const Network& t, const Collective& c, const std::string& a) {
  const AlgorithmInfo* row = find_algorithm(c.name(), a);
  if (!row || !row->stated) return std::nullopt;
  auto b = row->stated(t, c);
  if (b) b->source = row->origin.starts_with("textbook") ? kTextbookSource : kSource;
  return b;
}

}  // namespace netsched::papers::generic
