// Claims of yeh-parhami-rhfc-networks.txt.
#include <random>

#include "analysis/checked.hpp"
#include "analysis/verification.hpp"
#include "claims/claims.hpp"
#include "claims/helpers.hpp"
#include "core/errors.hpp"
#include "gen/combine/combine.hpp"
#include "gen/exchange/total_exchange.hpp"
#include "gen/route/rhfc_ftr.hpp"
#include "gen/route/router.hpp"
#include "gen/topo/faulty.hpp"
#include "gen/topo/hsn.hpp"
#include "gen/topo/mfc.hpp"

namespace netsched::claims {
namespace {
const std::string kPaper = "yeh-parhami";

// A bound claim about a router: every route of every instance within the bound.
Result routes_within(const std::vector<std::string>& specs, const std::string& algorithm) {
  std::string tally;
  for (const auto& spec : specs) {
    const auto& s = sweep_of(spec, algorithm);
    if (!s.within_bound) {
      const auto& p = *s.first_over_bound;
      return fails("witness " + spec + ": route " + std::to_string(p.u) + " -> " +
                   std::to_string(p.v) + " has " + std::to_string(p.length) + " hops");
    }
    tally += (tally.empty() ? "" : ", ") + spec + " (longest " + std::to_string(s.max_length) + ")";
  }
  return holds("every route of every ordered pair within the bound, each checked hop by hop: " +
               tally);
}
}  // namespace

namespace {

// Semigroup computation: the checked all-reduce schedule's steps against the formula, with
// T_S,G = k for a k-cube nucleus (the dimension scan, which the checker confirms on the cube).
// The instances the claims run on.
const std::vector<std::string> kMfcSpecs = {"mfc(ring(3),4,13)", "mfc(complete(2),3,7)",
                                            "mfc(hypercube(2),5,5)"};

const std::vector<std::string> kHfcSpecs = {"hfc(complete(3),4,4)", "hfc(ring(4),5,3)",
                                            "hfc(hypercube(2),5,5,5)", "hsn(3,hypercube(2))"};

const std::vector<std::string> kRhsSpecs = {"rhs(2,2,hypercube(1))", "rhs(2,3,hypercube(2))",
                                            "hsn(2,hsn(2,ring(3)))"};

Result semigroup(const std::vector<std::string>& specs) {
  std::string tally;
  for (const auto& spec : specs) {
    const auto t = build_topology(spec);
    const auto v = generate_checked(*t, {"all-reduce", "rhfc-semigroup"}).verification();
    const auto* h = network_as<Hsn>(*t);
    const Network& g = h ? h->innermost() : network_ref<Mfc>(*t).nucleus();
    const auto tg = generate_checked(g, {"all-reduce", "dimension-sum"}).verification().check.steps;
    if (tg != ceil_log2(g.num_nodes()) || !v.bound)
      return fails("the nucleus scan of " + spec + " takes " + std::to_string(tg) + " steps");
    const std::uint64_t formula = v.bound->steps;  // papers/rhfc.cpp: Lemma 4.1 / Theorem 4.2
    if (!v.check.ok())
      return fails("the schedule on " + spec +
                   " does not pass the checker: " + v.check.violation()->message);
    if (v.check.steps != formula)
      return fails("witness " + spec + ": " + std::to_string(v.check.steps) + " steps, formula " +
                   std::to_string(formula));
    tally += (tally.empty() ? "" : ", ") + spec + ": " + std::to_string(v.check.steps);
  }
  return holds(
      "the three phases as printed (padding = empty registers), each schedule checked "
      "symbolically (every "
      "node ends with every input combined exactly once), T_S,G = k by the checked k-cube scan; "
      "steps equal "
      "the formula: " +
      tally);
};
Claim claim_rhfc_eq1() {
  return {"rhfc.eq1",
          kPaper + " §2.1 eq. (1)",
          "the recursive MFC routing takes at most 2^(l-1) T_G + 2^(l-1) - 1 steps",
          "mfc(ring(3),4,13), mfc(complete(2),3,7), mfc(hypercube(2),5,5), link placement "
          "of docs/families.md",
          false,
          [] { return routes_within(kMfcSpecs, "mfc-routing"); }};
}

Claim claim_rhfc_thm2_1() {
  return {"rhfc.thm2.1",
          kPaper + " Theorem 2.1",
          "the diameter of an l-level MFC is at most (D_G + 1) 2^(l-1) - 1",
          "the mfc, hfc and hsn instances above",
          false,
          [] {
            std::string tally;
            for (const auto& spec :
                 std::vector<std::string>{kMfcSpecs[0], kMfcSpecs[1], kMfcSpecs[2], kHfcSpecs[0],
                                          kHfcSpecs[1], kHfcSpecs[2]}) {
              const auto& j = info_of(spec);
              for (const auto& f : j["paper"])
                if (f["formula"] == "(D_G + 1) 2^(l-1) - 1" && f["holds"] != true)
                  return fails("witness " + spec + ": diameter " + j["diameter"].dump() +
                               ", bound " + f["value"].dump());
              tally += (tally.empty() ? "" : ", ") + spec + " D = " + j["diameter"].dump();
            }
            return holds("BFS diameters within the bound: " + tally);
          }};
}

Claim claim_rhfc_lemma3_1() {
  return {"rhfc.lemma3.1",
          kPaper + " Lemma 3.1 / eq. (2)",
          "a packet is routed in l T_G + l - 1 steps on an HFC(l,G)",
          "hfc(complete(3),4,4), hfc(ring(4),5,3), hfc(hypercube(2),5,5,5), hsn(3,hypercube(2))",
          false,
          [] {
            std::vector<std::string> h(kHfcSpecs.begin(), kHfcSpecs.end() - 1);
            Result r = routes_within(h, "hfc-routing");
            if (r.verdict != ClaimVerdict::Holds) return r;
            Result s = routes_within({kHfcSpecs.back()}, "hsn-routing");
            if (s.verdict != ClaimVerdict::Holds) return s;
            return holds(r.evidence + "; " + s.evidence);
          }};
}

Claim claim_rhfc_thm3_2() {
  return {"rhfc.thm3.2",
          kPaper + " Theorem 3.2 / eq. (3)",
          "a packet is routed in (T_G + 1) prod_i l_i - 1 steps on an RHFC",
          "rhs(2,2,hypercube(1)), rhs(2,3,hypercube(2)), hsn(2,hsn(2,ring(3)))",
          false,
          [] { return routes_within(kRhsSpecs, "hsn-routing"); }};
}

Claim claim_rhfc_lemma4_1() {
  return {
      "rhfc.lemma4.1",
      kPaper + " Lemma 4.1",
      "semigroup computation on HFC(l,G) in l T_S,G + l - 1",
      "hfc(hypercube(2),5,5), hfc(hypercube(2),3,3,3), hsn(2..4,hypercube(1..3))",
      false,
      [] {
        return semigroup({"hfc(hypercube(2),5,5)", "hfc(hypercube(2),3,3,3)", "hsn(2,hypercube(1))",
                          "hsn(3,hypercube(2))", "hsn(4,hypercube(1))", "hsn(2,hypercube(3))"});
      }};
}

Claim claim_rhfc_thm4_2() {
  return {"rhfc.thm4.2",
          kPaper + " Theorem 4.2",
          "semigroup computation on RHFC in (T_S,G + 1) prod_i l_i - 1",
          "rhs(2,2,hypercube(1)), rhs(2,3,hypercube(2)), rhs(3,2,hypercube(1)), "
          "rhs(2,2,2,hypercube(1))",
          false,
          [] {
            return semigroup({"rhs(2,2,hypercube(1))", "rhs(2,3,hypercube(2))",
                              "rhs(3,2,hypercube(1))", "rhs(2,2,2,hypercube(1))"});
          }};
}

Claim claim_rhfc_thm5_1() {
  return {
      "rhfc.thm5.1",
      kPaper + " Theorem 5.1",
      "a pk-cube dimension is emulated on RHS(l_r,...,l_1,Q_k) in 2|S_a| + 1 steps",
      "every dimension of hsn(3,hypercube(2)), rhs(2,2,hypercube(2)), rhs(2,3,hypercube(1)), "
      "rhs(2,2,2,hypercube(1))",
      false,
      [] {
        std::string tally;
        for (const char* spec : {"hsn(3,hypercube(2))", "rhs(2,2,hypercube(2))",
                                 "rhs(2,3,hypercube(1))", "rhs(2,2,2,hypercube(1))"}) {
          const auto t = build_family<Hsn>(spec);
          const Hsn& h = *t;
          const std::uint64_t k = ceil_log2(h.innermost().num_nodes());
          const auto ls = h.level_counts();
          std::uint64_t dims = k;
          for (auto l : ls) dims *= l;
          std::uint64_t worst = 0;
          for (std::uint64_t ia = 0; ia < dims; ++ia) {
            // |S_a|: non-zero digits a_1..a_r of i_a in radix (l_r,...,l_1,k)
            std::uint64_t rest = ia / k, sa = 0;
            for (auto it = ls.rbegin(); it != ls.rend(); ++it) sa += rest % *it != 0, rest /= *it;
            const auto v = check_schedule(*t, rhs_cube_dimension(*t, ia)).verification();
            if (!v.check.ok())
              return fails("the emulation of dimension " + std::to_string(ia) + " on " + spec +
                           " fails: " + v.check.violation()->message);
            if (v.check.steps != 2 * sa + 1)
              return fails("witness " + std::string(spec) + " dimension " + std::to_string(ia) +
                           ": " + std::to_string(v.check.steps) +
                           " steps, 2|S_a|+1 = " + std::to_string(2 * sa + 1));
            worst = std::max<std::uint64_t>(worst, v.check.steps);
          }
          tally += (tally.empty() ? "" : ", ") + std::string(spec) + ": " + std::to_string(dims) +
                   " dimensions, at most " + std::to_string(worst) + " steps";
        }
        return holds(
            "every node's datum reaches its neighbour across the dimension, single-dimension "
            "model, "
            "one-port, checked by the simulator; steps = 2|S_a|+1 exactly for every dimension: " +
            tally);
      }};
}

Claim claim_rhfc_hsn3q2() {
  return {
      "rhfc.hsn3q2",
      kPaper + " §5.1, Fig. 2",
      "HSN(3,Q2) has 64 nodes; each of the M level-l clusters has M^(l-1) nodes and M^(l-2) links "
      "to each other level-l cluster",
      "hsn(3,hypercube(2)), hsn(2,ring(5)), hsn(4,hypercube(1))",
      false,
      [] {
        for (const char* spec : {"hsn(3,hypercube(2))", "hsn(2,ring(5))", "hsn(4,hypercube(1))"}) {
          const auto t = build_topology(spec);
          const auto& h = network_ref<Hsn>(*t);
          const std::uint64_t m = h.radix();
          const std::uint32_t l = h.levels();
          std::uint64_t cluster = t->num_nodes() / m;  // M^(l-1)
          // links between level-l clusters a != b: pairs with different top digit
          std::map<std::pair<std::uint64_t, std::uint64_t>, std::uint64_t> links;
          std::vector<NodeId> nb;
          for (std::uint32_t u = 0; u < t->num_nodes(); ++u) {
            t->neighbors(NodeId(u), nb);
            for (NodeId v : nb)
              if (h.digit(u, l) != h.digit(v.v, l)) links[{h.digit(u, l), h.digit(v.v, l)}]++;
          }
          std::uint64_t want = 1;
          for (std::uint64_t i = 2; i < l; ++i) want *= m;
          for (const auto& [key, c] : links)
            if (c != want)
              return fails(std::string("witness ") + spec + ": clusters " +
                           std::to_string(key.first) + ", " + std::to_string(key.second) +
                           " joined by " + std::to_string(c) + " links");
          if (links.size() != m * (m - 1) || cluster * m != t->num_nodes())
            return fails(std::string("witness ") + spec);
        }
        return holds(
            "hsn(3,hypercube(2)) has 64 nodes; in all three, every pair of level-l clusters is "
            "joined by exactly "
            "M^(l-2) links (the swap rule; X_i = X_1 links dropped as self-loops)");
      }};
}

}  // namespace

namespace {

/// The inter-cluster links of t (links between two nuclei of `nucleus_size` nodes).
std::vector<std::pair<std::uint32_t, std::uint32_t>> inter_cluster_links(
    const Network& t, std::uint64_t nucleus_size) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> inter;
  std::vector<NodeId> nb;
  for (std::uint32_t u = 0; u < t.num_nodes(); ++u) {
    t.neighbors(NodeId(u), nb);
    for (NodeId w : nb)
      if (u < w.v && u / nucleus_size != w.v / nucleus_size) inter.emplace_back(u, w.v);
  }
  return inter;
}

/// A random set of failed inter-cluster links of t (links between two nuclei) under FTR's
/// condition: the largest count the condition admits, at most 6; "" when none satisfies it.
/// Only inter-cluster links: the claim is about them, and a failed node would also lengthen
/// nucleus walks, which the printed penalty does not cover.
std::string random_ftr_faults(const Network& t, std::uint64_t nucleus_size, std::mt19937& rng) {
  const auto inter = inter_cluster_links(t, nucleus_size);
  for (std::uint32_t f = 6; f >= 1; --f) {
    std::string links;
    for (std::uint32_t k = 0; k < f; ++k) {
      const auto [a, b] = inter[rng() % inter.size()];
      links += (links.empty() ? "{" : ",{") + std::to_string(a) + "," + std::to_string(b) + "}";
    }
    const std::string spec = "faulty(" + t.spec() + ", links=[" + links + "])";
    const auto g = build_topology(spec);
    if (ftr_condition(network_ref<FaultyNetwork>(*g)).empty()) return spec;
  }
  return "";
}

/// FTR's routes under fault sets of one network: every route a walk of the faulty network, and
/// its penalty over the fault-free paper route against (T_R(G) + 1) per Case (ii) diversion
/// (as printed) and against 3 T_R(G) + 2 (two extra nucleus walks, one extra link, and the
/// entry into y's cluster moved within a nucleus), T_R(G) the nucleus's routing time (its
/// diameter: BFS).
struct PenaltyTally {
  std::uint64_t routes = 0, diverted = 0, sets = 0, over_printed = 0, over_corrected = 0, worst = 0;
  std::string witness, failure, tally;

  void run(const Network& healthy, const Network& nucleus,
           const std::vector<std::string>& fault_sets) {
    const auto paper = make_router(healthy, "auto");
    const std::uint64_t tr = *small_diameter(nucleus);
    std::uint64_t largest = 0;
    for (const std::string& fs : fault_sets) {
      ++sets;
      const auto t = build_topology(fs);
      const auto& f = network_ref<FaultyNetwork>(*t);
      NodePath ref;
      for (std::uint32_t x = 0; x < t->num_nodes() && failure.empty(); ++x)
        for (std::uint32_t y = 0; y < t->num_nodes() && failure.empty(); ++y)
          route(healthy, *paper, f, fs, x, y, tr, ref, largest);
    }
    tally += (tally.empty() ? "" : ", ") + healthy.spec() + " (largest penalty " +
             std::to_string(largest) + ", T_R(G) = " + std::to_string(tr) + ")";
  }

 private:
  void route(const Network& healthy, const Router& paper, const FaultyNetwork& f,
             const std::string& fs, std::uint32_t x, std::uint32_t y, std::uint64_t tr,
             NodePath& ref, std::uint64_t& largest) {
    const NodeId bx = f.to_base(NodeId(x)), by = f.to_base(NodeId(y));
    FtrRoute r;
    try {
      r = rhfc_ftr(f, bx, by);
    } catch (const InputError& e) {
      failure = "under FTR's condition FTR does not deliver on " + fs + " from " +
                std::to_string(bx.v) + " to " + std::to_string(by.v) + ": " + e.what();
      return;
    }
    for (std::size_t i = 1; i < r.path.size(); ++i)
      if (!healthy.adjacent(r.path[i - 1], r.path[i]) || f.link_failed(r.path[i - 1], r.path[i])) {
        failure = "FTR uses a failed or missing link on " + fs;
        return;
      }
    paper.route(bx, by, ref);
    const std::uint64_t len = r.path.size() - 1, base_len = ref.size() - 1;
    const std::uint64_t penalty = len > base_len ? len - base_len : 0;
    const std::uint64_t met = r.diversions.size();
    ++routes;
    diverted += met > 0;
    largest = std::max(largest, penalty);
    worst = std::max(worst, penalty);
    over_corrected += penalty > (3 * tr + 2) * met;
    if (penalty <= (tr + 1) * met) return;
    if (over_printed++ == 0)
      witness = fs + ": FTR routes " + healthy.label(bx) + " -> " + healthy.label(by) + " in " +
                std::to_string(len) + " hops (" + std::to_string(met) +
                " faulty inter-cluster link(s) met) against " + std::to_string(base_len) +
                " without faults: penalty " + std::to_string(penalty) + " > " +
                std::to_string((tr + 1) * met) + " = (T_R(G) + 1) per fault (`netsched route '" +
                fs + "' " + std::to_string(x) + " " + std::to_string(y) + "`)";
  }
};

/// The verdict of a tally, its counts said in `what`.
Result penalty_verdict(const PenaltyTally& p, const std::string& what) {
  if (!p.failure.empty()) return fails(p.failure);
  const std::string counts = std::to_string(p.routes) + " FTR routes on " + std::to_string(p.sets) +
                             " " + what + ", " + std::to_string(p.diverted) +
                             " with diversions: " + p.tally;
  if (p.over_printed == 0) return holds(counts + "; all within (T_R(G) + 1) per faulty link met");
  return fails("witness " + p.witness + "; " + std::to_string(p.over_printed) + " of " +
                   std::to_string(p.routes) + " routes exceed the printed bound; " + counts,
               p.over_corrected == 0 ? "at most 3 T_R(G) + 2 per faulty link met: holds on all " +
                                           std::to_string(p.routes) + " routes"
                                     : "not even 3 T_R(G) + 2 per faulty link met: " +
                                           std::to_string(p.over_corrected) + " routes exceed it");
}

const Network& nucleus_of(const Network& healthy) {
  const auto* h = network_as<Hsn>(healthy);
  return h ? h->nucleus() : network_ref<Mfc>(healthy).nucleus();
}

/// FTR on random fault sets under the condition.
Result ftr_penalty(const std::vector<std::string>& specs, int fault_sets) {
  std::mt19937 rng(2026);
  PenaltyTally p;
  for (const auto& spec : specs) {
    const auto healthy = build_topology(spec);
    const Network& g = nucleus_of(*healthy);
    std::vector<std::string> sets;
    for (int k = 0; k < fault_sets; ++k) {
      const std::string fs = random_ftr_faults(*healthy, g.num_nodes(), rng);
      if (fs.empty()) return fails("no fault set of " + spec + " satisfies FTR's condition");
      sets.push_back(fs);
    }
    p.run(*healthy, g, sets);
  }
  return penalty_verdict(p, "random fault sets under the condition");
}

/// FTR with every single inter-cluster link failed in turn (one fault always meets the
/// condition on these networks).
Result ftr_single_links(const std::string& spec) {
  const auto healthy = build_topology(spec);
  const Network& g = nucleus_of(*healthy);
  std::vector<std::string> sets;
  for (const auto& [a, b] : inter_cluster_links(*healthy, g.num_nodes()))
    sets.push_back("faulty(" + healthy->spec() + ", links=[{" + std::to_string(a) + "," +
                   std::to_string(b) + "}])");
  PenaltyTally p;
  p.run(*healthy, g, sets);
  return penalty_verdict(p, "single failed inter-cluster links (every one)");
}

Claim claim_rhfc_ftr_penalty() {
  return {"rhfc.ftr-penalty",
          kPaper + " §4.2",
          "FTR: the penalty of a faulty depth-i inter-cluster link (or its node) is at most "
          "T_R(l_{i-1},...,l_1,G) + 1",
          "hsn(3,hypercube(2)), hsn(2,hypercube(3)), hfc(hypercube(3),5,5): 10 random sets of "
          "failed inter-cluster links each under FTR's condition (docs/algorithms.md), all "
          "ordered pairs",
          false,
          [] {
            return ftr_penalty(
                {"hsn(3,hypercube(2))", "hsn(2,hypercube(3))", "hfc(hypercube(3),5,5)"}, 10);
          }};
}

Claim claim_rhfc_ftr_single() {
  return {"rhfc.ftr-single",
          kPaper + " §4.2",
          "FTR: the penalty of one faulty inter-cluster link is at most T_R(l_{i-1},...,l_1,G) + 1",
          "hsn(3,hypercube(2)) with each of its inter-cluster links failed in turn, all ordered "
          "pairs",
          false,
          [] { return ftr_single_links("hsn(3,hypercube(2))"); }};
}

}  // namespace

void add_rhfc(std::vector<Claim>& out) {
  out.push_back(claim_rhfc_eq1());
  out.push_back(claim_rhfc_thm2_1());
  out.push_back(claim_rhfc_lemma3_1());
  out.push_back(claim_rhfc_thm3_2());

  out.push_back(claim_rhfc_lemma4_1());
  out.push_back(claim_rhfc_thm4_2());
  out.push_back(claim_rhfc_thm5_1());
  out.push_back(claim_rhfc_hsn3q2());
  out.push_back(claim_rhfc_ftr_penalty());
  out.push_back(claim_rhfc_ftr_single());
}

}  // namespace netsched::claims
