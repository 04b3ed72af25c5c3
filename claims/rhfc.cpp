// Claims of yeh-parhami-rhfc-networks.txt.
#include "analysis/checked.hpp"
#include "analysis/verification.hpp"
#include "claims/claims.hpp"
#include "claims/helpers.hpp"
#include "gen/combine/combine.hpp"
#include "gen/exchange/total_exchange.hpp"
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
    const auto* h = dynamic_cast<const Hsn*>(t.get());
    const Network& g = h ? h->innermost() : dynamic_cast<const Mfc&>(*t).nucleus();
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
            if (r.verdict != Verdict::Holds) return r;
            Result s = routes_within({kHfcSpecs.back()}, "hsn-routing");
            if (s.verdict != Verdict::Holds) return s;
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
          const auto t = build_topology(spec);
          const auto& h = dynamic_cast<const Hsn&>(*t);
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
          const auto& h = dynamic_cast<const Hsn&>(*t);
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

void add_rhfc(std::vector<Claim>& out) {
  out.push_back(claim_rhfc_eq1());
  out.push_back(claim_rhfc_thm2_1());
  out.push_back(claim_rhfc_lemma3_1());
  out.push_back(claim_rhfc_thm3_2());

  out.push_back(claim_rhfc_lemma4_1());
  out.push_back(claim_rhfc_thm4_2());
  out.push_back(claim_rhfc_thm5_1());
  out.push_back(claim_rhfc_hsn3q2());
}

}  // namespace netsched::claims
