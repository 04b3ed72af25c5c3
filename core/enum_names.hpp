#pragma once
/// Why: an enum's names are one table read both ways (value -> name for output, name -> value
/// for input), so the two directions cannot drift apart and a new value is one new row.
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace netsched {

/// One value of an enum and its name.
template <class E>
struct EnumName {
  E value;
  std::string_view name;
};

/// The name of `v` in `table`, "?" for a value without a row.
template <class E, std::size_t N>
std::string name_of(const std::array<EnumName<E>, N>& table, E v) {
  for (const auto& row : table)
    if (row.value == v) return std::string(row.name);
  return "?";
}

/// The value named `name` in `table`, or nullopt.
template <class E, std::size_t N>
std::optional<E> value_named(const std::array<EnumName<E>, N>& table, std::string_view name) {
  for (const auto& row : table)
    if (row.name == name) return row.value;
  return std::nullopt;
}

}  // namespace netsched
