// All ranks of a run in one process (exec/loopback.hpp).
#include "exec/loopback.hpp"

#include <map>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/errors.hpp"

namespace netsched::exec {

namespace {

using Wires = std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<std::uint8_t>>;

/// Encodes msg (step, transfer index) into `wires`, recording what it carried and letting the
/// tests tamper with it.
void post(const RankExecutor& r, const OutMessage& msg, Wires& wires, Carried* carried,
          const Tamper& tamper) {
  const PlannedTransfer& x = *msg.transfer;
  std::vector<std::uint8_t> wire(r.wire_bytes(msg));
  r.encode(msg, wire.data());
  if (carried) (*carried)[x.step][x.index] = msg.chunks;
  if (tamper) tamper(x.step, x.index, wire);
  wires[{x.step, x.index}] = std::move(wire);
}

void run_steps(const ExecPlan& plan, std::vector<RankExecutor>& ranks, Carried* carried,
               const Tamper& tamper) {
  for (std::uint32_t step = 0; step < plan.schedule().steps.size(); ++step) {
    Wires wires;
    for (RankExecutor& r : ranks)
      for (const OutMessage& msg : r.start_step(step)) post(r, msg, wires, carried, tamper);
    for (RankExecutor& r : ranks) {
      for (const PlannedTransfer& x : r.receives_of(step)) {
        const auto& wire = wires.at({step, x.index});
        r.accept(x, wire.data(), wire.size());
      }
      r.end_step(step);
    }
  }
}

/// Dataflow in rounds: every rank sends what it may, then takes in what has come, latest step
/// first (so messages arrive out of step order, as they may under MPI), until nothing is left.
void run_dataflow(std::vector<RankExecutor>& ranks, Carried* carried, const Tamper& tamper) {
  Wires wires;
  std::vector<std::vector<PlannedTransfer>> waiting(ranks.size());
  for (RankExecutor& r : ranks) {
    const auto all = r.receives();
    waiting[r.me().v].assign(all.rbegin(), all.rend());
  }
  for (bool moved = true; moved;) {
    moved = false;
    for (RankExecutor& r : ranks)
      for (const OutMessage& msg : r.sendable()) {
        post(r, msg, wires, carried, tamper);
        r.sent(*msg.transfer);
        moved = true;
      }
    for (RankExecutor& r : ranks)
      std::erase_if(waiting[r.me().v], [&](const PlannedTransfer& x) {
        const auto wire = wires.find({x.step, x.index});
        if (wire == wires.end()) return false;
        r.deliver(x, wire->second.data(), wire->second.size());
        return moved = true;
      });
  }
  for (const RankExecutor& r : ranks)
    if (r.sends_left() || !waiting[r.me().v].empty())
      throw std::logic_error("dataflow stopped with rank " + std::to_string(r.me().v) +
                             "'s transfers left");
}

}  // namespace

RunReport run_loopback(const ExecPlan& plan, ExecOptions options, Carried* carried,
                       const Tamper& tamper, Execution execution) {
  const Schedule& s = plan.schedule();
  if (execution == Execution::Dataflow)
    if (const std::string why = dataflow_refusal(plan); !why.empty())
      throw InputError("cannot run as dataflow: " + why);
  std::vector<RankExecutor> ranks;
  ranks.reserve(plan.nodes());
  for (std::uint32_t v = 0; v < plan.nodes(); ++v) ranks.emplace_back(plan, NodeId(v), options);
  if (carried) {
    carried->assign(s.steps.size(), {});
    for (std::size_t k = 0; k < s.steps.size(); ++k)
      (*carried)[k].resize(s.steps[k].transfers.size());
  }
  if (execution == Execution::Dataflow)
    run_dataflow(ranks, carried, tamper);
  else
    run_steps(plan, ranks, carried, tamper);
  RunReport report;
  report.transport = "in-process";
  report.reference = s.collective.combining() ? "the formula" : "the content function";
  if (s.collective.combining()) report.register_values_checked = options.shared_registers.empty();
  report.ranks = plan.nodes();
  report.steps = s.steps.size();
  report.chunk_bytes = options.chunk_bytes;
  report.carry_bytes = options.carry_bytes;
  report.execution = execution == Execution::Dataflow ? "dataflow" : "steps";
  report.collective = s.collective.name();
  report.algorithm = s.algorithm;
  report.topology = s.topology;
  for (RankExecutor& r : ranks) {
    r.final_check(nullptr);
    report.results.push_back(rank_result(r, 0));
  }
  return report;
}

}  // namespace netsched::exec
