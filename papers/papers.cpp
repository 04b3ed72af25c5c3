#include "papers/papers.hpp"

#include "gen/topo/dualcube.hpp"
#include "gen/topo/hdn.hpp"
#include "gen/topo/hsn.hpp"
#include "gen/topo/mfc.hpp"
#include "papers/dimakopoulos.hpp"
#include "papers/dualcube.hpp"
#include "papers/generic.hpp"
#include "papers/hdn2012.hpp"
#include "papers/rhfc.hpp"
#include "papers/te2013.hpp"

namespace netsched {
namespace {

void append(std::vector<PaperFact>& out, std::vector<PaperFact> more) {
  for (auto& f : more) out.push_back(std::move(f));
}

bool is_one_of(const std::string& s, std::initializer_list<const char*> names) {
  for (const char* n : names)
    if (s == n) return true;
  return false;
}

std::optional<PaperBound> exchange_bound(const Network& t, const std::string& algorithm) {
  if (const auto* h = dynamic_cast<const Hdn*>(&t); h && algorithm == "hdn")
    if (auto b = papers::te2013::exchange_bound(*h)) return b;
  if (const auto* q = dynamic_cast<const NetworkProduct*>(&t); q && algorithm == "a2")
    return papers::dimakopoulos::a2_bound(*q);
  const auto* p = dynamic_cast<const Product*>(&t);
  if (!p) return std::nullopt;
  if (algorithm == "a2") return papers::dimakopoulos::a2_bound(*p);
  if (algorithm == "dimension-exchange" && p->family() == "hypercube")
    return papers::te2013::cube_exchange_bound(*p);
  return std::nullopt;
}

std::optional<PaperBound> broadcast_bound(const Network& t, std::uint64_t root,
                                          const std::string& algorithm) {
  if (const auto* h = dynamic_cast<const Hdn*>(&t); h && algorithm == "hdn-broadcast")
    return papers::hdn2012::broadcast_bound(*h, root);
  if (const auto* p = dynamic_cast<const Product*>(&t)) {
    if (algorithm == "binomial-tree")
      return PaperBound{p->dims(), "n (binomial tree)", "hypercube binomial tree (standard)",
                        std::nullopt};
    if (algorithm == "product-broadcast") return papers::hdn2012::product_broadcast_bound(*p, root);
  }
  if (const auto* d = dynamic_cast<const Dualcube*>(&t); d && algorithm == "dualcube-broadcast")
    return papers::hdn2012::dualcube_broadcast_bound(d->r());
  if (algorithm == "rhfc-broadcast") return papers::rhfc::recursion_bound(t, true);
  return std::nullopt;
}

/// Every bound but routing's, before the payload sums of one-chunk collectives are filled in.
std::optional<PaperBound> collective_bound(const Network& t, const Collective& c,
                                           const std::string& algorithm) {
  if (auto b = papers::generic::bound(t, c, algorithm)) return b;
  switch (c.kind()) {
    case Collective::Kind::Route:
      return routing_bound(t, algorithm);
    case Collective::Kind::TotalExchange:
      return exchange_bound(t, algorithm);
    case Collective::Kind::Broadcast:
      return broadcast_bound(t, c.root().v, algorithm);
    case Collective::Kind::AllReduce:
      if (algorithm == "rhfc-semigroup") return papers::rhfc::semigroup_bound(t);
      break;
    case Collective::Kind::Multicast:
      if (algorithm == "rhs-emulation" && !c.groups().empty() && c.groups().front().size() == 2)
        return papers::rhfc::emulation_bound(t, c.groups().front());
      break;
    default:
      break;
  }
  if (const auto* d = dynamic_cast<const Dualcube*>(&t))
    return papers::dualcube::collective_bound(d->r(), c, algorithm);
  return std::nullopt;
}

}  // namespace

std::vector<PaperFact> paper_facts(const Network& t) {
  std::vector<PaperFact> f;
  if (const auto* h = dynamic_cast<const Hdn*>(&t))
    append(f, papers::hdn2012::facts(*h));
  else
    append(f, papers::hdn2012::table2_facts(t));
  append(f, papers::te2013::facts(t));
  append(f, papers::dualcube::facts(t));
  append(f, papers::rhfc::facts(t));
  append(f, papers::dimakopoulos::facts(t));
  return f;
}

std::optional<PaperBound> routing_bound(const Network& t, const std::string& algorithm) {
  if (const auto* h = dynamic_cast<const Hdn*>(&t);
      h && is_one_of(algorithm, {"hdn-routing", "auto"}))
    return papers::hdn2012::routing_bound(*h);
  if (const auto* d = dynamic_cast<const Dualcube*>(&t);
      d && is_one_of(algorithm, {"dualcube-routing", "auto"}))
    return papers::dualcube::routing_bound(d->r());
  if ((dynamic_cast<const Mfc*>(&t) || dynamic_cast<const Hsn*>(&t)) &&
      is_one_of(algorithm, {"auto", "mfc-routing", "hfc-routing", "hsn-routing"}))
    return papers::rhfc::recursion_bound(t, false);
  if (is_one_of(algorithm, {"auto", "hypernet-routing"}))
    if (auto b = papers::rhfc::hypernet_routing_bound(t)) return b;
  return std::nullopt;
}

std::optional<PaperBound> paper_bound(const Network& t, const Collective& c,
                                      const std::string& algorithm) {
  auto b = collective_bound(t, c, algorithm);
  // Broadcast and route move one chunk: the payload sum equals the steps.
  if (b && !b->payload_sum &&
      (c.kind() == Collective::Kind::Broadcast || c.kind() == Collective::Kind::Route))
    b->payload_sum = b->steps;
  return b;
}

std::string bound_kind(const PaperBound& b) {
  return b.source == papers::generic::kSource ? "stated bound" : "paper bound";
}

}  // namespace netsched
