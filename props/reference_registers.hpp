#pragma once
// The reference checker's register half (all-reduce, vector all-reduce, reduce, prefix,
// reduce-scatter): a second, deliberately plain reading of the register rules of ARCHITECTURE.md,
// written apart from verify/registers.cpp. A register holds the set of inputs it has combined,
// each input named by (the register it started in, its node); sets are std::set, no intervals.
// On a switched network the registers are the endpoints'; a switch keeps the messages it has not
// passed on, each payload's in a queue, each message the values its sender read when it left.
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

#include "core/schedule.hpp"
#include "core/verdict.hpp"
#include "gen/topology.hpp"
#include "props/plain_ports.hpp"

namespace netsched::props {

namespace reference {

using Input = std::pair<std::uint32_t, std::uint32_t>;  // (starting register, node)
using Value = std::set<Input>;

/// Node v's registers at the start: register k holds (k, v) for every input register k.
inline std::vector<std::vector<Value>> starting_registers(const Schedule& s, std::uint64_t n) {
  const Collective& c = s.collective;
  const bool blocks = c.kind() == Collective::Kind::ReduceScatter;
  const std::uint64_t inputs = blocks ? n * c.pieces() : c.pieces();
  std::vector<std::vector<Value>> regs(n, std::vector<Value>(s.registers.size()));
  for (std::uint32_t v = 0; v < n; ++v)
    for (std::uint32_t k = 0; k < inputs; ++k) regs[v][k] = {{k, v}};
  return regs;
}

/// (node, register) -> the inputs it must end with.
inline std::map<std::pair<std::uint32_t, std::uint32_t>, Value> required(const Collective& c,
                                                                         std::uint64_t n) {
  using K = Collective::Kind;
  std::map<std::pair<std::uint32_t, std::uint32_t>, Value> want;
  const auto p = static_cast<std::uint32_t>(c.pieces());
  if (c.kind() == K::ReduceScatter) {
    for (std::uint32_t j = 0; j < n; ++j)
      for (std::uint32_t b = j * p; b < j * p + p; ++b)
        for (std::uint32_t v = 0; v < n; ++v) want[{j, b}].insert({b, v});
    return want;
  }
  auto groups = c.groups();
  if (groups.empty()) {
    groups.emplace_back();
    for (std::uint32_t v = 0; v < n; ++v) groups.back().push_back(NodeId(v));
  }
  for (const auto& g : groups) {
    std::vector<Value> so_far(p);  // prefix: piece k of the group's members up to this one
    for (NodeId v : g)
      for (std::uint32_t k = 0; k < p && c.kind() == K::Prefix; ++k) {
        so_far[k].insert({k, v.v});
        want[{v.v, p + k}] = so_far[k];
      }
    if (c.kind() == K::Reduce)
      for (std::uint32_t k = 0; k < p; ++k)
        for (NodeId u : g) want[{c.root().v, p + k}].insert({k, u.v});
    if (c.kind() != K::AllReduce) continue;
    for (std::uint32_t k = 0; k < p; ++k)
      for (NodeId v : g)
        for (NodeId u : g) want[{v.v, p + k}].insert({k, u.v});
  }
  return want;
}

/// a + b, or nullopt when they share an input (it would be counted twice).
inline std::optional<Value> combined(const Value& a, const Value& b) {
  Value out = a;
  for (const Input& x : b)
    if (!out.insert(x).second) return std::nullopt;
  return out;
}

}  // namespace reference

/// The first broken rule of a register schedule, or nullopt when it holds. Per step: the local
/// operations, node by node; then each transfer's link and ports; then the writes, register by
/// register (a register set and written again in one step is a write conflict).
inline std::optional<Rule> reference_check_registers(const Network& t, const Schedule& s) {
  using namespace reference;
  const Collective& c = s.collective;
  if (c.kind() == Collective::Kind::MatMul || c.kind() == Collective::Kind::VecMat)
    throw std::logic_error("the reference checker reads sums only, not matrix products");
  const std::uint64_t n = t.num_endpoints();
  auto regs = starting_registers(s, n);
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::deque<std::vector<Value>>> at_switch;
  for (const Step& step : s.steps) {
    for (const LocalOp& op : step.compute)
      for (std::uint32_t v = 0; v < n; ++v) {
        bool here = op.nodes.empty();
        for (const IdRange& r : op.nodes) here = here || r.contains(v);
        if (!here) continue;
        if (op.op == RegOp::Set) {
          regs[v][op.dst] = regs[v][op.a];
        } else if (op.op == RegOp::Combine) {
          auto sum = combined(regs[v][op.a], regs[v][op.b]);
          if (!sum) return Rule::DoubleCount;
          regs[v][op.dst] = *sum;
        } else {
          throw std::logic_error("the reference checker reads sums only");
        }
      }
    PlainPorts ports{t, s};
    struct Write {
      RegOp op;
      Value value;
    };
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<Write>> writes;
    std::vector<std::pair<std::pair<std::uint32_t, std::uint32_t>, std::vector<Value>>> arriving;
    for (const Transfer& x : step.transfers) {
      if (ports.off_link(x)) return Rule::Edge;
      const auto& moves = s.payloads.at(x.payload).moves;
      std::vector<Value> values;
      if (x.from.v < n) {
        for (const Move& mv : moves) values.push_back(regs[x.from.v][mv.src]);
      } else {
        auto& queue = at_switch[{x.from.v, x.payload}];
        if (queue.empty()) return Rule::SwitchCopy;
        values = std::move(queue.front());
        queue.pop_front();
      }
      if (x.to.v >= n)
        arriving.push_back({{x.to.v, x.payload}, std::move(values)});
      else
        for (std::size_t i = 0; i < moves.size(); ++i)
          writes[{x.to.v, moves[i].dst}].push_back({moves[i].op, std::move(values[i])});
      if (auto broken = ports.take(x)) return broken;
    }
    for (auto& [where, values] : arriving) at_switch[where].push_back(std::move(values));
    for (auto& [where, list] : writes) {
      bool any_set = false;
      for (const Write& w : list) any_set = any_set || w.op == RegOp::Set;
      if (list.size() > 1 && any_set) return Rule::WriteConflict;
      Value& reg = regs[where.first][where.second];
      for (Write& w : list) {
        if (w.op == RegOp::Set) {
          reg = std::move(w.value);
          continue;
        }
        auto sum = combined(reg, w.value);
        if (!sum) return Rule::DoubleCount;
        reg = std::move(*sum);
      }
    }
  }
  for (const auto& [where, want] : required(c, n))
    if (regs[where.first][where.second] != want) return Rule::Result;
  return std::nullopt;
}

}  // namespace netsched::props
