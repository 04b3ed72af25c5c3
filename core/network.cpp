// Naming nodes on the command line (core/network.hpp).
#include "core/network.hpp"

#include <cctype>
#include <stdexcept>

namespace netsched {

NodeId Network::node(std::string_view text) const {
  bool digits = !text.empty();
  for (char c : text) digits = digits && std::isdigit(static_cast<unsigned char>(c));
  if (!digits) return parse_label(text);
  if (text.size() > kMaxDecimalDigits)
    throw std::invalid_argument("node " + std::string(text) + " out of range");
  return serial_node(std::stoull(std::string(text)));
}

NodeId Network::serial_node(std::uint64_t v) const {
  if (v >= num_nodes())
    throw std::invalid_argument("node " + std::to_string(v) + " out of range 0.." +
                                std::to_string(num_nodes() - 1));
  return NodeId(static_cast<std::uint32_t>(v));
}

std::invalid_argument disconnected_error(const Network& t, NodeId from, std::uint64_t reached) {
  return std::invalid_argument("the network is disconnected: node " + t.label(from) + " reaches " +
                               std::to_string(reached) + " of " + std::to_string(t.num_nodes()) +
                               " nodes");
}

}  // namespace netsched
