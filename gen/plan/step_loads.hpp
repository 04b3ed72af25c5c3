#pragma once
/// The loads of a step schedule under construction: how much each resource (a directed link, or
/// on an abelian product a generator) carries in each step, and each step's largest load, kept in
/// O(1) per change by a histogram of the step's loads.
///
/// Why shared: the local searches that pack hops into steps (gen/plan/hop_packing) and
/// spanning trees into steps (gen/plan/packed_trees) minimise the same quantity — the sum
/// over steps of the busiest resource, which is a step schedule's bandwidth time.
#include <cmath>
#include <cstdint>
#include <vector>

namespace netsched {

class StepLoads {
 public:
  /// `most_load`: no resource ever carries more than this in a step.
  StepLoads(std::uint32_t steps, std::uint32_t resources, std::uint32_t most_load)
      : resources_(resources),
        load_(static_cast<std::size_t>(steps) * resources, 0),
        hist_(steps, std::vector<std::uint32_t>(most_load + 2, 0)),
        max_(steps, 0) {
    for (auto& h : hist_) h[0] = resources;
  }
  void add(std::uint32_t step, std::uint32_t resource, int delta) {
    std::uint32_t& l = load_[static_cast<std::size_t>(step) * resources_ + resource];
    auto& h = hist_[step];
    --h[l];
    l = static_cast<std::uint32_t>(static_cast<int>(l) + delta);
    ++h[l];
    if (l > max_[step]) max_[step] = l;
    while (max_[step] > 0 && h[max_[step]] == 0) --max_[step];
  }
  std::uint32_t load(std::uint32_t step, std::uint32_t resource) const {
    return load_[static_cast<std::size_t>(step) * resources_ + resource];
  }
  /// The step's share of a search's energy: its largest load, plus a fraction for how many
  /// resources share it (fewer is closer to lowering it).
  double energy(std::uint32_t step) const {
    return max_[step] + static_cast<double>(hist_[step][max_[step]]) / (resources_ + 1);
  }
  /// The sum over steps of the largest load.
  std::uint64_t payload_sum() const {
    std::uint64_t s = 0;
    for (std::uint32_t m : max_) s += m;
    return s;
  }

 private:
  std::uint32_t resources_;
  std::vector<std::uint32_t> load_;
  std::vector<std::vector<std::uint32_t>> hist_;
  std::vector<std::uint32_t> max_;
};

/// One change a move makes: `delta` to a resource's load in a step.
struct LoadChange {
  std::uint32_t step, resource;
  int delta;
};

/// A local search's acceptance: applies `changes`, and keeps them when the energy of the steps
/// they touch falls, or with probability exp(-rise / temperature) (`uniform` draws from [0,1));
/// otherwise undoes them. Whether they were kept.
template <class Uniform>
bool anneal(StepLoads& loads, const std::vector<LoadChange>& changes, double temperature,
            Uniform&& uniform) {
  const auto energy = [&] {
    double e = 0;
    for (std::size_t i = 0; i < changes.size(); ++i) {
      bool seen = false;
      for (std::size_t j = 0; j < i; ++j) seen = seen || changes[j].step == changes[i].step;
      if (!seen) e += loads.energy(changes[i].step);
    }
    return e;
  };
  const double before = energy();
  for (const LoadChange& c : changes) loads.add(c.step, c.resource, c.delta);
  const double rise = energy() - before;
  if (rise <= 0 || uniform() < std::exp(-rise / temperature)) return true;
  for (const LoadChange& c : changes) loads.add(c.step, c.resource, -c.delta);
  return false;
}

}  // namespace netsched
