// Simulated annealing over hop steps (gen/plan/hop_packing.hpp). The energy of a packing
// is, per step, its largest resource load plus a fraction for how many resources share that
// load (gen/plan/step_loads.hpp); a move changes a handful of (step, resource) loads.
#include "gen/plan/hop_packing.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>

#include "gen/plan/step_loads.hpp"

namespace netsched {
namespace {

/// The annealing temperature at the start and at the end (in units of one load).
constexpr double kHotTemperature = 1.0, kColdTemperature = 0.02;

class Annealer {
 public:
  Annealer(const PackingProblem& p, std::uint64_t seed)
      : p_(p), rng_(seed), loads_(p.steps, p.resources, most_load(p)) {
    for (const PackingItem& it : p.items) {
      PackedItem x;
      x.hops = it.ways.front();
      if (x.hops.size() > p.steps) throw std::logic_error("hop packing: a way longer than T");
      x.steps = random_steps(x.hops.size());
      for (std::size_t h = 0; h < x.hops.size(); ++h) loads_.add(x.steps[h], x.hops[h], +1);
      items_.push_back(std::move(x));
      way_.push_back(0);
    }
    for (std::size_t i = 0; i < items_.size(); ++i)
      for (std::size_t h = 0; h < items_[i].hops.size(); ++h)
        slots_.push_back({static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(h)});
  }

  Packing run(std::uint64_t iterations, std::uint64_t bound) {
    if (slots_.empty()) return finish();
    const double cooling =
        std::pow(kColdTemperature / kHotTemperature, 1.0 / static_cast<double>(iterations));
    double temperature = kHotTemperature;
    for (std::uint64_t i = 0; i < iterations && loads_.payload_sum() > bound; ++i) {
      try_move(temperature);
      temperature *= cooling;
    }
    return finish();
  }

 private:
  struct Slot {
    std::uint32_t item, hop;
  };

  static std::uint32_t most_load(const PackingProblem& p) {
    return static_cast<std::uint32_t>(p.items.size());
  }

  std::vector<std::uint32_t> random_steps(std::size_t count) {
    std::vector<std::uint32_t> all(p_.steps);
    for (std::uint32_t t = 0; t < p_.steps; ++t) all[t] = t;
    std::shuffle(all.begin(), all.end(), rng_);
    all.resize(count);
    std::sort(all.begin(), all.end());
    return all;
  }

  std::uint32_t below(std::uint64_t n) {
    return static_cast<std::uint32_t>(std::uniform_int_distribution<std::uint64_t>(0, n - 1)(rng_));
  }

  /// A candidate move as load changes, or empty when the drawn move changes nothing.
  std::vector<LoadChange> propose(Slot& s, PackedItem& x, std::uint32_t& new_way,
                                  std::uint32_t& kind) {
    kind = below(p_.reorderable || p_.items[s.item].ways.size() > 1 ? 3 : 1);
    std::vector<LoadChange> c;
    if (kind == 0) {  // another step for one hop, between its neighbours' steps
      const std::uint32_t lo = s.hop == 0 ? 0 : x.steps[s.hop - 1] + 1;
      const std::uint32_t hi = s.hop + 1 == x.steps.size() ? p_.steps - 1 : x.steps[s.hop + 1] - 1;
      if (lo >= hi) return c;
      const std::uint32_t t = lo + below(hi - lo + 1);
      if (t == x.steps[s.hop]) return c;
      c = {{x.steps[s.hop], x.hops[s.hop], -1}, {t, x.hops[s.hop], +1}};
      new_way = t;                             // the new step
    } else if (kind == 1 && p_.reorderable) {  // swap a hop with the next one
      if (s.hop + 1 >= x.hops.size() || x.hops[s.hop] == x.hops[s.hop + 1]) return c;
      const std::uint32_t a = x.steps[s.hop], b = x.steps[s.hop + 1];
      c = {{a, x.hops[s.hop], -1},
           {b, x.hops[s.hop + 1], -1},
           {a, x.hops[s.hop + 1], +1},
           {b, x.hops[s.hop], +1}};
    } else {  // another way, same steps (its hops in its own order)
      const auto& ways = p_.items[s.item].ways;
      if (ways.size() < 2) return c;
      new_way = below(ways.size());
      if (new_way == way_[s.item]) return c;
      for (std::size_t h = 0; h < x.hops.size(); ++h) {
        c.push_back({x.steps[h], x.hops[h], -1});
        c.push_back({x.steps[h], ways[new_way][h], +1});
      }
    }
    return c;
  }

  void try_move(double temperature) {
    Slot s = slots_[below(slots_.size())];
    PackedItem& x = items_[s.item];
    std::uint32_t value = 0, kind = 0;
    const std::vector<LoadChange> c = propose(s, x, value, kind);
    if (c.empty()) return;
    if (!anneal(loads_, c, temperature,
                [this] { return std::uniform_real_distribution<double>(0, 1)(rng_); }))
      return;
    if (kind == 0) {
      x.steps[s.hop] = value;
    } else if (kind == 1 && p_.reorderable) {
      std::swap(x.hops[s.hop], x.hops[s.hop + 1]);
    } else {
      way_[s.item] = value;
      x.hops = p_.items[s.item].ways[value];
    }
  }

  Packing finish() {
    Packing out;
    out.payload_sum = loads_.payload_sum();
    out.items = std::move(items_);
    return out;
  }

  const PackingProblem& p_;
  std::mt19937_64 rng_;
  StepLoads loads_;
  std::vector<PackedItem> items_;
  std::vector<std::uint32_t> way_;
  std::vector<Slot> slots_;
};

}  // namespace

std::uint64_t packing_lower_bound(const PackingProblem& p) {
  if (p.resources == 0) return 0;
  std::uint64_t total = 0;
  std::vector<std::uint64_t> fixed(p.resources, 0);
  for (const PackingItem& it : p.items) {
    total += it.ways.front().size();
    if (it.ways.size() == 1)
      for (std::uint32_t r : it.ways.front()) ++fixed[r];
  }
  const std::uint64_t spread = (total + p.resources - 1) / p.resources;
  return std::max(spread, *std::max_element(fixed.begin(), fixed.end()));
}

Packing pack_hops(const PackingProblem& p, std::uint64_t seed, std::uint64_t iterations) {
  Annealer a(p, seed);
  return a.run(iterations, packing_lower_bound(p));
}

}  // namespace netsched
