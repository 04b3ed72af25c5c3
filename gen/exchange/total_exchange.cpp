
#include "gen/exchange/total_exchange.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/errors.hpp"
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

namespace {

/// A unit-message exchange (payload i is chunk i) from its steps, made only below the size at
/// which one chunk per transfer fits the schedule's 32-bit payload ids.
Schedule unit_exchange(const Network& t, const std::string& algorithm,
                       const std::function<UnitSteps()>& make_steps) {
  const std::uint64_t n = t.num_nodes();
  constexpr std::uint64_t kUnitExchangeMaxNodes = 65536;  // n^2 payload ids below 2^32
  if (n > kUnitExchangeMaxNodes)
    throw limit_error(algorithm + " writes one chunk per transfer: nodes", n,
                      "kUnitExchangeMaxNodes", kUnitExchangeMaxNodes);
  const UnitSteps steps = make_steps();
  Schedule s = empty_exchange(t, algorithm);
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

}  // namespace

Schedule a2_exchange(const Network& t) {
  return unit_exchange(t, "a2", [&] { return a2_total_exchange(t); });
}

Schedule greedy_exchange(const Network& t) {
  return unit_exchange(t, "greedy", [&] {
    const std::uint64_t n = t.num_nodes();
    UnitSteps steps;
    for (const auto& step : greedy_unit_exchange(t)) {
      steps.emplace_back();
      for (const FactorHop& h : step) steps.back().emplace_back(h.from, h.to, h.orig * n + h.dest);
    }
    return steps;
  });
}

Schedule packed_total_exchange(const Product& p) {
  const Network& t = p;
  const std::uint64_t n = p.num_nodes();
  const bool translated = translation_invariant(p);
  if (!translated && n > kPackedTableMaxNodes)
    throw InputError(
        "the packed exchange on a product with path factors tracks blocks per node pair: at "
        "most " +
        std::to_string(kPackedTableMaxNodes) + " nodes (rings and complete factors: no limit)");
  if (mul_sat(n, packed_exchange_steps(p)) > kMaxTransfers)
    throw limit_error("the packed exchange on " + std::to_string(n) + " nodes: its transfers",
                      mul_sat(n, packed_exchange_steps(p)), "kMaxTransfers", kMaxTransfers);
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
