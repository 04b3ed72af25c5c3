// Symbolic GPU memory: values, reductions and race checks by vector clocks
// (exec/symbolic_memory.hpp).
#include "exec/symbolic_memory.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>

#include "core/errors.hpp"

namespace netsched::exec {
namespace {

/// The marker of a value no collective can want.
constexpr std::uint64_t kGarbage = std::numeric_limits<std::uint64_t>::max();

std::string describe_input(std::uint64_t c) {
  return fmt::format("input chunk {} of gpu {}", contribution_offset(c), contribution_gpu(c));
}

bool ordered(const MemoryAccess& a, std::size_t thread, const VectorClock& clock) {
  return a.thread == kNoThread || a.thread == thread || clock[a.thread] > a.index;
}

}  // namespace

MscclValue input_value(std::uint64_t gpu, std::uint64_t off) {
  return std::make_shared<const std::vector<std::uint64_t>>(1, contribution(gpu, off));
}

MscclValue ValueCombiner::combine(const MscclValue& a, const MscclValue& b) {
  static const MscclValue garbage = std::make_shared<const std::vector<std::uint64_t>>(1, kGarbage);
  if (!a || !b || a->front() == kGarbage || b->front() == kGarbage) return garbage;
  if (a->size() + b->size() > gpus_) return garbage;
  contributions_ += a->size() + b->size();
  if (contributions_ > kMscclMaxContributions)
    throw InputError(fmt::format(
        "the program's reductions hold more than {} inputs in all (kMscclMaxContributions)",
        kMscclMaxContributions));
  auto v = std::make_shared<std::vector<std::uint64_t>>();
  v->reserve(a->size() + b->size());
  std::merge(a->begin(), a->end(), b->begin(), b->end(), std::back_inserter(*v));
  return v;
}

std::string describe(const MscclValue& v) {
  if (!v) return "nothing (it was never written)";
  if (!v->empty() && v->front() == kGarbage)
    return "garbage (a reduction with a chunk nobody wrote, or of more inputs than gpus)";
  if (v->size() == 1) return describe_input(v->front());
  std::string list;
  for (std::size_t i = 0; i < std::min<std::size_t>(v->size(), 3); ++i)
    list += (i ? ", " : "") + describe_input((*v)[i]);
  return fmt::format("a reduction of {} inputs ({}{})", v->size(), list,
                     v->size() > 3 ? ", ..." : "");
}

std::vector<std::uint64_t> expected_value(const std::string& coll, std::uint64_t gpus,
                                          std::uint64_t per_rank, std::uint64_t root,
                                          std::uint64_t g, std::uint64_t k) {
  const std::uint64_t c = per_rank;
  if (coll == "allgather" || coll == "gather") return {contribution(k / c, k % c)};
  if (coll == "alltoall") return {contribution(k / c, g * c + k % c)};
  if (coll == "broadcast") return {contribution(root, k)};
  if (coll == "scatter") return {contribution(root, g * c + k)};
  std::vector<std::uint64_t> all;
  const std::uint64_t off = coll == "reducescatter" ? g * c + k : k;
  for (std::uint64_t h = 0; h < gpus; ++h) all.push_back(contribution(h, off));
  return all;
}

std::string describe_expected(const std::vector<std::uint64_t>& want) {
  if (want.size() == 1) return describe(std::make_shared<const std::vector<std::uint64_t>>(want));
  return fmt::format("the reduction of input chunk {} of every gpu",
                     contribution_offset(want.front()));
}

std::optional<Conflict> record_read(SymbolicSlot& s, const MemoryAccess& a,
                                    const VectorClock& clock) {
  if (!ordered(s.write, a.thread, clock)) return Conflict{s.write, true};
  auto same = std::find_if(s.reads.begin(), s.reads.end(),
                           [&](const MemoryAccess& r) { return r.thread == a.thread; });
  if (same != s.reads.end())
    *same = a;
  else
    s.reads.push_back(a);
  return std::nullopt;
}

std::optional<Conflict> record_write(SymbolicSlot& s, const MemoryAccess& a,
                                     const VectorClock& clock) {
  if (!ordered(s.write, a.thread, clock)) return Conflict{s.write, true};
  for (const MemoryAccess& r : s.reads)
    if (!ordered(r, a.thread, clock)) return Conflict{r, false};
  s.write = a;
  s.reads.clear();
  return std::nullopt;
}

void join(VectorClock& into, const VectorClock& from) {
  for (std::size_t i = 0; i < from.size(); ++i) into[i] = std::max(into[i], from[i]);
}

}  // namespace netsched::exec
