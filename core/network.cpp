// Naming nodes on the command line (core/network.hpp).
#include "core/network.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/text.hpp"

namespace netsched {

void Network::set_spec(std::string canonical) {
  if (!spec_.empty()) throw std::logic_error("the spec of " + spec_ + " is already set");
  spec_ = std::move(canonical);
}

NodeId Network::node(std::string_view text) const {
  // what names a node is printable text: a newline, a NUL or a half character would reach the
  // messages below, which quote the text as it is
  constexpr std::size_t kLongestLabel = 4096, kShown = 60;
  if (text.size() > kLongestLabel || one_line(text, kLongestLabel) != text)
    throw InputError("node '" + one_line(text, kShown) +
                     "': a node is named by its serial id or label, printable text of at most " +
                     std::to_string(kLongestLabel) + " bytes");
  bool digits = !text.empty();
  for (char c : text) digits = digits && std::isdigit(static_cast<unsigned char>(c));
  if (!digits) return parse_label(text);
  if (text.size() > kMaxDecimalDigits)
    throw InputError("node " + std::string(text) + " out of range");
  const std::uint64_t v = std::stoull(std::string(text));
  if (v >= num_nodes() && num_nodes() > 0 && text.size() > 1 && text.front() == '0')
    // digits with a leading zero look like a label (a bit string) but read as a serial id
    throw InputError("node " + std::string(text) + " is read as the serial id " +
                     std::to_string(v) + ", out of range 0.." + std::to_string(num_nodes() - 1) +
                     "; a label is written as netsched prints it, e.g. " + label(NodeId(0)));
  return serial_node(v);
}

std::uint64_t Network::link_bound() const { return mul_sat(num_nodes(), max_degree()) / 2; }

NodeId Network::serial_node(std::uint64_t v) const {
  if (v >= num_nodes())
    throw InputError("node " + std::to_string(v) + " out of range 0.." +
                     std::to_string(num_nodes() - 1));
  return NodeId(static_cast<std::uint32_t>(v));
}

InputError disconnected_error(const Network& t, NodeId from, std::uint64_t reached) {
  return InputError("the network is disconnected: node " + t.label(from) + " reaches " +
                    std::to_string(reached) + " of " + std::to_string(t.num_nodes()) + " nodes");
}

Csr arc_csr(const Network& t) {
  if (!t.directed()) return Csr(t, 1);
  std::vector<std::vector<std::uint32_t>> out(t.num_nodes());
  std::vector<NodeId> nb;
  for (std::uint32_t u = 0; u < t.num_nodes(); ++u) {
    t.neighbors(NodeId(u), nb);
    for (const NodeId v : nb)
      if (t.has_arc(NodeId(u), v)) out[u].push_back(v.v);
  }
  return Csr(out);
}

}  // namespace netsched
