#include "papers/papers.hpp"

#include "gen/algorithms.hpp"
#include "gen/topo/dualcube.hpp"
#include "gen/topo/hdn.hpp"
#include "gen/topo/hsn.hpp"
#include "gen/topo/mfc.hpp"
#include "gen/topo/network_product.hpp"
#include "gen/topo/product.hpp"
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

using Kind = Collective::Kind;

/// One algorithm's bound: the paper's formula for it, given the network and the collective.
struct BoundInfo {
  Kind kind;
  std::string_view algorithm;  ///< gen's algorithm table name
  std::optional<PaperBound> (*bound)(const Network&, const Collective&);
};

/// A nucleus's paper routing bound, by its family's default router: what the rhfc recursion
/// builds on.
std::optional<PaperBound> nucleus_routing(const Network& nucleus) {
  return routing_bound(nucleus, "auto");
}

std::optional<PaperBound> rhfc_routing(const Network& t, const Collective& /*c*/) {
  if (!network_as<Mfc>(t) && !network_as<Hsn>(t)) return std::nullopt;
  return papers::rhfc::recursion_bound(t, false, nucleus_routing);
}

/// One2allP, All2allB and Many2manyM (dualcube paper §3).
std::optional<PaperBound> dualcube_section3(const Network& t,
                                            std::optional<PaperBound> (*bound)(std::uint32_t r)) {
  const auto* d = network_as<Dualcube>(t);
  if (!d) return std::nullopt;
  return bound(d->r());
}

/// The papers' bounds, by the algorithm they bound (netsched's generic algorithms are in
/// papers/generic.cpp: stated bounds, not papers').
const std::vector<BoundInfo>& bound_table() {
  static const std::vector<BoundInfo> table = {
      {Kind::TotalExchange, "hdn",
       +[](const Network& t, const Collective&) -> std::optional<PaperBound> {
         const auto* h = network_as<Hdn>(t);
         return h ? papers::te2013::exchange_bound(*h) : std::nullopt;
       }},
      {Kind::TotalExchange, "a2",
       +[](const Network& t, const Collective&) -> std::optional<PaperBound> {
         if (const auto* q = network_as<NetworkProduct>(t))
           return papers::dimakopoulos::a2_bound(*q);
         if (const auto* p = network_as<Product>(t)) return papers::dimakopoulos::a2_bound(*p);
         return std::nullopt;
       }},
      {Kind::TotalExchange, "dimension-exchange",
       +[](const Network& t, const Collective&) -> std::optional<PaperBound> {
         const auto* p = network_as<Product>(t);
         if (!p || !p->is_hypercube()) return std::nullopt;
         return papers::te2013::cube_exchange_bound(*p);
       }},
      {Kind::Broadcast, "hdn-broadcast",
       +[](const Network& t, const Collective& c) -> std::optional<PaperBound> {
         const auto* h = network_as<Hdn>(t);
         if (!h) return std::nullopt;
         return papers::hdn2012::broadcast_bound(*h, c.root().v);
       }},
      {Kind::Broadcast, "binomial-tree",
       +[](const Network& t, const Collective&) -> std::optional<PaperBound> {
         const auto* p = network_as<Product>(t);
         if (!p) return std::nullopt;
         return PaperBound{p->dims(), "n (binomial tree)", "hypercube binomial tree (standard)",
                           std::nullopt};
       }},
      {Kind::Broadcast, "product-broadcast",
       +[](const Network& t, const Collective& c) -> std::optional<PaperBound> {
         const auto* p = network_as<Product>(t);
         if (!p) return std::nullopt;
         return papers::hdn2012::product_broadcast_bound(*p, c.root().v);
       }},
      {Kind::Broadcast, "dualcube-broadcast",
       +[](const Network& t, const Collective&) -> std::optional<PaperBound> {
         const auto* d = network_as<Dualcube>(t);
         if (!d) return std::nullopt;
         return papers::hdn2012::dualcube_broadcast_bound(d->r());
       }},
      {Kind::Broadcast, "rhfc-broadcast",
       +[](const Network& t, const Collective&) {
         return papers::rhfc::recursion_bound(t, true, nucleus_routing);
       }},
      {Kind::AllReduce, "rhfc-semigroup",
       +[](const Network& t, const Collective&) { return papers::rhfc::semigroup_bound(t); }},
      {Kind::Multicast, "rhs-emulation",
       +[](const Network& t, const Collective& c) -> std::optional<PaperBound> {
         if (c.groups().empty() || c.groups().front().size() != 2) return std::nullopt;
         return papers::rhfc::emulation_bound(t, c.groups().front());
       }},
      {Kind::AllGather, "all2allb",
       +[](const Network& t, const Collective&) {
         return dualcube_section3(t, papers::dualcube::all2allb_bound);
       }},
      {Kind::Multicast, "many2manym",
       +[](const Network& t, const Collective&) {
         return dualcube_section3(t, papers::dualcube::many2manym_bound);
       }},
      {Kind::Scatter, "one2allp",
       +[](const Network& t, const Collective&) {
         return dualcube_section3(t, papers::dualcube::one2allp_bound);
       }},
      {Kind::Route, "hdn-routing",
       +[](const Network& t, const Collective&) -> std::optional<PaperBound> {
         const auto* h = network_as<Hdn>(t);
         if (!h) return std::nullopt;
         return papers::hdn2012::routing_bound(*h);
       }},
      {Kind::Route, "dualcube-routing",
       +[](const Network& t, const Collective&) -> std::optional<PaperBound> {
         const auto* d = network_as<Dualcube>(t);
         if (!d) return std::nullopt;
         return papers::dualcube::routing_bound(d->r());
       }},
      {Kind::Route, "mfc-routing", rhfc_routing},
      {Kind::Route, "hfc-routing", rhfc_routing},
      {Kind::Route, "hsn-routing", rhfc_routing},
      {Kind::Route, "hypernet-routing",
       +[](const Network& t, const Collective&) {
         return papers::rhfc::hypernet_routing_bound(t);
       }},
  };
  return table;
}

/// One paper's facts about one family, by the family's name (gen's family table), in the order
/// `info` prints them.
struct FactsInfo {
  std::string_view family;
  std::vector<PaperFact> (*facts)(const Network&);
};

std::vector<PaperFact> hdn_facts(const Network& t) {
  return papers::hdn2012::facts(network_ref<Hdn>(t));
}

const std::vector<FactsInfo>& facts_table() {
  using namespace papers;
  static const std::vector<FactsInfo> table = {
      {"hdn", hdn_facts},
      {"rdn", hdn_facts},
      {"ccc", hdn2012::table2_facts},
      {"ccc", te2013::facts},
      {"dualcube", hdn2012::table2_facts},
      {"dualcube", dualcube::facts},
      {"torus", hdn2012::table2_facts},
      {"torus", dimakopoulos::facts},
      {"hypercube", hdn2012::table2_facts},
      {"hypercube", dualcube::facts},
      {"hypercube", dimakopoulos::facts},
      {"ring", dimakopoulos::facts},
      {"path", dimakopoulos::facts},
      {"complete", dimakopoulos::facts},
      {"mesh", dimakopoulos::facts},
      {"ghc", dimakopoulos::facts},
      {"product", dimakopoulos::facts},
      {"mfc", rhfc::facts},
      {"hfc", rhfc::facts},
      {"hsn", rhfc::facts},
      {"hypernet", rhfc::facts},
  };
  return table;
}

/// Every bound, before the payload sums of one-chunk collectives are filled in.
std::optional<PaperBound> collective_bound(const Network& t, const Collective& c,
                                           const std::string& algorithm) {
  if (auto b = papers::generic::bound(t, c, algorithm)) return b;
  for (const BoundInfo& row : bound_table())
    if (row.kind == c.kind() && row.algorithm == algorithm) return row.bound(t, c);
  return std::nullopt;
}

}  // namespace

std::vector<PaperFact> paper_facts(const Network& t) {
  std::vector<PaperFact> f;
  for (const FactsInfo& row : facts_table())
    if (row.family == t.family()) append(f, row.facts(t));
  return f;
}

std::optional<PaperBound> routing_bound(const Network& t, const std::string& algorithm) {
  const std::string name =
      algorithm == "auto" ? std::string(algorithms_for(t, "route").front()->name) : algorithm;
  return collective_bound(t, Collective::route(t.num_nodes(), NodeId(0), NodeId(0)), name);
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
  return b.source == papers::generic::kSource || b.source == papers::generic::kTextbookSource
             ? "stated bound"
             : "paper bound";
}

}  // namespace netsched
