#pragma once
// The figures docs/ quotes from a test's own run, held to that run: a test that measures
// something the docs report checks that the docs say what it measured.
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

namespace netsched::test {

/// n with thousands separators, as the docs print numbers ("7,300").
inline std::string thousands(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

/// A file of the source tree, whole, with its lines joined by spaces (docs wrap sentences).
inline std::string doc_text(const std::string& relative) {
  std::ifstream in(std::string(NETSCHED_SOURCE_DIR) + "/" + relative);
  std::stringstream s;
  s << in.rdbuf();
  std::string text = s.str();
  for (char& c : text)
    if (c == '\n') c = ' ';
  std::string squeezed;
  for (char c : text)
    if (c != ' ' || squeezed.empty() || squeezed.back() != ' ') squeezed += c;
  return squeezed;
}

}  // namespace netsched::test
