// What every engine answers, and the memory every chunk engine is held to
// (verify/check_result.hpp).
#include "verify/check_result.hpp"

#include <algorithm>
#include <array>
#include <iterator>

#include "core/enum_names.hpp"
#include "core/limits.hpp"

namespace netsched {

std::ostream& operator<<(std::ostream& os, const CheckResult& r) {
  if (r.ok()) return os << "holds (" << r.steps << " steps, payload sum " << r.payload_sum << ")";
  return os << r.verdict;
}

namespace {
constexpr std::array<EnumName<Engine>, 5> kEngineNames{{
    {Engine::Auto, "auto"},
    {Engine::Dense, "dense"},
    {Engine::Blocks, "blocks"},
    {Engine::Symmetric, "symmetric"},
    {Engine::Registers, "registers"},  // named in reports; chosen by the schedule, not by name
}};
}  // namespace

std::string to_string(Engine e) { return name_of(kEngineNames, e); }

std::optional<Engine> engine_from_name(const std::string& name) {
  const auto e = value_named(kEngineNames, name);
  if (!e || std::find(std::begin(kEngines), std::end(kEngines), *e) == std::end(kEngines))
    return std::nullopt;
  return e;
}

CheckResult figures_by_rule(CheckResult r) {
  if (!r.ok() && r.violation() && r.violation()->rule != Rule::Delivery)
    r.steps = r.payload_sum = r.transfers = 0;
  return r;
}

void check_engine_memory(std::uint64_t nodes, std::uint64_t chunks, const std::string& what) {
  const unsigned __int128 pairs = static_cast<unsigned __int128>(nodes) * chunks;
  const std::uint64_t table_words =
      static_cast<std::uint64_t>(std::min<unsigned __int128>(pairs, kDenseMaxPairs) / 64);
  check_memory(
      add_sat(mul_sat(nodes, kCheckBytesPerNode), mul_sat(table_words, sizeof(std::uint64_t))),
      "checking " + what + " on " + std::to_string(nodes) + " nodes");
}

void check_schedule_memory(const Network& t, const Schedule& s) {
  check_engine_memory(t.num_nodes(), s.collective.num_chunks(), "the " + s.collective.name());
}

}  // namespace netsched
