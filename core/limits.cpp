// The memory budget and limit errors (core/limits.hpp).
#include "core/limits.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <utility>

#include "core/errors.hpp"

namespace netsched {
namespace {

std::atomic<std::uint64_t> given{0};

std::uint64_t physical_memory() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), size = ::sysconf(_SC_PAGE_SIZE);
  return pages > 0 && size > 0
             ? mul_sat(static_cast<std::uint64_t>(pages), static_cast<std::uint64_t>(size))
             : std::numeric_limits<std::uint64_t>::max();
}

std::uint64_t address_space_limit() {
  rlimit r{};
  if (::getrlimit(RLIMIT_AS, &r) != 0 || r.rlim_cur == RLIM_INFINITY)
    return std::numeric_limits<std::uint64_t>::max();
  return static_cast<std::uint64_t>(r.rlim_cur);
}

}  // namespace

InputError limit_error(std::string_view what, std::uint64_t value, std::string_view name,
                       std::uint64_t limit) {
  const std::string v = value == std::numeric_limits<std::uint64_t>::max()
                            ? std::string("more than 2^64")
                            : std::to_string(value);
  return InputError(std::string(what) + " is " + v + ", over the limit " + limit_text(name, limit));
}

std::uint64_t memory_budget() {
  if (const std::uint64_t g = given.load()) return g;
  return std::min(physical_memory(), address_space_limit()) / 2;
}

void set_memory_budget(std::uint64_t bytes) { given.store(bytes); }

std::string memory_budget_source() {
  if (given.load()) return "--max-memory";
  return address_space_limit() < physical_memory()
             ? "half the address-space limit; --max-memory sets it"
             : "half this machine's memory; --max-memory sets it";
}

void check_memory(std::uint64_t bytes, std::string_view what) {
  const std::uint64_t budget = memory_budget();
  if (bytes > budget)
    throw InputError(std::string(what) + " needs about " + bytes_text(bytes) +
                     ", over the memory budget of " + bytes_text(budget) + " (" +
                     memory_budget_source() + ")");
}

std::string bytes_text(std::uint64_t bytes) {
  if (bytes == std::numeric_limits<std::uint64_t>::max()) return "more than 16 EB";
  const char* units[] = {"bytes", "KB", "MB", "GB", "TB", "PB", "EB"};
  double x = static_cast<double>(bytes);
  std::size_t u = 0;
  constexpr double kStep = 1000;
  while (x >= kStep && u + 1 < std::size(units)) x /= kStep, ++u;
  char text[32];
  std::snprintf(text, sizeof text, u == 0 ? "%.0f %s" : "%.1f %s", x, units[u]);
  return text;
}

std::uint64_t parse_bytes(std::string_view text) {
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  const std::string_view unit(end, static_cast<std::size_t>(text.data() + text.size() - end));
  constexpr std::pair<std::string_view, unsigned> kUnits[] = {
      {"", 0}, {"K", 10}, {"k", 10}, {"M", 20}, {"G", 30}, {"T", 40}};  // bytes << shift
  std::uint64_t scale = 0;
  for (const auto& [name, shift] : kUnits)
    if (unit == name) scale = std::uint64_t{1} << shift;
  if (ec != std::errc() || end == text.data() || scale == 0 || value == 0 ||
      mul_sat(value, scale) == std::numeric_limits<std::uint64_t>::max())
    throw InputError("'" + std::string(text) +
                     "' is not a size (a number of bytes, or with K, M, G or T)");
  return value * scale;
}

}  // namespace netsched
