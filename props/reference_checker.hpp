#pragma once
// A second, deliberately plain implementation of the schedule rules of ARCHITECTURE.md, written
// independently of verify/simulator.cpp and sharing only core types: holdings are a set of
// (node, chunk) pairs with the latest receipt time (registers: props/reference_registers.hpp).
// It is the oracle the properties and the mutation campaign compare the simulator with (small
// schedules only).
#include <map>
#include <optional>
#include <set>
#include <string>

#include "core/schedule.hpp"
#include "core/verdict.hpp"
#include "gen/topology.hpp"
#include "props/plain_ports.hpp"
#include "props/reference_registers.hpp"

namespace netsched::props {

/// The first broken rule (same rule names as the simulator), or nullopt when the schedule holds.
/// On a switched network a switch holds copies: what it received and has not sent on.
inline std::optional<Rule> reference_check(const Network& t, const Schedule& s) {
  if (s.collective.combining()) return reference_check_registers(t, s);
  const Collective& c = s.collective;
  const std::uint64_t n = t.num_endpoints(), chunks = c.num_chunks();
  std::map<std::pair<std::uint32_t, std::uint64_t>, std::uint32_t> held;  // -> latest receipt time
  std::map<std::pair<std::uint32_t, std::uint64_t>, std::uint32_t> copies;  // at switches
  for (std::uint64_t ch = 0; ch < chunks; ++ch)
    if (!c.is_void(ch)) held[{c.origin(ch).v, ch}] = 0;
  auto in_ranges = [](const auto& ranges, std::uint64_t x) {
    if (ranges.empty()) return true;
    for (const auto& r : ranges)
      if (r.lo <= x && x <= r.hi) return true;
    return false;
  };
  for (std::size_t step = 0; step < s.steps.size(); ++step) {
    PlainPorts ports{t, s};
    std::vector<std::pair<std::uint32_t, std::vector<std::uint64_t>>> arrivals;
    std::map<std::pair<std::uint32_t, std::uint64_t>, std::uint32_t> forwarded;  // this step
    for (const Transfer& x : s.steps[step].transfers) {
      const std::uint32_t from = x.from.v, to = x.to.v;
      if (ports.off_link(x)) return Rule::Edge;
      const Payload& p = s.payloads.at(x.payload);
      std::vector<std::uint64_t> carried;
      if (!p.select) {
        carried = p.chunks;
      } else {
        for (const auto& [key, when] : held) {
          if (key.first != from) continue;
          const std::uint64_t ch = key.second;
          if (!in_ranges(p.select->origin_in, c.origin(ch).v)) continue;
          if (!in_ranges(p.select->acquired_in, when)) continue;
          if (!p.select->dest_in.empty() || !p.select->dest_boxes.empty()) {
            const auto d = c.single_destination(ch);
            if (!d || !in_ranges(p.select->dest_in, d->v)) continue;
            if (!p.select->dest_boxes.empty()) {
              const Digits digits(s.digits);
              const bool any =
                  std::any_of(p.select->dest_boxes.begin(), p.select->dest_boxes.end(),
                              [&](const DigitBox& b) { return contains(digits, b, d->v); });
              if (!any) continue;
            }
          }
          carried.push_back(ch);
        }
      }
      if (carried.empty()) return Rule::EmptyPayload;
      for (auto ch : carried)
        if (!held.count({from, ch})) return Rule::Causality;
      if (t.is_switch(x.from))
        for (auto ch : carried)
          if (++forwarded[{from, ch}] > copies[{from, ch}]) return Rule::SwitchCopy;
      if (auto broken = ports.take(x)) return broken;
      arrivals.push_back({to, carried});
    }
    for (const auto& [to, carried] : arrivals)
      for (auto ch : carried) {
        held[{to, ch}] = static_cast<std::uint32_t>(step + 1);
        if (t.is_switch(NodeId(to))) ++copies[{to, ch}];
      }
    for (const auto& [key, sent] : forwarded)  // a forwarded copy is no longer held
      if ((copies[key] -= sent) == 0) held.erase(key);
  }
  for (std::uint64_t ch = 0; ch < chunks; ++ch)
    for (std::uint32_t v = 0; v < n; ++v)
      if (c.is_destination(ch, NodeId(v)) && !held.count({v, ch})) return Rule::Delivery;
  return std::nullopt;
}

}  // namespace netsched::props
