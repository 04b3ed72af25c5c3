#pragma once
/// What a JSON text asks of the parser, counted before it runs: how deep it nests and how much
/// memory its document will take.
///
/// Why: nlohmann::json allocates per value (a 16-byte value, a heap vector or map per
/// container, vectors grown by doubling), so a 60 MB text of empty objects becomes a 1.9 GB
/// document. One linear pass over the text (outside strings) counts containers and values and
/// checks the estimate against the memory budget (core/limits.hpp) before anything is parsed.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string_view>

#include "core/errors.hpp"

namespace netsched {

/// How deeply a JSON text may nest (a schedule needs 7 levels, a graph file 3).
inline constexpr std::size_t kMaxJsonDepth = 32;

/// The counts of one pass over a JSON text.
struct JsonTextSize {
  std::size_t depth = 0;         ///< deepest nesting of [ and {
  std::uint64_t containers = 0;  ///< arrays and objects
  std::uint64_t values = 0;      ///< values and keys (an upper bound: commas and colons + 1)
  std::uint64_t bytes() const;   ///< the document's estimated memory
};

JsonTextSize scan_json_text(std::string_view text);

/// Throws InputError when `text` nests deeper than kMaxJsonDepth or its document
/// would not fit the memory budget; `what` names the text in the message ("the schedule").
void check_json_text(std::string_view text, std::string_view what);

/// The document of `text`, refusing an object that names a key twice (readers that take the
/// first and those that take the last would see two different files). Throws InputError:
/// "<what>: not valid JSON (...)", "<what>: the key 'steps' appears twice in one object".
nlohmann::json parse_json_unique_keys(std::string_view text, std::string_view what);

/// check_json_text, then the document, refusing an object that names a key twice (readers that
/// take the first and those that take the last would see two different files). Throws
/// InputError: "<what>: not valid JSON (...)", "<what>: the key 'steps' appears twice in one
/// object".
nlohmann::json parse_json_strict(std::string_view text, std::string_view what);

}  // namespace netsched
