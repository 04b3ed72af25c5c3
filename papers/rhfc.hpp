#pragma once
/// yeh-parhami, "RHFC / hierarchical swapped networks": MFC/HFC/HSN/RHS sizes, degrees and
/// diameters (§2, Theorems 2.1, 3.2, 3.3), the recursive routing time (eq. 1-3, Lemma 3.1), the
/// semigroup computation (Lemma 4.1, Theorem 4.2), the hypercube emulation (Theorem 5.1) and the
/// (r, l, Q_k) hypernets of §6.1.
#include <optional>

#include "core/network.hpp"
#include "core/schedule.hpp"
#include "papers/fact.hpp"

namespace netsched::papers::rhfc {

inline const std::string kPaper = "yeh-parhami";

/// The facts of an MFC/HFC or HSN/RHS; empty for other families.
std::vector<PaperFact> facts(const Network& t);
/// The papers' routing bound of a nucleus (the paper table's, handed in: a nucleus may be of
/// any family).
using NucleusRouting = std::optional<PaperBound> (*)(const Network& nucleus);
/// eq. (1)-(3): routing (or, derived, broadcast) time from the nucleus's (`routing`, else a
/// product nucleus's diameter); nullopt for other families or when the nucleus has no known
/// time.
std::optional<PaperBound> recursion_bound(const Network& t, bool broadcast, NucleusRouting routing);
/// Theorem 3.2 on an (r, l, Q_k) hypernet: l (T + 1) - 1 per depth from T_0 = k; nullopt for
/// other families.
std::optional<PaperBound> hypernet_routing_bound(const Network& t);
/// Lemma 4.1 / Theorem 4.2 for a hypercube nucleus.
std::optional<PaperBound> semigroup_bound(const Network& t);
/// Theorem 5.1: 2|S_a| + 1 steps to emulate the hypercube dimension between the two nodes of
/// `pair` on an RHS.
std::optional<PaperBound> emulation_bound(const Network& t, const std::vector<NodeId>& pair);

}  // namespace netsched::papers::rhfc
