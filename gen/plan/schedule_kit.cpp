// What every generator's schedule is made of (gen/plan/schedule_kit.hpp): an empty schedule, a
// schedule from per-link chunk lists, and the node, piece and register limit checks.

#include "gen/plan/schedule_kit.hpp"

#include <algorithm>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/schedule_io.hpp"

namespace netsched {

Schedule textbook_schedule(const Network& t, Collective collective, PortModel model,
                           const char* algorithm) {
  Schedule s;
  s.topology = t.spec();
  s.collective = std::move(collective);
  s.model = model;
  s.algorithm = algorithm;
  return s;
}

Schedule link_chunk_schedule(const Network& t, Collective collective, PortModel model,
                             const char* algorithm, LinkChunks& steps) {
  Schedule s = textbook_schedule(t, std::move(collective), model, algorithm);
  PayloadInterner payloads(s.payloads);
  for (auto& step : steps) {
    Step st;
    st.transfers.reserve(step.size());
    for (auto& [key, chunks] : step)
      st.transfers.push_back({NodeId(static_cast<std::uint32_t>(key >> 32)),
                              NodeId(static_cast<std::uint32_t>(key)),  // the low 32 bits
                              payloads.add(Payload::of_chunks(std::move(chunks)))});
    step.clear();  // the lists go as their transfers are made
    s.steps.push_back(std::move(st));
  }
  return s;
}

void check_nodes(const Network& t, const char* what, std::uint64_t limit, const char* limit_name) {
  if (t.num_nodes() > limit)
    throw InputError(std::string(what) + ": " + std::to_string(t.num_nodes()) +
                     " nodes, over the limit " + limit_text(limit_name, limit));
}

void check_pieces(const char* what, std::uint32_t pieces, std::uint32_t limit,
                  const char* limit_name) {
  if (pieces == 0 || pieces > limit)
    throw InputError(std::string(what) + ": pieces must be 1.." + std::to_string(limit) + " (" +
                     limit_name + "), got " + std::to_string(pieces));
}

void check_tree_registers(const Network& t, std::uint64_t registers, const char* what) {
  check_nodes(t, what, kTreeRegistersMaxNodes, "kTreeRegistersMaxNodes");
  if (registers > kMaxRegisters)  // a move names its registers in 16 bits
    throw limit_error(std::string(what) + " on " + t.spec() + ": the registers a node", registers,
                      "kMaxRegisters", kMaxRegisters);
  check_memory(mul_sat(mul_sat(t.num_nodes(), registers), kTreeRegisterBytes),
               std::string(what) + " on " + t.spec() + " with " + std::to_string(registers) +
                   " registers a node");
}

void normalize(std::vector<IdRange>& r) {
  std::sort(r.begin(), r.end(), [](const IdRange& a, const IdRange& b) { return a.lo < b.lo; });
  std::vector<IdRange> out;
  for (const auto& x : r) {
    if (!out.empty() && static_cast<std::uint64_t>(out.back().hi) + 1 >= x.lo)
      out.back().hi = std::max(out.back().hi, x.hi);
    else
      out.push_back(x);
  }
  r = std::move(out);
}

void add_selector_transfer(Schedule& s, std::size_t step, std::uint32_t from, std::uint32_t to,
                           Selector sel) {
  if (s.steps.size() <= step) s.steps.resize(step + 1);
  Payload p;
  p.select = std::move(sel);
  // Consecutive transfers often share a payload; look back a little before adding one.
  std::uint32_t index = static_cast<std::uint32_t>(s.payloads.size());
  for (std::size_t i = s.payloads.size(), seen = 0; i-- > 0 && seen < 8; ++seen)
    if (s.payloads[i] == p) {
      index = static_cast<std::uint32_t>(i);
      break;
    }
  if (index == s.payloads.size()) s.payloads.push_back(std::move(p));
  s.steps[step].transfers.push_back({NodeId(from), NodeId(to), index});
}

}  // namespace netsched
