// Claims of yeh-parhami-rhfc-networks.txt about sizes and structure (§2, §3, §5, §6's
// partially-linked networks), Theorem 5.2 against Theorem 5.1, and the statements that are
// asymptotic only. The algorithm claims are in rhfc.cpp, the hypernet claims in
// rhfc_hypernet.cpp.
#include <cmath>
#include <set>
#include <stdexcept>

#include "claims/claims.hpp"
#include "claims/helpers.hpp"
#include "gen/topo/hsn.hpp"
#include "gen/topo/mfc.hpp"
#include "gen/topology.hpp"

namespace netsched::claims {
namespace {
const std::vector<std::string> kMfcs = {"mfc(ring(3),4,13)",     "mfc(complete(2),3,7)",
                                        "mfc(hypercube(2),5,5)", "hfc(complete(3),4,4)",
                                        "hfc(ring(4),5,3)",      "hfc(hypercube(2),5,5,5)"};
/// The paper's notation for an hsn/rhs spec over a hypercube or ring nucleus, e.g. HSN(3,Q_2).
std::string paper_name(const std::string& spec) {
  std::string s = spec;
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
           {"hypercube(", "Q_"}, {"ring(", "C_"}, {"hsn(", "HSN("}, {"rhs(", "RHS("}})
    for (std::size_t at; (at = s.find(from)) != std::string::npos;) {
      s.replace(at, from.size(), to);
      if (to.back() == '_') s.erase(s.find(')', at), 1);  // Q_2) -> Q_2
    }
  return s + " = " + spec;
}

const std::vector<std::string> kRhs = {"hsn(3,hypercube(2))",   "hsn(2,ring(5))",
                                       "hsn(4,hypercube(1))",   "rhs(2,2,hypercube(1))",
                                       "rhs(2,3,hypercube(2))", "rhs(3,2,hypercube(1))"};

Claim claim_mfc_size_degree() {
  return {"rhfc.mfc.size-degree",
          kYehParhami + " §2.1",
          "an MFC(l,G) has N = prod_i N_i nodes and degree d_l <= d_G + l - 1",
          "mfc(ring(3),4,13), mfc(complete(2),3,7), mfc(hypercube(2),5,5) and three HFCs",
          false,
          [] {
            std::vector<Observation> obs;
            for (const auto& spec : kMfcs) {
              const auto t = build_topology(spec);
              const auto& m = network_ref<Mfc>(*t);
              double n = static_cast<double>(m.nucleus().num_nodes());
              for (std::uint32_t i = 2; i <= m.levels(); ++i) n *= static_cast<double>(m.count(i));
              const double dg = m.nucleus().largest_degree();
              obs.push_back(info_observation(spec, spec, "nodes", printed(n)));
              auto d = info_observation(spec, spec, "degree_max", printed(dg + m.levels() - 1));
              d.relation = Relation::AtMost;
              obs.push_back(d);
            }
            return measured(obs,
                            "Measured: the constructed networks (link placement of "
                            "docs/families.md)");
          }};
}

Claim claim_eq1_forms() {
  return {
      "rhfc.eq1-forms",
      kYehParhami + " eq. (1) and §3.1",
      "T_R,MFC(l,G) = 2^(l-1) T_R,G + 2^(l-1) - 1 (eq. 1), restated in §3.1 as 2^(l-1) (T_R,G + "
      "1) - 1",
      "l = 2..6, T_R,G = 1..4",
      false,
      [] {
        std::vector<Observation> obs;
        for (int l = 2; l <= 6; ++l)
          for (double t = 1; t <= 4; ++t) {
            const double p = std::ldexp(1.0, l - 1);
            obs.push_back(observed("l = " + std::to_string(l) + ", T_R,G = " + num(t),
                                   "routing time", printed(p * t + p - 1),
                                   printed(p * (t + 1) - 1).value()));
          }
        return two_printings(kYehParhami + " §3.1", obs, "the two printed forms evaluated");
      }};
}

/// Distinct inter-cluster link classes (edge dimensions beyond the nucleus's) plus one.
double link_levels(const Network& t, std::uint32_t nucleus_dims) {
  std::set<std::uint32_t> dims;
  std::vector<NodeId> nb;
  for (std::uint32_t u = 0; u < t.num_nodes(); ++u) {
    t.neighbors(NodeId(u), nb);
    for (NodeId v : nb)
      if (const auto d = t.edge_dimension(NodeId(u), v); d && *d >= nucleus_dims) dims.insert(*d);
  }
  return static_cast<double>(dims.size()) + 1;
}

Claim claim_rhfc_is_mfc() {
  return {"rhfc.rhfc-is-mfc",
          kYehParhami + " §3 after Definition 3.2",
          "an RHFC(l_r,...,l_1,G) is a p-level MFC(p,G), p = sum_i l_i - r + 1; its degree is "
          "d_G + sum_i (l_i - 1) (Theorem 3.3's proof)",
          "hsn and rhs instances (RHS is the RHFC with the swap rule)",
          false,
          [] {
            std::vector<Observation> obs;
            for (const auto& spec : kRhs) {
              const auto t = build_topology(spec);
              const auto& h = network_ref<Hsn>(*t);
              double sum = 0, r = 0;
              for (auto l : h.level_counts()) sum += l, r += 1;
              const Network& g = h.innermost();
              const double dg = g.largest_degree();
              obs.push_back(observed(spec, "levels (distinct inter-cluster link classes + 1)",
                                     printed(sum - r + 1),
                                     link_levels(*t, std::max(1u, g.dimension_count()))));
              obs.push_back(
                  info_observation(paper_name(spec), spec, "degree_max", printed(dg + sum - r)));
            }
            return measured(obs,
                            "Measured: link classes by edge dimension; degree of the "
                            "constructed network");
          }};
}

Claim claim_hsn_is_hfc() {
  return {"rhfc.hsn-is-hfc",
          kYehParhami + " §5.1",
          "HSN(l,G) is an HFC: each nucleus has exactly one link to each other level-i cluster of "
          "its level-(i+1) cluster",
          "hsn(3,hypercube(2)), hsn(2,ring(5)), hsn(4,hypercube(1)), hsn(3,ring(3))",
          false,
          [] {
            std::vector<Observation> obs;
            for (const char* spec : {"hsn(3,hypercube(2))", "hsn(2,ring(5))", "hsn(4,hypercube(1))",
                                     "hsn(3,ring(3))"}) {
              const auto t = build_topology(spec);
              const auto& h = network_ref<Hsn>(*t);
              const std::uint64_t m = h.radix();
              // (nucleus, level, target cluster) -> links; a nucleus is u / M
              std::map<std::tuple<std::uint64_t, std::uint32_t, std::uint64_t>, int> links;
              std::vector<NodeId> nb;
              for (std::uint32_t u = 0; u < t->num_nodes(); ++u) {
                t->neighbors(NodeId(u), nb);
                for (NodeId v : nb)
                  for (std::uint32_t i = 2; i <= h.levels(); ++i)
                    if (h.digit(u, i) != h.digit(v.v, i)) links[{u / m, i, h.digit(v.v, i)}]++;
              }
              double wrong = 0;
              for (std::uint64_t nucleus = 0; nucleus < t->num_nodes() / m; ++nucleus)
                for (std::uint32_t i = 2; i <= h.levels(); ++i)
                  for (std::uint64_t c = 0; c < m; ++c) {
                    if (c == h.digit(nucleus * m, i)) continue;
                    const auto it = links.find({nucleus, i, c});
                    wrong += (it == links.end() || it->second != 1);
                  }
              obs.push_back({spec,
                             "(nucleus, other level-i cluster) pairs not joined by exactly "
                             "one link",
                             printed(0),
                             wrong,
                             Relation::Equal,
                             {},
                             info_command(spec)});
            }
            return measured(obs,
                            "Measured: every link of the constructed network classified by "
                            "the level whose digit it changes");
          }};
}

Claim claim_thm5_2() {
  return {"rhfc.thm5.2",
          kYehParhami + " Theorem 5.2 and its proof",
          "all-port emulation of a pk-cube on RHS(l_r,...,l_1,Q_k) with 2r - 1 + max_i "
          "binom(2pk, l_i) slowdown, the dilation 2r - 1 taken from Theorem 5.1",
          "RHS(3,Q_2) = hsn(3,hypercube(2)), RHS(2,2,Q_1), RHS(2,3,Q_2)",
          false,
          [] {
            std::vector<Observation> obs;
            for (const char* spec :
                 {"hsn(3,hypercube(2))", "rhs(2,2,hypercube(1))", "rhs(2,3,hypercube(2))"}) {
              const auto t = build_topology(spec);
              const auto& h = network_ref<Hsn>(*t);
              const auto ls = h.level_counts();
              const double r = static_cast<double>(ls.size()),
                           k = std::log2(static_cast<double>(h.innermost().num_nodes()));
              double p = 1, binom = 0, fraction = 0;
              for (auto l : ls) p *= l;
              for (auto l : ls) {
                double b = 1;  // binom(2pk, l) as printed
                for (std::uint32_t j = 1; j <= l; ++j) b = b * (2 * p * k - l + j) / j;
                binom = std::max(binom, b);
                fraction = std::max(fraction, 2 * p * k / l);
              }
              // Theorem 5.1: 2|S_a| + 1 with |S_a| at most r (every depth's digit nonzero)
              obs.push_back(observed(paper_name(spec), "dilation", printed(2 * r - 1),
                                     printed(2 * r + 1).value()));
              obs.push_back(observed(paper_name(spec), "congestion term", printed(binom),
                                     printed(fraction).value()));
            }
            return two_printings(kYehParhami +
                                     " Theorem 5.1 (dilation 2|S_a| + 1 <= 2r + 1) and the "
                                     "proof's 2pk/l_i packets per link",
                                 obs,
                                 "the theorem's dilation against Theorem 5.1's largest, and the "
                                 "printed binomial against the proof's packet count");
          }};
}

Claim claim_partial_links() {
  return {"rhfc.partial-links",
          kYehParhami + " §6",
          "a_{i,j} = 2/3, 2/3, 1/2 needs only 2 external links per node; a_{i,j} ~ (1-g) g^(i-1) "
          "(eq. 6) only 1",
          "the printed example; eq. (6) for g = 0.3, 0.5, 0.9 and r = 2..20 (built networks: "
          "rhfc.partial-links.hypernet)",
          false,
          [] {
            std::vector<Observation> obs = {
                observed("a = (2/3, 2/3, 1/2)", "external links per node", printed(2),
                         std::ceil(printed(2.0 / 3 + 2.0 / 3 + 1.0 / 2).value()))};
            for (double g : {0.3, 0.5, 0.9})
              for (int r = 2; r <= 20; r += 6) {
                double sum = 0;
                for (int i = 1; i <= r; ++i) sum += (1 - g) * std::pow(g, i - 1);
                obs.push_back(observed("eq. (6), g = " + num(g) + ", r = " + std::to_string(r),
                                       "external links per node", printed(1),
                                       std::ceil(printed(sum).value())));
              }
            return two_printings(
                kYehParhami + " §6, the condition sum_i a_{i,j} <= e", obs,
                "the links each printed coefficient set needs by the section's own "
                "condition (ceil of the sum over depths); measured on built "
                "hypernets in rhfc.partial-links.hypernet");
          }};
}

Claim claim_size_formula() {
  return {
      "rhfc.size-formula",
      kYehParhami + " §3.2",
      "the RHFC has N = prod_j (a_{r,j} ... prod_j (a_{1,j} N_1 - b_{1,j}) ... - b_{r,j}) nodes",
      "HFCs with N_i = N_1 + 1 (a_i = 1, b_i = 1 in §3's N_CV = A_CV N_1 + B_CV): "
      "hfc(complete(3),4,4), hfc(hypercube(2),5,5,5), hfc(ring(4),5)",
      false,
      [] {
        std::vector<Observation> obs;
        for (const char* spec :
             {"hfc(complete(3),4,4)", "hfc(hypercube(2),5,5,5)", "hfc(ring(4),5)"}) {
          const auto t = build_topology(spec);
          const auto& m = network_ref<Mfc>(*t);
          const double n1 = static_cast<double>(m.nucleus().num_nodes());
          double minus = n1, plus = n1;  // level 1: a_1 = 1, b_1 = 0
          for (std::uint32_t i = 2; i <= m.levels(); ++i) {
            const double b = static_cast<double>(m.count(i)) - n1;  // a_i = 1
            minus *= n1 - b, plus *= n1 + b;
          }
          obs.push_back({spec,
                         "nodes",
                         printed(minus),
                         printed(plus).value(),
                         Relation::Equal,
                         {},
                         info_command(spec)});
          if (plus != info_of(spec)["nodes"].get<double>())
            throw std::logic_error(std::string("N_CV = A N_1 + B does not count ") + spec);
        }
        return two_printings(kYehParhami + " §3 (N_CV = A_CV N_1 + B_CV)", obs,
                             "the definition's count equals the built network's nodes on "
                             "every instance; the size formula subtracts the remainders the "
                             "definition adds");
      }};
}

Claim not_checkable_claim(const std::string& id, const std::string& source,
                          const std::string& statement, const std::string& why) {
  return {id,    kYehParhami + " " + source,          statement, "-",
          false, [why] { return not_checkable(why); }};
}

}  // namespace

void add_rhfc_structure(std::vector<Claim>& out) {
  out.push_back(claim_mfc_size_degree());
  out.push_back(claim_eq1_forms());
  out.push_back(claim_rhfc_is_mfc());
  out.push_back(claim_hsn_is_hfc());
  out.push_back(claim_thm5_2());
  out.push_back(claim_partial_links());
  out.push_back(claim_size_formula());
  out.push_back(not_checkable_claim(
      "rhfc.thm3.3", "Theorem 3.3",
      "the diameter of a suitably constructed RHFC is asymptotically optimal",
      "asymptotic (Theta and O as N grows): no finite set of instances decides it. netsched "
      "checks the finite bound it rests on, eq. (3), in rhfc.thm3.2"));
  out.push_back(not_checkable_claim(
      "rhfc.eqs-optimal", "§5.3 after Theorem 5.1",
      "no network of polynomially bounded degree emulates a pk-cube with asymptotically smaller "
      "dilation than RHS",
      "a lower bound over all networks, asymptotic: beyond exhaustive checking. The finite part, "
      "2|S_a| + 1 steps per dimension, is rhfc.thm5.1"));
  const std::string asymptotic =
      "asymptotic (Theta, O and limits as N grows): no finite set of "
      "instances decides it";
  out.push_back(not_checkable_claim(
      "rhfc.degree-range", "abstract, §1",
      "RHFC networks have node degrees from O(1) to O(log N), depending on the parameters",
      asymptotic + "; the degrees of built instances are rhfc.mfc.size-degree"));
  out.push_back(not_checkable_claim(
      "rhfc.sec3.2-list", "§3.2",
      "hypercubes, meshes, folded hypercubes, HCN and WK-recursive networks do not have "
      "asymptotically optimal diameters; star, pancake and complete graphs do",
      asymptotic + " (within a constant factor of log2 N / log2 d)"));
  out.push_back(not_checkable_claim(
      "rhfc.no-constant-links", "§3.2",
      "with a nucleus of constant size, the inter-cluster links per node cannot be a constant",
      asymptotic + " (some a_{i,j} must tend to 0)"));
  out.push_back(not_checkable_claim(
      "rhfc.ghc-factor-1", "§3.2",
      "an RHFC based on a generalized hypercube can have a diameter asymptotically optimal within "
      "a factor of 1",
      asymptotic));
  out.push_back(not_checkable_claim(
      "rhfc.constant-depth-optimal", "§6",
      "with a constant recursive depth the a_{i,j} do not approach zero, and with a nucleus of "
      "non-constant size and asymptotically optimal diameter the diameter is asymptotically "
      "optimal",
      asymptotic + "; its finite bound is eq. (3), rhfc.thm3.2"));
  out.push_back(not_checkable_claim(
      "rhfc.sec5.4-optimal", "§5.4, after Theorem 5.2",
      "choosing the nucleus size and the levels properly, RHS emulates a hypercube with all-port "
      "communication with optimal slowdown",
      asymptotic + "; the finite slowdown is Theorem 5.2, rhfc.thm5.2"));
  out.push_back(not_checkable_claim(
      "rhfc.hypernet.degree-halves", "§6.2",
      "the degree of a 2-dimensional hypernet based on a hypercube is reduced to approximately "
      "half when the depth grows by one",
      "'approximately half' gives no tolerance, and the paper names no sizes at which depths r "
      "and r+1 are to be compared"));
  out.push_back(not_checkable_claim(
      "rhfc.traffic-balance", "§6.2",
      "the 2-dimensional hypernet's link traffic is approximately balanced; with a_{i,j} ~ "
      "(1-g) g^(i-1), g ~ 1/l, so is an l-dimensional hypernet's",
      "'approximately balanced' under uniformly distributed sources and destinations is not "
      "quantified (no bound on the spread of link loads)"));
  out.push_back(not_checkable_claim(
      "rhfc.sec7-scaling", "§7",
      "an r-deep RHFC scales up with smaller steps by N_top <= M_{i,j} copies, each given a "
      "k_{i,j}-bit prefix",
      "a construction procedure, not a property: netsched does not build the scaled-up copies"));
  out.push_back(not_checkable_claim(
      "rhfc.hypernet.asymptotics", "§6.2",
      "hypernet dilation Theta(r); a 2-dimensional hypernet needs Theta(log log N) depth and "
      "Theta(log N) all-port slowdown, an l-dimensional one Theta(sqrt(log N))",
      "asymptotic growth rates: no finite instance decides them. The finite routing bound of "
      "these networks is rhfc.hypernet.thm3.2"));
}

}  // namespace netsched::claims
