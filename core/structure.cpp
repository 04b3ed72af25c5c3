#include "core/structure.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/errors.hpp"
#include "core/metrics.hpp"
#include "core/text.hpp"

namespace netsched {
namespace {

[[noreturn]] void refuse(const std::string& what) { throw InputError(what); }

void check_node(NodeId x, std::uint64_t n, const std::string& where, const Network& t) {
  if (x.v < n) return;
  if (x.v < t.num_nodes())  // n: the endpoints
    refuse(where + "node " + std::to_string(x.v) + " is a switch of " + t.spec() +
           ": a collective's nodes are endpoints (0.." + std::to_string(n - 1) + ")");
  refuse(where + "node " + std::to_string(x.v) + " is not a node of " + t.spec() + " (0.." +
         std::to_string(n - 1) + ")");
}

/// What the switched model (core/network.hpp) does not take yet.
void check_switched(const Network& t, const Schedule& s) {
  if (!t.needs_switched_model()) return;
  if (s.model == PortModel::SingleDimension || s.model == PortModel::Routed)
    refuse("the " + std::string(to_string(s.model)) +
           " model on a network of switches or directed links is not implemented yet");
}

/// The collective's own nodes (the endpoints of a switched network), and the port model's needs.
void check_collective(const Network& t, const Schedule& s) {
  const std::uint64_t n = t.num_endpoints();
  const Collective& c = s.collective;
  if (c.nodes() != n)
    refuse("schedule is for " + std::to_string(c.nodes()) + " nodes, but " + t.spec() + " has " +
           std::to_string(n) + (t.switched() ? " endpoints" : ""));
  check_node(c.root(), n, "collective: ", t);
  check_node(c.target(), n, "collective: ", t);
  for (const auto& g : c.groups())
    for (NodeId v : g) check_node(v, n, "collective group: ", t);
  check_switched(t, s);
  if (s.model == PortModel::SingleDimension && t.dimension_count() == 0)
    refuse("the single-dimension model needs link dimensions, which " + t.family() +
           " does not define");
  if (s.model == PortModel::KPort && (s.ports < 2 || s.ports > kMaxPorts))
    refuse("the k-port model needs 2 to " + limit_text("kMaxPorts", kMaxPorts) + " ports, not " +
           std::to_string(s.ports) + " (one-port is k = 1)");
  if (s.model != PortModel::KPort && s.ports != 1)
    refuse("ports = " + std::to_string(s.ports) + " is for the k-port model, not " +
           to_string(s.model));
  if (s.model == PortModel::Routed && n > 1 &&
      eccentricity(Csr(t), 0) == kUnreached)  // a route joins every pair
    refuse("the routed model needs a connected network, and " + t.spec() + " is not");
}

/// Step and transfer counts, transfer nodes and payload indices.
void check_steps(const Network& t, const Schedule& s) {
  if (s.steps.size() > kMaxSteps)
    refuse("schedule has " + std::to_string(s.steps.size()) + " steps, over the limit " +
           limit_text("kMaxSteps", kMaxSteps));
  const std::uint64_t n = t.num_nodes();
  std::uint64_t transfers = 0;
  for (std::uint64_t si = 0; si < s.steps.size(); ++si) {
    const auto& xs = s.steps[si].transfers;
    transfers += xs.size();
    if (transfers > kMaxTransfers)
      refuse("schedule has more than " + std::to_string(kMaxTransfers) +
             " transfers, over the limit " + limit_text("kMaxTransfers", kMaxTransfers));
    for (std::uint64_t ti = 0; ti < xs.size(); ++ti) {
      check_node(xs[ti].from, n, step_transfer(si, ti), t);
      check_node(xs[ti].to, n, step_transfer(si, ti), t);
      if (xs[ti].payload >= s.payloads.size())
        refuse(step_transfer(si, ti) + "payload index " + std::to_string(xs[ti].payload) +
               " out of range (the file has " + std::to_string(s.payloads.size()) + " payloads)");
    }
  }
}

/// Register collectives move registers: every payload is a list of moves, every index in range.
void check_register_payloads(const Schedule& s) {
  const Collective& c = s.collective;
  const std::uint64_t regs = s.registers.size();
  auto reg = [&](std::uint32_t r, const std::string& where) {
    if (r >= regs)
      refuse(where + "register " + std::to_string(r) + " out of range (the file declares " +
             std::to_string(regs) + ")");
  };
  for (std::size_t i = 0; i < s.payloads.size(); ++i) {
    const std::string where = "payload " + std::to_string(i) + ": ";
    if (s.payloads[i].moves.empty())
      refuse(where + "carries chunks, but " + with_article(c.name()) + " moves registers");
    for (const Move& m : s.payloads[i].moves) {
      reg(m.src, where);
      reg(m.dst, where);
      if (m.op == RegOp::Mul) refuse(where + "mul is a local operation, not a move");
    }
  }
  for (std::size_t si = 0; si < s.steps.size(); ++si)
    for (const LocalOp& op : s.steps[si].compute) {
      const std::string where = "step " + std::to_string(si) + " compute: ";
      reg(op.dst, where);
      reg(op.a, where);
      reg(op.b, where);
    }
}

/// A selector's ranges are lo..hi with lo <= hi: what a file may say, so what a generator makes
/// is always a file that reads back.
void check_ranges(const Selector& sel, std::size_t payload) {
  const auto ordered = [](const auto& ranges) {
    return std::all_of(ranges.begin(), ranges.end(), [](const auto& r) { return r.lo <= r.hi; });
  };
  if (!ordered(sel.dest_in) || !ordered(sel.origin_in) || !ordered(sel.acquired_in))
    refuse("payload " + std::to_string(payload) + ": a selector has a range with lo > hi");
}

/// Chunk collectives move chunks: no register parts, chunk ids in range, digits that fit.
void check_chunk_payloads(const Schedule& s) {
  const Collective& c = s.collective;
  for (std::size_t i = 0; i < s.payloads.size(); ++i)
    if (!s.payloads[i].moves.empty())
      refuse("payload " + std::to_string(i) + " moves registers, but " + with_article(c.name()) +
             " moves chunks");
  for (std::size_t i = 0; i < s.steps.size(); ++i)
    if (!s.steps[i].compute.empty())
      refuse("step " + std::to_string(i) + " computes on registers, but " + with_article(c.name()) +
             " moves chunks");
  const std::uint64_t chunks = c.num_chunks();
  for (std::size_t i = 0; i < s.payloads.size(); ++i)
    for (auto ch : s.payloads[i].chunks)
      if (ch >= chunks)
        refuse("payload " + std::to_string(i) + " names chunk " + std::to_string(ch) +
               ", but the " + c.name() + " has chunks 0.." + std::to_string(chunks - 1));
  for (std::size_t i = 0; i < s.payloads.size(); ++i)
    if (const auto& sel = s.payloads[i].select) check_ranges(*sel, i);
  (void)schedule_digits(s);  // throws when the digits or a box do not fit
}

}  // namespace

void check_structure(const Network& t, const Schedule& s) {
  check_collective(t, s);
  check_steps(t, s);
  if (s.collective.combining())
    check_register_payloads(s);
  else
    check_chunk_payloads(s);
}

}  // namespace netsched
