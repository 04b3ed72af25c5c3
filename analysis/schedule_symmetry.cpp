// The symmetries of a network that map a schedule onto itself (analysis/schedule_symmetry.hpp).
#include "analysis/schedule_symmetry.hpp"

#include <algorithm>
#include <functional>
#include <optional>
#include <tuple>

#include "core/errors.hpp"
#include "core/graph.hpp"
#include "verify/simulator.hpp"
#include "verify/symmetric.hpp"

namespace netsched {
namespace {

using Kind = Collective::Kind;
using ChunkImage = std::function<std::uint64_t(std::uint64_t)>;

/// The image of every chunk of c under σ, or nullopt when σ does not map c onto itself (a
/// root moved) or c's kind is given no symmetry.
std::optional<ChunkImage> chunk_image(const Collective& c, const Permutation& sigma) {
  const bool root_fixed = sigma(c.root().v) == c.root().v;
  const std::uint64_t n = c.nodes(), pieces = c.pieces();
  switch (c.kind()) {
    case Kind::Broadcast:
      if (root_fixed) return ChunkImage([](std::uint64_t k) { return k; });
      return std::nullopt;
    case Kind::Scatter:
    case Kind::Gather:
      if (root_fixed)
        return ChunkImage(
            [sigma](std::uint64_t i) { return sigma(static_cast<std::uint32_t>(i)); });
      return std::nullopt;
    case Kind::AllGather:
      return ChunkImage([sigma, pieces](std::uint64_t k) {
        return sigma(static_cast<std::uint32_t>(k / pieces)) * pieces + k % pieces;
      });
    case Kind::TotalExchange:
      return ChunkImage([sigma, n](std::uint64_t k) {
        return sigma(static_cast<std::uint32_t>(k / n)) * n +
               sigma(static_cast<std::uint32_t>(k % n));
      });
    default:
      return std::nullopt;
  }
}

/// Whether the register collective c is the same problem after relabelling its nodes by σ.
bool registers_invariant(const Collective& c, const Permutation& sigma) {
  if (c.kind() == Kind::AllReduce) return c.groups().size() <= 1;
  return c.kind() == Kind::Reduce && sigma(c.root().v) == c.root().v;
}

using Image = std::tuple<std::uint32_t, std::uint32_t, std::vector<std::uint64_t>>;

/// Whether σ maps the step's transfers (from, to, what is carried) onto themselves.
bool step_invariant(std::vector<Image> transfers, const Permutation& sigma,
                    const ChunkImage& chunk) {
  std::vector<Image> images;
  images.reserve(transfers.size());
  for (const auto& [from, to, carried] : transfers) {
    std::vector<std::uint64_t> mapped;
    mapped.reserve(carried.size());
    for (const std::uint64_t k : carried) mapped.push_back(chunk(k));
    std::sort(mapped.begin(), mapped.end());
    images.emplace_back(sigma(from), sigma(to), std::move(mapped));
  }
  std::sort(transfers.begin(), transfers.end());
  std::sort(images.begin(), images.end());
  return transfers == images;
}

/// Whether σ maps every local operation's node set onto itself.
bool compute_invariant(const Step& step, std::uint32_t n, const Permutation& sigma) {
  for (const LocalOp& op : step.compute) {
    if (op.nodes.empty()) continue;  // every node
    std::vector<bool> in(n, false);
    for (const IdRange& r : op.nodes)
      for (std::uint32_t v = r.lo; v <= r.hi && v < n; ++v) in[v] = true;
    for (std::uint32_t v = 0; v < n; ++v)
      if (in[v] != in[sigma(v)]) return false;
  }
  return true;
}

/// What each transfer of s carries, as (from, to, chunks or payload index) per step: traced
/// chunks for a chunk collective, the payload (its register moves) for a register one.
std::vector<std::vector<Image>> carried_by(const Network& t, const Schedule& s) {
  std::vector<std::vector<Image>> out(s.steps.size());
  StepTrace trace;
  if (!s.collective.combining()) {
    trace.keep_chunks = true;
    if (!simulate_traced(t, s, trace).ok())
      throw std::logic_error("schedule_symmetries: the schedule does not hold");
  }
  for (std::size_t k = 0; k < s.steps.size(); ++k)
    for (std::size_t i = 0; i < s.steps[k].transfers.size(); ++i) {
      const Transfer& x = s.steps[k].transfers[i];
      out[k].emplace_back(
          x.from.v, x.to.v,
          s.collective.combining() ? std::vector<std::uint64_t>{x.payload} : trace.chunks[k][i]);
    }
  return out;
}

}  // namespace

namespace {

/// selector_symmetries among `candidates` (t's own, asked for once by the caller).
std::vector<Permutation> invariant_candidates(const Network& t, const Schedule& s,
                                              const std::vector<Permutation>& candidates) {
  const Csr g(t, 1);
  const Digits digits = box_digits(s);
  std::vector<Permutation> out;
  for (const Permutation& sigma : candidates) {
    if (!is_automorphism(g, sigma, 1)) continue;
    const auto m = SlicedDigitMap::probe(digits, [&sigma](std::uint64_t v) {
      return std::uint64_t{sigma(static_cast<std::uint32_t>(v))};
    });
    if (m && !check_invariance(s, digits, *m).witness) out.push_back(sigma);
  }
  return out;
}

}  // namespace

std::vector<Permutation> selector_symmetries(const Network& t, const Schedule& s) {
  if (!symmetric_applies(s))
    throw InputError(
        "selector symmetries: the schedule is not a total exchange of digit-box selectors");
  return invariant_candidates(t, s, t.automorphism_candidates());
}

std::vector<Permutation> schedule_symmetries(const Network& t, const Schedule& s) {
  std::vector<Permutation> out;
  const std::vector<Permutation> candidates = t.automorphism_candidates();
  const Collective& c = s.collective;
  const auto image_of = [&](const Permutation& sigma) -> std::optional<ChunkImage> {
    if (!c.combining()) return chunk_image(c, sigma);
    if (!registers_invariant(c, sigma)) return std::nullopt;
    return ChunkImage([](std::uint64_t k) { return k; });  // payloads compared as they are
  };
  // nothing to check against, or a collective given no symmetry (even the identity has no image)
  if (candidates.empty() || !image_of([](std::uint32_t v) { return v; })) return out;
  // beyond the trace, where verify turns to the block checker: mapped selectors instead
  if (symmetric_applies(s) && over_dense_auto(s)) return invariant_candidates(t, s, candidates);
  const Csr g(t, 1);
  const std::vector<std::vector<Image>> carried = carried_by(t, s);
  const auto n = static_cast<std::uint32_t>(t.num_nodes());
  for (const Permutation& sigma : candidates) {
    const auto chunk = image_of(sigma);
    if (!chunk || !is_automorphism(g, sigma, 1)) continue;
    bool invariant = true;
    for (std::size_t k = 0; k < s.steps.size() && invariant; ++k)
      invariant =
          step_invariant(carried[k], sigma, *chunk) && compute_invariant(s.steps[k], n, sigma);
    if (invariant) out.push_back(sigma);
  }
  return out;
}

}  // namespace netsched
