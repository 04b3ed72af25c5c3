// Rounds merged into rounds (gen/plan/rounds.hpp).
#include "gen/plan/rounds.hpp"

namespace netsched {

void merge_rounds(Rounds& dst, const Rounds& src, std::size_t offset) {
  if (dst.size() < offset + src.size()) dst.resize(offset + src.size());
  for (std::size_t i = 0; i < src.size(); ++i)
    dst[offset + i].insert(dst[offset + i].end(), src[i].begin(), src[i].end());
}

}  // namespace netsched
