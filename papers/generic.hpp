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

/// The stated bound of `algorithm` for `c` on `t`: its row's own (AlgorithmInfo::stated, written
/// next to its generator in gen/<collective>/, docs/collectives.md gives each), with the source
/// named here; nullopt for a row that states none, or where it does not apply.
std::optional<PaperBound> bound(const Network& t, const Collective& c,
                                const std::string& algorithm);

}  // namespace netsched::papers::generic
