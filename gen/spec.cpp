#include "gen/spec.hpp"

#include <algorithm>
#include <cctype>
#include <limits>

#include "core/text.hpp"

namespace netsched {

bool SpecValue::operator==(const SpecValue& o) const {
  if (kind != o.kind) return false;
  switch (kind) {
    case Kind::Int:
      return number == o.number;
    case Kind::Call:
      return name == o.name && args == o.args;
    case Kind::Sets:
      return sets == o.sets;
    case Kind::Str:
      return text == o.text;
  }
  return false;
}

namespace {

constexpr std::size_t kMaxDepth = 64;

class Parser {
 public:
  Parser(std::string_view t, std::size_t max_length) : text_(t), max_length_(max_length) {}

  SpecValue parse() {
    if (text_.size() > max_length_)
      throw SpecError(max_length_ + 1,
                      "spec longer than " + std::to_string(max_length_) + " characters");
    skip();
    if (pos_ >= text_.size()) throw SpecError(1, "empty spec, expected a network such as ring(5)");
    SpecValue v = call(0);
    skip();
    if (pos_ < text_.size()) fail("expected end of spec");
    return v;
  }

 private:
  std::string_view text_;
  std::size_t max_length_;
  std::size_t pos_ = 0;

  std::size_t column() const { return pos_ + 1; }
  void skip() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  [[noreturn]] void fail(const std::string& expected) const {
    // the character found, whole (a byte of a two-byte character is not one), fit for a message
    std::string found = "end of spec";
    if (pos_ < text_.size()) {
      const std::size_t len = std::max<std::size_t>(utf8_length(text_, pos_), 1);
      found = "'" + one_line(text_.substr(pos_, len), 1) + "'";
    }
    throw SpecError(column(), expected + ", found " + found);
  }
  bool peek(char c) {
    skip();
    return pos_ < text_.size() && text_[pos_] == c;
  }
  void expect(char c) {
    if (!peek(c)) fail(std::string("expected '") + c + "'");
    ++pos_;
  }
  bool at_name() {
    skip();
    return pos_ < text_.size() && std::islower(static_cast<unsigned char>(text_[pos_]));
  }
  std::string name() {
    skip();
    std::size_t b = pos_;
    if (!at_name()) fail("expected a name");
    while (pos_ < text_.size() &&
           (std::islower(static_cast<unsigned char>(text_[pos_])) ||
            std::isdigit(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
      ++pos_;
    return std::string(text_.substr(b, pos_ - b));
  }
  std::uint64_t integer() {
    skip();
    if (pos_ >= text_.size() || !std::isdigit(static_cast<unsigned char>(text_[pos_])))
      fail("expected a non-negative integer");
    const std::size_t col = column();
    std::uint64_t v = 0;
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
      const unsigned d = static_cast<unsigned>(text_[pos_] - '0');
      if (v > (std::numeric_limits<std::uint64_t>::max() - d) / 10)
        throw SpecError(col, "integer does not fit in 64 bits");
      v = v * 10 + d;
      ++pos_;
    }
    return v;
  }
  SpecValue call(std::size_t depth) {
    if (depth > kMaxDepth) fail("spec nested deeper than 64 calls");
    SpecValue v;
    v.kind = SpecValue::Kind::Call;
    skip();
    v.column = column();
    v.name = name();
    expect('(');
    if (!peek(')')) {
      do {
        v.args.push_back(argument(depth));
      } while (peek(',') && (++pos_, true));
    }
    expect(')');
    return v;
  }
  SpecArg argument(std::size_t depth) {
    SpecArg a;
    skip();
    const std::size_t save = pos_;
    if (at_name()) {
      const std::size_t key_column = column();
      std::string n = name();
      if (peek('=')) {
        ++pos_;
        a.key = n;
        a.key_column = key_column;
        a.value = value(depth);
        return a;
      }
      pos_ = save;
    }
    a.value = value(depth);
    return a;
  }
  SpecValue value(std::size_t depth) {
    skip();
    if (peek('[')) return sets();
    if (peek('"')) return string();
    if (at_name()) return call(depth + 1);
    SpecValue v;
    v.kind = SpecValue::Kind::Int;
    v.column = column();
    v.number = integer();
    return v;
  }
  SpecValue string() {
    SpecValue v;
    v.kind = SpecValue::Kind::Str;
    v.column = column();
    expect('"');
    while (pos_ < text_.size() && text_[pos_] != '"') {
      if (static_cast<unsigned char>(text_[pos_]) < ' ')
        fail("expected no control character in a string");
      if (text_[pos_] == '\\') {
        ++pos_;
        if (pos_ >= text_.size() || (text_[pos_] != '"' && text_[pos_] != '\\'))
          fail("expected \\\" or \\\\ after a backslash");
      }
      v.text += text_[pos_++];
    }
    if (pos_ >= text_.size()) fail("expected '\"' closing the string");
    ++pos_;
    if (valid_utf8(v.text) != v.text) throw SpecError(v.column, "the string is not UTF-8 text");
    return v;
  }
  SpecValue sets() {
    SpecValue v;
    v.kind = SpecValue::Kind::Sets;
    v.column = column();
    expect('[');
    if (!peek(']')) {
      do {
        skip();
        v.set_columns.push_back(column());
        expect('{');
        std::vector<std::uint64_t> s;
        if (!peek('}')) {
          do {
            s.push_back(integer());
          } while (peek(',') && (++pos_, true));
        }
        expect('}');
        v.sets.push_back(std::move(s));
      } while (peek(',') && (++pos_, true));
    }
    expect(']');
    return v;
  }
};

}  // namespace

SpecValue parse_spec(std::string_view text, std::size_t max_length) {
  return Parser(text, max_length).parse();
}

std::string print_spec(const SpecValue& v) {
  switch (v.kind) {
    case SpecValue::Kind::Int:
      return std::to_string(v.number);
    case SpecValue::Kind::Call: {
      std::string s = v.name + "(";
      for (std::size_t i = 0; i < v.args.size(); ++i) {
        if (i) s += v.args[i].key.empty() ? "," : ", ";
        if (!v.args[i].key.empty()) s += v.args[i].key + "=";
        s += print_spec(v.args[i].value);
      }
      return s + ")";
    }
    case SpecValue::Kind::Str: {
      std::string s = "\"";
      for (char c : v.text)
        s += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
      return s + "\"";
    }
    case SpecValue::Kind::Sets: {
      std::string s = "[";
      for (std::size_t i = 0; i < v.sets.size(); ++i) {
        if (i) s += ",";
        s += "{";
        for (std::size_t j = 0; j < v.sets[i].size(); ++j) {
          if (j) s += ",";
          s += std::to_string(v.sets[i][j]);
        }
        s += "}";
      }
      return s + "]";
    }
  }
  return {};
}

bool reads_files(const SpecValue& v) {
  if (v.kind == SpecValue::Kind::Str || (v.kind == SpecValue::Kind::Call && v.name == "file"))
    return true;
  return std::any_of(v.args.begin(), v.args.end(),
                     [](const SpecArg& a) { return reads_files(a.value); });
}

std::optional<std::string> unpinned_file(const SpecValue& v) {
  if (v.kind == SpecValue::Kind::Call && v.name == "file") {
    const bool pinned = std::any_of(v.args.begin(), v.args.end(),
                                    [](const SpecArg& a) { return a.key == "sha256"; });
    if (!pinned) return v.args.empty() ? std::string() : v.args.front().value.text;
  }
  for (const SpecArg& a : v.args)
    if (auto path = unpinned_file(a.value)) return path;
  return std::nullopt;
}

}  // namespace netsched
