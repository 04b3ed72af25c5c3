#pragma once
/// The spec language: small function-call expressions such as `hdn(torus(2,3,5), sn=[{0,1},{}])`.
///
///   spec  := call
///   call  := name '(' [arg {',' arg}] ')'
///   arg   := value | name '=' value
///   value := int | string | call | '[' [set {',' set}] ']'
///   set   := '{' [int {',' int}] '}'
///
/// Names are [a-z][a-z0-9_]*, ints are decimal, strings are "double-quoted" (\" and \\ stand
/// for a quote and a backslash; no control characters); blanks may stand between tokens.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/errors.hpp"

namespace netsched {

/// A spec error: the 1-based column and what was expected there.
class SpecError : public InputError {
 public:
  SpecError(std::size_t column, const std::string& what)
      : InputError("spec column " + std::to_string(column) + ": " + what), column_(column) {}
  /// 1-based column of the offending token.
  std::size_t column() const { return column_; }

 private:
  std::size_t column_;
};

struct SpecArg;

/// A parsed value: an integer, a call, or a list of integer sets.
struct SpecValue {
  enum class Kind { Int, Call, Sets, Str };
  Kind kind = Kind::Int;
  std::uint64_t number = 0;                      ///< Kind::Int
  std::string name;                              ///< Kind::Call
  std::vector<SpecArg> args;                     ///< Kind::Call
  std::vector<std::vector<std::uint64_t>> sets;  ///< Kind::Sets
  std::vector<std::size_t> set_columns;          ///< Kind::Sets: column of each set
  std::string text;                              ///< Kind::Str
  std::size_t column = 1;                        ///< where the value starts
  bool operator==(const SpecValue& o) const;
};

/// An argument: positional (empty key) or named.
struct SpecArg {
  std::string key;
  SpecValue value;
  std::size_t key_column = 0;  ///< where a named argument's key starts
  bool operator==(const SpecArg& o) const { return key == o.key && value == o.value; }
};

/// The longest spec a user types (the command line, the APIs' from_spec).
inline constexpr std::size_t kMaxSpecLength = 4096;
/// The longest spec a schedule file records: a graph a program held in memory names all its links
/// (graph(N, links=[...]), up to kMaxFileEdges of them), bounded by the file's size.
inline constexpr std::size_t kMaxRecordedSpecLength = std::size_t{1} << 28;

/// Parses a spec of at most `max_length` characters; throws SpecError naming the column on
/// malformed input.
SpecValue parse_spec(std::string_view text, std::size_t max_length = kMaxSpecLength);

/// Canonical text of a value: no blanks, except ", " before a named argument.
std::string print_spec(const SpecValue& v);

/// Whether building the spec would read a file (a `file(...)` anywhere in it): what a spec taken
/// from a foreign file (an MSCCL-IR algo's name) must not do.
bool reads_files(const SpecValue& v);

/// The path of the first `file(...)` in the spec that does not pin its content with `sha256=`,
/// if any: a spec taken from a schedule file may read only files whose content it states.
std::optional<std::string> unpinned_file(const SpecValue& v);

}  // namespace netsched
