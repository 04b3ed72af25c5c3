// The shared guards of hostile input: saturating size arithmetic, the memory budget, text made
// fit for a message, and the JSON pre-scan (core/limits.hpp, core/text.hpp, core/json_text.hpp).
#include <catch2/catch.hpp>
#include <limits>
#include <stdexcept>
#include <string>

#include "core/errors.hpp"
#include "core/json_text.hpp"
#include "core/limits.hpp"
#include "core/text.hpp"

using namespace netsched;

namespace {
constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
}

TEST_CASE("size arithmetic saturates instead of wrapping") {
  CHECK(mul_sat(std::uint64_t{1} << 62, 8) == kMax);  // the wrapped value would be 0
  CHECK(mul_sat(4611686018427387904ull, 8) == kMax);
  CHECK(mul_sat(3, 5) == 15);
  CHECK(mul_sat(0, kMax) == 0);
  CHECK(add_sat(kMax, 1) == kMax);
  CHECK(add_sat(kMax - 1, 1) == kMax);
  CHECK(add_sat(2, 3) == 5);
}

TEST_CASE("limit errors and the memory budget name what and how much") {
  CHECK(std::string(limit_error("the file's node count", 7, "kX", 5).what()) ==
        "the file's node count is 7, over the limit kX = 5");
  CHECK(std::string(limit_error("the product", kMax, "kX", 5).what()) ==
        "the product is more than 2^64, over the limit kX = 5");
  set_memory_budget(parse_bytes("1M"));
  CHECK(memory_budget() == std::uint64_t{1} << 20);
  CHECK_NOTHROW(check_memory(1000, "a small thing"));
  try {
    check_memory(std::uint64_t{3} << 20, "a big thing");
    FAIL("over the budget must throw");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()) ==
          "a big thing needs about 3.1 MB, over the memory budget of 1.0 MB (--max-memory)");
  }
  set_memory_budget(0);  // the default: some fraction of the machine, never zero
  CHECK(memory_budget() > (std::uint64_t{1} << 20));
}

TEST_CASE("sizes parse with units and refuse the rest") {
  CHECK(parse_bytes("4096") == 4096);
  CHECK(parse_bytes("8G") == std::uint64_t{8} << 30);
  CHECK(parse_bytes("512M") == std::uint64_t{512} << 20);
  CHECK(parse_bytes("2k") == 2048);
  for (const char* bad : {"", "G", "0", "-1", "8X", "8GB", "99999999999999999999", "16777216T"})
    CHECK_THROWS_AS(parse_bytes(bad), InputError);
  CHECK(bytes_text(999) == "999 bytes");
  CHECK(bytes_text(2'147'483'648ull) == "2.1 GB");
  CHECK(bytes_text(kMax) == "more than 16 EB");
}

TEST_CASE("text quoted in a message is valid UTF-8, one line, and short") {
  CHECK(valid_utf8("ring") == "ring");
  CHECK(valid_utf8("\xc3") == "\xef\xbf\xbd");          // half of 'é'
  CHECK(valid_utf8("\xc3\xa9") == "\xc3\xa9");          // 'é' whole
  CHECK(valid_utf8("\xed\xa0\x80") != "\xed\xa0\x80");  // a UTF-16 surrogate
  CHECK(valid_utf8("\xc0\xaf") != "\xc0\xaf");          // an overlong '/'
  CHECK(one_line("a\nb\tc\x01", 80) == "a\\nb\\tc\\x01");
  CHECK(one_line("\xc3\xa9\xc3\xa9\xc3\xa9", 2) == "\xc3\xa9\xc3\xa9...");  // never cut inside
  CHECK(one_line("abc", 3) == "abc");
  CHECK(one_line(std::string(120'000, 'x'), 60).size() == 63);
}

TEST_CASE("a JSON text is measured before it is parsed") {
  const JsonTextSize s = scan_json_text(R"({"a": [1, 2, {"b": "[[[,,,"}], "c": []})");
  CHECK(s.depth == 3);  // brackets inside strings do not count
  CHECK(s.containers == 4);
  CHECK(s.values >= 7);
  CHECK_THROWS_WITH(check_json_text(std::string(40, '[') + std::string(40, ']'), "the file"),
                    "JSON nested deeper than the limit kMaxJsonDepth = 32");
  set_memory_budget(parse_bytes("1M"));
  std::string many = "[";
  for (int i = 0; i < 100'000; ++i) many += "{},";
  many += "{}]";
  CHECK_THROWS_WITH(check_json_text(many, "the file"), Catch::Contains("over the memory budget"));
  set_memory_budget(0);
  CHECK_NOTHROW(check_json_text(many, "the file"));
}

TEST_CASE("messages say a or an by the noun, and quote an option's value cut short") {
  CHECK(with_article("all-reduce") == "an all-reduce");
  CHECK(with_article("broadcast") == "a broadcast");
  CHECK(with_article("reduce-scatter") == "a reduce-scatter");
  CHECK(with_article("") == "a ");
  const std::string digits = "1" + std::string(309, '0');
  CHECK(quoted_value(digits).size() < 50);
  CHECK(quoted_value(digits).ends_with("..."));
  CHECK(quoted_value("12") == "12");
}
