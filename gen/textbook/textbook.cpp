// What the textbook generators share: an empty schedule, a schedule from per-link chunk lists,
// and the node limit check.
#include "gen/textbook/textbook.hpp"

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

}  // namespace netsched
