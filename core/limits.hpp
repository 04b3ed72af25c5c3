#pragma once
/// Limits: one way to say that an input asks for too much, and one memory budget that every
/// estimate of the work an input asks for is checked against before anything is allocated.
///
/// Why one budget: a limit per structure (nodes, links, transfers, ...) bounds each alone, but
/// a tiny input can still combine them into more memory than the machine has (a 12-byte edge
/// list naming node 10^8, a 352-byte rule file on a 16M-node torus). Every verb estimates the
/// bytes its input needs from the input and checks them here: over the budget it is refused
/// with one line naming what and how much — never the OOM killer, never "out of memory".
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/errors.hpp"

namespace netsched {

/// The largest message a cost model, a choice by size or an export takes (--bytes): 1 PiB, its
/// byte counts exact in a double's 53 bits with room for the sums of a schedule's steps.
inline constexpr std::uint64_t kMaxMessageBytes = std::uint64_t{1} << 50;

/// a*b and a+b, saturating at 2^64-1: size estimates never wrap (a wrapped product would
/// pass a limit check).
inline std::uint64_t mul_sat(std::uint64_t a, std::uint64_t b) {
  const unsigned __int128 p = static_cast<unsigned __int128>(a) * b;
  return p > std::numeric_limits<std::uint64_t>::max() ? std::numeric_limits<std::uint64_t>::max()
                                                       : static_cast<std::uint64_t>(p);
}
inline std::uint64_t add_sat(std::uint64_t a, std::uint64_t b) {
  return a > std::numeric_limits<std::uint64_t>::max() - b
             ? std::numeric_limits<std::uint64_t>::max()
             : a + b;
}

/// The error of an input over a named limit: "<what> is <value>, over the limit " +
/// limit_text(name, limit) (a saturated value reads "more than 2^64").
InputError limit_error(std::string_view what, std::uint64_t value, std::string_view name,
                       std::uint64_t limit);

/// Bytes one command may plan to use: --max-memory when given, else half the
/// smaller of the machine's physical memory and the process's address-space limit (ulimit -v).
std::uint64_t memory_budget();
/// Sets the budget (--max-memory); 0 restores the default.
void set_memory_budget(std::uint64_t bytes);
/// How the budget was set, for messages: "--max-memory" or "half ...".
std::string memory_budget_source();
/// Throws InputError when `bytes` is over memory_budget(): "<what> needs about
/// <bytes>, over the memory budget of <budget> (<source>)".
void check_memory(std::uint64_t bytes, std::string_view what);
/// "1.5 GB", "640 MB", "12 KB": a byte count for messages.
std::string bytes_text(std::uint64_t bytes);
/// "8G", "512M", "4096" (bytes): a --max-memory value; throws InputError.
std::uint64_t parse_bytes(std::string_view text);

}  // namespace netsched
