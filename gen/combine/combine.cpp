#include "gen/combine/combine.hpp"

#include <stdexcept>

#include "gen/exchange/total_exchange.hpp"

namespace netsched {

const std::vector<std::string>& combining_collective_names() {
  static const std::vector<std::string> names{"all-reduce",     "prefix",   "cluster-sum",
                                              "cluster-prefix", "matmul",   "vecmat",
                                              "all-gather",     "multicast"};
  return names;
}

std::vector<std::string> combining_algorithm_names(const Network& t, const std::string& c) {
  const std::string f = t.family();
  if (f == "hypercube") {
    if (c == "all-reduce") return {"dimension-sum"};
    if (c == "prefix") return {"dimension-prefix"};
  }
  if ((f == "hsn" || f == "rhs" || f == "hfc") && c == "all-reduce") return {"rhfc-semigroup"};
  if (f == "dualcube") {
    if (c == "prefix") return {"dual-prefix"};
    if (c == "matmul") return {"dualcube-matmul"};
    if (c == "vecmat") return {"dualcube-vecmat"};
    if (c == "cluster-sum") return {"cluster-sum"};
    if (c == "cluster-prefix") return {"cluster-prefix", "cluster-prefix-as-printed"};
    if (c == "all-gather") return {"all2allb"};
    if (c == "multicast") return {"many2manym"};
  }
  return {};
}

Schedule make_combining(const Network& t, const std::string& c, const std::string& algorithm,
                        NodeId root) {
  const auto names = combining_algorithm_names(t, c);
  if (names.empty())
    throw std::invalid_argument(c + " is not implemented for the " + t.family() + " family");
  const std::string a = choose_algorithm(names, algorithm, c, t);
  if (a == "dimension-sum") return hypercube_all_reduce(t);
  if (a == "dimension-prefix") return hypercube_prefix(t);
  if (a == "dualcube-matmul") return dualcube_matmul(t);
  if (a == "dualcube-vecmat") return dualcube_vecmat(t, root);
  if (a == "rhfc-semigroup") return rhfc_semigroup(t);
  if (a == "dual-prefix") return dualcube_prefix(t);
  if (a == "cluster-sum") return dualcube_cluster_sum(t);
  if (a == "cluster-prefix") return dualcube_cluster_prefix(t, false);
  if (a == "cluster-prefix-as-printed") return dualcube_cluster_prefix(t, true);
  if (a == "all2allb") return dualcube_all2allb(t);
  if (a == "many2manym") return dualcube_many2manym(t, root);
  throw std::logic_error("unhandled algorithm " + a);
}

}  // namespace netsched
