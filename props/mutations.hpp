#pragma once
// Mutation operators on schedules: each changes one thing and is meant to break one rule.
#include <algorithm>
#include <optional>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "core/schedule.hpp"
#include "core/verdict.hpp"
#include "gen/topology.hpp"

namespace netsched::props {

/// The operators, with the rules each is meant to break.
struct Operator {
  const char* name;
  std::vector<Rule> breaks;  ///< rules the first violation may be (later dependencies included)
  /// The same on a register schedule, where a value missing at the end is a wrong result and a
  /// value arriving twice a double count (empty: the operator has nothing to act on there).
  std::vector<Rule> register_breaks;
};
inline const std::vector<Operator>& operators() {
  using R = Rule;
  // what a register schedule's values can suffer from a changed transfer or move
  const std::vector<Rule> values = {R::Result, R::DoubleCount, R::WriteConflict};
  const std::vector<Rule> ports_and_values = {R::PortSend,     R::PortReceive, R::PortLink,
                                              R::Dimension,    R::Result,      R::DoubleCount,
                                              R::WriteConflict};
  // on a switched network a changed hop also leaves a switch forwarding a message it lacks
  const auto or_switch = [](std::vector<Rule> rules) {
    rules.push_back(R::SwitchCopy);
    return rules;
  };
  static const std::vector<Operator> ops = {
      // later transfers that depended on the dropped or moved one: causality, or, for a selector,
      // nothing to carry (empty-payload); a switch that then forwards a copy it never received
      {"drop-transfer",
       {R::Causality, R::Delivery, R::EmptyPayload, R::SwitchCopy},
       or_switch(values)},
      // (a switch's forward doubled: a copy it does not have, checked before the ports)
      {"duplicate-transfer",
       {R::PortSend, R::PortLink, R::SwitchCopy},
       {R::PortSend, R::PortLink, R::SwitchCopy}},
      // a selector ("everything held") moved earlier carries less: then only delivery fails; a
      // switch's forward moved changes when its copies are spent
      {"move-earlier",
       {R::Causality, R::EmptyPayload, R::PortSend, R::PortReceive, R::PortLink, R::Dimension,
        R::SwitchCopy, R::Delivery},
       or_switch(ports_and_values)},
      {"move-later",
       {R::Causality, R::EmptyPayload, R::PortSend, R::PortReceive, R::PortLink, R::Dimension,
        R::SwitchCopy, R::Delivery},
       or_switch(ports_and_values)},
      // (routed: to the sender itself, the one node no route reaches)
      {"retarget-non-neighbour", {R::Edge}, {R::Edge}},
      // under all-port a second send or receipt keeps the ports: a register value then arrives
      // where it was not meant to
      // (a switch, all-port, forwards a copy it does not have)
      {"second-send",
       {R::PortSend, R::SwitchCopy, R::Causality},
       {R::PortSend, R::Result, R::DoubleCount, R::WriteConflict, R::SwitchCopy}},
      {"second-receive",
       {R::PortReceive, R::Causality, R::EmptyPayload},
       {R::PortReceive, R::Result, R::DoubleCount, R::WriteConflict, R::SwitchCopy}},
      {"drop-chunk", {R::EmptyPayload, R::Causality, R::Delivery, R::SwitchCopy}, {}},
      // (on a directed network: an arc taken against its direction; on a switched one the
      // reversed arc may be taken already in the step)
      {"swap-endpoints",
       {R::Edge, R::Causality, R::PortSend, R::PortReceive, R::PortLink, R::EmptyPayload,
        R::Dimension, R::SwitchCopy, R::Delivery},
       or_switch([&] {
         auto rules = ports_and_values;
         rules.push_back(R::Edge);
         return rules;
       }())},
      {"truncate", {R::Delivery}, {R::Result}},
      // switched networks only: a switch forwards one copy more, on an arc unused in that step
      // (it copies, or spends a copy a later forward needed; or its receiver takes two); a
      // transfer into an endpoint goes to a switch instead (which is no destination)
      // (a register message sent on twice, or lost in a switch: a wrong or twice-counted value)
      {"switch-copy",
       {R::SwitchCopy, R::Causality, R::PortReceive},
       or_switch({R::PortReceive, R::Result, R::DoubleCount, R::WriteConflict})},
      {"deliver-to-switch", {R::Delivery, R::Causality, R::EmptyPayload}, or_switch(values)},
      // register schedules only: a move's operation, a move dropped, a move's target register
      // (a changed payload on a hop into a switch is another message: the switch lacks the one
      // its forward names)
      {"flip-op", {}, or_switch(values)},
      {"drop-move", {}, or_switch(values)},
      {"retarget-register", {}, or_switch(values)},
  };
  return ops;
}

/// The switched operators: at a transfer out of a switch (switch-copy: one more to a neighbour
/// over an arc unused in the step) or into an endpoint (deliver-to-switch: to a switch the
/// sender is joined to, over an arc unused in the step); nullopt without such a place.
inline std::optional<Schedule> switch_mutant(const Network& t, const Schedule& s,
                                             const std::string& op, std::mt19937_64& rng) {
  const bool copy = op == "switch-copy";
  std::vector<std::tuple<std::size_t, std::size_t, NodeId>> places;  // step, transfer, new end
  std::vector<NodeId> nb;
  for (std::size_t i = 0; i < s.steps.size(); ++i) {
    const auto& step = s.steps[i].transfers;
    const auto used = [&](NodeId a, NodeId b) {
      return std::any_of(step.begin(), step.end(),
                         [&](const Transfer& y) { return y.from == a && y.to == b; });
    };
    for (std::size_t j = 0; j < step.size(); ++j) {
      const Transfer& x = step[j];
      if (copy ? !t.is_switch(x.from) : t.is_switch(x.to)) continue;
      t.neighbors(x.from, nb);
      for (const NodeId v : nb)
        if (v != x.to && t.has_arc(x.from, v) && !used(x.from, v) && (copy || t.is_switch(v)))
          places.emplace_back(i, j, v);
    }
  }
  if (places.empty()) return std::nullopt;
  const auto [si, ti, v] =
      places[std::uniform_int_distribution<std::size_t>(0, places.size() - 1)(rng)];
  Schedule m = s;
  auto& step = m.steps[si].transfers;
  if (copy)
    step.push_back(Transfer{step[ti].from, v, step[ti].payload});
  else
    step[ti].to = v;
  return m;
}

/// Applies operator `op` to a copy of `s` at a position drawn from `rng`; nullopt when the
/// operator has nothing to act on in this schedule.
inline std::optional<Schedule> mutate(const Network& t, const Schedule& s, const std::string& op,
                                      std::mt19937_64& rng) {
  std::vector<std::pair<std::size_t, std::size_t>> places;  // (step, transfer)
  for (std::size_t i = 0; i < s.steps.size(); ++i)
    for (std::size_t j = 0; j < s.steps[i].transfers.size(); ++j) places.push_back({i, j});
  if (places.empty()) return std::nullopt;
  auto pick = [&](std::size_t n) {
    return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
  };
  Schedule m = s;
  const auto [si, ti] = places[pick(places.size())];
  auto& step = m.steps[si].transfers;
  const Transfer x = step[ti];
  const std::uint64_t n = t.num_nodes();
  std::vector<NodeId> nb;
  if (op == "drop-transfer") {
    step.erase(step.begin() + static_cast<std::ptrdiff_t>(ti));
  } else if (op == "duplicate-transfer") {
    step.push_back(x);
  } else if (op == "move-earlier" || op == "move-later") {
    const bool earlier = op == "move-earlier";
    if (earlier && si == 0) return std::nullopt;
    step.erase(step.begin() + static_cast<std::ptrdiff_t>(ti));
    const std::size_t to = earlier ? si - 1 : si + 1;
    if (to >= m.steps.size()) m.steps.emplace_back();
    m.steps[to].transfers.push_back(x);
  } else if (op == "retarget-non-neighbour") {
    if (s.model == PortModel::Routed) {  // any other node is fine there: only itself is not
      step[ti].to = x.from;
      return m;
    }
    t.neighbors(x.from, nb);
    std::vector<std::uint32_t> far;
    for (std::uint32_t v = 0; v < n && far.size() < 64; ++v)
      if (v != x.from.v && std::find(nb.begin(), nb.end(), NodeId(v)) == nb.end()) far.push_back(v);
    if (far.empty()) return std::nullopt;
    step[ti].to = NodeId(far[pick(far.size())]);
  } else if (op == "second-send" || op == "second-receive") {
    // a second send by x.from to a neighbour that receives nothing else in this step, or a
    // second receipt by x.to from a neighbour that sends nothing else in this step (along an
    // arc its way, on a directed network)
    const bool send = op == "second-send";
    t.neighbors(send ? x.from : x.to, nb);
    std::vector<NodeId> idle;
    for (NodeId v : nb)
      if (std::none_of(step.begin(), step.end(),
                       [&](const Transfer& y) { return (send ? y.to : y.from) == v; }) &&
          (send ? t.has_arc(x.from, v) : t.has_arc(v, x.to)))
        idle.push_back(v);
    if (idle.empty()) return std::nullopt;
    const NodeId other = idle[pick(idle.size())];
    step.push_back(send ? Transfer{x.from, other, x.payload} : Transfer{other, x.to, x.payload});
  } else if (op == "drop-chunk") {
    const Payload& p = m.payloads[x.payload];
    if (p.select || p.chunks.empty()) return std::nullopt;
    Payload q = p;
    q.chunks.erase(q.chunks.begin() + static_cast<std::ptrdiff_t>(pick(q.chunks.size())));
    m.payloads.push_back(q);
    step[ti].payload = static_cast<std::uint32_t>(m.payloads.size() - 1);
  } else if (op == "flip-op" || op == "drop-move" || op == "retarget-register") {
    Payload q = m.payloads[x.payload];
    if (q.moves.empty() || (op == "drop-move" && q.moves.size() < 2) ||
        (op == "retarget-register" && m.registers.size() < 2))
      return std::nullopt;
    const std::size_t k = pick(q.moves.size());
    Move& mv = q.moves[k];
    if (op == "flip-op") {
      mv.op = mv.op == RegOp::Set ? RegOp::Combine : RegOp::Set;
    } else if (op == "drop-move") {
      q.moves.erase(q.moves.begin() + static_cast<std::ptrdiff_t>(k));
    } else {  // another register than the move's own
      const auto other = static_cast<std::uint16_t>(pick(m.registers.size() - 1));
      mv.dst = static_cast<std::uint16_t>(other >= mv.dst ? other + 1 : other);
    }
    m.payloads.push_back(q);
    step[ti].payload = static_cast<std::uint32_t>(m.payloads.size() - 1);
  } else if (op == "switch-copy" || op == "deliver-to-switch") {
    return switch_mutant(t, s, op, rng);
  } else if (op == "swap-endpoints") {
    std::swap(step[ti].from, step[ti].to);
  } else if (op == "truncate") {
    m.steps.pop_back();
  } else {
    return std::nullopt;
  }
  return m;
}

}  // namespace netsched::props
