// Text fit for messages (core/text.hpp).
#include "core/text.hpp"

#include <cstdio>

namespace netsched {
namespace {

constexpr const char* kReplacement = "\xEF\xBF\xBD";  // U+FFFD
constexpr unsigned char kContinuationLo = 0x80, kContinuationHi = 0xBF;
constexpr unsigned char kDelete = 0x7F;

/// Well-formed UTF-8 (RFC 3629, table 3-7 of the Unicode standard): a lead byte's range, the
/// sequence's length and the range of its second byte (which excludes overlong forms,
/// surrogates and code points above U+10FFFF); further bytes are 0x80..0xBF.
struct Lead {
  unsigned char lo, hi, length, second_lo, second_hi;
};
constexpr Lead kLeads[] = {
    {0x00, 0x7F, 1, 0x00, 0x00}, {0xC2, 0xDF, 2, 0x80, 0xBF}, {0xE0, 0xE0, 3, 0xA0, 0xBF},
    {0xE1, 0xEC, 3, 0x80, 0xBF}, {0xED, 0xED, 3, 0x80, 0x9F}, {0xEE, 0xEF, 3, 0x80, 0xBF},
    {0xF0, 0xF0, 4, 0x90, 0xBF}, {0xF1, 0xF3, 4, 0x80, 0xBF}, {0xF4, 0xF4, 4, 0x80, 0x8F},
};

}  // namespace

std::size_t utf8_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
  for (const Lead& lead : kLeads) {
    if (byte(0) < lead.lo || byte(0) > lead.hi) continue;
    if (i + lead.length > text.size()) return 0;
    if (lead.length > 1 && (byte(1) < lead.second_lo || byte(1) > lead.second_hi)) return 0;
    for (std::size_t k = 2; k < lead.length; ++k)
      if (byte(k) < kContinuationLo || byte(k) > kContinuationHi) return 0;
    return lead.length;
  }
  return 0;
}

std::string valid_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t len = utf8_length(text, i);
    if (len == 0) {
      out += kReplacement;
      ++i;
    } else {
      out.append(text.substr(i, len));
      i += len;
    }
  }
  return out;
}

std::string one_line(std::string_view text, std::size_t max_chars) {
  const std::string valid = valid_utf8(text);
  std::string out;
  std::size_t chars = 0;
  for (std::size_t i = 0; i < valid.size();) {
    if (chars == max_chars) {
      out += "...";
      break;
    }
    const std::size_t len = utf8_length(valid, i);
    const auto c = static_cast<unsigned char>(valid[i]);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < ' ' || c == kDelete) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      out += hex;
    } else {
      out.append(valid, i, len);
    }
    i += len;
    ++chars;
  }
  return out;
}

}  // namespace netsched
