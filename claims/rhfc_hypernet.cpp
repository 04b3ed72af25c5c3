// Claims of yeh-parhami-rhfc-networks.txt §6.1 (multi-dimensional hypernets), checked on the
// (r, l, Q_k) nets netsched builds in the reading of docs/families.md.
#include <algorithm>
#include <array>
#include <cmath>
#include <set>

#include "claims/claims.hpp"
#include "claims/helpers.hpp"
#include "core/automorphism.hpp"
#include "gen/topo/hypernet.hpp"
#include "gen/topology.hpp"

namespace netsched::claims {
namespace {

std::string hypernet_spec(std::uint32_t r, std::uint32_t l, std::uint32_t k) {
  return "hypernet(" + std::to_string(r) + "," + std::to_string(l) + "," + std::to_string(k) + ")";
}

std::string paper_name(std::uint32_t r, std::uint32_t l, std::uint32_t k) {
  return "(" + std::to_string(r) + "," + std::to_string(l) + ",Q_" + std::to_string(k) +
         ") net = " + hypernet_spec(r, l, k);
}

/// The depth-1 nets the per-nucleus counts are compared on: (l, k).
const std::vector<std::pair<std::uint32_t, std::uint32_t>> kDepth1 = {
    {2, 3}, {3, 3}, {2, 4}, {4, 3}, {3, 4}};

/// Per nucleus of a depth-1 net: the number of distinct other level-l clusters its level-l
/// links reach, and the number of its nodes without a level-l link; (min, max) of each.
struct NucleusCounts {
  double reached_min = 1e18, reached_max = 0, free_min = 1e18, free_max = 0;
};

NucleusCounts nucleus_counts(const Hypernet& h) {
  NucleusCounts c;
  const std::uint32_t l = h.levels(), size = 1u << h.k();
  for (std::uint32_t base = 0; base < h.num_nodes(); base += size) {
    std::set<std::uint32_t> reached;
    double linked = 0;
    for (std::uint32_t u = base; u < base + size; ++u) {
      if (h.link_depth(u) != 1) continue;
      const std::uint32_t v = h.swap(u, 1, l);
      if (v == u) continue;
      reached.insert(h.field(v, 1, l));
      ++linked;
    }
    const auto n = static_cast<double>(reached.size());
    c.reached_min = std::min(c.reached_min, n), c.reached_max = std::max(c.reached_max, n);
    c.free_min = std::min(c.free_min, size - linked),
    c.free_max = std::max(c.free_max, size - linked);
  }
  return c;
}

Claim claim_hypernet_depth1() {
  return {
      "rhfc.hypernet.depth1",
      kYehParhami + " §6.1",
      "the (1,l,Q_k) net: addresses of lk - l + 1 bits; prod_j N_{1,j} = 2^((k-1)(l-1)) nuclei, "
      "each linked to each of the other 2^(k-1) - 1 level-l clusters, with 2^(k-1) + 1 "
      "unassigned dimension-l links",
      "(1,l,Q_k) nets for (l,k) = (2,3), (3,3), (2,4), (4,3), (3,4)",
      false,
      [] {
        std::vector<Observation> obs;
        for (const auto& [l, k] : kDepth1) {
          const std::string spec = hypernet_spec(1, l, k), name = paper_name(1, l, k);
          const auto t = build_topology(spec);
          const auto& h = network_ref<Hypernet>(*t);
          const double kk = k, ll = l;
          obs.push_back({name,
                         "address bits",
                         printed(ll * kk - ll + 1),
                         std::log2(static_cast<double>(t->num_nodes())),
                         Relation::Equal,
                         {},
                         info_command(spec)});
          obs.push_back(observed(name, "nuclei",
                                 printed(std::ldexp(1.0, static_cast<int>((k - 1) * (l - 1)))),
                                 static_cast<double>(t->num_nodes() >> k)));
          const auto c = nucleus_counts(h);
          const Printed others = printed(std::ldexp(1.0, static_cast<int>(k) - 1) - 1);
          const std::string reach = "other level-l clusters a nucleus reaches",
                            unassigned = "unassigned dimension-l links of a nucleus";
          obs.push_back(observed(name, reach + " (fewest)", others, c.reached_min));
          obs.push_back(observed(name, reach + " (most)", others, c.reached_max));
          obs.push_back(observed(name, unassigned + " (fewest)", others + 2, c.free_min));
          obs.push_back(observed(name, unassigned + " (most)", others + 2, c.free_max));
        }
        return measured(obs,
                        "Measured: the constructed nets, every nucleus's level-l links "
                        "counted");
      }};
}

Claim claim_hypernet_degree() {
  return {"rhfc.hypernet.degree",
          kYehParhami + " §6.1",
          "a node of the (r,l,Q_k) net has k nucleus links and l - 1 external links",
          "(1,2,Q_3), (1,3,Q_3), (2,2,Q_3), (2,3,Q_3), (2,2,Q_4), (3,2,Q_3)",
          false,
          [] {
            std::vector<Observation> obs;
            for (const auto& [r, l, k] :
                 std::vector<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>>{
                     {1, 2, 3}, {1, 3, 3}, {2, 2, 3}, {2, 3, 3}, {2, 2, 4}, {3, 2, 3}}) {
              const auto t = build_topology(hypernet_spec(r, l, k));
              obs.push_back({paper_name(r, l, k),
                             "largest degree",
                             printed(k + l - 1.0),
                             static_cast<double>(t->largest_degree()),
                             Relation::Equal,
                             {},
                             info_command(hypernet_spec(r, l, k))});
            }
            return measured(obs,
                            "Measured: the largest degree (nodes off the link pattern, and "
                            "those whose link would be a loop, have only their k nucleus "
                            "links)");
          }};
}

Claim claim_hypernet_nr2() {
  return {
      "rhfc.hypernet.nr2",
      kYehParhami + " §6.1",
      "the (r,2,Q_k) net uses N_{r,2} = a_{r,2} N_{r,1} = 2^(k-r-1) copies of the (r-1,l,Q_k) "
      "net",
      "r = 1..3 with l = 2, 3 and k = 3, 4",
      false,
      [] {
        std::vector<Observation> obs;
        for (std::uint32_t r = 1; r <= 3; ++r)
          for (std::uint32_t l : {2u, 3u})
            for (std::uint32_t k : {3u, 4u}) {
              // k_{r-1} from the same section: k_0 = k, k_i = k_{i-1} + (l-1)(k_{i-1} - i)
              double bits = k;
              for (std::uint32_t i = 1; i < r; ++i) bits += (l - 1.0) * (bits - i);
              obs.push_back(observed(
                  "(" + std::to_string(r) + "," + std::to_string(l) + ",Q_" + std::to_string(k) +
                      ")",
                  "N_{r,2}",
                  printed(std::ldexp(1.0, static_cast<int>(k) - static_cast<int>(r) - 1)),
                  printed(std::ldexp(1.0, static_cast<int>(bits) - static_cast<int>(r))).value()));
            }
        return two_printings(kYehParhami +
                                 " §6.1 (a_{r,j} = 2^-r, N_{r,1} = 2^(k_{r-1}) nodes of "
                                 "the (r-1,l,Q_k) net, X_{r,2} of k_{r-1} - r bits)",
                             obs,
                             "the printed count against a_{r,2} N_{r,1} from the same "
                             "section's definitions; at r = 1 the printed count is half the "
                             "depth-1 net's own N_{1,2} = 2^(k-1)");
      }};
}

Claim claim_hypernet_thm3_2() {
  return {
      "rhfc.hypernet.thm3.2",
      kYehParhami + " Theorem 3.2 on §6.1's nets",
      "a packet is routed in (T_R,G + 1) prod_i l_i - 1 = (k + 1) l^r - 1 steps on an (r,l,Q_k) "
      "net (an RHFC(l,...,l,Q_k))",
      "all ordered pairs of (1,2,Q_3), (1,3,Q_3), (2,2,Q_3), (2,2,Q_4); BFS diameters",
      false,
      [] {
        std::vector<Observation> obs;
        for (const auto& [r, l, k] :
             std::vector<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>>{
                 {1, 2, 3}, {1, 3, 3}, {2, 2, 3}, {2, 2, 4}}) {
          const std::string spec = hypernet_spec(r, l, k);
          const Printed bound = printed((k + 1.0) * std::pow(l, r) - 1);
          obs.push_back({paper_name(r, l, k),
                         "longest route of hypernet-routing",
                         bound,
                         static_cast<double>(sweep_of(spec).max_length),
                         Relation::AtMost,
                         {},
                         command({"route", spec, "--all", "--json"})});
          auto d = info_observation(paper_name(r, l, k), spec, "diameter", bound);
          d.relation = Relation::AtMost;
          obs.push_back(d);
        }
        return measured(obs,
                        "Measured: every route of the recursive RHFC routing "
                        "(gen/route/hypernet_route.cpp) checked hop by hop, and the BFS "
                        "diameter; T_R,G = k, the nucleus routing by bit fixing");
      }};
}

/// The nets the link counts are measured on: (r, l, k).
const std::vector<std::array<std::uint32_t, 3>> kNets = {{1, 2, 3}, {1, 2, 4}, {2, 2, 3}, {2, 2, 4},
                                                         {3, 2, 4}, {1, 3, 3}, {2, 3, 3}};

Claim claim_partial_links_hypernet() {
  return {"rhfc.partial-links.hypernet",
          kYehParhami + " §6",
          "an r-deep hypernet (a_{i,j} = 2^-i, eq. (6) with g = 1/2) needs only one external link "
          "per node",
          "(r,2,Q_k) nets, r = 1..3: the external links at each node",
          false,
          [] {
            std::vector<Observation> obs;
            for (const auto& [r, l, k] : kNets) {
              if (l != 2) continue;  // eq. (6) is the 2-dimensional hypernet's coefficient matrix
              const std::string spec = hypernet_spec(r, l, k);
              const auto t = build_topology(spec);
              std::vector<NodeId> around;
              std::size_t most = 0;
              for (std::uint32_t u = 0; u < t->num_nodes(); ++u) {
                t->neighbors(NodeId(u), around);
                most = std::max(most, around.size());
              }
              obs.push_back(observed(paper_name(r, l, k), "external links at a node (degree - k)",
                                     printed(1), static_cast<double>(most) - k, Relation::AtMost));
            }
            return measured(obs,
                            "Measured: every node's links in the built nets, the largest "
                            "count less the nucleus k-cube's k links");
          }};
}

Claim claim_depth_r_links() {
  return {"rhfc.hypernet.depth-r-links",
          kYehParhami + " §6.1",
          "there is a depth-r dimension-2 external link for every 2^r nodes",
          "(r,l,Q_k) nets, r = 1..3 (read as link ends: both ends of a depth-r link have the "
          "pattern 0 1^(r-1) in their low r bits)",
          false,
          [] {
            std::vector<Observation> obs;
            for (const auto& [r, l, k] : kNets) {
              const auto t = build_topology(hypernet_spec(r, l, k));
              const auto& h = network_ref<Hypernet>(*t);
              double ends = 0;
              for (std::uint32_t u = 0; u < t->num_nodes(); ++u)
                ends += h.link_depth(u) == r && h.swap(u, r, 2) != u;
              obs.push_back(observed(
                  paper_name(r, l, k), "nodes with a depth-r level-2 link",
                  printed(std::ldexp(static_cast<double>(t->num_nodes()), -static_cast<int>(r))),
                  ends, Relation::AtMost));
            }
            return measured(obs,
                            "Measured: every node of the built nets, its depth-r level-2 "
                            "link where assigned (the paper leaves one a cluster "
                            "unassigned, as it says for depth 1)");
          }};
}

}  // namespace

void add_rhfc_hypernet(std::vector<Claim>& out) {
  out.push_back(claim_hypernet_depth1());
  out.push_back(claim_hypernet_degree());
  out.push_back(claim_hypernet_nr2());
  out.push_back(claim_hypernet_thm3_2());
  out.push_back(claim_partial_links_hypernet());
  out.push_back(claim_depth_r_links());
}

}  // namespace netsched::claims
