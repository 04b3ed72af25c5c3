// The JSON text scan (core/json_text.hpp).
#include "core/json_text.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/text.hpp"

namespace netsched {
namespace {

constexpr std::size_t kQuotedKeyChars = 40;

/// Measured with nlohmann::json 3.11 on 60 MB texts (peak RSS per item): a scalar in a
/// growing array 34 B (16 B value, capacity doubling, the old block alive while it is copied),
/// an empty array 66 B, an empty object 97 B with its key slot. Rounded up.
constexpr std::uint64_t kBytesPerJsonValue = 40;
constexpr std::uint64_t kBytesPerJsonContainer = 64;

}  // namespace

std::uint64_t JsonTextSize::bytes() const {
  return add_sat(mul_sat(values, kBytesPerJsonValue), mul_sat(containers, kBytesPerJsonContainer));
}

JsonTextSize scan_json_text(std::string_view text) {
  JsonTextSize s;
  s.values = 1;
  std::size_t depth = 0;
  bool in_string = false, escaped = false;
  for (char ch : text) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (ch == '\\')
        escaped = true;
      else if (ch == '"')
        in_string = false;
    } else if (ch == '"') {
      in_string = true;
    } else if (ch == '[' || ch == '{') {
      s.depth = std::max(s.depth, ++depth);
      ++s.containers;
    } else if ((ch == ']' || ch == '}') && depth > 0) {
      --depth;
    } else if (ch == ',' || ch == ':') {
      ++s.values;
    }
  }
  return s;
}

void check_json_text(std::string_view text, std::string_view what) {
  const JsonTextSize s = scan_json_text(text);
  if (s.depth > kMaxJsonDepth)
    throw InputError("JSON nested deeper than the limit " +
                     limit_text("kMaxJsonDepth", kMaxJsonDepth));
  check_memory(add_sat(text.size(), s.bytes()), "parsing " + std::string(what));
}

nlohmann::json parse_json_strict(std::string_view text, std::string_view what) {
  check_json_text(text, what);
  return parse_json_unique_keys(text, what);
}

nlohmann::json parse_json_unique_keys(std::string_view text, std::string_view what) {
  std::vector<std::vector<std::string>> keys;  // the keys seen, per open object
  std::string twice;
  const auto callback = [&](int /*depth*/, nlohmann::json::parse_event_t event,
                            nlohmann::json& parsed) {
    using E = nlohmann::json::parse_event_t;
    if (event == E::object_start) keys.emplace_back();
    if (event == E::object_end && !keys.empty()) keys.pop_back();
    if (event == E::key && !keys.empty() && twice.empty()) {
      const std::string k = parsed.get<std::string>();
      if (std::find(keys.back().begin(), keys.back().end(), k) != keys.back().end()) twice = k;
      keys.back().push_back(k);
    }
    return true;
  };
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text.begin(), text.end(), callback);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(std::string(what) + ": not valid JSON (" + e.what() + ")");
  }
  if (!twice.empty())
    throw InputError(std::string(what) + ": the key '" + one_line(twice, kQuotedKeyChars) +
                     "' appears twice in one object");
  return j;
}

}  // namespace netsched
