// The Z3 encoding of register schedules (all-reduce, vector all-reduce, prefix, reduce,
// reduce-scatter), independent of the register simulator (verify/registers.cpp).
//
// Why: the Z3 checker is the second opinion on every schedule; before this file it refused
// every combining collective, so those were checked by one engine only.
//
// Encoding: every register of every node holds a bit-vector over the inputs (term ids: piece k
// of node v's input is v*p + k; a reduce-scatter's block j of node v is v*N + j), bit x set when
// the value has combined term x. A local operation or a received move at the end of a step
// defines a fresh variable: set = the value, combine = the union. Indicators, in the order the
// simulator checks them: a combine whose two values share a bit (double-count), a register set
// and written again in one step (write-conflict), the link and port rules of the transfers,
// and a required register that differs from its required set at the end (result). The state
// is a function of the schedule, so the model is unique and its first firing indicator is the
// first violation.
//
// On a network of switches the registers are the endpoints'. Which receipt a switch passes on
// is fixed by the schedule (its oldest of the payload), so a switch's held messages are a queue
// of expressions, each the sender's source values as its first hop left; a forward from an
// empty queue is a constant switch-copy indicator.
#include <algorithm>
#include <deque>
#include <limits>
#include <map>
#include <memory>
#include <tuple>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/structure.hpp"
#include "core/text.hpp"
#include "verify/smt_checker.hpp"
#include "verify/smt_rules.hpp"

namespace netsched::smt {
namespace {

/// The widest value encoded: one bit per input term (a vector all-reduce's pieces, or a
/// reduce-scatter's N² blocks).
constexpr std::uint64_t kMaxRegisterBits = 4096;

/// The inputs each node starts with: a reduce-scatter's N blocks (each in its pieces), or a
/// vector's pieces (1 for a scalar). A value has one bit per input of every node.
std::uint64_t inputs_per_node(const Collective& c, std::uint64_t n) {
  return c.kind() == Collective::Kind::ReduceScatter ? n * c.pieces() : c.pieces();
}

/// Where in a step a check happens, in the simulator's order: local operations, transfers,
/// then the writes at the end of the step; the results after the last step.
enum class Phase { Compute, Transfer, Receive, Result };

/// A violation's place in the simulator's order.
using Rank = std::tuple<std::uint64_t, int, std::uint64_t, int>;

class RegisterEncoding : Rules {
 public:
  RegisterEncoding(const Network& t, const Schedule& s, unsigned timeout_ms)
      : Rules(t, s, timeout_ms),
        c_(s.collective),
        endpoints_(t.num_endpoints()),
        regs_(s.registers.size()),
        pieces_(inputs_per_node(c_, endpoints_)),
        bits_(static_cast<unsigned>(endpoints_ * pieces_)),
        none_(set_of({})) {
    for (std::uint64_t v = 0; v < endpoints_; ++v)
      for (std::uint64_t r = 0; r < regs_; ++r)
        state_.push_back(r < pieces_ ? term(v * pieces_ + r) : none());
  }

  SmtVerdict decide() {
    for (std::uint64_t st = 0; st < s_.steps.size(); ++st) {
      compute(st);
      communicate(st);
    }
    results();
    SmtVerdict out;
    out.verdict = answer([this](const z3::model& m) { return first_violation(m); });
    out.variables = variables_;
    return out;
  }

 private:
  z3::expr set_of(const std::vector<std::uint64_t>& terms) {
    std::unique_ptr<bool[]> b(new bool[bits_]());
    for (std::uint64_t x : terms) b[x] = true;
    return ctx_.bv_val(bits_, b.get());
  }
  z3::expr term(std::uint64_t x) { return set_of({x}); }
  const z3::expr& none() const { return none_; }
  z3::expr& at(std::uint64_t v, std::uint64_t r) { return state_[v * regs_ + r]; }

  /// A fresh variable equal to `value`, as the new content of register r of v.
  void define(std::uint64_t v, std::uint64_t r, const z3::expr& value) {
    const z3::expr x = ctx_.bv_const(("r_" + std::to_string(variables_)).c_str(), bits_);
    solver_.add(x == value);
    ++variables_;
    at(v, r) = x;
  }

  z3::expr overlap(const z3::expr& a, const z3::expr& b) { return (a & b) != none(); }

  void mark(z3::expr fires, Rule rule, std::uint64_t st, Phase phase, std::uint64_t place,
            std::optional<std::uint64_t> transfer, NodeId node) {
    indicate(fires, rule, st, transfer, node, std::nullopt);
    ranks_.push_back({st, static_cast<int>(phase), place, 0});
  }

  /// The step's local operations, op by op and node by node, on the registers as they are.
  void compute(std::uint64_t st) {
    std::uint64_t place = 0;
    for (const LocalOp& op : s_.steps[st].compute)
      for (std::uint32_t v = 0; v < endpoints_; ++v, ++place) {
        if (!op.nodes.empty() && std::none_of(op.nodes.begin(), op.nodes.end(),
                                              [v](const IdRange& r) { return r.contains(v); }))
          continue;
        const z3::expr a = at(v, op.a), b = at(v, op.b);
        if (op.op == RegOp::Combine)
          mark(overlap(a, b), Rule::DoubleCount, st, Phase::Compute, place, std::nullopt,
               NodeId(v));
        define(v, op.dst, op.op == RegOp::Set ? a : (a | b));
      }
  }

  struct Write {
    std::uint32_t node;
    std::uint16_t dst;
    RegOp op;
    z3::expr value;
    std::uint64_t transfer;
  };

  /// The transfers' link and port rules, then their writes at the end of the step, in the
  /// order of (receiver, register, transfer).
  void communicate(std::uint64_t st) {
    const auto& tr = s_.steps[st].transfers;
    std::vector<Write> writes;
    std::vector<std::pair<SwitchPayload, std::vector<z3::expr>>> arriving;
    for (std::uint64_t i = 0; i < tr.size(); ++i) {
      edge_rule(st, i, tr[i]);
      ranks_.push_back({st, static_cast<int>(Phase::Transfer), i, 0});
      auto values = carried(st, i, tr[i]);
      if (!values) continue;
      const auto& moves = s_.payloads[tr[i].payload].moves;
      if (tr[i].to.v >= endpoints_)
        arriving.emplace_back(SwitchPayload{tr[i].to.v, tr[i].payload}, std::move(*values));
      else
        for (std::size_t k = 0; k < moves.size(); ++k)
          writes.push_back({tr[i].to.v, moves[k].dst, moves[k].op, (*values)[k], i});
    }
    for (auto& [at_switch, values] : arriving) held_[at_switch].push_back(std::move(values));
    const std::size_t before = indicators_.size();
    port_rules(st);
    for (std::size_t k = before; k < indicators_.size(); ++k)
      ranks_.push_back({st, static_cast<int>(Phase::Transfer), tr.size(), 0});
    std::stable_sort(writes.begin(), writes.end(), [](const Write& a, const Write& b) {
      return std::tie(a.node, a.dst, a.transfer) < std::tie(b.node, b.dst, b.transfer);
    });
    for (std::size_t g = 0, end = 0; g < writes.size(); g = end) {
      bool any_set = false;
      for (end = g; end < writes.size() && writes[end].node == writes[g].node &&
                    writes[end].dst == writes[g].dst;
           ++end)
        any_set = any_set || writes[end].op == RegOp::Set;
      receive(st, writes, g, end, any_set);
    }
  }

  using SwitchPayload = std::pair<std::uint32_t, std::uint32_t>;

  /// The source values transfer i of step st carries: its sender's registers now, or a switch's
  /// oldest held message of the payload (nullopt, and switch-copy, when it holds none).
  std::optional<std::vector<z3::expr>> carried(std::uint64_t st, std::uint64_t i,
                                               const Transfer& x) {
    std::vector<z3::expr> values;
    if (x.from.v < endpoints_) {
      for (const Move& mv : s_.payloads[x.payload].moves) values.push_back(at(x.from.v, mv.src));
      return values;
    }
    auto& queue = held_[{x.from.v, x.payload}];
    if (queue.empty()) {
      mark(ctx_.bool_val(true), Rule::SwitchCopy, st, Phase::Transfer, i, i, x.from);
      return std::nullopt;
    }
    values = std::move(queue.front());
    queue.pop_front();
    return values;
  }

  /// The writes [g, end) into one register: a set among several is a write-conflict; each
  /// combine must add terms the register does not hold yet.
  void receive(std::uint64_t st, const std::vector<Write>& writes, std::size_t g, std::size_t end,
               bool any_set) {
    const Write& first = writes[g];
    const NodeId node(first.node);
    mark(ctx_.bool_val(end - g > 1 && any_set), Rule::WriteConflict, st, Phase::Receive, g,
         first.transfer, node);
    for (std::size_t i = g; i < end; ++i) {
      const Write& w = writes[i];
      if (w.op == RegOp::Set) {
        define(w.node, w.dst, w.value);
        continue;
      }
      mark(overlap(at(w.node, w.dst), w.value), Rule::DoubleCount, st, Phase::Receive, i,
           w.transfer, node);
      define(w.node, w.dst, at(w.node, w.dst) | w.value);
    }
  }

  /// Every required register against its required set, in the order of required().
  void results() {
    std::uint64_t place = 0;
    for (const auto& [v, r, terms] : required()) {
      indicate(at(v, r) != set_of(terms), Rule::Result, std::nullopt, std::nullopt, NodeId(v),
               std::nullopt);
      ranks_.push_back(
          {std::numeric_limits<std::uint64_t>::max(), static_cast<int>(Phase::Result), place++, 0});
    }
  }

  using Required = std::tuple<std::uint32_t, std::uint64_t, std::vector<std::uint64_t>>;

  /// (node, register, terms) the collective requires at the end.
  std::vector<Required> required() const {
    std::vector<Required> out;
    if (c_.kind() == Collective::Kind::ReduceScatter) {  // register b = block b / p, piece b % p
      for (std::uint64_t b = 0; b < pieces_; ++b) {
        std::vector<std::uint64_t> terms;
        for (std::uint64_t v = 0; v < endpoints_; ++v) terms.push_back(v * pieces_ + b);
        out.emplace_back(static_cast<std::uint32_t>(b / c_.pieces()), b, terms);
      }
      return out;
    }
    for (const auto& group : groups()) {
      std::vector<std::vector<std::uint64_t>> sum(pieces_);
      for (const NodeId v : group)
        for (std::uint64_t k = 0; k < pieces_; ++k) {
          sum[k].push_back(v.v * pieces_ + k);
          if (c_.kind() == Collective::Kind::Prefix) out.emplace_back(v.v, pieces_ + k, sum[k]);
        }
      if (c_.kind() == Collective::Kind::Reduce)
        for (std::uint64_t k = 0; k < pieces_; ++k)
          out.emplace_back(c_.root().v, pieces_ + k, sum[k]);
      if (c_.kind() == Collective::Kind::AllReduce)
        for (std::uint64_t k = 0; k < pieces_; ++k)
          for (const NodeId v : group) out.emplace_back(v.v, pieces_ + k, sum[k]);
    }
    return out;
  }

  std::vector<std::vector<NodeId>> groups() const {
    if (!c_.groups().empty()) return c_.groups();
    std::vector<NodeId> all;
    for (std::uint32_t v = 0; v < endpoints_; ++v) all.emplace_back(v);
    return {all};
  }

  /// The first firing indicator in the simulator's order (a port rule resolved to its transfer).
  Violation first_violation(const z3::model& m) {
    std::optional<std::size_t> best;
    Rank best_rank;
    for (std::size_t i = 0; i < indicators_.size(); ++i) {
      if (!m.eval(indicators_[i].fires, true).is_true()) continue;
      Rank rank = ranks_[i];
      if (std::get<1>(rank) == static_cast<int>(Phase::Transfer)) {
        resolve_port_rule(indicators_[i]);
        rank = {std::get<0>(rank), std::get<1>(rank), *indicators_[i].transfer,
                transfer_rule_order(indicators_[i].rule)};
      }
      if (!best || rank < best_rank) best = i, best_rank = rank;
    }
    if (!best) throw std::logic_error("z3: sat, but no indicator fires in the model");
    const Indicator& ind = indicators_[*best];
    const std::string where =
        ind.step ? "step " + std::to_string(*ind.step) +
                       (ind.transfer ? " transfer " + std::to_string(*ind.transfer) : "") + ": "
                 : "";
    return Violation{ind.rule, ind.step,     ind.transfer,
                     ind.node, std::nullopt, where + std::string(to_string(ind.rule))};
  }

  const Collective& c_;
  std::uint64_t endpoints_;  ///< the registers' nodes (the switches hold messages, in held_)
  std::uint64_t regs_, pieces_;
  unsigned bits_;
  z3::expr none_;                ///< the empty set: an empty register
  std::vector<z3::expr> state_;  ///< node x register, as the step so far left them
  std::vector<Rank> ranks_;      ///< each indicator's place in the simulator's order
  std::map<SwitchPayload, std::deque<std::vector<z3::expr>>> held_;  ///< at switches, oldest first
};

/// The encoding's size before it is built: the cells, the moves and the local
/// operations' applications, each a value of one bit per input (in 64-bit words). Saturating.
std::uint64_t register_terms(const Network& t, const Schedule& s) {
  const Collective& c = s.collective;
  const std::uint64_t n = t.num_endpoints();
  const std::uint64_t width = mul_sat(n, inputs_per_node(c, n));
  std::uint64_t values = mul_sat(n, s.registers.size());
  for (const Step& st : s.steps) {
    values = add_sat(values, mul_sat(st.compute.size(), n));
    for (const Transfer& x : st.transfers)
      values = add_sat(values, s.payloads.at(x.payload).moves.size());
  }
  return mul_sat(values, (width + 63) / 64);
}

/// What the register encoding takes beyond check_structure: the reductions without products,
/// values of at most kMaxRegisterBits bits, and an encoding of at most kMaxSmtTerms (returned).
std::uint64_t validate_registers(const Network& t, const Schedule& s) {
  using Kind = Collective::Kind;
  const Collective& c = s.collective;
  if (c.kind() == Kind::MatMul || c.kind() == Kind::VecMat)
    throw InputError(
        "the SMT encoding covers chunk collectives and the reductions (all-reduce, "
        "prefix, reduce, reduce-scatter); a " +
        c.name() + " (products) is checked by the simulator, not by --smt");
  if (c.kind() == Kind::Reduce && !c.groups().empty())
    throw InputError("the SMT encoding covers a reduce over every node, not over groups");
  const std::uint64_t n = t.num_endpoints();
  const std::uint64_t pieces = inputs_per_node(c, n), width = mul_sat(n, pieces);
  if (width > kMaxRegisterBits)
    throw InputError("the SMT encoding of this " + c.name() + " needs values of " +
                     std::to_string(width) + " bits (one per input), over the limit " +
                     std::to_string(kMaxRegisterBits));
  const std::uint64_t least =
      c.kind() == Kind::AllReduce ? 2 * pieces : std::max<std::uint64_t>(pieces, 2);
  if (s.registers.size() < least)
    throw InputError(with_article(c.name()) + " schedule needs at least " + std::to_string(least) +
                     " registers, this one declares " + std::to_string(s.registers.size()));
  const std::uint64_t terms = register_terms(t, s);
  if (terms > kMaxSmtTerms)
    throw InputError("the SMT encoding would need " + std::to_string(terms) +
                     " terms (register cells and writes, in 64-bit words), over the limit "
                     "kMaxSmtTerms = " +
                     std::to_string(kMaxSmtTerms));
  // check_structure has checked every register index and that no move multiplies
  for (std::size_t st = 0; st < s.steps.size(); ++st)
    for (const LocalOp& op : s.steps[st].compute)
      if (op.op == RegOp::Mul)
        throw InputError("step " + std::to_string(st) + ": a product is not encoded by --smt");
  return terms;
}

}  // namespace

SmtVerdict check_registers(const Network& t, const Schedule& s, unsigned timeout_ms) {
  check_structure(t, s);
  const std::uint64_t terms = validate_registers(t, s);
  SmtVerdict out = RegisterEncoding(t, s, timeout_ms).decide();
  out.terms = terms;
  return out;
}

}  // namespace netsched::smt
