#pragma once
/// The stated step bounds of netsched's own generic algorithms (docs/collectives.md), which
/// apply to every connected network. Not a paper's claim: the source says "netsched", and
/// `verify` and `gen` print it as "stated bound" rather than "paper bound".
#include <optional>
#include <string>

#include "core/network.hpp"
#include "core/schedule.hpp"

namespace netsched::papers::generic {

inline const std::string kSource = "netsched generic algorithm (docs/collectives.md)";
/// The source of the stated bound of a textbook algorithm (MPI's and NCCL's: the rows whose origin
/// says "textbook").
inline const std::string kTextbookSource =
    "netsched's bound for a textbook algorithm (docs/collectives.md)";

/// The bound of generic `algorithm` for `c` on `t`, nullopt for other algorithms:
///  - greedy broadcast, tree-scatter, tree-gather, tree-reduce: R <= min(N-1, ecc(root) * max
///  degree) rounds
///    (a node serves its children one per round; along a BFS tree path of ecc(root) nodes each
///    waits for at most max degree siblings; and by induction a subtree of s nodes needs <= s-1);
///  - tree-all-gather, tree-all-reduce: 2 min(N-1, D * max degree) (some root, D the diameter);
///  - greedy total exchange: sum of distances (every step moves at least one message a hop);
///  - tree-reduce-scatter: N(N-1) (every step completes one of the N(N-1) tasks).
std::optional<PaperBound> bound(const Network& t, const Collective& c,
                                const std::string& algorithm);

}  // namespace netsched::papers::generic
