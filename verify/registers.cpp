#include "verify/registers.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <boost/container/small_vector.hpp>
#include <deque>
#include <map>
#include <numeric>
#include <set>
#include <stdexcept>
#include <tuple>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/parallel.hpp"
#include "core/text.hpp"
#include "verify/port_rules.hpp"

namespace netsched {
namespace {

/// A symbolic value: the set of terms it combines, as sorted, disjoint, non-adjacent intervals
/// of term ids. Empty = no value yet. Most values are one interval (a partial sum along a tree of
/// a product), held in place: copying or combining them allocates nothing.
using Terms = boost::container::small_vector<std::pair<std::uint64_t, std::uint64_t>, 1>;

std::uint64_t count(const Terms& t) {
  std::uint64_t n = 0;
  for (auto [lo, hi] : t) n += hi - lo + 1;
  return n;
}

// GCC 12 takes the small vector's move of its one inline interval for a read past it, once
// inlined in these functions: a false -Wstringop-overread (the size moved is the vector's own).
#if !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overread"
#endif
/// Appends the interval iv, which starts no earlier than out's last interval, to out; false if
/// they overlap.
bool append_terms(Terms& out, std::pair<std::uint64_t, std::uint64_t> iv) {
  if (!out.empty() && iv.first <= out.back().second) return false;
  if (!out.empty() && iv.first == out.back().second + 1)
    out.back().second = iv.second;
  else
    out.push_back(iv);
  return true;
}

/// The union of two disjoint term sets into `out` (its storage reused); false if they share a
/// term.
bool merge_disjoint(const Terms& a, const Terms& b, Terms& out) {
  out.clear();
  std::size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    const bool take_a = j == b.size() || (i < a.size() && a[i].first < b[j].first);
    if (!append_terms(out, take_a ? a[i++] : b[j++])) return false;
  }
  return true;
}

/// The union of two disjoint term sets; nullopt if they share a term.
std::optional<Terms> disjoint_union(const Terms& a, const Terms& b) {
  Terms out;
  if (!merge_disjoint(a, b, out)) return std::nullopt;
  return out;
}

/// The set of the terms `ids` as intervals; nullopt if an id repeats.
std::optional<Terms> term_set(std::vector<std::uint64_t> ids) {
  std::sort(ids.begin(), ids.end());
  Terms out;
  for (const std::uint64_t id : ids)
    if (!append_terms(out, {id, id})) return std::nullopt;
  return out;
}
#if !defined(__clang__)
#pragma GCC diagnostic pop
#endif

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
    return term_set(std::move(ids));  // nullopt: a repeated product
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
  if (c.kind() == Collective::Kind::AllReduce || c.kind() == Collective::Kind::Reduce ||
      c.kind() == Collective::Kind::Prefix)
    return 2 * c.pieces();
  return c.kind() == Collective::Kind::MatMul ? 3 : 2;
}

namespace {

/// What the register checker requires beyond check_structure: enough registers.
void validate_registers(const Schedule& s) {
  const Collective& c = s.collective;
  const std::uint64_t regs = s.registers.size();
  if (regs < required_registers(c))
    throw InputError(with_article(c.name()) + " schedule needs at least " +
                     std::to_string(required_registers(c)) + " registers, this one declares " +
                     std::to_string(regs));
}

/// The registers whose values meet — a move or a local operation puts one's value into the
/// other — in groups (union-find), each group ascending, the groups by their least register.
std::vector<std::vector<std::uint32_t>> register_groups(const Schedule& s) {
  std::vector<std::uint32_t> up(s.registers.size());
  std::iota(up.begin(), up.end(), 0u);
  const auto find = [&](std::uint32_t r) {
    while (up[r] != r) r = up[r] = up[up[r]];
    return r;
  };
  const auto unite = [&](std::uint32_t a, std::uint32_t b) {
    a = find(a), b = find(b);
    if (a != b) up[std::max(a, b)] = std::min(a, b);
  };
  const auto check = [&](std::uint32_t r) {  // check_structure's rule, kept where it is relied on
    if (r >= up.size()) throw InputError("register " + std::to_string(r) + " out of range");
  };
  for (const Payload& p : s.payloads)
    for (const Move& mv : p.moves) check(mv.src), check(mv.dst), unite(mv.src, mv.dst);
  for (const Step& st : s.steps)
    for (const LocalOp& op : st.compute) {
      check(op.dst), check(op.a), check(op.b);
      unite(op.dst, op.a);
      if (op.op != RegOp::Set) unite(op.dst, op.b);  // a set reads a alone
    }
  std::vector<std::vector<std::uint32_t>> groups;
  std::vector<std::uint32_t> group_of(up.size());
  for (std::uint32_t r = 0; r < up.size(); ++r) {
    const std::uint32_t root = find(r);  // the least register of r's group: seen first
    if (root == r) group_of[r] = static_cast<std::uint32_t>(groups.size()), groups.emplace_back();
    groups[group_of[root]].push_back(r);
  }
  return groups;
}

/// The groups packed, in order, into batches of at most `cells` cells (n a register); a group
/// larger than that is a batch of its own, refused over kMaxRegisterCells.
std::vector<std::vector<std::uint32_t>> register_batches(const Schedule& s, std::uint64_t n,
                                                         std::uint64_t cells) {
  if (mul_sat(n, s.registers.size()) > kMaxRegisterTotalCells)
    throw InputError("registers: " + std::to_string(n) + " nodes x " +
                     std::to_string(s.registers.size()) +
                     " registers is too many cells for the register simulator to check (limit " +
                     limit_text("kMaxRegisterTotalCells", kMaxRegisterTotalCells) + ")");
  std::vector<std::vector<std::uint32_t>> batches(1);
  for (auto& g : register_groups(s)) {
    if (mul_sat(n, g.size()) > kMaxRegisterCells)
      throw InputError("registers: " + std::to_string(n) + " nodes x " + std::to_string(g.size()) +
                       " registers that exchange values is too large for the register "
                       "simulator (limit " +
                       limit_text("kMaxRegisterCells", kMaxRegisterCells) + ")");
    if (!batches.back().empty() && mul_sat(n, batches.back().size() + g.size()) > cells)
      batches.emplace_back();
    batches.back().insert(batches.back().end(), g.begin(), g.end());
  }
  return batches;
}

/// Where a violation stands in the order of a whole run: step, phase (0 local operations, 1 the
/// transfers' link and port rules, 2 the receipts), then the phase's own order.
using RunOrder = std::array<std::uint64_t, 5>;
struct Found {
  RunOrder at;
  Violation violation;
};

/// What one batch of registers found.
struct PassResult {
  std::optional<Found> violation;  ///< its first, in run order
  std::uint64_t payload_sum = 0;   ///< the batch that checks the transfers' rules
  std::uint64_t results = 0, wrong = 0;
  std::optional<std::pair<std::uint64_t, Violation>> first_wrong;  ///< by result ordinal
};

/// The symbolic run of one batch of registers: every register of the batch holds the set of
/// terms it has combined. The batch `checks_transfers` also checks every transfer's link and
/// port rules and counts the payloads, which do not depend on the registers.
///
/// On a network with switches (core/network.hpp) the registers are the endpoints': a switch holds
/// no register, only the messages it received and has not passed on. A message carries its
/// payload's source values as its sender's registers held them when it left (its first hop), a
/// switch passes each receipt of a payload on once, first in first out, and the receiving
/// endpoint applies the moves when the last hop arrives.
class RegisterRun {
 public:
  /// `sorted[i]`: whether payload i's moves ascend by target register.
  RegisterRun(const Network& t, const Schedule& s, const std::vector<std::uint32_t>& batch,
              const std::vector<char>& sorted, bool checks_transfers)
      : s_(s),
        c_(s.collective),
        n_(t.num_endpoints()),
        batch_(batch),
        width_(batch.size()),
        slot_(s.registers.size(), kNoSlot),
        sorted_(sorted),
        cells_(n_ * width_) {
    for (std::size_t i = 0; i < batch.size(); ++i) slot_[batch[i]] = static_cast<std::uint32_t>(i);
    std::vector<std::uint32_t> ascending = batch;
    std::sort(ascending.begin(), ascending.end());
    for (const std::uint32_t r : ascending)
      if (!runs_.empty() && runs_.back().second + 1 == r)
        runs_.back().second = r;
      else
        runs_.push_back({r, r});
    if (checks_transfers) ports_.emplace(t, s);
    if (c_.kind() == Collective::Kind::MatMul)
      setup_matmul();
    else if (c_.kind() == Collective::Kind::VecMat)
      setup_vecmat();
    else if (c_.kind() == Collective::Kind::ReduceScatter)
      setup_reduce_scatter();
    else
      setup_reduction();
  }

  PassResult run() {
    PassResult r;
    for (std::uint64_t si = 0; si < s_.steps.size() && !r.violation; ++si)
      if (!(r.violation = compute(si))) r.violation = communicate(si, r.payload_sum);
    if (!r.violation) results(r);
    return r;
  }

 private:
  static constexpr std::uint32_t kNoSlot = ~std::uint32_t{0};
  /// A move taking effect at the end of its step: sender's `src` into receiver `node`'s `dst`.
  struct Write {
    std::uint64_t node;
    std::uint16_t dst;
    RegOp op;
    std::uint64_t transfer;
    std::uint32_t from;
    std::uint16_t src;
    std::uint32_t carried = kNoSlot;  ///< through a switch: its value in carried_
  };
  /// A message held at a switch: its moves' values (the batch's, in batch_moves order).
  using Carried = std::vector<Terms>;
  using SwitchPayload = std::pair<std::uint64_t, std::uint32_t>;  ///< (switch, payload)

  bool in(std::uint32_t r) const { return slot_[r] != kNoSlot; }
  Terms& at(std::uint64_t v, std::uint32_t r) { return cells_[v * width_ + slot_[r]]; }
  void init(std::uint64_t v, std::uint32_t r, Terms value) {
    if (in(r)) at(v, r) = std::move(value);
  }
  std::string name(std::uint32_t x) const {
    return "register " + std::to_string(x) + " ('" + s_.registers[x] + "')";
  }
  /// Result `ordinal` (the order of results in a whole run): node's register must end as `want`.
  void require(std::uint64_t ordinal, std::uint64_t node, std::uint32_t reg, const Terms& want) {
    if (!in(reg)) return;
    result_cells_.push_back({ordinal, node, reg});
    required_.push_back(want);
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
        init(h.v, 0, single(i * m + j));
        init(h.v, 1, single(m * m + i * m + j));
        Terms want;
        for (std::uint64_t k = 0; k < m; ++k)
          want =
              *disjoint_union(want, *space_.product(single(i * m + k), single(m * m + k * m + j)));
        require(i * m + j, h.v, 2, want);
      }
  }

  /// v_i = i, M_ij = rows + i*cols + j, each in the register of the same number at the source;
  /// w_j = sum_i v_i M_ij in register rows + rows*cols of home[j].
  void setup_vecmat() {
    const std::uint64_t rows = c_.matrix_size(), cols = c_.groups().front().size();
    space_.vars = rows + rows * cols;
    for (std::uint64_t x = 0; x < space_.vars; ++x)
      init(c_.root().v, static_cast<std::uint32_t>(x), single(x));
    std::set<std::uint32_t> seen;
    for (std::uint64_t j = 0; j < cols; ++j) {
      const NodeId h = c_.groups().front()[j];
      if (!seen.insert(h.v).second)
        throw InputError("vecmat: home names node " + std::to_string(h.v) + " twice");
      Terms want;
      for (std::uint64_t i = 0; i < rows; ++i)
        want = *disjoint_union(want, *space_.product(single(i), single(rows + i * cols + j)));
      require(j, h.v, static_cast<std::uint32_t>(space_.vars), want);
    }
  }

  /// x_v in register 0 of v; register 1 ends with the group's sum (all-reduce, the root's for a
  /// reduce) or the sum of the group's members up to v (prefix). A vector all-reduce, reduce or
  /// prefix of p pieces: piece k of x_v in register k; register p + k ends with the group's sum
  /// (or prefix) of pieces k. Piece k of x_v is term
  /// k*N + v, piece by piece, so that a sum over nodes of one piece is one run of terms: its
  /// value takes a few intervals, not one a node (256 nodes in 4 pieces took 2.1 GB node-major).
  /// Only the batch's registers are set up, and only its results required, each numbered as in
  /// a whole run: group by group, a prefix's members in the group's order, an all-reduce's
  /// pieces one after the other.
  void setup_reduction() {
    const std::uint64_t p = c_.pieces();
    space_.vars = n_ * p;
    for (std::uint64_t k = 0; k < p; ++k)
      if (in(static_cast<std::uint32_t>(k)))
        for (std::uint64_t v = 0; v < n_; ++v)
          at(v, static_cast<std::uint32_t>(k)) = single(k * n_ + v);
    std::vector<std::vector<NodeId>> groups = c_.groups();
    if (groups.empty()) {
      groups.emplace_back();
      for (std::uint32_t v = 0; v < n_; ++v) groups.back().push_back(NodeId(v));
    }
    std::vector<char> member(n_, 0);
    std::uint64_t ordinal = 0;
    for (std::size_t gi = 0; gi < groups.size(); ++gi) {
      const auto& g = groups[gi];
      for (NodeId v : g) {
        if (member[v.v]) throw InputError("groups name node " + std::to_string(v.v) + " twice");
        member[v.v] = 1;
      }
      if (c_.kind() == Collective::Kind::Prefix)
        for (std::uint64_t k = 0; k < p; ++k, ordinal += g.size()) {
          const auto out = static_cast<std::uint32_t>(p + k);
          if (!in(out)) continue;
          Terms prefix;
          for (std::size_t i = 0; i < g.size(); ++i) {
            prefix = *disjoint_union(prefix, single(k * n_ + g[i].v));
            require(ordinal + i, g[i].v, out, prefix);
          }
        }
      if (c_.kind() == Collective::Kind::Reduce)
        for (std::uint64_t k = 0; k < p; ++k)
          require(gi + k, c_.root().v, static_cast<std::uint32_t>(p + k), group_terms(g, k));
      if (c_.kind() != Collective::Kind::AllReduce) continue;
      for (std::uint64_t k = 0; k < p; ++k, ordinal += g.size()) {
        const auto out = static_cast<std::uint32_t>(p + k);
        if (!in(out)) continue;
        const Terms want = group_terms(g, k);
        for (std::size_t i = 0; i < g.size(); ++i) require(ordinal + i, g[i].v, out, want);
      }
    }
  }

  /// The terms of piece k of every member of g (distinct nodes: setup_reduction checks).
  Terms group_terms(const std::vector<NodeId>& g, std::uint64_t k) const {
    std::vector<std::uint64_t> ids;
    ids.reserve(g.size());
    for (NodeId v : g) ids.push_back(k * n_ + v.v);
    return *term_set(std::move(ids));
  }

  /// reduce-scatter: register b = j*p + k holds piece k of block j (p pieces a block); term
  /// b*N + v is node v's, in its register b at the start; node j must end with every node's
  /// piece in register b (one run of terms, as above).
  void setup_reduce_scatter() {
    const std::uint64_t blocks = n_ * c_.pieces();
    space_.vars = blocks * n_;
    for (const std::uint32_t b : batch_) {
      if (b >= blocks) continue;
      for (std::uint64_t v = 0; v < n_; ++v) at(v, b) = single(b * n_ + v);
      require(b, b / c_.pieces(), b, Terms{{b * n_, b * n_ + n_ - 1}});
    }
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
  std::optional<Found> compute(std::uint64_t si) {
    const std::string here = "step " + std::to_string(si) + ": ";
    const auto& ops = s_.steps[si].compute;
    for (std::uint64_t oi = 0; oi < ops.size(); ++oi) {
      const LocalOp& op = ops[oi];
      if (!in(op.dst)) continue;  // another batch's
      for (std::uint64_t v = 0; v < n_; ++v) {
        if (!op.nodes.empty() &&
            std::none_of(op.nodes.begin(), op.nodes.end(), [v](const IdRange& range) {
              return range.contains(static_cast<std::uint32_t>(v));
            }))
          continue;
        if (auto w = apply(op, v, si, here)) return Found{{si, 0, oi, v, 0}, std::move(*w)};
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

  /// The step's transfers: link, switch and port rules, then the writes at the end of the step.
  std::optional<Found> communicate(std::uint64_t si, std::uint64_t& payload_sum) {
    const Step& st = s_.steps[si];
    if (ports_) ports_->start_step();
    writes_.clear();
    carried_.clear();
    std::uint64_t largest = 0;
    for (std::uint64_t ti = 0; ti < st.transfers.size(); ++ti) {
      const Transfer& x = st.transfers[ti];
      std::optional<Violation> v;
      if (ports_) largest = std::max(largest, words(x.payload)), v = ports_->edge(si, ti, x);
      if (!v) v = x.from.v < n_ && x.to.v < n_ ? write_moves(ti, x) : hop(si, ti, x);
      if (!v && ports_) v = ports_->ports(si, ti, x);
      if (v) return Found{{si, 1, ti, 0, 0}, std::move(*v)};
    }
    payload_sum += largest;
    auto found = receive(si);
    for (auto& [at, values] : arriving_) held_[at].push_back(std::move(values));  // from si + 1
    arriving_.clear();
    return found;
  }

  /// A transfer between endpoints: its moves, written at the end of the step.
  std::optional<Violation> write_moves(std::uint64_t ti, const Transfer& x) {
    batch_moves(x.payload, [&](const Move& mv) {
      writes_.push_back({x.to.v, mv.dst, mv.op, ti, x.from.v, mv.src});
    });
    return std::nullopt;
  }

  /// A hop to or from a switch: the values leave an endpoint's registers, or the switch's oldest
  /// receipt of the payload; they wait at a switch, or an endpoint writes them.
  std::optional<Violation> hop(std::uint64_t si, std::uint64_t ti, const Transfer& x) {
    Carried values;
    if (x.from.v < n_) {
      batch_moves(x.payload, [&](const Move& mv) { values.push_back(at(x.from.v, mv.src)); });
    } else if (auto& queue = held_[{x.from.v, x.payload}]; !queue.empty()) {
      values = std::move(queue.front());
      queue.pop_front();
    } else if (ports_) {  // the batch that checks transfers reports it, once
      return Violation{Rule::SwitchCopy,
                       si,
                       ti,
                       x.from,
                       std::nullopt,
                       step_transfer(si, ti) + "switch " + std::to_string(x.from.v) +
                           " sends payload " + std::to_string(x.payload) +
                           " more often than it received it (a switch holds no register and "
                           "does not copy)"};
    } else {
      return std::nullopt;
    }
    if (x.to.v >= n_) {
      arriving_.emplace_back(SwitchPayload{x.to.v, x.payload}, std::move(values));
      return std::nullopt;
    }
    std::size_t i = 0;
    batch_moves(x.payload, [&](const Move& mv) {
      writes_.push_back(
          {x.to.v, mv.dst, mv.op, ti, 0, 0, static_cast<std::uint32_t>(carried_.size())});
      carried_.push_back(std::move(values.at(i++)));
    });
    return std::nullopt;
  }

  /// visit(move) for every move of payload i into a register of the batch. Moves that ascend by
  /// target are searched run by run (a reduce-scatter's payloads list every tree crossing a link;
  /// a batch holds a run or two of them), others scanned.
  template <class Visit>
  void batch_moves(std::uint32_t i, Visit visit) const {
    const auto& moves = s_.payloads[i].moves;
    if (!sorted_[i] || runs_.size() * std::bit_width(moves.size()) > moves.size()) {
      for (const Move& mv : moves)
        if (in(mv.dst)) visit(mv);
      return;
    }
    for (const auto& [lo, hi] : runs_) {
      auto at = std::lower_bound(moves.begin(), moves.end(), lo,
                                 [](const Move& mv, std::uint32_t r) { return mv.dst < r; });
      for (; at != moves.end() && at->dst <= hi; ++at) visit(*at);
    }
  }

  /// The distinct source registers of payload i: its size in words.
  std::uint64_t words(std::uint32_t i) {
    if (words_.empty()) words_.assign(s_.payloads.size(), kNoSlot);
    if (words_[i] == kNoSlot) {
      std::vector<std::uint16_t> src;
      for (const Move& mv : s_.payloads[i].moves) src.push_back(mv.src);
      std::sort(src.begin(), src.end());
      words_[i] = static_cast<std::uint32_t>(std::unique(src.begin(), src.end()) - src.begin());
    }
    return words_[i];
  }

  /// Receipts take effect at the end of the step: sets first would hide an order question, so
  /// a register written by a set must not be written again in the same step.
  std::optional<Found> receive(std::uint64_t si) {
    const auto cell_less = [](const Write& a, const Write& b) {
      return std::tie(a.node, a.dst) < std::tie(b.node, b.dst);
    };
    std::sort(writes_.begin(), writes_.end(), [](const Write& a, const Write& b) {
      return std::tie(a.node, a.dst, a.transfer) < std::tie(b.node, b.dst, b.transfer);
    });
    // a value is the sender's register as the step began: kept aside where the step writes it
    before_.clear();
    for (std::size_t i = 0; i < writes_.size(); ++i) {
      if (writes_[i].carried != kNoSlot) continue;  // its value left its sender earlier
      const Write source{writes_[i].from, writes_[i].src, RegOp::Set, 0, 0, 0};
      if (std::binary_search(writes_.begin(), writes_.end(), source, cell_less))
        before_.emplace_back(i, at(source.node, source.dst));
    }
    for (std::size_t group = 0, kept = 0; group < writes_.size();) {
      std::size_t end = group + 1;
      while (end < writes_.size() && !cell_less(writes_[group], writes_[end])) ++end;
      const Write& first = writes_[group];
      const bool any_set = std::any_of(writes_.begin() + group, writes_.begin() + end,
                                       [](const Write& w) { return w.op == RegOp::Set; });
      if (end - group > 1 && any_set)
        return Found{
            {si, 2, first.node, first.dst, first.transfer},
            Violation{Rule::WriteConflict, si, first.transfer,
                      NodeId(static_cast<std::uint32_t>(first.node)), std::nullopt,
                      step_transfer(si, first.transfer) + "node " + std::to_string(first.node) +
                          "'s " + name(first.dst) + " is set and written again in the same step"}};
      for (; group < end; ++group) {
        const Write& w = writes_[group];
        const bool aside = kept < before_.size() && before_[kept].first == group;
        const Terms& value = w.carried != kNoSlot ? carried_[w.carried]
                             : aside              ? before_[kept++].second
                                                  : at(w.from, w.src);
        Terms& cell = at(w.node, w.dst);
        if (w.op == RegOp::Set) {
          cell = value;
        } else if (merge_disjoint(cell, value, merged_)) {
          cell.assign(merged_.begin(), merged_.end());
        } else {
          return Found{{si, 2, w.node, w.dst, w.transfer},
                       Violation{Rule::DoubleCount, si, w.transfer,
                                 NodeId(static_cast<std::uint32_t>(w.node)), std::nullopt,
                                 step_transfer(si, w.transfer) + "node " + std::to_string(w.node) +
                                     " combines into " + name(w.dst) +
                                     " a value that shares a term with it"}};
        }
      }
    }
    return std::nullopt;
  }

  /// Every required register of the batch holds exactly its required terms: counts those that
  /// do not and describes the first.
  void results(PassResult& r) {
    r.results = result_cells_.size();
    for (std::size_t i = 0; i < result_cells_.size(); ++i) {
      const auto [ordinal, v, x] = result_cells_[i];
      if (at(v, x) == required_[i]) continue;
      ++r.wrong;
      if (r.first_wrong && r.first_wrong->first < ordinal) continue;
      r.first_wrong = {
          ordinal,
          Violation{Rule::Result, std::nullopt, std::nullopt, NodeId(static_cast<std::uint32_t>(v)),
                    std::nullopt,
                    "node " + std::to_string(v) + "'s " + name(x) + " is wrong at the end: " +
                        describe_difference(at(v, x), required_[i],
                                            [this](std::uint64_t t) { return term_name(t); })}};
    }
  }

  const Schedule& s_;
  const Collective& c_;
  std::uint64_t n_;
  const std::vector<std::uint32_t>& batch_;
  std::uint64_t width_;
  std::vector<std::uint32_t> slot_;  ///< a register's column in the batch, or kNoSlot
  const std::vector<char>& sorted_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> runs_;  ///< the batch's, ascending
  TermSpace space_;
  std::vector<Terms> cells_;
  std::optional<PortRules> ports_;
  std::vector<std::uint32_t> words_;  ///< per payload, or empty
  std::vector<std::tuple<std::uint64_t, std::uint64_t, std::uint32_t>>
      result_cells_;  // (ordinal, node, register)
  std::vector<Terms> required_;
  std::vector<Write> writes_;
  std::vector<Terms> carried_;  ///< the values of the step's writes that came through a switch
  std::map<SwitchPayload, std::deque<Carried>> held_;        ///< messages at switches, oldest first
  std::vector<std::pair<SwitchPayload, Carried>> arriving_;  ///< the step's hops into switches
  std::vector<std::pair<std::size_t, Terms>> before_;        ///< (write, its value), ascending
  Terms merged_;
};

/// The batches' findings as one run's: the first violation in run order; else the results, the
/// first wrong one by its ordinal, with how many are wrong.
CheckResult merge_passes(const Schedule& s, std::vector<PassResult>& passes) {
  CheckResult r;
  r.engine = Engine::Registers;
  // Local computation is free in the communication cost model: only steps with transfers count.
  r.steps = static_cast<std::uint64_t>(std::count_if(
      s.steps.begin(), s.steps.end(), [](const Step& st) { return !st.transfers.empty(); }));
  r.transfers = s.num_transfers();
  r.payload_sum = passes.front().payload_sum;
  std::optional<Found> first;
  std::optional<std::pair<std::uint64_t, Violation>> first_wrong;
  std::uint64_t results = 0;
  for (PassResult& p : passes) {
    if (p.violation && (!first || p.violation->at < first->at)) first = std::move(p.violation);
    if (p.first_wrong && (!first_wrong || p.first_wrong->first < first_wrong->first))
      first_wrong = std::move(p.first_wrong);
    r.wrong_results += p.wrong;
    results += p.results;
  }
  if (first) {
    r.wrong_results = 0;
    r.verdict = Verdict::violated(std::move(first->violation));
  } else if (first_wrong) {
    if (r.wrong_results > 1)
      first_wrong->second.message += " (" + std::to_string(r.wrong_results) + " of " +
                                     std::to_string(results) + " results are wrong)";
    r.verdict = Verdict::violated(std::move(first_wrong->second));
  } else {
    r.verdict = Verdict::holds();
  }
  return r;
}

}  // namespace

CheckResult simulate_registers(const Network& t, const Schedule& s, std::uint64_t cells_per_pass) {
  validate_registers(s);
  const auto batches = register_batches(s, t.num_endpoints(), cells_per_pass);
  std::uint64_t widest = 0;
  for (const auto& b : batches) widest = std::max<std::uint64_t>(widest, b.size());
  const std::uint64_t at_once = std::min<std::uint64_t>(batches.size(), kRegisterPassWorkers);
  check_memory(mul_sat(mul_sat(at_once, mul_sat(t.num_endpoints(), widest)), kRegisterCellBytes),
               "checking " + std::to_string(t.num_endpoints()) + " nodes' " +
                   std::to_string(s.registers.size()) + " registers");
  std::vector<char> sorted(s.payloads.size());
  for (std::size_t i = 0; i < sorted.size(); ++i)
    sorted[i] = std::is_sorted(s.payloads[i].moves.begin(), s.payloads[i].moves.end(),
                               [](const Move& a, const Move& b) { return a.dst < b.dst; });
  std::vector<PassResult> passes(batches.size());
  const auto pass = [&](std::uint64_t i) {
    passes[i] = RegisterRun(t, s, batches[i], sorted, i == 0).run();
  };
  if (batches.size() == 1)
    pass(0);
  else
    parallel_items(
        batches.size(), kRegisterPassWorkers, [] { return 0; },
        [&](int, std::uint64_t i) { pass(i); }, [](int) {});
  CheckResult r = merge_passes(s, passes);
  if (batches.size() > 1)
    r.engine_note = std::to_string(s.registers.size()) +
                    " registers, those that exchange values kept together, checked in " +
                    std::to_string(batches.size()) + " batches of at most " +
                    std::to_string(cells_per_pass) + " node-register cells";
  return r;
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
