// All ranks of a run in one process (exec/loopback.hpp).
#include "exec/loopback.hpp"

#include <map>

namespace netsched::exec {

RunReport run_loopback(const ExecPlan& plan, ExecOptions options, Carried* carried,
                       const Tamper& tamper) {
  const Schedule& s = plan.schedule();
  std::vector<RankExecutor> ranks;
  ranks.reserve(plan.nodes());
  for (std::uint32_t v = 0; v < plan.nodes(); ++v) ranks.emplace_back(plan, NodeId(v), options);
  if (carried) carried->assign(s.steps.size(), {});
  for (std::uint32_t step = 0; step < s.steps.size(); ++step) {
    if (carried) (*carried)[step].resize(s.steps[step].transfers.size());
    std::map<std::uint32_t, std::vector<std::uint8_t>> wires;  // by transfer index
    for (RankExecutor& r : ranks)
      for (const OutMessage& msg : r.start_step(step)) {
        std::vector<std::uint8_t> wire(r.wire_bytes(msg));
        r.encode(msg, wire.data());
        if (carried) (*carried)[step][msg.transfer->index] = msg.chunks;
        if (tamper) tamper(step, msg.transfer->index, wire);
        wires[msg.transfer->index] = std::move(wire);
      }
    for (RankExecutor& r : ranks) {
      for (const PlannedTransfer& x : r.receives_of(step)) {
        const auto& wire = wires.at(x.index);
        r.accept(x, wire.data(), wire.size());
      }
      r.end_step(step);
    }
  }
  RunReport report;
  report.transport = "in-process";
  report.reference = "the content function";
  report.ranks = plan.nodes();
  report.steps = s.steps.size();
  report.chunk_bytes = options.chunk_bytes;
  report.carry_bytes = options.carry_bytes;
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
