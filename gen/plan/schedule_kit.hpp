#pragma once
/// What every generator's schedule is made of: an empty schedule, one from per-link chunk lists,
/// and the node, piece and register limits the generators check before they build.
#include <cstdint>
#include <map>
#include <vector>

#include "core/errors.hpp"
#include "core/network.hpp"
#include "core/schedule.hpp"

namespace netsched {

/// An empty schedule of `collective` on t by `algorithm` under `model`.
Schedule textbook_schedule(const Network& t, Collective collective, PortModel model,
                           const char* algorithm);

/// A chunk schedule whose step k carries, on each directed link (from << 32 | to), the chunks
/// steps[k] lists; equal lists share a payload. The lists are emptied as the steps are made.
using LinkChunks = std::vector<std::map<std::uint64_t, std::vector<std::uint64_t>>>;

Schedule link_chunk_schedule(const Network& t, Collective collective, PortModel model,
                             const char* algorithm, LinkChunks& steps);

/// Throws InputError when t has more than `limit` nodes (named `limit_name`) for `what`.
void check_nodes(const Network& t, const char* what, std::uint64_t limit, const char* limit_name);

/// Throws InputError unless 1 <= pieces <= `limit` (named `limit_name`) for `what`.
void check_pieces(const char* what, std::uint32_t pieces, std::uint32_t limit,
                  const char* limit_name);

/// The most nodes recursive halving and the ring reduce-scatter take (N registers per node,
/// N^2 / 2 register moves in all).
inline constexpr std::uint64_t kReduceScatterMaxNodes = 1024;

/// The most nodes a reduce-scatter or all-reduce along given trees takes (the packed trees on
/// products: their N registers a node, each moved only into itself, are checked a batch at a
/// time, verify/registers.hpp, whose memory the checker checks), and the memory the generator
/// is held to a node and register: the trees, the moves and the transfers. Measured
/// (bench/README.md item 22): hypercube(14)'s reduce-scatter (16,384 registers a node) peaked at
/// 5.9 GB and its all-reduce (32,768) at 8.9 GB, the check's batches included: less the
/// batches' estimate (1.5 GB), 16 and 14 bytes a node and register.
inline constexpr std::uint64_t kTreeRegistersMaxNodes = 16384;

inline constexpr std::uint64_t kTreeRegisterBytes = 20;

/// InputError when a register schedule along trees on t with `registers` a node is over
/// kTreeRegistersMaxNodes or kMaxRegisters, or its memory (kTreeRegisterBytes a node and register)
/// over the budget (the checker checks its own).
void check_tree_registers(const Network& t, std::uint64_t registers, const char* what);

/// Sorts and merges ranges in place.
void normalize(std::vector<IdRange>& r);

/// Adds transfer `from -> to` with a selector payload to step `step` of `s` (steps are created
/// as needed; equal payloads are shared).
void add_selector_transfer(Schedule& s, std::size_t step, std::uint32_t from, std::uint32_t to,
                           Selector sel);

}  // namespace netsched
