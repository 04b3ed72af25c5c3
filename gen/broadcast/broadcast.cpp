#include "gen/broadcast/broadcast.hpp"

#include <algorithm>
#include <stdexcept>

#include "gen/topo/dualcube.hpp"
#include "gen/topo/hdn.hpp"
#include "gen/topo/hsn.hpp"
#include "gen/topo/mfc.hpp"
#include "gen/topo/product.hpp"

namespace netsched {

std::vector<std::string> broadcast_names(const Network& t) {
  std::vector<std::string> names;
  if (dynamic_cast<const Hdn*>(&t)) names.push_back("hdn-broadcast");
  if (const auto* p = dynamic_cast<const Product*>(&t))
    names.push_back(p->family() == "hypercube" ? "binomial-tree" : "product-broadcast");
  if (dynamic_cast<const Dualcube*>(&t)) names.push_back("dualcube-broadcast");
  if (dynamic_cast<const Mfc*>(&t) || dynamic_cast<const Hsn*>(&t))
    names.push_back("rhfc-broadcast");
  names.push_back("greedy");
  return names;
}

Rounds broadcast_rounds(const Network& t, std::uint32_t root, const std::string& algorithm) {
  const auto names = broadcast_names(t);
  const std::string a = choose_algorithm(names, algorithm, "broadcast", t);
  if (root >= t.num_nodes())
    throw std::invalid_argument("root " + std::to_string(root) + " out of range 0.." +
                                std::to_string(t.num_nodes() - 1));
  if (a == "hdn-broadcast") return hdn_broadcast(t, root);
  if (a == "product-broadcast" || a == "binomial-tree") {
    const auto& p = dynamic_cast<const Product&>(t);
    std::vector<std::uint32_t> dims;
    for (std::uint32_t d = 0; d < p.dims(); ++d) dims.push_back(d);
    return product_broadcast(p, root, dims, {});
  }
  if (a == "dualcube-broadcast") return dualcube_broadcast(t, root);
  if (a == "rhfc-broadcast") return rhfc_broadcast(t, root);
  return greedy_broadcast(t, root);
}

Schedule make_broadcast(const Network& t, NodeId root, const std::string& algorithm) {
  const Rounds rounds = broadcast_rounds(t, root.v, algorithm);
  Schedule s;
  s.topology = t.spec();
  s.collective = Collective::broadcast(t.num_nodes(), root);
  s.model = PortModel::OnePort;
  s.algorithm = choose_algorithm(broadcast_names(t), algorithm, "broadcast", t);
  s.payloads.push_back(Payload::of_chunks({0}));
  s.steps.reserve(rounds.size());
  for (const auto& r : rounds) {
    Step st;
    st.transfers.reserve(r.size());
    for (const auto& [f, to] : r) st.transfers.push_back({NodeId(f), NodeId(to), 0});
    s.steps.push_back(std::move(st));
  }
  return s;
}

void merge_rounds(Rounds& dst, const Rounds& src, std::size_t offset) {
  if (dst.size() < offset + src.size()) dst.resize(offset + src.size());
  for (std::size_t i = 0; i < src.size(); ++i)
    dst[offset + i].insert(dst[offset + i].end(), src[i].begin(), src[i].end());
}

}  // namespace netsched
