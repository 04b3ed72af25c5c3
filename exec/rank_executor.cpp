// One rank of a real execution (exec/rank_executor.hpp).
#include "exec/rank_executor.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <stdexcept>

#include "core/errors.hpp"
#include "core/verdict.hpp"
#include "exec/wire.hpp"

namespace netsched::exec {

namespace {

/// The transfers of `xs` (sorted by step) in step s.
std::span<const PlannedTransfer> in_step(std::span<const PlannedTransfer> xs, std::uint32_t s) {
  auto lo = std::lower_bound(xs.begin(), xs.end(), s,
                             [](const PlannedTransfer& x, std::uint32_t v) { return x.step < v; });
  auto hi = std::upper_bound(lo, xs.end(), s,
                             [](std::uint32_t v, const PlannedTransfer& x) { return v < x.step; });
  return {lo, hi};
}

std::string rule(Rule r) { return std::string(to_string(r)); }

/// memcpy that accepts an empty range (an empty vector's data() may be null).
void copy_bytes(void* dst, const void* src, std::size_t n) {
  if (n > 0) std::memcpy(dst, src, n);
}

/// The semigroup and ring operations on 64-bit values, wrapping (as evaluate_registers does),
/// so a broken schedule's values cannot overflow into undefined behaviour.
std::int64_t wrap_add(std::int64_t a, std::int64_t b) {
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) + static_cast<std::uint64_t>(b));
}
std::int64_t wrap_mul(std::int64_t a, std::int64_t b) {
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) * static_cast<std::uint64_t>(b));
}

}  // namespace

std::string dataflow_refusal(const ExecPlan& plan) {
  if (plan.schedule().collective.combining())
    return "a register schedule runs in steps: its registers are read and written in step order";
  return {};
}

RankExecutor::RankExecutor(const ExecPlan& plan, NodeId me, ExecOptions options)
    : plan_(plan), s_(plan.schedule()), me_(me), opt_(options) {
  if (opt_.chunk_bytes == 0 || opt_.chunk_bytes > kMaxChunkBytes)
    throw InputError("chunk size must be 1.." + std::to_string(kMaxChunkBytes) + " bytes, got " +
                     std::to_string(opt_.chunk_bytes));
  for (const auto& x : plan.sends(me)) steps_.push_back(x.step), steps_.push_back(x.depart);
  for (std::uint32_t i = 0; i < plan.sends(me).size(); ++i)  // messages that wait at switches
    if (plan.sends(me)[i].depart != plan.sends(me)[i].step) departing_.push_back(i);
  std::stable_sort(departing_.begin(), departing_.end(), [&](std::uint32_t a, std::uint32_t b) {
    return plan.sends(me)[a].depart < plan.sends(me)[b].depart;
  });
  for (const auto& x : plan.receives(me)) steps_.push_back(x.step);
  steps_.insert(steps_.end(), plan.compute_steps().begin(), plan.compute_steps().end());
  std::sort(steps_.begin(), steps_.end());
  steps_.erase(std::unique(steps_.begin(), steps_.end()), steps_.end());
  const auto sends = plan.sends(me);
  for (std::uint32_t i = 0; i < sends.size(); ++i) {
    const auto [at, fresh] =
        link_of_.try_emplace(sends[i].peer.v, static_cast<std::uint32_t>(links_.size()));
    if (fresh) links_.push_back({sends[i].peer, {}});
    links_[at->second].sends.push_back(i);
  }
  sends_left_ = sends.size();
  for (const HopFailure& f : plan.hop_failures())
    if (f.rank == me_) fail(rule(f.rule), f.step, f.detail);
  for (const auto& x : plan.receives(me)) ++receives_left_[x.step];
  std::vector<std::uint8_t> bytes(opt_.carry_bytes ? opt_.chunk_bytes : 0);
  for (std::uint64_t ch : plan.initial_chunks(me)) {
    if (opt_.carry_bytes) fill_chunk(ch, bytes);
    hold(ch, 0, bytes.data());
  }
  if (s_.collective.combining()) {
    lanes_ = ExecPlan::register_lanes(opt_.chunk_bytes);
    if (opt_.shared_registers.empty())
      own_regs_ = plan.initial_registers(me, lanes_);
    else if (opt_.shared_registers.size() != s_.registers.size() * lanes_)
      throw std::logic_error("shared registers of " + std::to_string(opt_.shared_registers.size()) +
                             " words, not " + std::to_string(s_.registers.size() * lanes_));
  }
}

std::span<const PlannedTransfer> RankExecutor::receives_of(std::uint32_t step) const {
  return in_step(plan_.receives(me_), step);
}

void RankExecutor::fail(std::string kind, std::optional<std::uint64_t> step, std::string detail) {
  ++failures_;
  // the earliest by step (dataflow finds them out of step order); the final check's last
  const auto earlier = [](std::optional<std::uint64_t> a, std::optional<std::uint64_t> b) {
    return a && (!b || *a < *b);
  };
  if (!failure_ || earlier(step, failure_->step))
    failure_ = RankFailure{std::move(kind), step, std::move(detail)};
}

void RankExecutor::hold(std::uint64_t chunk, std::uint32_t acquired, const std::uint8_t* bytes) {
  auto [it, fresh] = held_.try_emplace(chunk, Held{acquired, slots_, acquired});
  if (fresh) {
    ++slots_;
    if (opt_.carry_bytes) store_.resize(slots_ * opt_.chunk_bytes);
  } else {  // held again: every step it came from, in order (dataflow may bring them late)
    auto& steps = repeats_[chunk];
    if (steps.empty()) steps.push_back(it->second.first);
    steps.insert(std::upper_bound(steps.begin(), steps.end(), acquired), acquired);
    it->second.first = steps.front();
    it->second.acquired = steps.back();
  }
  if (opt_.carry_bytes)
    std::memcpy(store_.data() + it->second.slot * opt_.chunk_bytes, bytes, opt_.chunk_bytes);
}

std::optional<std::uint32_t> RankExecutor::acquired_by(std::uint64_t chunk, const Held& h,
                                                       std::uint32_t step) const {
  if (h.first > step) return std::nullopt;
  if (h.acquired <= step) return h.acquired;
  const auto& steps = repeats_.at(chunk);
  return *std::prev(std::upper_bound(steps.begin(), steps.end(), step));
}

std::span<std::int64_t> RankExecutor::reg(std::uint32_t r) {
  if ((r + 1) * lanes_ > regs().size())
    throw std::logic_error("register " + std::to_string(r) + " out of range");
  return regs().subspan(r * lanes_, lanes_);
}

void RankExecutor::compute(std::uint32_t step) {
  for (const LocalOp& op : s_.steps[step].compute) {
    if (!in_ranges(op.nodes, me_.v)) continue;
    const auto a = reg(op.a), b = reg(op.b), dst = reg(op.dst);
    for (std::uint64_t e = 0; e < lanes_; ++e)
      dst[e] = op.op == RegOp::Set   ? a[e]
               : op.op == RegOp::Mul ? wrap_mul(a[e], b[e])
                                     : wrap_add(a[e], b[e]);
  }
}

void RankExecutor::check_send_rules(std::uint32_t step, std::span<const PlannedTransfer> sends,
                                    std::size_t i) {
  if (plan_.walked_hops()) return;  // the plan checked every hop (exec/switch_hops.hpp)
  const PlannedTransfer& x = sends[i];
  const std::uint64_t sends_here = sends.size();
  const std::string at = "rank " + std::to_string(me_.v) + " -> " + std::to_string(x.peer.v);
  if (x.peer == me_ || (follows_links(s_.model) && !plan_.network().adjacent(me_, x.peer)))
    fail(rule(Rule::Edge), step, at + " is not a link of " + plan_.network().spec());
  const auto ports = node_port_limit(s_);
  if (ports && sends_here > *ports)
    fail(rule(Rule::PortSend), step,
         "rank " + std::to_string(me_.v) + " sends " + std::to_string(sends_here) +
             " times, over its " + std::to_string(*ports) + " port(s)");
  if (s_.model == PortModel::SingleDimension &&
      plan_.network().edge_dimension(me_, x.peer) != plan_.step_dimension(step))
    fail(rule(Rule::Dimension), step, at + " leaves the step's dimension");
  if (link_once(s_.model))
    for (std::size_t j = 0; j < i; ++j)
      if (sends[j].peer == x.peer)
        fail(rule(Rule::PortLink), step,
             "link " + std::to_string(me_.v) + " -> " + std::to_string(x.peer.v) + " used twice");
}

void RankExecutor::resolve(std::uint32_t step, const PlannedTransfer& x,
                           std::vector<std::uint64_t>& out) {
  const Payload& p = s_.payloads[x.payload];
  const Collective& c = s_.collective;
  out.clear();
  if (!p.select) {
    for (std::uint64_t ch : p.chunks) {
      if (const auto it = held_.find(ch); it != held_.end() && acquired_by(ch, it->second, step))
        out.push_back(ch);
      else
        fail(rule(Rule::Causality), step,
             "rank " + std::to_string(me_.v) + " does not hold chunk " + std::to_string(ch));
    }
    return;
  }
  const Selector& sel = *p.select;
  const bool by_dest = !sel.dest_in.empty() || !sel.dest_boxes.empty();
  for (const auto& [ch, h] : held_) {
    const auto acquired = acquired_by(ch, h, step);
    if (!acquired || !in_ranges(sel.origin_in, c.origin(ch).v) ||
        !in_ranges(sel.acquired_in, *acquired))
      continue;
    if (by_dest) {
      const auto d = c.single_destination(ch);
      if (!d || !sel.admits_destination(plan_.digits(), d->v)) continue;
    }
    out.push_back(ch);
  }
  std::sort(out.begin(), out.end());
}

OutMessage RankExecutor::message(std::span<const PlannedTransfer> sends, std::size_t i) {
  const PlannedTransfer& x = sends[i];
  const std::uint32_t step = x.step;
  OutMessage out;
  out.transfer = &x;
  check_send_rules(step, sends, i);
  if (s_.collective.combining()) {
    if (x.depart == step) {
      out.values = source_values(x);
    } else {  // through switches: the values as they left this rank (keep_departing)
      const auto kept = departed_.find(&x);
      if (kept == departed_.end())
        throw std::logic_error("rank " + std::to_string(me_.v) + ": step " +
                               std::to_string(x.depart) + " was not started before step " +
                               std::to_string(step));
      out.values = std::move(kept->second);
      departed_.erase(kept);
    }
    return out;
  }
  resolve(x.depart, x, out.chunks);  // what the sender holds when the message leaves it
  if (out.chunks.empty())
    fail(rule(Rule::EmptyPayload), step,
         "rank " + std::to_string(me_.v) + " -> " + std::to_string(x.peer.v) + " carries nothing");
  return out;
}

std::vector<std::int64_t> RankExecutor::source_values(const PlannedTransfer& x) {
  std::vector<std::int64_t> values;
  for (const std::uint16_t r : plan_.register_layout(x.payload).sources) {
    const auto src = reg(r);
    values.insert(values.end(), src.begin(), src.end());
  }
  return values;
}

void RankExecutor::keep_departing(std::uint32_t step) {
  const auto sends = plan_.sends(me_);
  const auto first = std::partition_point(departing_.begin(), departing_.end(),
                                          [&](std::uint32_t i) { return sends[i].depart < step; });
  for (auto it = first; it != departing_.end() && sends[*it].depart == step; ++it)
    departed_.emplace(&sends[*it], source_values(sends[*it]));
}

std::vector<OutMessage> RankExecutor::start_step(std::uint32_t step) {
  if (s_.collective.combining()) compute(step), keep_departing(step);
  const auto sends = in_step(plan_.sends(me_), step);
  std::vector<OutMessage> out;
  out.reserve(sends.size());
  for (std::size_t i = 0; i < sends.size(); ++i) out.push_back(message(sends, i));
  return out;
}

bool RankExecutor::chunks_in(const PlannedTransfer& x) const {
  const Payload& p = s_.payloads[x.payload];
  if (p.select) return false;  // what it selects is known once the steps before are all in
  for (const std::uint64_t ch : p.chunks) {
    const auto it = held_.find(ch);
    if (it == held_.end() || it->second.first > x.depart) return false;
  }
  return true;
}

std::vector<OutMessage> RankExecutor::sendable() {
  const auto sends = plan_.sends(me_);
  // the steps before this one have every receive in
  const std::uint32_t all_in_before = receives_left_.empty()
                                          ? std::numeric_limits<std::uint32_t>::max()
                                          : receives_left_.begin()->first;
  std::vector<OutMessage> out;
  for (Link& link : links_) {
    if (link.busy || link.next == link.sends.size()) continue;
    const PlannedTransfer& x = sends[link.sends[link.next]];
    if (x.depart > all_in_before && !chunks_in(x)) continue;
    const auto step = in_step(sends, x.step);
    out.push_back(message(step, static_cast<std::size_t>(&x - step.data())));
    ++link.next;
    --sends_left_;
    link.busy = true;
  }
  return out;
}

void RankExecutor::sent(const PlannedTransfer& x) { links_[link_of_.at(x.peer.v)].busy = false; }

void RankExecutor::deliver(const PlannedTransfer& from, const std::uint8_t* wire,
                           std::uint64_t size) {
  accept(from, wire, size);
  end_step(from.step);
  const auto left = receives_left_.find(from.step);
  if (left != receives_left_.end() && --left->second == 0) receives_left_.erase(left);
}

std::optional<std::uint64_t> RankExecutor::expected_bytes(const PlannedTransfer& from) const {
  const Payload& p = s_.payloads[from.payload];
  if (s_.collective.combining())
    return plan_.register_layout(from.payload).sources.size() * lanes_ * sizeof(std::int64_t);
  if (p.select) return std::nullopt;
  return chunk_message_bytes(p.chunks.size(), opt_.chunk_bytes, false);
}

bool RankExecutor::selects(const OutMessage& msg) const {
  return s_.payloads[msg.transfer->payload].select.has_value();
}

std::uint64_t RankExecutor::wire_bytes(const OutMessage& msg) const {
  if (s_.collective.combining()) return msg.values.size() * sizeof(std::int64_t);
  return chunk_message_bytes(msg.chunks.size(), opt_.chunk_bytes, selects(msg));
}

std::uint64_t RankExecutor::header_bytes(const OutMessage& msg) const {
  if (s_.collective.combining()) return 0;
  return chunk_header_bytes(msg.chunks.size(), selects(msg));
}

void RankExecutor::encode(const OutMessage& msg, std::uint8_t* out) const {
  if (s_.collective.combining()) {
    copy_bytes(out, msg.values.data(), msg.values.size() * sizeof(std::int64_t));
    return;
  }
  const std::uint64_t count = msg.chunks.size();
  if (selects(msg)) {
    std::memcpy(out, &count, sizeof count);
    copy_bytes(out + sizeof count, msg.chunks.data(), count * sizeof(std::uint64_t));
  }
  if (!opt_.carry_bytes) return;
  std::uint8_t* data = out + header_bytes(msg);
  for (std::uint64_t i = 0; i < count; ++i)
    std::memcpy(data + i * opt_.chunk_bytes,
                store_.data() + held_.at(msg.chunks[i]).slot * opt_.chunk_bytes, opt_.chunk_bytes);
}

void RankExecutor::accept(const PlannedTransfer& from, const std::uint8_t* wire,
                          std::uint64_t size) {
  const auto ports = node_port_limit(s_);
  const std::uint32_t receipts = ++receipts_[from.step];
  if (receipts > 1 && ports && receipts > *ports && !plan_.walked_hops())
    fail(rule(Rule::PortReceive), from.step,
         "rank " + std::to_string(me_.v) + " receives " + std::to_string(receipts) +
             " times, over its " + std::to_string(*ports) + " port(s)");
  if (s_.collective.combining())
    accept_values(from, wire, size);
  else
    accept_chunks(from, wire, size);
}

void RankExecutor::accept_chunks(const PlannedTransfer& from, const std::uint8_t* wire,
                                 std::uint64_t size) {
  const std::string who = "message from rank " + std::to_string(from.peer.v);
  const Payload& payload = s_.payloads[from.payload];
  const bool selector = payload.select.has_value();
  std::uint64_t count = payload.chunks.size();  // a listed payload: the schedule says
  if (selector && size >= sizeof count) std::memcpy(&count, wire, sizeof count);
  const std::uint64_t m = opt_.chunk_bytes;
  if ((selector && (size < sizeof count || count > size / sizeof(std::uint64_t))) ||
      size != chunk_message_bytes(count, m, selector)) {
    fail("bytes", from.step, who + " has " + std::to_string(size) + " bytes, not a chunk message");
    return;
  }
  const std::uint8_t* data = wire + chunk_header_bytes(count, selector);
  for (std::uint64_t i = 0; i < count; ++i) {
    std::uint64_t ch = selector ? 0 : payload.chunks[i];
    if (selector) std::memcpy(&ch, wire + sizeof(std::uint64_t) * (1 + i), sizeof ch);
    if (ch >= s_.collective.num_chunks()) {
      fail("bytes", from.step, who + " names chunk " + std::to_string(ch) + ", out of range");
      continue;
    }
    PendingChunk p{ch, {}};
    if (opt_.carry_bytes) {
      const std::span<const std::uint8_t> bytes(data + i * m, m);
      if (const auto k = first_wrong_byte(ch, bytes); k >= 0)
        fail("bytes", from.step,
             who + ": chunk " + std::to_string(ch) + " is wrong at byte " + std::to_string(k));
      p.bytes.assign(bytes.begin(), bytes.end());
    }
    pending_chunks_.push_back(std::move(p));
    ++chunks_received_;
  }
}

void RankExecutor::accept_values(const PlannedTransfer& from, const std::uint8_t* wire,
                                 std::uint64_t size) {
  const auto& moves = s_.payloads[from.payload].moves;
  const ExecPlan::RegisterLayout& layout = plan_.register_layout(from.payload);
  const std::uint64_t vector_bytes = lanes_ * sizeof(std::int64_t);
  if (size != layout.sources.size() * vector_bytes) {
    fail("bytes", from.step,
         "register message of " + std::to_string(size) + " bytes, not " +
             std::to_string(layout.sources.size()) + " registers of " +
             std::to_string(vector_bytes));
    return;
  }
  for (std::size_t i = 0; i < moves.size(); ++i) {
    PendingWrite w{moves[i].dst, moves[i].op, std::vector<std::int64_t>(lanes_)};
    copy_bytes(w.values.data(), wire + layout.slot_of_move[i] * vector_bytes, vector_bytes);
    pending_writes_.push_back(std::move(w));
  }
}

void RankExecutor::end_step(std::uint32_t step) {
  for (const PendingChunk& p : pending_chunks_) hold(p.chunk, step + 1, p.bytes.data());
  pending_chunks_.clear();
  std::vector<std::pair<std::uint16_t, RegOp>> written;
  for (const PendingWrite& w : pending_writes_) {
    for (const auto& [dst, op] : written)
      if (dst == w.dst && (op == RegOp::Set || w.op == RegOp::Set))
        fail(rule(Rule::WriteConflict), step,
             "rank " + std::to_string(me_.v) + " register " + std::to_string(w.dst) +
                 " written twice");
    written.push_back({w.dst, w.op});
    const auto r = reg(w.dst);
    for (std::uint64_t e = 0; e < lanes_; ++e)
      r[e] = w.op == RegOp::Set ? w.values[e] : wrap_add(r[e], w.values[e]);
  }
  pending_writes_.clear();
}

std::vector<std::uint8_t> RankExecutor::output_buffer() const {
  const std::uint64_t m = opt_.chunk_bytes;
  const auto slots = plan_.output_slots(me_);
  std::vector<std::uint8_t> out(slots.size() * m, 0);
  for (std::size_t i = 0; i < slots.size(); ++i) {
    const std::span<std::uint8_t> dst(out.data() + i * m, m);
    if (slots[i].own_void) {
      fill_chunk(slots[i].chunk, dst);
    } else if (auto it = held_.find(slots[i].chunk); it != held_.end() && opt_.carry_bytes) {
      std::memcpy(dst.data(), store_.data() + it->second.slot * m, m);
    }
  }
  return out;
}

std::vector<std::int64_t> RankExecutor::result_values() const {
  std::vector<std::int64_t> out;
  for (const auto& req : plan_.required_registers(me_, lanes_)) {
    const auto* at = regs().data() + req.reg * lanes_;
    out.insert(out.end(), at, at + lanes_);
  }
  return out;
}

void RankExecutor::check_first_hops() {
  for (const FirstHop& h : plan_.first_hops(me_))
    for (const std::uint64_t ch : s_.payloads[h.payload].chunks)
      if (const auto it = held_.find(ch); it == held_.end() || it->second.first > h.step)
        fail(rule(Rule::Causality), h.step,
             "rank " + std::to_string(me_.v) + " sends chunk " + std::to_string(ch) +
                 " into a switch, and does not hold it");
}

void RankExecutor::final_check(const std::vector<std::uint8_t>* reference,
                               const std::vector<std::int64_t>* reference_values) {
  const std::string who = "rank " + std::to_string(me_.v);
  check_first_hops();  // known once every receipt is in: holdings keep their first step
  if (s_.collective.combining()) {
    if (!opt_.shared_registers.empty()) return;  // their values mean nothing
    const auto want = plan_.required_registers(me_, lanes_);
    const auto got = result_values();
    for (std::size_t i = 0; i < want.size(); ++i)
      for (std::uint64_t e = 0; e < lanes_; ++e) {
        const std::size_t k = i * lanes_ + e;
        const std::int64_t expected = reference_values ? reference_values->at(k) : want[i].lanes[e];
        if (got[k] == expected) continue;
        fail(rule(Rule::Result), std::nullopt,
             who + " register " + std::to_string(want[i].reg) + " lane " + std::to_string(e) +
                 " is " + std::to_string(got[k]) + ", should be " + std::to_string(expected) +
                 (reference_values ? " (MPI's result)" : ""));
        return;
      }
    return;
  }
  const auto slots = plan_.output_slots(me_);
  const std::vector<std::uint8_t> mine =
      opt_.carry_bytes ? output_buffer() : std::vector<std::uint8_t>{};
  const std::uint64_t m = opt_.chunk_bytes;
  for (std::size_t i = 0; i < slots.size(); ++i) {
    const std::uint64_t ch = slots[i].chunk;
    if (!slots[i].own_void && !held_.count(ch)) {
      fail(rule(Rule::Delivery), std::nullopt,
           who + " never received chunk " + std::to_string(ch) + " (slot " + std::to_string(i) +
               ")");
      continue;
    }
    if (!opt_.carry_bytes) continue;
    const std::span<const std::uint8_t> got(mine.data() + i * m, m);
    if (reference && std::memcmp(got.data(), reference->data() + i * m, m) != 0)
      fail("bytes", std::nullopt,
           who + " slot " + std::to_string(i) + " (chunk " + std::to_string(ch) +
               ") differs from MPI's own result");
    else if (!reference && first_wrong_byte(ch, got) >= 0)
      fail("bytes", std::nullopt, who + " slot " + std::to_string(i) + " has wrong bytes");
  }
}

}  // namespace netsched::exec
