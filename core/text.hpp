#pragma once
/// Text the input controls, made fit for a message: one line, valid UTF-8, of a bounded length.
///
/// Why: a message quotes what the user gave (a spec, a path, a label from a graph file) and
/// must still be one line, valid UTF-8 for every JSON writer, and short — a GraphML id holding a
/// newline, a spec cut inside a two-byte character or a 120 KB label must not break any of that.
#include <cstddef>
#include <string>
#include <string_view>

namespace netsched {

/// The length of the well-formed UTF-8 character starting at text[i], or 0 when none does.
std::size_t utf8_length(std::string_view text, std::size_t i);

/// `text` with every byte sequence that is not UTF-8 replaced by U+FFFD.
std::string valid_utf8(std::string_view text);

/// valid_utf8(text) with control characters escaped (a newline as "\n", others as "\xNN") and
/// cut to at most `max_chars` characters (never inside one), "..." marking a cut.
std::string one_line(std::string_view text, std::size_t max_chars);

/// "a broadcast", "an all-reduce": the noun with its indefinite article (by its first letter).
inline std::string with_article(std::string_view noun) {
  const bool vowel =
      !noun.empty() && std::string_view("aeiouAEIOU").find(noun.front()) != std::string_view::npos;
  return (vowel ? "an " : "a ") + std::string(noun);
}

/// The most characters of an option's value a message quotes (a 310-digit number is cut).
inline constexpr std::size_t kQuotedValueChars = 40;
/// one_line(text, kQuotedValueChars): an option's value as a message quotes it.
inline std::string quoted_value(std::string_view text) { return one_line(text, kQuotedValueChars); }

}  // namespace netsched
