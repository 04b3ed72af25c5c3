#pragma once
// The port rules of one step, counted plainly for the reference checker (chunks and registers
// alike), apart from verify/port_rules.hpp.
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "core/schedule.hpp"
#include "core/verdict.hpp"
#include "gen/topology.hpp"

namespace netsched::props {

/// One step's ports: each transfer taken in turn.
struct PlainPorts {
  const Network& t;
  const Schedule& s;
  std::map<std::uint32_t, std::uint32_t> sends{}, receives{};  // per node, this step
  std::set<std::pair<std::uint32_t, std::uint32_t>> used{};
  std::optional<std::uint32_t> dimension{};

  /// Rule 1: a link between two distinct nodes, its way on a directed network; routed: any two
  /// distinct nodes.
  bool off_link(const Transfer& x) const {
    return x.from == x.to || (s.model != PortModel::Routed && !t.has_arc(x.from, x.to));
  }

  /// Ports: on a switched network a switch is all-port, and every arc is used once a step.
  std::optional<Rule> take(const Transfer& x) {
    const bool link_ports = s.model == PortModel::AllPort || s.model == PortModel::KPort ||
                            s.model == PortModel::Routed || t.switched();
    if (link_ports && !used.insert({x.from.v, x.to.v}).second) return Rule::PortLink;
    if (s.model == PortModel::AllPort || s.model == PortModel::Routed) return std::nullopt;
    const std::uint32_t k = s.model == PortModel::KPort ? s.ports : 1;
    if (!t.is_switch(x.from) && ++sends[x.from.v] > k) return Rule::PortSend;
    if (!t.is_switch(x.to) && ++receives[x.to.v] > k) return Rule::PortReceive;
    if (s.model == PortModel::SingleDimension) {
      const auto d = t.edge_dimension(x.from, x.to);
      if (dimension && d != dimension) return Rule::Dimension;
      dimension = d;
    }
    return std::nullopt;
  }
};

}  // namespace netsched::props
