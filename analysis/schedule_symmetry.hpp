#pragma once
/// The symmetries of a network that map a schedule onto itself.
///
/// Why: a fault sweep runs one failed link per orbit, and a link's orbit may only hold links
/// whose failure is the same problem up to a relabelling of the nodes. An automorphism σ of
/// the network is not enough: a broadcast from node 0 loses nothing to a link its tree never
/// uses, but much to one at the root (torus(4,4): one orbit of 32 links, whose repairs take 4
/// or 5 steps). σ must also map the healthy schedule onto itself — every step's transfers,
/// with what each carries, onto the same step's transfers — and the collective onto itself (a
/// rooted collective's root fixed). Then the network without the link e and the one without
/// σ(e) are isomorphic by σ, and σ maps the healthy schedule, its broken transfers and the
/// lower bound of the one to those of the other.
///
/// What a transfer carries:
///  - chunk collectives: the chunks the simulator traced (so a selector counts by what it
///    picked), each chunk mapped by σ (a total exchange's chunk (i, j) to (σi, σj), an
///    all-gather's piece k of i's block to piece k of σi's, a scatter's or gather's chunk i to
///    σi, a broadcast's pieces to themselves);
///  - an all-reduce (one group) or a reduce with its root fixed: the register moves, which must
///    be the same (then, by induction over the steps, register r of σv holds σ of what register
///    r of v holds, and the goal is the same for every node); every local operation's node set
///    must map onto itself.
/// Every other collective (prefix, reduce-scatter, grouped and matrix collectives, multicast,
/// route) is given no symmetry: each of its links is its own orbit.
#include <vector>

#include "core/automorphism.hpp"
#include "core/network.hpp"
#include "core/schedule.hpp"

namespace netsched {

/// The generators among t's candidate automorphisms that are automorphisms of t and map `s` (a
/// schedule on t that holds) onto itself; none for a collective given no symmetry. Chunk
/// collectives are traced by the dense simulator (InputError beyond its limits), except a
/// total exchange of digit-box selectors over kDenseAutoPairs node-chunk pairs, whose
/// selectors are mapped instead (verify/symmetric.hpp: the 12,000-node HDN's).
std::vector<Permutation> schedule_symmetries(const Network& t, const Schedule& s);

/// The generators among t's candidate automorphisms that are automorphisms of t and under which
/// `s`, a total exchange of digit-box selectors, is invariant (verify/symmetric.hpp): every
/// step's transfers, their selectors mapped along, are the step's transfers again. Then σ(v)
/// holds (σo, σd) exactly when v holds (o, d), so σ maps what each transfer carries onto what
/// its image carries, as the traced comparison requires (a sufficient condition: a σ under
/// which only the carried chunks agree is not found). InputError for other schedules.
std::vector<Permutation> selector_symmetries(const Network& t, const Schedule& s);

}  // namespace netsched
