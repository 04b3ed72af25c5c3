#include "verify/registers.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>
#include <tuple>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "verify/port_rules.hpp"

namespace netsched {
namespace {

/// A symbolic value: the set of terms it combines, as sorted, disjoint, non-adjacent intervals
/// of term ids. Empty = no value yet.
using Terms = std::vector<std::pair<std::uint64_t, std::uint64_t>>;

std::uint64_t count(const Terms& t) {
  std::uint64_t n = 0;
  for (auto [lo, hi] : t) n += hi - lo + 1;
  return n;
}

/// The union of two disjoint term sets; nullopt if they share a term.
std::optional<Terms> disjoint_union(const Terms& a, const Terms& b) {
  Terms out;
  out.reserve(a.size() + b.size());
  std::size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    const bool take_a = j == b.size() || (i < a.size() && a[i].first < b[j].first);
    const auto iv = take_a ? a[i++] : b[j++];
    if (!out.empty() && iv.first <= out.back().second) return std::nullopt;
    if (!out.empty() && iv.first == out.back().second + 1)
      out.back().second = iv.second;
    else
      out.push_back(iv);
  }
  return out;
}

Terms single(std::uint64_t term) { return Terms{{term, term}}; }

/// The largest product of two sums the symbolic checker expands (terms a x terms b); a larger
/// one is reported as a "degree" violation rather than expanded.
constexpr std::uint64_t kMaxProductTerms = std::uint64_t{1} << 20;

/// Term ids: variables 0..V-1; the product of variables a <= b is V + a*V + b.
struct TermSpace {
  std::uint64_t vars = 0;
  std::optional<Terms> product(const Terms& a, const Terms& b) const {
    if (mul_sat(count(a), count(b)) > kMaxProductTerms) return std::nullopt;
    std::vector<std::uint64_t> ids;
    for (auto [alo, ahi] : a)
      for (std::uint64_t x = alo; x <= ahi; ++x)
        for (auto [blo, bhi] : b)
          for (std::uint64_t y = blo; y <= bhi; ++y) {
            if (x >= vars || y >= vars) return std::nullopt;
            ids.push_back(vars + std::min(x, y) * vars + std::max(x, y));
          }
    std::sort(ids.begin(), ids.end());
    Terms out;
    for (auto id : ids) {
      if (!out.empty() && id <= out.back().second) return std::nullopt;  // a repeated product
      if (!out.empty() && id == out.back().second + 1)
        out.back().second = id;
      else
        out.push_back({id, id});
    }
    return out;
  }
};

/// The first term in one set and not the other, named by `term_name`.
template <class TermName>
std::string describe_difference(const Terms& got, const Terms& want, TermName term_name) {
  std::set<std::uint64_t> g, w;
  const std::uint64_t cap = 1u << 16;
  if (count(got) > cap || count(want) > cap)
    return "it combines " + std::to_string(count(got)) + " terms, " + std::to_string(count(want)) +
           " required";
  for (auto [lo, hi] : got)
    for (auto x = lo; x <= hi; ++x) g.insert(x);
  for (auto [lo, hi] : want)
    for (auto x = lo; x <= hi; ++x) w.insert(x);
  for (auto x : w)
    if (!g.count(x)) return term_name(x) + " is missing";
  for (auto x : g)
    if (!w.count(x)) return term_name(x) + " does not belong";
  return "?";
}

}  // namespace

std::uint32_t required_registers(const Collective& c) {
  if (c.kind() == Collective::Kind::VecMat) {
    const std::uint64_t rows = c.matrix_size(), cols = c.groups().front().size();
    return static_cast<std::uint32_t>(
        std::min<std::uint64_t>(rows + rows * cols + 1, std::numeric_limits<std::uint32_t>::max()));
  }
  if (c.kind() == Collective::Kind::ReduceScatter)
    return static_cast<std::uint32_t>(std::min<std::uint64_t>(
        mul_sat(c.nodes(), c.pieces()), std::numeric_limits<std::uint32_t>::max()));
  if (c.kind() == Collective::Kind::AllReduce) return 2 * c.pieces();
  return c.kind() == Collective::Kind::MatMul ? 3 : 2;
}

namespace {

void check_register(std::uint32_t r, std::uint64_t regs, const std::string& where) {
  if (r >= regs) throw InputError(where + "register " + std::to_string(r) + " out of range");
}

/// What the register checker requires beyond check_structure: enough registers and a table it
/// can hold.
void validate_registers(const Network& t, const Schedule& s) {
  const Collective& c = s.collective;
  const std::uint64_t n = t.num_nodes();
  const std::uint64_t regs = s.registers.size();
  if (regs < required_registers(c))
    throw InputError("a " + c.name() + " schedule needs at least " +
                     std::to_string(required_registers(c)) + " registers, this one declares " +
                     std::to_string(regs));
  if (mul_sat(n, regs) > kMaxRegisterCells)
    throw InputError("registers: " + std::to_string(n) + " nodes x " + std::to_string(regs) +
                     " registers is too large for the register simulator (limit " +
                     limit_text("kMaxRegisterCells", kMaxRegisterCells) + ")");
}

/// The symbolic run: every register holds the set of terms it has combined.
class RegisterRun {
 public:
  RegisterRun(const Network& t, const Schedule& s)
      : s_(s),
        c_(s.collective),
        n_(t.num_nodes()),
        regs_(static_cast<std::uint32_t>(s.registers.size())),
        cells_(n_ * regs_),
        ports_(t, s) {
    if (c_.kind() == Collective::Kind::MatMul)
      setup_matmul();
    else if (c_.kind() == Collective::Kind::VecMat)
      setup_vecmat();
    else if (c_.kind() == Collective::Kind::ReduceScatter)
      setup_reduce_scatter();
    else
      setup_reduction();
  }

  CheckResult run() {
    CheckResult r;
    r.engine = Engine::Registers;
    // Local computation is free in the communication cost model: only steps with transfers count.
    r.steps = static_cast<std::uint64_t>(std::count_if(
        s_.steps.begin(), s_.steps.end(), [](const Step& st) { return !st.transfers.empty(); }));
    r.transfers = s_.num_transfers();
    auto v = [&]() -> std::optional<Violation> {
      for (std::uint64_t si = 0; si < s_.steps.size(); ++si) {
        if (auto w = compute(si)) return w;
        if (auto w = communicate(si, r.payload_sum)) return w;
      }
      return results(r.wrong_results);
    }();
    r.verdict = v ? Verdict::violated(std::move(*v)) : Verdict::holds();
    return r;
  }

 private:
  struct Write {
    std::uint64_t node;
    std::uint16_t dst;
    RegOp op;
    Terms value;
    std::uint64_t transfer;
  };

  Terms& at(std::uint64_t v, std::uint32_t r) { return cells_[v * regs_ + r]; }
  std::string name(std::uint32_t x) const {
    return "register " + std::to_string(x) + " ('" + s_.registers[x] + "')";
  }
  void require(std::uint64_t node, std::uint32_t reg, Terms want) {
    result_cells_.push_back({node, reg});
    required_.push_back(std::move(want));
  }

  /// A_ij and B_ij in registers 0 and 1 of home[i*m+j]; C_ij = sum_k A_ik B_kj in register 2.
  void setup_matmul() {
    const std::uint64_t m = c_.matrix_size();
    const auto& home = c_.groups().front();
    if (home.size() != m * m) throw InputError("matmul: home must list m*m nodes");
    space_.vars = 2 * m * m;
    std::set<std::uint32_t> seen;
    for (std::uint64_t i = 0; i < m; ++i)
      for (std::uint64_t j = 0; j < m; ++j) {
        const NodeId h = home[i * m + j];
        if (!seen.insert(h.v).second)
          throw InputError("matmul: home names node " + std::to_string(h.v) + " twice");
        at(h.v, 0) = single(i * m + j);
        at(h.v, 1) = single(m * m + i * m + j);
        Terms want;
        for (std::uint64_t k = 0; k < m; ++k)
          want =
              *disjoint_union(want, *space_.product(single(i * m + k), single(m * m + k * m + j)));
        require(h.v, 2, std::move(want));
      }
  }

  /// v_i = i, M_ij = rows + i*cols + j, each in the register of the same number at the source;
  /// w_j = sum_i v_i M_ij in register rows + rows*cols of home[j].
  void setup_vecmat() {
    const std::uint64_t rows = c_.matrix_size(), cols = c_.groups().front().size();
    space_.vars = rows + rows * cols;
    for (std::uint64_t x = 0; x < space_.vars; ++x)
      at(c_.root().v, static_cast<std::uint32_t>(x)) = single(x);
    std::set<std::uint32_t> seen;
    for (std::uint64_t j = 0; j < cols; ++j) {
      const NodeId h = c_.groups().front()[j];
      if (!seen.insert(h.v).second)
        throw InputError("vecmat: home names node " + std::to_string(h.v) + " twice");
      Terms want;
      for (std::uint64_t i = 0; i < rows; ++i)
        want = *disjoint_union(want, *space_.product(single(i), single(rows + i * cols + j)));
      require(h.v, static_cast<std::uint32_t>(space_.vars), std::move(want));
    }
  }

  /// x_v in register 0 of v; register 1 ends with the group's sum (all-reduce) or the sum of
  /// the group's members up to v (prefix). A vector all-reduce of p pieces: piece k of x_v in
  /// register k; register p + k ends with the group's sum of pieces k. Piece k of x_v is term
  /// k*N + v, piece by piece, so that a sum over nodes of one piece is one run of terms: its
  /// value takes a few intervals, not one a node (256 nodes in 4 pieces took 2.1 GB node-major).
  void setup_reduction() {
    const std::uint64_t p = c_.pieces();
    space_.vars = n_ * p;
    for (std::uint64_t v = 0; v < n_; ++v)
      for (std::uint64_t k = 0; k < p; ++k)
        at(v, static_cast<std::uint32_t>(k)) = single(k * n_ + v);
    std::vector<std::vector<NodeId>> groups = c_.groups();
    if (groups.empty()) {
      groups.emplace_back();
      for (std::uint32_t v = 0; v < n_; ++v) groups.back().push_back(NodeId(v));
    }
    std::vector<char> member(n_, 0);
    for (const auto& g : groups) {
      std::vector<Terms> acc(p);  // per piece
      for (NodeId v : g) {
        if (member[v.v]) throw InputError("groups name node " + std::to_string(v.v) + " twice");
        member[v.v] = 1;
        for (std::uint64_t k = 0; k < p; ++k)
          acc[k] = *disjoint_union(acc[k], single(k * n_ + v.v));
        if (c_.kind() == Collective::Kind::Prefix) require(v.v, 1, acc[0]);
      }
      for (std::uint64_t k = 0; k < p; ++k) {
        const auto out = static_cast<std::uint32_t>(p + k);
        if (c_.kind() == Collective::Kind::AllReduce)
          for (NodeId v : g) require(v.v, out, acc[k]);
      }
      if (c_.kind() == Collective::Kind::Reduce) require(c_.root().v, 1, acc[0]);
    }
  }

  /// reduce-scatter: register b = j*p + k holds piece k of block j (p pieces a block); term
  /// b*N + v is node v's, in its register b at the start; node j must end with every node's
  /// piece in register b (one run of terms, as above).
  void setup_reduce_scatter() {
    const std::uint64_t blocks = n_ * c_.pieces();
    space_.vars = blocks * n_;
    for (std::uint64_t v = 0; v < n_; ++v)
      for (std::uint64_t b = 0; b < blocks; ++b)
        at(v, static_cast<std::uint32_t>(b)) = single(b * n_ + v);
    for (std::uint64_t b = 0; b < blocks; ++b)
      require(b / c_.pieces(), static_cast<std::uint32_t>(b), Terms{{b * n_, b * n_ + n_ - 1}});
  }

  /// What term x stands for, in a message: an input of a reduction is named by its node.
  std::string term_name(std::uint64_t x) const {
    const std::string id = "term " + std::to_string(x);
    if (c_.kind() == Collective::Kind::MatMul || c_.kind() == Collective::Kind::VecMat) return id;
    const std::uint64_t node = x % n_, part = x / n_, p = c_.pieces();
    const std::string whose = id + " (node " + std::to_string(node) + "'s ";
    if (c_.kind() == Collective::Kind::ReduceScatter)
      return whose + "block " + std::to_string(part / p) +
             (p > 1 ? " piece " + std::to_string(part % p) : "") + ")";
    if (p == 1) return whose + "input)";
    return whose + "piece " + std::to_string(part) + ")";
  }

  /// The step's local operations, on the registers as the previous step left them.
  std::optional<Violation> compute(std::uint64_t si) {
    const std::string here = "step " + std::to_string(si) + ": ";
    for (const LocalOp& op : s_.steps[si].compute) {
      for (std::uint32_t x : {op.dst, op.a, op.b}) check_register(x, regs_, here);
      for (std::uint64_t v = 0; v < n_; ++v) {
        if (!op.nodes.empty() &&
            std::none_of(op.nodes.begin(), op.nodes.end(), [v](const IdRange& range) {
              return range.contains(static_cast<std::uint32_t>(v));
            }))
          continue;
        if (auto w = apply(op, v, si, here)) return w;
      }
    }
    return std::nullopt;
  }

  std::optional<Violation> apply(const LocalOp& op, std::uint64_t v, std::uint64_t si,
                                 const std::string& here) {
    const NodeId node(static_cast<std::uint32_t>(v));
    if (op.op == RegOp::Set) {
      at(v, op.dst) = at(v, op.a);
    } else if (op.op == RegOp::Combine) {
      auto u = disjoint_union(at(v, op.a), at(v, op.b));
      if (!u)
        return Violation{Rule::DoubleCount,
                         si,
                         std::nullopt,
                         node,
                         std::nullopt,
                         here + "node " + std::to_string(v) + " combines " + name(op.a) + " and " +
                             name(op.b) + ", which share a term"};
      at(v, op.dst) = std::move(*u);
    } else if (at(v, op.a).empty() || at(v, op.b).empty()) {
      at(v, op.dst).clear();  // 0 x y = 0
    } else {
      auto p = space_.product(at(v, op.a), at(v, op.b));
      if (!p)
        return Violation{
            Rule::Degree,
            si,
            std::nullopt,
            node,
            std::nullopt,
            here + "node " + std::to_string(v) + " multiplies values that are not sums of inputs"};
      at(v, op.dst) = std::move(*p);
    }
    return std::nullopt;
  }

  /// The step's transfers: link and port rules, then the writes at the end of the step.
  std::optional<Violation> communicate(std::uint64_t si, std::uint64_t& payload_sum) {
    const Step& st = s_.steps[si];
    ports_.start_step();
    writes_.clear();
    std::uint64_t largest = 0;
    for (std::uint64_t ti = 0; ti < st.transfers.size(); ++ti) {
      const Transfer& x = st.transfers[ti];
      if (x.payload >= s_.payloads.size())
        throw InputError(step_transfer(si, ti) + "payload index out of range");
      if (auto v = ports_.edge(si, ti, x)) return v;
      std::set<std::uint16_t> words;
      for (const Move& mv : s_.payloads[x.payload].moves) {
        words.insert(mv.src);
        writes_.push_back({x.to.v, mv.dst, mv.op, at(x.from.v, mv.src), ti});
      }
      largest = std::max<std::uint64_t>(largest, words.size());
      if (auto v = ports_.ports(si, ti, x)) return v;
    }
    payload_sum += largest;
    return receive(si);
  }

  /// Receipts take effect at the end of the step: sets first would hide an order question, so
  /// a register written by a set must not be written again in the same step.
  std::optional<Violation> receive(std::uint64_t si) {
    std::sort(writes_.begin(), writes_.end(), [](const Write& a, const Write& b) {
      return std::tie(a.node, a.dst, a.transfer) < std::tie(b.node, b.dst, b.transfer);
    });
    for (std::size_t i = 0, group = 0; i < writes_.size(); ++i) {
      Write& w = writes_[i];
      if (i == 0 || writes_[i - 1].node != w.node || writes_[i - 1].dst != w.dst) group = i;
      std::size_t end = group;
      bool any_set = false;
      for (; end < writes_.size() && writes_[end].node == w.node && writes_[end].dst == w.dst;
           ++end)
        if (writes_[end].op == RegOp::Set) any_set = true;
      const NodeId node(static_cast<std::uint32_t>(w.node));
      if (end - group > 1 && any_set)
        return Violation{Rule::WriteConflict,
                         si,
                         w.transfer,
                         node,
                         std::nullopt,
                         step_transfer(si, w.transfer) + "node " + std::to_string(w.node) + "'s " +
                             name(w.dst) + " is set and written again in the same step"};
      if (w.op == RegOp::Set) {
        at(w.node, w.dst) = std::move(w.value);
        continue;
      }
      auto u = disjoint_union(at(w.node, w.dst), w.value);
      if (!u)
        return Violation{Rule::DoubleCount,
                         si,
                         w.transfer,
                         node,
                         std::nullopt,
                         step_transfer(si, w.transfer) + "node " + std::to_string(w.node) +
                             " combines into " + name(w.dst) +
                             " a value that shares a term with it"};
      at(w.node, w.dst) = std::move(*u);
    }
    return std::nullopt;
  }

  /// Every required register holds exactly its required terms; `wrong` counts those that do not.
  std::optional<Violation> results(std::uint64_t& wrong) {
    std::optional<Violation> first;
    for (std::size_t i = 0; i < result_cells_.size(); ++i) {
      const auto [v, x] = result_cells_[i];
      if (at(v, x) == required_[i]) continue;
      ++wrong;
      if (!first)
        first = Violation{Rule::Result,
                          std::nullopt,
                          std::nullopt,
                          NodeId(static_cast<std::uint32_t>(v)),
                          std::nullopt,
                          "node " + std::to_string(v) + "'s " + name(x) + " is wrong at the end: " +
                              describe_difference(at(v, x), required_[i], [this](std::uint64_t t) {
                                return term_name(t);
                              })};
    }
    if (first && wrong > 1)
      first->message += " (" + std::to_string(wrong) + " of " +
                        std::to_string(result_cells_.size()) + " results are wrong)";
    return first;
  }

  const Schedule& s_;
  const Collective& c_;
  std::uint64_t n_;
  std::uint32_t regs_;
  TermSpace space_;
  std::vector<Terms> cells_;
  PortRules ports_;
  std::vector<std::pair<std::uint64_t, std::uint32_t>> result_cells_;  // (node, register)
  std::vector<Terms> required_;
  std::vector<Write> writes_;
};

}  // namespace

CheckResult simulate_registers(const Network& t, const Schedule& s) {
  validate_registers(t, s);
  return RegisterRun(t, s).run();
}

RegisterFile initial_registers(const Schedule& s, const std::vector<std::int64_t>& input) {
  const Collective& c = s.collective;
  RegisterFile regs(c.nodes(), std::vector<std::int64_t>(s.registers.size(), 0));
  if (s.registers.size() < required_registers(c)) throw InputError("too few registers");
  if (c.kind() == Collective::Kind::MatMul) {
    const std::uint64_t m = c.matrix_size();
    if (input.size() != 2 * m * m) throw InputError("matmul needs 2 m^2 inputs");
    for (std::uint64_t e = 0; e < m * m; ++e) {
      regs.at(c.groups().front().at(e).v)[0] = input[e];
      regs.at(c.groups().front().at(e).v)[1] = input[m * m + e];
    }
  } else if (c.kind() == Collective::Kind::VecMat) {
    const std::uint64_t vars = required_registers(c) - 1;
    if (input.size() != vars) throw InputError("vecmat needs rows + rows*cols inputs");
    for (std::uint64_t x = 0; x < vars; ++x) regs.at(c.root().v)[x] = input[x];
  } else if (c.kind() == Collective::Kind::ReduceScatter) {
    const std::uint64_t n = c.nodes(), blocks = required_registers(c);  // N x pieces
    if (input.size() != n * blocks)
      throw InputError("reduce-scatter needs an input per node, block and piece");
    for (std::uint64_t v = 0; v < n; ++v)
      for (std::uint64_t b = 0; b < blocks; ++b) regs[v][b] = input[v * blocks + b];
  } else {
    const std::uint64_t p = c.pieces();  // node v's piece k is input v*p + k, in register k
    if (input.size() != c.nodes() * p) throw InputError("one input per node and piece required");
    for (std::size_t x = 0; x < input.size(); ++x) regs[x / p][x % p] = input[x];
  }
  return regs;
}

RegisterFile evaluate_registers(
    const Schedule& s, RegisterFile regs,
    const std::function<void(std::size_t, const RegisterFile&)>& after_step) {
  const std::size_t nregs = s.registers.size();
  auto cell = [&](std::uint32_t v, std::uint32_t r) -> std::int64_t& {
    if (v >= regs.size() || r >= nregs || regs[v].size() != nregs)
      throw InputError("register out of range");
    return regs[v][r];
  };
  auto apply = [](RegOp op, std::int64_t a, std::int64_t b) {
    const auto ua = static_cast<std::uint64_t>(a), ub = static_cast<std::uint64_t>(b);
    return static_cast<std::int64_t>(op == RegOp::Mul ? ua * ub : ua + ub);  // wrapping
  };
  for (std::size_t si = 0; si < s.steps.size(); ++si) {
    const Step& st = s.steps[si];
    for (const LocalOp& op : st.compute)
      for (std::uint32_t v = 0; v < regs.size(); ++v)
        if (op.nodes.empty() || std::any_of(op.nodes.begin(), op.nodes.end(),
                                            [v](const IdRange& r) { return r.contains(v); }))
          cell(v, op.dst) =
              op.op == RegOp::Set ? cell(v, op.a) : apply(op.op, cell(v, op.a), cell(v, op.b));
    std::vector<std::tuple<std::uint32_t, std::uint16_t, RegOp, std::int64_t>> writes;
    for (const Transfer& x : st.transfers)
      for (const Move& mv : s.payloads.at(x.payload).moves)
        writes.emplace_back(x.to.v, mv.dst, mv.op, cell(x.from.v, mv.src));
    for (auto [v, dst, op, value] : writes)
      cell(v, dst) = op == RegOp::Set ? value : apply(RegOp::Combine, cell(v, dst), value);
    if (after_step) after_step(si, regs);
  }
  return regs;
}

}  // namespace netsched
