#pragma once
/// Every rank of a run in one process, messages handed over in memory.
///
/// Why: the rank logic (exec/rank_executor.hpp) is the same under MPI; running it in-process lets
/// the tests hold the executor to the checkers on every generator and every mutant without
/// starting MPI, and gives `netsched run --loopback` for machines without an MPI library.
#include <functional>

#include "exec/exec_plan.hpp"
#include "exec/rank_executor.hpp"
#include "exec/report.hpp"

namespace netsched::exec {

/// The chunks each transfer carried: carried[step][transfer].
using Carried = std::vector<std::vector<std::vector<std::uint64_t>>>;

/// Called on every message between its encoding and its delivery (step, transfer index, wire
/// bytes): the tests' way to corrupt a message in flight.
using Tamper = std::function<void(std::uint32_t, std::uint32_t, std::vector<std::uint8_t>&)>;

/// Runs the plan with all ranks in this process; the final buffers are checked against the
/// content function (what MPI's collective would produce from the same inputs). When `carried`
/// is given, it receives the chunks every transfer carried (selectors resolved by the senders).
/// As dataflow, InputError when the plan cannot run so (dataflow_refusal).
RunReport run_loopback(const ExecPlan& plan, ExecOptions options, Carried* carried = nullptr,
                       const Tamper& tamper = {}, Execution execution = Execution::Steps);

}  // namespace netsched::exec
