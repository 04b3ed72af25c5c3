// Repairing a selector total exchange around failed links by detours laid into free ports and,
// where there are none, into inserted steps (analysis/selector_repair.hpp).
#include "analysis/selector_repair.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "core/errors.hpp"
#include "core/metrics.hpp"
#include "verify/blocks.hpp"

namespace netsched {
namespace {

/// The ports one step's transfers take. A hop fits only where its receiver gets nothing else in
/// that step: a relay then forwards exactly what its hop brought, and the time a receiver's
/// detoured chunks arrive at belongs to them alone.
class PortUse {
 public:
  PortUse(PortModel model, std::uint32_t ports)
      : ports_(model == PortModel::KPort ? ports : 1), all_port_(model == PortModel::AllPort) {}
  bool fits(std::uint32_t a, std::uint32_t b) const {
    if (receivers_.count(b)) return false;
    if (all_port_) return !links_.count(key(a, b));
    const auto it = sends_.find(a);
    return it == sends_.end() || it->second < ports_;
  }
  void add(std::uint32_t a, std::uint32_t b) {
    ++sends_[a];
    receivers_.insert(b);
    links_.insert(key(a, b));
  }

 private:
  static std::uint64_t key(std::uint32_t a, std::uint32_t b) {
    return (std::uint64_t{a} << 32) | b;
  }
  std::uint32_t ports_;
  bool all_port_;
  std::unordered_map<std::uint32_t, std::uint32_t> sends_;
  std::unordered_set<std::uint32_t> receivers_;
  std::unordered_set<std::uint64_t> links_;
};

/// Where a hop goes: healthy step `block`, or (`inserted`) step `step` of the block inserted
/// before healthy step `block` (block = the number of steps: after the last).
struct Place {
  bool inserted = false;
  std::size_t block = 0, step = 0;
};

/// A transfer over a failed link, the shortest surviving path it takes instead, and where each
/// hop goes: no earlier than the step it is taken out of, the last before `before`.
struct Detour {
  std::size_t step = 0;  ///< the healthy step it is taken out of
  std::uint32_t payload = 0;
  std::vector<std::uint32_t> path;
  std::size_t before = 0;
  std::vector<Place> at;  ///< one per hop
};

/// Shortest surviving paths, one per unordered pair, the reverse serving the other direction.
class DetourPaths {
 public:
  explicit DetourPaths(const FaultyNetwork& f) : graph_(f, 1) {}
  std::vector<std::uint32_t> path(std::uint32_t a, std::uint32_t b) {
    const auto key = std::minmax(a, b);
    auto it = paths_.find(key);
    if (it == paths_.end()) {
      const BfsTree tree = bfs_tree(graph_, key.second);
      if (tree.order.size() != graph_.num_nodes())
        throw InputError("the survivors are disconnected: no schedule reaches them all");
      std::vector<std::uint32_t> p{key.first};
      while (p.back() != key.second) p.push_back(tree.parent[p.back()]);
      it = paths_.emplace(key, std::move(p)).first;
    }
    std::vector<std::uint32_t> p = it->second;
    if (p.front() != a) std::reverse(p.begin(), p.end());
    return p;
  }

 private:
  Csr graph_;
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<std::uint32_t>> paths_;
};

/// The first healthy step after `d.step` in which d's receiver sends something that arrived in
/// `d.step` (its window admits that time): the detour must be in before it. The number of
/// steps when there is none.
std::size_t deadline(const Schedule& s, const Detour& d) {
  const auto arrived = static_cast<std::uint32_t>(d.step + 1);
  for (std::size_t k = d.step + 1; k < s.steps.size(); ++k)
    for (const Transfer& x : s.steps[k].transfers)
      if (x.from.v == d.path.back() &&
          in_ranges(s.payloads[x.payload].select->acquired_in, arrived))
        return k;
  return s.steps.size();
}

/// The ports of the healthy steps (their surviving transfers, built when first asked) and of
/// the inserted blocks.
class Ports {
 public:
  Ports(const Schedule& s, const FaultyNetwork& f)
      : s_(s), f_(f), healthy_(s.steps.size()), blocks_(s.steps.size() + 1) {}
  PortUse& healthy(std::size_t k) {
    if (!healthy_[k]) {
      healthy_[k].emplace(s_.model, s_.ports);
      for (const Transfer& x : s_.steps[k].transfers)
        if (!f_.link_failed(x.from, x.to)) healthy_[k]->add(x.from.v, x.to.v);
    }
    return *healthy_[k];
  }
  std::vector<PortUse>& block(std::size_t d) { return blocks_[d]; }

 private:
  const Schedule& s_;
  const FaultyNetwork& f_;
  std::vector<std::optional<PortUse>> healthy_;
  std::vector<std::vector<PortUse>> blocks_;
};

/// Lays d's hops out in order: each in the first healthy step from d.step on where its ports
/// are free, and those that find none before d.before in consecutive steps of the block inserted
/// there, from the first offset where they all fit.
void lay_out(Detour& d, Ports& ports, const Schedule& s) {
  const std::size_t hops = d.path.size() - 1;
  for (std::size_t k = d.step; k < d.before && d.at.size() < hops; ++k) {
    const std::size_t h = d.at.size();
    PortUse& u = ports.healthy(k);
    if (!u.fits(d.path[h], d.path[h + 1])) continue;
    u.add(d.path[h], d.path[h + 1]);
    d.at.push_back({false, k, 0});
  }
  const std::size_t first = d.at.size();
  if (first == hops) return;
  std::vector<PortUse>& block = ports.block(d.before);
  const auto fits_at = [&](std::size_t o) {
    for (std::size_t h = first; h < hops; ++h)
      if (o + h - first < block.size() && !block[o + h - first].fits(d.path[h], d.path[h + 1]))
        return false;
    return true;
  };
  std::size_t o = 0;
  while (!fits_at(o)) ++o;
  for (std::size_t h = first; h < hops; ++h) {
    const std::size_t j = o + h - first;
    if (j == block.size()) block.emplace_back(s.model, s.ports);
    block[j].add(d.path[h], d.path[h + 1]);
    d.at.push_back({true, d.before, j});
  }
}

/// The new acquisition times of each old one, node by node: old time k+1 (received in healthy
/// step k) is healthy step k's new time, 0 stays 0; at a detour's receiver old time k+1 also
/// has the time its last hop arrives (not the old time of that step, if a healthy one); a
/// relay's copies arrive at a time no window of the relay admits.
class TimeMap {
 public:
  explicit TimeMap(std::vector<std::uint64_t> new_index) : new_index_(std::move(new_index)) {}
  /// A hop's chunks arrive at `node` at new time `time`: for old time `old` (a last hop's), or
  /// for none (a relay's).
  void arrive(std::uint32_t node, std::uint64_t time, std::optional<std::uint32_t> old) {
    auto& n = nodes_[node];
    n.removed.insert(static_cast<std::uint32_t>(time));
    if (old) n.added[*old].push_back(static_cast<std::uint32_t>(time));
  }
  bool changed(std::uint32_t node) const { return nodes_.count(node) > 0; }
  /// The window `old` of a selector `node` sends, renumbered; an empty one (every time) becomes
  /// every old time's, so that it never admits a relay's copy.
  std::vector<TimeRange> map(const std::vector<TimeRange>& old, std::uint32_t node) const {
    const auto last = static_cast<std::uint32_t>(new_index_.size());
    const std::vector<TimeRange> every{{0, last}};
    const auto n = nodes_.find(node);
    const Changes none;
    const Changes& c = n == nodes_.end() ? none : n->second;
    std::vector<std::uint32_t> t;
    for (const TimeRange& r : old.empty() ? every : old)
      for (std::uint32_t x = r.lo; x <= std::min(r.hi, last); ++x) {
        const auto base = x == 0 ? 0 : static_cast<std::uint32_t>(new_index_[x - 1] + 1);
        if (!c.removed.count(base)) t.push_back(base);
        const auto more = c.added.find(x);
        if (more != c.added.end()) t.insert(t.end(), more->second.begin(), more->second.end());
      }
    std::sort(t.begin(), t.end());
    std::vector<TimeRange> out;
    for (const std::uint32_t x : t)
      if (!out.empty() && x <= out.back().hi + 1)
        out.back().hi = std::max(out.back().hi, x);
      else
        out.push_back({x, x});
    // only the times a hop took from a node are left out, at which the healthy schedule brought
    // it nothing: a window of nothing but those would have selected nothing, which a healthy
    // schedule does not do (and an empty list would mean every time)
    if (out.empty()) throw std::logic_error("selector repair: a window renumbered to no time");
    return out;
  }

 private:
  struct Changes {
    std::set<std::uint32_t> removed;
    std::map<std::uint32_t, std::vector<std::uint32_t>> added;
  };
  std::vector<std::uint64_t> new_index_;
  std::map<std::uint32_t, Changes> nodes_;
};

/// A node no detour reaches: every window renumbered alike.
constexpr std::uint32_t kNoNode = 0xffffffff;

}  // namespace

SelectorDetours selector_detours(const Schedule& s, const FaultyNetwork& f, bool defer) {
  if (!blocks_apply(s))
    throw InputError("the selector repair takes a total exchange whose payloads are all selectors");
  if (!f.failed_nodes().empty())
    throw InputError(
        "a selector total exchange is repaired around failed links only: around a failed node "
        "the survivors' chunks are renumbered, which its selectors cannot follow (regenerate)");
  if (s.model == PortModel::SingleDimension)
    throw InputError(
        "the selector repair does not lay out detours under the single-dimension model");
  SelectorDetours out{s, 0, 0, 0, 0, 0};
  const std::size_t steps = s.steps.size();
  DetourPaths paths(f);
  Ports ports(s, f);
  std::vector<Detour> detours;
  for (std::size_t k = 0; k < steps; ++k)
    for (const Transfer& x : s.steps[k].transfers) {
      if (!f.link_failed(x.from, x.to)) {
        ++out.kept;
        continue;
      }
      Detour& d = detours.emplace_back(Detour{k, x.payload, paths.path(x.from.v, x.to.v), 0, {}});
      d.before = defer ? deadline(s, d) : k + 1;
      out.detour_hops += d.path.size() - 1;
    }
  out.detoured = detours.size();
  if (detours.empty()) {  // no transfer touches a failure: the healthy schedule as it is
    out.schedule.topology = f.spec();
    return out;
  }
  for (Detour& d : detours) {
    lay_out(d, ports, s);
    out.in_free_ports += static_cast<std::uint64_t>(
        std::count_if(d.at.begin(), d.at.end(), [](const Place& p) { return !p.inserted; }));
  }
  // the new step numbers: block d's inserted steps, then healthy step d
  std::vector<std::uint64_t> block_start(steps + 1), new_index(steps);
  for (std::size_t d = 0, at = 0; d <= steps; ++d) {
    block_start[d] = at;
    at += ports.block(d).size();
    out.inserted_steps += ports.block(d).size();
    if (d < steps) new_index[d] = at++;
  }
  const auto index_of = [&](const Place& p) {
    return p.inserted ? block_start[p.block] + p.step : new_index[p.block];
  };
  TimeMap times(new_index);
  for (const Detour& d : detours)
    for (std::size_t h = 0; h < d.at.size(); ++h)
      times.arrive(d.path[h + 1], index_of(d.at[h]) + 1,
                   h + 1 == d.at.size() ? std::optional(static_cast<std::uint32_t>(d.step + 1))
                                        : std::nullopt);

  Schedule& r = out.schedule;
  for (Payload& p : r.payloads) p.select->acquired_in = times.map(p.select->acquired_in, kNoNode);
  // a node a detour reaches sends its own copies of the payloads, renumbered for it
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> own;
  const auto payload_of = [&](std::uint32_t p, std::uint32_t node) {
    if (!times.changed(node)) return p;
    const auto [it, added] =
        own.try_emplace({p, node}, static_cast<std::uint32_t>(r.payloads.size()));
    if (added) {
      Payload q = s.payloads[p];
      q.select->acquired_in = times.map(q.select->acquired_in, node);
      r.payloads.push_back(std::move(q));
    }
    return it->second;
  };
  // a relay forwards all it got at new time `got`
  const auto relayed = [&r](std::uint64_t got) {
    Payload p;
    p.select = Selector{};
    p.select->acquired_in = {{static_cast<std::uint32_t>(got), static_cast<std::uint32_t>(got)}};
    r.payloads.push_back(std::move(p));
    return static_cast<std::uint32_t>(r.payloads.size() - 1);
  };
  r.steps.assign(steps + out.inserted_steps, Step{});
  for (std::size_t k = 0; k < steps; ++k)
    for (const Transfer& x : s.steps[k].transfers)
      if (!f.link_failed(x.from, x.to))
        r.steps[new_index[k]].transfers.push_back({x.from, x.to, payload_of(x.payload, x.from.v)});
  for (const Detour& d : detours)
    for (std::size_t h = 0; h < d.at.size(); ++h)
      r.steps[index_of(d.at[h])].transfers.push_back(
          {NodeId(d.path[h]), NodeId(d.path[h + 1]),
           h == 0 ? payload_of(d.payload, d.path[0]) : relayed(index_of(d.at[h - 1]) + 1)});
  share_equal_payloads(r);
  r.topology = f.spec();
  return out;
}

}  // namespace netsched
