#pragma once
/// Why: the exit code of a failure is decided by its type, not by the order of catch blocks.
/// Bad input — a spec, a file, an option, a node, a size over a named limit — is an InputError
/// (exit 2); a broken invariant inside netsched is a std::logic_error (exit 3). InputError is a
/// runtime_error and never a logic_error, so the two cannot be confused by whoever catches.
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace netsched {

/// Input the user gave that netsched refuses; its message is the one line the user sees.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A named limit as every message prints it, from the constant itself: "kMaxNodes = 268435456
/// (2^28)" (a power of two also as 2^k), so that no message retypes a limit's value.
inline std::string limit_text(std::string_view name, std::uint64_t limit) {
  std::string s = std::string(name) + " = " + std::to_string(limit);
  constexpr std::uint64_t kPlainBelow = 1024;  // 2^k adds nothing to small numbers
  if (limit >= kPlainBelow && std::has_single_bit(limit))
    s += " (2^" + std::to_string(std::countr_zero(limit)) + ")";
  return s;
}

}  // namespace netsched
