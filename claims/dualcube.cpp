// Claims of li-peng-dualcube-routing-matrix.txt.
#include "gen/topo/dualcube.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "analysis/checked.hpp"
#include "analysis/verification.hpp"
#include "claims/claims.hpp"
#include "claims/helpers.hpp"
#include "core/metrics.hpp"
#include "gen/matrix/matrix.hpp"
#include "gen/prefix/prefix.hpp"
#include "gen/scatter_gather/scatter_gather.hpp"
#include "papers/dualcube.hpp"
#include "verify/registers.hpp"
#include "verify/simulator.hpp"
#include "verify/smt_bisection.hpp"
#include "verify/smt_synthesis.hpp"

namespace netsched::claims {

namespace {

/// The closed form of §3 that papers/dualcube.cpp holds (`bound`) on the r-dualcube, as
/// (t_s, m t_w) coefficients: the claims check the papers' one copy of it.
std::pair<double, double> section3_closed_form(double r,
                                               std::optional<PaperBound> (*bound)(std::uint32_t)) {
  const auto b = bound(static_cast<std::uint32_t>(r));
  if (!b || !b->payload_sum)
    throw std::logic_error("papers/dualcube.cpp has no §3 cost on F_" + num(r));
  return {static_cast<double>(b->steps), static_cast<double>(*b->payload_sum)};
}

/// "(steps, payload sum)" of a checked schedule.
std::string pair_of(const Verification& v) {
  return "(" + std::to_string(v.check.steps) + ", " + std::to_string(v.check.payload_sum) + ")";
}

/// The paper's name of an instance: "F_r = dualcube(r)".
std::string f_name(std::uint32_t r) {
  return "F_" + std::to_string(r) + " = dualcube(" + std::to_string(r) + ")";
}

/// Corrected (steps, chunk-steps) where a comparison has a correction.
struct Corrected {
  std::optional<double> steps, words;
};

/// A checked schedule's (steps, chunk-steps) against the printed (t_s, t_w m) coefficients.
void cost_observations(std::vector<Observation>& obs, const std::string& instance,
                       const Verification& v, Printed steps, Printed words, Corrected corrected,
                       const std::string& command) {
  obs.push_back({instance, "steps (t_s terms)", steps, static_cast<double>(v.check.steps),
                 Relation::Equal, corrected.steps, command});
  obs.push_back({instance, "chunk-steps (t_w m terms)", words,
                 static_cast<double>(v.check.payload_sum), Relation::Equal, corrected.words,
                 command});
}

/// F_1 is a single link: every collective there is one step moving one chunk.
Corrected on_f1(std::uint32_t r) { return r == 1 ? Corrected{1.0, 1.0} : Corrected{}; }

Claim claim_dc_one2allp() {
  return {"dc.one2allp",
          kLiPengDualcube + " §3",
          "One2allP takes 2r t_s + (2^(2r-1) + 2^(r-1) - 1) m t_w",
          "dualcube(1..6) from root 0, every root of dualcube(3)",
          false,
          [] {
            std::vector<Observation> obs;
            for (std::uint32_t r = 1; r <= 6; ++r) {
              const auto t = build_family<Dualcube>("dualcube(" + std::to_string(r) + ")");
              for (std::uint32_t root = 0; root < (r == 3 ? t->num_nodes() : 1); ++root) {
                const auto v =
                    check_schedule(*t, dualcube_one2allp(*t, NodeId(root))).verification();
                if (!v.check.ok()) return fails(f_name(r) + ": " + v.check.violation()->message);
                cost_observations(
                    obs, f_name(r) + " root " + std::to_string(root), v, printed(2.0 * r),
                    printed(std::ldexp(1.0, 2 * r - 1) + std::ldexp(1.0, r - 1) - 1), on_f1(r),
                    gen_command("dualcube(" + std::to_string(r) + ")", "scatter",
                                {"--algorithm", "one2allp", "--root", std::to_string(root)}));
              }
            }
            return measured(obs,
                            "Measured: the algorithm as §3 describes it (docs/algorithms.md), "
                            "every schedule checked by the simulator",
                            "as printed for r >= 2; F_1 (one link) takes 1 step moving 1 chunk");
          }};
}

Claim claim_dc_all2allb() {
  return {"dc.all2allb",
          kLiPengDualcube + " §3 Algorithm 1",
          "All2allB takes 2r t_s + (2^(2r-1) - 1) m t_w",
          "dualcube(1..6)",
          false,
          [] {
            std::vector<Observation> obs;
            for (std::uint32_t r = 1; r <= 6; ++r) {
              const auto t = build_family<Dualcube>("dualcube(" + std::to_string(r) + ")");
              const auto v = generate_checked(*t, {"all-gather", "all2allb"}).verification();
              cost_observations(obs, f_name(r), v, printed(2.0 * r),
                                printed(std::ldexp(1.0, 2 * r - 1) - 1),
                                {r == 1 ? 1.0 : 2.0 * r, {}},
                                gen_command("dualcube(" + std::to_string(r) + ")", "all-gather",
                                            {"--algorithm", "all2allb"}));
            }
            return measured(obs,
                            "Measured: the three stages as printed, every schedule checked by the "
                            "simulator (all-gather delivered). On F_1 stage 3 sends M_x \\ temp = "
                            "nothing",
                            "2r t_s for r >= 2; F_1 takes 1 step");
          }};
}

Claim claim_dc_many2manym() {
  return {"dc.many2manym",
          kLiPengDualcube + " §3 Algorithm 2",
          "Many2manyM takes (3r-3) t_s + (3 2^(r-1) + r - 2) m t_w",
          "dualcube(1..6), source clusters of both classes",
          false,
          [] {
            std::vector<Observation> obs;
            for (std::uint32_t r = 1; r <= 6; ++r) {
              const auto t = build_family<Dualcube>("dualcube(" + std::to_string(r) + ")");
              for (std::uint32_t root : {0u, static_cast<std::uint32_t>(t->num_nodes() - 1)}) {
                const auto v =
                    generate_checked(*t, {"multicast", "many2manym", NodeId(root)}).verification();
                cost_observations(
                    obs, f_name(r) + " source " + std::to_string(root), v, printed(3.0 * r - 3),
                    printed(3 * std::ldexp(1.0, r - 1) + r - 2),
                    r == 1 ? on_f1(r) : Corrected{3.0 * r - 1, {}},
                    gen_command("dualcube(" + std::to_string(r) + ")", "multicast",
                                {"--algorithm", "many2manym", "--root", std::to_string(root)}));
              }
            }
            return measured(obs,
                            "Measured: the algorithm as printed, checked by the simulator (every "
                            "destination served); see dc.many2manym.terms for the paper's own sum",
                            "(3r-1) t_s + (3 2^(r-1) + r - 2) m t_w for r >= 2; F_1 (one link) "
                            "takes 1 step moving 1 chunk");
          }};
}

Claim claim_dc_many2manym_terms() {
  return {"dc.many2manym.terms",
          kLiPengDualcube + " §3 Algorithm 2",
          "the startups of Many2manyM's stages, 2(r-1) + 1 + (r-1) + 1, total 3r-3",
          "r = 2..6",
          false,
          [] {
            std::vector<Observation> obs;
            for (double r = 2; r <= 6; ++r)
              obs.push_back(observed(
                  "F_" + num(r), "startups",
                  printed(section3_closed_form(r, papers::dualcube::many2manym_bound).first),
                  printed(2 * (r - 1) + 1 + (r - 1) + 1).value()));
            return two_printings(kLiPengDualcube + " §3, the stage-by-stage times of Algorithm 2",
                                 obs,
                                 "the printed total against the sum of the printed stage terms");
          }};
}

/// The printed forms of a cost (t_s and t_w m coefficients) evaluated for r = 1..8: each later
/// form against the first.
Result forms_agree(
    const std::string& other_place,
    const std::vector<std::pair<std::string, std::function<std::pair<double, double>(double r)>>>&
        forms) {
  std::vector<Observation> obs;
  for (double r = 1; r <= 8; ++r) {
    const auto [ts, tw] = forms.front().second(r);
    for (std::size_t f = 1; f < forms.size(); ++f) {
      const auto [ts2, tw2] = forms[f].second(r);
      obs.push_back(observed("r = " + num(r), "t_s coefficient (" + forms[f].first + ")",
                             printed(ts), printed(ts2).value()));
      obs.push_back(observed("r = " + num(r), "t_w m coefficient (" + forms[f].first + ")",
                             printed(tw), printed(tw2).value()));
    }
  }
  return two_printings(other_place, obs, "the printed forms evaluated for r = 1..8, p = 2^(2r-1)");
}

Claim claim_dc_one2allp_forms() {
  return {
      "dc.one2allp.forms",
      kLiPengDualcube + " §3",
      "T_One2allP = 2r t_s + (2^(2r-1) + 2^(r-1) - 1) m t_w",
      "r = 1..8",
      false,
      [] {
        return forms_agree(
            kLiPengDualcube +
                " §3: T_1 + T_2 as summed, and (1 + log p) t_s + (p + sqrt(p/2) - 1) m t_w",
            {{"closed",
              [](double r) { return section3_closed_form(r, papers::dualcube::one2allp_bound); }},
             {"T_1 + T_2",
              [](double r) {
                double tw = 0;
                for (double i = 1; i <= r - 1; ++i)
                  tw += std::pow(2, r + i - 2) + std::pow(2, i - 1);
                return std::pair{2 * r, tw};
              }},
             {"p-form", [](double r) {
                const double p = std::pow(2, 2 * r - 1);
                return std::pair{1 + std::log2(p), p + std::sqrt(p / 2) - 1};
              }}});
      }};
}

Claim claim_dc_all2allb_terms() {
  return {
      "dc.all2allb.terms",
      kLiPengDualcube + " §3 Algorithm 1",
      "T_All2allB = 2r t_s + (2^(2r-1) - 1) m t_w",
      "r = 1..8",
      false,
      [] {
        return forms_agree(
            kLiPengDualcube +
                " §3: T_1 + T_2 + T_3 as printed, and (1 + log p) t_s + (p - 1) m t_w",
            {{"closed",
              [](double r) { return section3_closed_form(r, papers::dualcube::all2allb_bound); }},
             {"T_1 + T_2 + T_3",
              [](double r) {
                const double t1 = std::pow(2, r - 1) - 1, t2 = std::pow(2, 2 * r - 2),
                             t3 = std::pow(2, 2 * r - 2) - std::pow(2, r - 1);
                return std::pair{(r - 1) + r + 1, t1 + t2 + t3};
              }},
             {"p-form", [](double r) {
                const double p = std::pow(2, 2 * r - 1);
                return std::pair{1 + std::log2(p), p - 1};
              }}});
      }};
}

Claim claim_dc_t_hypercube() {
  return {"dc.t-hypercube",
          kLiPengDualcube + " §5.3",
          "T_hypercube = [(t_s + 2t_w) + 3(t_s + t_w)](2r - 1)/3 = (4 t_s + 5 t_w)(2r - 1)/3",
          "-",
          false,
          [] {
            return not_checkable(
                "the hypercube matrix-multiplication algorithm the paper compares with is cited, "
                "not given; netsched generates Algorithm 7 on the dualcube only (dc.t-dualcube "
                "checks the dualcube's time under the same model)");
          }};
}

/// The symbolic check of the schedule `make(F_r)` on every F_r in `rs`, as observations. Each
/// re-runs by `gen`, except an algorithm reproduced as printed: gen refuses it (exit 1), so it
/// re-runs by its claim, `claim_id`.
std::vector<Observation> checked_on(const std::vector<std::uint32_t>& rs,
                                    const std::function<Schedule(const Dualcube&)>& make,
                                    const std::string& collective, const std::string& algorithm,
                                    std::string& tally, const std::string& claim_id = {}) {
  std::vector<Observation> obs;
  for (std::uint32_t r : rs) {
    const std::string spec = "dualcube(" + std::to_string(r) + ")";
    const auto t = build_family<Dualcube>(spec);
    const auto v = check_schedule(*t, make(*t)).verification();
    const std::string rerun = algorithm.ends_with("-as-printed")
                                  ? command({"claims", "--only", claim_id, "--json"})
                                  : gen_command(spec, collective, {"--algorithm", algorithm});
    for (auto& o : correctness_observations(f_name(r), v.check, rerun)) obs.push_back(std::move(o));
    tally += (tally.empty() ? "" : ", ") + f_name(r) + " " + pair_of(v);
  }
  return obs;
}

Claim claim_dc_alg3() {
  return {"dc.alg3",
          kLiPengDualcube + " §3 Algorithm 3",
          "ClusterSum leaves every node of a cluster with the cluster's sum",
          "dualcube(1..6)",
          false,
          [] {
            std::string tally;
            auto obs = checked_on({1, 2, 3, 4, 5, 6}, dualcube_cluster_sum, "cluster-sum",
                                  "cluster-sum", tally);
            return measured(obs,
                            "Measured: the register schedule checked symbolically (every input "
                            "combined exactly once); (steps, words): " +
                                tally);
          }};
}

Claim claim_dc_alg4() {
  return {
      "dc.alg4",
      kLiPengDualcube + " §3 Algorithm 4",
      "ClusterPrefix (temp = get pf_{x^(i)}; if x > x^(i) then pf_x = pf_x + temp) leaves pf_x = "
      "sum_{y <= x} data_y",
      "dualcube(2..6)",
      false,
      [] {
        std::string printed_tally, corrected_tally;
        const auto as_printed = [](const Dualcube& d) { return dualcube_cluster_prefix(d, true); };
        const auto corrected = [](const Dualcube& d) { return dualcube_cluster_prefix(d, false); };
        auto obs = checked_on({2, 3, 4, 5, 6}, as_printed, "cluster-prefix",
                              "cluster-prefix-as-printed", printed_tally, "dc.alg4");
        for (const auto& o : checked_on({2, 3, 4, 5, 6}, corrected, "cluster-prefix",
                                        "cluster-prefix", corrected_tally))
          if (!satisfied(o)) return fails("the correction fails too: " + o.instance);
        return measured(
            obs,
            "Measured: the schedule as printed, checked symbolically (on F_3's cluster 0..3, "
            "exchanging pf, node 2 ends with x0 + x2). Exchanging the subcube sum instead, and "
            "adding it to pf when x > x^(i), gives no wrong result on r = 2..6 "
            "(gen DUALCUBE cluster-prefix)",
            "temp = get sum_{x^(i)}; sum_x = sum_x + temp; if x > x^(i) then pf_x = pf_x + temp");
      }};
}

Claim claim_dc_alg5() {
  return {"dc.alg5",
          kLiPengDualcube + " §4 Algorithm 5",
          "DualPrefix computes pf_x = sum_{y <= x} data_y in 3 stages",
          "dualcube(1..6), Stage 3's free i read as r-1",
          false,
          [] {
            std::string tally;
            auto obs = checked_on({1, 2, 3, 4, 5, 6}, dualcube_prefix_as_printed, "prefix",
                                  "dual-prefix-as-printed", tally, "dc.alg5");
            return measured(
                obs,
                "Measured: the algorithm run as printed, checked symbolically. Stage 2 repeats "
                "Stage 1 (ClusterSum and ClusterPrefix, Algorithm 4 as printed, on the same "
                "clusters) with no cross-edge exchange, and Stage 3's test x > x^(i) has no i in "
                "scope: read as r-1, the cross edge line 11 uses. No pf passes between clusters "
                "of the same class. dc.alg5.consistent checks a consistent 3-stage reading",
                "see dc.alg5.consistent: cross, cluster scans, cross, cluster scans, cross "
                "(2r+1 steps)");
          }};
}

Claim claim_dc_alg5_consistent() {
  return {
      "dc.alg5.consistent",
      kLiPengDualcube + " §4 Algorithm 5 (a consistent reading)",
      "a 3-stage DualPrefix (cross, cluster scans, cross, cluster scans, cross) computes pf_x "
      "= sum_{y <= x} data_y",
      "dualcube(1..6)",
      false,
      [] {
        std::string tally;
        auto obs = checked_on({1, 2, 3, 4, 5, 6}, dualcube_prefix, "prefix", "dual-prefix", tally);
        return measured(obs,
                        "Measured: the reading of docs/algorithms.md (2r+1 steps, 4r words), "
                        "generated and checked symbolically (every prefix combines exactly "
                        "its inputs); (steps, words): " +
                            tally);
      }};
}

Claim claim_dc_alg6_shape() {
  return {
      "dc.alg6-shape",
      kLiPengDualcube + " §4 Algorithm 6",
      "M is of size 2^r x 2^(r-1) (|v| = 2^(r-1))",
      "dualcube(2..7)",
      false,
      [] {
        // The same algorithm assigns A[i, j] to processor x with i = nodeID(x) and j =
        // classID(x) cat clusterID(x): i ranges over a cluster's nodes, j over the clusters.
        std::vector<Observation> obs;
        for (std::uint32_t r = 2; r <= 7; ++r) {
          const auto t = build_family<Dualcube>("dualcube(" + std::to_string(r) + ")");
          const auto clusters = dualcube_clusters(*t);
          obs.push_back(observed(f_name(r), "rows", printed(std::ldexp(1.0, static_cast<int>(r))),
                                 static_cast<double>(clusters.front().size())));
          obs.push_back(observed(f_name(r), "columns",
                                 printed(std::ldexp(1.0, static_cast<int>(r) - 1)),
                                 static_cast<double>(clusters.size())));
        }
        return two_printings(
            kLiPengDualcube +
                " §4 Algorithm 6's index assignment (i = nodeID(x), j = classID(x) cat "
                "clusterID(x))",
            obs,
            "the assignment, counted on the constructed dualcube, makes M 2^(r-1) x 2^r, "
            "which is also what w = vM with |v| = 2^(r-1) needs");
      }};
}

Claim claim_dc_alg6() {
  return {
      "dc.alg6",
      kLiPengDualcube + " §4 Algorithm 6",
      "One2allP of M, One2allP of v in C_s, Many2manyM of v, one multiplication and ClusterSum "
      "compute w = vM",
      "dualcube(1..5), sources 0 and N-1",
      false,
      [] {
        std::vector<Observation> obs;
        std::string tally;
        for (std::uint32_t r = 1; r <= 5; ++r) {
          const std::string spec = "dualcube(" + std::to_string(r) + ")";
          const auto t = build_family<Dualcube>(spec);
          for (std::uint32_t source : {0u, static_cast<std::uint32_t>(t->num_nodes() - 1)}) {
            const auto v = check_schedule(*t, dualcube_vecmat(*t, NodeId(source))).verification();
            for (auto& o : correctness_observations(
                     f_name(r) + " source " + std::to_string(source), v.check,
                     gen_command(spec, "vecmat", {"--root", std::to_string(source)})))
              obs.push_back(std::move(o));
            if (source == 0) tally += (tally.empty() ? "" : ", ") + f_name(r) + " " + pair_of(v);
          }
        }
        return measured(obs,
                        "Measured: the five lines as printed (M taken 2^(r-1) x 2^r, see "
                        "dc.alg6-shape), each schedule checked symbolically: every w_j combines "
                        "exactly the products v_i M_ij; (steps, words): " +
                            tally + " (the paper states no time for it)");
      }};
}

Claim claim_dc_fig4() {
  return {"dc.fig4",
          kLiPengDualcube + " §5 Fig. 4",
          "the register contents of Fig. 4 (2x2 matrices on the 2-dualcube: Init, after "
          "each loop, Mul, C)",
          "dualcube(2), A = [[1,2],[3,4]], B = [[5,6],[7,8]]",
          false,
          [] {
            const auto t = build_family<Dualcube>("dualcube(2)");
            std::vector<std::size_t> ends;
            const Schedule s = dualcube_matmul(*t, &ends);
            if (!simulate(*t, s).ok())
              return fails("the Algorithm 7 schedule does not pass the checker");
            // Fig. 4, rows by (c, a, b): R_A,R_B at Init / 1st / 2nd / 3rd, R_C after Mul,
            // R_C after the 4th loop (the table leaves the 4th column empty where C is not
            // held; -1 here)
            struct Row {
              std::uint32_t c, a, b;
              std::int64_t v[4][2];
              std::int64_t mul, c4;
            };
            const Row fig[] = {{0, 0, 0, {{1, 5}, {1, 5}, {1, 5}, {1, 5}}, 5, 19},
                               {0, 0, 1, {{0, 0}, {1, 5}, {2, 5}, {2, 7}}, 14, -1},
                               {0, 1, 0, {{2, 6}, {2, 6}, {1, 6}, {1, 6}}, 6, 22},
                               {0, 1, 1, {{0, 0}, {2, 6}, {2, 6}, {2, 8}}, 16, -1},
                               {1, 0, 0, {{3, 7}, {3, 7}, {3, 7}, {3, 5}}, 15, 43},
                               {1, 0, 1, {{0, 0}, {3, 7}, {4, 7}, {4, 7}}, 28, -1},
                               {1, 1, 0, {{4, 8}, {4, 8}, {3, 8}, {3, 6}}, 18, 50},
                               {1, 1, 1, {{0, 0}, {4, 8}, {4, 8}, {4, 8}}, 32, -1}};
            std::vector<RegisterFile> snaps{initial_registers(s, {1, 2, 3, 4, 5, 6, 7, 8})};
            const auto final_regs = evaluate_registers(
                s, snaps.front(), [&](std::size_t step, const RegisterFile& regs) {
                  for (std::size_t l = 0; l < 3; ++l)
                    if (step + 1 == ends[l]) snaps.push_back(regs);
                });
            const DualcubeMatmulLayout L(2);
            const char* columns[] = {"Init", "1st loop", "2nd loop", "3rd loop"};
            std::vector<Observation> obs;
            const std::string rerun = command({"claims", "--only", "dc.fig4", "--json"});
            for (const Row& row : fig) {
              const std::uint32_t v = L.raw(row.c, row.a, row.b);
              const std::string who = "processor " + std::to_string(row.c) + std::to_string(row.a) +
                                      std::to_string(row.b);
              auto entry = [&](const std::string& where, Printed figure, std::int64_t got) {
                obs.push_back(
                    {who, where, figure, static_cast<double>(got), Relation::Equal, {}, rerun});
              };
              for (std::size_t col = 0; col < 4; ++col) {
                entry(std::string("R_A ") + columns[col],
                      printed(static_cast<double>(row.v[col][0])), snaps[col][v][0]);
                entry(std::string("R_B ") + columns[col],
                      printed(static_cast<double>(row.v[col][1])), snaps[col][v][1]);
              }
              entry("R_A x R_B after Mul", printed(static_cast<double>(row.mul)),
                    snaps[3][v][0] * snaps[3][v][1]);
              if (row.c4 >= 0)
                entry("R_C 4th loop", printed(static_cast<double>(row.c4)), final_regs[v][2]);
            }
            return measured(obs,
                            "Measured: Algorithm 7's schedule (checked symbolically, dc.alg7) run "
                            "on the figure's matrices, its registers read after each loop; C = "
                            "[[19, 22], [43, 50]]");
          }};
}

/// Z3's minimum number of one-port steps for one loop iteration's copies (each a message from its
/// source to its destination) on `t`, or nullopt if Z3 did not decide.
std::optional<std::uint64_t> loop_minimum(const Network& t, const std::vector<MatmulCopy>& copies) {
  std::vector<std::vector<NodeId>> groups;
  for (const auto& c : copies) groups.push_back({NodeId(c.source), NodeId(c.destination)});
  SynthesisOptions opt;
  opt.confirm_lower_bound = true;  // the minimum is Z3's own unsat below it
  const auto m = min_steps(t, Collective::multicast(t.num_nodes(), groups), 0, opt);
  if (m.result != Optimum::Optimal) return std::nullopt;
  return m.upper_bound;
}

Claim claim_dc_fig4_steps() {
  return {"dc.fig4-steps",
          kLiPengDualcube + " §5.2",
          "in the 2-dualcube example each of the four \"for\" loops is a single communication step",
          "dualcube(2): each loop's copies as a one-port problem, minimum proved by Z3",
          false,
          [] {
            const auto t = build_family<Dualcube>("dualcube(2)");
            std::vector<std::size_t> ends;
            (void)dualcube_matmul(*t, &ends);
            const auto copies = dualcube_matmul_copies(*t);
            std::vector<Observation> obs;
            std::string ours, minima;
            for (std::size_t loop = 0; loop < copies.size(); ++loop) {
              const auto best = loop_minimum(*t, copies[loop].front());
              if (!best) return not_checkable("Z3 did not decide loop " + std::to_string(loop + 1));
              obs.push_back({"loop " + std::to_string(loop + 1) + " on F_2 = dualcube(2)",
                             "steps (one-port minimum)", printed(1), static_cast<double>(*best),
                             Relation::Equal, static_cast<double>(*best),
                             command({"claims", "--only", "dc.fig4-steps", "--json"})});
              ours += (ours.empty() ? "" : ", ") +
                      std::to_string(ends[loop] - (loop ? ends[loop - 1] : 0));
              minima += (minima.empty() ? "" : ", ") + std::to_string(*best);
            }
            return measured(obs,
                            "Measured: Z3's minimum (a schedule at it, unsat one below) of "
                            "one-port steps that deliver each loop's copies, every copy a message "
                            "from N^l(x) to x. netsched's store-and-forward schedule along §5.3's "
                            "routes takes " +
                                ours + " steps for the four loops",
                            "the four loops need " + minima + " steps (one-port minima)");
          }};
}

Claim claim_dc_longest_distance() {
  return {"dc.longest-distance",
          kLiPengDualcube + " §5.3",
          "a copy of R_B across the classes travels at most 2r + 1 hops (the longest distance)",
          "dualcube(2), dualcube(5): every copy of Algorithm 7's loops",
          false,
          [] {
            std::vector<Observation> obs;
            for (std::uint32_t r : {2u, 5u}) {
              const auto t = build_family<Dualcube>("dualcube(" + std::to_string(r) + ")");
              std::uint32_t hops = 0;
              for (const auto& loop : dualcube_matmul_copies(*t))
                for (const auto& iteration : loop)
                  for (const auto& c : iteration) hops = std::max(hops, c.hops);
              obs.push_back(observed(f_name(r), "longest route of the copies (hops)",
                                     printed(2.0 * r + 1), static_cast<double>(hops),
                                     Relation::AtMost));
            }
            return measured(obs,
                            "Measured: §5.3's routes as netsched builds them (cross edge, route in "
                            "the cluster, cross edge, route, cross edge), each route's hops "
                            "checked to be links by the schedule checker (dc.alg7)");
          }};
}

Claim claim_dc_alg7() {
  return {"dc.alg7",
          kLiPengDualcube + " §5 Algorithm 7",
          "Algorithm 7 multiplies two m x m matrices on the r-dualcube, 2r - 1 = 3q, m = 2^q",
          "dualcube(2) (2x2), dualcube(5) (8x8)",
          false,
          [] {
            std::string tally;
            const auto make = [](const Dualcube& d) { return dualcube_matmul(d); };
            auto obs = checked_on({2, 5}, make, "matmul", "dualcube-matmul", tally);
            return measured(obs,
                            "Measured: the schedule checked symbolically (C_ij = sum_k A_ik B_kj "
                            "exactly); (steps, words): " +
                                tally);
          }};
}

Claim claim_dc_t_dualcube() {
  return {"dc.t-dualcube",
          kLiPengDualcube + " §5.3",
          "T_dualcube = T_1,4 + T_b + T_a + T_c = (4 t_s + 11 t_w)(2r - 1)/3",
          "dualcube(2), dualcube(5); the paper's model: a loop iteration costs t_s + (words x hops "
          "of its longest copy) t_w",
          false,
          [] {
            std::vector<Observation> obs;
            for (std::uint32_t r : {2u, 5u}) {
              const auto t = build_family<Dualcube>("dualcube(" + std::to_string(r) + ")");
              const auto copies = dualcube_matmul_copies(*t);
              double startups = 0, words = 0;
              for (std::size_t loop = 0; loop < copies.size(); ++loop)
                for (const auto& iteration : copies[loop]) {
                  std::uint32_t hops = 0;
                  for (const auto& c : iteration) hops = std::max(hops, c.hops);
                  startups += 1;
                  words += (loop == 0 ? 2.0 : 1.0) * hops;  // loop 1 copies R_A and R_B
                }
              const double q = (2.0 * r - 1) / 3;
              obs.push_back(observed(f_name(r), "t_s coefficient", printed(4) * q, startups));
              obs.push_back(observed(f_name(r), "t_w coefficient", printed(11) * q, words));
            }
            return measured(obs,
                            "Measured under the paper's own cost model (§3: m words over d links "
                            "take t_s + m d t_w; the copies of one iteration run in parallel, "
                            "contention ignored), with §5.3's routes of every copy");
          }};
}

Claim claim_dc_example_routes() {
  return {
      "dc.example-routes",
      kLiPengDualcube + " §5.3",
      "the routes 011010011 -> 111010011 -> 101010011 -> 001010011 and "
      "101000101 -> 001000101 -> 001000100 -> 101000100 -> 101010100 -> 001010100 in a 5-dualcube",
      "dualcube(5) (9-bit addresses)",
      false,
      [] {
        const auto t = build_family<Dualcube>("dualcube(5)");
        std::vector<Observation> obs;
        for (const std::vector<std::string>& route :
             {std::vector<std::string>{"011010011", "111010011", "101010011", "001010011"},
              std::vector<std::string>{"101000101", "001000101", "001000100", "101000100",
                                       "101010100", "001010100"}}) {
          double missing = 0;
          for (std::size_t i = 1; i < route.size(); ++i)
            if (!t->adjacent(t->parse_label(route[i - 1]), t->parse_label(route[i]))) ++missing;
          obs.push_back({route.front() + " -> " + route.back() + " on F_5 = dualcube(5)",
                         "hops that are not links",
                         printed(0),
                         missing,
                         Relation::Equal,
                         {},
                         command({"claims", "--only", "dc.example-routes", "--json"})});
        }
        return measured(obs,
                        "Measured: each printed hop looked up among F_5's links (the §2 "
                        "edge conditions)");
      }};
}

Claim claim_dc_32_thousand() {
  return {"dc.32-thousand",
          kLiPengDualcube + " §6",
          "a dualcube with eight links per node contains more than thirty-two thousand nodes",
          "dualcube(8)",
          false,
          [] {
            const std::string spec = "dualcube(8)";
            const std::string name = f_name(8);
            return measured({info_observation(name, spec, "degree_max", printed(8)),
                             [&] {
                               auto o = info_observation(name, spec, "nodes", printed(32001));
                               o.relation = Relation::AtLeast;  // "more than 32,000"
                               return o;
                             }()},
                            "Measured: the constructed network");
          }};
}

}  // namespace

namespace {

/// Table 1's two rows are compared on networks of 2^n nodes, n = 2r - 1 odd.
constexpr std::uint32_t kFirstR = 1, kLastR = 7;

/// Observations of `field` for the dualcube (r = 2..7) and the hypercube (n = 3..13) rows.
std::vector<Observation> table1_row(bool dualcube, const std::string& field,
                                    const std::function<Printed(double n)>& printed_of) {
  std::vector<Observation> obs;
  for (std::uint32_t r = kFirstR; r <= kLastR; ++r) {
    const double n = 2.0 * r - 1;
    const std::string spec =
        dualcube ? "dualcube(" + std::to_string(r) + ")" : "hypercube(" + num(n) + ")";
    obs.push_back(info_observation((dualcube ? f_name(r) : "Q_" + num(n) + " = " + spec), spec,
                                   field, printed_of(n)));
  }
  return obs;
}

/// Sets each observation's corrected value from `corrected(n)` (n = 2r - 1, in order).
std::vector<Observation> with_correction(std::vector<Observation> obs,
                                         const std::function<double(double n)>& corrected) {
  for (std::size_t i = 0; i < obs.size(); ++i)
    obs[i].corrected = corrected(2.0 * static_cast<double>(kFirstR + i) - 1);
  return obs;
}

constexpr std::string_view kAverageConvention =
    "Measured: BFS distances, averaged under the table's own convention, the sum over all N^2 "
    "ordered pairs (self-pairs included) divided by N^2 — the convention under which the same "
    "table's hypercube entry n/2 is exact; over the N(N-1) pairs of distinct nodes every entry "
    "is N/(N-1) times larger";

/// The r of the matrix sections: 2r - 1 a multiple of 3 (m = 2^((2r-1)/3)), small enough to build.
const std::vector<std::uint32_t> kMatmulRs = {2, 5, 8};

Claim claim_dc_sec51_sizes() {
  return {"dc.sec5.1-sizes",
          kLiPengDualcube + " §5.1",
          "m = 2^((2r-1)/3) and p = m^3 = 2^(2r-1) processors; 2^r clusters of 2^(r-1) processors; "
          "each cluster holds m^2/2^r = 2^((r-2)/3) elements of a matrix",
          "dualcube(2), dualcube(5), dualcube(8)",
          false,
          [] {
            std::vector<Observation> obs;
            for (const std::uint32_t r : kMatmulRs) {
              const std::string spec = "dualcube(" + std::to_string(r) + ")";
              const auto t = build_family<Dualcube>(spec);
              const auto clusters = dualcube_clusters(*t);
              const double m = std::ldexp(1.0, static_cast<int>((2 * r - 1) / 3));
              obs.push_back({f_name(r),
                             "processors m^3",
                             printed(m * m * m),
                             static_cast<double>(t->num_nodes()),
                             Relation::Equal,
                             {},
                             info_command(spec)});
              obs.push_back(observed(f_name(r), "clusters",
                                     printed(std::ldexp(1.0, static_cast<int>(r))),
                                     static_cast<double>(clusters.size())));
              obs.push_back(observed(f_name(r), "processors in a cluster",
                                     printed(std::ldexp(1.0, static_cast<int>(r) - 1)),
                                     static_cast<double>(clusters.front().size())));
              obs.push_back(observed(f_name(r), "matrix elements a cluster holds (m^2 / clusters)",
                                     printed(std::ldexp(1.0, static_cast<int>((r - 2) / 3))),
                                     m * m / static_cast<double>(clusters.size())));
            }
            return measured(obs,
                            "Measured: the constructed dualcube's nodes and clusters (its "
                            "components without the cross edges)");
          }};
}

/// The class and cluster (index in dualcube_clusters) of every node.
std::vector<std::uint32_t> cluster_of(const Dualcube& t) {
  std::vector<std::uint32_t> of(t.num_nodes());
  const auto clusters = dualcube_clusters(t);
  for (std::uint32_t c = 0; c < clusters.size(); ++c)
    for (const NodeId v : clusters[c]) of[v.v] = c;
  return of;
}

/// Where bit l of a copy's index lies, judged from its ends: "c" (another class), "a" (another
/// cluster of the class), "b" (the same cluster).
std::string copy_case(const Dualcube& t, const std::vector<std::uint32_t>& cluster,
                      const MatmulCopy& c) {
  if (t.class_of(c.source) != t.class_of(c.destination)) return "c";
  return cluster[c.source] != cluster[c.destination] ? "a" : "b";
}

Claim claim_dc_ra_three_steps() {
  return {"dc.ra-three-steps",
          kLiPengDualcube + " §5.3",
          "when a processor copies R_A, the source is in another cluster of the same class, and "
          "it always takes three communication steps",
          "dualcube(2), dualcube(5): every R_A copy of Algorithm 7's second loop",
          false,
          [] {
            std::vector<Observation> obs;
            for (const std::uint32_t r : {2u, 5u}) {
              const auto t = build_family<Dualcube>("dualcube(" + std::to_string(r) + ")");
              const auto cluster = cluster_of(*t);
              const Csr g(*t, 1);
              std::uint32_t fewest = std::numeric_limits<std::uint32_t>::max(), most = 0;
              double elsewhere = 0;
              const auto copies = dualcube_matmul_copies(*t);
              for (const auto& iteration : copies[1])  // the second loop: R_A
                for (const auto& c : iteration) {
                  const std::uint32_t d = bfs_distances(g, c.source)[c.destination];
                  fewest = std::min(fewest, d), most = std::max(most, d);
                  elsewhere += copy_case(*t, cluster, c) != "a";
                }
              obs.push_back(observed(f_name(r), "R_A copies not between clusters of one class",
                                     printed(0), elsewhere));
              obs.push_back(observed(f_name(r), "shortest R_A copy distance", printed(3), fewest));
              obs.push_back(observed(f_name(r), "longest R_A copy distance", printed(3), most));
            }
            return measured(obs,
                            "Measured: every copy Algorithm 7's second loop makes (source "
                            "by §5.3's rule), its ends' classes and clusters, BFS distance");
          }};
}

/// A 9-bit address of the 5-dualcube as the paper prints it (cab for class 0, cba for class 1).
std::uint32_t address(const DualcubeMatmulLayout& L, const std::string& bits) {
  const std::uint32_t c = bits[0] - '0';
  const auto x = static_cast<std::uint32_t>(std::stoul(bits.substr(1, 4), nullptr, 2));
  const auto y = static_cast<std::uint32_t>(std::stoul(bits.substr(5, 4), nullptr, 2));
  return c == 0 ? L.raw(0, x, y) : L.raw(1, y, x);
}

/// The source Algorithm 7 copies `reg` (1: R_A, 2: R_B; its loops 2 and 3) to `destination`
/// from in iteration l, or -1.
double source_of(const MatmulCopies& copies, std::size_t loop, std::size_t l,
                 std::uint32_t destination) {
  if (l >= copies[loop].size()) return -1;
  for (const auto& c : copies[loop][l])
    if (c.destination == destination) return c.source;
  return -1;
}

Claim claim_dc_sec53_sources() {
  return {"dc.sec5.3-sources",
          kLiPengDualcube + " §5.3 examples",
          "processor 001010011 copies R_B from 011010011 (l = 1) and R_A from 000010011; "
          "processor 001010100 copies R_B from 101000101 (l = 2), and copies R_B from 001000100",
          "dualcube(5), Algorithm 7's copies (sources by §5.3's rule)",
          false,
          [] {
            const auto t = build_family<Dualcube>("dualcube(5)");
            const DualcubeMatmulLayout L(5);
            const auto copies = dualcube_matmul_copies(*t);
            const auto any_source = [&](std::size_t loop, std::uint32_t dest) {
              std::vector<double> out;
              for (std::size_t l = 0; l < copies[loop].size(); ++l)
                if (const double s = source_of(copies, loop, l, dest); s >= 0) out.push_back(s);
              return out;
            };
            const auto is_source = [&](std::size_t loop, const std::string& src,
                                       const std::string& dest) {
              const auto all = any_source(loop, address(L, dest));
              return std::find(all.begin(), all.end(), address(L, src)) != all.end() ? 1.0 : 0.0;
            };
            std::vector<Observation> obs = {
                observed("001010011", "copies R_B from 011010011 (1 yes, 0 no)", printed(1),
                         is_source(2, "011010011", "001010011")),
                observed("001010011", "copies R_A from 000010011 (1 yes, 0 no)", printed(1),
                         is_source(1, "000010011", "001010011")),
                observed("001010100", "copies R_B from 101000101 (1 yes, 0 no)", printed(1),
                         is_source(2, "101000101", "001010100"))};
            obs.push_back(observed("001010100", "copies R_B from 001000100 (1 yes, 0 no)",
                                   printed(1), is_source(2, "001000100", "001010100")));
            // what 001000100 is to 001010100, if not its R_B source
            const bool ra = is_source(1, "001000100", "001010100") == 1;
            return measured(obs,
                            "Measured: the copies of Algorithm 7's second (R_A) and third (R_B) "
                            "loops, each source by §5.3's rule on netsched's address layout; "
                            "001000100 is 001010100's R_A source: " +
                                std::string(ra ? "yes" : "no"),
                            ra ? "processor 001010100 copies R_A (not R_B) from 001000100" : "");
          }};
}

/// Fig. 5's rows: processor b of cluster 0, class 0 (c = 0, a = 0000); R_A, R_B at Init and
/// after the 1st, 2nd and 3rd loops; the sources of R_A (2nd loop) and R_B (3rd loop) for
/// l = 0, 1, 2 ("" where the figure leaves the cell empty).
struct Fig5Row {
  std::uint32_t b;
  std::int64_t v[4][2];
  const char* ra[3];
  const char* rb[3];
};

const Fig5Row kFig5[] = {
    {0, {{1, 65}, {1, 65}, {1, 65}, {1, 65}}, {"", "", ""}, {"", "", ""}},
    {1, {{0, 0}, {1, 65}, {2, 65}, {2, 73}}, {"000010001", "", ""}, {"000001001", "", ""}},
    {2, {{0, 0}, {1, 65}, {3, 65}, {3, 81}}, {"", "000100010", ""}, {"", "010000010", ""}},
    {3,
     {{0, 0}, {1, 65}, {4, 65}, {4, 89}},
     {"000010011", "000100011", ""},
     {"000001011", "010000011", ""}},
    {4, {{0, 0}, {1, 65}, {5, 65}, {5, 97}}, {"", "", "001000100"}, {"", "", "101000000"}},
    {5,
     {{0, 0}, {1, 65}, {6, 65}, {6, 105}},
     {"000010101", "", "001000101"},
     {"000001101", "", "101010000"}},
    {6,
     {{0, 0}, {1, 65}, {7, 65}, {7, 113}},
     {"", "000100110", "001000110"},
     {"", "010000110", "101100000"}},
    {7,
     {{0, 0}, {1, 65}, {8, 65}, {8, 121}},
     {"000010111", "000100111", "001000111"},
     {"000001111", "010000111", "101110000"}},
    {8, {{9, 73}, {9, 73}, {9, 73}, {9, 65}}, {"", "", ""}, {"000000000", "", ""}},
    {9, {{0, 0}, {9, 73}, {10, 73}, {10, 73}}, {"000011001", "", ""}, {"", "", ""}},
    {10,
     {{0, 0}, {9, 73}, {11, 73}, {11, 81}},
     {"", "000101010", ""},
     {"000000010", "010001010", ""}},
    {11,
     {{0, 0}, {9, 73}, {12, 73}, {12, 89}},
     {"000011011", "000101011", ""},
     {"", "010001011", ""}},
    {12,
     {{0, 0}, {9, 73}, {13, 73}, {13, 97}},
     {"", "", "001001100"},
     {"000000100", "", "111000000"}},
    {13,
     {{0, 0}, {9, 73}, {14, 73}, {14, 105}},
     {"000011101", "", "001001101"},
     {"", "", "111010000"}},
    {14,
     {{0, 0}, {9, 73}, {15, 73}, {15, 113}},
     {"", "000101110", "001001110"},
     {"000000110", "010001110", "111100000"}},
    {15,
     {{0, 0}, {9, 73}, {16, 73}, {16, 121}},
     {"000011111", "000101111", "001001111"},
     {"", "010001111", "111110000"}}};

Claim claim_dc_fig5() {
  return {"dc.fig5",
          kLiPengDualcube + " §5.3 Fig. 5",
          "the register contents and copy sources of Fig. 5 (8x8 matrices on the 5-dualcube, "
          "cluster 0 of class 0: Init, after each of the first three loops, the sources of R_A "
          "and R_B for l = 0, 1, 2)",
          "dualcube(5), A = 1..64 and B = 65..128 row by row",
          false,
          [] {
            const auto t = build_family<Dualcube>("dualcube(5)");
            std::vector<std::size_t> ends;
            const Schedule s = dualcube_matmul(*t, &ends);
            std::vector<std::int64_t> input(128);
            for (std::size_t i = 0; i < input.size(); ++i)
              input[i] = static_cast<std::int64_t>(i + 1);
            std::vector<RegisterFile> snaps{initial_registers(s, input)};
            evaluate_registers(s, snaps.front(), [&](std::size_t step, const RegisterFile& regs) {
              for (std::size_t l = 0; l < 3; ++l)
                if (step + 1 == ends[l]) snaps.push_back(regs);
            });
            if (snaps.size() != 4) throw std::logic_error("Fig. 5: a loop ended twice");
            const DualcubeMatmulLayout L(5);
            const auto copies = dualcube_matmul_copies(*t);
            const char* columns[] = {"Init", "1st loop", "2nd loop", "3rd loop"};
            std::vector<Observation> obs;
            for (const Fig5Row& row : kFig5) {
              const std::uint32_t v = L.raw(0, 0, row.b);
              const std::string who = "processor 0 0000 " + std::to_string(row.b);
              for (std::size_t col = 0; col < 4; ++col)
                for (std::size_t reg = 0; reg < 2; ++reg)
                  obs.push_back(observed(who, std::string(reg ? "R_B " : "R_A ") + columns[col],
                                         printed(static_cast<double>(row.v[col][reg])),
                                         static_cast<double>(snaps[col][v][reg])));
              for (std::size_t l = 0; l < 3; ++l) {
                const auto source = [&](const char* a) { return *a ? address(L, a) : -1.0; };
                obs.push_back(observed(who, "R_A source, l = " + std::to_string(l) + " (-1: none)",
                                       printed(source(row.ra[l])), source_of(copies, 1, l, v)));
                obs.push_back(observed(who, "R_B source, l = " + std::to_string(l) + " (-1: none)",
                                       printed(source(row.rb[l])), source_of(copies, 2, l, v)));
              }
            }
            return measured(obs,
                            "Measured: Algorithm 7's schedule (checked symbolically, dc.alg7) run "
                            "on the matrices, its registers read after each loop; the sources are "
                            "the copies its loops make (§5.3's rule). Addresses as node ids of "
                            "netsched's layout; the figure's first eight labels have 8 digits, "
                            "read as 0 0000 b");
          }};
}

Claim claim_dc_t_terms() {
  return {
      "dc.t-terms",
      kLiPengDualcube + " §5.3",
      "T_1,4 = (2 t_s + 3 t_w)(2r - 1)/3, T_b = (t_s + t_w)(r - 2)/3, T_a = (t_s + 3 t_w)(r - 1), "
      "T_c = t_s + (2r + 1) t_w",
      "dualcube(2), dualcube(5), dualcube(8); the paper's model: an iteration costs t_s + "
      "(words x hops of its longest copy) t_w",
      false,
      [] {
        std::vector<Observation> obs;
        for (const std::uint32_t r : kMatmulRs) {
          const auto t = build_family<Dualcube>("dualcube(" + std::to_string(r) + ")");
          const auto cluster = cluster_of(*t);
          const auto copies = dualcube_matmul_copies(*t);
          std::map<std::string, std::pair<double, double>> term;  // name -> (t_s, t_w)
          for (std::size_t loop = 0; loop < copies.size(); ++loop)
            for (const auto& iteration : copies[loop]) {
              if (iteration.empty()) continue;
              std::uint32_t hops = 0;
              for (const auto& c : iteration) hops = std::max(hops, c.hops);
              const std::string name = loop == 0 || loop == 3
                                           ? "T_1,4"
                                           : "T_" + copy_case(*t, cluster, iteration.front());
              term[name].first += 1;
              term[name].second += (loop == 0 ? 2.0 : 1.0) * hops;
            }
          const double q = (2.0 * r - 1) / 3, rr = r;
          const std::map<std::string, std::pair<double, double>> terms = {
              {"T_1,4", {2 * q, 3 * q}},
              {"T_b", {(rr - 2) / 3, (rr - 2) / 3}},
              {"T_a", {rr - 1, 3 * (rr - 1)}},
              {"T_c", {1, 2 * rr + 1}}};
          for (const auto& [name, ts_tw] : terms) {
            obs.push_back(observed(f_name(r), name + " t_s coefficient", printed(ts_tw.first),
                                   term[name].first));
            obs.push_back(observed(f_name(r), name + " t_w coefficient", printed(ts_tw.second),
                                   term[name].second));
          }
        }
        return measured(obs,
                        "Measured under the paper's own cost model (as dc.t-dualcube, which "
                        "checks the sum), each iteration of the second and third loops "
                        "filed by where its copies' ends lie (another class: c; another "
                        "cluster: a; the same cluster: b)");
      }};
}

Claim claim_dc_loop1_steps() {
  return {
      "dc.loop1-steps",
      kLiPengDualcube + " §5.2",
      "the first \"for\" loop copies A and B within clusters by recursive doubling from the "
      "least significant bit, O(r) communication steps",
      "dualcube(2), dualcube(5), dualcube(8)",
      false,
      [] {
        std::vector<Observation> obs;
        for (const std::uint32_t r : kMatmulRs) {
          const auto t = build_family<Dualcube>("dualcube(" + std::to_string(r) + ")");
          std::vector<std::size_t> ends;
          dualcube_matmul(*t, &ends);
          obs.push_back(observed(f_name(r), "steps of the first loop (one per bit of k: (2r-1)/3)",
                                 printed((2.0 * r - 1) / 3), static_cast<double>(ends.front())));
        }
        return measured(obs,
                        "Measured: Algorithm 7's checked schedule (dc.alg7), the step at "
                        "which its first loop ends; O(r) read as the recursive "
                        "doubling's (2r-1)/3 steps");
      }};
}

Claim claim_dc_matmul_2m_calls() {
  return {"dc.matmul-2m-calls",
          kLiPengDualcube + " §4, after Algorithm 6",
          "if m = 2^r, the vector-matrix algorithm is called 2m times to get C = AB",
          "—",
          false,
          [] {
            return not_checkable(
                "a count of calls of a procedure netsched does not run: it multiplies matrices by "
                "Algorithm 7 (dc.alg7). The count follows from §4's |v| = 2^r case (two calls a "
                "row of C, m rows) by arithmetic alone, so nothing measured could refute it");
          }};
}

Claim claim_dc_vecmat_twice() {
  return {"dc.vecmat-twice",
          kLiPengDualcube + " §4, before Algorithm 6",
          "the case |v| = 2^r, M of 2^r x 2^r, can be handled by calling the algorithm twice, the "
          "computational time doubled",
          "—",
          false,
          [] {
            return not_checkable(
                "a procedure, not a property: netsched's vecmat (Algorithm 6) takes |v| = 2^(r-1) "
                "and M of 2^r x 2^(r-1) (dc.alg6-shape); two runs are two schedules, so 'doubled' "
                "holds by construction and no measurement could refute it");
          }};
}

Claim claim_dc_cost_gain() {
  return {"dc.cost-gain",
          kLiPengDualcube + " §2, Table 1",
          "the dualcube shows a significant gain in the cost (degree x diameter) of the network",
          "hypercube(2r-1) against dualcube(r), r = 2..7",
          false,
          [] {
            std::vector<Observation> obs;
            std::vector<double> ratios;
            for (std::uint32_t r = 2; r <= 7; ++r) {
              const std::string q = "hypercube(" + std::to_string(2 * r - 1) + ")",
                                d = "dualcube(" + std::to_string(r) + ")";
              const auto cost = [](const std::string& spec) {
                const auto& j = info_of(spec);
                return j["degree_max"].get<double>() * j["diameter"].get<double>();
              };
              obs.push_back({f_name(r) + " against " + q,
                             "cost of the hypercube over the dualcube's (a gain: above 1)",
                             printed(1),
                             cost(q) / cost(d),
                             Relation::AtLeast,
                             {},
                             info_command(d)});
              ratios.push_back(obs.back().measured);
            }
            return measured(obs,
                            "Measured: degree and BFS diameter of both networks; the ratio "
                            "goes from " +
                                num(std::round(ratios.front() * 100) / 100) + " (r = 2) to " +
                                num(std::round(ratios.back() * 100) / 100) +
                                " (r = 7); \"significant\" is not quantified");
          }};
}

Claim claim_dc_almost_as_fast() {
  return {"dc.almost-as-fast",
          kLiPengDualcube + " abstract, §6",
          "routing and the basic numerical computations can be done on the dualcube almost as "
          "fast as on the hypercube",
          "—",
          false,
          [] {
            const double r = 5, q = (2 * r - 1) / 3;
            return not_checkable(
                "'almost as fast' states no bound to measure against. For the record, the paper's "
                "own formulas with t_s = t_w give matrix multiplication communication on F_5 " +
                num((4 + 11) * q) + " against the 9-cube's " + num((4 + 5) * q) +
                " (dc.t-dualcube, dc.t-hypercube)");
          }};
}

/// Table 1's bisection widths: 2^n/2 for the n-cube, 2^n/4 for the dualcube of 2^n nodes.
Printed hypercube_or_dualcube_width(const std::string& spec, double n) {
  return spec.starts_with("hypercube") ? printed(n / 2) : printed(n / 4);
}

/// Table 1's rows, a claim each (hypercube(n) and dualcube(r), n = 2r-1).
void add_table1_claims(std::vector<Claim>& out) {
  auto table = [&](const std::string& id, const std::string& statement, auto&& check) {
    out.push_back({"dc.table1." + id, kLiPengDualcube + " Table 1", statement,
                   "hypercube(n) and dualcube(r), n = 2r-1, r = 1..7", false, check});
  };
  table("dualcube.degree-diameter-cost", "dualcube: degree (n+1)/2, diameter n+1, cost (n+1)^2/2",
        [] {
          auto obs = table1_row(true, "degree_max", [](double n) { return printed((n + 1) / 2); });
          append(obs, with_correction(
                          table1_row(true, "diameter", [](double n) { return printed(n + 1); }),
                          [](double n) { return n == 1 ? 1 : n + 1; }));
          return measured(obs, "Measured: degree and BFS diameter; the cost is their product",
                          "diameter n + 1 and cost (n+1)^2/2 for n >= 3; F_1 is one link "
                          "(diameter 1, cost 1)");
        });
  table("dualcube.avg-distance", "dualcube: average distance n/2 + 1 - 1/2^((n-1)/2)", [] {
    return measured(
        table1_row(true, "avg_distance_incl_self",
                   [](double n) {
                     return printed(n / 2 + 1 - std::ldexp(1.0, -static_cast<int>((n - 1) / 2)));
                   }),
        std::string(kAverageConvention));
  });
  table("dualcube.edges", "dualcube: 2^n (n+1)/2 edges", [] {
    return measured(
        with_correction(table1_row(true, "edges",
                                   [](double n) {
                                     return printed(std::ldexp(n + 1, static_cast<int>(n)) / 2);
                                   }),
                        [](double n) { return std::ldexp(n + 1, static_cast<int>(n)) / 4; }),
        "Measured: the constructed network's links (N x degree / 2)", "2^n (n+1)/4");
  });
  table("hypercube.row", "hypercube: degree n, diameter n, cost n^2", [] {
    auto obs = table1_row(false, "degree_max", [](double n) { return printed(n); });
    append(obs, table1_row(false, "diameter", [](double n) { return printed(n); }));
    return measured(obs, "Measured: degree and BFS diameter; the cost is their product");
  });
  table("hypercube.edges", "hypercube: 2^n n edges", [] {
    return measured(
        with_correction(
            table1_row(false, "edges",
                       [](double n) { return printed(std::ldexp(n, static_cast<int>(n))); }),
            [](double n) { return std::ldexp(n, static_cast<int>(n)) / 2; }),
        "Measured: the constructed network's links", "2^(n-1) n");
  });
  table("hypercube.avg-distance", "hypercube: average distance n/2", [] {
    return measured(
        table1_row(false, "avg_distance_incl_self", [](double n) { return printed(n / 2); }),
        std::string(kAverageConvention));
  });
  table("bisection", "bisection width 2^n/2 (hypercube) and 2^n/4 (dualcube)", [] {
    std::string tally;
    auto c = bisection_comparison({{"Q_3 = hypercube(3)", "hypercube(3)"},
                                   {"Q_5 = hypercube(5)", "hypercube(5)"},
                                   {f_name(2), "dualcube(2)"},
                                   {f_name(3), "dualcube(3)"}},
                                  hypercube_or_dualcube_width, tally);
    return judged(std::move(c), "Widths: " + tally);
  });
  table("bisection-large", "bisection width 2^n/2 (hypercube) and 2^n/4 (dualcube), n >= 7", [] {
    std::string tally;
    auto c = bisection_comparison({{"Q_7 = hypercube(7)", "hypercube(7)"},
                                   {"Q_9 = hypercube(9)", "hypercube(9)"},
                                   {f_name(4), "dualcube(4)"},
                                   {f_name(5), "dualcube(5)"},
                                   {f_name(6), "dualcube(6)"},
                                   {f_name(7), "dualcube(7)"}},
                                  hypercube_or_dualcube_width, tally);
    std::size_t at_printed = 0, searched = 0;
    for (auto& o : c.observations)
      if (o.relation != Relation::Equal) {  // not proved exact: a cut the search found
        ++searched;
        at_printed += o.measured == o.printed.value();
      }
    return judged(std::move(c),
                  "Widths: " + tally + ". On " + std::to_string(at_printed) + " of the " +
                      std::to_string(searched) +
                      " instances not proved exact the search found a balanced cut of exactly "
                      "the printed width (so the width is at most the printed one there); that "
                      "none is smaller is not established here (the congestion bound stays "
                      "below it, and Z3's exact search stops at 64 nodes)");
  });
}

}  // namespace

void add_dualcube(std::vector<Claim>& out) {
  add_table1_claims(out);
  out.push_back(claim_dc_one2allp());
  out.push_back(claim_dc_one2allp_forms());
  out.push_back(claim_dc_all2allb());
  out.push_back(claim_dc_all2allb_terms());
  out.push_back(claim_dc_many2manym());
  out.push_back(claim_dc_many2manym_terms());
  out.push_back(claim_dc_alg3());
  out.push_back(claim_dc_alg4());
  out.push_back(claim_dc_alg5());
  out.push_back(claim_dc_alg5_consistent());
  out.push_back(claim_dc_alg6_shape());
  out.push_back(claim_dc_alg6());
  out.push_back(claim_dc_fig4());
  out.push_back(claim_dc_fig4_steps());
  out.push_back(claim_dc_longest_distance());
  out.push_back(claim_dc_alg7());
  out.push_back(claim_dc_t_dualcube());
  out.push_back(claim_dc_t_hypercube());
  out.push_back(claim_dc_example_routes());
  out.push_back(claim_dc_32_thousand());
  out.push_back(claim_dc_sec51_sizes());
  out.push_back(claim_dc_loop1_steps());
  out.push_back(claim_dc_ra_three_steps());
  out.push_back(claim_dc_sec53_sources());
  out.push_back(claim_dc_fig5());
  out.push_back(claim_dc_t_terms());
  out.push_back(claim_dc_matmul_2m_calls());
  out.push_back(claim_dc_vecmat_twice());
  out.push_back(claim_dc_cost_gain());
  out.push_back(claim_dc_almost_as_fast());
}

}  // namespace netsched::claims
