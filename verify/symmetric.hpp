#pragma once
/// Verification by symmetry: a total exchange that a permutation of the nodes maps onto itself
/// needs its chunks followed for one origin per orbit only.
///
/// Let σ be a bijection of node ids that acts digit by digit on the schedule's digits, on all
/// ids or on each slice {digit 0 = a} (core/digit_map.hpp), so it maps a digit box to at most
/// radix(0) digit boxes. If every step's transfers, with their selectors mapped
/// along (destination boxes through σ, acquisition windows unchanged), are the same set again,
/// then by induction over the steps node σ(v) holds chunk (σo, σd) at time t exactly when v
/// holds (o, d) at time t: the starting holdings of a total exchange are invariant, and a
/// selector picks (σo, σd) at σ(u) exactly when its preimage picks (o, d) at u. Hence
///  - chunk (o, d) is delivered iff (σo, σd) is: delivery needs the origins of one node per
///    orbit of the group the generators generate (the smallest of each, so the first violation
///    is the full walk's);
///  - transfer g carries c(g, o) chunks of origin o and c(σg, σo) = c(g, o), so summed over
///    all origins, count(g) = Σ_r |orbit(r)| / |orbit(g)| · Σ_{g' ∈ orbit(g)} c(g', r) over the
///    representatives r: empty payloads and payload sums come out exact.
/// Links and the port model do not depend on what is carried and are checked on every transfer.
/// Graph automorphism is not needed for soundness (the invariance is what matters); the
/// network's automorphism candidates are simply where generators come from. Each candidate is
/// checked (digit-wise bijection, then invariance in O(transfers)) before it is used; one that
/// fails is reported with a witness transfer and left out; one that would merge no orbits is
/// not checked at all (it would not shorten the walk).
#include <optional>
#include <string>
#include <vector>

#include "core/digit_map.hpp"
#include "core/network.hpp"
#include "core/schedule.hpp"
#include "verify/check_result.hpp"

namespace netsched {

/// Whether the symmetric checker handles `s`: the block checker's schedules whose selectors
/// constrain destinations by digit boxes only (no id ranges, no origin ranges).
bool symmetric_applies(const Schedule& s);

/// The transfer indices (in step order, as the block plan numbers them) that σ maps each
/// transfer to, or the witness of why σ does not map the schedule onto itself.
struct Invariance {
  std::vector<std::uint32_t> image;  ///< empty when `witness` is set
  std::optional<std::string> witness;
};
Invariance check_invariance(const Schedule& s, const Digits& digits, const SlicedDigitMap& sigma,
                            unsigned threads = 0);

/// What the symmetric check relied on.
struct SymmetryUse {
  std::size_t candidates = 0;         ///< offered by the network
  std::size_t digitwise = 0;          ///< digit-wise bijections of the schedule's digits
  std::size_t used = 0;               ///< map the schedule onto itself
  std::vector<std::string> rejected;  ///< why each other candidate was left out
  std::uint64_t orbits = 0;           ///< origin orbits (origins walked)
  std::uint64_t transfer_orbits = 0;
  std::string text() const;
};

/// Checks `s` on `t` (symmetric_applies(s) must hold) with the generators of `t`'s automorphism
/// candidates that pass. A schedule with a link or port violation is left to the full block
/// walk (what precedes the violation is then not symmetric in general).
CheckResult simulate_symmetric(const Network& t, const Schedule& s, unsigned threads = 0,
                               const Progress& progress = {}, SymmetryUse* use = nullptr);

/// simulate_symmetric with explicit generators (tests: generators the network does not offer).
CheckResult simulate_symmetric_with(const Network& t, const Schedule& s,
                                    const std::vector<Permutation>& generators,
                                    unsigned threads = 0, const Progress& progress = {},
                                    SymmetryUse* use = nullptr);

}  // namespace netsched
