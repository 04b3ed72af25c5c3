// Claims of yeh-parhami-rhfc-networks.txt.
#include <random>
#include <stdexcept>

#include "analysis/checked.hpp"
#include "analysis/verification.hpp"
#include "claims/claims.hpp"
#include "claims/helpers.hpp"
#include "core/errors.hpp"
#include "gen/cube_dimension/cube_dimension.hpp"
#include "gen/route/rhfc_ftr.hpp"
#include "gen/route/router.hpp"
#include "gen/topo/faulty.hpp"
#include "gen/topo/hsn.hpp"
#include "gen/topo/mfc.hpp"

namespace netsched::claims {
namespace {

// A bound claim about a router: the longest route of every instance (every ordered pair routed
// and checked hop by hop) against the bound.
std::vector<Observation> longest_routes(const std::vector<std::string>& specs,
                                        const std::string& algorithm) {
  std::vector<Observation> obs;
  for (const auto& spec : specs) {
    const auto& s = sweep_of(spec, algorithm);
    if (s.invalid) throw std::logic_error(spec + ": " + *s.invalid);  // a router bug, not a verdict
    if (!s.bound) throw std::logic_error(spec + ": " + algorithm + " has no bound");
    obs.push_back({spec,
                   "longest route (hops)",
                   printed(static_cast<double>(*s.bound)),
                   static_cast<double>(s.max_length),
                   Relation::AtMost,
                   {},
                   command({"route", spec, "--all", "--algorithm", algorithm, "--json"})});
  }
  return obs;
}

Result routes_within(const std::vector<std::string>& specs, const std::string& algorithm) {
  return measured(longest_routes(specs, algorithm),
                  "Measured: every ordered pair routed by " + algorithm +
                      ", every route checked hop by hop, the longest against the bound");
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
  std::vector<Observation> obs;
  for (const auto& spec : specs) {
    const auto t = build_topology(spec);
    const auto v = generate_checked(*t, {"all-reduce", "rhfc-semigroup"}).verification();
    const auto* h = network_as<Hsn>(*t);
    const Network& g = h ? h->innermost() : network_ref<Mfc>(*t).nucleus();
    const auto tg = generate_checked(g, {"all-reduce", "dimension-sum"}).verification().check.steps;
    if (!v.bound) throw std::logic_error("rhfc-semigroup states no bound on " + spec);
    const std::string rerun = gen_command(spec, "all-reduce", {"--algorithm", "rhfc-semigroup"});
    obs.push_back({spec + ": its nucleus " + g.spec(),
                   "T_S,G (steps of the k-cube scan)",
                   printed(static_cast<double>(ceil_log2(g.num_nodes()))),
                   static_cast<double>(tg),
                   Relation::Equal,
                   {},
                   gen_command(g.spec(), "all-reduce", {"--algorithm", "dimension-sum"})});
    for (auto& o : correctness_observations(spec, v.check, rerun)) obs.push_back(std::move(o));
    // papers/rhfc.cpp: Lemma 4.1 / Theorem 4.2
    obs.push_back({spec,
                   "steps",
                   printed(static_cast<double>(v.bound->steps)),
                   static_cast<double>(v.check.steps),
                   Relation::Equal,
                   {},
                   rerun});
  }
  return measured(obs,
                  "Measured: the three phases as printed (padding = empty registers), each "
                  "schedule checked symbolically (every node ends with every input combined "
                  "exactly once), T_S,G = k by the checked k-cube scan, the steps against the "
                  "formula");
}

Claim claim_rhfc_eq1() {
  return {"rhfc.eq1",
          kYehParhami + " §2.1 eq. (1)",
          "the recursive MFC routing takes at most 2^(l-1) T_G + 2^(l-1) - 1 steps",
          "mfc(ring(3),4,13), mfc(complete(2),3,7), mfc(hypercube(2),5,5), link placement "
          "of docs/families.md",
          false,
          [] { return routes_within(kMfcSpecs, "mfc-routing"); }};
}

Claim claim_rhfc_thm2_1() {
  return {"rhfc.thm2.1",
          kYehParhami + " Theorem 2.1",
          "the diameter of an l-level MFC is at most (D_G + 1) 2^(l-1) - 1",
          "the mfc, hfc and hsn instances above",
          false,
          [] {
            std::vector<Observation> obs;
            for (const auto& spec :
                 std::vector<std::string>{kMfcSpecs[0], kMfcSpecs[1], kMfcSpecs[2], kHfcSpecs[0],
                                          kHfcSpecs[1], kHfcSpecs[2]}) {
              auto o = info_observation(
                  spec, spec, "diameter",
                  printed(paper_value(spec, "diameter", "yeh-parhami Theorem 2.1")));
              o.relation = Relation::AtMost;
              obs.push_back(o);
            }
            return measured(obs, "Measured: BFS diameter against the bound");
          }};
}

Claim claim_rhfc_lemma3_1() {
  return {"rhfc.lemma3.1",
          kYehParhami + " Lemma 3.1 / eq. (2)",
          "a packet is routed in l T_G + l - 1 steps on an HFC(l,G)",
          "hfc(complete(3),4,4), hfc(ring(4),5,3), hfc(hypercube(2),5,5,5), hsn(3,hypercube(2))",
          false,
          [] {
            std::vector<std::string> h(kHfcSpecs.begin(), kHfcSpecs.end() - 1);
            auto obs = longest_routes(h, "hfc-routing");
            for (auto& o : longest_routes({kHfcSpecs.back()}, "hsn-routing"))
              obs.push_back(std::move(o));
            return measured(obs,
                            "Measured: every ordered pair routed (hfc-routing; hsn-routing on "
                            "the HSN), every route checked hop by hop, the longest against the "
                            "bound");
          }};
}

Claim claim_rhfc_thm3_2() {
  return {"rhfc.thm3.2",
          kYehParhami + " Theorem 3.2 / eq. (3)",
          "a packet is routed in (T_G + 1) prod_i l_i - 1 steps on an RHFC",
          "rhs(2,2,hypercube(1)), rhs(2,3,hypercube(2)), hsn(2,hsn(2,ring(3)))",
          false,
          [] { return routes_within(kRhsSpecs, "hsn-routing"); }};
}

Claim claim_rhfc_lemma4_1() {
  return {
      "rhfc.lemma4.1",
      kYehParhami + " Lemma 4.1",
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
          kYehParhami + " Theorem 4.2",
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
  return {"rhfc.thm5.1",
          kYehParhami + " Theorem 5.1",
          "a pk-cube dimension is emulated on RHS(l_r,...,l_1,Q_k) in 2|S_a| + 1 steps",
          "every dimension of hsn(3,hypercube(2)), rhs(2,2,hypercube(2)), rhs(2,3,hypercube(1)), "
          "rhs(2,2,2,hypercube(1))",
          false,
          [] {
            std::vector<Observation> obs;
            for (const char* spec : {"hsn(3,hypercube(2))", "rhs(2,2,hypercube(2))",
                                     "rhs(2,3,hypercube(1))", "rhs(2,2,2,hypercube(1))"}) {
              const auto t = build_family<Hsn>(spec);
              const Hsn& h = *t;
              const std::uint64_t k = ceil_log2(h.innermost().num_nodes());
              const auto ls = h.level_counts();
              std::uint64_t dims = k;
              for (auto l : ls) dims *= l;
              double rejected = 0;
              for (std::uint64_t ia = 0; ia < dims; ++ia) {
                // |S_a|: non-zero digits a_1..a_r of i_a in radix (l_r,...,l_1,k)
                std::uint64_t rest = ia / k, sa = 0;
                for (auto it = ls.rbegin(); it != ls.rend(); ++it)
                  sa += rest % *it != 0, rest /= *it;
                const auto v = check_schedule(*t, rhs_cube_dimension(*t, ia)).verification();
                if (!v.check.ok()) ++rejected;
                obs.push_back(observed(std::string(spec) + " dimension " + std::to_string(ia),
                                       "steps", printed(static_cast<double>(2 * sa + 1)),
                                       static_cast<double>(v.check.steps)));
              }
              obs.push_back(observed(spec, "dimensions whose emulation the checker rejects",
                                     printed(0), rejected));
            }
            return measured(obs,
                            "Measured: every dimension's emulation checked by the simulator (every "
                            "node's datum reaches its neighbour across the dimension, "
                            "single-dimension model, one-port), its steps against 2|S_a| + 1");
          }};
}

Claim claim_rhfc_hsn3q2() {
  return {
      "rhfc.hsn3q2",
      kYehParhami + " §5.1, Fig. 2",
      "HSN(3,Q2) has 64 nodes; each of the M level-l clusters has M^(l-1) nodes and M^(l-2) links "
      "to each other level-l cluster",
      "hsn(3,hypercube(2)), hsn(2,ring(5)), hsn(4,hypercube(1))",
      false,
      [] {
        std::vector<Observation> obs{info_observation("HSN(3,Q2) = hsn(3,hypercube(2))",
                                                      "hsn(3,hypercube(2))", "nodes", printed(64))};
        for (const char* spec : {"hsn(3,hypercube(2))", "hsn(2,ring(5))", "hsn(4,hypercube(1))"}) {
          const auto t = build_topology(spec);
          const auto& h = network_ref<Hsn>(*t);
          const std::uint64_t m = h.radix();
          const std::uint32_t l = h.levels();
          // links between level-l clusters a != b: pairs with different top digit
          std::map<std::pair<std::uint64_t, std::uint64_t>, std::uint64_t> links;
          std::vector<std::uint64_t> sizes(m);
          std::vector<NodeId> nb;
          for (std::uint32_t u = 0; u < t->num_nodes(); ++u) {
            ++sizes[h.digit(u, l)];
            t->neighbors(NodeId(u), nb);
            for (NodeId v : nb)
              if (h.digit(u, l) != h.digit(v.v, l)) links[{h.digit(u, l), h.digit(v.v, l)}]++;
          }
          std::uint64_t fewest = UINT64_MAX, most = 0;
          for (const auto& [key, c] : links) fewest = std::min(fewest, c), most = std::max(most, c);
          const double md = static_cast<double>(m), ld = l;
          const auto [small, large] = std::minmax_element(sizes.begin(), sizes.end());
          obs.push_back(
              observed(spec, "level-l clusters", printed(md), static_cast<double>(sizes.size())));
          obs.push_back(observed(spec, "nodes of the smallest level-l cluster",
                                 printed(std::pow(md, ld - 1)), static_cast<double>(*small)));
          obs.push_back(observed(spec, "nodes of the largest level-l cluster",
                                 printed(std::pow(md, ld - 1)), static_cast<double>(*large)));
          obs.push_back(observed(spec, "ordered pairs of level-l clusters joined",
                                 printed(md * (md - 1)), static_cast<double>(links.size())));
          obs.push_back(observed(spec, "fewest links joining two level-l clusters",
                                 printed(std::pow(md, ld - 2)), static_cast<double>(fewest)));
          obs.push_back(observed(spec, "most links joining two level-l clusters",
                                 printed(std::pow(md, ld - 2)), static_cast<double>(most)));
        }
        return measured(obs,
                        "Measured: the constructed networks' clusters (top digit) and the links "
                        "between them (the swap rule; X_i = X_1 links dropped as self-loops)");
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
/// its penalty over the fault-free paper route per faulty inter-cluster link met against
/// T_R(G) + 1 (Case (ii)'s diversion, as printed) and against 3 T_R(G) + 2 (two extra nucleus
/// walks, one extra link, and the entry into y's cluster moved within a nucleus), T_R(G) the
/// nucleus's routing time (its diameter: BFS).
struct PenaltyTally {
  std::uint64_t routes = 0, diverted = 0, sets = 0, over_printed = 0;
  std::string witness, failure, tally;
  std::vector<Observation> obs;

  void run(const Network& healthy, const Network& nucleus,
           const std::vector<std::string>& fault_sets) {
    const auto paper = make_router(healthy, "auto");
    const double tr = static_cast<double>(*small_diameter(nucleus));
    Worst worst;
    for (const std::string& fs : fault_sets) {
      ++sets;
      const auto t = build_topology(fs);
      const auto& f = network_ref<FaultyNetwork>(*t);
      NodePath ref;
      for (std::uint32_t x = 0; x < t->num_nodes(); ++x)
        for (std::uint32_t y = 0; y < t->num_nodes(); ++y)
          route(healthy, *paper, f, fs, x, y, tr, ref, worst);
    }
    const std::string& spec = healthy.spec();
    obs.push_back({spec,
                   "routes FTR does not deliver over surviving links",
                   printed(0),
                   static_cast<double>(worst.undelivered),
                   Relation::Equal,
                   {},
                   {}});
    obs.push_back({spec,
                   "longest detour with no faulty link met (hops)",
                   printed(0),
                   static_cast<double>(worst.undiverted),
                   Relation::Equal,
                   {},
                   {}});
    obs.push_back({spec,
                   "largest penalty per faulty inter-cluster link met (hops)",
                   printed(tr + 1),
                   worst.per_link,
                   Relation::AtMost,
                   3 * tr + 2,
                   {}});
    tally += (tally.empty() ? "" : ", ") + spec + " (T_R(G) = " + num(tr) + ")";
  }

 private:
  struct Worst {
    double per_link = 0;
    std::uint64_t undiverted = 0, undelivered = 0;
  };

  void route(const Network& healthy, const Router& paper, const FaultyNetwork& f,
             const std::string& fs, std::uint32_t x, std::uint32_t y, double tr, NodePath& ref,
             Worst& worst) {
    const NodeId bx = f.to_base(NodeId(x)), by = f.to_base(NodeId(y));
    FtrRoute r;
    try {
      r = rhfc_ftr(f, bx, by);
    } catch (const InputError& e) {
      if (worst.undelivered++ == 0 && failure.empty())
        failure = "under FTR's condition FTR does not deliver on " + fs + " from " +
                  std::to_string(bx.v) + " to " + std::to_string(by.v) + ": " + e.what();
      return;
    }
    for (std::size_t i = 1; i < r.path.size(); ++i)
      if (!healthy.adjacent(r.path[i - 1], r.path[i]) || f.link_failed(r.path[i - 1], r.path[i])) {
        if (worst.undelivered++ == 0 && failure.empty())
          failure = "FTR uses a failed or missing link on " + fs;
        return;
      }
    paper.route(bx, by, ref);
    const std::uint64_t len = r.path.size() - 1, base_len = ref.size() - 1;
    const std::uint64_t penalty = len > base_len ? len - base_len : 0;
    const std::uint64_t met = r.diversions.size();
    ++routes;
    diverted += met > 0;
    if (met == 0) {
      worst.undiverted = std::max(worst.undiverted, penalty);
      return;
    }
    worst.per_link =
        std::max(worst.per_link, static_cast<double>(penalty) / static_cast<double>(met));
    if (static_cast<double>(penalty) <= (tr + 1) * static_cast<double>(met)) return;
    if (over_printed++ == 0)
      witness = fs + ": FTR routes " + healthy.label(bx) + " -> " + healthy.label(by) + " in " +
                std::to_string(len) + " hops (" + std::to_string(met) +
                " faulty inter-cluster link(s) met) against " + std::to_string(base_len) +
                " without faults: penalty " + std::to_string(penalty) + " > " +
                num((tr + 1) * static_cast<double>(met)) +
                " = (T_R(G) + 1) per fault (`netsched route '" + fs + "' " + std::to_string(x) +
                " " + std::to_string(y) + "`)";
  }
};

/// The verdict of a tally, its counts said in `what`.
Result penalty_verdict(const PenaltyTally& p, const std::string& what) {
  std::string context = "Measured: " + std::to_string(p.routes) + " FTR routes on " +
                        std::to_string(p.sets) + " " + what + ", " + std::to_string(p.diverted) +
                        " with diversions: " + p.tally;
  if (!p.failure.empty()) context += "; first undelivered: " + p.failure;
  if (p.over_printed > 0)
    context += "; " + std::to_string(p.over_printed) + " of " + std::to_string(p.routes) +
               " routes exceed the printed bound, the first " + p.witness;
  return measured(p.obs, context, "at most 3 T_R(G) + 2 per faulty inter-cluster link met");
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
          kYehParhami + " §4.2",
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
          kYehParhami + " §4.2",
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
