#pragma once
/// What the two Z3 encodings share (verify/smt_checker.cpp for chunks, verify/smt_registers.cpp
/// for registers): one Z3 context and solver, one Bool indicator per rule and place, and the
/// transfer rules every schedule obeys whatever it carries — a transfer follows a link, and each
/// step respects the port model. Private to the SMT checker.
#include <z3++.h>

#include <algorithm>
#include <iterator>
#include <map>
#include <optional>
#include <stdexcept>
#include <vector>

#include "core/network.hpp"
#include "core/schedule.hpp"
#include "core/verdict.hpp"
#include "verify/smt_verdict.hpp"

namespace netsched::smt {

/// An indicator: `fires` is true exactly where the rule is broken at that place.
struct Indicator {
  z3::expr fires;
  Rule rule;
  std::optional<std::uint64_t> step, transfer, chunk;
  std::optional<NodeId> node;
};

/// The solver, the indicators and the transfer rules of one check.
class Rules {
 public:
  Rules(const Network& t, const Schedule& s, unsigned timeout_ms)
      : t_(t), s_(s), n_(t.num_nodes()), ranks_(t.num_endpoints()), solver_(ctx_) {
    solver_.set("timeout", timeout_ms);
  }

 protected:
  void indicate(z3::expr fires, Rule rule, std::optional<std::uint64_t> step,
                std::optional<std::uint64_t> transfer, std::optional<NodeId> node,
                std::optional<std::uint64_t> chunk) {
    indicators_.push_back(Indicator{fires, rule, step, transfer, chunk, node});
  }

  z3::expr any(z3::expr_vector& v) { return v.empty() ? ctx_.bool_val(false) : z3::mk_or(v); }

  /// Rule 1 for transfer i of step st: it follows a link, its way on a directed network
  /// (decided here: the network is given).
  void edge_rule(std::uint64_t st, std::uint64_t i, const Transfer& x) {
    indicate(
        ctx_.bool_val(x.from == x.to || (follows_links(s_.model) && !t_.has_arc(x.from, x.to))),
        Rule::Edge, st, i, x.from, std::nullopt);
  }

  /// The port rules of step st, one indicator per rule and step over Z3's `distinct` (linear in
  /// the step's transfers): two transfers from one sender (port-send), into one receiver
  /// (port-receive), along one directed link (port-link), or a dimension other than the first
  /// transfer's (dimension). Which transfer is the first to break it is found when the model
  /// says it fires (first_breaking); until then the indicator names transfer tr.size(). On a
  /// switched network the ports limit endpoints only, and every arc is used once a step.
  void port_rules(std::uint64_t st) {
    const auto& tr = s_.steps[st].transfers;
    if (tr.size() < 2) return;
    z3::expr_vector from(ctx_), to(ctx_), link(ctx_), other_dim(ctx_);
    const auto dim_of = [&](const Transfer& x) {
      const auto d = t_.edge_dimension(x.from, x.to);
      return ctx_.int_val(d ? static_cast<int>(*d) : -1);
    };
    for (const Transfer& x : tr) {
      if (x.from.v < ranks_) from.push_back(ctx_.int_val(static_cast<std::int64_t>(x.from.v)));
      if (x.to.v < ranks_) to.push_back(ctx_.int_val(static_cast<std::int64_t>(x.to.v)));
      link.push_back(ctx_.int_val(static_cast<std::int64_t>(x.from.v * n_ + x.to.v)));
      if (s_.model == PortModel::SingleDimension) other_dim.push_back(dim_of(x) != dim_of(tr[0]));
    }
    const std::uint64_t k = tr.size();  // resolved to a transfer when it fires
    if (link_once(s_.model) || ranks_ < n_)
      indicate(!z3::distinct(link), Rule::PortLink, st, k, std::nullopt, std::nullopt);
    if (!node_port_limit(s_)) return;  // all-port, routed
    if (from.size() > 1)
      indicate(over_limit(from), Rule::PortSend, st, k, std::nullopt, std::nullopt);
    if (to.size() > 1)
      indicate(over_limit(to), Rule::PortReceive, st, k, std::nullopt, std::nullopt);
    if (s_.model == PortModel::SingleDimension)
      indicate(z3::mk_or(other_dim), Rule::Dimension, st, k, std::nullopt, std::nullopt);
  }

  /// The order in which the simulators check one transfer's rules (verify/dense.cpp: a switch's
  /// copies after causality; verify/port_rules.hpp: the link before the sender's and receiver's
  /// ports).
  static int transfer_rule_order(Rule r) {
    constexpr Rule kOrder[] = {Rule::Edge,        Rule::EmptyPayload, Rule::Causality,
                               Rule::SwitchCopy,  Rule::PortLink,     Rule::PortSend,
                               Rule::PortReceive, Rule::Dimension};
    return static_cast<int>(std::find(std::begin(kOrder), std::end(kOrder), r) - kOrder);
  }

  /// A port indicator that fired, resolved to the transfer that breaks the rule first.
  void resolve_port_rule(Indicator& ind) const {
    if (*ind.transfer == s_.steps[*ind.step].transfers.size())
      std::tie(*ind.transfer, ind.node) = first_breaking(*ind.step, ind.rule);
  }

  /// Asserts that some indicator fires and asks the solver: holds (unsat), the first violation
  /// `decode` reads from the model (sat; the state is a function of the schedule, so the model
  /// is unique), or unknown.
  template <class Decode>
  Verdict answer(Decode decode) {
    z3::expr_vector some(ctx_);
    for (auto& ind : indicators_) some.push_back(ind.fires);
    solver_.add(some.empty() ? ctx_.bool_val(false) : z3::mk_or(some));
    const auto r = solver_.check();
    if (r == z3::unsat) return Verdict::holds();
    if (r == z3::sat) return Verdict::violated(decode(solver_.get_model()));
    return Verdict::unknown(solver_.reason_unknown());
  }

  const Network& t_;
  const Schedule& s_;
  std::uint64_t n_, ranks_;  ///< nodes; endpoints (the switches are the others)
  z3::context ctx_;
  z3::solver solver_;
  std::vector<Indicator> indicators_;
  std::uint64_t variables_ = 0;

 private:
  /// Whether some value occurs more often among `ends` than the model's ports allow (one-port:
  /// not distinct; k-port: k + 1 equal values, by a cardinality constraint per value).
  z3::expr over_limit(const z3::expr_vector& ends) {
    const std::uint32_t k = node_port_limit(s_).value_or(1);
    if (k == 1) return !z3::distinct(ends);
    z3::expr_vector over(ctx_);
    for (unsigned i = 0; i < ends.size(); ++i) {
      z3::expr_vector equal(ctx_);
      for (unsigned j = 0; j < ends.size(); ++j) equal.push_back(ends[j] == ends[i]);
      over.push_back(z3::atleast(equal, k + 1));
    }
    return z3::mk_or(over);
  }

  /// The first transfer of step st that breaks the port rule `r` (the earlier transfers of the
  /// step already use its sender's or receiver's ports, or its link; or its dimension differs
  /// from the first's).
  std::pair<std::uint64_t, NodeId> first_breaking(std::uint64_t st, Rule r) const {
    const auto& tr = s_.steps[st].transfers;
    const std::uint32_t limit = r == Rule::PortLink ? 1 : node_port_limit(s_).value_or(1);
    std::map<std::uint64_t, std::uint32_t> seen;
    for (std::uint64_t i = 0; i < tr.size(); ++i) {
      const Transfer& x = tr[i];
      if (r == Rule::Dimension) {
        if (i > 0 && t_.edge_dimension(x.from, x.to) != t_.edge_dimension(tr[0].from, tr[0].to))
          return {i, x.from};
        continue;
      }
      const std::uint64_t key = r == Rule::PortSend      ? x.from.v
                                : r == Rule::PortReceive ? x.to.v
                                                         : x.from.v * n_ + x.to.v;
      if (r != Rule::PortLink && key >= ranks_) continue;  // a switch is all-port
      if (++seen[key] > limit) return {i, r == Rule::PortReceive ? x.to : x.from};
    }
    throw std::logic_error("z3: a port rule fires, but no transfer breaks it");
  }
};

/// The register encoding (verify/smt_registers.cpp): all-reduce, vector all-reduce, prefix,
/// reduce and reduce-scatter. Throws InputError for what it does not encode.
SmtVerdict check_registers(const Network& t, const Schedule& s, unsigned timeout_ms);

}  // namespace netsched::smt
