// Hypercube emulation on RHS(l_r,...,l_1,Q_k) with single-dimension communication (RHFC paper
// §5.3, Theorem 5.1). The serial id of an RHS node is its pk-bit address, p = prod l_i: at
// depth i the address is l_i digits of radix M_i = 2^(k l_1...l_(i-1)) (M_1 = 2^k), the lowest
// being the depth-(i-1) address. Hypercube dimension i_a = (a_r,...,a_1,a_0) in the mixed
// radix (l_r,...,l_1,k) is bit a_0 of the nucleus digit reached by taking digit a_i + 1 at
// every depth i. Every node's datum goes to its neighbour across i_a by: for i = r..1 with
// a_i != 0 a swap over the depth-i level-(a_i + 1) links (digit a_i + 1 <-> digit 1), the
// nucleus dimension-a_0 link, then the same swaps in reverse: 2|S_a| + 1 steps, one dimension
// per step. A datum whose swap would be a self-loop (the two digits equal) stays put.
#include <functional>
#include <stdexcept>

#include "core/errors.hpp"
#include "gen/cube_dimension/cube_dimension.hpp"
#include "gen/topo/hsn.hpp"
#include "gen/topo/product.hpp"

namespace netsched {

Schedule rhs_cube_dimension(const Hsn& rhs, std::uint64_t dimension) {
  const Network& t = rhs;
  const Hsn* h = &rhs;
  const auto* cube = network_as<Product>(h->innermost());
  if (!cube || !cube->is_hypercube())
    throw InputError("hypercube emulation needs an RHS over a hypercube nucleus, not " + t.spec());
  const auto counts = h->level_counts();  // l_r, ..., l_1
  const std::uint64_t n = t.num_nodes();
  const std::uint32_t k = ceil_log2(h->innermost().num_nodes());
  const std::uint32_t r = static_cast<std::uint32_t>(counts.size());
  std::uint64_t bits = k;
  for (auto l : counts) bits *= l;
  if (dimension >= bits)
    throw InputError("dimension " + std::to_string(dimension) + " out of range: " + t.spec() +
                     " emulates a " + std::to_string(bits) + "-cube");
  // mixed radix digits a_0 (radix k), a_1 (radix l_1), ..., a_r (radix l_r); digit bits M_i
  std::vector<std::uint64_t> a(r + 1), digit_bits(r + 1);
  std::uint64_t rest = dimension, width = k;
  a[0] = rest % k;
  rest /= k;
  for (std::uint32_t i = 1; i <= r; ++i) {
    const std::uint32_t li = counts[r - i];
    a[i] = rest % li;
    rest /= li;
    digit_bits[i] = width;  // log2 M_i
    width *= li;
  }
  // The node maps of the steps, as functions of the id.
  std::vector<std::function<std::uint64_t(std::uint64_t)>> maps;
  auto swap = [&](std::uint32_t depth, std::uint64_t level) {
    const std::uint64_t w = digit_bits[depth], mask = (std::uint64_t{1} << w) - 1;
    return [w, mask, level](std::uint64_t v) {
      const std::uint64_t shift = w * (level - 1);
      const std::uint64_t dj = v >> shift & mask, d1 = v & mask;
      return (v & ~(mask << shift) & ~mask) | (d1 << shift) | dj;
    };
  };
  for (std::uint32_t i = r; i >= 1; --i)
    if (a[i] != 0) maps.push_back(swap(i, a[i] + 1));
  const std::uint64_t flip = std::uint64_t{1} << a[0];
  maps.push_back([flip](std::uint64_t v) { return v ^ flip; });
  for (std::uint32_t i = 1; i <= r; ++i)
    if (a[i] != 0) maps.push_back(swap(i, a[i] + 1));

  Schedule s;
  s.topology = t.spec();
  s.model = PortModel::SingleDimension;
  s.algorithm = "rhs-emulation";
  std::vector<std::vector<NodeId>> groups;
  for (std::uint64_t v = 0; v < n; ++v)
    groups.push_back({NodeId(static_cast<std::uint32_t>(v)),
                      NodeId(static_cast<std::uint32_t>(v ^ (std::uint64_t{1} << dimension)))});
  s.collective = Collective::multicast(n, std::move(groups));
  for (std::uint64_t v = 0; v < n; ++v) s.payloads.push_back(Payload::of_chunks({v}));
  std::vector<std::uint64_t> at(n);  // where chunk v is
  for (std::uint64_t v = 0; v < n; ++v) at[v] = v;
  for (const auto& f : maps) {
    Step st;
    for (std::uint64_t v = 0; v < n; ++v) {
      const std::uint64_t to = f(at[v]);
      if (to == at[v]) continue;
      st.transfers.push_back({NodeId(static_cast<std::uint32_t>(at[v])),
                              NodeId(static_cast<std::uint32_t>(to)),
                              static_cast<std::uint32_t>(v)});
      at[v] = to;
    }
    s.steps.push_back(std::move(st));
  }
  return s;
}

}  // namespace netsched
