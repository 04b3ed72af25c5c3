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
  const std::uint64_t v = std::stoull(std::string(text));
  if (v >= num_nodes())
    throw std::invalid_argument("node " + std::string(text) + " out of range 0.." +
                                std::to_string(num_nodes() - 1));
  return NodeId(static_cast<std::uint32_t>(v));
}

}  // namespace netsched
