#include "gen/exchange/total_exchange.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/limits.hpp"
#include "core/structure.hpp"
#include "gen/exchange/packed.hpp"
#include "gen/topo/dualcube.hpp"
#include "gen/topo/hdn.hpp"
#include "gen/topo/network_product.hpp"
#include "gen/topo/product.hpp"

namespace netsched {

Schedule empty_exchange(const Network& t, const std::string& algorithm) {
  Schedule s;
  s.topology = t.spec();
  s.collective = Collective::total_exchange(t.num_nodes());
  s.algorithm = algorithm;
  return s;
}

std::vector<std::string> total_exchange_names(const Network& t) {
  std::vector<std::string> names;
  if (dynamic_cast<const Hdn*>(&t)) names.push_back("hdn");
  if (dynamic_cast<const Dualcube*>(&t)) names.push_back("dualcube-exchange");
  if (const auto* p = dynamic_cast<const Product*>(&t)) {
    names.push_back("a2");
    names.push_back("packed");
    if (p->family() == "hypercube") names.push_back("dimension-exchange");
  }
  if (dynamic_cast<const NetworkProduct*>(&t)) names.push_back("a2");
  names.push_back("greedy");
  return names;
}

Schedule make_total_exchange(const Network& t, const std::string& algorithm) {
  const auto names = total_exchange_names(t);
  const std::string a = choose_algorithm(names, algorithm, "total-exchange", t);
  if (a == "dimension-exchange") return hypercube_dimension_exchange(t);
  if (a == "hdn") return hdn_total_exchange(t);
  if (a == "dualcube-exchange") return dualcube_total_exchange(t);
  if (a == "packed") return packed_total_exchange(t);
  const std::uint64_t n = t.num_nodes();
  if (n > 65536)
    throw std::invalid_argument(a + " writes one chunk per transfer; at most 65536 nodes");
  UnitSteps steps;
  if (a == "a2") {
    steps = a2_total_exchange(t);
  } else {
    for (const auto& step : greedy_unit_exchange(t)) {
      steps.emplace_back();
      for (const FactorHop& h : step) steps.back().emplace_back(h.from, h.to, h.orig * n + h.dest);
    }
  }
  Schedule s = empty_exchange(t, a);
  // Unit messages: payload i is chunk i.
  s.payloads.resize(n * n);
  for (std::uint64_t c = 0; c < n * n; ++c) s.payloads[c].chunks = {c};
  for (const auto& step : steps) {
    Step st;
    st.transfers.reserve(step.size());
    for (const auto& [f, to, c] : step)
      st.transfers.push_back({NodeId(f), NodeId(to), static_cast<std::uint32_t>(c)});
    s.steps.push_back(std::move(st));
  }
  return s;
}

Schedule packed_total_exchange(const Network& t) {
  const auto& p = dynamic_cast<const Product&>(t);
  const std::uint64_t n = p.num_nodes();
  const bool translated = translation_invariant(p);
  if (!translated && n > kPackedTableMaxNodes)
    throw std::invalid_argument(
        "the packed exchange on a product with path factors tracks blocks per node pair: at "
        "most " +
        std::to_string(kPackedTableMaxNodes) + " nodes (rings and complete factors: no limit)");
  if (mul_sat(n, packed_exchange_steps(p)) > kMaxTransfers)
    throw std::invalid_argument("the packed exchange on " + std::to_string(n) +
                                " nodes would have over kMaxTransfers = 2^28 transfers");
  Schedule s = empty_exchange(t, "packed");
  const Digits digits = product_digits(p);
  s.digits = digits.radix();
  const Holds all_but_self = [](std::uint64_t y, std::uint64_t z) { return y != z; };
  packed_product_exchange(
      p, [](std::uint64_t b) { return static_cast<std::uint32_t>(b); }, DigitMap::identity(digits),
      translated ? nullptr : &all_but_self, {{0, 0}}, s, 0);
  share_equal_payloads(s);
  return s;
}

}  // namespace netsched
