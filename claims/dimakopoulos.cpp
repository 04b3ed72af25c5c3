// Claims of dimakopoulos-total-exchange-product-networks.txt.
#include <cmath>
#include <stdexcept>

#include "claims/claims.hpp"
#include "claims/helpers.hpp"
#include "core/metrics.hpp"
#include "gen/topo/product.hpp"
#include "verify/smt_synthesis.hpp"

namespace netsched::claims {
namespace {
const std::string kPaper = "dimakopoulos";
const std::vector<std::string> kProducts = {"torus(3,4,5)", "torus(2,3,5)",
                                            "hypercube(6)", "ghc(2,3,4)",
                                            "ghc(5,3)",     "product(ring(5),complete(3),ring(2))",
                                            "torus(7,7)",   "mesh(3,4)",
                                            "mesh(2,3,4)",  "product(path(3),ring(4))"};
}  // namespace

namespace {

Claim claim_dim_lower_bound() {
  return {"dim.lower-bound",
          kPaper + " §3 (1)",
          "total exchange needs at least AS(G) steps (single port, unit messages)",
          "complete(2), path(3), ring(3), ring(4), hypercube(2), path(4), ring(5)",
          false,
          [] {
            std::vector<Observation> obs;
            for (const char* spec : {"complete(2)", "path(3)", "ring(3)", "ring(4)", "hypercube(2)",
                                     "path(4)", "ring(5)"}) {
              const auto t = build_topology(spec);
              const auto as = std::ceil(info_of(spec)["average_status"].get<double>() - 1e-9);
              // Z3 without the counting constraint R3 (which is this very bound), and without R1,
              // R2, R4
              SynthesisOptions opt;
              opt.distance = opt.doubling = opt.counting = opt.symmetry = false;
              const auto r = feasible(*t, Collective::total_exchange(t->num_nodes()),
                                      static_cast<std::uint64_t>(as) - 1, opt);
              if (r.answer == Feasibility::Unknown)
                return not_checkable(std::string("z3 answered unknown on ") + spec);
              // unsat with AS - 1 steps proves AS necessary; sat shows AS - 1 suffice
              obs.push_back({spec,
                             "steps every schedule needs (Z3)",
                             as,
                             r.answer == Feasibility::Sat ? as - 1 : as,
                             Relation::AtLeast,
                             {},
                             command({"prove", "min-steps", spec, "total-exchange"})});
            }
            return measured(obs,
                            "Measured: Z3, given only the schedule rules (no redundant "
                            "constraints), decides whether a schedule of ceil(AS(G)) - 1 steps "
                            "exists");
          }};
}

Claim claim_dim_thm1() {
  return {
      "dim.thm1",
      kPaper + " Theorem 1",
      "s(v) = n sum_i s_i(v_i)/|V_i| for v = (v_1,...,v_k) in G_1 x ... x G_k",
      "every node of torus(3,4,5), ghc(2,3,4), mesh(3,4), mesh(2,3,4), product(path(3),ring(4))",
      false,
      [] {
        std::vector<Observation> obs;
        for (const char* spec : {"torus(3,4,5)", "ghc(2,3,4)", "mesh(3,4)", "mesh(2,3,4)",
                                 "product(path(3),ring(4))"}) {
          const auto t = build_topology(spec);
          const auto& p = network_ref<Product>(*t);
          const Csr g(p);
          const double n = static_cast<double>(p.num_nodes());
          double differing = 0, formula_sum = 0, bfs_sum = 0;
          for (std::uint32_t v = 0; v < p.num_nodes(); ++v) {
            std::uint64_t status = 0;
            for (auto d : bfs_distances(g, v)) status += d;
            double formula = 0;
            for (std::size_t i = 0; i < p.dims(); ++i) {
              const auto& f = p.factors()[i];
              double si = 0;
              for (std::uint32_t x = 0; x < f.size; ++x) si += f.distance(p.coord(v, i), x);
              formula += si / f.size;
            }
            formula *= n;
            differing += std::fabs(formula - static_cast<double>(status)) > 1e-6;
            formula_sum += formula, bfs_sum += static_cast<double>(status);
          }
          obs.push_back(
              observed(spec, "nodes whose BFS status differs from the formula", 0, differing));
          obs.push_back(observed(spec, "sum of the statuses", formula_sum, bfs_sum));
        }
        return measured(obs,
                        "Measured: every node's BFS status against the formula on 5 products "
                        "(paths make the status vary by node)");
      }};
}

Claim claim_dim_cor1() {
  return {"dim.cor1",
          kPaper + " Corollary 1",
          "AS(G) = n sum_i AS(G_i)/|V_i|",
          "10 products of rings, paths and complete graphs",
          false,
          [] {
            std::vector<Observation> obs;
            for (const auto& spec : kProducts)
              obs.push_back(
                  info_observation(spec, spec, "average_status",
                                   paper_value(spec, "average_status", kPaper + " Corollary 1")));
            return measured(obs, "Measured: the average status from all-pairs BFS");
          }};
}

Claim claim_dim_ghc_avg_distance() {
  return {
      "dim.ghc-avg-distance",
      kPaper + " §3.1",
      "the average distance of a generalized hypercube is n/(n-1) (k - sum_i 1/m_i)",
      "ghc(2,3,4), ghc(5,3), ghc(2,2,2,2), ghc(7), ghc(3,3,3)",
      false,
      [] {
        std::vector<Observation> obs;
        for (const char* spec : {"ghc(2,3,4)", "ghc(5,3)", "ghc(2,2,2,2)", "ghc(7)", "ghc(3,3,3)"})
          obs.push_back(info_observation(spec, spec, "avg_distance",
                                         paper_value(spec, "avg_distance", kPaper + " §3.1")));
        return measured(obs, "Measured: the BFS average distance over distinct pairs");
      }};
}

/// A2's checked steps on `spec` against `printed` (the bound or AS(G) of its verification).
Observation a2_steps(const std::string& spec, double printed, const std::string& quantity) {
  const auto& v = exchange_of(spec, "a2");
  if (!v.check.ok()) throw std::logic_error("A2's schedule on " + spec + " is not valid");
  return {spec,
          quantity,
          printed,
          static_cast<double>(v.check.steps),
          Relation::Equal,
          {},
          gen_command(spec, "total-exchange", {"--algorithm", "a2"})};
}

Claim claim_dim_thm2() {
  return {"dim.thm2",
          kPaper + " Theorem 2, Corollary 2",
          "Algorithm A2 takes n_1 T_B + n_2 T_A = n sum_i T_i/|V_i| steps",
          "A2 on the 10 products, every schedule checked",
          false,
          [] {
            std::vector<Observation> obs;
            for (const auto& spec : kProducts) {
              const auto& v = exchange_of(spec, "a2");
              if (!v.bound) throw std::logic_error("no Corollary 2 bound for " + spec);
              obs.push_back(a2_steps(spec, static_cast<double>(v.bound->steps), "steps"));
            }
            return measured(obs,
                            "Measured: A2's checked schedules; printed: Corollary 2 with T_i "
                            "= the factor exchanges' times (rings floor(n^2/4), complete "
                            "graphs n-1, paths the shorter of n(n-1) and the greedy exchange)");
          }};
}

Claim claim_dim_thm3() {
  return {
      "dim.thm3",
      kPaper + " Theorem 3, §5",
      "A2 is optimal (takes AS(G)) on tori, k-ary n-cubes, hypercubes and generalized hypercubes",
      "torus(3,4,5), torus(2,3,5), torus(7,7), torus(4,4,4), hypercube(6), ghc(2,3,4), ghc(5,3), "
      "product(ring(5),complete(3),ring(2))",
      false,
      [] {
        std::vector<Observation> obs;
        for (const char* spec :
             {"torus(3,4,5)", "torus(2,3,5)", "torus(7,7)", "torus(4,4,4)", "hypercube(6)",
              "ghc(2,3,4)", "ghc(5,3)", "product(ring(5),complete(3),ring(2))"}) {
          const auto& v = exchange_of(spec, "a2");
          if (!v.lower) throw std::logic_error(std::string("no AS(G) bound for ") + spec);
          obs.push_back(
              a2_steps(spec, static_cast<double>(v.lower->steps), "steps (AS(G) printed)"));
        }
        return measured(obs,
                        "Measured: A2's checked schedules against AS(G) = the sum of BFS "
                        "distances / N (meshes are not covered by the claim: there A2 with "
                        "the path exchange is above AS(G))");
      }};
}

Claim claim_dim_a1() {
  return {"dim.a1",
          kPaper + " §4 Algorithm A1",
          "Algorithm A1 solves the total exchange problem in A x B",
          "-",
          false,
          [] {
            return not_checkable(
                "A1's lines 1-4 do not say how the transfers are implemented (the paper says so "
                "itself, and refines A1 into A2, which dim.thm2 and dim.thm3 check)");
          }};
}

}  // namespace

void add_dimakopoulos(std::vector<Claim>& out) {
  out.push_back(claim_dim_lower_bound());
  out.push_back(claim_dim_thm1());
  out.push_back(claim_dim_cor1());
  out.push_back(claim_dim_ghc_avg_distance());
  out.push_back(claim_dim_a1());
  out.push_back(claim_dim_thm2());
  out.push_back(claim_dim_thm3());
}

}  // namespace netsched::claims
