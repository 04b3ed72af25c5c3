#include "gen/topo/weighted.hpp"

#include <algorithm>

#include "core/errors.hpp"
#include "gen/topo/args.hpp"
#include "gen/topo/kit.hpp"

namespace netsched {
namespace {

constexpr double kPercent = 100;

/// The speeds one argument lists, as percentages set into `speeds` by `set`.
template <class Set>
void read_speeds(const Network& base, const Args& a, const std::string& key,
                 std::map<WeightedNetwork::Link, LinkSpeed>& speeds, Set set) {
  const SpecValue* v = a.named(key);
  if (!v) return;
  if (v->kind != SpecValue::Kind::Sets)
    throw SpecError(v->column, "weighted: " + key + " must be a list of sets {a,b,percent}");
  if (v->sets.size() > kMaxWeightedLinks)
    throw SpecError(v->column, "weighted: " + std::to_string(v->sets.size()) + " " + key +
                                   " entries, over the limit " +
                                   limit_text("kMaxWeightedLinks", kMaxWeightedLinks));
  std::map<WeightedNetwork::Link, bool> seen;
  for (std::size_t i = 0; i < v->sets.size(); ++i) {
    const auto& s = v->sets[i];
    const std::size_t col = v->set_columns[i];
    if (s.size() != 3 || s[0] == s[1])
      throw SpecError(col, "weighted: a " + key +
                               " entry is {a,b,percent}: a link and its speed in percent of the "
                               "default, such as {0,1,50}");
    NodeId x, y;
    try {
      x = base.serial_node(s[0]);
      y = base.serial_node(s[1]);
    } catch (const InputError& e) {
      throw SpecError(col, std::string("weighted: ") + e.what());
    }
    if (!base.adjacent(x, y))
      throw SpecError(col, "weighted: {" + std::to_string(s[0]) + "," + std::to_string(s[1]) +
                               "} is not a link of " + base.spec());
    if (s[2] < 1 || s[2] > kMaxSpeedPercent)
      throw SpecError(col, "weighted: a speed is a percentage 1.." +
                               std::to_string(kMaxSpeedPercent) + " of the default, not " +
                               std::to_string(s[2]));
    const WeightedNetwork::Link link{std::min(x.v, y.v), std::max(x.v, y.v)};
    if (!seen.emplace(link, true).second)
      throw SpecError(col, "weighted: link {" + std::to_string(s[0]) + "," + std::to_string(s[1]) +
                               "} is listed twice in " + key);
    auto [at, fresh] = speeds.try_emplace(link, base.link_speed(x, y));
    set(at->second, static_cast<double>(s[2]) / kPercent);
  }
}

std::string listed(const std::map<WeightedNetwork::Link, LinkSpeed>& speeds,
                   double LinkSpeed::*field, const Network& base) {
  std::string out;
  for (const auto& [link, speed] : speeds) {
    const LinkSpeed inherited = base.link_speed(NodeId(link.first), NodeId(link.second));
    if (speed.*field == inherited.*field) continue;
    // the ids the user types (a faulty base's are its own base's)
    const std::uint64_t a = base.serial_of(NodeId(link.first)),
                        b = base.serial_of(NodeId(link.second));
    out += (out.empty() ? "{" : ",{") + std::to_string(std::min(a, b)) + "," +
           std::to_string(std::max(a, b)) + "," +
           std::to_string(static_cast<std::uint64_t>(speed.*field * kPercent + 0.5)) + "}";
  }
  return out;
}

}  // namespace

WeightedNetwork::WeightedNetwork(std::unique_ptr<Network> base, std::map<Link, LinkSpeed> speeds)
    : base_(std::move(base)), speeds_(std::move(speeds)) {}

LinkSpeed WeightedNetwork::link_speed(NodeId u, NodeId v) const {
  const auto at = speeds_.find({std::min(u.v, v.v), std::max(u.v, v.v)});
  return at == speeds_.end() ? base_->link_speed(u, v) : at->second;
}

std::string WeightedNetwork::canonical_spec() const {
  const std::string bw = listed(speeds_, &LinkSpeed::bandwidth, *base_);
  const std::string lat = listed(speeds_, &LinkSpeed::latency, *base_);
  return "weighted(" + base_->spec() + (bw.empty() ? "" : ", bandwidth=[" + bw + "]") +
         (lat.empty() ? "" : ", latency=[" + lat + "]") + ")";
}

std::unique_ptr<WeightedNetwork> build_weighted(const SpecValue& spec, BuildNetwork build_part) {
  const Args a(spec);
  a.expect_count(1, 1, "weighted(G, bandwidth=[{a,b,percent},...], latency=[{a,b,percent},...])",
                 {"bandwidth", "latency"});
  auto base = build_part(a.network(0, "the network"));
  std::map<WeightedNetwork::Link, LinkSpeed> speeds;
  read_speeds(*base, a, "bandwidth", speeds, [](LinkSpeed& s, double x) { s.bandwidth = x; });
  read_speeds(*base, a, "latency", speeds, [](LinkSpeed& s, double x) { s.latency = x; });
  return std::make_unique<WeightedNetwork>(std::move(base), std::move(speeds));
}

}  // namespace netsched
