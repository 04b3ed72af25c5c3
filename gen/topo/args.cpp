#include "gen/topo/args.hpp"

#include <algorithm>

namespace netsched {

std::size_t Args::count() const {
  std::size_t c = 0;
  for (const auto& a : call_.args) c += a.key.empty();
  return c;
}

void Args::expect_count(std::size_t lo, std::size_t hi, const std::string& form,
                        const std::vector<std::string>& named_keys) const {
  std::vector<std::string> seen;
  for (const auto& a : call_.args) {
    if (a.key.empty()) continue;
    if (std::find(named_keys.begin(), named_keys.end(), a.key) == named_keys.end())
      throw SpecError(a.key_column,
                      call_.name + ": unknown argument '" + a.key + "' (expected " + form + ")");
    if (std::find(seen.begin(), seen.end(), a.key) != seen.end())
      throw SpecError(a.key_column, call_.name + ": argument '" + a.key + "' given twice");
    seen.push_back(a.key);
  }
  const std::size_t c = count();
  if (c < lo || c > hi)
    throw SpecError(call_.column, call_.name + ": expected " + form + ", got " + std::to_string(c) +
                                      " argument" + (c == 1 ? "" : "s"));
}

const SpecValue& Args::positional(std::size_t i) const {
  std::size_t c = 0;
  for (const auto& a : call_.args)
    if (a.key.empty() && c++ == i) return a.value;
  throw SpecError(call_.column, call_.name + ": missing argument " + std::to_string(i + 1));
}

std::uint64_t Args::integer(std::size_t i, std::uint64_t lo, std::uint64_t hi,
                            const std::string& what) const {
  const SpecValue& v = positional(i);
  if (v.kind != SpecValue::Kind::Int)
    throw SpecError(v.column, call_.name + ": " + what + " must be an integer");
  if (v.number < lo || v.number > hi)
    throw SpecError(v.column, call_.name + ": " + what + " must be between " + std::to_string(lo) +
                                  " and " + std::to_string(hi) + ", got " +
                                  std::to_string(v.number));
  return v.number;
}

const SpecValue& Args::network(std::size_t i, const std::string& what) const {
  const SpecValue& v = positional(i);
  if (v.kind != SpecValue::Kind::Call)
    throw SpecError(v.column, call_.name + ": " + what + " must be a network such as ring(5)");
  return v;
}

const SpecValue* Args::named(const std::string& key) const {
  for (const auto& a : call_.args)
    if (a.key == key) return &a.value;
  return nullptr;
}

}  // namespace netsched
