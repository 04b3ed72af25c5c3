// The executor's plan: transfers indexed by rank, initial holdings and final layouts.
#include "exec/exec_plan.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <stdexcept>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/schedule_io.hpp"
#include "core/structure.hpp"
#include "exec/wire.hpp"
#include "gen/topology.hpp"

namespace netsched::exec {

ExecPlan::ExecPlan(Schedule s) : s_(std::move(s)) {
  net_ = build_switched_schedule_topology(s_.topology);
  prepare();
}

ExecPlan::ExecPlan(std::unique_ptr<Network> network, Schedule s)
    : net_(std::move(network)), s_(std::move(s)) {
  prepare();
}

void ExecPlan::prepare() {
  check_structure(*net_, s_);
  if (net_->needs_switched_model()) {
    EndpointRun run = endpoint_run(*net_, s_);
    s_ = std::move(run.schedule);
    departs_ = std::move(run.departs);
    hop_failures_ = std::move(run.failures);
    first_hops_ = std::move(run.first_hops);
    std::stable_sort(first_hops_.begin(), first_hops_.end(),
                     [](const FirstHop& a, const FirstHop& b) { return a.from < b.from; });
    walked_hops_ = true;
  }
  digits_ = schedule_digits(s_);
  index_transfers();
  if (s_.collective.combining()) {
    index_groups();
    lay_out_registers();
  }
}

void ExecPlan::lay_out_registers() {
  constexpr std::uint32_t kUnsent = ~std::uint32_t{0};
  std::vector<std::uint32_t> slot(s_.registers.size(), kUnsent);  // a payload's, then reset
  layouts_.resize(s_.payloads.size());
  for (std::size_t i = 0; i < s_.payloads.size(); ++i) {
    RegisterLayout& l = layouts_[i];
    for (const Move& mv : s_.payloads[i].moves) {
      if (slot[mv.src] == kUnsent) {
        slot[mv.src] = static_cast<std::uint32_t>(l.sources.size());
        l.sources.push_back(mv.src);
      }
      l.slot_of_move.push_back(slot[mv.src]);
    }
    for (const std::uint16_t r : l.sources) slot[r] = kUnsent;
  }
}

void ExecPlan::index_groups() {
  const Collective& c = s_.collective;
  using K = Collective::Kind;
  if (c.kind() != K::AllReduce && c.kind() != K::Prefix) return;
  groups_ = c.groups();
  if (groups_.empty()) {
    groups_.emplace_back();
    for (std::uint32_t v = 0; v < nodes(); ++v) groups_.back().push_back(NodeId(v));
  }
  constexpr std::uint32_t kNone = ~std::uint32_t{0};
  group_of_.assign(nodes(), kNone);
  rank_in_group_.assign(nodes(), 0);
  for (std::uint32_t g = 0; g < groups_.size(); ++g)
    for (std::uint32_t i = 0; i < groups_[g].size(); ++i) {
      group_of_[groups_[g][i].v] = g;
      rank_in_group_[groups_[g][i].v] = i;
    }
}

std::optional<std::pair<std::uint32_t, std::uint32_t>> ExecPlan::group_position(NodeId v) const {
  if (group_of_.empty() || group_of_.at(v.v) == ~std::uint32_t{0}) return std::nullopt;
  return std::pair(group_of_[v.v], rank_in_group_[v.v]);
}

std::uint64_t ExecPlan::run_bytes(std::uint64_t chunk_bytes) const {
  if (s_.collective.combining())
    return mul_sat(mul_sat(nodes(), s_.registers.size()), mul_sat(chunk_bytes, 2));
  constexpr std::uint64_t kHoldingBytes = 96, kTransitAndFlight = 2;
  std::uint64_t held = 0;
  for (std::uint32_t v = 0; v < nodes(); ++v) held = add_sat(held, output_slots(NodeId(v)).size());
  return mul_sat(mul_sat(held, add_sat(chunk_bytes, kHoldingBytes)), kTransitAndFlight);
}

std::uint64_t ExecPlan::simulated_run_bytes(std::uint64_t chunk_bytes) const {
  const std::uint64_t registers = mul_sat(s_.registers.size(), chunk_bytes);
  if (!s_.collective.combining() || registers < kSharedDataMin) return run_bytes(chunk_bytes);
  std::uint64_t busiest = 0;  // registers a rank sends and receives in one step, at most
  for (std::uint32_t v = 0; v < nodes(); ++v) {
    std::vector<std::pair<std::uint32_t, std::uint64_t>> moves;  // (step, registers)
    for (const auto& xs : {sends(NodeId(v)), receives(NodeId(v))})
      for (const PlannedTransfer& x : xs)
        moves.emplace_back(x.step, s_.payloads[x.payload].moves.size());  // its writes
    std::sort(moves.begin(), moves.end());
    for (std::size_t i = 0, j = 0; i < moves.size(); i = j) {
      std::uint64_t step_moves = 0;
      for (j = i; j < moves.size() && moves[j].first == moves[i].first; ++j)
        step_moves += moves[j].second;
      busiest = std::max(busiest, step_moves);
    }
  }
  return mul_sat(mul_sat(nodes(), mul_sat(busiest, chunk_bytes)), 2);
}

std::uint64_t ExecPlan::register_lanes(std::uint64_t chunk_bytes) {
  constexpr std::uint64_t kLane = sizeof(std::int64_t);
  if (chunk_bytes == 0 || chunk_bytes % kLane != 0)
    throw InputError(
        "a register collective's --bytes is a vector of int64: give a "
        "multiple of 8, got " +
        std::to_string(chunk_bytes));
  return chunk_bytes / kLane;
}

std::vector<std::int64_t> ExecPlan::initial_registers(NodeId v, std::uint64_t lanes) const {
  const Collective& c = s_.collective;
  std::vector<std::int64_t> regs(s_.registers.size() * lanes, 0);
  auto set = [&](std::uint64_t reg, std::uint64_t input) {
    for (std::uint64_t e = 0; e < lanes; ++e) regs[reg * lanes + e] = register_input(input, e);
  };
  using K = Collective::Kind;
  const std::uint64_t n = nodes();
  if (c.kind() == K::MatMul) {
    const std::uint64_t m = c.matrix_size();
    const auto& home = c.groups().front();
    for (std::uint64_t e = 0; e < m * m; ++e)
      if (home[e] == v) {
        set(0, e);
        set(1, m * m + e);
      }
  } else if (c.kind() == K::VecMat) {
    if (v == c.root()) {
      const std::uint64_t vars = c.matrix_size() + c.matrix_size() * c.groups().front().size();
      for (std::uint64_t x = 0; x < vars; ++x) set(x, x);
    }
  } else if (c.kind() == K::ReduceScatter) {  // register b = block b / p, piece b % p
    const std::uint64_t blocks = n * c.pieces();
    for (std::uint64_t b = 0; b < blocks; ++b) set(b, v.v * blocks + b);
  } else {
    for (std::uint64_t k = 0; k < c.pieces(); ++k) set(k, v.v * c.pieces() + k);
  }
  return regs;
}

namespace {

/// Lane by lane, the sum of the inputs `input(i)` for i < count (wrapping, as the executor).
template <class Input>
std::vector<std::int64_t> lane_sums(std::uint64_t lanes, std::uint64_t count, Input input) {
  std::vector<std::int64_t> sum(lanes, 0);
  for (std::uint64_t i = 0; i < count; ++i)
    for (std::uint64_t e = 0; e < lanes; ++e)
      sum[e] = static_cast<std::int64_t>(static_cast<std::uint64_t>(sum[e]) +
                                         static_cast<std::uint64_t>(input(i, e)));
  return sum;
}

}  // namespace

std::vector<ExecPlan::RequiredRegister> ExecPlan::required_registers(NodeId v,
                                                                     std::uint64_t lanes) const {
  const Collective& c = s_.collective;
  using K = Collective::Kind;
  const std::uint64_t n = nodes();
  std::vector<RequiredRegister> out;
  if (c.kind() == K::MatMul) {
    const std::uint64_t m = c.matrix_size();
    const auto& home = c.groups().front();
    for (std::uint64_t e = 0; e < m * m; ++e) {
      if (home[e] != v) continue;
      const std::uint64_t i = e / m, j = e % m;
      out.push_back({2, lane_sums(lanes, m, [&](std::uint64_t k, std::uint64_t l) {
                       return register_input(i * m + k, l) * register_input(m * m + k * m + j, l);
                     })});
    }
  } else if (c.kind() == K::VecMat) {
    const std::uint64_t rows = c.matrix_size(), cols = c.groups().front().size();
    for (std::uint64_t j = 0; j < cols; ++j) {
      if (c.groups().front()[j] != v) continue;
      out.push_back({static_cast<std::uint32_t>(rows + rows * cols),
                     lane_sums(lanes, rows, [&](std::uint64_t i, std::uint64_t l) {
                       return register_input(i, l) * register_input(rows + i * cols + j, l);
                     })});
    }
  } else if (c.kind() == K::ReduceScatter) {  // node v's block: registers v*p .. v*p + p-1
    const std::uint64_t p = c.pieces(), blocks = n * p;
    for (std::uint64_t b = v.v * p; b < v.v * p + p; ++b)
      out.push_back({static_cast<std::uint32_t>(b),
                     lane_sums(lanes, n, [&](std::uint64_t u, std::uint64_t l) {
                       return register_input(u * blocks + b, l);
                     })});
  } else if (c.kind() == K::Reduce) {  // piece k of the vector ends in the root's register p + k
    if (v != c.root()) return out;
    const std::uint64_t p = c.pieces();
    for (std::uint64_t k = 0; k < p; ++k)
      out.push_back({static_cast<std::uint32_t>(p + k),
                     lane_sums(lanes, n, [&](std::uint64_t u, std::uint64_t l) {
                       return register_input(u * p + k, l);
                     })});
  } else if (const auto at = group_position(v)) {
    const auto& group = groups_[at->first];
    const std::uint64_t count = c.kind() == K::Prefix ? at->second + 1 : group.size();
    const std::uint64_t p = c.pieces();  // a vector all-reduce or prefix: piece k ends in p + k
    for (std::uint64_t k = 0; k < p; ++k)
      out.push_back({static_cast<std::uint32_t>(p + k),
                     lane_sums(lanes, count, [&](std::uint64_t i, std::uint64_t l) {
                       return register_input(group[i].v * p + k, l);
                     })});
  }
  return out;
}

void ExecPlan::index_transfers() {
  const std::uint64_t n = nodes();
  send_at_.assign(n + 1, 0);
  recv_at_.assign(n + 1, 0);
  for (const Step& st : s_.steps)
    for (const Transfer& x : st.transfers) {
      ++send_at_[x.from.v + 1];
      ++recv_at_[x.to.v + 1];
    }
  for (std::uint64_t v = 0; v < n; ++v) {
    send_at_[v + 1] += send_at_[v];
    recv_at_[v + 1] += recv_at_[v];
  }
  send_.resize(send_at_[n]);
  recv_.resize(recv_at_[n]);
  std::vector<std::uint64_t> sfill(send_at_.begin(), send_at_.end() - 1);
  std::vector<std::uint64_t> rfill(recv_at_.begin(), recv_at_.end() - 1);
  for (std::uint32_t si = 0; si < s_.steps.size(); ++si) {
    const auto& tr = s_.steps[si].transfers;
    for (std::uint32_t ti = 0; ti < tr.size(); ++ti) {
      const Transfer& x = tr[ti];
      const std::uint32_t depart = walked_hops_ ? departs_[si][ti] : si;
      send_[sfill[x.from.v]++] = {si, x.to, x.payload, ti, depart};
      recv_[rfill[x.to.v]++] = {si, x.from, x.payload, ti, depart};
    }
    if (!s_.steps[si].compute.empty()) compute_steps_.push_back(si);
  }
}

std::span<const FirstHop> ExecPlan::first_hops(NodeId v) const {
  struct BySender {
    bool operator()(const FirstHop& h, NodeId u) const { return h.from < u; }
    bool operator()(NodeId u, const FirstHop& h) const { return u < h.from; }
  };
  const auto [lo, hi] = std::equal_range(first_hops_.begin(), first_hops_.end(), v, BySender{});
  return {lo, hi};
}

std::optional<std::uint32_t> ExecPlan::step_dimension(std::uint32_t step) const {
  const auto& tr = s_.steps.at(step).transfers;
  if (tr.empty()) return std::nullopt;
  return net_->edge_dimension(tr.front().from, tr.front().to);
}

std::vector<std::uint64_t> ExecPlan::initial_chunks(NodeId v) const {
  const Collective& c = s_.collective;
  const std::uint64_t n = nodes();
  std::vector<std::uint64_t> out;
  using K = Collective::Kind;
  switch (c.kind()) {
    case K::Route:
    case K::Broadcast:
    case K::Scatter:
      if (v == c.root())
        for (std::uint64_t ch = 0; ch < c.num_chunks(); ++ch) out.push_back(ch);
      break;
    case K::Gather:
      out.push_back(v.v);
      break;
    case K::AllGather:  // node v's block, in pieces
      for (std::uint64_t k = 0; k < c.pieces(); ++k) out.push_back(v.v * c.pieces() + k);
      break;
    case K::TotalExchange:
      for (std::uint64_t d = 0; d < n; ++d)
        if (d != v.v) out.push_back(v.v * n + d);
      break;
    case K::Multicast:
      for (std::uint64_t g = 0; g < c.groups().size(); ++g)
        if (c.groups()[g].front() == v) out.push_back(g);
      break;
    default:
      break;  // register collectives hold values, not chunks
  }
  return out;
}

std::vector<OutputSlot> ExecPlan::output_slots(NodeId v) const {
  const Collective& c = s_.collective;
  const std::uint64_t n = nodes();
  std::vector<OutputSlot> out;
  using K = Collective::Kind;
  switch (c.kind()) {
    case K::Route:
      if (v == c.target()) out.push_back({0, false});
      break;
    case K::Broadcast:  // MPI_Bcast's buffer: the pieces in order
      for (std::uint64_t k = 0; k < c.num_chunks(); ++k) out.push_back({k, false});
      break;
    case K::Scatter:
      out.push_back({v.v, false});
      break;
    case K::Gather:
      if (v == c.root())
        for (std::uint64_t i = 0; i < n; ++i) out.push_back({i, false});
      break;
    case K::AllGather:  // MPI_Allgather's buffer: rank i's block (its pieces in order) i-th
      for (std::uint64_t i = 0; i < c.num_chunks(); ++i) out.push_back({i, false});
      break;
    case K::TotalExchange:  // MPI_Alltoall's receive buffer: block i came from rank i
      for (std::uint64_t i = 0; i < n; ++i) out.push_back({i * n + v.v, i == v.v});
      break;
    case K::Multicast:
      for (std::uint64_t g = 0; g < c.groups().size(); ++g)
        if (c.is_destination(g, v)) out.push_back({g, false});
      break;
    default:
      break;
  }
  return out;
}

std::shared_ptr<const ExecPlan> shared_plan(const std::string& path) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const ExecPlan>> plans;
  const std::lock_guard<std::mutex> lock(mutex);
  auto it = plans.find(path);
  if (it == plans.end())
    it = plans.emplace(path, std::make_shared<const ExecPlan>(read_schedule_file(path).schedule))
             .first;
  return it->second;
}

}  // namespace netsched::exec
