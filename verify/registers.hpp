#pragma once
/// Combining schedules (all-reduce, prefix, matmul): registers of semigroup values.
///
/// The checker simulates symbolically: a register holds the set of terms it has combined — an
/// input x_v, or for matmul an input A_ij, B_ij or a product A_ik B_kj — so a result is right
/// only if it combines exactly the required terms, each once (an input combined twice is a
/// "double-count" violation even where the sum would happen to come out right). The semigroup
/// is taken to be commutative (+, x, max, min, and, or — the papers' examples).
///
/// `evaluate_registers` runs the same schedule on numbers (wrapping 64-bit + and x): a second,
/// plain interpreter for tests and worked examples (the dualcube paper's Fig. 4).
#include <cstdint>
#include <functional>
#include <vector>

#include "core/errors.hpp"
#include "core/network.hpp"
#include "core/schedule.hpp"
#include "verify/check_result.hpp"

namespace netsched {

/// Registers whose values never meet (no move or local operation puts one's value into the
/// other) are checked apart, in batches of whole groups of at most this many node-register cells:
/// a reduce-scatter's N registers a node, each moved only into itself, need N x N cells at once
/// no more.
inline constexpr std::uint64_t kRegisterCellsPerPass = std::uint64_t{1} << 22;
/// How many batches are checked at once (their memory, not the cores, sets it), and the memory
/// a node-register cell of a batch is taken to need, checked against the budget before any
/// batch is allocated: at the peak of hypercube(10)'s packed-trees reduce-scatter (one batch of
/// 2^20 cells) valgrind's massif counted 122 bytes a cell (the cell 40, its intervals 74, the
/// step's writes 8); 180 leaves room for values of more intervals.
inline constexpr unsigned kRegisterPassWorkers = 2;
inline constexpr std::uint64_t kRegisterCellBytes = 180;
/// The largest group of registers that meet the checker holds: nodes x registers (each a set of
/// terms).
inline constexpr std::uint64_t kMaxRegisterCells = std::uint64_t{1} << 28;
/// The most node-register cells the checker sets up and checks over all its batches (nodes x
/// registers): each batch walks every step, so the sum, not one group, sets the work (about a
/// minute at 2^31).
inline constexpr std::uint64_t kMaxRegisterTotalCells = std::uint64_t{1} << 31;

/// An empty register holds the padding value of the papers (the identity: 0 for +, infinity
/// for min); sending or combining it is allowed and adds no term.
/// Rules beyond the transfer rules: "double-count", "write-conflict" (a register set twice, or set
/// and combined, in one step), "degree" (a product of a product), "result" (a final register
/// differs from the required one). Called by simulate() for combining collectives.
/// `cells_per_pass`: the batches' size (tests check that any size gives one pass's verdict).
CheckResult simulate_registers(const Network& t, const Schedule& s,
                               std::uint64_t cells_per_pass = kRegisterCellsPerPass);

/// The registers a combining collective requires: all-reduce and prefix 2 (input, result; a
/// vector all-reduce 2 a piece), matmul 3 (A, B, C), reduce-scatter one a block and piece.
std::uint32_t required_registers(const Collective& c);

/// Numbers per node and register: values[v][r].
using RegisterFile = std::vector<std::vector<std::int64_t>>;

/// The initial registers of `s` (every register 0 except the collective's inputs): all-reduce
/// and prefix take input[v] into register 0 of v (a vector all-reduce of p pieces input[v*p+k]
/// into register k); matmul takes input[i*m+j] = A_ij and
/// input[m*m + i*m+j] = B_ij into registers 0 and 1 of home[i*m+j]; reduce-scatter takes
/// input[v*R + b] into register b of v (R = nodes x pieces registers).
RegisterFile initial_registers(const Schedule& s, const std::vector<std::int64_t>& input);

/// Runs `s` on numbers from `init`; `after_step(step, registers)` is called after each step.
/// Assumes nothing about validity beyond index ranges (InputError otherwise).
RegisterFile evaluate_registers(
    const Schedule& s, RegisterFile init,
    const std::function<void(std::size_t, const RegisterFile&)>& after_step = {});

}  // namespace netsched
